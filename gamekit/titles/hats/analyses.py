"""Hats' own analyses: the class's exchanges, and the takes they left the next player.

:func:`exchange_decisions` replays saved games (a records folder, a file, or
``lobby.records()``) and, after every exchange, asks the exact odds of
:mod:`gamekit.titles.hats.odds` from the exchanging seat's view only: could the next
player take the card just put on the tea table? :func:`takes_by_player` sums them up per
player. ``ANALYSES`` lists them for ``rules_for("hats").analyses()``.

>>> import json, gamekit
>>> game = gamekit.new_game("hats", players=3, seed=4)
>>> while not game.is_over:
...     _ = game.play(game.legal_actions()[0])
>>> moves = exchange_decisions([{**json.loads(game.to_json()), "seats": ["Ada", "Bob", "Cy"]}])
>>> list(moves.columns)  # doctest: +NORMALIZE_WHITESPACE
['record', 'game', 'step', 'seat', 'player', 'card', 'space', 'next', 'take_chance',
 'taken']
>>> list(takes_by_player(moves).columns)
['player', 'exchanges', 'likely_takes', 'taken', 'mean_chance']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.titles.hats import odds
from gamekit.titles.hats.actions import BlackHat, Exchange
from gamekit.titles.hats.terms import hat

if TYPE_CHECKING:
    import pandas as pd

    from gamekit.simulation.records import Records

Source = str | Path | Iterable[str | bytes | Mapping[str, Any]]
"""Saved games: a records folder, a file, or records (``lobby.records()``)."""


def exchange_decisions(source: Source) -> pd.DataFrame | Records:
    """One row per exchange in the saved games: where the game came from (``record``,
    ``game`` as in ``gamekit.load_games``), the action's ``step``, the ``seat`` and its
    ``player`` (``"seat 2"`` when the record names nobody), the ``card`` put on the tea
    table and its ``space``, the ``next`` seat, ``take_chance`` (the exact chance, a
    fraction, that the next player holds a card able to take it: from the exchanging
    seat's view right after the exchange, every card it cannot see alike, its own
    discards among them) and whether the next player ``taken`` it at their next main
    action. A data frame, or where pandas is absent
    :class:`~gamekit.simulation.Records` of the same rows."""
    from gamekit.simulation.records import Records, pandas_missing
    from gamekit.teacher.games import decisions

    rows: list[dict[str, Any]] = []
    waiting: dict[tuple[int, int], dict[str, Any]] = {}  # (game, seat to answer) -> row
    for decision in decisions(source):
        action = decision.action
        answer = waiting.pop((decision.game, decision.seat), None)
        if answer is not None and not isinstance(action, Exchange | BlackHat):
            waiting[(decision.game, decision.seat)] = answer  # not its main action yet
        elif answer is not None:
            answer["taken"] = isinstance(action, Exchange) and action.space == answer["space"]
        if not isinstance(action, Exchange):
            continue
        view = decision.rules.view(decision.after, decision.seat)
        following = (decision.seat + 1) % int(view["players"])
        chance: Any = 0  # an empty hand takes nothing
        if view["hand_sizes"][following]:
            chance = odds.opponent_can_take(view, following, action.space)
        row = {
            **decision.where(),
            "card": str(hat(action.card)),
            "space": action.space,
            "next": following,
            "take_chance": chance,
            "taken": False,
        }
        rows.append(row)
        waiting[(decision.game, following)] = row
    columns = ["record", "game", "step", "seat", "player", "card", "space", "next"]
    columns += ["take_chance", "taken"]
    if pandas_missing():
        return Records(rows, columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def takes_by_player(moves: pd.DataFrame | Records) -> pd.DataFrame | Records:
    """Per player (sorted by name): exchanges made, those that left the next player a take
    more likely than not (``likely_takes``: chance above 1/2), those the next player did
    take, and the mean chance (to 3 places). A data frame from a data frame; from
    :class:`~gamekit.simulation.Records`, Records of the same rows.

    >>> import pandas as pd
    >>> moves = pd.DataFrame({"player": ["Ada", "Ada", "Bob"], "take_chance": [0.25, 0.75, 1],
    ...                       "taken": [False, True, True]})
    >>> takes_by_player(moves).to_dict("records")[0]
    {'player': 'Ada', 'exchanges': 2, 'likely_takes': 1, 'taken': 1, 'mean_chance': 0.5}
    """
    from gamekit.simulation.records import Records, records_of

    rows = take_rows(records_of(moves).rows)
    columns = ["player", "exchanges", "likely_takes", "taken", "mean_chance"]
    if isinstance(moves, Records):
        return Records(rows, columns)
    import pandas as pd

    return pd.DataFrame(rows, columns=columns)


def take_rows(moves: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """:func:`takes_by_player`'s rows in plain Python, from :func:`exchange_decisions`'
    rows.

    >>> take_rows([{"player": "Ada", "take_chance": 0.25, "taken": False},
    ...            {"player": "Ada", "take_chance": 0.75, "taken": True}])
    [{'player': 'Ada', 'exchanges': 2, 'likely_takes': 1, 'taken': 1, 'mean_chance': 0.5}]
    """
    players: dict[str, list[float]] = {}
    taken: dict[str, int] = {}
    for row in moves:
        players.setdefault(row["player"], []).append(float(row["take_chance"]))
        taken[row["player"]] = taken.get(row["player"], 0) + bool(row["taken"])
    return [
        {
            "player": player,
            "exchanges": len(chances),
            "likely_takes": sum(chance > 0.5 for chance in chances),
            "taken": taken[player],
            "mean_chance": round(math.fsum(chances) / len(chances), 3),
        }
        for player, chances in sorted(players.items())
    ]


ANALYSES: dict[str, Callable[..., Any]] = {
    "exchange_decisions": exchange_decisions,
    "takes_by_player": takes_by_player,
}
"""Hats' analyses by name (``Rules.analyses()``)."""
