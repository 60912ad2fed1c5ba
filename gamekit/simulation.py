"""Bulk simulation: many seeded bot games on the lean path, as a tidy pandas table.

Game ``i`` of a run with seed ``s`` is dealt with ``derive_seed(s, "game", i)`` and
the bot in seat ``k`` is seeded with ``derive_seed(s, "bot", i, k)``; games are cut
into chunks whose size depends only on the number of games, and the chunks are
put back in order. So the same seed gives the same table whatever the number of
workers or the backend.

>>> import gamekit
>>> table = gamekit.simulate("knock-knock", games=4, players=3, seed=1, workers=1)
>>> len(table), list(table.columns[:8])
(12, ['game', 'seed', 'seat', 'bot', 'score', 'rank', 'winner', 'decisions'])

pandas, tqdm and dask are imported only when a simulation runs.
"""

from __future__ import annotations

import functools
import importlib
import logging
import math
import os
import sys
from collections import deque
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import process as futures_process
from dataclasses import dataclass, field
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gamekit import bots as bots_module
from gamekit.core import registry
from gamekit.core.errors import ConfigError
from gamekit.core.lean import decide, play_out
from gamekit.core.rng import derive_seed
from gamekit.core.rules import Rules
from gamekit.core.strict import MAX_SEED, preview, whole_number

if TYPE_CHECKING:
    import pandas as pd

BASE_COLUMNS = ("game", "seed", "seat", "bot", "score", "rank", "winner", "decisions")
"""The columns every table starts with; the title's ``summary`` columns follow."""

MAX_CHUNK = 1000
"""Most games in one chunk (one task for a worker)."""

BotName = str | type[bots_module.Bot]
BotSpec = BotName | tuple[BotName, Mapping[str, Any]]
"""A bot name, your own ``Bot`` subclass, or ``(name, params)`` such as
``("memory", {"p": 0.5})``. A subclass defined in a notebook cell works with any
number of workers and any start method (it travels by value, with cloudpickle)."""


# -- the plan of a run --------------------------------------------------------------
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


def worker_count(workers: int | None, games: int, chunk_size: int | None = None) -> int:
    """The processes a run starts: what was asked, capped by the chunks and the cores.

    >>> worker_count(24, 4) <= min(4, local_cores())
    True
    """
    chunks = -(-games // chunk_size_for(games, chunk_size))
    asked = local_cores() if workers is None else workers
    return max(1, min(asked, chunks, local_cores()))


# -- playing one chunk (runs in the workers) ----------------------------------------
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
        self.makers = list(
            enumerate(
                _maker(bots_module.factory(plan.title, name), dict(params))
                for name, params in plan.bots
            )
        )

    def run(self, start: int, stop: int) -> Rows | Aggregate:
        """Play games ``start`` to ``stop - 1``; their rows, or their sums if aggregating."""
        if self.plan.aggregate:
            return self._sums(start, stop)
        rules, config, makers, run_seed = self.rules, self.config, self.makers, self.plan.seed
        results_of = rules.results
        rows = Rows(start, stop, self.plan.players)
        seeds, decisions, results = rows.seeds, rows.decisions, rows.results
        for game in range(start, stop):
            seed = derive_seed(run_seed, "game", game)
            seats = [make(seed=derive_seed(run_seed, "bot", game, seat)) for seat, make in makers]
            result = play_out(rules, config, seed, seats)
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

    def _sums(self, start: int, stop: int) -> Aggregate:
        plan, rules, config, makers = self.plan, self.rules, self.config, self.makers
        sums = Aggregate.empty(plan.players)
        for game in range(start, stop):
            seats = [make(seed=derive_seed(plan.seed, "bot", game, seat)) for seat, make in makers]
            result = play_out(rules, config, derive_seed(plan.seed, "game", game), seats)
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


# -- running chunks: here, in processes, or on dask ---------------------------------
Bound = tuple[int, int]
Part = Rows | Aggregate

START_METHOD: str | None = None
"""How worker processes start: None for the start method set with
``multiprocessing.set_start_method`` if any, else ``fork`` where the system has it
(Linux), else ``spawn`` (macOS, Windows). Set it to ``"spawn"`` to try the
macOS and Windows way anywhere."""


def start_method() -> str:
    """The start method the next run's worker processes use (see :data:`START_METHOD`)."""
    import multiprocessing

    if START_METHOD is not None:
        return START_METHOD
    chosen = multiprocessing.get_start_method(allow_none=True)
    if chosen is not None:
        return chosen
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def dumps_plan(plan: Plan) -> bytes:
    """The plan as bytes for the workers; classes defined in a notebook travel by value.

    A ``Bot`` subclass or a ``Rules`` object defined in a notebook cell lives in
    ``__main__``, which a spawned worker cannot import: cloudpickle (installed with
    the ``jupyter`` extra) ships such classes whole. Without it, plain pickle.
    """
    try:
        cloudpickle: Any = importlib.import_module("cloudpickle")
    except ImportError:  # pragma: no cover - cloudpickle comes with the jupyter extra
        import pickle

        return pickle.dumps(plan)
    return bytes(cloudpickle.dumps(plan))


_worker_plan: bytes | None = None
_worker_runner: Runner | None = None


def _worker_start(blob: bytes) -> None:
    """In each worker: keep the plan; leave Ctrl-C to the parent, which stops the workers."""
    import signal

    global _worker_plan, _worker_runner
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker_plan, _worker_runner = blob, None


def _worker_run(start: int, stop: int) -> Part:
    """In a worker: play one chunk of the plan the worker was started with."""
    global _worker_runner
    if _worker_runner is None:
        import pickle

        assert _worker_plan is not None
        _worker_runner = Runner(pickle.loads(_worker_plan))
    return _worker_runner.run(start, stop)


def _local_results(
    plan: Plan, bounds: Iterator[Bound], workers: int
) -> Generator[Part, None, None]:
    if workers <= 1:
        runner = Runner(plan)
        for start, stop in bounds:
            yield runner.run(start, stop)
        return
    import multiprocessing

    context = multiprocessing.get_context(start_method())
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_worker_start,
        initargs=(dumps_plan(plan),),
    )
    try:
        yield from _in_order(lambda b: pool.submit(_worker_run, *b), bounds, workers * 2)
    except BaseException:  # Ctrl-C, the kernel's stop button, an error, or the reader left
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def stop_pool(pool: ProcessPoolExecutor, grace: float = 0.5) -> None:
    """Stop a pool now: cancel what waits, end the workers (terminate, then kill)."""
    found = dict(getattr(pool, "_processes", None) or {})  # shutdown forgets them
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if not found and callable(terminate):  # pragma: no cover - newer Pythons only
        terminate()
        return
    pool.shutdown(wait=False, cancel_futures=True)
    workers = list(found.values())
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(grace)
        if process.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            process.kill()
            process.join(grace)
    _forget_manager(pool, grace)


def _forget_manager(pool: ProcessPoolExecutor, grace: float) -> None:
    """Let the pool's manager thread end, and keep Python's exit hook away from it.

    At exit, ``concurrent.futures`` wakes every manager thread it knows through a
    pipe; after the workers were stopped that pipe may be gone, and the hook then
    prints a stray "Bad file descriptor" traceback after our one clear line.
    """
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is None:
        return
    wakeups = getattr(futures_process, "_threads_wakeups", None)
    if wakeups is not None:
        wakeups.pop(manager, None)  # it sees the stopped workers and ends by itself
    manager.join(grace)


def _in_order(submit: Callable[[Bound], Any], bounds: Iterator[Bound], ahead: int) -> Iterator[Any]:
    """Submit chunks a few at a time and yield their results in order (bounded memory)."""
    pending: deque[Any] = deque()
    for bound in bounds:
        pending.append(submit(bound))
        if len(pending) >= ahead:
            break
    while pending:
        yield pending.popleft().result()
        nxt = next(bounds, None)
        if nxt is not None:
            pending.append(submit(nxt))


def _dask_results(
    plan: Plan, bounds: Iterator[Bound], workers: int, address: Any
) -> Generator[Part, None, None]:
    distributed: Any = importlib.import_module("dask.distributed")
    cluster = None
    if isinstance(address, distributed.Client):
        client, own = address, False
    elif address is None:
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client, own = distributed.Client(cluster), True
    else:
        client, own = distributed.Client(address), True
    submitted: list[Any] = []
    try:
        ahead = max(4, 3 * len(client.scheduler_info(n_workers=-1).get("workers", {})))

        def submit(bound: Bound) -> Any:
            future = client.submit(run_chunk, plan, *bound, pure=False)
            submitted.append(future)
            del submitted[: -2 * ahead]
            return future

        yield from _in_order(submit, bounds, ahead)
    except BaseException:
        client.cancel(submitted)
        raise
    finally:
        if own:
            client.close()
        if cluster is not None:
            cluster.close()


# -- the public functions -----------------------------------------------------------
def iter_tables(
    title: str,
    games: int = 1000,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "processes",
    progress: bool | None = None,
    address: Any = None,
    chunk_size: int | None = None,
    **options: Any,
) -> Iterator[pd.DataFrame]:
    """Like :func:`simulate`, but yields the table chunk by chunk (bounded memory).

    >>> sizes = [len(t) for t in iter_tables("knock-knock", games=5, players=3,
    ...                                      workers=1, chunk_size=2)]
    >>> sizes
    [6, 6, 3]
    """
    plan = make_plan(title, players, bots, seed, options)
    for rows in _results(plan, games, workers, backend, progress, address, chunk_size):
        assert isinstance(rows, Rows)
        yield to_frame(rows, plan.labels)


BATCH_ROWS = 65_536
"""Rows gathered from consecutive chunks before they become one DataFrame."""


def simulate(
    title: str,
    games: int = 1000,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "processes",
    progress: bool | None = None,
    aggregate: bool = False,
    address: Any = None,
    chunk_size: int | None = None,
    **options: Any,
) -> pd.DataFrame:
    """Play ``games`` seeded bot games of ``title`` and return a pandas table.

    One row per game and seat: game, seed, seat, bot, score, rank (1 for the
    winners, then the others by score, ties sharing a rank), winner, decisions
    (in that game), then the title's
    ``summary`` columns. ``bots`` is one name for every seat or one per seat
    (``"random"`` by default); a bot may be ``(name, params)`` or your own
    ``Bot`` subclass, even one defined in a notebook cell.
    ``workers=None`` uses every local core (processes), never more processes
    than cores or chunks of work; ``backend="dask"`` runs on
    a ``dask.distributed`` LocalCluster, or on ``address`` (a scheduler address or
    a ``Client``). ``aggregate=True`` keeps only per-seat sums and returns one
    row per seat (games, wins, win_rate, score_mean, ...): use it for millions of
    games, in bounded memory. ``progress`` shows a bar (None: when not under a test).
    ``options`` are the title's variants. The same seed gives the same table
    whatever the workers or the backend. Ctrl-C (or the notebook's stop button)
    stops the run within a second or two and ends its worker processes.

    >>> t = simulate("knock-knock", games=3, players=3, bots="random", seed=2, workers=1)
    >>> bool(t.groupby("game").winner.any().all())
    True
    """
    plan = make_plan(title, players, bots, seed, options, aggregate)
    results = _results(plan, games, workers, backend, progress, address, chunk_size, True)
    if aggregate:
        total = Aggregate.empty(plan.players)
        for part in results:
            assert isinstance(part, Aggregate)
            total.merge(part)
        return aggregate_frame(total, plan.labels)
    import pandas as pd

    frames = []
    batch: Rows | None = None
    for part in results:
        assert isinstance(part, Rows)
        if batch is None:
            batch = part
        else:
            batch.extend(part)
        if len(batch) >= BATCH_ROWS:
            frames.append(to_frame(batch, plan.labels))
            batch = None
    if batch is not None:
        frames.append(to_frame(batch, plan.labels))
    if len(frames) == 1:
        return frames[0]
    return pd.concat(frames, ignore_index=True)


def _results(
    plan: Plan,
    games: int,
    workers: int | None,
    backend: str,
    progress: bool | None,
    address: Any,
    chunk_size: int | None,
    merge: bool = False,
) -> Iterator[Part]:
    """Check the run's arguments, then its parts in order (``merge``: in one process,
    consecutive chunks are played as one, for a caller that joins them anyway)."""
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError(f"games must be a whole number >= 1, not {games!r}")
    if chunk_size is not None and (
        not isinstance(chunk_size, int) or isinstance(chunk_size, bool) or chunk_size < 1
    ):
        raise ConfigError(f"chunk_size must be a whole number >= 1, not {chunk_size!r}")
    _check_workers(workers)
    if backend not in ("processes", "dask"):
        raise ConfigError(f"backend must be 'processes' or 'dask', not {backend!r}")
    return _run(plan, games, workers, backend, progress, address, chunk_size, merge)


def _run(
    plan: Plan,
    games: int,
    workers: int | None,
    backend: str,
    progress: bool | None,
    address: Any,
    chunk_size: int | None,
    merge: bool,
) -> Iterator[Part]:
    bounds = iter_bounds(games, chunk_size)
    if backend == "processes":
        processes = worker_count(workers, games, chunk_size)
        if merge and processes == 1:
            bounds = _merged(bounds, MERGED_GAMES)
        results = _local_results(plan, bounds, processes)
    else:
        cores = local_cores() if workers is None else workers
        results = _dask_results(plan, bounds, cores, address)
    bar = _progress_bar(games, plan.title, progress)
    try:
        for part in results:
            if bar is not None:
                bar.update(part.stop - part.start if isinstance(part, Rows) else part.games[0])
            yield part
    finally:
        results.close()
        if bar is not None:
            bar.close()


MERGED_GAMES = 256
"""Games played at a time in one process when the chunks are joined anyway."""


def _merged(bounds: Iterator[Bound], at_least: int) -> Iterator[Bound]:
    """Consecutive chunks joined into chunks of ``at_least`` games or more (the last may
    be smaller): fewer, larger parts where chunks only cost time.

    >>> list(_merged(iter([(0, 2), (2, 4), (4, 6), (6, 7)]), 3))
    [(0, 4), (4, 7)]
    """
    start = stop = None
    for first, last in bounds:
        if start is None:
            start = first
        stop = last
        if stop - start >= at_least:
            yield start, stop
            start = None
    if start is not None and stop is not None:
        yield start, stop


def _check_workers(workers: int | None) -> None:
    if workers is None:
        return
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(
            f"workers must be None (all cores) or a whole number >= 1, not {workers!r}"
        )


def local_cores() -> int:
    """How many cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _progress_bar(games: int, title: str, progress: bool | None) -> Any:
    if progress is None:
        progress = "PYTEST_CURRENT_TEST" not in os.environ and (
            _in_notebook() or sys.stderr.isatty()
        )
    if not progress:
        return None
    if _in_notebook():
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=games, desc=title, unit="game", file=sys.stderr)


def _in_notebook() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = getattr(shell, "get_ipython", lambda: None)()
    return ip is not None and type(ip).__name__ == "ZMQInteractiveShell"


# -- tables -------------------------------------------------------------------------
def to_frame(rows: Rows, labels: Sequence[str]) -> pd.DataFrame:
    """Consecutive games' rows as a DataFrame with compact, stable dtypes.

    Games whose results are one shared object (rules whose :meth:`Rules.results`
    hands back the same results for games that ended alike) are worked out once
    and their rows repeated: the table of working out every game, for less work.
    """
    import numpy as np
    import pandas as pd

    players, games = rows.players, rows.stop - rows.start
    data: dict[str, Any] = {
        "game": np.repeat(np.arange(rows.start, rows.stop, dtype=np.int64), players),
        "seed": np.repeat(np.array(rows.seeds, dtype=np.uint64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), games),
        "bot": _bot_column(labels, games),
    }
    ids = list(map(id, rows.results))
    kinds = dict(zip(ids, rows.results, strict=True))  # first-seen order, one per object
    if len(kinds) * 2 > games:
        outcome = _outcome_columns(rows.results, players)
    else:
        number = dict(zip(kinds, range(len(kinds)), strict=False))
        codes = np.fromiter(map(number.__getitem__, ids), dtype=np.intp, count=games)
        where = (codes[:, None] * players + np.arange(players)).reshape(-1)
        outcome = _outcome_columns(list(kinds.values()), players)
        outcome = {name: values.take(where) for name, values in outcome.items()}
    data["score"] = outcome.pop("score")
    data["rank"] = outcome.pop("rank")
    data["winner"] = outcome.pop("winner")
    data["decisions"] = np.repeat(np.array(rows.decisions, dtype=np.int32), players)
    for name, values in outcome.items():
        data.setdefault(name, values)
    return pd.DataFrame(data, copy=False)


def _outcome_columns(results: Sequence[Results], players: int) -> dict[str, Any]:
    """Score, rank and winner of every seat of these games, then their summary columns."""
    import numpy as np

    games = len(results)
    scores = list(chain.from_iterable(map(itemgetter(0), results)))
    summaries = list(chain.from_iterable(map(itemgetter(2), results)))
    score = _array(scores)
    if score.dtype == object:
        score = score.astype("float64")
    winners = list(map(itemgetter(1), results))
    won = np.zeros((games, players), dtype=bool)
    counts = np.fromiter(map(len, winners), dtype=np.int64, count=games)
    seats = np.fromiter(chain.from_iterable(winners), dtype=np.int64, count=int(counts.sum()))
    won[np.repeat(np.arange(games), counts), seats] = True
    table = np.asarray(score).reshape(games, players)
    ahead = ((table[:, None, :] > table[:, :, None]) & ~won[:, None, :]).sum(axis=2)
    rank = np.where(won, 1, 1 + won.sum(axis=1, keepdims=True) + ahead)
    columns = {"score": score, "rank": rank.reshape(-1).astype(np.int8), "winner": won.reshape(-1)}
    for name, values in _flat_columns(summaries).items():
        columns.setdefault(name, values)
    return columns


@functools.lru_cache(maxsize=64)
def _bot_kind(labels: tuple[str, ...]) -> tuple[Any, Any]:
    """The categorical dtype of the ``bot`` column and each seat's code in it."""
    import numpy as np
    import pandas as pd

    categories = sorted(set(labels))
    codes = np.array([categories.index(label) for label in labels], dtype=np.int8)
    return pd.CategoricalDtype(categories), codes


def _bot_column(labels: Sequence[str], games: int) -> Any:
    import numpy as np
    import pandas as pd

    kind, codes = _bot_kind(tuple(labels))
    return pd.Categorical.from_codes(np.tile(codes, games), dtype=kind)


def _same_keys(summaries: Sequence[Mapping[str, Any]]) -> dict[str, Sequence[Any]] | None:
    """Column by column when every summary has the first one's keys (the usual case)."""
    keys = tuple(summaries[0])
    if not keys or sum(map(len, summaries)) != len(keys) * len(summaries):
        return None
    try:
        if len(keys) == 1:
            return {keys[0]: list(map(itemgetter(keys[0]), summaries))}
        return dict(zip(keys, zip(*map(itemgetter(*keys), summaries), strict=True), strict=True))
    except KeyError:
        return None


def _numbers(values: Sequence[Any]) -> Any:
    """``values`` as a numpy array if they are plain numbers or truth values, else None."""
    import numpy as np

    head = type(values[0])
    if head is not int and head is not float and head is not bool:
        return None
    try:
        array = np.array(values)
    except (OverflowError, TypeError, ValueError):
        return None
    return array if array.dtype.kind in ("b" if head is bool else "iuf") else None


@functools.lru_cache(maxsize=1)
def _text_dtype() -> Any:
    """The dtype pandas gives a column of text (``str`` in pandas 3, ``object`` before)."""
    import pandas as pd

    return pd.Series(["text"]).dtype


def _array(values: Sequence[Any]) -> Any:
    """``values`` as a column, with the dtype pandas would infer for them."""
    import pandas as pd

    numbers = _numbers(values) if values else None
    if numbers is not None:
        return numbers
    if set(map(type, values)) == {str}:
        return _texts(values)
    return pd.Series(list(values)).array


def _texts(values: Sequence[str]) -> Any:
    """A column of text, in the dtype pandas gives text."""
    import pandas as pd

    return pd.array(list(values), dtype=_text_dtype())


def _flat_columns(summaries: Sequence[Mapping[str, Any]], prefix: str = "") -> dict[str, Any]:
    """One array per summary key, in order of first appearance; dict values become
    ``outer_inner`` columns and a key missing from a row leaves it empty."""
    if not summaries:
        return {}
    columns = _same_keys(summaries)
    if columns is None:
        names = dict.fromkeys(key for summary in summaries for key in summary)
        columns = {key: [summary.get(key, _MISSING) for summary in summaries] for key in names}
    out: dict[str, Any] = {}
    for key, values in columns.items():
        numbers = _numbers(values)
        if numbers is not None:
            out[f"{prefix}{key}"] = numbers
            continue
        kinds = set(map(type, values))
        if kinds == {str}:
            out[f"{prefix}{key}"] = _texts(values)
            continue
        if not any(issubclass(kind, Mapping) for kind in kinds):
            out[f"{prefix}{key}"] = _array([None if v is _MISSING else v for v in values])
            continue
        nested = [isinstance(value, Mapping) for value in values]
        pairs = list(zip(values, nested, strict=True))
        plain = [None if n or v is _MISSING else v for v, n in pairs]
        inner = _flat_columns([v if n else {} for v, n in pairs], f"{prefix}{key}_")
        first_plain = next((i for i, (v, n) in enumerate(pairs) if not n and v is not _MISSING), -1)
        if first_plain < 0:
            out.update(inner)
        elif first_plain < nested.index(True):
            out[f"{prefix}{key}"] = _array(plain)
            out.update(inner)
        else:
            out.update(inner)
            out[f"{prefix}{key}"] = _array(plain)
    return out


_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "<missing>"})()
"""A summary key that a row does not have (its cell stays empty)."""


def aggregate_frame(total: Aggregate, labels: Sequence[str]) -> pd.DataFrame:
    """The per-seat summary of an aggregate run: one row per seat."""
    import pandas as pd

    rows = []
    for seat, label in enumerate(labels):
        n = total.games[seat]
        mean = total.score_sum[seat] / n
        var = max(0.0, total.score_sq[seat] / n - mean * mean)
        row: dict[str, Any] = {
            "seat": seat,
            "bot": label,
            "games": n,
            "wins": total.wins[seat],
            "win_rate": total.wins[seat] / n,
            "score_mean": mean,
            "score_std": math.sqrt(var * n / (n - 1)) if n > 1 else 0.0,
            "score_min": total.score_min[seat],
            "score_max": total.score_max[seat],
            "rank_mean": total.rank_sum[seat] / n,
            "decisions_mean": total.decisions[seat] / n,
        }
        row.update({f"{k}_mean": v / n for k, v in total.extra[seat].items()})
        rows.append(row)
    return pd.DataFrame(rows)


# -- runs made for particular charts ------------------------------------------------
def versus(
    title: str,
    names: Sequence[str],
    games: int = 200,
    players: int | None = None,
    seed: int = 0,
    workers: int | None = 1,
    **options: Any,
) -> pd.DataFrame:
    """Every bot against every bot: one row per (bot, opponent) with its win rate.

    ``bot`` sits in each seat in turn (``games`` split evenly over the seats) and
    ``opponent`` fills every other seat; shared wins count as wins.

    >>> m = versus("knock-knock", ["random", "greedy"], games=4, seed=1)
    >>> list(m.columns), len(m)
    (['bot', 'opponent', 'games', 'wins', 'win_rate'], 4)
    """
    import pandas as pd

    players = make_plan(title, players, None, seed, options).players
    per_seat = max(1, games // players)
    rows = []
    for bot in names:
        for opponent in names:
            wins = played = 0
            for seat in range(players):
                lineup = [opponent] * players
                lineup[seat] = bot
                run_seed = derive_seed(seed, "versus", bot, opponent, seat)
                table = simulate(title, per_seat, players, lineup, run_seed, workers, **options)
                mine = table[table.seat == seat]
                wins += int(mine.winner.sum())
                played += len(mine)
            rows.append((bot, opponent, played, wins, wins / played))
    return pd.DataFrame(rows, columns=["bot", "opponent", "games", "wins", "win_rate"])


def memory_sweep(
    memories: Sequence[float] = (0.25, 0.5, 0.75, 0.9, 1.0),
    games: int = 1000,
    players: int = 5,
    seer_memory: float = 1.0,
    seed: int = 0,
    workers: int | None = 1,
    monsters: str = "memory",
    seer: str = "memory",
    **options: Any,
) -> pd.DataFrame:
    """Boo Party! games whose Monsters remember each Vision with chance ``p``.

    One simulation table per ``p`` in ``memories``, stacked, with a ``memory``
    column: ready for :func:`gamekit.charts.boo_survival`. The Monsters are
    ``monsters`` bots, the Seer a ``seer`` bot remembering with ``seer_memory``
    (the Boo Party! bots: ``memory``, ``team``).
    """
    import pandas as pd

    parts = []
    for p in memories:
        lineup: list[BotSpec] = [(seer, {"p": seer_memory})]
        lineup += [(monsters, {"p": p})] * (players - 1)
        run_seed = derive_seed(seed, "memory", p)
        table = simulate("boo-party", games, players, lineup, run_seed, workers, **options)
        parts.append(table.assign(memory=p))
    return pd.concat(parts, ignore_index=True)


def scores_by_round(
    title: str,
    games: int = 100,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame:
    """Each seat's running score at the end of every round, on the lean path.

    For titles whose state counts rounds in ``state.round`` (The Bloody Inn:
    the score is the wealth). The games are the games of :func:`simulate` with
    the same arguments. Columns: game, round, seat, bot, score; the last row of
    each game holds the final scores.
    """
    import pandas as pd

    plan = make_plan(title, players, bots, seed, options)
    rules = plan.rules()
    config = rules.make_config(plan.players, dict(plan.options))
    rows: list[tuple[int, int, int, str, Any]] = []
    for game in range(games):
        state = rules.initial_state(config, game_seed(seed, game))
        for number, scores in _round_scores(rules, state, seat_bots(plan, game)):
            rows.extend((game, number, s, plan.labels[s], v) for s, v in enumerate(scores))
    return pd.DataFrame(rows, columns=["game", "round", "seat", "bot", "score"])


def _round_scores(
    rules: Rules[Any], state: Any, seats: Sequence[bots_module.Bot]
) -> Iterator[tuple[int, list[Any]]]:
    """Play a game out (as :func:`play_out` does) yielding the scores as each round ends."""
    if not hasattr(state, "round"):
        raise ConfigError(f"{rules.name} does not count rounds")
    current = state.round
    seat = rules.to_move(state)
    while seat is not None:
        rules.apply(state, decide(rules, state, seats[seat], seat), None)
        seat = rules.to_move(state)
        if state.round != current or seat is None:
            yield current, list(rules.scores(state))
            current = state.round


def wealth_by_round(
    games: int = 100,
    players: int | None = None,
    bots: BotSpec | Sequence[BotSpec] | None = None,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame:
    """The Bloody Inn: each innkeeper's wealth at the end of every round.

    >>> t = wealth_by_round(games=2, players=2, seed=1)
    >>> list(t.columns)
    ['game', 'round', 'seat', 'bot', 'wealth']
    """
    table = scores_by_round("bloody-inn", games, players, bots, seed, **options)
    return table.rename(columns={"score": "wealth"})
