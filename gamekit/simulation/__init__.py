"""Bulk simulation: many seeded bot games on the lean path, as a tidy pandas table
(where pandas is absent, as :class:`Records`: the same rows, in plain Python).

Game ``i`` of a run with seed ``s`` is dealt with ``derive_seed(s, "game", i)`` and
the bot in seat ``k`` is seeded with ``derive_seed(s, "bot", i, k)``; games are cut
into chunks whose size depends only on the number of games, and the chunks are
put back in order. So the same seed gives the same table whatever the number of
workers or the backend.

>>> import gamekit
>>> table = gamekit.simulate("knock-knock", games=4, players=3, seed=1, workers=1)
>>> len(table), list(table.columns[:8])
(12, ['game', 'seed', 'seat', 'bot', 'score', 'rank', 'winner', 'decisions'])

The package, one job a module:

- :mod:`~gamekit.simulation.plan`: checked arguments (:class:`Plan`, :class:`RunOptions`)
  and the chunks of a run;
- :mod:`~gamekit.simulation.worker`: playing chunks, here or in a worker process;
- :mod:`~gamekit.simulation.backends`: here, worker processes or dask, in order;
- :mod:`~gamekit.simulation.tables`: rows to DataFrames;
- :mod:`~gamekit.simulation.records`: rows to :class:`Records` where pandas is absent,
  and helpers that read either kind of table (:func:`by_seat`, :func:`wins_by_seat`);
- :mod:`~gamekit.simulation.runs`: :func:`simulate` and :func:`iter_tables`;
- :mod:`~gamekit.simulation.analyses`: :func:`versus`, :func:`scores_by_round`, and
  the titles' own analyses (:func:`analysis`).

pandas, tqdm and dask are imported only when a simulation runs.
"""

from __future__ import annotations

from gamekit.simulation.analyses import (
    analyses,
    analysis,
    memory_sweep,
    round_scores,
    scores_by_round,
    versus,
    wealth_by_round,
)
from gamekit.simulation.backends import (
    DASK_NO_WORKERS_SECONDS,
    MERGED_GAMES,
    POOL_WORTH_SECONDS,
    dumps_plan,
    in_order,
    start_method,
    stop_pool,
)
from gamekit.simulation.backends import _merged as _merged
from gamekit.simulation.backends import parts as _parts  # noqa: F401  (the run, part by part)
from gamekit.simulation.plan import (
    MAX_CHUNK,
    BotName,
    BotSpec,
    Bound,
    Plan,
    RunOptions,
    check_keywords,
    chunk_bounds,
    chunk_size_for,
    iter_bounds,
    local_cores,
    make_plan,
    worker_count,
)
from gamekit.simulation.plan import _label as _label
from gamekit.simulation.records import (
    Records,
    as_frame,
    by_seat,
    column_values,
    pandas_missing,
    read_table,
    records_of,
    to_records,
    wins_by_seat,
)
from gamekit.simulation.runs import BATCH_ROWS, SIMULATE_ARGUMENTS, Table, iter_tables, simulate
from gamekit.simulation.tables import BASE_COLUMNS, aggregate_frame, to_frame
from gamekit.simulation.tables import _flat_columns as _flat_columns
from gamekit.simulation.worker import (
    Aggregate,
    Part,
    Results,
    Rows,
    Runner,
    flatten,
    game_seed,
    run_chunk,
    seat_bots,
)
from gamekit.simulation.worker import _rank as _rank

START_METHOD: str | None = None
"""How worker processes start: None for the start method set with
``multiprocessing.set_start_method`` if any, else ``fork`` where the system has it
(Linux), else ``spawn`` (macOS, Windows). Set it to ``"spawn"`` to try the
macOS and Windows way anywhere."""

__all__ = [
    "BASE_COLUMNS",
    "BATCH_ROWS",
    "DASK_NO_WORKERS_SECONDS",
    "MAX_CHUNK",
    "MERGED_GAMES",
    "POOL_WORTH_SECONDS",
    "SIMULATE_ARGUMENTS",
    "START_METHOD",
    "Aggregate",
    "BotName",
    "BotSpec",
    "Bound",
    "Part",
    "Plan",
    "Records",
    "Results",
    "Rows",
    "RunOptions",
    "Runner",
    "Table",
    "aggregate_frame",
    "analyses",
    "analysis",
    "as_frame",
    "by_seat",
    "check_keywords",
    "chunk_bounds",
    "chunk_size_for",
    "column_values",
    "dumps_plan",
    "flatten",
    "game_seed",
    "in_order",
    "iter_bounds",
    "iter_tables",
    "local_cores",
    "make_plan",
    "memory_sweep",
    "pandas_missing",
    "round_scores",
    "run_chunk",
    "scores_by_round",
    "seat_bots",
    "simulate",
    "start_method",
    "stop_pool",
    "to_frame",
    "read_table",
    "records_of",
    "to_records",
    "versus",
    "wealth_by_round",
    "wins_by_seat",
    "worker_count",
]
