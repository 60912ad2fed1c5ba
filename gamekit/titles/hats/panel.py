"""Hats' question for the table's odds panel ("What are my chances?").

- ``leave``: the player about to make a main action: of the hats in hand that can make
  an exchange, the one the next player is least likely to be able to take once it lies
  on the tea table, and that chance (exercise ``hats-3``). The next player's hand is
  any set of its size from the cards this seat cannot see (their hand as it is now:
  a later discard and draw or a swap is left out). Not asked when the next player has
  made all their main actions (the game ends first).

It answers from the seat's view only (:func:`gamekit.titles.hats.odds.unseen_cards`):
the seat's own face-down discards count as unseen.

>>> import gamekit
>>> g = gamekit.new_game("hats", players=3, seed=1)
>>> answer = leave_odds(g.view(0), 0)
>>> answer.value, answer.exercise
(Fraction(703, 975), 'hats-3')
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamekit.core.i18n import Text
from gamekit.core.questions import OddsAnswer, OddsQuestion
from gamekit.titles.hats.cards import MAIN_ACTIONS, can_take, card_name
from gamekit.titles.hats.terms import HATS, M


def take_chance(card: int, hand_size: int, pool: list[int]) -> Fraction:
    """The chance a hand of ``hand_size`` cards of ``pool`` can take ``card`` (Ruling H3):
    ``1 - C(N - q, h) / C(N, h)`` with ``q`` takers among the ``N`` cards.

    >>> take_chance(5, 2, [0, 1, 40, 41])  # the red 6: only the two other reds take it
    Fraction(5, 6)
    """
    takers = sum(1 for c in pool if c != card and can_take(c, card))
    size = len(pool)
    return 1 - Fraction(math.comb(size - takers, hand_size), math.comb(size, hand_size))


def safest(view: Mapping[str, Any], seat: int | None) -> tuple[Fraction, int, int] | None:
    """The seat about to make its main action: the lowest chance that the next player
    can take a hat of its hand that can make an exchange, that hat (the higher id of
    a tie) and the next player's seat; ``None`` at any other moment."""
    if seat is None or view["decision"] != "main" or view["to_move"] != seat:
        return None
    table = view["table"]
    playable = sorted({c for c in view["hand"] for t in table if can_take(c, t)})
    nxt = (seat + 1) % view["players"]
    if not playable or view["played"][nxt] >= MAIN_ACTIONS:  # the game ends before their turn
        return None
    from gamekit.titles.hats.odds import unseen_cards

    pool = unseen_cards(view)
    hand_size = view["hand_sizes"][nxt]
    chance, card = min((take_chance(c, hand_size, pool), -c) for c in playable)
    return chance, -card, nxt


def leave_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The seat about to make its main action: the hat of its hand that the next player
    is least likely to take, and that chance; ``None`` at any other moment."""
    found = safest(view, seat)
    if found is None:
        return None
    from gamekit.titles.hats.odds import unseen_cards

    chance, card, nxt = found
    pool = unseen_cards(view)
    hand_size = view["hand_sizes"][nxt]
    takers = sum(1 for c in pool if c != card and can_take(c, card))
    given = M(
        "given your safest hat to leave, the {card}; the next player's hand of {hand} "
        "cards, any of the cards you cannot see as likely ({unseen} in all; hats that can "
        "take it: {takers})",
        card=HATS[card],
        hand=hand_size,
        unseen=len(pool),
        takers=takers,
    )
    why = (
        "from sympy import Rational, binomial\n"
        f"unseen, takers, hand = {len(pool)}, {takers}, {hand_size}  # leaving the "
        f"{card_name(card)}\n"
        "1 - Rational(binomial(unseen - takers, hand), binomial(unseen, hand))"
    )
    return OddsAnswer(chance, Text(given), "hats-3", why)


QUESTIONS: tuple[OddsQuestion, ...] = (
    OddsQuestion(
        "leave",
        Text(M("If I leave my safest hat on the tea table, can the next player take it?")),
        leave_odds,
    ),
)
"""The questions of the odds panel, read by ``Rules.odds_questions()``."""
