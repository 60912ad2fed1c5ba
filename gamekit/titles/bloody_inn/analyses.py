"""The Bloody Inn's own analyses: each innkeeper's wealth round by round.

:func:`wealth_by_round` plays the games and :func:`wealth_chart` draws them;
``ANALYSES`` lists them for ``rules_for("bloody-inn").analyses()`` (the old names
``gamekit.simulation.wealth_by_round`` and ``gamekit.charts.wealth_over_rounds``
call these).

>>> t = wealth_by_round(games=2, players=2, seed=1)
>>> list(t.columns), list(wealth_data(t).columns)[:4]
(['game', 'round', 'seat', 'bot', 'wealth'], ['seat', 'bot', 'round', 'mean'])

On the class's own saved games (a records folder, a file, or ``lobby.records()``),
:func:`police_evenings` puts every evening's police beside the exact chance the first
player could reckon as the welcome began, and :func:`police_by_player` sums them up.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.core.i18n import catalog
from gamekit.titles.bloody_inn import odds
from gamekit.titles.bloody_inn.cards import IS_POLICE
from gamekit.titles.bloody_inn.rules import RULES

if TYPE_CHECKING:
    import pandas as pd
    from altair import TopLevelMixin as AnyChart

    from gamekit.simulation import Records

M = catalog("gamekit.titles.bloody_inn")


def wealth_by_round(
    games: int = 100,
    players: int | None = None,
    bots: Any = None,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame | Records:
    """Each innkeeper's wealth at the end of every round (the games of ``simulate``
    with the same arguments). Columns: game, round, seat, bot, wealth; where pandas is
    absent, :class:`~gamekit.simulation.Records` of the same rows."""
    from gamekit.simulation import Records, scores_by_round

    table = scores_by_round(RULES.title, games, players, bots, seed, **options)
    if isinstance(table, Records):
        named = ["wealth" if name == "score" else name for name in table.columns]
        return Records([dict(zip(named, row.values(), strict=True)) for row in table.rows])
    return table.rename(columns={"score": "wealth"})


def wealth_chart(table: pd.DataFrame | Records) -> AnyChart:
    """Mean wealth per round for each seat, with the middle half shaded.

    ``table`` comes from :func:`wealth_by_round` (either kind). Games that ended
    earlier drop out of the later rounds.
    """
    from gamekit.charts import load_altair

    alt = load_altair()

    from gamekit.charts import axis, heading, legend

    data = alt.InlineData(values=wealth_rows(table))
    base = alt.Chart(data, title=heading(M("Wealth over the rounds"))).encode(
        x=alt.X("round:Q", title=str(M("round")), axis=axis(whole=True)),
        color=alt.Color("player:N", title=str(M("player (bot)")), legend=legend()),
    )
    band = base.mark_area(opacity=0.2).encode(
        y=alt.Y("q25:Q", title=str(M("wealth (F)")), axis=axis()), y2="q75:Q"
    )
    line = base.mark_line(point=True).encode(
        y="mean:Q", tooltip=["player:N", "round:Q", alt.Tooltip("mean:Q", format=".1f"), "games:Q"]
    )
    chart: AnyChart = alt.layer(band, line).properties(width=380, height=220)
    return chart


def wealth_data(table: pd.DataFrame | Records) -> Any:
    """Mean, quartiles and game count of the wealth per seat and round: a data frame, or
    where pandas is absent a :func:`gamekit.table_of` of :func:`wealth_rows`."""
    from gamekit.charts import frame_of_rows

    return frame_of_rows(wealth_rows(table))


def wealth_rows(table: pd.DataFrame | Records) -> list[dict[str, Any]]:
    """:func:`wealth_data`'s rows, in plain Python: per seat, bot and round (in that
    order) the ``mean``, the quartiles ``q25`` and ``q75`` (interpolated as pandas does)
    and the ``games``, with the ``player`` as the chart names it.

    >>> from gamekit.simulation import Records
    >>> rows = wealth_rows(Records([{"seat": 0, "bot": "a", "round": 1, "wealth": w}
    ...                             for w in (10, 20, 40)]))
    >>> [(r["mean"], r["q25"], r["q75"], r["games"]) for r in rows]
    [(23.333333333333332, 15.0, 30.0, 3)]
    """
    from gamekit.charts import player_names
    from gamekit.simulation.records import column_values

    keys = ("seat", "bot", "round")
    groups: dict[tuple[Any, ...], list[float]] = {}
    for *key, wealth in zip(*(column_values(table, k) for k in (*keys, "wealth")), strict=True):
        groups.setdefault(tuple(key), []).append(wealth)
    rows = []
    for combo, values in sorted(groups.items()):
        values.sort()
        rows.append(
            {**dict(zip(keys, combo, strict=True)), "mean": math.fsum(values) / len(values)}
            | {"q25": _quantile(values, 0.25), "q75": _quantile(values, 0.75)}
            | {"games": len(values)}
        )
    names = player_names([row["seat"] for row in rows])
    for row, name in zip(rows, names, strict=True):
        row["player"] = f"{name} ({row['bot']})"
    return rows


def _quantile(ordered: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolated linearly (pandas' default)."""
    where = q * (len(ordered) - 1)
    low = math.floor(where)
    high = min(low + 1, len(ordered) - 1)
    return float(ordered[low] + (ordered[high] - ordered[low]) * (where - low))


Source = str | Path | Iterable[str | bytes | Mapping[str, Any]]
"""Saved games: a records folder, a file, or records (``lobby.records()``)."""


def police_evenings(source: Source) -> pd.DataFrame | Records:
    """One row per evening of the saved games: where the game came from (``record``,
    ``game`` as in ``gamekit.load_games``), the ``round``, the first player's ``seat`` and
    ``player`` (``"seat 1"`` when the record names nobody), ``chance`` (the exact chance,
    a fraction, that a police card lodges in the inn tonight, from the first player's
    view at the welcome's first choice: the top card seen, every unseen traveller
    alike, :func:`odds.police_chance`; ``None`` once the entrance pile was shuffled
    again, when the view no longer tells what it holds) and whether police ``came``.
    An evening whose welcome asks nothing (one room, or ``first_come_first_served``) is
    left out. A data frame, or where pandas is absent
    :class:`~gamekit.simulation.Records` of the same rows.

    >>> import json, gamekit
    >>> game = gamekit.new_game("bloody-inn", players=2, seed=1)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_actions()[0])
    >>> evenings = police_evenings([json.loads(game.to_json())])
    >>> evenings[["round", "seat", "chance", "came"]].iloc[0].to_dict()
    {'round': 1, 'seat': 0, 'chance': 15862/26197, 'came': False}
    """
    from gamekit.simulation.records import Records, pandas_missing
    from gamekit.teacher.games import decisions

    rows: list[dict[str, Any]] = []
    evening: dict[str, Any] | None = None
    for decision in decisions(source):
        view = decision.view()
        if view["step"] == "place" and (
            evening is None or (evening["game"], evening["round"]) != (decision.game, view["round"])
        ):
            try:
                chance: Any = odds.police_chance(view)
            except ValueError:  # the entrance pile was shuffled again: unknown to the view
                chance = None
            evening = {
                "record": decision.record,
                "game": decision.game,
                "round": int(view["round"]),
                "seat": decision.seat,
                "player": decision.player or f"seat {decision.seat}",
                "chance": chance,
                "came": False,
            }
            rows.append(evening)
        if evening is not None and (evening["game"], evening["round"]) == (
            decision.game,
            view["round"],
        ):
            lodged = (c for c in view["rooms"] if c >= 0)
            evening["came"] = evening["came"] or any(IS_POLICE[c] for c in lodged)
    columns = ["record", "game", "round", "seat", "player", "chance", "came"]
    if pandas_missing():
        return Records(rows, columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def police_by_player(evenings: pd.DataFrame | Records) -> pd.DataFrame | Records:
    """Per first player (sorted by name): evenings welcomed; of those whose chance the
    view could tell, the police evenings the chances promised (``expected``: their sum,
    to 2 places) and those police came (``came``); and ``unknown``: evenings of unknown
    chance (counted in neither). A data frame from a data frame; from
    :class:`~gamekit.simulation.Records`, Records of the same rows.

    >>> import pandas as pd
    >>> evenings = pd.DataFrame({"player": ["Ada", "Ada", "Bob"], "chance": [0.5, None, 1],
    ...                          "came": [True, True, False]})
    >>> police_by_player(evenings).to_dict("records")[0]
    {'player': 'Ada', 'evenings': 2, 'expected': 0.5, 'came': 1, 'unknown': 1}
    """
    from gamekit.simulation.records import Records, records_of

    rows = police_rows(records_of(evenings).rows)
    columns = ["player", "evenings", "expected", "came", "unknown"]
    if isinstance(evenings, Records):
        return Records(rows, columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def police_rows(evenings: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """:func:`police_by_player`'s rows in plain Python, from :func:`police_evenings`'
    rows (a chance ``None`` or ``nan`` is unknown).

    >>> police_rows([{"player": "Ada", "chance": 0.5, "came": True},
    ...              {"player": "Ada", "chance": None, "came": True}])
    [{'player': 'Ada', 'evenings': 2, 'expected': 0.5, 'came': 1, 'unknown': 1}]
    """
    players: dict[str, list[Mapping[str, Any]]] = {}
    for row in evenings:
        players.setdefault(row["player"], []).append(row)
    out = []
    for player, rows in sorted(players.items()):
        known = [row for row in rows if known_chance(row["chance"])]
        out.append(
            {
                "player": player,
                "evenings": len(rows),
                "expected": round(math.fsum(float(row["chance"]) for row in known), 2),
                "came": sum(bool(row["came"]) for row in known),
                "unknown": len(rows) - len(known),
            }
        )
    return out


def known_chance(chance: Any) -> bool:
    """Whether an evening's ``chance`` is known: not ``None``, nor ``nan`` (as a data
    frame of floats holds an unknown one).

    >>> known_chance(None), known_chance(float("nan")), known_chance(0)
    (False, False, True)
    """
    return chance is not None and not (isinstance(chance, float) and math.isnan(chance))


ANALYSES: dict[str, Callable[..., Any]] = {
    "police_by_player": police_by_player,
    "police_evenings": police_evenings,
    "wealth_by_round": wealth_by_round,
    "wealth_chart": wealth_chart,
    "wealth_data": wealth_data,
}
"""The Bloody Inn's analyses and charts by name (``Rules.analyses()``)."""
