"""The Bloody Inn's config, state and the small shared helpers (money, annexes).

The state is a plain mutable dataclass; the piles are lists whose **last**
element is the top (the entrance pile's top traveller is ``entrance[-1]``).
Rooms, keys and Room Service tokens are lists of 8 (room 0 is the door marked
1): a room holds a card id or ``EMPTY``; a key is a seat, ``WHITE`` or
``NO_KEY``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gamekit.titles.bloody_inn.cards import (
    BARN_BASE,
    CASH_CAP,
    CHEQUES,
    DISCOUNT_ACT,
    IS_POLICE,
    KEY,
    MULTI,
    RANK,
    ROOMS,
    cards_to_play,
)
from gamekit.titles.bloody_inn.terms import Gain

EMPTY = -1
NO_KEY = -1
WHITE = -2
NO_TOKEN = -1
LENGTHS = ("short", "long")


@dataclass(frozen=True, kw_only=True)
class Config:
    """A validated Bloody Inn set-up (see :func:`make_config`)."""

    players: int = 2
    length: str = "long"
    first_player: int = 0
    unlimited_wealth: bool = False
    first_come_first_served: bool = False


@dataclass(slots=True, kw_only=True)
class State:
    """Everything on the table; ``step`` names the decision ``seat`` must take."""

    players: int
    seed: int
    fcfs: bool
    unlimited: bool
    long: bool
    entrance: list[int]
    removed: list[int]
    box: list[int]
    bistro: list[int]
    hands: list[list[int]]
    cash: list[int]
    cheques: list[int]
    first: int
    seat: int
    exit: list[int] = field(default_factory=list)
    gone: list[int] = field(default_factory=list)
    rooms: list[int] = field(default_factory=lambda: [EMPTY] * ROOMS)
    keys: list[int] = field(default_factory=lambda: [NO_KEY] * ROOMS)
    service: list[int] = field(default_factory=lambda: [NO_TOKEN] * ROOMS)
    corpses: list[list[int]] = field(default_factory=list)
    annexes: list[list[int]] = field(default_factory=list)
    buried: dict[int, list[int]] = field(default_factory=dict)
    buried_by: list[int] = field(default_factory=list)
    round: int = 1
    turn: int = 0
    step: str = "key"
    act: str = ""
    targets: list[int] = field(default_factory=list)
    table: list[int] = field(default_factory=list)
    due: int = 0
    exhausted: int = 0
    last_round: bool = False
    lost: bool = False


def copy_state(s: State) -> State:
    """An independent copy of ``s``."""
    return State(
        players=s.players,
        seed=s.seed,
        fcfs=s.fcfs,
        unlimited=s.unlimited,
        long=s.long,
        entrance=s.entrance[:],
        removed=s.removed[:],
        box=s.box[:],
        bistro=s.bistro[:],
        hands=[h[:] for h in s.hands],
        cash=s.cash[:],
        cheques=s.cheques[:],
        first=s.first,
        seat=s.seat,
        exit=s.exit[:],
        gone=s.gone[:],
        rooms=s.rooms[:],
        keys=s.keys[:],
        service=s.service[:],
        corpses=[c[:] for c in s.corpses],
        annexes=[a[:] for a in s.annexes],
        buried={k: v[:] for k, v in s.buried.items()},
        buried_by=s.buried_by[:],
        round=s.round,
        turn=s.turn,
        step=s.step,
        act=s.act,
        targets=s.targets[:],
        table=s.table[:],
        due=s.due,
        exhausted=s.exhausted,
        last_round=s.last_round,
        lost=s.lost,
    )


def state_dict(s: State) -> dict[str, Any]:
    """The whole state as JSON-able data (the god view)."""
    data = {name: getattr(s, name) for name in State.__slots__}
    data["buried"] = {str(k): v for k, v in sorted(s.buried.items())}
    return data


# -- money ---------------------------------------------------------------------
def gained(got: int, amount: int) -> str:
    """A gain as the narration tells it, the 40F cap said the same way every time
    (:class:`~gamekit.titles.bloody_inn.terms.Gain`, rendered now).

    >>> gained(5, 5), gained(2, 5)
    ('5F', '2F (of 5F: cash is capped at 40F)')
    """
    return str(Gain(got, amount))


def gain(s: State, seat: int, amount: int) -> int:
    """Add ``amount`` F of cash, capped at 40F unless wealth is unlimited; the F gained."""
    before = s.cash[seat]
    s.cash[seat] = after = cash_after_gain(before, amount, s.unlimited)
    return after - before


def cash_after_gain(cash: int, amount: int, unlimited: bool) -> int:
    """Cash after gaining ``amount`` F: capped at 40F unless wealth is unlimited.

    >>> cash_after_gain(35, 8, False), cash_after_gain(35, 8, True)
    (40, 43)
    """
    after = cash + amount
    return CASH_CAP if not unlimited and after > CASH_CAP else after


def settle_fine(cash: int, cheques: int, due: int, ask: bool = False) -> tuple[int, int, int, bool]:
    """Pay a fine of ``due`` F 10F at a time (Ruling I9): ``(cash, cheques, due, settled)``.

    Each 10F is paid with 10F of cash or with a cheque. With both at hand the payer
    chooses: with ``ask`` the payment stops there (``settled`` is False, ``due`` what
    is still owed); without, cash goes first. With neither, the payer pays the cash
    they have and the rest stays unpaid (``due`` is then what went unpaid).

    >>> settle_fine(15, 2, 20), settle_fine(15, 2, 20, ask=True), settle_fine(5, 0, 20)
    ((5, 1, 0, True), (15, 2, 20, False), (0, 0, 15, True))
    """
    while due > 0:
        if cash >= 10:
            if cheques and ask:
                return cash, cheques, due, False
            cash -= 10
            due -= 10
        elif cheques:
            cheques -= 1
            due -= 10
        else:
            return 0, cheques, due - cash, True
    return cash, cheques, due, True


def wages_owed(hand: int, distilleries: int) -> int:
    """The morning's wages: 1F per card in hand, less one card per Distillery (Ruling I6)."""
    return max(0, hand - distilleries)


def morning_income(guests: int, gardens: int) -> int:
    """What leaving travellers pay an innkeeper: 1F per guest in a room with their key,
    and 2F more per Gardens whether or not guests leave (Ruling I12)."""
    return guests + 2 * gardens


def wealth(s: State, seat: int) -> int:
    """Cash plus 10F per cheque."""
    return s.cash[seat] + 10 * s.cheques[seat]


def reserve(s: State) -> int:
    """Cheque tiles still in the reserve (Ruling I3)."""
    return CHEQUES - sum(s.cheques)


# -- annexes -------------------------------------------------------------------
def barn(seat: int) -> int:
    """The annex id of a seat's barn."""
    return BARN_BASE + seat


def owner(s: State, annex: int) -> int:
    """The seat that owns an annex (built card or barn)."""
    if annex >= BARN_BASE:
        return annex - BARN_BASE
    for seat, built in enumerate(s.annexes):
        if annex in built:
            return seat
    raise ValueError(f"#{annex} is no annex")


def count_built(s: State, seat: int, key: str) -> int:
    """How many annexes of kind ``key`` (a card key such as ``"mechanic"``) a seat built."""
    built = s.annexes[seat]
    return sum(1 for a in built if KEY[a] == key) if built else 0


def discount(s: State, seat: int, act: str) -> int:
    """Cards saved on ``act`` by this seat's Workshops, Parlors or Cellars (Ruling I4)."""
    built = s.annexes[seat]
    return sum(1 for a in built if DISCOUNT_ACT[a] == act) if built else 0


def has_multi(s: State, seat: int, act: str) -> bool:
    """True when this seat's Shop / Butcher's Shop / Crypt lets ``act`` take many targets."""
    built = s.annexes[seat]
    return bool(built) and any(MULTI.get(KEY[a]) == act for a in built)


def price(s: State, seat: int, act: str, targets: list[int]) -> int:
    """Cards to play: the sum of the targets' ranks (Ruling I5) less discounts (Ruling I4)."""
    return cards_to_play(targets, act, discount(s, seat, act) if act != "kill" else 0)


def sites(s: State) -> list[int]:
    """Every annex with room for one more corpse, seat by seat, barn first."""
    out = []
    for seat in range(s.players):
        b = BARN_BASE + seat
        if len(s.buried[b]) < 1:
            out.append(b)
        for a in s.annexes[seat]:
            if len(s.buried[a]) < RANK[a]:
                out.append(a)
    return out


def free_slots(s: State) -> int:
    """Corpses the whole table can still hide under its annexes (a barn holds 1, an
    annex its rank: :func:`~gamekit.titles.bloody_inn.cards.capacity`)."""
    free = 0
    for annex, corpses in s.buried.items():
        free += (1 if annex >= BARN_BASE else RANK[annex]) - len(corpses)
    return free


def under_own(s: State, seat: int) -> int:
    """Corpses under this seat's annexes, barn included (the tie-break)."""
    return len(s.buried[BARN_BASE + seat]) + sum(len(s.buried[a]) for a in s.annexes[seat])


def open_rooms(s: State) -> list[int]:
    """Rooms with a key (any colour), in door order."""
    return [r for r in range(ROOMS) if s.keys[r] != NO_KEY]


def police_present(s: State) -> bool:
    """True when a police card still sleeps in a room."""
    return police_among(s.rooms)


def police_among(rooms: Sequence[int]) -> bool:
    """True when one of ``rooms`` (card ids, or ``EMPTY``) holds a police officer.

    >>> police = IS_POLICE.index(True)
    >>> police_among([EMPTY, police]), police_among([EMPTY, IS_POLICE.index(False)])
    (True, False)
    """
    return any(map(_POLICE_IN.__getitem__, rooms))


_POLICE_IN: tuple[bool, ...] = (*IS_POLICE, False)
"""A room's content -> True for a police officer (``EMPTY``, -1, is the last entry)."""
