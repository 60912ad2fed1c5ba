"""The players' protocol: what the engine, the lean path and the table ask of a player.

A player is a :class:`Bot`: it chooses one legal action, from its seat's view
(``act``) or, for a search bot, from the state read only through the title's
sampler (``act_on_state``). The bots themselves live above the core
(:mod:`gamekit.bots`, each title's ``bots.py``); this module is the contract
they share, so the core names nothing above it.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=3, seed=2)
>>> RandomBot(seed=1).choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.core.actions import Action
from gamekit.core.rng import KeyedRng

if TYPE_CHECKING:
    from gamekit.core.game import Game
    from gamekit.core.rules import Rules

View = dict[str, Any]
"""What a seat may know: ``Rules.view(state, seat)``."""

SEARCH = "search"
"""The generic search bot (:mod:`gamekit.search`): every title with a sampler."""
BEST = "best"
"""An alias: the strongest bot of a title (see :func:`gamekit.bots.best`)."""
DEMO = "demo"
"""The search bot at its title's demo budget, for lessons where time matters
(see :func:`gamekit.bots.demo_budget`)."""


class Bot:
    """A player. Subclasses override :meth:`act`; set ``needs_view = False`` when unused.

    A bot is made for one seat of one game: bots with memory keep it between calls.
    A bot with ``needs_state = True`` (a search bot) overrides :meth:`act_on_state`
    instead: it is handed the state, and must read it only through the title's
    sampler (:meth:`gamekit.core.rules.Rules.sample_hidden`), so it still decides
    from what its seat knows.
    """

    name = "bot"
    needs_view = True
    needs_state = False

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = KeyedRng(seed)

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` knowing only ``view`` (the deciding seat's view)."""
        raise NotImplementedError

    def act_on_state(self, rules: Rules[Any], state: Any, legal: Sequence[Action]) -> Action:
        """Choose for ``rules.to_move(state)`` (bots with ``needs_state``; never changes it)."""
        raise NotImplementedError

    def choose(self, game: Game) -> Action:
        """Choose for ``game.to_move`` through the full API (its view only)."""
        if self.needs_state:
            return self.act_on_state(game.rules, game.state, game.legal_actions())
        view = game.view(game.to_move) if self.needs_view else None
        return self.act(view, game.legal_actions())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seed={self.seed}>"


class RandomBot(Bot):
    """Picks uniformly among the legal actions (works for every title)."""

    name = "random"
    needs_view = False

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)  # legal[self.rng.below(len(legal))], in one call


BotFactory = Callable[..., Bot]
"""Makes a bot: ``factory(seed=..., **params)`` (a ``Bot`` subclass is one)."""


def simple_factory(rules: Rules[Any], name: str) -> BotFactory:
    """The factory of a simple bot ``name`` of ``rules``: ``"random"`` or one of its own.

    >>> import gamekit
    >>> simple_factory(gamekit.rules_for("hats"), "random") is RandomBot
    True
    """
    factories: dict[str, BotFactory] = {"random": RandomBot, **rules.bots()}
    if name not in factories:
        raise ValueError(f"no bot {name!r} for {rules.title}; choose from {sorted(factories)}")
    return factories[name]
