"""Knock! Knock!'s catalogue: the card kinds, the 55 cards (Ruling K1), and the
arithmetic and words on cards alone (no state, no actions).

>>> KIND_NAMES[CATALOGUE[0]], DECK_SIZE, party_score([CATALOGUE.index(KIND_INDEX["scarecrow"])])
('monster', 55, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.i18n import Listing, Term, Verbatim
from gamekit.titles.knock_knock.terms import CARDS, FOLK_TERMS

# -- vocabulary and the catalogue (rules as data) ----------------------------

FOLKS: tuple[str, ...] = ("monster", "ghost", "vampire")
"""The three folks; a folk card's folk is ``kind % 3`` (kinds 0 to 11)."""
FOLK_PLURALS: tuple[str, ...] = ("monsters", "ghosts", "vampires")

GUEST, BRUTE, MUSICIAN, VAMP, KID, TAXI, SCARECROW = range(7)
"""Card types; a kind below 12 has type ``kind // 3``, then kid, taxi, scarecrow."""

KIND_NAMES: tuple[str, ...] = (
    *FOLKS,
    *(f"{f} brute" for f in FOLKS),
    *(f"{f} musician" for f in FOLKS),
    *(f"{f} vamp" for f in FOLKS),
    "kid",
    "hearse taxi",
    "scarecrow",
)
"""Card kinds in catalogue order: the order of hands, parties and legal actions."""
KIND_INDEX: dict[str, int] = {name: i for i, name in enumerate(KIND_NAMES)}
KIND_TYPES: tuple[int, ...] = (*(k // 3 for k in range(12)), KID, TAXI, SCARECROW)
COPIES: tuple[int, ...] = (7, 7, 7, 2, 2, 2, 1, 1, 1, 5, 5, 5, 5, 3, 2)
"""Copies of each kind: 3 x (7 guests, 2 brutes, 1 musician, 5 vamps), 5 kids,
3 hearse taxis, 2 scarecrows = 55 cards (Ruling K1)."""

CATALOGUE: tuple[int, ...] = tuple(k for k, n in enumerate(COPIES) for _ in range(n))
"""The kind of each physical card: card ids are ``0 .. 54`` (Ruling K1)."""
DECK_SIZE = len(CATALOGUE)
CARD_NAMES: tuple[str, ...] = tuple(KIND_NAMES[k] for k in CATALOGUE)
"""The kind name of each card id; ids go up with the catalogue order of kinds."""
SCARECROW_KIND = KIND_INDEX["scarecrow"]
FIRST_GUESTS: tuple[int, ...] = tuple(
    CATALOGUE.index(folk) + i for folk in range(3) for i in range(4)
)
"""The 12 standard guests (4 of each folk) shuffled and dealt two each at set-up."""
THREE_PLAYER_BOX: tuple[int, ...] = tuple(CATALOGUE.index(3 + f) + 1 for f in range(3))
"""One brute of each folk, put back in the box with three players."""
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class Count:
    """So many cards of one kind, rendered in the language in force: "2 vampires",
    "a Vampire musician", or the bare name when it is the only card told."""

    count: int
    term: Term
    alone: bool = False

    def __format__(self, spec: str) -> str:
        if self.count > 1:
            return f"{self.count} {self.term:plural}"
        return format(self.term, "name" if self.alone else "a")


def guests_text(cards: Sequence[int]) -> str:
    """Guests by kind, in catalogue order: "2 vampires and a Vampire musician".

    >>> ids = {k: [c for c, n in enumerate(CATALOGUE) if n == i] for k, i in KIND_INDEX.items()}
    >>> guests_text(ids["vampire"][:2] + ids["vampire musician"][:1])
    '2 vampires and a Vampire musician'
    >>> guests_text(ids["ghost"][:1])
    'ghost'
    """
    return str(guests(cards))


def guests(cards: Sequence[int]) -> Listing:
    """The guests of :func:`guests_text`, rendered when read (in the language in force)."""
    kinds = sorted({CATALOGUE[c] for c in cards})
    parts = []
    for kind in kinds:
        count = sum(1 for c in cards if CATALOGUE[c] == kind)
        term = FOLK_TERMS[kind] if kind < 3 else term_of(kind)
        parts.append(Count(count, term, len(cards) == 1))
    return Listing(tuple(parts), "and")


def display(kind: int) -> str:
    """A card kind as a learner reads it.

    >>> display(KIND_INDEX["monster brute"]), display(KIND_INDEX["kid"])
    ('Monster brute', 'Kid')
    """
    return KIND_NAMES[kind].capitalize()


def term_of(kind: int) -> Term:
    """The translatable name of a card kind (see :mod:`gamekit.titles.knock_knock.terms`)."""
    return CARDS[KIND_NAMES[kind]]


def card_term(name: object) -> Term | Verbatim:
    """The term of a card name, or the name itself when the rules have no such card."""
    if isinstance(name, str) and name in CARDS:
        return CARDS[name]
    return Verbatim(str(name).capitalize())


def folk_term(name: object) -> Term | Verbatim:
    """The term of a folk, or the name itself when the rules have no such folk."""
    if isinstance(name, str) and name in FOLKS:
        return FOLK_TERMS[FOLKS.index(name)]
    return Verbatim(f"{name}s")


def party_score(party: Sequence[int]) -> int:
    """Points of a party: 1 per folk guest, 2 if its folk's musician is there, 3 per scarecrow.

    >>> party_score([CATALOGUE.index(KIND_INDEX[n]) for n in ("ghost", "ghost musician")])
    4
    """
    guests = [0, 0, 0]
    factor = [1, 1, 1]
    total = 0
    for card in party:
        kind = CATALOGUE[card]
        if kind < 9:
            guests[kind % 3] += 1
            if kind >= 6:  # a musician doubles its folk
                factor[kind - 6] = 2
        elif kind == SCARECROW_KIND:
            total += 3
    return total + guests[0] * factor[0] + guests[1] * factor[1] + guests[2] * factor[2]


def score_parts(party: Sequence[int]) -> tuple[int, int, int]:
    """A party's points in three parts: 1 per folk guest, as much again for every guest
    whose folk's musician is there (the doubling), 3 per scarecrow.

    Their sum is :func:`party_score`.

    >>> names = ("ghost", "ghost musician", "scarecrow")
    >>> score_parts([CATALOGUE.index(KIND_INDEX[n]) for n in names])
    (2, 2, 3)
    """
    guests = [0, 0, 0]
    doubled = [False, False, False]
    scarecrows = 0
    for card in party:
        kind = CATALOGUE[card]
        if kind < 9:
            guests[kind % 3] += 1
            doubled[kind % 3] = doubled[kind % 3] or kind >= 6
        elif kind == SCARECROW_KIND:
            scarecrows += 1
    bonus = sum(count for count, double in zip(guests, doubled, strict=True) if double)
    return sum(guests), bonus, 3 * scarecrows


def largest_unprotected_folks(kinds: Any) -> list[int]:
    """The folks a kid or a hearse taxi may take (Ruling K3): the most numerous
    folks without a brute, ignoring absent folks; several on a tie, none if all are
    protected or absent.

    >>> largest_unprotected_folks([KIND_INDEX[n] for n in ("monster", "ghost", "ghost brute")])
    [0]
    """
    counts = [0, 0, 0]
    protected = [False, False, False]
    for kind in kinds:
        if kind < 9:
            counts[kind % 3] += 1
            if kind // 3 == BRUTE:
                protected[kind % 3] = True
    eligible = [f for f in range(3) if counts[f] and not protected[f]]
    if not eligible:
        return []
    best = max(counts[f] for f in eligible)
    return [f for f in eligible if counts[f] == best]


def kind_names(cards: Sequence[int]) -> list[str]:
    """Kind names of ``cards`` in catalogue order (card ids sort that way)."""
    names = CARD_NAMES
    return [names[c] for c in sorted(cards)]


def take_kind(pool: list[int], kind: int) -> int:
    """Take (pop) the first card of ``kind`` from ``pool``."""
    for i, card in enumerate(pool):
        if CATALOGUE[card] == kind:
            return pool.pop(i)
    raise ValueError(f"no {KIND_NAMES[kind]} left to place")
