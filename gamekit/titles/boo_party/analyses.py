"""Boo Party!'s own analyses: how long the Monsters last, by how well they remember.

:func:`memory_sweep` plays the games (one simulation per memory level) and
:func:`survival_chart` draws them; ``ANALYSES`` lists them for
``rules_for("boo-party").analyses()`` (the old names ``gamekit.simulation.memory_sweep``
and ``gamekit.charts.boo_survival`` call these).

>>> table = memory_sweep((0.5, 1.0), games=4, players=4, seed=1)
>>> sorted(set(table.memory)), list(survival_data(table).columns)
([0.5, 1.0], ['memory', 'visions', 'surviving'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamekit.core.i18n import catalog
from gamekit.core.rng import derive_seed
from gamekit.titles.boo_party.rules import RULES

if TYPE_CHECKING:
    import pandas as pd
    from altair import TopLevelMixin as AnyChart

M = catalog("gamekit.titles.boo_party")


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
    column: ready for :func:`survival_chart`. The Monsters are ``monsters`` bots,
    the Seer a ``seer`` bot remembering with ``seer_memory`` (the Boo Party! bots:
    ``memory``, ``team``).
    """
    import pandas as pd

    from gamekit.simulation import simulate

    parts = []
    for p in memories:
        lineup: list[Any] = [(seer, {"p": seer_memory})]
        lineup += [(monsters, {"p": p})] * (players - 1)
        run_seed = derive_seed(seed, "memory", p)
        table = simulate(
            RULES.title,
            games=games,
            players=players,
            bots=lineup,
            seed=run_seed,
            workers=workers,
            **options,
        )
        parts.append(table.assign(memory=p))
    return pd.concat(parts, ignore_index=True)


def survival_chart(table: pd.DataFrame, memory: str = "memory") -> AnyChart:
    """Share of parties still going when each Vision is revealed, by memory.

    ``table`` comes from :func:`memory_sweep` (a ``memory`` column and the
    ``visions_revealed`` summary column).
    """
    from gamekit.charts import load_altair

    alt = load_altair()

    from gamekit.charts import axis, heading, legend

    data = survival_data(table, memory)
    chart: AnyChart = (
        alt.Chart(data, title=heading(M("How long the Monsters last, by memory")))
        .mark_line(point=True, interpolate="step-after")
        .encode(
            x=alt.X("visions:Q", title=str(M("Visions revealed")), axis=axis(whole=True)),
            y=alt.Y(
                "surviving:Q",
                title=str(M("parties still going")),
                scale=alt.Scale(domain=[0, 1]),
                axis=axis(),
            ),
            color=alt.Color(f"{memory}:O", title=str(M("Monsters' memory")), legend=legend()),
            tooltip=[f"{memory}:O", "visions:Q", alt.Tooltip("surviving:Q", format=".3f")],
        )
        .properties(width=360, height=220)
    )
    return chart


def survival_data(table: pd.DataFrame, memory: str = "memory") -> pd.DataFrame:
    """Per memory level and number of Visions ``r``: share of games that reached ``r``."""
    import pandas as pd

    games = table.drop_duplicates([memory, "game"])
    rows = []
    for level, group in games.groupby(memory, sort=True):
        revealed = group["visions_revealed"].to_numpy()
        for r in range(1, int(revealed.max()) + 1):
            rows.append((level, r, float((revealed >= r).mean())))
    return pd.DataFrame(rows, columns=[memory, "visions", "surviving"])


ANALYSES: dict[str, Callable[..., Any]] = {
    "memory_sweep": memory_sweep,
    "survival_chart": survival_chart,
    "survival_data": survival_data,
}
"""Boo Party!'s analyses and charts by name (``Rules.analyses()``)."""
