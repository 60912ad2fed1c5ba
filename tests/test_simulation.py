"""Bulk simulation: tidy tables, seeds, workers, dask, the aggregate mode."""

from __future__ import annotations

import copy
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import gamekit
from gamekit import bots, simulation
from gamekit.core.actions import Action
from gamekit.core.rng import derive_seed
from gamekit.simulation import BASE_COLUMNS, chunk_bounds, iter_tables, simulate

TITLES = gamekit.TITLES


def _replayed(title: str, row_seed: int, run_seed: int, game: int, players: int, names: list[str]):
    """Play game ``game`` of a run through the full API, with the run's seeds."""
    g = gamekit.new_game(title, players=players, seed=row_seed)
    seats = [
        bots.make(title, names[s], seed=derive_seed(run_seed, "bot", game, s))
        for s in range(players)
    ]
    while g.to_move is not None:
        g.play(seats[g.to_move].choose(g))
    return g


def test_table_has_one_row_per_game_and_seat(toy_title: str) -> None:
    table = simulate(toy_title, games=7, players=3, seed=4, workers=1)
    assert list(table.columns) == list(BASE_COLUMNS)
    assert len(table) == 21
    assert table.groupby("game").size().eq(3).all()
    assert list(table.seat[:6]) == [0, 1, 2, 0, 1, 2]
    assert list(table.game.unique()) == list(range(7))


def test_rows_are_the_games_the_full_api_plays(toy_title: str) -> None:
    table = simulate(toy_title, games=12, players=3, seed=9, workers=1)
    for game, rows in table.groupby("game"):
        seed = int(rows.seed.iloc[0])
        assert seed == derive_seed(9, "game", game)
        g = _replayed(toy_title, seed, 9, int(game), 3, ["random"] * 3)
        assert list(rows.score) == g.scores()
        assert list(rows.seat[rows.winner]) == g.winners()
        assert set(rows.decisions) == {g.step}


def test_rank_puts_winners_first_then_scores() -> None:
    rank = simulation._rank
    assert [rank(s, [5, 9, 9, 1], {1, 2}) for s in range(4)] == [1 + 2, 1, 1, 4]
    # A team win: both winners rank 1 whatever their own scores.
    assert [rank(s, [3, 8, 4, 6], {0, 2}) for s in range(4)] == [1, 3, 1, 4]
    # A tie-break: equal scores, one winner.
    assert [rank(s, [7, 7], {1}) for s in range(2)] == [2, 1]


def test_same_table_whatever_the_workers_and_chunks(toy_title: str) -> None:
    one = simulate(toy_title, games=40, players=2, seed=3, workers=1)
    two = simulate(toy_title, games=40, players=2, seed=3, workers=2)
    small_chunks = simulate(toy_title, games=40, players=2, seed=3, workers=2, chunk_size=3)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, small_chunks)
    other_seed = simulate(toy_title, games=40, players=2, seed=4, workers=1)
    assert not one.equals(other_seed)


def test_same_table_on_a_dask_local_cluster(toy_title: str) -> None:
    distributed = pytest.importorskip("dask.distributed")
    local = simulate(toy_title, games=30, players=3, seed=11, workers=1)
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=False, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = simulate(toy_title, games=30, players=3, seed=11, backend="dask", address=client)
        real = gamekit.TITLES[-1:]
        for title in real:
            here = simulate(title, games=4, seed=5, workers=1)
            there = simulate(title, games=4, seed=5, backend="dask", address=client, chunk_size=1)
            pd.testing.assert_frame_equal(here, there)
    pd.testing.assert_frame_equal(local, on_dask)


def test_iter_tables_streams_the_same_rows(toy_title: str) -> None:
    whole = simulate(toy_title, games=9, seed=2, workers=1)
    parts = list(iter_tables(toy_title, games=9, seed=2, workers=1, chunk_size=4))
    assert [len(p) for p in parts] == [8, 8, 2]
    pd.testing.assert_frame_equal(whole, pd.concat(parts, ignore_index=True))


def test_aggregate_mode_matches_the_full_table(toy_title: str) -> None:
    table = simulate(toy_title, games=50, players=3, seed=5, workers=1)
    summary = simulate(toy_title, games=50, players=3, seed=5, workers=2, aggregate=True)
    by_seat = table.groupby("seat")
    assert list(summary.games) == [50, 50, 50]
    assert list(summary.wins) == list(by_seat.winner.sum())
    assert summary.score_mean.tolist() == pytest.approx(by_seat.score.mean().tolist())
    assert summary.score_std.tolist() == pytest.approx(by_seat.score.std().tolist())
    assert list(summary.score_max) == list(by_seat.score.max())
    assert summary.rank_mean.tolist() == pytest.approx(by_seat["rank"].mean().tolist())


def test_chunks_depend_on_the_number_of_games_only() -> None:
    assert chunk_bounds(5, 2) == [(0, 2), (2, 4), (4, 5)]
    bounds = chunk_bounds(1_000_000)
    assert bounds[0] == (0, 1000) and bounds[-1] == (999_000, 1_000_000)
    assert chunk_bounds(100) == [(i, min(i + 2, 100)) for i in range(0, 100, 2)]


def test_one_bot_per_seat_with_params(toy_title: str) -> None:
    table = simulate(toy_title, games=2, players=2, bots=["random", ("random", {})], workers=1)
    assert list(table.bot[:2]) == ["random", "random"]
    label = simulation._label("memory", (("p", 0.5),))
    assert label == "memory(p=0.5)"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "games must be a whole number >= 1"),
        ({"workers": 0}, "workers must be None"),
        ({"backend": "spark"}, "backend must be 'processes' or 'dask'"),
        ({"bots": ["random"] * 3, "players": 2}, "one bot per seat: 2 players but 3 bots"),
        ({"bots": "genius"}, "no bot 'genius'"),
        ({"seed": -1}, "seed must be a whole number"),
        ({"players": 7}, "players must be 2 to 3"),
    ],
)
def test_bad_arguments_say_what_is_allowed(toy_title: str, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(toy_title, **{"games": 2, "workers": 1, **kwargs})


def test_progress_bar_is_off_in_tests_and_on_when_asked(
    toy_title: str, capsys: pytest.CaptureFixture[str]
) -> None:
    simulate(toy_title, games=5, workers=1)
    assert capsys.readouterr().err == ""
    simulate(toy_title, games=5, workers=1, progress=True)
    err = capsys.readouterr().err
    assert "toy" in err and "5/5" in err


def test_a_late_bar_shows_only_for_a_run_still_going_after_its_delay() -> None:
    """progress=None's bar: a run that ends within the delay makes none (no tqdm import)."""
    from gamekit.simulation.backends import LateBar

    made: list[Any] = []

    class Bar:
        def __init__(self, total: int, title: str) -> None:
            self.total, self.n, self.closed = total, 0, False
            made.append(self)

        def update(self, n: int) -> None:
            self.n += n

        def close(self) -> None:
            self.closed = True

    now = [0.0]
    bar = LateBar(10, "hats", delay=0.5, clock=lambda: now[0], make=Bar)
    bar.update(3)
    assert not made
    now[0] = 0.6
    bar.update(3)
    assert len(made) == 1 and made[0].n == 6 and made[0].total == 10
    bar.update(4)
    bar.close()
    assert made[0].n == 10 and made[0].closed
    quick = LateBar(10, "hats", delay=0.5, clock=lambda: now[0], make=Bar)
    now[0] = 9.0
    quick.update(10)  # the whole run came in one part: no bar for a finished run
    quick.close()
    assert len(made) == 1


def test_simulate_is_exposed_lazily() -> None:
    assert gamekit.simulate.__doc__ and gamekit.simulation is simulation


# -- every title ----------------------------------------------------------------------
EXPECTED_COLUMNS = {
    "knock-knock": {"monster", "ghost", "vampire"},  # guests per folk
    "hats": {"collection", "black_hats", "favourite", "cookie"},
    "boo-party": {"rating", "visions_revealed"},
    "bloody-inn": {"wealth", "cash", "cheques", "corpses_buried", "annexes_built"},
}


@pytest.mark.parametrize("title", TITLES)
def test_every_title_gives_its_summary_columns(title: str) -> None:
    table = simulate(title, games=3, seed=1, workers=1)
    players = int(table.seat.max()) + 1
    extra = [c for c in table.columns if c not in BASE_COLUMNS]
    assert extra, f"{title} has no per-title columns"
    assert EXPECTED_COLUMNS[title] <= set(extra)
    for game, rows in table.groupby("game"):
        g = _replayed(title, int(rows.seed.iloc[0]), 1, int(game), players, ["random"] * players)
        assert list(rows.score) == g.scores()
        assert list(rows.seat[rows.winner]) == g.winners()
        want = [simulation.flatten(s) for s in g.summary()]
        assert rows[extra].to_dict("records") == want


@pytest.mark.parametrize("title", TITLES)
def test_every_title_same_table_with_two_workers(title: str) -> None:
    names = bots.available(title)
    players = gamekit.rules_for(title).default_players
    chosen = [names[s % len(names)] for s in range(players)]
    one = simulate(title, games=6, bots=chosen, seed=8, workers=1)
    two = simulate(title, games=6, bots=chosen, seed=8, workers=2, chunk_size=2)
    pd.testing.assert_frame_equal(one, two)


@pytest.mark.parametrize(
    "module",
    [
        "gamekit.simulation",
        "gamekit.simulation.plan",
        "gamekit.simulation.backends",
        "gamekit.simulation.runs",
        "gamekit.simulation.analyses",
        "gamekit.charts",
        "gamekit.cli",
        "gamekit.titles.boo_party.analyses",
        "gamekit.titles.bloody_inn.analyses",
    ],
)
def test_doctests(module: str) -> None:
    import doctest
    import importlib

    alt = pytest.importorskip("altair")
    before = alt.renderers.active
    try:
        result = doctest.testmod(importlib.import_module(module))
    finally:
        alt.renderers.enable(before)
    assert result.attempted > 0 and result.failed == 0


class _FirstActionBot(bots.Bot):
    """A bot of the test's own: always the first legal action."""

    name = "first"
    needs_view = False

    def act(self, view: object, legal: Sequence[Action]) -> Action:
        return legal[0]


def test_simulate_accepts_your_own_bot_class() -> None:
    lineup: list[simulation.BotSpec] = [_FirstActionBot, "random", "random"]
    table = gamekit.simulate(
        "knock-knock", games=6, players=3, bots=lineup, seed=4, workers=1, progress=False
    )
    assert list(table[table.seat == 0].bot) == ["first"] * 6
    for game in range(6):
        rows = table[table.game == game].sort_values("seat")
        g = gamekit.new_game("knock-knock", players=3, seed=int(rows.seed.iloc[0]))
        players = [
            bots.make("knock-knock", name, seed=derive_seed(4, "bot", game, seat))
            for seat, name in enumerate(lineup)
        ]
        while not g.is_over:
            g.play(players[g.to_move].choose(g))  # type: ignore[index]
        assert list(rows.score) == g.scores()


# -- bounded, interruptible, at any start method ----------------------------------------
def test_chunks_are_planned_lazily_for_any_number_of_games() -> None:
    bounds = simulation.iter_bounds(10**12)
    assert next(bounds) == (0, 1000) and next(bounds) == (1000, 2000)
    plan = simulation.make_plan("knock-knock", 3, "random", 1, {}, aggregate=True)
    parts = simulation._parts(plan, simulation.RunOptions(games=10**12, workers=1, progress=False))
    first = next(parts)  # a first chunk at once: nothing is listed ahead
    parts.close()
    assert isinstance(first, simulation.Aggregate) and first.games == [1000] * 3


def test_workers_are_capped_by_the_work_and_the_cores() -> None:
    cores = simulation.local_cores()
    assert simulation.worker_count(24, 4) == min(4, cores)
    assert simulation.worker_count(None, 1) == 1
    assert simulation.worker_count(None, 10**6) == cores
    assert simulation.worker_count(3, 100, chunk_size=50) == min(2, cores)


CHILD = r"""
import signal, sys, time
import gamekit
from gamekit import simulation
if __name__ == "__main__":
    # Ctrl-C raises KeyboardInterrupt, as in a kernel, even when the run that started
    # this test ignores SIGINT (a background job of a non-interactive shell does)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    simulation.START_METHOD = sys.argv[1]
    print("ready", flush=True)
    try:
        gamekit.simulate("bloody-inn", games=10**12, workers=2, aggregate=True, progress=False)
    except KeyboardInterrupt:
        print("interrupted", flush=True)
    table = gamekit.simulate("knock-knock", games=20, players=3, workers=2, progress=False)
    print("rerun", len(table), flush=True)
"""


WAIT_LINE = 300
"""How long a line of the child may take (a bound on a state: the child prints it)."""


def _lines_of(stream: Any) -> Any:
    """A queue of ``stream``'s lines, stripped, read by a thread (so a wait is bounded)."""
    import queue
    import threading

    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        for line in stream:
            lines.put(line.strip())

    threading.Thread(target=read, daemon=True).start()
    return lines


def _workers_of(process: Any) -> list[Any]:
    """The live worker processes under ``process`` (not multiprocessing's resource tracker)."""
    import psutil

    found = []
    for child in process.children(recursive=True):
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in " ".join(
                child.cmdline()
            ):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


@pytest.mark.parametrize(
    ("method", "whole_group"), [("fork", False), ("fork", True), ("spawn", False)]
)
def test_ctrl_c_stops_a_long_run_at_once(tmp_path: Path, method: str, whole_group: bool) -> None:
    """SIGINT to the kernel alone (the notebook's stop button) or to the whole process
    group (Ctrl-C in a terminal): the endless run stops, no worker is left, and a rerun works,
    also when the signal lands while pandas is being imported beside the workers."""
    import multiprocessing
    import signal
    import subprocess
    import time

    psutil = pytest.importorskip("psutil")
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    script = tmp_path / "child.py"
    script.write_text(CHILD)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen(
        [sys.executable, str(script), method],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,
    )
    assert child.stdout is not None
    lines = _lines_of(child.stdout)
    try:
        assert lines.get(timeout=WAIT_LINE) == "ready"
        me = psutil.Process(child.pid)
        deadline = time.monotonic() + 30
        while len(_workers_of(me)) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        workers = _workers_of(me)
        assert len(workers) == 2
        time.sleep(0.5)  # the workers are busy with their chunks
        if whole_group:
            os.killpg(child.pid, signal.SIGINT)
        else:
            child.send_signal(signal.SIGINT)
        assert lines.get(timeout=WAIT_LINE) == "interrupted"
        # The run's own workers (the rerun's may have started already); one killed on a
        # busy machine takes a moment to be gone.
        _, alive = psutil.wait_procs(workers, timeout=30)
        assert [p for p in alive if p.status() != psutil.STATUS_ZOMBIE] == []
        assert lines.get(timeout=WAIT_LINE) == "rerun 60"
        assert child.wait(30) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


NOTEBOOK_CASE = r"""
import json, sys
import gamekit
from gamekit import simulation

simulation.START_METHOD = "spawn"
cells = json.loads(sys.argv[1])
for cell in cells:  # as a kernel runs them: in __main__, which a spawned worker cannot import
    exec(compile(cell, "<cell>", "exec"), globals())
gamekit.register(RULES)
assert Prankster.__module__ == "__main__" and type(RULES).__module__ == "__main__"
lineup = [Prankster, "greedy", "random", "random"]
one = gamekit.simulate("knock-knock", games=8, players=4, bots=lineup, seed=3, workers=1)
two = gamekit.simulate("knock-knock", games=8, players=4, bots=lineup, seed=3, workers=2,
                       chunk_size=2)
toy_one = gamekit.simulate("toy", games=8, players=3, seed=5, workers=1)
toy_two = gamekit.simulate("toy", games=8, players=3, seed=5, workers=2, chunk_size=2)
print(json.dumps({"bots": one.equals(two), "toy": toy_one.equals(toy_two),
                  "labels": sorted(set(two.bot))}))
"""


def test_spawned_workers_play_a_bot_and_a_game_defined_in_a_notebook() -> None:
    """The macOS and Windows way: classes from notebook cells travel to spawned workers."""
    import json
    import subprocess

    notebook = Path(__file__).parents[1] / "notebooks" / "50-write-your-own-bot.ipynb"
    sources = ["".join(c["source"]) for c in json.loads(notebook.read_text())["cells"]]
    bot_cell = next(s for s in sources if "class Prankster(Bot)" in s)
    game_cell = (Path(__file__).parent / "toy_game.py").read_text()
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    done = subprocess.run(
        [sys.executable, "-c", NOTEBOOK_CASE, json.dumps([bot_cell, game_cell])],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found == {"bots": True, "toy": True, "labels": ["greedy", "prankster", "random"]}


@pytest.mark.parametrize(
    "summaries",
    [
        [{"a": 1, "g": {"x": 1}}, {"a": 2, "g": {"x": 2, "y": 3}}, {"b": "t"}],
        [{"s": "seer", "n": 1.5, "k": True}, {"s": "monster", "n": 2, "k": False}],
        [{"g": {"x": {"deep": 1}}}, {"g": 4}],
        [{"big": 2**70}, {"big": 1}],
    ],
)
def test_summary_columns_are_the_flattened_rows(summaries: list[dict[str, object]]) -> None:
    """Column-wise flattening gives the table that flattening row by row gives."""
    built = pd.DataFrame(simulation._flat_columns(summaries))
    expected = pd.DataFrame([simulation.flatten(s) for s in summaries])
    pd.testing.assert_frame_equal(built, expected, check_dtype=False)


@pytest.mark.parametrize(
    "summaries",
    [
        [{"a": 1, "g": {"x": 1}}, {"a": 2, "g": {"x": 2, "y": 3}}, {"b": "t"}],
        [{"s": "seer", "n": 1.5, "k": True}, {"s": "monster", "n": 2, "k": False}],
        [{"g": {"x": {"deep": 1}}}, {"g": 4}],
        [{"big": 2**70}, {"big": 1}],
    ],
)
def test_games_sharing_results_give_the_table_of_every_game(
    summaries: list[dict[str, object]],
) -> None:
    """Results shared between games (Rules.results) are worked out once: the same table."""
    players = len(summaries)
    kinds = [
        ([1] * players, [0], tuple(summaries)),
        (list(range(players)), list(range(1, players)), tuple(reversed(summaries))),
        ([2.5] * players, [], tuple(summaries[:1] * players)),
    ]
    picks = (1, 0, 1, 1, 2, 0, 1, 1, 1, 0)
    shared = simulation.Rows(0, len(picks), players, list(range(len(picks))), [3] * len(picks))
    shared.results = [kinds[i] for i in picks]
    fresh = simulation.Rows(0, len(picks), players, list(range(len(picks))), [3] * len(picks))
    fresh.results = [copy.deepcopy(kinds[i]) for i in picks]
    labels = ["a"] * players
    pd.testing.assert_frame_equal(
        simulation.to_frame(shared, labels), simulation.to_frame(fresh, labels)
    )


# -- small runs in this process; the same table whatever the workers --------------------
@pytest.mark.parametrize(
    ("title", "games"), [("knock-knock", 20), ("hats", 300), ("boo-party", 20)]
)
def test_same_table_for_one_two_and_default_workers(title: str, games: int) -> None:
    one = simulate(title, games=games, seed=6, workers=1)
    two = simulate(title, games=games, seed=6, workers=2)
    default = simulate(title, games=games, seed=6)
    pd.testing.assert_frame_equal(one, two)
    pd.testing.assert_frame_equal(one, default)


def test_a_small_run_with_default_workers_starts_no_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamekit.simulation import backends

    def no_pool(*args: object) -> None:
        raise AssertionError("a 20-game run started worker processes")

    monkeypatch.setattr(backends, "pool_parts", no_pool)
    monkeypatch.setattr(simulation.plan, "local_cores", lambda: 2)
    table = simulate("knock-knock", games=20, players=3, seed=2)
    assert len(table) == 60 and table.game.nunique() == 20


def test_a_run_worth_workers_starts_them_after_the_first_chunk(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamekit.simulation import backends

    real = backends.pool_parts
    started: list[tuple[int, int]] = []

    def spy(plan: Any, bounds: Any, processes: int) -> Any:
        rest = list(bounds)
        started.append(rest[0])
        return real(plan, iter(rest), processes)

    monkeypatch.setattr(backends, "pool_parts", spy)
    monkeypatch.setattr(simulation.plan, "local_cores", lambda: 2)
    monkeypatch.setitem(backends.POOL_WORTH_SECONDS, backends.start_method(), 0.0)
    table = simulate("knock-knock", games=200, players=3, seed=2)
    assert started == [(4, 8)], "the first chunk (games 0-3) is played here"
    pd.testing.assert_frame_equal(
        table, simulate("knock-knock", games=200, players=3, seed=2, workers=1)
    )


# -- the titles' own analyses, rounds, unknown keywords ---------------------------------
def test_unknown_keyword_names_the_closest_valid_one() -> None:
    with pytest.raises(ValueError, match=r"no option 'worker'; did you mean workers=\?"):
        simulate("hats", games=2, worker=2)
    with pytest.raises(ValueError, match=r"did you mean removed_types=\?"):
        simulate("hats", games=2, removed_type=["cook"])
    with pytest.raises(ValueError, match=r"no option 'colour' \(simulate's own arguments: games"):
        simulate("hats", games=2, colour="red")
    with pytest.raises(ValueError, match=r"did you mean chunk_size=\?"):
        list(iter_tables("hats", games=2, chunksize=1))


def test_round_of_is_none_for_a_title_without_rounds(toy_title: str) -> None:
    rules = gamekit.rules_for(toy_title)
    state = rules.initial_state(rules.make_config(None, {}), 1)
    assert rules.round_of(state) is None
    with pytest.raises(ValueError, match="does not count rounds"):
        simulation.scores_by_round(toy_title, games=1)


def test_round_of_counts_the_rounds_of_the_bloody_inn() -> None:
    table = simulation.scores_by_round("bloody-inn", games=3, players=2, seed=1)
    g = gamekit.new_game("bloody-inn", players=2, seed=simulation.game_seed(1, 0))
    assert g.rules.round_of(g.state) == 1
    first = table[table.game == 0]
    assert list(first["round"].drop_duplicates()) == list(range(1, first["round"].max() + 1))


def test_titles_give_their_own_analyses_and_the_old_names_delegate() -> None:
    boo = gamekit.rules_for("boo-party").analyses()
    inn = gamekit.rules_for("bloody-inn").analyses()
    assert {"memory_sweep", "survival_chart", "costume_choices", "costumes_by_player"} <= set(boo)
    assert {"wealth_by_round", "wealth_chart", "police_evenings", "police_by_player"} <= set(inn)
    knock = gamekit.rules_for("knock-knock").analyses()
    assert set(knock) == {"door_decisions", "doors_by_player"}
    hats = gamekit.rules_for("hats").analyses()
    assert set(hats) == {"exchange_decisions", "takes_by_player"}
    assert simulation.analysis("memory_sweep") is boo["memory_sweep"]
    old = simulation.wealth_by_round(games=2, players=2, seed=3)
    pd.testing.assert_frame_equal(old, inn["wealth_by_round"](games=2, players=2, seed=3))
    with pytest.raises(ValueError, match="Hats has no analysis named 'memory_sweep'"):
        simulation.analysis("memory_sweep", "hats")


def test_simulate_and_ladder_show_their_real_signatures() -> None:
    import inspect
    import subprocess

    from gamekit import ladder as ladder_module

    assert inspect.signature(gamekit.simulate) == inspect.signature(simulation.simulate)
    real_ladder = getattr(ladder_module, "ladder", ladder_module)
    assert "resamples" in inspect.signature(real_ladder).parameters
    code = (
        "import inspect, sys, gamekit\n"
        "names = list(inspect.signature(gamekit.simulate).parameters)\n"
        "print(names[:3], 'pandas' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "['title', 'games', 'players'] False"


# -- dask ---------------------------------------------------------------------------------
def test_dask_says_so_when_no_worker_is_left(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    from gamekit.simulation import backends

    monkeypatch.setattr(backends, "DASK_NO_WORKERS_SECONDS", 0.5)
    with (
        distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
        pytest.raises(RuntimeError, match="no worker for 0.5 s"),
    ):
        simulate(toy_title, games=4, seed=1, backend="dask", address=client)


def test_dask_workers_are_capped_by_the_work(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    distributed = pytest.importorskip("dask.distributed")
    real = distributed.LocalCluster
    asked: list[int] = []

    def cluster(**kwargs: Any) -> Any:
        asked.append(kwargs["n_workers"])
        return real(**{**kwargs, "processes": False})

    monkeypatch.setattr(distributed, "LocalCluster", cluster)
    table = simulate(toy_title, games=3, seed=1, backend="dask", workers=8, chunk_size=1)
    assert asked == [3] and table.game.nunique() == 3


def test_a_ctrl_c_during_the_background_pandas_import_waits_until_the_import_is_whole() -> None:
    """An import cut in half by Ctrl-C would leave NumPy broken for every later run."""
    import signal

    from gamekit.simulation.backends import interrupts_held

    finished = False
    outer = signal.signal(signal.SIGINT, signal.default_int_handler)  # as in a kernel
    try:
        with pytest.raises(KeyboardInterrupt), interrupts_held():
            os.kill(os.getpid(), signal.SIGINT)
            finished = True  # the signal did not cut the block short
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    finally:
        signal.signal(signal.SIGINT, outer)
    assert finished


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP"])
def test_an_ending_signal_during_the_pandas_import_waits_until_the_import_is_whole(
    name: str,
) -> None:
    """``gamekit simulate`` turns these signals into an exception: the import runs to its
    end first, then that exception comes, once."""
    import signal

    from gamekit.cli import Ended, ended_by_signals
    from gamekit.simulation.backends import interrupts_held

    number = getattr(signal, name)
    finished = False
    with ended_by_signals():
        ending = signal.getsignal(number)
        with pytest.raises(Ended) as ended, interrupts_held():
            os.kill(os.getpid(), number)
            os.kill(os.getpid(), number)
            finished = True
        assert signal.getsignal(number) is ending
    assert finished and ended.value.number == number


def test_an_ending_signal_no_python_handler_catches_is_not_held() -> None:
    """With the default handler such a signal ends the process at once, as before: only
    signals a Python handler would turn into an exception are held."""
    import signal

    from gamekit.simulation.backends import _holdable

    before = signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        assert signal.SIGTERM not in _holdable() and signal.SIGINT in _holdable()
    finally:
        signal.signal(signal.SIGTERM, before)
