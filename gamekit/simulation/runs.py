"""The public runs: :func:`simulate` (one table) and :func:`iter_tables` (chunk by chunk)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Union

from gamekit.simulation.backends import parts
from gamekit.simulation.plan import BotSpec, RunOptions, check_keywords, make_plan
from gamekit.simulation.records import (
    Records,
    aggregate_records,
    joined,
    pandas_missing,
    to_records,
)
from gamekit.simulation.tables import aggregate_frame, to_frame
from gamekit.simulation.worker import Aggregate, Rows

if TYPE_CHECKING:
    import pandas as pd

BATCH_ROWS = 65_536
"""Rows gathered from consecutive chunks before they become one DataFrame."""

Table = Union["pd.DataFrame", Records]
"""What a run gives: a pandas DataFrame, or :class:`~gamekit.simulation.Records` (the
same rows) where pandas is absent."""

SIMULATE_ARGUMENTS = (
    "games",
    "players",
    "bots",
    "seed",
    "workers",
    "backend",
    "progress",
    "aggregate",
    "address",
    "chunk_size",
)
"""The keywords of :func:`simulate` besides the title's options."""


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
) -> Iterator[Table]:
    """Like :func:`simulate`, but yields the table chunk by chunk (bounded memory).

    >>> sizes = [len(t) for t in iter_tables("knock-knock", games=5, players=3,
    ...                                      workers=1, chunk_size=2)]
    >>> sizes
    [6, 6, 3]
    """
    own = tuple(name for name in SIMULATE_ARGUMENTS if name != "aggregate")
    check_keywords(title, options, own, "iter_tables")
    plan = make_plan(title, players, bots, seed, options)
    run = RunOptions(
        games=games,
        workers=workers,
        backend=backend,
        progress=progress,
        address=address,
        chunk_size=chunk_size,
    )
    tabulate = to_records if pandas_missing() else to_frame
    for rows in parts(plan, run):
        assert isinstance(rows, Rows)
        yield tabulate(rows, plan.labels)


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
) -> Table:
    """Play ``games`` seeded bot games of ``title`` and return a pandas table.

    One row per game and seat: game, seed, seat, bot, score, rank (1 for the
    winners, then the others by score, ties sharing a rank), winner, decisions
    (in that game), then the title's
    ``summary`` columns. ``bots`` is one name for every seat or one per seat
    (``"random"`` by default); a bot may be ``(name, params)`` or your own
    ``Bot`` subclass, even one defined in a notebook cell.
    ``workers=None`` (the default) plays the first chunk of games in this process
    and starts worker processes (one per local core at most, never more than
    chunks of work) only when the games left are worth it; ``workers=n`` uses
    ``n`` processes at most. ``backend="dask"`` runs on
    a ``dask.distributed`` LocalCluster, or on ``address`` (a scheduler address or
    a ``Client``). ``aggregate=True`` keeps only per-seat sums and returns one
    row per seat (games, wins, win_rate, score_mean, ...): use it for millions of
    games, in bounded memory. ``progress`` shows a bar (None: when not under a test).
    Where pandas cannot be imported (the browser build), the table is
    :class:`~gamekit.simulation.Records` instead: the same columns, and the same
    values row by row; in the browser build every game is played in the kernel's
    own process, whatever ``workers`` says.
    ``options`` are the title's variants; any other keyword is refused with a
    ``ConfigError`` (a ``ValueError``) naming the closest valid one. The same seed
    gives the same table whatever the workers or the backend. Ctrl-C (or the
    notebook's stop button) stops the run within a second or two and ends its
    worker processes, which also end if this process is killed.

    >>> t = simulate("knock-knock", games=3, players=3, bots="random", seed=2, workers=1)
    >>> bool(t.groupby("game").winner.any().all())
    True
    """
    check_keywords(title, options, SIMULATE_ARGUMENTS)
    plan = make_plan(title, players, bots, seed, options, aggregate)
    run = RunOptions(
        games=games,
        workers=workers,
        backend=backend,
        progress=progress,
        address=address,
        chunk_size=chunk_size,
        merge=True,
    )
    results = parts(plan, run)
    if aggregate:
        total = Aggregate.empty(plan.players)
        for part in results:
            assert isinstance(part, Aggregate)
            total.merge(part)
        if pandas_missing():
            return aggregate_records(total, plan.labels)
        return aggregate_frame(total, plan.labels)
    if pandas_missing():
        return _joined_records(results, plan.labels)
    return _joined(results, plan.labels)


def _joined_records(results: Iterator[Any], labels: Sequence[str]) -> Records:
    """The rows of consecutive parts as one :class:`Records`, where pandas is absent."""
    tables = []
    for part in results:
        assert isinstance(part, Rows)
        tables.append(to_records(part, labels))
    return joined(tables)


def _joined(results: Iterator[Any], labels: Sequence[str]) -> pd.DataFrame:
    """The rows of consecutive parts as one table (built in batches of :data:`BATCH_ROWS`)."""
    frames = []
    batch: Rows | None = None
    for part in results:
        assert isinstance(part, Rows)
        if batch is None:
            batch = part
        else:
            batch.extend(part)
        if len(batch) >= BATCH_ROWS:
            frames.append(to_frame(batch, labels))
            batch = None
    if batch is not None:
        frames.append(to_frame(batch, labels))
    if len(frames) == 1:
        return frames[0]
    import pandas as pd

    return pd.concat(frames, ignore_index=True)
