"""Bots: players that choose an action from their own seat's view only.

>>> import gamekit
>>> from gamekit import bots
>>> g = gamekit.new_game("knock-knock", players=3, seed=2)
>>> bot = bots.make("knock-knock", "random", seed=1)
>>> bot.choose(g) in g.legal_actions()
True
"""

from __future__ import annotations

import difflib
import functools
import inspect
from typing import Any

from gamekit.core.players import BEST, DEMO, SEARCH, Bot, BotFactory, RandomBot, View
from gamekit.core.registry import rules_for
from gamekit.core.strict import preview
from gamekit.search import SearchBot, check_sampler

__all__ = [
    "BEST",
    "DEMO",
    "SEARCH",
    "SEARCH_ABOVE",
    "Bot",
    "BotFactory",
    "RandomBot",
    "View",
    "available",
    "best",
    "demo_budget",
    "factory",
    "make",
    "names",
]

_COMMON: dict[str, BotFactory] = {"random": RandomBot}

SEARCH_ABOVE: dict[str, str] = {}
"""Title -> the strongest bot the search bot beats, for titles whose bots module does
not say it itself (a title's ``bots.py`` sets ``SEARCH_ABOVE`` to a bot name). A title
in neither place gets the search bot just above ``random``. Where the search bot
stands is measured, not assumed: ``python benchmarks/bots.py --bot search`` plays
it against Knock! Knock!'s and Hats' greedy bots, and :func:`gamekit.ladder` rates
it against any title's bots."""


def available(title: str) -> list[str]:
    """The bots ``title`` defines, and ``random``, sorted (without the generic ones).

    :func:`make` also knows ``"search"``, ``"best"`` and ``"demo"``; :func:`names`
    lists all but the aliases ``"best"`` and ``"demo"``.
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


def demo_budget(title: str) -> int:
    """The budget of ``"demo"``, the search bot for lessons where time matters: the
    title's ``search_defaults.demo_budget`` (else its full ``budget``).

    ``make(title, "demo")`` is ``make(title, "search", budget=demo_budget(title))``;
    its measured strength and speed are in docs/performance.md
    (``benchmarks/bots.py --bot demo``).

    >>> demo_budget("hats")
    1500
    """
    defaults = rules_for(title).search_defaults
    return defaults.demo_budget or defaults.budget


def make(title: str, name: str | type[Bot] = "random", seed: int = 0, **params: Any) -> Bot:
    """A new bot ``name`` (or your own ``Bot`` subclass) for ``title``; ``params`` tune it.

    Raises ``ValueError`` listing the bots that exist, or naming a parameter the
    bot does not take (and the closest one it takes).

    >>> make("hats", "random", sede=1)
    Traceback (most recent call last):
    ...
    ValueError: the bot 'random' takes no parameter 'sede'; did you mean 'seed'? It takes: seed
    """
    made = factory(title, name)
    _check_params(made, name, params)
    return made(seed=seed, **params)


def _check_params(made: BotFactory, name: object, params: dict[str, Any]) -> None:
    """``ValueError`` for a parameter ``made`` does not take (a typo gets the closest one)."""
    try:
        signature = inspect.signature(made)
    except (TypeError, ValueError):  # a factory without a readable signature: let it judge
        return
    kinds = [p.kind for p in signature.parameters.values()]
    if inspect.Parameter.VAR_KEYWORD in kinds:
        return
    takes = [
        p.name
        for p in signature.parameters.values()
        if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    ]
    shown = name.__name__ if isinstance(name, type) else name
    for key in params:
        if key not in takes:
            close = difflib.get_close_matches(key, takes, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else "."
            raise ValueError(
                f"the bot {shown!r} takes no parameter {key!r}{hint} "
                f"It takes: {', '.join(takes) or 'nothing'}"
            )


def factory(title: str, name: str | type[Bot]) -> BotFactory:
    """The callable :func:`make` uses for ``name``: look it up once to make many bots.

    ``name`` may also be your own ``Bot`` subclass, which is its own factory.
    Raises ``ValueError`` listing the bots that exist.
    """
    if isinstance(name, type) and issubclass(name, Bot):
        return name
    if not isinstance(name, str):
        raise ValueError(
            f"a bot is named by a text or given as a Bot subclass, not {preview(name)}; "
            f"choose from {', '.join(names(title))}"
        )
    if name == BEST:
        name = best(title)
    if name == DEMO:
        return functools.partial(_search_factory(title), budget=demo_budget(title))
    factories = {**_COMMON, **_title_bots(title)}
    if name == SEARCH and SEARCH not in factories:
        return _search_factory(title)
    if name not in factories:
        known = ", ".join(sorted([*factories, SEARCH, BEST, DEMO]))
        raise ValueError(f"no bot {name!r} for {title}; choose from {known}")
    return factories[name]


def _search_factory(title: str) -> BotFactory:
    """The search bot, once the title is known to have a sampler (else ``NoSampler``)."""
    check_sampler(rules_for(title))
    return SearchBot


def _bots_module(title: str) -> Any:
    """The title's bots module (next to its rules), or ``None`` when it has none."""
    return rules_for(title).title_module("bots")


def _title_bots(title: str) -> dict[str, BotFactory]:
    """The title's own bots (its ``Rules.bots()``), weakest first."""
    return dict(rules_for(title).bots())
