"""The Bloody Inn's questions for the table's odds panel ("What are my chances?").

- ``police``: during the evening (the keys, the welcome): the chance that a police
  officer sleeps in the inn tonight (exercise ``inn-2``).
- ``money``: at the welcome and during the night: the chance that the next traveller
  under the face-up top card of the entrance pile carries 18F or more (rank 2 or 3;
  exercise ``inn-3``).

Both answer from the seat's view only, with the uniform prior of
:mod:`gamekit.titles.bloody_inn.odds`: every traveller the view does not show (the
entrance pile below its top, the travellers removed at set-up, the other hands) is as
likely to be anywhere the view does not show. Not asked once the entrance pile has
been reshuffled (the view no longer lists the old exit pile it holds).

>>> import gamekit
>>> g = gamekit.new_game("bloody-inn", players=2, seed=1)
>>> police_odds(g.view(0), 0).value
Fraction(15862, 26197)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamekit.core.i18n import Text
from gamekit.core.questions import OddsAnswer, OddsQuestion
from gamekit.titles.bloody_inn.cards import IS_POLICE, MONEY
from gamekit.titles.bloody_inn.terms import M

RICH = 18
"""The pocket money of a rich traveller: rank 2 (18F) or 3 (26F)."""
EVENING = ("key", "place")
"""The steps before the night: the rooms are being filled."""


def _deciding(view: Mapping[str, Any], seat: int | None) -> bool:
    return seat is not None and view["to_move"] == seat and not view["exhausted"]


def _unseen(view: Mapping[str, Any]) -> list[int]:
    from gamekit.titles.bloody_inn.odds import unseen_travellers

    return unseen_travellers(view, in_other_hands=view["targets"])


def police_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The seat deciding in the evening: the chance a police officer sleeps in the inn."""
    if not _deciding(view, seat) or view["step"] not in EVENING:
        return None
    from gamekit.titles.bloody_inn.odds import rooms_this_evening

    rooms = rooms_this_evening(view)
    top = view["entrance_top"]
    lodged = view["step"] == "place" and any(c >= 0 and IS_POLICE[c] for c in view["rooms"])
    if rooms < 1 or view["entrance_size"] < rooms or top is None:
        return None
    if lodged or IS_POLICE[top]:
        given = (
            M("given the police officer already lodged in a room tonight")
            if lodged
            else M("given the police officer on top of the entrance pile, who lodges tonight")
        )
        why = "from sympy import Integer\nInteger(1)  # a police officer is sure to sleep here"
        return OddsAnswer(Fraction(1), Text(given), "inn-2", why)
    unseen = _unseen(view)
    police = sum(IS_POLICE[c] for c in unseen)
    draws = rooms - 1
    value = 1 - Fraction(math.comb(len(unseen) - police, draws), math.comb(len(unseen), draws))
    given = M(
        "given the rooms to fill tonight ({rooms}): the top card of the entrance pile, no "
        "police officer, then the next ones from the travellers you cannot see ({unseen} "
        "in all; police officers: {police}), each as likely",
        rooms=rooms,
        unseen=len(unseen),
        police=police,
    )
    why = (
        "from sympy import Rational, binomial\n"
        f"unseen, police, draws = {len(unseen)}, {police}, {draws}  # rooms less the top card\n"
        "1 - Rational(binomial(unseen - police, draws), binomial(unseen, draws))"
    )
    return OddsAnswer(value, Text(given), "inn-2", why)


def money_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The seat deciding at the welcome or in the night: the chance the next traveller
    under the top card carries 18F or more."""
    if not _deciding(view, seat) or view["step"] in ("key", "over"):
        return None
    if view["entrance_size"] < 2:
        return None
    unseen = _unseen(view)
    rich = sum(MONEY[c] >= RICH for c in unseen)
    given = M(
        "given the travellers you cannot see ({unseen} in all; with 18F or more: {rich}), "
        "each as likely to lie under the top card",
        unseen=len(unseen),
        rich=rich,
    )
    why = (
        f"from sympy import Rational\nunseen, rich = {len(unseen)}, {rich}\nRational(rich, unseen)"
    )
    return OddsAnswer(Fraction(rich, len(unseen)), Text(given), "inn-3", why)


QUESTIONS: tuple[OddsQuestion, ...] = (
    OddsQuestion(
        "police",
        Text(M("What are the chances a police officer sleeps in the inn tonight?")),
        police_odds,
    ),
    OddsQuestion(
        "money",
        Text(M("What are the chances the next traveller under the top card carries 18F or more?")),
        money_odds,
    ),
)
"""The questions of the odds panel, read by ``Rules.odds_questions()``."""
