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

import importlib
import logging
import math
import os
import sys
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamekit import bots as bots_module
from gamekit.core import registry
from gamekit.core.errors import ConfigError
from gamekit.core.lean import play_out
from gamekit.core.rng import derive_seed
from gamekit.core.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

BASE_COLUMNS = ("game", "seed", "seat", "bot", "score", "rank", "winner", "decisions")
"""The columns every table starts with; the title's ``summary`` columns follow."""

MAX_CHUNK = 1000
"""Most games in one chunk (one task for a worker)."""

BotName = str | type[bots_module.Bot]
BotSpec = BotName | tuple[BotName, Mapping[str, Any]]
"""A bot name, your own ``Bot`` subclass, or ``(name, params)`` such as
``("memory", {"p": 0.5})``. A subclass defined in a notebook works with one
worker, or with processes where they start by fork."""


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
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ConfigError(f"seed must be a whole number >= 0, not {seed!r}")
    source = registry.registered_module(title) or rules
    config = rules.make_config(players, dict(options))
    specs = _bot_specs(bots, int(config.players))
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


def chunk_bounds(games: int, chunk_size: int | None = None) -> list[tuple[int, int]]:
    """Cut ``range(games)`` into chunks; the size depends on ``games`` only.

    >>> chunk_bounds(10, 4)
    [(0, 4), (4, 8), (8, 10)]
    """
    size = chunk_size or max(1, min(MAX_CHUNK, math.ceil(games / 64)))
    return [(start, min(start + size, games)) for start in range(0, games, size)]


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


Columns = dict[str, list[Any]]


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


def run_chunk(plan: Plan, start: int, stop: int) -> Columns | Aggregate:
    """Play games ``start`` to ``stop - 1`` of a plan; columns, or sums if aggregating."""
    rules = plan.rules()
    config = rules.make_config(plan.players, dict(plan.options))
    columns: Columns = {name: [] for name in BASE_COLUMNS}
    sums = Aggregate.empty(plan.players)
    factories = [bots_module.factory(plan.title, name) for name, _ in plan.bots]
    for game in range(start, stop):
        seed = game_seed(plan.seed, game)
        result = play_out(rules, config, seed, seat_bots(plan, game, factories))
        rows = _game_rows(rules, result.state, game, seed, result.decisions, plan.labels)
        for seat, (row, extra) in enumerate(rows):
            if plan.aggregate:
                sums.add_row(seat, row, extra)
            else:
                _append(columns, {**row, **extra})
    return sums if plan.aggregate else columns


def _game_rows(
    rules: Rules[Any], state: Any, game: int, seed: int, decisions: int, labels: Sequence[str]
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    scores = rules.scores(state)
    winners = set(rules.winners(state))
    extras = [flatten(s) for s in rules.summary(state)]
    rows = []
    for seat, score in enumerate(scores):
        row = {
            "game": game,
            "seed": seed,
            "seat": seat,
            "bot": labels[seat],
            "score": score,
            "rank": _rank(seat, scores, winners),
            "winner": seat in winners,
            "decisions": decisions,
        }
        rows.append((row, extras[seat]))
    return rows


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


def _append(columns: Columns, row: Mapping[str, Any]) -> None:
    filled = len(columns["game"])
    for key, value in row.items():
        if key not in columns:
            columns[key] = [None] * filled
        columns[key].append(value)
    for values in columns.values():
        if len(values) == filled:
            values.append(None)


# -- running chunks: locally, in processes, or on dask ------------------------------
def _local_results(
    plan: Plan, bounds: Sequence[tuple[int, int]], workers: int
) -> Iterator[Columns | Aggregate]:
    if workers <= 1 or len(bounds) <= 1:
        for start, stop in bounds:
            yield run_chunk(plan, start, stop)
        return
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from _in_order(lambda b: pool.submit(run_chunk, plan, *b), bounds, workers * 3)


def _in_order(
    submit: Callable[[tuple[int, int]], Any], bounds: Sequence[tuple[int, int]], ahead: int
) -> Iterator[Any]:
    """Submit chunks a few at a time and yield their results in order (bounded memory)."""
    pending: deque[Any] = deque()
    todo = iter(bounds)
    for bound in todo:
        pending.append(submit(bound))
        if len(pending) >= ahead:
            break
    while pending:
        yield pending.popleft().result()
        nxt = next(todo, None)
        if nxt is not None:
            pending.append(submit(nxt))


def _dask_results(
    plan: Plan, bounds: Sequence[tuple[int, int]], workers: int, address: Any
) -> Iterator[Columns | Aggregate]:
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
    try:
        ahead = max(4, 3 * len(client.scheduler_info(n_workers=-1).get("workers", {})))

        def submit(bound: tuple[int, int]) -> Any:
            return client.submit(run_chunk, plan, *bound, pure=False)

        yield from _in_order(submit, bounds, ahead)
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
    for columns in _results(plan, games, workers, backend, progress, address, chunk_size):
        assert isinstance(columns, dict)
        yield to_frame(columns, plan.labels)


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
    (``"random"`` by default); a bot may be ``(name, params)``.
    ``workers=None`` uses every local core (processes); ``backend="dask"`` runs on
    a ``dask.distributed`` LocalCluster, or on ``address`` (a scheduler address or
    a ``Client``). ``aggregate=True`` keeps only per-seat sums and returns one
    row per seat (games, wins, win_rate, score_mean, ...): use it for millions of
    games. ``progress`` shows a bar (None: when not under a test). ``options`` are
    the title's variants. The same seed gives the same table whatever the workers
    or the backend.

    >>> t = simulate("knock-knock", games=3, players=3, bots="random", seed=2, workers=1)
    >>> bool(t.groupby("game").winner.any().all())
    True
    """
    plan = make_plan(title, players, bots, seed, options, aggregate)
    results = _results(plan, games, workers, backend, progress, address, chunk_size)
    if aggregate:
        total = Aggregate.empty(plan.players)
        for part in results:
            assert isinstance(part, Aggregate)
            total.merge(part)
        return aggregate_frame(total, plan.labels)
    import pandas as pd

    frames = [to_frame(part, plan.labels) for part in results if isinstance(part, dict)]
    return pd.concat(frames, ignore_index=True) if frames else to_frame({}, plan.labels)


def _results(
    plan: Plan,
    games: int,
    workers: int | None,
    backend: str,
    progress: bool | None,
    address: Any,
    chunk_size: int | None,
) -> Iterator[Columns | Aggregate]:
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise ConfigError(f"games must be a whole number >= 1, not {games!r}")
    if chunk_size is not None and (not isinstance(chunk_size, int) or chunk_size < 1):
        raise ConfigError(f"chunk_size must be a whole number >= 1, not {chunk_size!r}")
    workers = _check_workers(workers)
    bounds = chunk_bounds(games, chunk_size)
    if backend == "processes":
        results = _local_results(plan, bounds, workers)
    elif backend == "dask":
        results = _dask_results(plan, bounds, workers, address)
    else:
        raise ConfigError(f"backend must be 'processes' or 'dask', not {backend!r}")
    bar = _progress_bar(games, plan.title, progress)
    try:
        for (start, stop), part in zip(bounds, results, strict=True):
            if bar is not None:
                bar.update(stop - start)
            yield part
    finally:
        if bar is not None:
            bar.close()


def _check_workers(workers: int | None) -> int:
    if workers is None:
        return local_cores()
    if not isinstance(workers, int) or isinstance(workers, bool) or workers < 1:
        raise ConfigError(
            f"workers must be None (all cores) or a whole number >= 1, not {workers!r}"
        )
    return workers


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
def to_frame(columns: Columns, labels: Sequence[str]) -> pd.DataFrame:
    """One chunk's columns as a DataFrame with compact, stable dtypes."""
    import pandas as pd

    data = {name: columns.get(name, []) for name in BASE_COLUMNS}
    data.update({k: v for k, v in columns.items() if k not in data})
    frame = pd.DataFrame(data)
    kinds = {"game": "int64", "seed": "uint64", "seat": "int8", "rank": "int8"}
    kinds |= {"winner": "bool", "decisions": "int32"}
    frame = frame.astype(kinds)
    frame["bot"] = pd.Categorical(frame["bot"], categories=sorted(set(labels)))
    if frame["score"].dtype == object:
        frame["score"] = frame["score"].astype("float64")
    return frame


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
        bot = seats[seat]
        view = rules.view(state, seat) if bot.needs_view else None
        rules.apply(state, bot.act(view, rules.legal_actions(state)), None)
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
