"""Hats' decisions: the six action types, each possible action built once.

A card is an int (see :mod:`gamekit.titles.hats.cards`). Every action a game can
offer is a shared immutable value made once (``BLACK_HATS[card]``,
``EXCHANGES[space][take][card]``...), so a list of legal actions builds no object.

>>> str(BLACK_HATS[13]), BLACK_HATS[13] is BlackHat(13), BLACK_HATS[13] == BlackHat(13)
('Make a black hat with your yellow 2', False, True)
>>> EXCHANGES[0][1][14]  # play the yellow 3 on space 1, take the red 2
Exchange(card=14, space=1, take=1)
>>> EXCHANGES[0][13][1] is None  # a red 2 cannot take a yellow 2 (Ruling H3)
True
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.actions import Action
from gamekit.titles.hats.cards import CARDS, SPACES, can_take
from gamekit.titles.hats.terms import M, hat


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

    kind = "black_hat"
    card: int

    def __str__(self) -> str:
        return M("Make a black hat with your {card}", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class DiscardDraw(Action):
    """Discard ``card`` face down and draw the top card of the deck (2-3 players)."""

    kind = "discard_draw"
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

    kind = "give_back"
    card: int

    def __str__(self) -> str:
        return M("Give back your {card}", card=hat(self.card)).render()


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """Finish the turn without the optional action."""

    kind = "end_turn"

    def __str__(self) -> str:
        return M("End your turn").render()


ACTION_TYPES: tuple[type[Action], ...] = (Exchange, BlackHat, DiscardDraw, Swap, GiveBack, EndTurn)
LEGACY_KINDS = {
    "black-hat": "black_hat",
    "discard-draw": "discard_draw",
    "give-back": "give_back",
    "end-turn": "end_turn",
}
"""The kinds of records of format 1 (``gamekit/1``) -> today's."""

# -- every action, built once --------------------------------------------------------
BLACK_HATS: tuple[BlackHat, ...] = tuple(BlackHat(c) for c in CARDS)
DISCARD_DRAWS: tuple[DiscardDraw, ...] = tuple(DiscardDraw(c) for c in CARDS)
SWAPS: tuple[Swap, ...] = tuple(Swap(c) for c in CARDS)
GIVE_BACKS: tuple[GiveBack, ...] = tuple(GiveBack(c) for c in CARDS)
END_TURN = EndTurn()


def exchange_row(space: int, take: int) -> tuple[Exchange | None, ...]:
    """For each card id, the exchange taking ``take`` from ``space`` (0-based), or None (H3).

    >>> [x.card for x in exchange_row(0, 1) if x][:3]
    [0, 2, 3]
    """
    return tuple(
        Exchange(c, space + 1, take) if c != take and can_take(c, take) else None for c in CARDS
    )


class ExchangeRows(dict[int, tuple[Exchange | None, ...]]):
    """One space's rows: ``rows[take][card]``, each row built on first use."""

    def __init__(self, space: int) -> None:
        super().__init__()
        self.space = space

    def __missing__(self, take: int) -> tuple[Exchange | None, ...]:
        row = self[take] = exchange_row(self.space, take)
        return row


EXCHANGES: tuple[ExchangeRows, ...] = tuple(
    ExchangeRows(space) for space in range(max(SPACES.values()))
)
"""``EXCHANGES[space][take][card]``: every possible exchange (space 0-based), or None."""


# -- the legal exchanges as bits: bit ``8 * card + space`` --------------------------------
def exchange_bits(space: int, take: int) -> int:
    """The cards that may take ``take`` from ``space`` (0-based, H3), as bits: bit
    ``8 * card + space`` for each card whose exchange ``EXCHANGES[space][take][card]`` exists.

    >>> exchange_bits(0, 1) & 0xFFFFFF == 1 << 8 * 0 | 1 << 8 * 2  # red 1 or 3 takes red 2
    True
    """
    row = EXCHANGES[space][take]
    return sum(1 << 8 * card + space for card in CARDS if row[card] is not None)


class ExchangeBits(dict[int, int]):
    """One space's bits: ``bits[take]``, each made on first use."""

    def __init__(self, space: int) -> None:
        super().__init__()
        self.space = space

    def __missing__(self, take: int) -> int:
        bits = self[take] = exchange_bits(self.space, take)
        return bits


EXCHANGE_BITS: tuple[ExchangeBits, ...] = tuple(
    ExchangeBits(space) for space in range(len(EXCHANGES))
)
"""``EXCHANGE_BITS[space][take]``: :func:`exchange_bits`, made once."""
OTHER_SPACES: tuple[int, ...] = tuple(
    sum(1 << 8 * card + other for card in CARDS for other in range(8) if other != space)
    for space in range(len(EXCHANGES))
)
"""``OTHER_SPACES[space]``: every card's bits but those of ``space`` (to clear them)."""
SPACES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(space for space in range(8) if bits >> space & 1) for bits in range(256)
)
"""``SPACES_OF[byte]``: the spaces whose bits are set in one card's byte, in order."""
BITS_BYTES = len(CARDS)
"""Bytes of a table's bits, one per card (``int.to_bytes(BITS_BYTES, "little")``)."""
