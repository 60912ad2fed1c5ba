"""Hats' config and state, and the facts about a state that every module asks.

Each fact is written once here: whether the game is over, who decides, a seat's
partner, what is being decided.

>>> state = State(players=3, seed=1, table=[], deck=[], discards=[], hands=[[]] * 3,
...               collections=[[]] * 3, black_hats=[[]] * 3, box=[])
>>> over(state), to_move(state), decision(state), partner(1)
(False, 0, 'main', 3)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gamekit.core.i18n import Text
from gamekit.titles.hats.cards import MAIN_ACTIONS, TYPES
from gamekit.titles.hats.terms import TYPE_TERMS, M


@dataclass(frozen=True, kw_only=True)
class Config:
    """Players (2-4) and, with 2 players, the two types to remove (``None``: from the seed)."""

    players: int = 3
    removed_types: tuple[str, ...] | None = field(
        default=None,
        metadata={
            "choices": TYPES,
            "count": 2,
            "players": (2,),
            "label": Text(M("Hat types out of the game (2 players)")),
            "choice_labels": TYPE_TERMS,
        },
    )


@dataclass(slots=True, kw_only=True)
class State:
    """Everything about one game of Hats; ``offer`` is a swap waiting for the partner.

    Lists of cards: ``deck`` (its top is the last card), ``discards``, ``table``
    (space 1 first), ``hands`` (sorted), ``collections`` (face up, in the order
    taken) and ``black_hats`` per seat, and ``box`` (types removed with 2 players).
    """

    players: int
    seed: int
    table: list[int]
    deck: list[int]
    discards: list[int]
    hands: list[list[int]]
    collections: list[list[int]]
    black_hats: list[list[int]]
    box: list[int]
    seat: int = 0
    turns: int = 0
    main_done: bool = False
    option_used: bool = False
    offer: int | None = None
    cookie: int | None = None
    reshuffles: int = 0
    cookie_keys: list[int] = field(default_factory=list)
    """Bookkeeping, left out of ``state_dict``: each seat's H6 key, kept up to date by the
    moves (empty until first used)."""
    cookie_kinds: list[int] = field(default_factory=list)
    """Bookkeeping beside ``cookie_keys``: each seat's face-up types, one bit per type."""
    exchange_rows: list[tuple[Any, ...]] = field(default_factory=list)
    """Bookkeeping, left out of ``state_dict``: ``exchange_rows[i]`` is the row of
    ``EXCHANGES[i]`` for the card ``rows_table[i]``, kept up to date by the exchanges and
    checked against the table before use."""
    exchange_bits: int = 0
    """Bookkeeping beside ``exchange_rows``: the legal exchanges with ``rows_table`` as the
    bits of ``EXCHANGE_BITS`` (bit ``8 * card + space``), kept up to date with the rows."""
    exchange_spaces: bytes = b""
    """``exchange_bits`` as bytes, one per card (``to_bytes(BITS_BYTES, "little")``)."""
    rows_table: list[int] = field(default_factory=list)
    """The table that ``exchange_rows`` and ``exchange_bits`` were made for (bookkeeping)."""


def over(state: State) -> bool:
    """True once every player has made their 8 main actions (the last turn has ended)."""
    return state.turns >= MAIN_ACTIONS * state.players


def partner(seat: int) -> int:
    """With 4 players, the partner sits opposite (Ruling H5): 0 and 2, 1 and 3."""
    return (seat + 2) % 4


def to_move(state: State) -> int | None:
    """The seat deciding now: the partner while a swap waits, else whose turn it is."""
    if state.turns >= MAIN_ACTIONS * state.players:  # over(state), inlined: every decision
        return None
    if state.offer is not None:
        return (state.seat + 2) % 4  # partner(state.seat)
    return state.seat


def decision(state: State) -> str:
    """What is being decided now, for the views.

    ``"main"`` (the main action is still to make), ``"after-main"`` (the optional
    action or the end of the turn), ``"give-back"`` (the partner answers a swap)
    or ``"over"``.
    """
    if over(state):
        return "over"
    if state.offer is not None:
        return "give-back"
    return "after-main" if state.main_done else "main"


def copy_state(state: State) -> State:
    """An independent copy (every list copied)."""
    return State(
        players=state.players,
        seed=state.seed,
        table=state.table[:],
        deck=state.deck[:],
        discards=state.discards[:],
        hands=[h[:] for h in state.hands],
        collections=[c[:] for c in state.collections],
        black_hats=[b[:] for b in state.black_hats],
        box=state.box[:],
        seat=state.seat,
        turns=state.turns,
        main_done=state.main_done,
        option_used=state.option_used,
        offer=state.offer,
        cookie=state.cookie,
        reshuffles=state.reshuffles,
        cookie_keys=state.cookie_keys[:],
        cookie_kinds=state.cookie_kinds[:],
        exchange_rows=state.exchange_rows[:],
        exchange_bits=state.exchange_bits,
        exchange_spaces=state.exchange_spaces,
        rows_table=state.rows_table[:],
    )
