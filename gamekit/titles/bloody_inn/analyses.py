"""The Bloody Inn's own analyses: each innkeeper's wealth round by round.

:func:`wealth_by_round` plays the games and :func:`wealth_chart` draws them;
``ANALYSES`` lists them for ``rules_for("bloody-inn").analyses()`` (the old names
``gamekit.simulation.wealth_by_round`` and ``gamekit.charts.wealth_over_rounds``
call these).

>>> t = wealth_by_round(games=2, players=2, seed=1)
>>> list(t.columns), list(wealth_data(t).columns)[:4]
(['game', 'round', 'seat', 'bot', 'wealth'], ['seat', 'bot', 'round', 'mean'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.core.i18n import catalog
from gamekit.titles.bloody_inn.rules import RULES

if TYPE_CHECKING:
    import pandas as pd
    from altair import TopLevelMixin as AnyChart

M = catalog("gamekit.titles.bloody_inn")


def wealth_by_round(
    games: int = 100,
    players: int | None = None,
    bots: Any = None,
    seed: int = 0,
    **options: Any,
) -> pd.DataFrame:
    """Each innkeeper's wealth at the end of every round (the games of ``simulate``
    with the same arguments). Columns: game, round, seat, bot, wealth."""
    from gamekit.simulation import scores_by_round

    table = scores_by_round(RULES.title, games, players, bots, seed, **options)
    return table.rename(columns={"score": "wealth"})


def wealth_chart(table: pd.DataFrame) -> AnyChart:
    """Mean wealth per round for each seat, with the middle half shaded.

    ``table`` comes from :func:`wealth_by_round`. Games that ended earlier drop
    out of the later rounds.
    """
    from gamekit.charts import load_altair

    alt = load_altair()

    from gamekit.charts import axis, heading, legend

    data = wealth_data(table)
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


def wealth_data(table: pd.DataFrame) -> pd.DataFrame:
    """Mean, quartiles and game count of the wealth per seat and round."""
    from gamekit.charts import player_names

    grouped = table.groupby(["seat", "bot", "round"], observed=True)["wealth"]
    data = grouped.agg(
        mean="mean", q25=lambda w: w.quantile(0.25), q75=lambda w: w.quantile(0.75), games="count"
    ).reset_index()
    names: Sequence[str] = player_names(data.seat)
    data["player"] = [f"{n} ({b})" for n, b in zip(names, data.bot, strict=True)]
    return data


ANALYSES: dict[str, Callable[..., Any]] = {
    "wealth_by_round": wealth_by_round,
    "wealth_chart": wealth_chart,
    "wealth_data": wealth_data,
}
"""The Bloody Inn's analyses and charts by name (``Rules.analyses()``)."""
