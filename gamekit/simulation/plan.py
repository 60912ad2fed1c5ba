"""The plan of a run: checked arguments frozen into what a worker needs, and its chunks.

>>> plan = make_plan("knock-knock", 3, "random", 1, {})
>>> plan.players, plan.labels
(3, ('random', 'random', 'random'))
>>> RunOptions(games=10, workers=1).games
10
"""

from __future__ import annotations

import difflib
import math
import os
import sys
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit import bots as bots_module
from gamekit.core import registry
from gamekit.core.errors import ConfigError
from gamekit.core.rules import Rules
from gamekit.core.strict import MAX_SEED, preview, whole_number

MAX_CHUNK = 1000
"""Most games in one chunk (one task for a worker)."""

BACKENDS = ("processes", "dask")
"""Where the chunks of a run are played."""

BotName = str | type[bots_module.Bot]
BotSpec = BotName | tuple[BotName, Mapping[str, Any]]
"""A bot name, your own ``Bot`` subclass, or ``(name, params)`` such as
``("memory", {"p": 0.5})``. A subclass defined in a notebook cell works with any
number of workers and any start method (it travels by value, with cloudpickle)."""

Bound = tuple[int, int]
"""Games ``start`` to ``stop - 1`` of a run."""


@dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play a chunk of games (picklable)."""

    title: str
    source: str | Rules[Any]
    """Where a worker finds the rules: ``"module:attribute"`` of an installed title, or
    the rules object itself for a game registered at run time."""
    players: int
    options: Mapping[str, Any]
    bots: tuple[tuple[BotName, tuple[tuple[str, Any], ...]], ...]
    labels: tuple[str, ...]
    seed: int
    aggregate: bool = False

    def rules(self) -> Rules[Any]:
        """The title's rules (a fresh worker registers a game registered at run time again)."""
        if isinstance(self.source, Rules) and self.title not in registry.installed_titles():
            registry.register(self.source)
        return registry.rules_for(self.title)


def make_plan(
    title: str,
    players: int | None,
    bots: BotSpec | Sequence[BotSpec] | None,
    seed: int,
    options: Mapping[str, Any],
    aggregate: bool = False,
) -> Plan:
    """Check the arguments of a run and freeze them into a :class:`Plan`.

    Bad titles, player counts, options or bot names raise ``ValueError``.

    >>> plan = make_plan("knock-knock", 3, "random", 1, {})
    >>> plan.players, plan.labels
    (3, ('random', 'random', 'random'))
    """
    rules = registry.rules_for(title)
    if not (whole_number(seed) and 0 <= seed <= MAX_SEED):
        raise ConfigError(f"seed must be a whole number from 0 to 2**64 - 1, not {preview(seed)}")
    source = registry.registered_module(title) or rules
    config = rules.make_config(players, dict(options))
    specs = tuple(
        (bots_module.best(title) if name == bots_module.BEST else name, params)
        for name, params in _bot_specs(bots, int(config.players))
    )
    for name, params in specs:
        bots_module.make(title, name, seed=0, **dict(params))
    labels = tuple(_label(name, params) for name, params in specs)
    return Plan(title, source, int(config.players), dict(options), specs, labels, seed, aggregate)


def _bot_specs(
    bots: BotSpec | Sequence[BotSpec] | None, players: int
) -> tuple[tuple[BotName, tuple[tuple[str, Any], ...]], ...]:
    if bots is None:
        bots = "random"
    listed: list[Any]
    if _is_name(bots) or (isinstance(bots, tuple) and _is_spec_pair(bots)):
        listed = [bots] * players
    else:
        listed = list(bots)  # type: ignore[arg-type]
    if len(listed) != players:
        raise ConfigError(f"give one bot per seat: {players} players but {len(listed)} bots")
    return tuple(_one_spec(item) for item in listed)


def _is_name(item: Any) -> bool:
    return isinstance(item, str) or (isinstance(item, type) and issubclass(item, bots_module.Bot))


def _is_spec_pair(item: Any) -> bool:
    return len(item) == 2 and _is_name(item[0]) and isinstance(item[1], Mapping)


def _one_spec(item: Any) -> tuple[BotName, tuple[tuple[str, Any], ...]]:
    if _is_name(item):
        return item, ()
    if isinstance(item, tuple) and _is_spec_pair(item):
        return item[0], tuple(sorted(item[1].items()))
    raise ConfigError(f"a bot is a name or (name, params), not {item!r}")


def _label(name: BotName, params: tuple[tuple[str, Any], ...]) -> str:
    if not isinstance(name, str):
        name = name.name if name.name != bots_module.Bot.name else name.__name__
    if not params:
        return name
    return f"{name}({', '.join(f'{k}={v}' for k, v in params)})"


def chunk_size_for(games: int, chunk_size: int | None = None) -> int:
    """The games in one chunk: ``chunk_size`` if given, else a size that depends on ``games`` only.

    >>> chunk_size_for(10, 4), chunk_size_for(100), chunk_size_for(10**12)
    (4, 2, 1000)
    """
    return chunk_size or max(1, min(MAX_CHUNK, math.ceil(games / 64)))


def iter_bounds(games: int, chunk_size: int | None = None) -> Iterator[tuple[int, int]]:
    """The chunks of ``range(games)``, planned one at a time (any ``games`` fits in memory)."""
    size = chunk_size_for(games, chunk_size)
    for start in range(0, games, size):
        yield start, min(start + size, games)


def chunk_bounds(games: int, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """Cut ``range(games)`` into chunks; the size depends on ``games`` only.

    A run plans its chunks lazily with :func:`iter_bounds`; this lists them.

    >>> chunk_bounds(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    return list(iter_bounds(games, chunk_size))


def in_browser() -> bool:
    """Whether this is the browser build's kernel (Pyodide: no worker processes)."""
    return sys.platform == "emscripten"


def worker_count(workers: int | None, games: int, chunk_size: int | None = None) -> int:
    """The processes a run starts: what was asked, capped by the chunks and the cores;
    in the browser build always 1 (the kernel's own process), whatever was asked.

    >>> worker_count(24, 4) <= min(4, local_cores())
    True
    """
    if in_browser():
        return 1
    chunks = -(-games // chunk_size_for(games, chunk_size))
    asked = local_cores() if workers is None else workers
    return max(1, min(asked, chunks, local_cores()))


def local_cores() -> int:
    """How many cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- how a run is played ------------------------------------------------------------
@dataclass(frozen=True, kw_only=True)
class RunOptions:
    """How a run is played, checked once: one object instead of a row of parameters.

    ``games`` to play; ``workers`` (None: every local core); ``backend``
    (``"processes"`` or ``"dask"``); ``progress`` (a bar; None: when not under a
    test); ``address`` (a dask scheduler or ``Client``); ``chunk_size`` (None: a
    size that depends on ``games`` only); ``merge`` (in one process, play
    consecutive chunks as one, for a caller that joins them anyway).

    >>> RunOptions(games=0)
    Traceback (most recent call last):
    ...
    gamekit.core.errors.ConfigError: games must be a whole number >= 1, not 0
    """

    games: int = 1000
    workers: int | None = None
    backend: str = "processes"
    progress: bool | None = None
    address: Any = None
    chunk_size: int | None = None
    merge: bool = False

    def __post_init__(self) -> None:
        if not _whole(self.games) or self.games < 1:
            raise ConfigError(f"games must be a whole number >= 1, not {preview(self.games)}")
        if self.chunk_size is not None and (not _whole(self.chunk_size) or self.chunk_size < 1):
            raise ConfigError(
                f"chunk_size must be a whole number >= 1, not {preview(self.chunk_size)}"
            )
        if self.workers is not None and (not _whole(self.workers) or self.workers < 1):
            raise ConfigError(
                f"workers must be None (all cores) or a whole number >= 1, "
                f"not {preview(self.workers)}"
            )
        if self.backend not in BACKENDS:
            raise ConfigError(f"backend must be 'processes' or 'dask', not {preview(self.backend)}")
        if self.backend == "dask" and in_browser():
            raise ConfigError("the browser build has no dask: simulate with backend='processes'")

    def bounds(self) -> Iterator[Bound]:
        """The chunks of the run, planned one at a time."""
        return iter_bounds(self.games, self.chunk_size)

    @property
    def chunks(self) -> int:
        """How many chunks the run has."""
        return -(-self.games // chunk_size_for(self.games, self.chunk_size))

    def processes(self) -> int:
        """The worker processes the run may use (see :func:`worker_count`)."""
        return worker_count(self.workers, self.games, self.chunk_size)


def check_keywords(
    title: str, options: Mapping[str, Any], own: Collection[str], function: str = "simulate"
) -> None:
    """Refuse a keyword that is neither ``function``'s own (``own``) nor an option of the
    title, with a ``ConfigError`` (a ``ValueError``) naming the closest valid one.

    >>> check_keywords("hats", {"worker": 2}, ("games", "workers"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    gamekit.core.errors.ConfigError: Hats has no option 'worker'; did you mean workers=? (...)
    """
    rules = registry.rules_for(title)
    known = game_options(rules)
    unknown = [key for key in options if key not in known]
    if not unknown:
        return
    key = str(unknown[0])
    close = difflib.get_close_matches(key, [*own, *known], n=1, cutoff=0.6)
    hint = f"; did you mean {close[0]}=?" if close else ""
    raise ConfigError(
        f"{rules.name} has no option {preview(key)}{hint} ({function}'s own arguments: "
        f"{', '.join(own)}; the options of {rules.name}: {', '.join(known) or 'none'})"
    )


def game_options(rules: Rules[Any]) -> list[str]:
    """The names of a title's options (the fields of its default config but ``players``)."""
    import dataclasses

    config = rules.make_config(None, {})
    if not dataclasses.is_dataclass(config):  # pragma: no cover - a config is a dataclass
        return []
    return [field.name for field in dataclasses.fields(config) if field.name != "players"]
