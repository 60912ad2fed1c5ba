"""Knock! Knock!'s own analyses: the class's door decisions against the exact odds.

:func:`door_decisions` replays saved games (a records folder, a file, or
``lobby.records()``) and, at every door a player had to answer, asks the exact odds of
:mod:`gamekit.titles.knock_knock.odds` from that player's view only; :func:`doors_by_player`
sums them up per player. ``ANALYSES`` lists them for ``rules_for("knock-knock").analyses()``.

>>> import json, gamekit
>>> game = gamekit.new_game("knock-knock", players=3, seed=2)
>>> while not game.is_over:
...     _ = game.play(game.legal_actions()[0])
>>> doors = door_decisions([{**json.loads(game.to_json()), "seats": ["Ada", "Bob", "Cy"]}])
>>> list(doors.columns)
['record', 'game', 'step', 'seat', 'player', 'knocker', 'bad', 'odds_say', 'opened']
>>> bool(doors.opened.all()), list(doors_by_player(doors).columns)  # doctest: +NORMALIZE_WHITESPACE
(True, ['player', 'doors', 'opened', 'odds_say_decline', 'opened_anyway',
        'declined_anyway', 'bad_when_opened'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.titles.knock_knock import odds
from gamekit.titles.knock_knock.actions import Decline, Open

if TYPE_CHECKING:
    import pandas as pd

Source = str | Path | Iterable[str | bytes | Mapping[str, Any]]
"""Saved games: a records folder, a file, or records (``lobby.records()``)."""


def door_chances(view: Mapping[str, Any]) -> tuple[Any, str]:
    """At a door: the exact chance that opening costs the deciding seat points (the card
    behind is *bad* for it), and what the expected lead over the knocker says
    (``"open"`` or ``"decline"``). From ``view`` only (the seat's own knowledge), with the
    knocker's card taken as any of their cards alike (:func:`odds.knocked_card`).

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=4, seed=3)
    >>> g.play(g.legal_actions()[0]) and None
    >>> door_chances(g.view(1))
    (17/41, 'decline')
    """
    opened = odds.door_outcomes(view, True)
    bad = sum((p for (mine, _), p in opened.items() if mine < 0), start=0)
    return bad, odds.open_or_decline(view).better


def door_decisions(source: Source) -> pd.DataFrame:
    """One row per door answered in the saved games: where the game came from (``record``,
    ``game`` as in ``gamekit.load_games``), the action's ``step``, the deciding ``seat``
    and its ``player`` (``"seat 2"`` when the record names nobody), the ``knocker``'s
    seat, ``bad`` (the exact chance, a fraction, that opening costs the seat points),
    ``odds_say`` (``"open"`` or ``"decline"``: the larger
    expected lead over the knocker) and whether the player ``opened``."""
    import pandas as pd

    from gamekit.teacher.games import decisions

    rows = []
    for decision in decisions(source):
        if not isinstance(decision.action, Open | Decline):
            continue
        view = decision.view()
        bad, say = door_chances(view)
        rows.append(
            {
                **decision.where(),
                "knocker": int(view["knock"]["knocker"]),
                "bad": bad,
                "odds_say": say,
                "opened": isinstance(decision.action, Open),
            }
        )
    columns = ["record", "game", "step", "seat", "player", "knocker", "bad", "odds_say"]
    return pd.DataFrame(rows, columns=[*columns, "opened"])


def doors_by_player(doors: pd.DataFrame) -> pd.DataFrame:
    """Per player (sorted by name): doors answered, doors opened, doors the odds said to
    keep closed, those opened anyway, doors the odds said to open that stayed closed, and
    ``bad_when_opened``: the mean chance of a bad card at the doors the player opened.

    >>> import pandas as pd
    >>> doors = pd.DataFrame({"player": ["Ada", "Ada", "Bob"], "odds_say": ["decline"] * 3,
    ...                       "opened": [True, False, True], "bad": [0.5, 0.75, 0.25]})
    >>> ada = doors_by_player(doors).to_dict("records")[0]
    >>> ada["player"], ada["doors"], ada["opened"], ada["opened_anyway"], ada["bad_when_opened"]
    ('Ada', 2, 1, 1, 0.5)
    """
    import pandas as pd

    says_decline = doors.odds_say == "decline"
    marks = pd.DataFrame(
        {
            "player": doors.player,
            "doors": 1,
            "opened": doors.opened.astype(int),
            "odds_say_decline": says_decline.astype(int),
            "opened_anyway": (says_decline & doors.opened).astype(int),
            "declined_anyway": (~says_decline & ~doors.opened).astype(int),
        }
    )
    table = marks.groupby("player").sum()
    risk = doors.bad.astype(float).where(doors.opened).groupby(doors.player).mean()
    table["bad_when_opened"] = risk.round(3)
    return table.reset_index()


ANALYSES: dict[str, Callable[..., Any]] = {
    "door_decisions": door_decisions,
    "doors_by_player": doors_by_player,
}
"""Knock! Knock!'s analyses by name (``Rules.analyses()``)."""
