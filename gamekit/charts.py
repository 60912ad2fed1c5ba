"""Altair charts of simulation tables and estimates. Each function returns a chart.

Nothing here displays anything: a notebook shows the returned chart when it is
the last value of a cell. Call :func:`enable` once first: Altair 6's default
renderers need a network, ``enable()`` switches to one that works offline.

>>> import gamekit
>>> from gamekit import charts
>>> table = gamekit.simulate("hats", games=20, seed=1, workers=1)
>>> chart = charts.win_rates(table)
>>> chart.to_dict()["layer"][0]["mark"]["type"]
'rule'

Charts carry small, pre-aggregated data (a few hundred rows at most), so they
stay light in saved notebooks whatever the size of the simulation. Altair is
imported on first use.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import json
import math
import statistics
import sys
import threading
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import repeat
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Union

from gamekit.core.i18n import CORE
from gamekit.core.names import Seat

if TYPE_CHECKING:
    import pandas as pd
    from altair import TopLevelMixin as AnyChart

    from gamekit.simulation.records import Records


class ScriptSafeJSON(json.JSONEncoder):
    """JSON that is safe inside an HTML ``<script>`` block: ``<``, ``>`` and ``&`` are
    written as ``\\u003c``, ``\\u003e``, ``\\u0026`` (the same text once parsed), so a
    bot named ``</script>...`` stays text.

    >>> json.dumps({"bot": "</script>"}, cls=ScriptSafeJSON)
    '{"bot": "\\\\u003c/script\\\\u003e"}'
    """

    def iterencode(self, o: Any, _one_shot: bool = False) -> Iterator[str]:
        for chunk in super().iterencode(o, _one_shot):
            yield chunk.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


RENDERERS: dict[str, tuple[str, dict[str, Any]]] = {
    "svg": ("svg", {}),
    "png": ("png", {}),
    "interactive": ("jupyter", {"offline": True}),
    "jupyter": ("jupyter", {"offline": True}),
    "html": ("html", {"template": "inline", "json_kwds": {"cls": ScriptSafeJSON}}),
}
"""``enable()`` choices -> Altair renderer and its options (all work offline)."""

UNUSED_FORMATS: dict[str, tuple[str, ...]] = {
    "rfc3987_syntax": ("iri", "iri-reference"),
    "uri_template": ("uri-template",),
    "isoduration": ("duration",),
    "idna": ("idn-hostname",),
    "fqdn": ("hostname", "host-name"),
    "rfc3339_validator": ("date-time", "time"),
    "jsonpointer": ("json-pointer", "relative-json-pointer"),
    "webcolors": ("color",),
}
"""Optional modules of jsonschema's format checkers -> the formats each one checks,
none of which the Vega-Lite schema uses (it has ``uri``, ``uri-reference``, checked
by ``rfc3986_validator``, and ``color-hex``, which jsonschema does not check).
``rfc3987_syntax`` alone builds 39 Lark parsers when imported (over a second of
CPU); the others cost 4 ms together from bytecode, about 20 ms compiled from
source. jsonschema imports each one inside ``suppress(ImportError)`` and simply
has no checker for those formats when it is missing."""

UNUSED_FORMAT_MODULES = tuple(UNUSED_FORMATS)
"""The modules of :data:`UNUSED_FORMATS`."""

_IMPORT_LOCK = threading.Lock()


def load_altair() -> ModuleType:
    """Altair, imported without the format checkers its schema never needs.

    While Altair (and with it jsonschema) is imported for the first time, the
    modules of :data:`UNUSED_FORMAT_MODULES` that nothing has imported yet are
    made unavailable, then available again: they import as usual afterwards, but
    this process's jsonschema checks none of the formats of :data:`UNUSED_FORMATS`
    (``iri``, ``duration``, ``date-time``...). The formats Vega-Lite does use
    (``uri``, ``uri-reference``) are checked as before, so charts validate and
    render exactly as without it.
    Nothing changes if jsonschema was imported before.

    >>> load_altair().__name__
    'altair'
    """
    with _IMPORT_LOCK:
        if "altair" in sys.modules or "jsonschema._format" in sys.modules:
            return importlib.import_module("altair")
        blocked = [name for name in UNUSED_FORMAT_MODULES if name not in sys.modules]
        for name in blocked:
            sys.modules[name] = None  # type: ignore[assignment]
        try:
            return importlib.import_module("altair")
        finally:
            for name in blocked:
                if name in sys.modules and sys.modules[name] is None:
                    del sys.modules[name]


Z95 = 1.959963984540054
"""The two-sided 95% normal quantile."""

LABEL_PX, TITLE_PX, HEADING_PX = 14, 15, 18
"""Font sizes (px) of axis and legend labels, of axis and legend titles, and of a chart's
title: Vega-Lite's 10/11/13 px read as about 10 px on a projector."""


def axis(whole: bool = False, **settings: Any) -> Any:
    """An ``alt.Axis`` in the kit's font sizes; ``whole=True`` for a field of whole
    numbers: integer labels ("94", never "94.0") and no tick between two integers.

    >>> axis(whole=True).to_dict()["format"]
    'd'
    """
    alt = load_altair()

    whole_settings: dict[str, Any] = {"format": "d", "tickMinStep": 1} if whole else {}
    return alt.Axis(labelFontSize=LABEL_PX, titleFontSize=TITLE_PX, **whole_settings, **settings)


def legend(**settings: Any) -> Any:
    """An ``alt.Legend`` in the kit's font sizes."""
    alt = load_altair()

    return alt.Legend(labelFontSize=LABEL_PX, titleFontSize=TITLE_PX, **settings)


def heading(text: object) -> Any:
    """A chart title (``alt.TitleParams``) in the kit's font size."""
    alt = load_altair()

    return alt.TitleParams(str(text), fontSize=HEADING_PX)


def header(**settings: Any) -> Any:
    """A facet header (``alt.Header``) in the kit's font sizes."""
    alt = load_altair()

    return alt.Header(labelFontSize=LABEL_PX, titleFontSize=TITLE_PX, **settings)


def is_whole(values: Iterable[Any]) -> bool:
    """True when every value is a whole number (a count, a score in points).

    >>> is_whole([94, 96.0]), is_whole([0.5, 1])
    (True, False)
    """
    return all(float(v).is_integer() for v in values)


def whole_bin(maxbins: int) -> Any:
    """An ``alt.Bin`` for whole numbers: bins at least 1 wide, so no edge falls at 94.5."""
    alt = load_altair()

    return alt.Bin(maxbins=maxbins, minstep=1)


LITE_RENDERER = "jupyterlab-vega-lite"
"""The renderer of the browser build: JupyterLab's built-in Vega-Lite renderer."""
LAB_VEGA_LITE = "application/vnd.vegalite.v5+json"
"""The Vega-Lite mimetype JupyterLab 4 draws itself (its Vega 5 extension, no CDN)."""


def lab_vega_lite_bundle(spec: dict[str, Any], **_metadata: Any) -> dict[str, Any]:
    """A chart's spec as the mimetype JupyterLab draws itself: Altair 6 (the one that runs
    on the browser build's Python) writes Vega-Lite 6 specs, which JupyterLab 4 has no
    renderer for; its Vega-Lite 5 renderer draws the kit's charts (marks, encodings,
    facets and layers that both versions have).

    >>> sorted(lab_vega_lite_bundle({"mark": "bar"}))
    ['application/vnd.vegalite.v5+json', 'text/plain']
    """
    shown = {**spec, "$schema": "https://vega.github.io/schema/vega-lite/v5.json"}
    return {LAB_VEGA_LITE: shown, "text/plain": "<a chart: JupyterLab draws it>"}


def enable(renderer: str = "svg") -> str:
    """Switch Altair to a renderer that works without a network; returns its name.

    ``"svg"`` (the default): static pictures that show in JupyterLab, in exported
    HTML and under nbval. ``"interactive"`` (alias ``"jupyter"``): Altair's
    offline JupyterChart widget with tooltips and zoom (needs a live JupyterLab).
    ``"png"``: static images. ``"html"``: the Vega libraries inlined in each chart
    (about 0.9 MB a chart).

    >>> enable("svg")
    'svg'
    """
    if renderer not in RENDERERS:
        raise ValueError(f"renderer must be one of {', '.join(RENDERERS)}, not {renderer!r}")
    alt = load_altair()
    if sys.platform == "emscripten":  # the browser build: no vl-convert, no CDN
        alt.renderers.register(LITE_RENDERER, lab_vega_lite_bundle)
        alt.renderers.enable(LITE_RENDERER)  # JupyterLab's own Vega-Lite renderer draws it
        return LITE_RENDERER

    name, settings = RENDERERS[renderer]
    alt.renderers.enable(name, **settings)
    if name in ("svg", "png"):
        warm_up()
    return name


_WARM_UP: list[threading.Thread] = []


def warm_up() -> threading.Thread:
    """Start, once per process, the work every first static chart waits for.

    A thread draws a one-point chart the way the SVG renderer does: its
    validation builds jsonschema's validator for the Vega-Lite schema, and
    vl-convert starts its JavaScript engine (about half a CPU second, paid once
    per process). The first chart of a kernel then shows promptly. Returns the
    thread (the same one on later calls); join it to wait for the warm-up.
    """
    with _IMPORT_LOCK:
        if not _WARM_UP:
            _WARM_UP.append(threading.Thread(target=_draw_one_point, name="gamekit-chart-warm-up"))
            _WARM_UP[0].start()
        return _WARM_UP[0]


def _draw_one_point() -> None:
    """Validate and draw a one-point chart to SVG (see :func:`warm_up`)."""
    alt = load_altair()
    try:
        vl_convert: Any = importlib.import_module("vl_convert")
        spec = alt.Chart(alt.Data(values=[{"x": 0}])).mark_point().encode(x="x:Q").to_dict()
        vl_convert.vegalite_to_svg(spec, vl_version="_".join(alt.SCHEMA_VERSION.split(".")[:2]))
    except Exception:  # noqa: BLE001 - a failed warm-up only leaves the first chart slower
        return


# -- statistics behind the charts ---------------------------------------------------
def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a win rate (good even near 0 or 1).

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


Tables = Union["pd.DataFrame", "Records", Mapping[str, Union["pd.DataFrame", "Records"]]]
"""What the win-rate functions read: a table from :func:`gamekit.simulate` (a DataFrame,
or :class:`~gamekit.simulation.Records` where pandas is absent), full or aggregate; or
several under labels (``{"plain rules": plain, "open card": opened}``), each label
taking the place of the bot, as if the tables were stacked with ``bot`` set to it."""


def _labelled(tables: Tables) -> list[tuple[str | None, Any]]:
    """The tables to read, each with its label (None: its own bots), checked."""
    from gamekit.simulation.records import check_table

    if isinstance(tables, Mapping):
        if not tables:
            raise ValueError("give at least one table to compare, under its label")
        pairs: list[tuple[str | None, Any]] = [(str(k), t) for k, t in tables.items()]
    else:
        pairs = [(None, tables)]
    for _, table in pairs:
        check_table(table)
    return pairs


def _full(pairs: list[tuple[str | None, Any]]) -> bool:
    """Whether the tables are full (a ``winner`` column) rather than aggregate ones."""
    from gamekit.simulation.records import columns_of

    kinds = {"winner" in columns_of(table) for _, table in pairs}
    if len(kinds) > 1:
        raise ValueError("compare full tables or aggregate ones (aggregate=True), not both")
    return kinds == {True}


def win_counts(tables: Tables) -> list[dict[str, Any]]:
    """Games and wins per seat and bot (shared wins count as wins), in plain Python.

    A full table's rows are counted, in seat order then bot order; an aggregate
    table's rows (one per seat) are read as they are.

    >>> from gamekit.simulation import Records
    >>> table = Records([{"seat": 0, "bot": "a", "winner": True},
    ...                  {"seat": 1, "bot": "a", "winner": False}])
    >>> win_counts({"x": table})
    [{'seat': 0, 'bot': 'x', 'games': 1, 'wins': 1}, {'seat': 1, 'bot': 'x', 'games': 1, 'wins': 0}]
    """
    from gamekit.simulation.records import column_values

    pairs = _labelled(tables)
    if not _full(pairs):
        return [
            {"seat": seat, "bot": str(bot) if label is None else label, "games": int(games)}
            | {"wins": int(wins)}
            for label, table in pairs
            for seat, bot, games, wins in zip(
                *(column_values(table, name) for name in ("seat", "bot", "games", "wins")),
                strict=True,
            )
        ]
    seen: Counter[tuple[Any, Any, Any]] = Counter()  # (seat, bot, winner): few of them
    for label, table in pairs:
        bots = column_values(table, "bot") if label is None else repeat(label)
        seats, winners = column_values(table, "seat"), column_values(table, "winner")
        seen.update(zip(seats, bots, winners, strict=False))  # repeat(label) never ends
    games: Counter[tuple[Any, str]] = Counter()  # a seat as the table has it (a lesson
    wins: Counter[tuple[Any, str]] = Counter()  # may put another column in its place)
    for (seat, bot, winner), times in seen.items():
        games[seat, str(bot)] += times
        wins[seat, str(bot)] += times * winner
    return [
        {"seat": seat, "bot": bot, "games": games[seat, bot], "wins": int(wins[seat, bot])}
        for seat, bot in sorted(games)
    ]


def win_rate_rows(tables: Tables, z: float = Z95) -> list[dict[str, Any]]:
    """:func:`win_rate_data`'s rows as records, in plain Python (no pandas)."""
    rows = []
    for row in win_counts(tables):
        wins, games = row["wins"], row["games"]
        low, high = wilson(wins, games, z)
        rate = {"win_rate": wins / games, "low": low, "high": high}
        rows.append({**row, **rate, "player": str(Seat(int(row["seat"])))})
    return rows


def win_rate_data(tables: Tables, z: float = Z95) -> Any:
    """Wins, games, rate and its interval per seat and bot.

    Takes a full table (``winner`` column) or an aggregate one (``games``, ``wins``),
    of either kind, or several under labels (:data:`Tables`). A data frame, or where
    pandas is absent a :func:`gamekit.table_of` of the same rows.

    >>> from gamekit.simulation import Records
    >>> table = Records([{"seat": 0, "bot": "a", "games": 10, "wins": 4}])
    >>> [round(row["high"], 3) for row in win_rate_rows(table)]
    [0.687]
    """
    return _frame_of(win_rate_rows(tables, z), tables)


def _frame_of(rows: list[dict[str, Any]], tables: Tables) -> Any:
    """Rows as :func:`_frame` gives them; a data frame's ``seat`` column keeps the dtype
    of the tables' own (as grouping them kept it)."""
    data = frame_of_rows(rows)
    from gamekit.simulation.records import is_frame

    sources = [table for _, table in _labelled(tables)]
    if is_frame(data) and all(map(is_frame, sources)):
        kinds = {str(table["seat"].dtype) for table in sources}
        if len(kinds) == 1:
            data["seat"] = data["seat"].astype(kinds.pop())
    return data


def player_names(seats: Iterable[Any]) -> list[str]:
    """The players' names of these seats, as a chart shows them ("Player 1" for seat 0).

    >>> player_names([0, 2])
    ['Player 1', 'Player 3']
    """
    return [str(Seat(int(seat))) for seat in seats]


def _player_order(seats: Iterable[Any]) -> list[str]:
    """The players of these seats in seat order (a chart's axis order)."""
    return player_names(sorted({int(seat) for seat in seats}))


def running_mean(
    samples: Iterable[float], exact: float | None = None, points: int = 200, z: float = Z95
) -> pd.DataFrame:
    """The running mean of ``samples`` at about ``points`` sample sizes (log-spaced).

    ``low``/``high`` is the band where the running mean falls 95% of the time if
    the exact value is right: ``exact ± z·σ/√n`` (σ estimated from all samples),
    kept within the samples' range (a mean of 0/1 outcomes stays in [0, 1]).
    Without ``exact`` the band is centred on the final mean. A data frame, or where
    pandas is absent (the browser build) a :func:`gamekit.table_of` of the same rows.

    >>> d = running_mean([1, 0, 1, 1], exact=0.5, points=4)
    >>> list(d.n), list(d.estimate)
    ([1, 2, 3, 4], [1.0, 0.5, 0.6666666666666666, 0.75])
    """
    return frame_of_rows(running_mean_rows(samples, exact, points, z))


def running_mean_rows(
    samples: Iterable[float], exact: float | None = None, points: int = 200, z: float = Z95
) -> list[dict[str, float]]:
    """:func:`running_mean`'s rows as records, in plain Python (no numpy, no pandas)."""
    values = _floats(samples)
    sums = list(itertools.accumulate(values))
    sizes = log_sizes(len(values), points)
    centre = sums[-1] / len(values) if exact is None else float(exact)
    sigma = statistics.stdev(values) if len(values) > 1 else 0.0
    lowest, highest = min(values), max(values)
    rows = []
    for n in sizes:
        half = z * sigma / math.sqrt(n)
        rows.append(
            {
                "n": n,
                "estimate": sums[n - 1] / n,
                "low": min(max(centre - half, lowest), highest),
                "high": min(max(centre + half, lowest), highest),
                "exact": centre,
            }
        )
    return rows


def _floats(samples: Iterable[float]) -> list[float]:
    """The samples as floats; a ``ValueError`` when there is none."""
    values = [float(v) for v in samples]
    if not values:
        raise ValueError("give at least one sample")
    return values


def log_sizes(count: int, points: int) -> list[int]:
    """About ``points`` sample sizes from 1 to ``count``, log-spaced and distinct (the
    sizes of ``numpy.geomspace(1, count, points)`` rounded, in plain Python).

    >>> log_sizes(1000, 4)
    [1, 10, 100, 1000]
    """
    num = max(2, points)
    step = math.log10(count) / (num - 1)
    spaced = [10 ** (i * step) for i in range(num)]
    spaced[0], spaced[-1] = 1.0, float(count)
    return sorted({round(v) for v in spaced})


def frame_of_rows(rows: list[dict[str, Any]]) -> Any:
    """Rows as a data frame, or where pandas is absent (the browser build) as a table."""
    from gamekit.simulation.records import pandas_missing

    if pandas_missing():
        from gamekit.rows import table_of

        return table_of(rows, labels=[str(i) for i in range(len(rows))])
    import pandas as pd

    return pd.DataFrame(rows)


def count_rows(table: Any, keys: Sequence[str], name: str = "games") -> list[dict[str, Any]]:
    """How many rows of a table of either kind have each combination of ``keys`` (in
    the keys' order), as records with the count under ``name``; in plain Python.

    >>> from gamekit.simulation import Records
    >>> count_rows(Records([{"seat": 1, "score": 3}, {"seat": 0, "score": 3},
    ...                     {"seat": 1, "score": 3}]), ["seat", "score"])
    [{'seat': 0, 'score': 3, 'games': 1}, {'seat': 1, 'score': 3, 'games': 2}]
    """
    from gamekit.simulation.records import column_values

    counted = Counter(zip(*(column_values(table, key) for key in keys), strict=True))
    return [
        {**dict(zip(keys, combo, strict=True)), name: n} for combo, n in sorted(counted.items())
    ]


# -- the charts ---------------------------------------------------------------------
def score_distribution(table: Any, maxbins: int = 30) -> AnyChart:
    """How often each score happens, per seat (one panel each) and bot (colour), from a
    table of either kind."""
    alt = load_altair()

    rows = count_rows(table, ["seat", "bot", "score"])
    seats = [row["seat"] for row in rows]
    for row, player in zip(rows, player_names(seats), strict=True):
        row["player"] = player
    whole = is_whole(row["score"] for row in rows)
    bins = whole_bin(maxbins) if whole else alt.Bin(maxbins=maxbins)
    column = alt.Column(
        "player:N", title=str(CORE("player")), sort=_player_order(seats), header=header()
    )
    chart: AnyChart = (
        alt.Chart(alt.InlineData(values=rows))
        .mark_bar(opacity=0.7)
        .encode(
            x=alt.X("score:Q", bin=bins, title=str(CORE("score")), axis=axis(whole)),
            y=alt.Y("sum(games):Q", stack=None, title=str(CORE("games")), axis=axis(True)),
            color=alt.Color("bot:N", title=str(CORE("bot")), legend=legend()),
            tooltip=["bot:N", "player:N", "sum(games):Q"],
        )
        .properties(width=160, height=120)
        .facet(column=column)
        .properties(title=heading(CORE("Scores by player and bot")))
    )
    return chart


def fair_share(tables: Tables) -> float:
    """The win rate every seat would have if the seats were equal, shared wins counted.

    If no seat had an edge, each of a game's winners would be as likely to sit in
    one seat as in any other, so every seat would expect (winners in the game) /
    (players) wins per game: averaged over the games, that is the mean of the
    whole ``winner`` column (or all wins over all seat-games of an aggregate
    table). With no shared wins it is 1 / players; shared wins raise it. Tables
    under labels count together, as if stacked.

    >>> import pandas as pd
    >>> fair_share(pd.DataFrame({"seat": [0, 1, 0, 1], "winner": [True, True, True, False]}))
    0.75
    """
    from gamekit.simulation.records import column_values

    pairs = _labelled(tables)
    if _full(pairs):
        winners = [column_values(table, "winner") for _, table in pairs]
        return float(sum(map(sum, winners)) / sum(map(len, winners)))
    wins = sum(sum(column_values(table, "wins")) for _, table in pairs)
    return float(wins / sum(sum(column_values(table, "games")) for _, table in pairs))


def against_fair(tables: Tables, z: float = Z95, fair: float | None = None) -> Any:
    """:func:`win_rate_data` with the fair share and where each 95% interval lies.

    ``verdict`` is ``"above"`` when the whole interval lies above the fair share
    (:func:`fair_share` unless ``fair`` is given), ``"below"`` when it lies below,
    else ``"covers"`` (the games cannot tell that seat from a fair one).

    A data frame, or where pandas is absent a :func:`gamekit.table_of` of the same rows.
    """
    return _frame_of(against_fair_rows(tables, z, fair), tables)


def against_fair_rows(
    tables: Tables, z: float = Z95, fair: float | None = None
) -> list[dict[str, Any]]:
    """:func:`against_fair`'s rows as records, in plain Python (no pandas).

    >>> from gamekit.simulation import Records
    >>> table = Records([{"seat": 0, "bot": "a", "games": 100, "wins": 70}])
    >>> [row["verdict"] for row in against_fair_rows(table, fair=0.5)]
    ['above']
    """
    share = fair_share(tables) if fair is None else fair
    return [
        {**row, "fair": share, "verdict": _verdict(row["low"], row["high"], share)}
        for row in win_rate_rows(tables, z)
    ]


def _verdict(low: float, high: float, share: float) -> str:
    return "above" if low > share else "below" if high < share else "covers"


def zoom(lows: Iterable[float], highs: Iterable[float], margin: float = 0.1) -> list[float]:
    """A scale domain around ``[min(lows), max(highs)]`` with ``margin`` of its width each side.

    >>> zoom([0.2, 0.3], [0.4, 0.5])
    [0.17, 0.53]
    """
    low, high = min(lows), max(highs)
    pad = max(high - low, 0.01) * margin
    return [round(max(0.0, low - pad), 4), round(min(1.0, high + pad), 4)]


def win_rates(tables: Tables, z: float = Z95, fair: float | None = None) -> AnyChart:
    """The win rate of each seat (and bot) with its 95% Wilson interval.

    A dashed line marks the fair share (:func:`fair_share` of the table unless
    ``fair`` is given): shared wins count as wins, for the rates and the fair
    share alike. The y axis zooms to the intervals and the fair share. Takes a
    table of either kind, or several under labels to compare them side by side
    (``win_rates({"plain rules": plain, "open card": opened})``: the label takes
    the bot's place).
    """
    alt = load_altair()

    rows = win_rate_rows(tables, z)
    fair = fair_share(tables) if fair is None else fair
    domain = zoom([*(row["low"] for row in rows), fair], [*(row["high"] for row in rows), fair])
    base = alt.Chart(
        alt.InlineData(values=rows),
        title=heading(CORE("Win rate by player ({level} interval)", level=CORE("95%"))),
    ).encode(
        x=alt.X(
            "player:N",
            title=str(CORE("player")),
            sort=_player_order(row["seat"] for row in rows),
            axis=axis(labelAngle=0),
        ),
        color=alt.Color("bot:N", title=str(CORE("bot")), legend=legend()),
        xOffset=alt.XOffset("bot:N"),
    )
    interval = base.mark_rule(strokeWidth=2).encode(
        y=alt.Y(
            "low:Q",
            title=str(CORE("win rate")),
            scale=alt.Scale(zero=False, domain=domain),
            axis=axis(),
        ),
        y2="high:Q",
    )
    points = base.mark_point(filled=True, size=60).encode(
        y="win_rate:Q",
        tooltip=[
            "player:N",
            "bot:N",
            "games:Q",
            "wins:Q",
            alt.Tooltip("win_rate:Q", format=".3f"),
            alt.Tooltip("low:Q", format=".3f"),
            alt.Tooltip("high:Q", format=".3f"),
        ],
    )
    rule = (
        alt.Chart(alt.InlineData(values=[{"fair": fair}]))
        .mark_rule(strokeDash=[4, 4], color="gray")
        .encode(
            y="fair:Q", tooltip=[alt.Tooltip("fair:Q", format=".3f", title=str(CORE("fair share")))]
        )
    )
    chart: AnyChart = alt.layer(interval, points, rule).properties(width=300, height=220)
    return chart


def game_length(table: Any, maxbins: int = 40) -> AnyChart:
    """How many decisions the games took (one count per game), from a table of either
    kind."""
    alt = load_altair()

    from gamekit.simulation.records import column_values

    per_game: dict[Any, Any] = {}  # each game's decisions, from its first row
    for game, decisions in zip(
        column_values(table, "game"), column_values(table, "decisions"), strict=True
    ):
        per_game.setdefault(game, decisions)
    counted = Counter(per_game.values())
    data = [{"decisions": n, "games": games} for n, games in sorted(counted.items())]
    chart: AnyChart = (
        alt.Chart(alt.InlineData(values=data), title=heading(CORE("Game length")))
        .mark_bar()
        .encode(
            x=alt.X(
                "decisions:Q",
                bin=whole_bin(maxbins),
                title=str(CORE("decisions in the game")),
                axis=axis(whole=True),
            ),
            y=alt.Y("sum(games):Q", title=str(CORE("games")), axis=axis(whole=True)),
            tooltip=[alt.Tooltip("sum(games):Q", title=str(CORE("games")))],
        )
        .properties(width=360, height=200)
    )
    return chart


def versus_matrix(matrix: pd.DataFrame) -> AnyChart:
    """A bot-vs-bot grid from :func:`gamekit.simulation.versus`: the row bot's win rate."""
    alt = load_altair()

    title = heading(CORE("Win rate of the bot against the opponents"))
    base = alt.Chart(matrix, title=title).encode(
        x=alt.X(
            "opponent:N",
            title=str(CORE("opponent (every other seat)")),
            axis=axis(labelAngle=0),
        ),
        y=alt.Y("bot:N", title=str(CORE("bot")), axis=axis()),
    )
    cells = base.mark_rect().encode(
        color=alt.Color(
            "win_rate:Q",
            title=str(CORE("win rate")),
            scale=alt.Scale(domain=[0, 1], scheme="blues"),
            legend=legend(),
        ),
        tooltip=["bot:N", "opponent:N", "games:Q", alt.Tooltip("win_rate:Q", format=".3f")],
    )
    labels = base.mark_text(fontSize=LABEL_PX).encode(
        text=alt.Text("win_rate:Q", format=".2f"),
        color=alt.condition("datum.win_rate > 0.5", alt.value("white"), alt.value("black")),
    )
    chart: AnyChart = alt.layer(cells, labels).properties(width=220, height=220)
    return chart


def ladder(table: pd.DataFrame) -> AnyChart:
    """A ladder from :func:`gamekit.ladder`: each bot's rating with its 95 % interval.

    Strongest at the top; the axis is zoomed to the intervals (Elo points, the
    bots averaging 0). A team title's table (``role`` column) colours the roles.

    >>> import gamekit
    >>> board = gamekit.ladder("hats", bots=["random", "greedy"], games=12, seed=1)
    >>> ladder(board).to_dict()["layer"][1]["mark"]["type"]
    'point'
    """
    alt = load_altair()
    import pandas as pd

    data = pd.DataFrame(table).copy()
    data["label"] = (
        data["bot"].astype(str) + " (" + data["role"].astype(str) + ")"
        if "role" in data
        else data["bot"].astype(str)
    )
    order = list(data.sort_values("rating", ascending=False)["label"])
    keep = ["label", "rating", "low", "high", "games", "win_share"]
    data = data[keep + (["role"] if "role" in data else [])]
    pad = max(10.0, 0.05 * float(data.high.max() - data.low.min()))
    domain = [float(data.low.min()) - pad, float(data.high.max()) + pad]
    y = alt.Y("label:N", sort=order, title=None, axis=axis())
    x_scale = alt.Scale(domain=domain, zero=False, nice=False)
    title = table.attrs.get("title", "") if hasattr(table, "attrs") else ""
    heading_text = str(CORE("Bot ladder {title}", title=title)).strip()
    base = alt.Chart(data, title=heading(heading_text)).encode(y=y)
    colour = (
        alt.Color("role:N", title=str(CORE("role")), legend=legend())
        if "role" in data
        else alt.value("#1f77b4")
    )
    bars = base.mark_rule(strokeWidth=2).encode(
        x=alt.X(
            "low:Q",
            title=str(CORE("rating (Elo points, {level} interval)", level=CORE("95%"))),
            scale=x_scale,
            axis=axis(format=".0f"),
        ),
        x2="high:Q",
        color=colour,
    )
    points = base.mark_point(filled=True, size=60).encode(
        x=alt.X("rating:Q", scale=x_scale),
        color=colour,
        tooltip=[
            "label:N",
            alt.Tooltip("rating:Q", format=".0f"),
            alt.Tooltip("low:Q", format=".0f"),
            alt.Tooltip("high:Q", format=".0f"),
            "games:Q",
            alt.Tooltip("win_share:Q", format=".3f"),
        ],
    )
    chart: AnyChart = alt.layer(bars, points).properties(width=360, height=28 * len(data))
    return chart


def convergence(
    samples: Iterable[float],
    exact: Any,
    label: str | None = None,
    points: int = 200,
    z: float = Z95,
) -> AnyChart:
    """A Monte Carlo estimate closing in on the exact value as samples pile up.

    ``samples`` are 0/1 outcomes (or numbers) whose mean estimates ``exact`` (a
    float, or a SymPy number). The line is the running mean, the band the 95%
    funnel ``exact ± z·σ/√n``, the dashed rule the exact value.
    """
    alt = load_altair()

    data = alt.InlineData(values=running_mean_rows(samples, float(exact), points, z))
    label = str(CORE("estimate")) if label is None else label
    x = alt.X(
        "n:Q",
        scale=alt.Scale(type="log"),
        title=str(CORE("samples (log scale)")),
        axis=axis(whole=True),
    )
    base = alt.Chart(
        data, title=heading(CORE("{label}: simulation against the exact value", label=label))
    )
    return _band_line_and_exact(alt, base, x, label)


def _band_line_and_exact(alt: Any, base: Any, x: Any, label: str) -> AnyChart:
    """The estimate's band (``low``–``high``), its line and the exact value's dashed rule."""
    y = alt.Y("low:Q", title=label, axis=axis())
    band = base.mark_area(opacity=0.25).encode(x=x, y=y, y2="high:Q")
    line = base.mark_line().encode(
        x=x, y="estimate:Q", tooltip=["n:Q", alt.Tooltip("estimate:Q", format=".4f")]
    )
    rule = base.mark_rule(strokeDash=[4, 4], color="black").encode(y="exact:Q")
    chart: AnyChart = alt.layer(band, line, rule).properties(width=380, height=220)
    return chart


def running_interval(
    samples: Iterable[float], points: int = 120, z: float = Z95, chance: bool = True
) -> pd.DataFrame:
    """The running estimate and its own 95% interval at about ``points`` sample sizes.

    For 0/1 samples (``chance=True``) the interval at ``n`` is Wilson's for the hits so
    far (it stays within [0, 1] and is right near 0 and 1); for numbers, the normal
    interval ``mean ± z·s/√n`` with ``s`` the standard deviation of the ``n`` samples so
    far. Unlike :func:`running_mean`'s funnel, it uses no exact value: it is what an
    experimenter would report, and the exact value should lie inside it 95% of the time.
    A data frame, or where pandas is absent a :func:`gamekit.table_of` of the same rows.

    >>> d = running_interval([1, 0, 1, 1], points=4)
    >>> list(d.n), [round(x, 3) for x in d.low]
    ([1, 2, 3, 4], [0.207, 0.095, 0.208, 0.301])
    """
    return frame_of_rows(running_interval_rows(samples, points, z, chance))


def running_interval_rows(
    samples: Iterable[float], points: int = 120, z: float = Z95, chance: bool = True
) -> list[dict[str, float]]:
    """:func:`running_interval`'s rows as records, in plain Python (no numpy, no pandas);
    a mean's interval at ``n = 1`` is ``nan`` (one sample has no spread)."""
    values = _floats(samples)
    sums = list(itertools.accumulate(values))
    squares = list(itertools.accumulate(v * v for v in values))
    rows = []
    for n in log_sizes(len(values), points):
        total = sums[n - 1]
        mean = total / n
        if chance:
            low, high = wilson(int(round(total)), n, z)
        elif n > 1:
            half = z * math.sqrt(max((squares[n - 1] - n * mean**2) / (n - 1), 0.0) / n)
            low, high = mean - half, mean + half
        else:
            low = high = math.nan
        rows.append({"n": n, "estimate": mean, "low": low, "high": high})
    return rows


def closing_in(
    samples: Iterable[float],
    exact: Any,
    label: str | None = None,
    *,
    chance: bool = True,
    points: int = 120,
    z: float = Z95,
) -> AnyChart:
    """The estimate closing in on the exact value, with its own 95% interval (the band,
    :func:`running_interval`: Wilson's for 0/1 samples) and the exact line (dashed).
    The what-if explorers draw it (``gamekit.explore``).

    >>> chart = closing_in([1, 0, 0, 1, 0], 0.4, "heads")
    >>> [layer["mark"]["type"] for layer in chart.to_dict()["layer"]]
    ['area', 'line', 'rule']
    """
    alt = load_altair()

    rows = running_interval_rows(samples, points, z, chance)
    shown = [{**row, "exact": float(exact)} for row in rows if not math.isnan(row["low"])]
    data = alt.InlineData(values=shown)
    label = str(CORE("estimate")) if label is None else str(label)
    x = alt.X(
        "n:Q",
        scale=alt.Scale(type="log"),
        title=str(CORE("games (log scale)")),
        axis=axis(whole=True),
    )
    base = alt.Chart(data, title=heading(CORE("the estimate and its 95% interval")))
    return _band_line_and_exact(alt, base, x, label)


# -- the titles' own charts, by their old names --------------------------------------
def title_chart(name: str, title: str | None = None) -> Any:
    """A chart function of a title's ``analyses`` module (``Rules.analyses()``) by name:
    of ``title``, or of the first installed title that has it.

    >>> title_chart("no such chart")
    Traceback (most recent call last):
    ...
    gamekit.core.errors.ConfigError: no title has an analysis named 'no such chart'
    """
    from gamekit.simulation.analyses import analysis

    return analysis(name, title)


def boo_survival(
    table: pd.DataFrame | Records, memory: str = "memory", *, monsters: str | None = None
) -> AnyChart:
    """Boo Party!: share of parties still going when each Vision is revealed, by memory
    (its ``analyses.survival_chart``; ``table`` from ``memory_sweep``, of either kind;
    ``monsters`` keeps one kind of Monster of a sweep of several)."""
    chart: AnyChart = title_chart("survival_chart")(table, memory, monsters=monsters)
    return chart


def survival_data(
    table: pd.DataFrame | Records, memory: str = "memory", *, monsters: str | None = None
) -> pd.DataFrame | Records:
    """Boo Party!'s ``analyses.survival_data``: the data of :func:`boo_survival`."""
    data: pd.DataFrame | Records = title_chart("survival_data")(table, memory, monsters=monsters)
    return data


def wealth_over_rounds(table: pd.DataFrame) -> AnyChart:
    """The Bloody Inn: mean wealth per round for each seat (its ``analyses.wealth_chart``;
    ``table`` from ``wealth_by_round``)."""
    chart: AnyChart = title_chart("wealth_chart")(table)
    return chart


def wealth_data(table: pd.DataFrame) -> pd.DataFrame:
    """The Bloody Inn's ``analyses.wealth_data``: the data of :func:`wealth_over_rounds`."""
    data: pd.DataFrame = title_chart("wealth_data")(table)
    return data


# -- export -------------------------------------------------------------------------
def save(chart: Any, path: str | Path, scale: float = 1.0) -> Path:
    """Write ``chart`` to ``.svg``, ``.png``, ``.html`` (self-contained) or ``.json``, offline."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix == ".svg":
        path.write_text(to_svg(chart), encoding="utf-8")
    elif suffix == ".png":
        path.write_bytes(to_png(chart, scale))
    elif suffix == ".html":
        chart.save(str(path), inline=True, json_kwds={"cls": ScriptSafeJSON})
    elif suffix == ".json":
        path.write_text(chart.to_json(), encoding="utf-8")
    else:
        raise ValueError(f"save to .svg, .png, .html or .json, not {path.name!r}")
    return path


def to_svg(chart: Any) -> str:
    """The chart as SVG text, drawn offline by vl-convert."""
    vl_convert: Any = importlib.import_module("vl_convert")
    svg: str = vl_convert.vegalite_to_svg(chart.to_dict())
    return svg


def to_png(chart: Any, scale: float = 1.0) -> bytes:
    """The chart as PNG bytes, drawn offline by vl-convert."""
    vl_convert: Any = importlib.import_module("vl_convert")
    png: bytes = vl_convert.vegalite_to_png(chart.to_dict(), scale=scale)
    return png


__all__: Sequence[str] = (
    "against_fair",
    "boo_survival",
    "closing_in",
    "convergence",
    "enable",
    "fair_share",
    "game_length",
    "save",
    "running_interval",
    "score_distribution",
    "title_chart",
    "to_png",
    "to_svg",
    "versus_matrix",
    "wealth_over_rounds",
    "win_rates",
    "zoom",
)
