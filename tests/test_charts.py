"""gamekit.charts: each chart's marks, encodings and data (not pixels), export offline."""

from __future__ import annotations

import importlib.util
import json
import re
import subprocess
import sys
from typing import Any

import pandas as pd
import pytest

import gamekit
from gamekit import charts, simulation

alt = pytest.importorskip("altair")


def _spec(chart: Any) -> dict[str, Any]:
    return chart.to_dict()  # type: ignore[no-any-return]


def _data(spec: dict[str, Any], layer: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """The rows a chart (or one of its layers) draws."""
    source = layer or (spec if "data" in spec else spec["layer"][0])
    return spec["datasets"][source["data"]["name"]]  # type: ignore[no-any-return]


def _marks(spec: dict[str, Any]) -> list[str]:
    return [layer["mark"]["type"] for layer in spec["layer"]]


@pytest.fixture
def toy_table(toy_title: str) -> pd.DataFrame:
    return gamekit.simulate(toy_title, games=60, players=3, seed=2, workers=1)


def test_score_distribution_counts_every_seat(toy_table: pd.DataFrame) -> None:
    spec = _spec(charts.score_distribution(toy_table))
    assert spec["facet"]["column"]["field"] == "player"
    assert spec["facet"]["column"]["sort"] == ["Player 1", "Player 2", "Player 3"]
    inner = spec["spec"]
    assert inner["mark"]["type"] == "bar"
    assert inner["encoding"]["x"]["field"] == "score" and inner["encoding"]["x"]["bin"]
    assert inner["encoding"]["y"] == {
        "aggregate": "sum",
        "field": "games",
        "type": "quantitative",
        "stack": None,
        "title": "games",
        "axis": {"format": "d", "labelFontSize": 14, "tickMinStep": 1, "titleFontSize": 15},
    }
    assert inner["encoding"]["color"]["field"] == "bot"
    rows = pd.DataFrame(_data(spec))
    assert rows.games.sum() == len(toy_table)
    counted = rows.groupby("seat").games.sum().to_dict()
    assert counted == {0: 60, 1: 60, 2: 60}
    mode = toy_table[toy_table.seat == 0].score.value_counts()
    assert rows[(rows.seat == 0)].set_index("score").games.to_dict() == mode.to_dict()


def test_win_rates_draw_intervals_around_the_rate(toy_table: pd.DataFrame) -> None:
    spec = _spec(charts.win_rates(toy_table))
    assert _marks(spec) == ["rule", "point", "rule"]
    interval, point, fair = spec["layer"]
    assert interval["encoding"]["y"]["field"] == "low"
    assert interval["encoding"]["y2"]["field"] == "high"
    assert point["encoding"]["y"]["field"] == "win_rate"
    assert point["encoding"]["x"]["field"] == "player"  # seat 0 reads Player 1
    rows = pd.DataFrame(_data(spec))
    wins = toy_table.groupby("seat").winner.sum().tolist()
    assert rows.wins.tolist() == wins and rows.games.tolist() == [60, 60, 60]
    assert (rows.low <= rows.win_rate).all() and (rows.win_rate <= rows.high).all()
    assert _data(spec, fair) == [{"fair": pytest.approx(toy_table.winner.mean())}]
    low, high = interval["encoding"]["y"]["scale"]["domain"]
    assert low <= rows.low.min() and rows.high.max() <= high, "the axis shows every interval"
    assert high - low < 1, "the axis zooms to the intervals"


def test_fair_share_counts_shared_wins() -> None:
    # game 0: seats 0 and 1 share the win; game 1: seat 0 alone wins
    table = pd.DataFrame({"game": [0, 0, 1, 1], "seat": [0, 1, 0, 1], "winner": [1, 1, 1, 0]})
    assert charts.fair_share(table) == pytest.approx((2 / 2 + 1 / 2) / 2)
    summary = pd.DataFrame({"seat": [0, 1], "games": [2, 2], "wins": [2, 1]})
    assert charts.fair_share(summary) == pytest.approx(0.75)


def test_win_rates_accept_an_aggregate_table(toy_title: str, toy_table: pd.DataFrame) -> None:
    summary = gamekit.simulate(toy_title, games=60, players=3, seed=2, workers=1, aggregate=True)
    from_full = charts.win_rate_data(toy_table)
    from_sums = charts.win_rate_data(summary)
    pd.testing.assert_frame_equal(from_full.reset_index(drop=True), from_sums, check_dtype=False)


def test_wilson_interval_known_values() -> None:
    low, high = charts.wilson(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = charts.wilson(81, 263)
    assert (low, high) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))


def test_game_length_counts_each_game_once(toy_table: pd.DataFrame) -> None:
    spec = _spec(charts.game_length(toy_table))
    assert spec["mark"]["type"] == "bar"
    assert spec["encoding"]["x"]["field"] == "decisions" and spec["encoding"]["x"]["bin"]
    assert sum(r["games"] for r in _data(spec)) == 60


def test_versus_matrix_is_a_grid_of_win_rates() -> None:
    matrix = pd.DataFrame(
        {
            "bot": ["a", "a", "b", "b"],
            "opponent": ["a", "b", "a", "b"],
            "games": [10] * 4,
            "wins": [5, 8, 1, 5],
            "win_rate": [0.5, 0.8, 0.1, 0.5],
        }
    )
    spec = _spec(charts.versus_matrix(matrix))
    assert _marks(spec) == ["rect", "text"]
    cells, labels = spec["layer"]
    assert (
        cells["encoding"]["x"]["field"] == "opponent" and cells["encoding"]["y"]["field"] == "bot"
    )
    assert cells["encoding"]["color"]["field"] == "win_rate"
    assert labels["encoding"]["text"]["field"] == "win_rate"
    assert len(_data(spec)) == 4


def test_versus_counts_wins_of_the_row_bot(toy_title: str) -> None:
    matrix = simulation.versus(toy_title, ["random"], games=6, players=2, seed=1)
    assert matrix[["bot", "opponent", "games"]].values.tolist() == [["random", "random", 6]]
    assert 0 <= matrix.wins[0] <= 6


def test_convergence_running_mean_and_band() -> None:
    samples = [1, 0, 0, 1, 0, 0, 0, 1, 0, 0] * 30
    spec = _spec(charts.convergence(samples, exact=0.3, label="P(win)", points=50))
    assert _marks(spec) == ["area", "line", "rule"]
    band, line, rule = spec["layer"]
    assert band["encoding"]["y"]["field"] == "low" and band["encoding"]["y2"]["field"] == "high"
    assert line["encoding"]["y"]["field"] == "estimate"
    assert line["encoding"]["x"]["scale"]["type"] == "log"
    assert rule["encoding"]["y"]["field"] == "exact"
    rows = pd.DataFrame(_data(spec))
    for n, estimate in zip(rows.n, rows.estimate, strict=True):
        assert estimate == pytest.approx(sum(samples[:n]) / n)
    assert rows.n.iloc[-1] == 300 and rows.estimate.iloc[-1] == pytest.approx(0.3)
    assert (rows.low >= 0).all() and (rows.high <= 1).all()
    assert (rows.high - rows.low).is_monotonic_decreasing


def test_convergence_takes_sympy_exact_values() -> None:
    sympy = pytest.importorskip("sympy")
    data = charts.running_mean([0, 1, 1, 0], exact=float(sympy.Rational(1, 2)), points=4)
    assert list(data.exact) == [0.5] * 4
    assert _spec(charts.convergence([0, 1], sympy.Rational(1, 2)))["layer"]
    with pytest.raises(ValueError, match="at least one sample"):
        charts.running_mean([])


def test_boo_survival_by_memory() -> None:
    table = pd.DataFrame(
        {
            "game": [0, 0, 1, 1, 0, 1],
            "memory": [0.5, 0.5, 0.5, 0.5, 1.0, 1.0],
            "visions_revealed": [2, 2, 4, 4, 4, 4],
        }
    )
    spec = _spec(charts.boo_survival(table))
    assert spec["mark"]["type"] == "line"
    assert spec["encoding"]["color"]["field"] == "memory"
    assert spec["encoding"]["x"]["field"] == "visions"
    rows = {(r["memory"], r["visions"]): r["surviving"] for r in _data(spec)}
    assert rows[(0.5, 2)] == 1.0 and rows[(0.5, 3)] == 0.5 and rows[(0.5, 4)] == 0.5
    assert rows[(1.0, 4)] == 1.0


def test_boo_memory_sweep_feeds_the_survival_chart() -> None:
    table = simulation.memory_sweep((0.0, 1.0), games=10, players=4, seed=3)
    assert set(table.memory) == {0.0, 1.0}
    data = charts.survival_data(table)
    perfect = data[data.memory == 1.0]
    # Perfect Monsters always last the whole party; forgetful ones do not.
    assert perfect.surviving.eq(1.0).all()
    assert data[data.memory == 0.0].surviving.min() < 1.0


def test_wealth_over_rounds_from_the_game() -> None:
    table = simulation.wealth_by_round(games=3, players=2, seed=4)
    finals = gamekit.simulate("bloody-inn", games=3, players=2, seed=4, workers=1)
    last = table.sort_values("round").groupby(["game", "seat"]).wealth.last()
    assert last.tolist() == finals.sort_values(["game", "seat"]).score.tolist()
    spec = _spec(charts.wealth_over_rounds(table))
    assert _marks(spec) == ["area", "line"]
    band, line = spec["layer"]
    assert band["encoding"]["y"]["field"] == "q25" and line["encoding"]["y"]["field"] == "mean"
    assert line["encoding"]["x"]["field"] == "round"
    rows = pd.DataFrame(_data(spec))
    first = table[(table["round"] == 1) & (table.seat == 0)].wealth.mean()
    assert rows[(rows["round"] == 1) & (rows.seat == 0)]["mean"].item() == pytest.approx(first)


def test_wealth_data_is_what_pandas_groups_and_interpolates() -> None:
    """The plain-Python means and quartiles equal pandas' groupby and quantile."""
    table = simulation.wealth_by_round(games=6, players=3, seed=5)
    grouped = table.groupby(["seat", "bot", "round"], observed=True)["wealth"]
    expected = grouped.agg(
        mean="mean", q25=lambda w: w.quantile(0.25), q75=lambda w: w.quantile(0.75), games="count"
    ).reset_index()
    data = charts.wealth_data(table)
    pd.testing.assert_frame_equal(data.drop(columns="player"), expected)
    assert data.player.iloc[0] == "Player 1 (random)"


def test_enable_chooses_an_offline_renderer() -> None:
    before = alt.renderers.active
    try:
        assert charts.enable() == "svg" and alt.renderers.active == "svg"
        assert charts.enable("interactive") == "jupyter"
        assert charts.enable("html") == "html"
        with pytest.raises(ValueError, match="renderer must be one of svg"):
            charts.enable("default")
    finally:
        alt.renderers.enable(before)


def test_export_svg_and_png_offline(tmp_path: Any, toy_table: pd.DataFrame) -> None:
    chart = charts.game_length(toy_table)
    svg = charts.save(chart, tmp_path / "length.svg").read_text()
    assert svg.startswith("<svg") and "Game length" in svg
    png = charts.save(chart, tmp_path / "length.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    spec = charts.save(chart, tmp_path / "length.json").read_text()
    assert '"mark": {' in spec and "Game length" in spec
    with pytest.raises(ValueError, match="not 'length.pdf'"):
        charts.save(chart, tmp_path / "length.pdf")


def test_importing_charts_does_not_import_altair() -> None:
    code = "import gamekit.charts, sys; print('altair' in sys.modules, 'pandas' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def _fresh(code: str) -> list[str]:
    """What ``code`` prints in a fresh interpreter, word by word."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_the_kits_altair_import_leaves_out_the_iri_parser() -> None:
    """charts.enable() imports Altair without rfc3987_syntax (or the other unused format
    checkers), leaves them importable afterwards, and jsonschema still checks the
    formats the Vega-Lite schema uses."""
    code = (
        "import importlib, sys\n"
        "from gamekit import charts\n"
        "charts.enable()\n"
        "left_out = [m in sys.modules for m in charts.UNUSED_FORMAT_MODULES]\n"
        "print('altair' in sys.modules, *left_out)\n"
        "for name in charts.UNUSED_FORMAT_MODULES: importlib.import_module(name)\n"
        "import jsonschema\n"
        "check = jsonschema.Draft7Validator.FORMAT_CHECKER\n"
        "print(check.conforms('no uri', 'uri'), check.conforms('https://a.b/c', 'uri'))\n"
        "print('iri' in check.checkers, 'uri-reference' in check.checkers)\n"
    )
    left_out = ["False"] * len(charts.UNUSED_FORMAT_MODULES)
    assert _fresh(code) == ["True", *left_out, "False", "True", "False", "True"]


def test_the_left_out_modules_are_the_checkers_of_their_formats() -> None:
    """Each left-out module takes some of its listed formats away from jsonschema, and
    nothing else goes: the formats missing after the kit's import are all listed."""
    code = (
        "import sys, json\n"
        "if sys.argv[1] == 'kit':\n"
        "    from gamekit import charts\n"
        "    charts.load_altair()\n"
        "import jsonschema\n"
        "print(json.dumps(sorted(jsonschema.FormatChecker().checkers)))\n"
    )
    checked: dict[str, set[str]] = {}
    for way in ("plain", "kit"):
        done = subprocess.run(
            [sys.executable, "-c", code, way], capture_output=True, text=True, check=True
        )
        checked[way] = set(json.loads(done.stdout))
    gone = checked["plain"] - checked["kit"]
    assert {"uri", "uri-reference"} <= checked["kit"]
    assert gone <= {f for formats in charts.UNUSED_FORMATS.values() for f in formats}
    for module, formats in charts.UNUSED_FORMATS.items():
        if importlib.util.find_spec(module) is not None:  # installed: it checked them
            assert gone & set(formats), module


def test_altair_imported_before_the_kit_keeps_every_format_checker() -> None:
    code = (
        "import sys, jsonschema\n"
        "from gamekit import charts\n"
        "charts.enable()\n"
        "print('rfc3987_syntax' in sys.modules, 'iri' in jsonschema.FormatChecker().checkers)\n"
    )
    assert _fresh(code) == ["True", "True"]


def test_the_left_out_checkers_serve_no_format_of_the_vega_lite_schema() -> None:
    """The formats whose checkers load_altair leaves out never occur in Altair's schema."""
    formats: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("format"), str):
                formats.add(node["format"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(alt.Chart._rootschema)
    assert "uri" in formats  # the walk finds the formats the schema has
    assert not formats & {f for left_out in charts.UNUSED_FORMATS.values() for f in left_out}


def test_the_warm_up_draws_once_and_charts_stay_the_same(toy_table: pd.DataFrame) -> None:
    thread = charts.warm_up()
    thread.join(timeout=600)
    assert not thread.is_alive() and charts.warm_up() is thread
    chart = charts.game_length(toy_table)
    assert charts.to_svg(chart) == charts.to_svg(chart)


def test_charts_speak_french(toy_table: pd.DataFrame) -> None:
    """Titles and axis labels are catalog messages, rendered in the language in force."""
    from gamekit.core.i18n import language

    with language("fr"):
        rates = _spec(charts.win_rates(toy_table))
        scores = _spec(charts.score_distribution(toy_table))
        length = _spec(charts.game_length(toy_table))
        funnel = _spec(charts.convergence([1, 0, 0, 1] * 10, exact=0.5, points=10))
    interval = rates["layer"][0]
    assert interval["title"]["text"] == "Taux de victoire par joueur (intervalle à 95\u202f%)"
    assert interval["encoding"]["x"]["title"] == "joueur"
    assert interval["encoding"]["x"]["sort"] == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert interval["encoding"]["y"]["title"] == "taux de victoire"
    assert interval["encoding"]["color"]["title"] == "robot"
    assert scores["title"]["text"] == "Scores par joueur et par robot"
    assert scores["facet"]["column"]["title"] == "joueur"
    assert length["title"]["text"] == "Durée des parties"
    assert length["encoding"]["y"]["title"] == "parties"
    funnel_title = funnel["layer"][0]["title"]["text"]
    assert funnel_title == "estimation\u202f: la simulation face à la valeur exacte"
    assert funnel["layer"][0]["encoding"]["x"]["title"] == "échantillons (échelle logarithmique)"
    english = _spec(charts.win_rates(toy_table))
    assert english["layer"][0]["title"]["text"] == "Win rate by player (95% interval)"
    assert english["layer"][0]["encoding"]["x"]["title"] == "player"


# -- axes a projector can read: whole numbers as integers, text of 14 px and more ----
WHOLE_FIELDS = {"decisions", "score", "games", "n", "round", "visions"}


def _encodings(spec: Any) -> list[tuple[str, dict[str, Any]]]:
    """Every ``(channel, definition)`` of every encoding in a spec, layers and facets too."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(spec, dict):
        for channel, definition in spec.get("encoding", {}).items():
            if isinstance(definition, dict):
                found.append((channel, definition))
        for value in spec.values():
            found += _encodings(value)
    elif isinstance(spec, list):
        for value in spec:
            found += _encodings(value)
    return found


def _every_chart() -> dict[str, Any]:
    table = gamekit.simulate("knock-knock", games=60, seed=1, workers=1)
    board = gamekit.ladder("hats", bots=["random", "greedy"], games=12, seed=1)
    sweep = pd.DataFrame({"game": [0, 1], "memory": [0.5, 0.5], "visions_revealed": [2, 4]})
    return {
        "score_distribution": charts.score_distribution(table),
        "win_rates": charts.win_rates(table),
        "game_length": charts.game_length(table),
        "ladder": charts.ladder(board),
        "convergence": charts.convergence([1, 0, 0, 1, 1] * 40, 0.5),
        "versus_matrix": charts.versus_matrix(
            pd.DataFrame(
                {
                    "bot": ["a", "b"],
                    "opponent": ["b", "a"],
                    "games": [4, 4],
                    "win_rate": [0.25, 0.75],
                }
            )  # fmt: skip
        ),
        "boo_survival": charts.boo_survival(sweep),
        "wealth_over_rounds": charts.wealth_over_rounds(
            simulation.wealth_by_round(games=2, players=2, seed=4)
        ),
    }


def test_chart_axes_read_whole_numbers_as_integers_in_a_projector_font() -> None:
    for name, chart in _every_chart().items():
        spec = _spec(chart)
        title = spec.get("title") or spec["layer"][0]["title"]
        assert isinstance(title, dict) and title["fontSize"] >= 18, name
        for channel, definition in _encodings(spec):
            field = str(definition.get("field", ""))
            if channel in ("x", "y") and "axis" in definition and definition["axis"] is not None:
                axis = definition["axis"]
                assert axis["labelFontSize"] >= 14 and axis["titleFontSize"] >= 14, (name, field)
                if field in WHOLE_FIELDS and definition.get("type") == "quantitative":
                    assert axis["format"] == "d" and axis["tickMinStep"] == 1, (name, field)
            if definition.get("bin") and field in WHOLE_FIELDS:
                assert definition["bin"]["minstep"] == 1, (name, field)
            if channel == "color" and "legend" in definition:
                assert definition["legend"]["labelFontSize"] >= 14, (name, field)


def test_chart_axes_read_94_not_94_0_once_drawn() -> None:
    pytest.importorskip("vl_convert")
    table = gamekit.simulate("knock-knock", games=60, seed=1, workers=1)
    svg = charts.to_svg(charts.game_length(table))
    labels = re.findall(r"<text[^>]*>([^<]*)</text>", svg)
    ticks = [label for label in labels if re.fullmatch(r"[\d.\u2212-]+", label)]
    assert len(ticks) > 5 and all(tick.isdigit() for tick in ticks), ticks
    sizes = {int(size) for size in re.findall(r'font-size="(\d+)px"', svg)}
    assert min(sizes) >= 14, sizes
