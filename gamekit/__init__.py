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
``gamekit.widgets`` (anywidget), ``gamekit.explore`` (SymPy, ipywidgets, Altair).

Languages: English and French (``gamekit.set_language("fr")`` for the kernel,
``lang=`` on ``new_game`` and ``load_game`` for one game; see ``docs/api.md``).

Titles are plugins: installed packages announce theirs (entry-point group
``gamekit.titles``), and ``gamekit.register(MyRules())`` adds a game written in
a notebook cell (see ``notebooks/60-make-your-own-game.ipynb``).
"""

from __future__ import annotations

import importlib
import sys as _sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamekit import _aliases
from gamekit.core.actions import Action, Event
from gamekit.core.errors import BadRecord, ConfigError, GamekitError, IllegalAction
from gamekit.core.game import Game, load_game, new_game
from gamekit.core.i18n import LANGUAGES, get_language, language, set_language
from gamekit.core.names import Seat, seats
from gamekit.core.registry import installed_titles, register, rules_for, unregister
from gamekit.rows import table_of
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
    "load_games",
    "ladder",
    "all_titles",
    "unregister",
    "get_language",
    "language",
    "set_language",
    "export_html",
    "explore",
    "table_of",
]

_LAZY_MODULES = {"bots", "charts", "odds", "widgets", "simulation", "explorers"}


class _Lazy:
    """A function of a heavier module, imported on its first call: ``import gamekit`` stays
    light, and the function still shows its real signature and doc (``inspect``, IPython's
    ``?``). Type checkers and editors read the real function (see below)."""

    def __init__(self, load: Callable[[], Callable[..., Any]], name: str) -> None:
        self._load = load
        self._function: Callable[..., Any] | None = None
        self.__name__ = self.__qualname__ = name
        self.__module__ = "gamekit"

    @property
    def _real(self) -> Callable[..., Any]:
        if self._function is None:
            self._function = self._load()
        return self._function

    @property
    def __doc__(self) -> str | None:  # type: ignore[override]
        return self._real.__doc__

    @property
    def __signature__(self) -> Any:
        import inspect

        return inspect.signature(self._real)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._real(*args, **kwargs)

    def __repr__(self) -> str:
        return f"<function gamekit.{self.__name__}>"


def _simulate() -> Callable[..., Any]:
    from gamekit.simulation import simulate as run

    return run


def load_games(*args: Any, **kwargs: Any) -> Any:
    """The class's saved games as simulate's table, with who played each seat (see
    ``gamekit.teacher.games``)."""
    from gamekit.teacher.games import load_games as load

    return load(*args, **kwargs)


def _export_html() -> Callable[..., Any]:
    from gamekit.export import export_html as run

    return run


def _explore() -> Callable[..., Any]:
    from gamekit.explorers import explore as run

    return run


def _ladder() -> Callable[..., Any]:
    from gamekit.ladder import ladder as run

    return run


if TYPE_CHECKING:
    from gamekit.explorers import explore as explore
    from gamekit.export import export_html as export_html
    from gamekit.ladder import ladder as ladder
    from gamekit.simulation import simulate as simulate
else:
    simulate = _Lazy(_simulate, "simulate")
    """Run many bot games and return a pandas table (``gamekit.simulation.simulate``)."""
    ladder = _Lazy(_ladder, "ladder")
    """Rate bots by a seeded round robin (``gamekit.ladder.ladder``)."""
    export_html = _Lazy(_export_html, "export_html")
    """A whole game as one offline HTML page (``gamekit.export.export_html``)."""
    explore = _Lazy(_explore, "explore")
    """A what-if widget: sliders, the exact value, a growing simulation
    (``gamekit.explorers.explore``)."""


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


if _sys.platform == "emscripten":  # the browser build: the site's packages load on import
    from gamekit import browser as _browser

    _browser.install()
