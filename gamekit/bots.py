"""Bots: players that choose an action from their own seat's view only.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("knock-knock", players=3, seed=2)
>>> bot = bots.make("knock-knock", "random", seed=1)
>>> bot.choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.core.actions import Action
from gamekit.core.registry import rules_for
from gamekit.core.rng import KeyedRng

if TYPE_CHECKING:
    from gamekit.core.game import Game

View = dict[str, Any]


class Bot:
    """A player. Subclasses override :meth:`act`; set ``needs_view = False`` when unused.

    A bot is made for one seat of one game: bots with memory keep it between calls.
    """

    name = "bot"
    needs_view = True

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = KeyedRng(seed)

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` knowing only ``view`` (the deciding seat's view)."""
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        """Choose for ``game.to_move`` through the full API (its view only)."""
        view = game.view(game.to_move) if self.needs_view else None
        return self.act(view, game.legal_actions())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions (works for every title)."""

    name = "random"
    needs_view = False

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        return legal[self.rng.below(len(legal))]


BotFactory = Callable[..., Bot]
_COMMON: dict[str, BotFactory] = {"random": RandomBot}


def available(title: str) -> list[str]:
    """The bot names that :func:`make` knows for ``title``."""
    return sorted({**_COMMON, **_title_bots(title)})


def make(title: str, name: str | type[Bot] = "random", seed: int = 0, **params: Any) -> Bot:
    """A new bot ``name`` (or your own ``Bot`` subclass) for ``title``; ``params`` tune it.

    Raises ``ValueError`` listing the bots that exist.
    """
    return factory(title, name)(seed=seed, **params)


def factory(title: str, name: str | type[Bot]) -> BotFactory:
    """The callable :func:`make` uses for ``name``: look it up once to make many bots.

    ``name`` may also be your own ``Bot`` subclass, which is its own factory.
    Raises ``ValueError`` listing the bots that exist.
    """
    if isinstance(name, type) and issubclass(name, Bot):
        return name
    factories = {**_COMMON, **_title_bots(title)}
    if name not in factories:
        raise ValueError(f"no bot {name!r} for {title}; choose from {', '.join(sorted(factories))}")
    return factories[name]


def _title_bots(title: str) -> dict[str, BotFactory]:
    """The title's own bots (its ``Rules.bots()``), weakest first."""
    return dict(rules_for(title).bots())
