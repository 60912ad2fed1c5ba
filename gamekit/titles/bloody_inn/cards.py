"""The Bloody Inn's cards as data: the 78 client cards, their families and annexes.

The catalogue is read once from ``cards.csv`` next to this module (a copy
of the project's card list). Card ids are ints: the 70 travellers are
``0..69`` in the order of the CSV (copies next to each other), the 8 peasants
``70..77``. Every per-card fact is a tuple indexed by id, so the rules look it
up fast.

>>> NAME[0], RANK[0], MONEY[0], FAMILY[0]
('Cultivator', 0, 8, 'craftsmen')
>>> len(ALL_CARDS), len(TRAVELLERS), PEASANTS
(78, 70, (70, 71, 72, 73, 74, 75, 76, 77))
>>> ANNEX[card_of("priest")]
'Chapel'
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from importlib import resources

from gamekit.core.i18n import Term
from gamekit.titles.bloody_inn.terms import ANNEXES as ANNEX_TERMS
from gamekit.titles.bloody_inn.terms import CASH_CAP as TERMS_CASH_CAP
from gamekit.titles.bloody_inn.terms import TRAVELLERS as TRAVELLER_TERMS
from gamekit.titles.bloody_inn.terms import Barn

# -- families and their aptitudes --------------------------------------------
FAMILIES = ("merchants", "craftsmen", "police", "religious", "nobles", "peasants")
COLOUR = {
    "merchants": "blue",
    "craftsmen": "red",
    "police": "grey",
    "religious": "purple",
    "nobles": "green",
    "peasants": "yellow",
}
APTITUDE = {"merchants": "bribe", "craftsmen": "build", "police": "kill", "religious": "bury"}
"""Family -> the action whose payment cards of that family return to hand."""

MONEY_BY_RANK = {0: 8, 1: 12, 2: 18, 3: 26}
PEASANT_MONEY = 4

# -- the inn ----------------------------------------------------------------
ROOMS = 8
CHEQUES = 30
"""Cheque tiles in the box; laundering needs one in the reserve (Ruling I3)."""
CASH_CAP = TERMS_CASH_CAP
START_CASH = 5
BARN_BASE = 100
"""A player's barn is the annex ``BARN_BASE + seat`` (it is no client card)."""

REMOVED = {
    1: {"short": 34, "long": 26},
    2: {"short": 35, "long": 25},
    3: {"short": 28, "long": 16},
    4: {"short": 22, "long": 6},
}
"""Travellers removed unseen at setup, by player count and length."""

WHITE_KEYS = {1: 3, 2: 3, 3: 3, 4: 4}

# -- annex effects by annex key (the traveller's key in the CSV) ---------------
INSTANT_GAIN = {
    "landscaper": 4,
    "grocer": 4,
    "baron": 4,
    "viscount": 6,
    "count": 9,
    "duke": 4,
    "marquis": 18,
    "bishop": 4,
}
"""Annexes that pay a fixed sum when built."""
COUNT_GAIN = {"cultivator": "craftsmen", "newsboy": "merchants", "novice": "religious"}
"""Annexes that pay 1F per annex of a family you have built, this one included."""
END_COLOUR_GAIN = {
    "landscaper": "craftsmen",
    "grocer": "merchants",
    "duke": "nobles",
    "bishop": "religious",
}
"""End-of-game annexes paying 4F per card of their family in the exit pile."""
DISCOUNT = {"mechanic": "build", "representative": "bribe", "abbot": "bury"}
"""Annexes that make an action cost one card less (they stack: Ruling I4)."""
MULTI = {"shopkeeper": "bribe", "butcher": "kill", "archbishop": "bury"}
"""Annexes letting one action take any number of targets (paying the sum: Ruling I5)."""


def _load() -> list[dict[str, str]]:
    text = resources.files("gamekit.titles.bloody_inn").joinpath("cards.csv").read_text("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def _expand(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    travellers = [r for r in rows if r["family"] != "peasants"]
    peasants = [r for r in rows if r["family"] == "peasants"]
    return [r for r in travellers + peasants for _ in range(int(r["copies"]))]


_CARDS = _expand(_load())

KEY: tuple[str, ...] = tuple(r["key"] for r in _CARDS)
NAME: tuple[str, ...] = tuple(r["name_en"] for r in _CARDS)
FAMILY: tuple[str, ...] = tuple(r["family"] for r in _CARDS)
RANK: tuple[int, ...] = tuple(int(r["rank"]) for r in _CARDS)
MONEY: tuple[int, ...] = tuple(int(r["money"]) for r in _CARDS)
ANNEX: tuple[str, ...] = tuple(r["annex_en"] for r in _CARDS)
EFFECT: tuple[str, ...] = tuple(r["annex_effect"] for r in _CARDS)
APT: tuple[str, ...] = tuple(APTITUDE.get(f, "") for f in FAMILY)
"""Card id -> its aptitude action ("" for nobles and peasants)."""

ALL_CARDS: tuple[int, ...] = tuple(range(len(_CARDS)))
TRAVELLERS: tuple[int, ...] = tuple(c for c in ALL_CARDS if FAMILY[c] != "peasants")
PEASANTS: tuple[int, ...] = tuple(c for c in ALL_CARDS if FAMILY[c] == "peasants")
IS_PEASANT: tuple[bool, ...] = tuple(FAMILY[c] == "peasants" for c in ALL_CARDS)
IS_POLICE: tuple[bool, ...] = tuple(FAMILY[c] == "police" for c in ALL_CARDS)
BUILDABLE: tuple[bool, ...] = tuple(bool(ANNEX[c]) for c in ALL_CARDS)
TERM: tuple[Term, ...] = tuple(TRAVELLER_TERMS[k] for k in KEY)
"""Card id -> its translatable name (:mod:`gamekit.titles.bloody_inn.terms`)."""
KIND: tuple[int, ...] = tuple(KEY.index(k) for k in KEY)
"""Card id -> the first id of its kind (cards of one kind are interchangeable)."""
DISCOUNT_ACT: tuple[str, ...] = tuple(DISCOUNT.get(k, "") for k in KEY)
"""Card id -> the action its annex makes one card cheaper ("" for none, Ruling I4)."""
BUILD_RANK: tuple[int, ...] = tuple(RANK[c] if BUILDABLE[c] else 99 for c in ALL_CARDS)
"""Card id -> its rank if it can be built, else 99 (more than any hand can pay)."""
ROOM_RANK: tuple[int, ...] = (*RANK, 99)
"""A room's content -> its guest's rank: a card id, or an empty room (-1, the last
entry) -> 99, so ``min(map(ROOM_RANK.__getitem__, rooms))`` is the cheapest guest's rank."""


def cards_to_play(targets: Iterable[int], act: str, discount: int) -> int:
    """The price of an action in cards: the sum of its targets' ranks (Ruling I5), less
    the discount counted once (Rulings I4, I8), never below 0; a Kill has no discount.

    >>> count, marquis = card_of("count"), card_of("marquis")  # ranks 2 and 3
    >>> cards_to_play([count, marquis], "bribe", 1), cards_to_play([count], "kill", 1)
    (4, 2)
    """
    total = 0
    for t in targets:
        total += RANK[t]
    return total if act == "kill" else max(0, total - discount)


def distinct_kinds(cards: Iterable[int]) -> list[int]:
    """One card of each kind (cards of a kind are interchangeable), the first id kept.

    >>> distinct_kinds([70, 71, 0, 3])  # two peasants, two Cultivators
    [70, 0]
    """
    seen: set[int] = set()
    out = []
    for c in cards:
        kind = KIND[c]
        if kind not in seen:
            seen.add(kind)
            out.append(c)
    return out


def card_of(key: str) -> int:
    """The first card id of a kind (for example ``"baron"``); raises ``KeyError``."""
    try:
        return KEY.index(key)
    except ValueError:
        raise KeyError(f"no card {key!r}; known: {', '.join(sorted(set(KEY)))}") from None


def ids_of(key: str) -> list[int]:
    """Every card id of a kind.

    >>> len(ids_of("peasant")), len(ids_of("major"))
    (8, 3)
    """
    return [c for c in ALL_CARDS if KEY[c] == key]


def card_term(card: int) -> Term:
    """A card's translatable name (no numbers: "the Count", "le comte").

    >>> f"{card_term(0):the}"
    'the Cultivator'
    """
    return TERM[card]


def annex_term(annex: int) -> Term | Barn:
    """An annex's translatable name: "the Stables", or a barn ("Player 2's barn").

    >>> f"{annex_term(card_of('duke')):the}", f"{annex_term(BARN_BASE + 1):the}"
    ('the Stables', "Player 2's barn")
    """
    if annex >= BARN_BASE:
        return Barn(annex - BARN_BASE)
    return ANNEX_TERMS[KEY[annex]]


def label(card: int) -> str:
    """A card as a learner reads it, in the language in force: ``"the Count"``.

    >>> label(0)
    'the Cultivator'
    """
    return format(TERM[card], "the")


def annex_label(annex: int) -> str:
    """An annex (a built card or a barn) in words, in the language in force.

    >>> annex_label(BARN_BASE + 1)
    "Player 2's barn"
    """
    return format(annex_term(annex), "the")


def capacity(annex: int) -> int:
    """How many corpses an annex holds: its rank; a barn holds 1.

    >>> capacity(BARN_BASE), capacity(card_of("baron")), capacity(card_of("marquis"))
    (1, 0, 3)
    """
    return 1 if annex >= BARN_BASE else RANK[annex]
