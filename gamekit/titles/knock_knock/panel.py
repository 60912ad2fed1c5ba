"""Knock! Knock!'s questions for the table's odds panel ("What are my chances?").

- ``door``: the player at whose door a card waits, deciding to open: the chance the
  card is a vamp, a kid or a hearse taxi (a card that does not join the party). The
  card is one of the knocker's cards, each as likely (the knocker's choice is taken
  as random); the ones everybody saw drawn count as themselves (Ruling K5).
- ``deck``: the knocker, about to knock (then to draw): the chance the next
  face-down deck card is a kid or a hearse taxi (exercise ``kk-6``).

Both answer from the seat's view only (:func:`gamekit.titles.knock_knock.odds.unseen_cards`).

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=4, seed=3)
>>> deck_odds(g.view(0), 0).value
Fraction(7, 41)
>>> g.play(g.legal_actions()[0]) and None
>>> door_odds(g.view(1), 1).value
Fraction(21, 41)
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamekit.core.i18n import Text
from gamekit.core.questions import OddsAnswer, OddsQuestion
from gamekit.titles.knock_knock.terms import M

CHASERS = ("kid", "hearse taxi")
"""The cards that chase a folk out of a party."""
TROUBLE = ("monster vamp", "ghost vamp", "vampire vamp", *CHASERS)
"""The cards that do not join the party they are revealed at."""


def deck_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The knocker (or a spectator) at the knock: the chance the next face-down deck card
    is a kid or a hearse taxi; ``None`` at another decision or with no face-down card."""
    if view["decision"] != "knock" or (seat is not None and seat != view["to_move"]):
        return None
    face_down = view["deck_size"] - (view["deck_top"] is not None)
    if face_down <= 0:
        return None
    from gamekit.titles.knock_knock.odds import unseen_cards

    unseen = unseen_cards(view)
    total = sum(unseen.values())
    kids, taxis = unseen["kid"], unseen["hearse taxi"]
    if view["deck_top"] is None:
        given = M(
            "given the cards you cannot see ({unseen} in all; kids: {kids}, hearse taxis: "
            "{taxis}), each as likely to be the top card of the deck",
            unseen=total,
            kids=kids,
            taxis=taxis,
        )
    else:
        given = M(
            "given the cards you cannot see ({unseen} in all; kids: {kids}, hearse taxis: "
            "{taxis}), each as likely to be the card under the face-up top card",
            unseen=total,
            kids=kids,
            taxis=taxis,
        )
    why = (
        "from sympy import Rational\n"
        f"kids, taxis, unseen = {kids}, {taxis}, {total}\n"
        "Rational(kids + taxis, unseen)"
    )
    return OddsAnswer(Fraction(kids + taxis, total), Text(given), "kk-6", why)


def door_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The player at whose door a card waits, deciding: the chance it is a vamp, a kid
    or a hearse taxi; ``None`` at another decision (or for any other seat)."""
    knock = view.get("knock")
    if view["decision"] != "answer" or not knock or seat is None or seat != knock["target"]:
        return None
    from gamekit.titles.knock_knock.odds import unseen_cards

    knocker = int(knock["knocker"])
    held = view["hand_sizes"][knocker] + 1  # the card at the door is still one of theirs
    known = list(view["known"][knocker])
    known_trouble = sum(kind in TROUBLE for kind in known)
    hidden = held - len(known)
    unseen = unseen_cards(view)
    total = sum(unseen.values())
    trouble = sum(unseen[kind] for kind in TROUBLE)
    value = Fraction(known_trouble, held)
    if hidden:
        value += Fraction(hidden, held) * Fraction(trouble, total)
    if known:
        given = M(
            "given the knocker's cards ({held} in all; seen drawn: {known}, of which vamps, "
            "kids or hearse taxis: {known_trouble}), each as likely to be at your door, and "
            "the cards you cannot see ({unseen} in all; vamps, kids or hearse taxis: {trouble})",
            held=held,
            known=len(known),
            known_trouble=known_trouble,
            unseen=total,
            trouble=trouble,
        )
    else:
        given = M(
            "given the knocker's cards ({held} in all, none seen drawn), each as likely to be "
            "at your door, and the cards you cannot see ({unseen} in all; vamps, kids or "
            "hearse taxis: {trouble})",
            held=held,
            unseen=total,
            trouble=trouble,
        )
    why = (
        "from sympy import Rational\n"
        f"held, seen, seen_trouble = {held}, {len(known)}, {known_trouble}\n"
        f"unseen, trouble = {total}, {trouble}\n"
        "Rational(seen_trouble, held) + Rational(held - seen, held) * Rational(trouble, unseen)"
        if hidden
        else "from sympy import Rational\n"
        f"held, seen_trouble = {held}, {known_trouble}  # every card of theirs was seen drawn\n"
        "Rational(seen_trouble, held)"
    )
    return OddsAnswer(value, Text(given), None, why)


QUESTIONS: tuple[OddsQuestion, ...] = (
    OddsQuestion(
        "door",
        Text(
            M(
                "If I open, what are the chances the card at my door is a vamp, a kid or a "
                "hearse taxi?"
            )
        ),
        door_odds,
    ),
    OddsQuestion(
        "deck",
        Text(
            M("What are the chances the next face-down card of the deck is a kid or a hearse taxi?")
        ),
        deck_odds,
    ),
)
"""The questions of the odds panel, read by ``Rules.odds_questions()``."""
