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
    from gamekit.core.rules import Rules

View = dict[str, Any]


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
        return legal[self.rng.below(len(legal))]


BotFactory = Callable[..., Bot]
_COMMON: dict[str, BotFactory] = {"random": RandomBot}

SEARCH = "search"
"""The generic search bot (:mod:`gamekit.search`): every title with a sampler."""
BEST = "best"
"""An alias: the strongest bot of a title (see :func:`best`)."""
SEARCH_ABOVE: dict[str, str] = {}
"""Title -> the strongest bot the search bot beats, for titles whose bots module does
not say it itself (a title's ``bots.py`` sets ``SEARCH_ABOVE`` to a bot name, as
measured by ``benchmarks/bots.py``). A title in neither place gets the search bot
just above ``random``.

Measured (seat rotated, default budgets): Knock! Knock! against 3 greedy
0.41, 0.44 and 0.36 (100 games each, seeds 1, 3 and 4; seed 4 was not used
for tuning; greedy itself 0.30);
Hats against greedy 0.75 and 0.725; Boo Party! against 3 memory bots 0.53
(memory itself 0.75, random 0.00); The Bloody Inn against innkeeper 0 of 20,
against random 10 of 10."""


def available(title: str) -> list[str]:
    """The bots ``title`` defines, and ``random``, sorted (without the generic ones).

    :func:`make` also knows ``"search"`` and ``"best"``; :func:`names` lists all.
    """
    return sorted({**_COMMON, **_title_bots(title)})


def names(title: str) -> list[str]:
    """Every bot of ``title`` from weakest to strongest (``"best"`` is the last one).

    ``random`` first, then the title's ``BOTS`` in their order, with the generic
    search bot placed where its measured strength puts it.

    >>> names("knock-knock")
    ['random', 'greedy', 'search', 'planner']
    """
    ladder = ["random", *(n for n in _title_bots(title) if n not in ("random", SEARCH))]
    above = getattr(_bots_module(title), "SEARCH_ABOVE", None) or SEARCH_ABOVE.get(title)
    ladder.insert(ladder.index(above) + 1 if above in ladder else 1, SEARCH)
    return ladder


def best(title: str) -> str:
    """The name ``"best"`` stands for: the title module's ``BEST``, else the last of :func:`names`.

    >>> best("hats")
    'search'
    """
    chosen: str | None = getattr(_bots_module(title), "BEST", None)
    return chosen or names(title)[-1]


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
    if name == BEST:
        name = best(title)
    factories = {**_COMMON, **_title_bots(title)}
    if name == SEARCH and SEARCH not in factories:
        return _search_factory(title)
    if name not in factories:
        known = ", ".join(sorted([*factories, SEARCH, BEST]))
        raise ValueError(f"no bot {name!r} for {title}; choose from {known}")
    return factories[name]


def _search_factory(title: str) -> BotFactory:
    """The search bot, once the title is known to have a sampler (else ``NoSampler``)."""
    from gamekit.core.registry import rules_for
    from gamekit.search import SearchBot, check_sampler

    check_sampler(rules_for(title))
    return SearchBot


def _bots_module(title: str) -> Any:
    """The title's bots module (next to its rules), or ``None`` when it has none."""
    return rules_for(title).title_module("bots")


def _title_bots(title: str) -> dict[str, BotFactory]:
    """The title's own bots (its ``Rules.bots()``), weakest first."""
    return dict(rules_for(title).bots())
