"""Hats: the cards, the actions and the scoring arithmetic (used by ``hats``).

A card is an int from 0 to 41 (Ruling H1): type ``card // 6``, number ``card % 6 + 1``.

>>> card_name(card_of("yellow", 3)), can_take(card_of("red", 4), card_of("blue", 3))
('yellow 3', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamekit.core.actions import Action
from gamekit.titles.hats.terms import M, hat

# -- vocabulary and catalogue (Ruling H1) ---------------------------------------
TYPES: tuple[str, ...] = ("red", "orange", "yellow", "green", "blue", "purple", "pink")
"""The seven hat types (black is kept for face-down black hats)."""
NUMBERS = 6
CARDS: tuple[int, ...] = tuple(range(len(TYPES) * NUMBERS))
"""Every card id: ``type * 6 + (number - 1)``."""
HAND_SIZE = 9
MAIN_ACTIONS = 8
COOKIE_POINTS = 5
BLACK_HAT_POINTS = 1
SPACES = {2: 5, 3: 6, 4: 6}
"""Tea-table spaces used per player count (Ruling H2)."""
TEAMS = ((0, 2), (1, 3))
"""With 4 players, partners sit opposite (Ruling H5)."""


def card_type(card: int) -> int:
    """The type index of a card.

    >>> TYPES[card_type(13)]
    'yellow'
    """
    return card // NUMBERS


def card_number(card: int) -> int:
    """The printed number of a card (1-6).

    >>> card_number(13)
    2
    """
    return card % NUMBERS + 1


def card_name(card: int) -> str:
    """A card as a learner reads it.

    >>> card_name(13)
    'yellow 2'
    """
    return f"{TYPES[card // NUMBERS]} {card % NUMBERS + 1}"


def card_of(type_name: str, number: int) -> int:
    """The card id of a type name and a number.

    >>> card_of("yellow", 2)
    13
    """
    return TYPES.index(type_name) * NUMBERS + number - 1


def can_take(played: int, taken: int) -> bool:
    """Ruling H3: same type, or a strictly higher number.

    >>> can_take(card_of("red", 3), card_of("red", 5)), can_take(card_of("red", 3), 1)
    (True, True)
    >>> can_take(card_of("red", 3), card_of("blue", 3))
    False
    """
    return played // NUMBERS == taken // NUMBERS or played % NUMBERS > taken % NUMBERS


# -- actions ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Exchange(Action):
    """Play ``card`` on ``space`` (1-based) and take the card ``take`` lying there."""

    kind = "exchange"
    card: int
    space: int
    take: int

    def __str__(self) -> str:
        return M(
            "Exchange your {card} for the {take} on space {space}",
            card=hat(self.card),
            take=hat(self.take),
            space=self.space,
        ).render()


@dataclass(frozen=True, slots=True)
class BlackHat(Action):
    """Play ``card`` face down into your collection: a black hat."""

    kind = "black-hat"
    card: int

    def __str__(self) -> str:
        return M("Make a black hat with your {card}", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class DiscardDraw(Action):
    """Discard ``card`` face down and draw the top card of the deck (2-3 players)."""

    kind = "discard-draw"
    card: int

    def __str__(self) -> str:
        return M("Discard your {card} and draw a card", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class Swap(Action):
    """Give ``card`` face down to your partner, who gives one back (4 players)."""

    kind = "swap"
    card: int

    def __str__(self) -> str:
        return M("Swap your {card} with your partner", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class GiveBack(Action):
    """The partner's answer to a swap: the card given back face down."""

    kind = "give-back"
    card: int

    def __str__(self) -> str:
        return M("Give back your {card}", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn without the optional action."""

    kind = "end-turn"

    def __str__(self) -> str:
        return M("End your turn").render()


def _is_card(card: object) -> bool:
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS)


# Every action is a shared immutable value, built once (fast legal-action lists).
_BLACK = tuple(BlackHat(c) for c in CARDS)
_DISCARD = tuple(DiscardDraw(c) for c in CARDS)
_SWAP = tuple(Swap(c) for c in CARDS)
_GIVE = tuple(GiveBack(c) for c in CARDS)
END_TURN = EndTurn()


def _exchange_row(space: int, take: int) -> tuple[Exchange | None, ...]:
    """For each card id, the exchange taking ``take`` from ``space`` (0-based), or None (H3)."""
    return tuple(
        Exchange(c, space + 1, take) if c != take and can_take(c, take) else None for c in CARDS
    )


class _ExchangeRows(dict[int, tuple[Exchange | None, ...]]):
    """One space's rows: ``rows[take][card]``, each row built on first use."""

    def __init__(self, space: int) -> None:
        super().__init__()
        self.space = space

    def __missing__(self, take: int) -> tuple[Exchange | None, ...]:
        row = self[take] = _exchange_row(self.space, take)
        return row


_EXCHANGES = tuple(_ExchangeRows(space) for space in range(max(SPACES.values())))
"""``_EXCHANGES[space][take][card]``: every possible exchange (space 0-based), or None."""


# -- scoring helpers ---------------------------------------------------------------
def cookie_key(collection: Sequence[int], black_hats: int) -> int:
    """Ruling H6 as one number: the larger key wins the cookie.

    The rule compares the number of types (black hats together count as one),
    then the face-up numbers card by card from the lowest, and a list that runs
    out first loses. Comparing two such lists is the same as comparing how many
    1s each has, then how many 2s, and so on up to 6s. So the key is the number
    of types followed by six 4-bit counters, the 1s most significant: a sum of
    one weight per card (a collection never reaches 16 cards of one number).

    >>> red1, red2, blue2 = card_of("red", 1), card_of("red", 2), card_of("blue", 2)
    >>> cookie_key([red1, blue2], 0) > cookie_key([red2, blue2], 0)
    True
    >>> cookie_key([red1, blue2, red2], 0) > cookie_key([red1, blue2], 0)
    True
    >>> cookie_key([red2], black_hats=1) > cookie_key([red1, red2], 0)
    True
    """
    return type_count(collection, black_hats) << _COUNTER_BITS | sum(
        map(_TIE_WEIGHT.__getitem__, collection)
    )


def type_count(collection: Sequence[int], black_hats: int) -> int:
    """Different types in a collection; black hats together count as one (H6).

    >>> type_count([card_of("red", 1), card_of("red", 2)], black_hats=3)
    2
    """
    return len(set(map(_TYPE_OF.__getitem__, collection))) + (1 if black_hats else 0)


_TYPE_OF = tuple(c // NUMBERS for c in CARDS)
_COUNTER_BITS = 4 * NUMBERS
_TIE_WEIGHT = tuple(1 << 4 * (NUMBERS - 1 - c % NUMBERS) for c in CARDS)
"""A card's weight in the H6 comparison: the counter of its number (1s highest)."""


def table_face_up(table: Sequence[int]) -> list[bool]:
    """Ruling H7: only the leftmost card of each type stays face up.

    >>> table_face_up([card_of("red", 4), card_of("blue", 1), card_of("red", 2)])
    [True, True, False]
    """
    seen: set[int] = set()
    out = []
    for card in table:
        out.append(card // NUMBERS not in seen)
        seen.add(card // NUMBERS)
    return out


def table_values(table: Sequence[int]) -> dict[int, int]:
    """Type -> the space number where it is face up after the clean-up (H7).

    >>> table_values([card_of("red", 4), card_of("blue", 1), card_of("red", 2)])
    {0: 1, 4: 2}
    """
    values: dict[int, int] = {}
    for space, card in enumerate(table, start=1):
        values.setdefault(card // NUMBERS, space)
    return values


def favourite_points(collection: Sequence[int], favourite: int) -> int:
    """The printed numbers of the favourite's type in the collection, minus the favourite's.

    >>> favourite_points([card_of("red", 2), card_of("red", 3)], card_of("red", 6))
    -1
    """
    kind = favourite // NUMBERS
    same = sum(c % NUMBERS + 1 for c in collection if c // NUMBERS == kind)
    return same - (favourite % NUMBERS + 1)
