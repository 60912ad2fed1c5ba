"""The pandas-free table (gamekit.simulation.Records) and the helpers that read either
kind of table: the same rows as the DataFrame, the same numbers, and a run with pandas
and NumPy blocked, as in the browser build."""

from __future__ import annotations

import copy
import json
import math
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from without_pandas import run_python, run_without_pandas

import gamekit
from gamekit import charts, simulation
from gamekit.simulation import Records, by_seat, wins_by_seat
from gamekit.simulation.records import plain_values, to_records

RUNS = [
    ("knock-knock", 3, 1),
    ("hats", 2, 5),
    ("boo-party", 5, 2),
    ("bloody-inn", 4, 3),
]


def plain_rows(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """The frame's rows as records, NumPy scalars as Python values."""
    return [
        {name: value.item() if hasattr(value, "item") else value for name, value in row.items()}
        for row in frame.to_dict("records")
    ]


def same_rows(left: list[dict[str, Any]], right: list[dict[str, Any]]) -> bool:
    """Equal rows, ``nan`` equal to ``nan``, each value of the same type."""
    if len(left) != len(right):
        return False
    for a, b in zip(left, right, strict=True):
        if list(a) != list(b):
            return False
        for name in a:
            x, y = a[name], b[name]
            if type(x) is not type(y):
                return False
            if not (x == y or (isinstance(x, float) and math.isnan(x) and math.isnan(y))):
                return False
    return True


@pytest.mark.parametrize(("title", "players", "seed"), RUNS)
def test_records_hold_the_rows_of_the_data_frame(
    monkeypatch: pytest.MonkeyPatch, title: str, players: int, seed: int
) -> None:
    """Without pandas the same rows; ``records_of`` the DataFrame gives them too, so a
    lesson's loop over ``records_of(run).rows`` reads the same rows either way."""
    frame = gamekit.simulate(title, games=40, players=players, seed=seed, workers=1)
    monkeypatch.setattr(simulation.runs, "pandas_missing", lambda: True)
    records = gamekit.simulate(title, games=40, players=players, seed=seed, workers=1)
    assert isinstance(records, Records) and isinstance(frame, pd.DataFrame)
    assert records.columns == tuple(frame.columns) and len(records) == len(frame)
    assert same_rows(list(records.rows), plain_rows(frame))
    converted = simulation.records_of(frame)
    assert converted.columns == records.columns
    assert same_rows(list(converted.rows), list(records.rows))
    assert simulation.records_of(records) is records


DATA = sorted((Path(__file__).resolve().parents[1] / "notebooks" / "data").glob("*.csv"))


@pytest.mark.parametrize("keep_empty", [False, True])
@pytest.mark.parametrize("path", DATA, ids=[path.name for path in DATA])
def test_read_table_reads_a_csv_as_pandas_does(
    monkeypatch: pytest.MonkeyPatch, path: Path, keep_empty: bool
) -> None:
    """The lessons' saved tables: the same columns and values, of the same types."""
    frame = simulation.read_table(path, keep_empty=keep_empty)
    assert isinstance(frame, pd.DataFrame)
    pd.testing.assert_frame_equal(frame, pd.read_csv(path, keep_default_na=not keep_empty))
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    records = simulation.read_table(path, keep_empty=keep_empty)
    assert isinstance(records, Records) and records.columns == tuple(frame.columns)
    assert same_rows(list(records.rows), list(simulation.records_of(frame).rows))


def test_read_table_types_each_column_as_pandas_does(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "odd.csv"
    path.write_text("n,x,flag,word,gap,empty\n1,1,True,a,,\n2,2.5,false,NA,3,\n")
    frame = pd.read_csv(path)
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    records = simulation.read_table(path)
    assert isinstance(records, Records)
    assert same_rows(list(records.rows), list(simulation.records_of(frame).rows))
    assert [type(v).__name__ for v in records.rows[0].values()] == [
        "int", "float", "bool", "str", "float", "float"
    ]  # fmt: skip


def test_read_table_refuses_a_ragged_or_empty_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    ragged, empty = tmp_path / "ragged.csv", tmp_path / "empty.csv"
    ragged.write_text("a,b\n1\n")
    empty.write_text("")
    with pytest.raises(ValueError, match="every row needs 2 cells"):
        simulation.read_table(ragged)
    with pytest.raises(ValueError, match="is empty"):
        simulation.read_table(empty)


def test_records_of_anything_else_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match="expected a table from gamekit.simulate"):
        simulation.records_of([{"seat": 0}])  # type: ignore[arg-type]


def test_records_of_many_chunks_and_of_an_aggregate_run(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = gamekit.simulate("hats", games=30, seed=4, workers=1, chunk_size=7)
    summary = gamekit.simulate("hats", games=30, seed=4, workers=1, aggregate=True)
    chunks = list(simulation.iter_tables("hats", games=30, seed=4, workers=1, chunk_size=7))
    monkeypatch.setattr(simulation.runs, "pandas_missing", lambda: True)
    records = gamekit.simulate("hats", games=30, seed=4, workers=1, chunk_size=7)
    sums = gamekit.simulate("hats", games=30, seed=4, workers=1, aggregate=True)
    parts = list(simulation.iter_tables("hats", games=30, seed=4, workers=1, chunk_size=7))
    assert isinstance(records, Records) and same_rows(list(records.rows), plain_rows(frame))
    assert isinstance(sums, Records) and same_rows(list(sums.rows), plain_rows(summary))
    assert [len(p) for p in parts] == [len(c) for c in chunks] == [21, 21, 21, 21, 6]
    assert all(isinstance(p, Records) for p in parts)
    assert same_rows([r for p in parts for r in p.rows], plain_rows(frame))


SUMMARIES = [
    [{"a": 1, "g": {"x": 1}}, {"a": 2, "g": {"x": 2, "y": 3}}, {"b": "t"}],
    [{"s": "seer", "n": 1.5, "k": True}, {"s": "monster", "n": 2, "k": False}],
    [{"g": {"x": {"deep": 1}}}, {"g": 4}],
    [{"big": 2**70}, {"big": 1}],
    [{"m": True, "t": None, "f": 2}, {"m": 1, "t": "x", "f": None}],
    [{"o": None}, {"o": None}],
]


@pytest.mark.parametrize("summaries", SUMMARIES)
def test_odd_summaries_give_the_same_rows(summaries: list[dict[str, Any]]) -> None:
    """Missing keys, nested dicts, mixed numbers, big whole numbers: as pandas has them."""
    players = len(summaries)
    kinds = [
        ([1] * players, [0], tuple(summaries)),
        (list(range(players)), list(range(1, players)), tuple(reversed(summaries))),
        ([2.5] * players, [], tuple(summaries[:1] * players)),
    ]
    picks = (1, 0, 1, 2, 0)
    rows = simulation.Rows(0, len(picks), players, list(range(len(picks))), [3] * len(picks))
    rows.results = [copy.deepcopy(kinds[i]) for i in picks]
    labels = [f"bot{k}" for k in range(players)]
    frame = simulation.to_frame(rows, labels)
    records = to_records(rows, labels)
    assert records.columns == tuple(frame.columns)
    assert same_rows(list(records.rows), plain_rows(frame))


@pytest.mark.parametrize(
    "values",
    [[1, 2.5], [1, True], [True, 1], [1, None], [None, "a"], [True, None], [2**70, 1], ["a"]],
)
def test_a_column_has_the_values_pandas_gives_it(values: list[Any]) -> None:
    expected = plain_rows(pd.DataFrame({"x": simulation.tables._array(values)}))
    assert same_rows([{"x": v} for v in plain_values(values)[0]], expected)


def test_a_different_row_fails_the_comparison() -> None:
    """The comparison used above can fail: a value or a type that differs is seen."""
    rows = [{"seat": 0, "score": 1}]
    assert not same_rows(rows, [{"seat": 0, "score": 2}])
    assert not same_rows(rows, [{"seat": 0, "score": 1.0}])
    assert not same_rows(rows, [{"score": 1, "seat": 0}])


def test_records_show_their_first_rows_and_their_size() -> None:
    table = Records([{"seat": s % 3, "winner": s == 1} for s in range(12)])
    text = repr(table)
    assert text.startswith("12 rows, 2 columns (seat, winner); the first 5:")
    assert text.count("\n") == 6 and "True" in text
    html = table._repr_html_()
    assert "12 rows" in html and html.count("<tr>") == 6


def test_the_helpers_give_the_same_numbers_on_both_kinds(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = gamekit.simulate("knock-knock", games=120, players=4, seed=8, workers=1)
    summary = gamekit.simulate("knock-knock", games=120, players=4, seed=8, aggregate=True)
    monkeypatch.setattr(simulation.runs, "pandas_missing", lambda: True)
    records = gamekit.simulate("knock-knock", games=120, players=4, seed=8, workers=1)
    sums = gamekit.simulate("knock-knock", games=120, players=4, seed=8, aggregate=True)
    expected = frame.groupby("seat").winner.mean().to_dict()
    assert by_seat(frame, "winner") == by_seat(records, "winner") == expected
    assert by_seat(records, "score") == pytest.approx(frame.groupby("seat").score.mean().to_dict())
    wins = frame.groupby("seat").winner.sum().to_dict()
    assert wins_by_seat(frame) == wins_by_seat(records) == wins_by_seat(sums) == wins
    assert wins_by_seat(summary) == wins
    for table in (frame, records, summary, sums):
        assert charts.fair_share(table) == pytest.approx(frame.winner.mean(), abs=0)
    from_records, from_frame = charts.win_rate_data(records), charts.win_rate_data(frame)
    pd.testing.assert_frame_equal(from_records, from_frame, check_dtype=False)
    pd.testing.assert_frame_equal(charts.against_fair(sums), charts.against_fair(summary))
    assert charts.win_rates(records).to_dict() == charts.win_rates(frame).to_dict()


def test_runs_under_labels_chart_as_if_stacked() -> None:
    plain = gamekit.simulate("hats", games=60, players=3, seed=1, workers=1)
    other = gamekit.simulate("hats", games=40, players=3, seed=2, workers=1)
    spec = charts.win_rates({"plain rules": plain, "open card": other}).to_dict()
    stacked = pd.concat([plain.assign(bot="plain rules"), other.assign(bot="open card")])
    assert spec == charts.win_rates(stacked).to_dict()
    data = charts.win_rate_data({"plain rules": plain, "open card": other})
    assert list(data.bot[:2]) == ["open card", "plain rules"] and data.games.sum() == 300


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: by_seat([{"seat": 0, "winner": True}], "winner"), "expected a table"),
        (lambda: charts.win_rates("hats"), "not a str"),
        (lambda: charts.win_rate_data({}), "at least one table"),
        (lambda: by_seat(Records([{"seat": 0}]), "winner"), "no column 'winner'"),
        (lambda: by_seat(Records([{"seat": 0, "bot": "a"}]), "bot"), "needs numbers"),
        (lambda: Records([1, 2]), "list of dicts"),
        (lambda: Records({"seat": 0}), "list of dicts"),
    ],
)
def test_bad_input_is_a_clear_value_error(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_a_full_and_an_aggregate_table_are_not_compared() -> None:
    full = gamekit.simulate("hats", games=5, seed=1, workers=1)
    summary = gamekit.simulate("hats", games=5, seed=1, workers=1, aggregate=True)
    with pytest.raises(ValueError, match="not both"):
        charts.win_rates({"a": full, "b": summary})


def test_in_the_browser_build_a_run_stays_in_the_kernel_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamekit.simulation import backends

    def no_pool(*args: object) -> None:
        raise AssertionError("the browser build started worker processes")

    monkeypatch.setattr(backends, "pool_parts", no_pool)
    monkeypatch.setattr(sys, "platform", "emscripten")
    table = gamekit.simulate("hats", games=200, seed=1, workers=2, chunk_size=10)
    assert len(table) == 600
    with pytest.raises(ValueError, match="no dask"):
        gamekit.simulate("hats", games=2, backend="dask")


BLOCKED = r"""
import json, sys, warnings
import gamekit
from gamekit import charts, simulation
from gamekit.simulation import Records, by_seat, wins_by_seat

import tqdm  # imported here: some of the standard library cannot import as emscripten

real, sys.platform = sys.platform, "emscripten"  # for the runs only (not at gamekit's import)
warnings.simplefilter("error")
try:
    table = gamekit.simulate("hats", games=50, players=3, seed=1, workers=2, progress=True)
    other = gamekit.simulate("hats", games=30, players=3, seed=2, workers=2, progress=False)
    summary = gamekit.simulate("hats", games=20, players=3, seed=1, aggregate=True)
finally:
    sys.platform = real
assert tqdm.tqdm.monitor is None, "no monitor thread in the browser build"
spec = charts.win_rates(table).to_dict()
both = charts.win_rates({"a": table, "b": other}).to_dict()
data = charts.win_rate_data(table)
print(json.dumps({
    "kind": type(table).__name__, "rows": len(table), "summary": type(summary).__name__,
    "by_seat": by_seat(table, "winner"), "wins": wins_by_seat(table),
    "data": list(spec["datasets"].values()), "both": len(both["datasets"]),
    "rate_rows": [row["wins"] for row in data.rows],
    "fair": charts.fair_share(table),
    "against": [row["verdict"] for row in charts.against_fair(table).rows],
    "modules": [m for m in ("pandas", "numpy", "multiprocessing") if m in sys.modules],
    "repr": repr(table).splitlines()[0],
    "scores": charts.score_distribution(table).to_dict(),
    "lengths": charts.game_length(table).to_dict(),
    "wealth": charts.wealth_over_rounds(simulation.wealth_by_round(games=3, players=2, seed=4))
    .to_dict(),
}))
"""


def test_with_pandas_and_numpy_blocked_simulate_gives_records_and_the_charts_work() -> None:
    found = run_without_pandas(BLOCKED)
    expected = gamekit.simulate("hats", games=50, players=3, seed=1, workers=1)
    wins = {str(k): v for k, v in expected.groupby("seat").winner.sum().to_dict().items()}
    assert found["kind"] == "Records" and found["summary"] == "Records" and found["rows"] == 150
    assert found["wins"] == wins and found["rate_rows"] == list(wins.values())
    assert found["by_seat"] == {str(k): v / 50 for k, v in wins.items()}
    assert found["fair"] == pytest.approx(float(expected.winner.mean()), abs=0)
    rates, fair = found["data"]
    assert [row["wins"] for row in rates] == list(wins.values()) and fair == [
        {"fair": found["fair"]}
    ]
    assert found["both"] == 2 and len(found["against"]) == 3
    assert found["modules"] == [], "pandas, numpy and multiprocessing stay unimported"
    assert found["repr"].startswith("150 rows, ")
    assert found["scores"] == charts.score_distribution(expected).to_dict()
    assert found["lengths"] == charts.game_length(expected).to_dict()
    rounds = simulation.wealth_by_round(games=3, players=2, seed=4)
    assert found["wealth"] == charts.wealth_over_rounds(rounds).to_dict()


LESSON = r"""
import ast, contextlib, importlib.machinery, io, json, sys

SITE = set(json.loads(sys.argv[2]))

class OnlyTheSite(importlib.machinery.PathFinder):
    # only what the browser build has: the standard library and the site's wheels (a
    # desktop wheel compiled by mypyc, psygnal's, has a helper module of its own); any
    # other module is not found, as there
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        top = name.split(".")[0]
        known = top in SITE or top in sys.stdlib_module_names or top.endswith("__mypyc")
        if known or top.startswith("_sysconfigdata"):  # the standard library's too
            return super().find_spec(name, path, target)
        return None

sys.meta_path[sys.meta_path.index(importlib.machinery.PathFinder)] = OnlyTheSite
import gamekit.simulation.plan
gamekit.simulation.plan.in_browser = lambda: True  # as there: runs play in this process
printed, shown, scope = [], [], {"__name__": "__main__"}
for source in json.loads(sys.argv[1]):
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    value = None
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(compile(tree, "<cell>", "exec"), scope)
        if last is not None:  # the cell's value, as a notebook shows it
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), scope)
    printed.append(out.getvalue())
    shown.append(None if value is None else repr(value))
print(json.dumps({"printed": printed, "shown": shown, "pandas": "pandas" in sys.modules}))
"""


SITE_MODULES = [
    *("gamekit", "altair", "anywidget", "asttokens", "attr", "attrs", "comm", "decorator"),
    *("executing", "IPython", "ipython_pygments_lexers", "ipywidgets", "jedi", "jinja2"),
    *("jsonschema", "markupsafe", "matplotlib_inline", "micropip", "mpmath", "narwhals"),
    *("packaging", "parso", "prompt_toolkit", "psygnal", "pure_eval", "pygments"),
    *("pyrsistent", "stack_data", "sympy", "tqdm", "traitlets", "typing_extensions"),
    "wcwidth",
    # the desktop's newer jsonschema needs these; the site's (<4.18) does not
    *("referencing", "rpds", "jsonschema_specifications"),
]
"""The top-level modules of the browser build's wheels (``tools/lite.py`` downloads them):
a lesson that runs in the browser imports nothing else (no pandas, NumPy, nbformat...)."""

WITHOUT_PANDAS = [
    "notebooks/31-boo-party-analysis.ipynb",
    "notebooks/fr/31-boo-party-analyse.ipynb",
    "notebooks/21-hats-analysis.ipynb",
    "notebooks/fr/21-hats-analyse.ipynb",
    "notebooks/41-bloody-inn-analysis.ipynb",
    "notebooks/fr/41-auberge-sanglante-analyse.ipynb",
    "notebooks/50-write-your-own-bot.ipynb",
    "notebooks/fr/50-ecrire-son-robot.ipynb",
    "notebooks/60-make-your-own-game.ipynb",
    "notebooks/fr/60-inventer-son-jeu.ipynb",
]
"""The lessons that run in the browser build with simulated games (no pandas there)."""


@pytest.mark.parametrize("lesson", WITHOUT_PANDAS)
def test_a_lesson_runs_without_pandas_and_prints_its_checked_outputs(lesson: str) -> None:
    """As in the browser build: every code cell runs with only what the site has (no pandas,
    NumPy or nbformat: :data:`SITE_MODULES`), and
    each checked cell prints, and shows as its value, what the notebook stores."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / lesson
    cells = [c for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    sources = json.dumps(["".join(c["source"]) for c in cells])
    found = run_python(LESSON, sources, json.dumps(SITE_MODULES), cwd=path.parent, timeout=600)
    assert found["pandas"] is False
    for cell, printed, shown in zip(cells, found["printed"], found["shown"], strict=True):
        if "nbval-check-output" in cell["metadata"].get("tags", []):
            streams = [o for o in cell["outputs"] if o["output_type"] == "stream"]
            assert printed == "".join("".join(o["text"]) for o in streams)
            results = [o for o in cell["outputs"] if o["output_type"] == "execute_result"]
            stored = ["".join(o["data"]["text/plain"]) for o in results]
            assert stored == ([] if shown is None else [shown]), "the cell's value differs"


def test_memory_sweep_without_pandas_gives_the_records_of_its_data_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two kinds of Monster: one sweep each, stacked with a ``monsters`` column, the same
    rows as the data frame; the survival data and the rates the same either way."""
    from gamekit.titles.boo_party import analyses as boo

    sweep = dict(games=6, players=4, seed=2, monsters=["memory", "team"], progress=False)
    frame = simulation.memory_sweep((0.5, 1.0), **sweep)
    monkeypatch.setattr(simulation.runs, "pandas_missing", lambda: True)
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    records = simulation.memory_sweep((0.5, 1.0), **sweep)
    assert isinstance(records, Records) and isinstance(frame, pd.DataFrame)
    assert list(frame.columns[-2:]) == ["memory", "monsters"] and len(frame) == 2 * 2 * 6 * 4
    assert same_rows(list(records.rows), plain_rows(frame))
    assert boo.memory_rates(records) == boo.memory_rates(frame)
    data = charts.survival_data(records, monsters="team")
    assert isinstance(data, Records)
    expected = charts.survival_data(frame[frame.monsters == "team"])
    assert same_rows(list(data.rows), plain_rows(expected))
    chart = charts.boo_survival(records, monsters="team").to_dict()
    drawn = charts.boo_survival(frame, monsters="team").to_dict()
    assert list(chart["datasets"].values()) == list(drawn["datasets"].values()) == [list(data.rows)]


def test_memory_rates_count_seat_one_per_level_with_wilson_intervals() -> None:
    from gamekit.titles.boo_party.analyses import memory_rates

    rows = [
        {"seat": seat, "memory": p, "winner": won, "rating": 2, "visions_total": v}
        for p, won, v in [(0.5, False, 3), (0.5, True, 4), (1.0, True, 4)]
        for seat in (0, 1)
    ]
    rates = memory_rates(Records(rows))
    assert [(r["memory"], r["games"], r["wins"], r["visions"]) for r in rates] == [
        (0.5, 2, 1, 4),
        (1.0, 1, 1, 4),
    ]
    assert (rates[0]["low"], rates[0]["high"]) == charts.wilson(1, 2)
    assert rates[0]["win_rate"] == 0.5 and rates[0]["rating"] == 2.0


def test_class_games_without_pandas_are_the_records_of_their_data_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """load_games, costume_choices and costumes_by_player: the same rows either way (a
    missing bot is ``None`` in Records, missing in the frame)."""
    from gamekit.titles.boo_party.analyses import costume_choices, costumes_by_player

    source = Path(__file__).resolve().parents[1] / "notebooks/data/class-boo-party.json"
    games, choices = gamekit.load_games(source), costume_choices(source)
    by_player = costumes_by_player(choices)
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    plain_games, plain_choices = gamekit.load_games(source), costume_choices(source)
    assert isinstance(plain_games, Records) and isinstance(plain_choices, Records)
    expected = [
        {**row, "bot": row["bot"] if isinstance(row["bot"], str) else None}
        for row in simulation.records_of(games).rows
    ]
    assert plain_games.columns == tuple(games.columns)
    assert same_rows(list(plain_games.rows), expected)
    assert plain_choices.rows == simulation.records_of(choices).rows
    plain_by_player = costumes_by_player(plain_choices)
    assert isinstance(plain_by_player, Records)
    assert same_rows(list(plain_by_player.rows), plain_rows(by_player))
