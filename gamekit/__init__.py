"""gamekit: four tabletop card games to play, inspect, simulate and reason about.

>>> import gamekit
>>> gamekit.TITLES
('knock-knock', 'hats', 'boo-party', 'bloody-inn')
>>> "hats" in gamekit.all_titles()
True
>>> g = gamekit.new_game("knock-knock", players=3, seed=7)
>>> g.to_move
0

Heavy tools load on first use: ``gamekit.simulate`` and ``gamekit.ladder``
(pandas), ``gamekit.charts`` (Altair), ``gamekit.odds`` (SymPy),
``gamekit.widgets`` (anywidget).

Languages: English and French (``gamekit.set_language("fr")`` for the kernel,
``lang=`` on ``new_game`` and ``load_game`` for one game; see ``docs/api.md``).

Titles are plugins: installed packages announce theirs (entry-point group
``gamekit.titles``), and ``gamekit.register(MyRules())`` adds a game written in
a notebook cell (see ``notebooks/60-make-your-own-game.ipynb``).
"""

from __future__ import annotations

import importlib
from typing import Any

from gamekit import _aliases
from gamekit.core.actions import Action, Event
from gamekit.core.errors import BadRecord, ConfigError, GamekitError, IllegalAction
from gamekit.core.game import Game, load_game, new_game
from gamekit.core.i18n import LANGUAGES, get_language, language, set_language
from gamekit.core.names import Seat, seats
from gamekit.core.registry import installed_titles, register, rules_for, unregister
from gamekit.titles import LESSON_ORDER

_aliases.install()

TITLES: tuple[str, ...] = LESSON_ORDER
"""The kit's own four titles, in the order the lessons use them."""

__version__ = "0.1.0"

__all__ = [
    "LANGUAGES",
    "TITLES",
    "Action",
    "BadRecord",
    "ConfigError",
    "Event",
    "Game",
    "GamekitError",
    "IllegalAction",
    "Seat",
    "seats",
    "load_game",
    "new_game",
    "register",
    "rules_for",
    "simulate",
    "ladder",
    "all_titles",
    "unregister",
    "get_language",
    "language",
    "set_language",
]

_LAZY_MODULES = {"bots", "charts", "odds", "widgets", "simulation"}


def simulate(*args: Any, **kwargs: Any) -> Any:
    """Run many bot games and return a pandas table (see ``gamekit.simulation``)."""
    from gamekit.simulation import simulate as run

    return run(*args, **kwargs)


def ladder(*args: Any, **kwargs: Any) -> Any:
    """Rate bots by a seeded round robin: a ladder with intervals (see ``gamekit.ladder``)."""
    from gamekit.ladder import ladder as run

    return run(*args, **kwargs)


def all_titles() -> list[str]:
    """Every title you can play now: the kit's four in lesson order, then the others.

    The others are titles installed as plugins and games registered with
    :func:`register`, sorted by key.
    """
    others = sorted(t for t in installed_titles() if t not in TITLES)
    return [t for t in TITLES if t in installed_titles()] + others


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return importlib.import_module(f"gamekit.{name}")
    raise AttributeError(f"module 'gamekit' has no attribute {name!r}")
