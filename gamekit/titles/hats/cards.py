"""Hats' catalogue: the cards and the scoring arithmetic on them (no state, no actions).

A card is an int from 0 to 41 (Ruling H1): type ``card // 6``, number ``card % 6 + 1``.

>>> card_name(card_of("yellow", 3)), can_take(card_of("red", 4), card_of("blue", 3))
('yellow 3', True)
"""

from __future__ import annotations

from collections.abc import Sequence

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


def is_card(card: object) -> bool:
    """A card id: an int (never a bool) from 0 to 41.

    >>> is_card(41), is_card(42), is_card(True)
    (True, False, False)
    """
    return isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARDS)


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
    return type_count(collection, black_hats) << COUNTER_BITS | sum(
        map(TIE_WEIGHT.__getitem__, collection)
    )


def type_count(collection: Sequence[int], black_hats: int) -> int:
    """Different types in a collection; black hats together count as one (H6).

    >>> type_count([card_of("red", 1), card_of("red", 2)], black_hats=3)
    2
    """
    return len(set(map(TYPE_OF.__getitem__, collection))) + (1 if black_hats else 0)


TYPE_OF: tuple[int, ...] = tuple(c // NUMBERS for c in CARDS)
"""``TYPE_OF[card]`` is ``card_type(card)``, looked up (for the fast paths)."""
COUNTER_BITS = 4 * NUMBERS
TIE_WEIGHT = tuple(1 << 4 * (NUMBERS - 1 - c % NUMBERS) for c in CARDS)
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
    return sum(map(SAME_TYPE_NUMBER[favourite].__getitem__, collection)) - (favourite % NUMBERS + 1)


SAME_TYPE_NUMBER: tuple[list[int], ...] = tuple(
    [c % NUMBERS + 1 if c // NUMBERS == f // NUMBERS else 0 for c in CARDS] for f in CARDS
)
"""``SAME_TYPE_NUMBER[favourite][card]``: the card's printed number if it has the
favourite's type, else 0 (looked up, for the scoring; lists, whose own ``__getitem__``
is faster than a tuple's wrapper: never changed)."""
