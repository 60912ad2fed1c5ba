"""Boo Party!'s own analyses: how long the Monsters last, by how well they remember.

:func:`memory_sweep` plays the games (one simulation per memory level) and
:func:`survival_chart` draws them; ``ANALYSES`` lists them for
``rules_for("boo-party").analyses()`` (the old names ``gamekit.simulation.memory_sweep``
and ``gamekit.charts.boo_survival`` call these).

>>> table = memory_sweep((0.5, 1.0), games=4, players=4, seed=1)
>>> sorted(set(table.memory)), list(survival_data(table).columns)
([0.5, 1.0], ['memory', 'visions', 'surviving'])

On the class's own saved games (a records folder, a file, or ``lobby.records()``),
:func:`costume_choices` puts every Monster's costume beside the chance that a costume
it could take had been seen, and :func:`costumes_by_player` sums them up per player.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.core.i18n import catalog
from gamekit.core.rng import derive_seed
from gamekit.titles.boo_party.actions import Wear, WearNothing
from gamekit.titles.boo_party.cards import costume_term
from gamekit.titles.boo_party.rules import RULES

if TYPE_CHECKING:
    import pandas as pd
    from altair import TopLevelMixin as AnyChart

    from gamekit.simulation.records import Records

M = catalog("gamekit.titles.boo_party")


def memory_sweep(
    memories: Sequence[float] = (0.25, 0.5, 0.75, 0.9, 1.0),
    games: int = 1000,
    players: int = 5,
    seer_memory: float = 1.0,
    seed: int = 0,
    workers: int | None = 1,
    monsters: str | Sequence[str] = "memory",
    seer: str = "memory",
    **options: Any,
) -> pd.DataFrame | Records:
    """Boo Party! games whose Monsters remember each Vision with chance ``p``.

    One simulation table per ``p`` in ``memories``, stacked, with a ``memory``
    column: ready for :func:`survival_chart`. The Monsters are ``monsters`` bots,
    the Seer a ``seer`` bot remembering with ``seer_memory`` (the Boo Party! bots:
    ``memory``, ``team``). Given several kinds of Monster (a list), one sweep per kind,
    the same deals for each, stacked with a ``monsters`` column. A data frame, or where
    pandas is absent :class:`~gamekit.simulation.Records` of the same rows.
    """
    from gamekit.simulation.records import pandas_missing

    kinds = [monsters] if isinstance(monsters, str) else list(monsters)
    parts = []
    for kind in kinds:
        for p in memories:
            table = _sweep_part(p, kind, seer, seer_memory, games, players, seed, workers, options)
            added = {"memory": p} if isinstance(monsters, str) else {"memory": p, "monsters": kind}
            parts.append((table, added))
    if pandas_missing():
        return _joined_records(parts)
    import pandas as pd

    from gamekit.simulation import as_frame

    frames = [as_frame(table, "memory_sweep").assign(**added) for table, added in parts]
    return pd.concat(frames, ignore_index=True)


def _sweep_part(
    p: float,
    kind: str,
    seer: str,
    seer_memory: float,
    games: int,
    players: int,
    seed: int,
    workers: int | None,
    options: Mapping[str, Any],
) -> Any:
    """One simulation of the sweep: ``kind`` Monsters remembering with chance ``p``."""
    from gamekit.simulation import simulate

    lineup: list[Any] = [(seer, {"p": seer_memory})]
    lineup += [(kind, {"p": p})] * (players - 1)
    return simulate(
        RULES.title,
        games=games,
        players=players,
        bots=lineup,
        seed=derive_seed(seed, "memory", p),
        workers=workers,
        **options,
    )


def _joined_records(parts: Sequence[tuple[Records, Mapping[str, Any]]]) -> Records:
    """The sweep's tables as one :class:`Records`, each row with its added columns."""
    from gamekit.simulation.records import Records, joined

    return joined(
        [
            Records([{**row, **added} for row in table.rows], [*table.columns, *added])
            for table, added in parts
        ]
    )


def memory_rates(sweep: pd.DataFrame | Records, z: float | None = None) -> list[dict[str, Any]]:
    """Per memory level (and kind of Monster, when the sweep has several): the parties
    played (``games``), the Monsters' ``wins``, their ``win_rate`` and its Wilson 95%
    interval (``low``, ``high``; ``z`` is ``charts.Z95`` unless given), the mean
    ``rating`` and the most Visions of a party (``visions``); read on seat 1, as the
    Monsters win or lose together. Plain Python, from a :func:`memory_sweep` table of
    either kind.

    >>> from gamekit.simulation import Records
    >>> sweep = Records([{"seat": 1, "memory": 1.0, "winner": True, "rating": 4,
    ...                   "visions_total": 4}])
    >>> [round(row["low"], 3) for row in memory_rates(sweep)], memory_rates(sweep)[0]["wins"]
    ([0.207], 1)
    """
    from gamekit.charts import Z95, wilson
    from gamekit.simulation.records import records_of

    z = Z95 if z is None else z

    table = records_of(sweep)
    keys = ["memory", "monsters"] if "monsters" in table.columns else ["memory"]
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
    for row in table.rows:
        if row["seat"] == 1:
            groups.setdefault(tuple(row[key] for key in keys), []).append(row)
    rates = []
    for key in sorted(groups):
        rows = groups[key]
        wins, games = sum(bool(row["winner"]) for row in rows), len(rows)
        low, high = wilson(wins, games, z)
        rates.append(
            {
                **dict(zip(keys, key, strict=True)),
                "games": games,
                "wins": wins,
                "win_rate": wins / games,
                "low": low,
                "high": high,
                "rating": math.fsum(row["rating"] for row in rows) / games,
                "visions": max(row["visions_total"] for row in rows),
            }
        )
    return rates


def survival_chart(
    table: pd.DataFrame | Records, memory: str = "memory", *, monsters: str | None = None
) -> AnyChart:
    """Share of parties still going when each Vision is revealed, by memory.

    ``table`` comes from :func:`memory_sweep` (a ``memory`` column and the
    ``visions_revealed`` summary column), a table of either kind; ``monsters`` keeps the
    parties of one kind of Monster (the sweep's ``monsters`` column).
    """
    from gamekit.charts import load_altair

    alt = load_altair()

    from gamekit.charts import axis, heading, legend
    from gamekit.simulation.records import is_frame

    data = survival_data(table, memory, monsters=monsters)
    source = data if is_frame(data) else alt.InlineData(values=list(data.rows))
    chart: AnyChart = (
        alt.Chart(source, title=heading(M("How long the Monsters last, by memory")))
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


def survival_data(
    table: pd.DataFrame | Records, memory: str = "memory", *, monsters: str | None = None
) -> pd.DataFrame | Records:
    """Per memory level and number of Visions ``r``: share of games that reached ``r``
    (of the ``monsters`` kind only, when given). A data frame from a data frame, else
    :class:`~gamekit.simulation.Records`.

    >>> from gamekit.simulation import Records
    >>> sweep = Records([{"memory": 1.0, "game": 0, "visions_revealed": 2},
    ...                  {"memory": 1.0, "game": 1, "visions_revealed": 1}])
    >>> [row["surviving"] for row in survival_data(sweep).rows]
    [1.0, 0.5]
    """
    from gamekit.simulation.records import Records, is_frame, records_of

    rows = survival_rows(records_of(table).rows, memory, monsters)
    columns = [memory, "visions", "surviving"]
    if is_frame(table):
        import pandas as pd

        return pd.DataFrame(rows, columns=columns)
    return Records(rows, columns)


def survival_rows(
    rows: Iterable[Mapping[str, Any]], memory: str = "memory", monsters: str | None = None
) -> list[dict[str, Any]]:
    """:func:`survival_data`'s rows in plain Python: each game once (its first row)."""
    revealed: dict[Any, dict[Any, int]] = {}
    for row in rows:
        if monsters is None or row["monsters"] == monsters:
            revealed.setdefault(row[memory], {}).setdefault(row["game"], row["visions_revealed"])
    out = []
    for level in sorted(revealed):
        counts = list(revealed[level].values())
        for r in range(1, int(max(counts)) + 1):
            out.append(
                {
                    memory: level,
                    "visions": r,
                    "surviving": sum(c >= r for c in counts) / len(counts),
                }
            )
    return out


Source = str | Path | Iterable[str | bytes | Mapping[str, Any]]
"""Saved games: a records folder, a file, or records (``lobby.records()``)."""


def costume_choices(source: Source) -> pd.DataFrame | Records:
    """One row per Monster's choice in the saved games: where the game came from
    (``record``, ``game`` as in ``gamekit.load_games``), the action's ``step``, the
    ``seat`` and its ``player`` (``"seat 2"`` when the record names nobody), the
    ``visions`` revealed so far, the ``costume`` worn (its name in the language in force;
    ``None``: nothing),
    ``seen`` (that costume was in a revealed Vision: the Monster's view lists them all),
    ``seen_chance`` (the exact chance, a fraction, that a costume picked at random among
    those it could wear, free and not its own of last round, had been seen) and
    ``mistake`` (nothing, or last round's costume again: Ruling B6). A data frame, or
    where pandas is absent :class:`~gamekit.simulation.Records` of the same rows.

    >>> import json, gamekit
    >>> game = gamekit.new_game("boo-party", players=4, seed=1)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_actions()[0])
    >>> choices = costume_choices([json.loads(game.to_json())])
    >>> choices[["seat", "visions", "costume", "seen", "seen_chance"]].iloc[0].to_dict()
    {'seat': 1, 'visions': 2, 'costume': 'Ghost', 'seen': False, 'seen_chance': 1/9}
    """
    import sympy

    from gamekit.simulation.records import Records, pandas_missing
    from gamekit.teacher.games import decisions

    rows = []
    for decision in decisions(source):
        action = decision.action
        if not isinstance(action, Wear | WearNothing):
            continue
        view = decision.view()
        visions = set(view["visions"])
        own = view["last_worn"][decision.seat]
        allowed = [c for c in view["spread"] if c != own]
        worn = action.costume if isinstance(action, Wear) else None
        seen_chance = (
            sympy.Rational(sum(c in visions for c in allowed), len(allowed)) if allowed else 0
        )
        rows.append(
            {
                **decision.where(),
                "visions": len(view["visions"]),
                "costume": None if worn is None else str(costume_term(worn)),
                "seen": worn is not None and worn in visions,
                "seen_chance": seen_chance,
                "mistake": worn is None or worn == own,
            }
        )
    columns = ["record", "game", "step", "seat", "player", "visions", "costume", "seen"]
    columns += ["seen_chance", "mistake"]
    if pandas_missing():
        return Records(rows, columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def costumes_by_player(choices: pd.DataFrame | Records) -> pd.DataFrame | Records:
    """Per player (sorted by name): costume choices, those seen in a Vision, how many a
    random pick among the allowed costumes would have seen on average
    (``seen_if_random``: the sum of the chances), and mistakes. A data frame from a data
    frame; from :class:`~gamekit.simulation.Records`, Records of the same rows.

    >>> import pandas as pd
    >>> choices = pd.DataFrame({"player": ["Ada", "Ada"], "seen": [True, False],
    ...                         "seen_chance": [0.5, 0.25], "mistake": [False, False]})
    >>> costumes_by_player(choices).to_dict("records")
    [{'player': 'Ada', 'choices': 2, 'seen': 1, 'seen_if_random': 0.75, 'mistakes': 0}]
    """
    from gamekit.simulation.records import Records, records_of

    rows = player_rows(records_of(choices).rows)
    if isinstance(choices, Records):
        return Records(rows)
    import pandas as pd

    return pd.DataFrame(rows, columns=["player", "choices", "seen", "seen_if_random", "mistakes"])


def player_rows(choices: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """:func:`costumes_by_player`'s rows in plain Python, from :func:`costume_choices`'
    rows.

    >>> player_rows([{"player": "Ada", "seen": True, "seen_chance": 0.5, "mistake": False},
    ...              {"player": "Ada", "seen": False, "seen_chance": 0.25, "mistake": False}])
    [{'player': 'Ada', 'choices': 2, 'seen': 1, 'seen_if_random': 0.75, 'mistakes': 0}]
    """
    players: dict[str, list[Mapping[str, Any]]] = {}
    for row in choices:
        players.setdefault(row["player"], []).append(row)
    return [
        {
            "player": player,
            "choices": len(rows),
            "seen": sum(bool(row["seen"]) for row in rows),
            "seen_if_random": round(math.fsum(float(row["seen_chance"]) for row in rows), 2),
            "mistakes": sum(bool(row["mistake"]) for row in rows),
        }
        for player, rows in sorted(players.items())
    ]


ANALYSES: dict[str, Callable[..., Any]] = {
    "costume_choices": costume_choices,
    "costumes_by_player": costumes_by_player,
    "memory_rates": memory_rates,
    "memory_sweep": memory_sweep,
    "survival_chart": survival_chart,
    "survival_data": survival_data,
}
"""Boo Party!'s analyses and charts by name (``Rules.analyses()``)."""
