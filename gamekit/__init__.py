"""gamekit: four tabletop card games to play, inspect, simulate and reason about.

>>> import gamekit
>>> gamekit.TITLES
('knock-knock', 'hats', 'boo-party', 'bloody-inn')
>>> g = gamekit.new_game("knock-knock", players=3, seed=7)
>>> g.to_move
0

Heavy tools load on first use: ``gamekit.simulate`` (pandas), ``gamekit.charts``
(Altair), ``gamekit.odds`` (SymPy), ``gamekit.widgets`` (anywidget).
"""

from __future__ import annotations

import importlib
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import BadRecord, ConfigError, GamekitError, IllegalAction
from gamekit.core.game import Game, load_game, new_game
from gamekit.core.registry import TITLES, rules_for

__version__ = "0.1.0"

__all__ = [
    "TITLES",
    "Action",
    "BadRecord",
    "ConfigError",
    "Event",
    "Game",
    "GamekitError",
    "IllegalAction",
    "load_game",
    "new_game",
    "rules_for",
    "simulate",
]

_LAZY_MODULES = {"bots", "charts", "odds", "widgets", "simulation"}


def simulate(*args: Any, **kwargs: Any) -> Any:
    """Run many bot games and return a pandas table (see ``gamekit.simulation``)."""
    from gamekit.simulation import simulate as run

    return run(*args, **kwargs)


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return importlib.import_module(f"gamekit.{name}")
    raise AttributeError(f"module 'gamekit' has no attribute {name!r}")
