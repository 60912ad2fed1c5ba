"""Which titles exist: plugins found through entry points, and games registered at run time.

The core knows no title. A title is a :class:`~gamekit.core.rules.Rules` instance
that an installed package announces in the entry-point group ``gamekit.titles``
(the name is the title key, the value points at the instance), or that a notebook
hands to :func:`register`. The kit's own four titles are announced the same way in
its ``pyproject.toml``:

.. code-block:: toml

    [project.entry-points."gamekit.titles"]
    knock-knock = "gamekit.titles.knock_knock.rules:RULES"

A plugin is imported only when its title is first used, and one that is broken
never stops another title from loading: using it raises a ``ConfigError`` that
says what is wrong.

>>> from gamekit.core.registry import installed_titles
>>> "hats" in installed_titles()
True
"""

from __future__ import annotations

import importlib
import re
from importlib import metadata
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import CORE
from gamekit.core.rules import TABLE_FEATURES, Rules, SearchDefaults

GROUP = "gamekit.titles"
"""The entry-point group that announces titles."""

TITLE_KEY = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")
"""A title key: lower-case words joined by hyphens, such as ``"knock-knock"``."""

MAX_KEY_LENGTH = 40

_registered: dict[str, Rules[Any]] = {}
"""Titles registered at run time (for as long as the kernel runs)."""
_loaded: dict[str, Rules[Any]] = {}
"""Plugins already imported and checked."""
_entry_points: dict[str, str] | None = None
"""Title key -> ``"module:attribute"`` of every announced plugin (read once)."""


# -- finding titles -------------------------------------------------------------------
def _announced() -> dict[str, str]:
    """Title key -> entry-point value, for every installed package that announces one."""
    global _entry_points
    if _entry_points is None:
        found: dict[str, str] = {}
        for point in metadata.entry_points(group=GROUP):
            found.setdefault(point.name, point.value)
        _entry_points = found
    return _entry_points


def refresh() -> None:
    """Read the installed plugins again (after installing one into a running kernel)."""
    global _entry_points
    _entry_points = None
    _loaded.clear()


def installed_titles() -> list[str]:
    """Every title that can be played now: installed plugins, then registered games."""
    keys = list(_announced())
    keys += [key for key in _registered if key not in keys]
    return keys


def check_title(title: object) -> str:
    """Return ``title`` if it names a playable title, else raise a ``ConfigError``.

    The message lists the titles that exist.
    """
    if isinstance(title, str) and (title in _registered or title in _announced()):
        return title
    known = ", ".join(installed_titles()) or "none"
    shown = repr(title) if len(repr(title)) <= 60 else repr(title)[:57] + "..."
    raise ConfigError(str(CORE("unknown title {shown}; the titles installed are: {known}",
                               shown=shown, known=known)))  # fmt: skip


def rules_for(title: str) -> Rules[Any]:
    """The ``Rules`` of ``title`` (imported and checked on first use)."""
    title = check_title(title)
    if title in _registered:
        return _registered[title]
    if title not in _loaded:
        _loaded[title] = _load_plugin(title, _announced()[title])
    return _loaded[title]


def _load_plugin(title: str, target: str) -> Rules[Any]:
    module_name, _, attribute = target.partition(":")
    try:
        found: Any = importlib.import_module(module_name)
        for part in filter(None, attribute.split(".")):
            found = getattr(found, part)
    except Exception as err:  # a broken plugin must not take the kit down
        raise ConfigError(
            f"the title {title!r} could not be loaded from {target!r}: {type(err).__name__}: {err}"
        ) from err
    problems = contract_problems(found, title)
    if problems:
        raise ConfigError(f"the title {title!r} from {target!r} is broken: " + "; ".join(problems))
    rules: Rules[Any] = found
    return rules


# -- registering a game from a notebook --------------------------------------------------
def register(rules: Rules[Any]) -> str:
    """Make ``rules`` (an instance of your ``Rules`` subclass) playable everywhere.

    It then works with ``new_game``, ``load_game``, the random bot, ``simulate``,
    the conformance checker, the table and the CLI, for as long as the kernel
    runs. Running the cell again replaces your earlier version; a key that an
    installed title already uses is refused. Returns the title key.

    Raises ``ConfigError`` naming every part of the contract that is missing.
    """
    if isinstance(rules, type) and issubclass(rules, Rules):
        missing = _missing_methods(rules)
        raise ConfigError(
            f"register an instance, not the class: gamekit.register({rules.__name__}())"
            + ("; and first write its " + ", ".join(missing) if missing else "")
        )
    problems = contract_problems(rules, None)
    if problems:
        raise ConfigError("this game cannot be registered: " + "; ".join(problems))
    title: str = rules.title
    if title in _announced():
        raise ConfigError(
            f"the title {title!r} is taken by an installed game; choose another 'title'"
        )
    _registered[title] = rules
    return title


def unregister(title: str) -> None:
    """Forget a game registered with :func:`register` (installed titles stay)."""
    if title not in _registered:
        raise ConfigError(f"{title!r} was not registered with gamekit.register")
    del _registered[title]


def registered_module(title: str) -> str | None:
    """``"module:attribute"`` of an installed title, ``None`` for one registered at run time."""
    check_title(title)
    return None if title in _registered else _announced()[title]


# -- the contract -------------------------------------------------------------------------
_CLASS_FIELDS: dict[str, type | tuple[type, ...]] = {
    "title": str,
    "name": str,
    "min_players": int,
    "max_players": int,
    "default_players": int,
    "action_types": tuple,
}


def contract_problems(rules: object, expected_title: str | None) -> list[str]:
    """Every way ``rules`` breaks the ``Rules`` contract, in plain words (empty: fine)."""
    if isinstance(rules, type) and issubclass(rules, Rules):
        return [f"it is the class {rules.__name__}, not an instance: point at {rules.__name__}()"]
    if not isinstance(rules, Rules):
        return [f"expected an instance of a gamekit Rules subclass, got {type(rules).__name__}"]
    problems = _missing_methods(rules) + _bad_fields(rules) + _bad_features(rules)
    title = getattr(rules, "title", None)
    if isinstance(title, str) and not _good_key(title):
        problems.append(
            f"title {title[:60]!r} must be lower-case words joined by hyphens, "
            f"at most {MAX_KEY_LENGTH} characters (like 'my-game')"
        )
    if expected_title is not None and title != expected_title:
        problems.append(f"its title is {title!r} but it is announced as {expected_title!r}")
    return problems


def _missing_methods(rules: Rules[Any] | type[Rules[Any]]) -> list[str]:
    """The contract's methods that ``rules`` (an instance or a class) lacks or has replaced
    by something that is not a method (such as ``view = None``)."""
    kind = rules if isinstance(rules, type) else type(rules)
    missing = set(getattr(kind, "__abstractmethods__", ()))
    missing |= {name for name in Rules.__abstractmethods__ if not callable(getattr(kind, name))}
    return [f"method {name}() is missing" for name in sorted(missing)]


def _bad_fields(rules: Rules[Any]) -> list[str]:
    problems = []
    for field, kind in _CLASS_FIELDS.items():
        value = getattr(rules, field, None)
        if not isinstance(value, kind) or isinstance(value, bool):
            problems.append(f"class attribute {field!r} must be set (a {_kind_name(kind)})")
    if not problems:
        low, default, high = rules.min_players, rules.default_players, rules.max_players
        if not 1 <= low <= default <= high:
            problems.append(
                "players must satisfy 1 <= min_players <= default_players <= max_players"
            )
        if not rules.action_types or not all(
            isinstance(t, type) and issubclass(t, Action) for t in rules.action_types
        ):
            problems.append("action_types must list your Action subclasses")
    return problems


def _bad_features(rules: Rules[Any]) -> list[str]:
    """What is wrong with the title's features (``sides``, ``table_features``,
    ``search_defaults``), in plain words."""
    problems = []
    sides = rules.sides
    if sides is not None and not (
        isinstance(sides, tuple)
        and len(sides) == 2
        and all(isinstance(side, str) and side for side in sides)
        and sides[0] != sides[1]
    ):
        problems.append(f"sides must be None or two different names, not {sides!r:.60}")
    features = rules.table_features
    if not isinstance(features, frozenset | set) or not features <= TABLE_FEATURES:
        known = ", ".join(sorted(TABLE_FEATURES))
        problems.append(f"table_features must be a frozenset of {known}, not {features!r:.60}")
    if not isinstance(rules.search_defaults, SearchDefaults):
        problems.append("search_defaults must be a gamekit.core.rules.SearchDefaults")
    return problems


def _kind_name(kind: type | tuple[type, ...]) -> str:
    return kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)


def _good_key(title: str) -> bool:
    return len(title) <= MAX_KEY_LENGTH and TITLE_KEY.match(title) is not None
