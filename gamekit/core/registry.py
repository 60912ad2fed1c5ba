"""Which titles exist and where their rules live (imported lazily)."""

from __future__ import annotations

import importlib
from typing import Any

from gamekit.core.errors import ConfigError
from gamekit.core.rules import Rules

TITLES: tuple[str, ...] = ("knock-knock", "hats", "boo-party", "bloody-inn")
"""Every title of the kit, in the order the lessons use."""

MODULES: dict[str, str] = {
    "knock-knock": "gamekit.games.knock_knock",
    "hats": "gamekit.games.hats",
    "boo-party": "gamekit.games.boo_party",
    "bloody-inn": "gamekit.games.bloody_inn",
}


def check_title(title: str) -> str:
    """Return ``title`` if known, else raise a ``ValueError`` listing the known titles."""
    if title not in MODULES:
        known = ", ".join(TITLES)
        raise ConfigError(f"unknown title {title!r}; the kit has: {known}")
    return title


def game_module(title: str) -> Any:
    """The module of a title's rules."""
    return importlib.import_module(MODULES[check_title(title)])


def rules_for(title: str) -> Rules[Any]:
    """The ``Rules`` object of a title (its module's ``RULES``)."""
    rules: Rules[Any] = game_module(title).RULES
    return rules
