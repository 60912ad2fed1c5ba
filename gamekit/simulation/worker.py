"""Playing chunks of games: in the caller's process or in a worker process.

A worker process is started with the plan (:func:`worker_start`) and plays chunks
of it (:func:`worker_run`). It ends itself when the process that started it is
gone, however that process ended (a kernel restart, ``SIGKILL``): see
:func:`watch_parent`.
"""

from __future__ import annotations

import functools
import math
import os
import threading
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit import bots as bots_module
from gamekit.core.lean import LeanResult, play_out, play_out_at_random
from gamekit.core.players import RandomBot
from gamekit.core.rng import KeyedRng, SeedDeriver, derive_seed
from gamekit.simulation.plan import Plan


@dataclass
class Aggregate:
    """Running sums per seat for the aggregate mode (merged in chunk order)."""

    games: list[int]
    wins: list[int]
    score_sum: list[float]
    score_sq: list[float]
    score_min: list[float]
    score_max: list[float]
    rank_sum: list[int]
    decisions: list[int]
    extra: list[dict[str, float]] = field(default_factory=list)

    @classmethod
    def empty(cls, players: int) -> Aggregate:
        """Sums for ``players`` seats, all zero."""
        inf = math.inf
        zeros = [0] * players
        return cls(
            list(zeros),
            list(zeros),
            [0.0] * players,
            [0.0] * players,
            [inf] * players,
            [-inf] * players,
            list(zeros),
            list(zeros),
            [{} for _ in range(players)],
        )

    def add_row(self, seat: int, row: Mapping[str, Any], extra: Mapping[str, Any]) -> None:
        """Count one seat of one game."""
        score = float(row["score"])
        self.games[seat] += 1
        self.wins[seat] += bool(row["winner"])
        self.score_sum[seat] += score
        self.score_sq[seat] += score * score
        self.score_min[seat] = min(self.score_min[seat], score)
        self.score_max[seat] = max(self.score_max[seat], score)
        self.rank_sum[seat] += int(row["rank"])
        self.decisions[seat] += int(row["decisions"])
        sums = self.extra[seat]
        for key, value in extra.items():
            if isinstance(value, int | float):
                sums[key] = sums.get(key, 0.0) + float(value)

    def merge(self, other: Aggregate) -> None:
        """Add the sums of a later chunk."""
        for seat in range(len(self.games)):
            self.games[seat] += other.games[seat]
            self.wins[seat] += other.wins[seat]
            self.score_sum[seat] += other.score_sum[seat]
            self.score_sq[seat] += other.score_sq[seat]
            self.score_min[seat] = min(self.score_min[seat], other.score_min[seat])
            self.score_max[seat] = max(self.score_max[seat], other.score_max[seat])
            self.rank_sum[seat] += other.rank_sum[seat]
            self.decisions[seat] += other.decisions[seat]
            for key, value in other.extra[seat].items():
                self.extra[seat][key] = self.extra[seat].get(key, 0.0) + value


Results = tuple[Sequence[Any], Sequence[int], Sequence[Mapping[str, Any]]]
"""One game's scores, winners and summary dicts (:meth:`Rules.results`)."""


@dataclass
class Rows:
    """Games ``start`` to ``stop - 1`` as they came out of the rules, ready for :func:`to_frame`.

    Kept raw so that playing a game costs little more than the lean path:
    ``game``, ``seat`` and ``bot`` follow from ``start`` and the seats, ranks are
    worked out column-wise, and the summaries are flattened all at once.
    """

    start: int
    stop: int
    players: int
    seeds: list[int] = field(default_factory=list)
    """The deal of each game."""
    decisions: list[int] = field(default_factory=list)
    """Decisions made in each game."""
    results: list[Results] = field(default_factory=list)
    """Each game's scores, winners and ``summary`` dicts as :meth:`Rules.results` gave
    them: games that ended alike may share them."""

    def __len__(self) -> int:
        return len(self.results) * self.players

    def extend(self, later: Rows) -> None:
        """Append the rows of the chunk that follows this one."""
        if later.start != self.stop or later.players != self.players:
            raise ValueError(f"chunk {later.start} does not follow chunk {self.start}-{self.stop}")
        self.stop = later.stop
        self.seeds.extend(later.seeds)
        self.decisions.extend(later.decisions)
        self.results.extend(later.results)


def _maker(factory: bots_module.BotFactory, params: dict[str, Any]) -> bots_module.BotFactory:
    """``factory`` with the bot's parameters filled in."""
    return functools.partial(factory, **params) if params else factory


class Runner:
    """Plays chunks of one plan: the rules, the config and the bot makers, looked up once."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rules = plan.rules()
        self.config = self.rules.make_config(plan.players, dict(plan.options))
        factory = bots_module.factory
        self.makers = [_maker(factory(plan.title, name), dict(p)) for name, p in plan.bots]
        """One bot maker per seat."""

    def run(self, start: int, stop: int) -> Rows | Aggregate:
        """Play games ``start`` to ``stop - 1``; their rows, or their sums if aggregating."""
        if self.plan.aggregate:
            return self._sums(start, stop)
        rules = self.rules
        results_of = rules.results
        rows = Rows(start, stop, self.plan.players)
        seeds, decisions, results = rows.seeds, rows.decisions, rows.results
        for seed, result in self.games(start, stop):
            seeds.append(seed)
            decisions.append(result.decisions)
            results.append(results_of(result.state))
        players = rows.players
        for score, _, summary in {id(kind): kind for kind in results}.values():
            if len(score) != players or len(summary) != players:
                raise RuntimeError(
                    f"{rules.title}: scores() or summary() does not give one per seat"
                )
        return rows

    def deals(self, start: int, stop: int) -> Iterator[tuple[int, list[int]]]:
        """Games ``start`` to ``stop - 1``: each one's deal, ``derive_seed(seed, "game",
        i)``, and its bots' seeds, seat ``k``'s ``derive_seed(seed, "bot", i, k)``."""
        deal, bot_seeds = SeedDeriver(self.plan.seed, "game"), SeedDeriver(self.plan.seed, "bot")
        seats = len(self.makers)
        for game in range(start, stop):
            yield deal(game), bot_seeds.row(game, seats)

    def games(self, start: int, stop: int) -> Iterator[tuple[int, LeanResult]]:
        """Games ``start`` to ``stop - 1`` played out on the lean path, with their deals;
        random bots in every seat play without being made (their generators do)."""
        rules, config, makers = self.rules, self.config, self.makers
        if all(make is RandomBot for make in makers):
            for seed, row in self.deals(start, stop):
                yield seed, play_out_at_random(rules, config, seed, [*map(KeyedRng, row)])
            return
        for seed, row in self.deals(start, stop):
            seats = [make(seed=s) for make, s in zip(makers, row, strict=True)]
            yield seed, play_out(rules, config, seed, seats)

    def _sums(self, start: int, stop: int) -> Aggregate:
        rules = self.rules
        sums = Aggregate.empty(self.plan.players)
        for _, result in self.games(start, stop):
            state = result.state
            scores = rules.scores(state)
            winners = set(rules.winners(state))
            for seat, summary in enumerate(rules.summary(state)):
                row = {
                    "score": scores[seat],
                    "winner": seat in winners,
                    "rank": _rank(seat, scores, winners),
                    "decisions": result.decisions,
                }
                sums.add_row(seat, row, flatten(summary))
        return sums


def run_chunk(plan: Plan, start: int, stop: int) -> Rows | Aggregate:
    """Play games ``start`` to ``stop - 1`` of a plan; their rows, or sums if aggregating."""
    return Runner(plan).run(start, stop)


def seat_bots(
    plan: Plan, game: int, factories: Sequence[bots_module.BotFactory] | None = None
) -> list[bots_module.Bot]:
    """The seeded bots of game number ``game``, one per seat."""
    if factories is None:
        factories = [bots_module.factory(plan.title, name) for name, _ in plan.bots]
    return [
        make(seed=derive_seed(plan.seed, "bot", game, seat), **dict(params))
        for seat, (make, (_, params)) in enumerate(zip(factories, plan.bots, strict=True))
    ]


def game_seed(seed: int, game: int) -> int:
    """The deal of game number ``game`` in a run seeded ``seed``."""
    return derive_seed(seed, "game", game)


def _rank(seat: int, scores: Sequence[Any], winners: set[int]) -> int:
    """1 for the winners; the others by score behind them, ties sharing a rank."""
    if seat in winners:
        return 1
    ahead = sum(
        1 for other, score in enumerate(scores) if other not in winners and score > scores[seat]
    )
    return 1 + len(winners) + ahead


def flatten(summary: Mapping[str, Any], prefix: str = "") -> dict[str, Any]:
    """Flatten nested dicts into ``outer_inner`` columns.

    >>> flatten({"wealth": 40, "guests": {"kid": 2, "ghost": 1}})
    {'wealth': 40, 'guests_kid': 2, 'guests_ghost': 1}
    """
    out: dict[str, Any] = {}
    for key, value in summary.items():
        name = f"{prefix}{key}"
        if isinstance(value, Mapping):
            out.update(flatten(value, f"{name}_"))
        else:
            out[name] = value
    return out


Part = Rows | Aggregate
"""What playing one chunk gives: its rows, or its sums in the aggregate mode."""

# -- in a worker process ------------------------------------------------------------
_worker_plan: bytes | None = None
_worker_runner: Runner | None = None

PARENT_CHECK_SECONDS = 0.5
"""How often a worker looks whether its parent is still there (where the system
cannot end it with its parent)."""


def worker_start(blob: bytes, parent: int | None = None) -> None:
    """In each worker: keep the plan; leave Ctrl-C to the parent, which stops the workers;
    end at once on ``SIGTERM``/``SIGHUP`` whatever handlers a forked worker inherited (the
    parent stops its workers with ``SIGTERM``); end with the parent ``parent`` (the pid
    that started the pool)."""
    import signal

    global _worker_plan, _worker_runner
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    _worker_plan, _worker_runner = blob, None
    if parent is not None:
        watch_parent(parent)


def worker_run(start: int, stop: int) -> Part:
    """In a worker: play one chunk of the plan the worker was started with."""
    global _worker_runner
    if _worker_runner is None:
        import pickle

        assert _worker_plan is not None
        _worker_runner = Runner(pickle.loads(_worker_plan))
    return _worker_runner.run(start, stop)


def watch_parent(parent: int) -> None:
    """End this process as soon as process ``parent`` is gone.

    On Linux the kernel does it (``PR_SET_PDEATHSIG``: a ``SIGKILL`` when the parent
    ends, even by ``SIGKILL``); a daemon thread also polls the parent's pid, for the
    other systems and for a parent that was gone before the call.
    """
    _die_with_parent()
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_poll_parent, args=(parent,), daemon=True, name="parent").start()


def _die_with_parent() -> None:
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # PR_SET_PDEATHSIG = 1
    except (OSError, AttributeError):  # pragma: no cover - not Linux: the thread does it
        pass


def _poll_parent(parent: int) -> None:
    import time

    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)  # pragma: no cover - the kernel's signal usually comes first
