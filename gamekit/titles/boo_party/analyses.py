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

    from gamekit.simulation import as_frame, simulate

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
        parts.append(as_frame(table, "memory_sweep").assign(memory=p))
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


Source = str | Path | Iterable[str | bytes | Mapping[str, Any]]
"""Saved games: a records folder, a file, or records (``lobby.records()``)."""


def costume_choices(source: Source) -> pd.DataFrame:
    """One row per Monster's choice in the saved games: where the game came from
    (``record``, ``game`` as in ``gamekit.load_games``), the action's ``step``, the
    ``seat`` and its ``player`` (``"seat 2"`` when the record names nobody), the
    ``visions`` revealed so far, the ``costume`` worn (its name in the language in force;
    ``None``: nothing),
    ``seen`` (that costume was in a revealed Vision: the Monster's view lists them all),
    ``seen_chance`` (the exact chance, a fraction, that a costume picked at random among
    those it could wear, free and not its own of last round, had been seen) and
    ``mistake`` (nothing, or last round's costume again: Ruling B6).

    >>> import json, gamekit
    >>> game = gamekit.new_game("boo-party", players=4, seed=1)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_actions()[0])
    >>> choices = costume_choices([json.loads(game.to_json())])
    >>> choices[["seat", "visions", "costume", "seen", "seen_chance"]].iloc[0].to_dict()
    {'seat': 1, 'visions': 2, 'costume': 'Ghost', 'seen': False, 'seen_chance': 1/9}
    """
    import pandas as pd
    import sympy

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
    return pd.DataFrame(rows, columns=[*columns, "seen_chance", "mistake"])


def costumes_by_player(choices: pd.DataFrame) -> pd.DataFrame:
    """Per player (sorted by name): costume choices, those seen in a Vision, how many a
    random pick among the allowed costumes would have seen on average
    (``seen_if_random``: the sum of the chances), and mistakes.

    >>> import pandas as pd
    >>> choices = pd.DataFrame({"player": ["Ada", "Ada"], "seen": [True, False],
    ...                         "seen_chance": [0.5, 0.25], "mistake": [False, False]})
    >>> costumes_by_player(choices).to_dict("records")
    [{'player': 'Ada', 'choices': 2, 'seen': 1, 'seen_if_random': 0.75, 'mistakes': 0}]
    """
    import pandas as pd

    marks = pd.DataFrame(
        {
            "player": choices.player,
            "choices": 1,
            "seen": choices.seen.astype(int),
            "seen_if_random": choices.seen_chance.astype(float),
            "mistakes": choices.mistake.astype(int),
        }
    )
    table = marks.groupby("player").sum()
    table["seen_if_random"] = table.seen_if_random.round(2)
    return table.reset_index()


ANALYSES: dict[str, Callable[..., Any]] = {
    "costume_choices": costume_choices,
    "costumes_by_player": costumes_by_player,
    "memory_sweep": memory_sweep,
    "survival_chart": survival_chart,
    "survival_data": survival_data,
}
"""Boo Party!'s analyses and charts by name (``Rules.analyses()``)."""
