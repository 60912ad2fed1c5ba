"""The Bloody Inn's decisions, each a small action (compound choices come in steps).

A night action is chosen in steps: the action (:class:`Act`), its target(s)
(:class:`Target`, :class:`TakePeasants`, :class:`EndTargets`), each paying card
(:class:`Pay`), then for a burial each site (:class:`BuryUnder`); building some
annexes asks one more question (:class:`ServiceRoom`, :class:`KeyRoom`). Passing
asks how much to launder (:class:`Launder`). The evening asks where each
traveller sleeps (:class:`Place`); a police fine or the end-of-game gravedigger
asks, for each 10F, cash or a cheque (:class:`PayFine`, Ruling I9); short wages
ask who leaves (:class:`Dismiss`).

Each text is a message of the title's catalog, read in the language in force; a
card is told by its name (and, for a target, its rank: the price), never by its id.

>>> str(Act("bribe")), str(Pay(0)), str(Launder(-2)), str(Target(0))
('Bribe', 'Pay with the Cultivator', 'Cash 2 cheques into 20F', 'Target the Cultivator (rank 0)')
>>> from gamekit.core.i18n import language
>>> with language("fr"):
...     str(Act("bribe")), str(Pay(0)), str(Launder(-2)), str(Target(0))
('Corrompre', 'Payer avec le cultivateur', 'Changer 2 chèques en 20F de monnaie', \
'Viser le cultivateur (rang 0)')
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.actions import Action
from gamekit.core.i18n import Message
from gamekit.titles.bloody_inn.cards import (
    ALL_CARDS,
    BARN_BASE,
    BUILDABLE,
    RANK,
    ROOMS,
    annex_term,
    card_term,
)
from gamekit.titles.bloody_inn.terms import M

ACTS = ("bribe", "build", "kill", "bury", "pass")
ACT_TEXT: dict[str, Message] = {
    "bribe": M("Bribe"),
    "build": M("Build an annex"),
    "kill": M("Kill"),
    "bury": M("Bury a corpse"),
    "pass": M("Pass"),
}
CARDS = len(ALL_CARDS)


@dataclass(frozen=True, slots=True)
class PlaceKey(Action):
    """Set-up: put your own key on an empty room (Ruling I7)."""

    kind = "place_key"
    room: int

    def __str__(self) -> str:
        return str(M("Put your key on room {room}", room=self.room + 1))


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Evening: lodge the entrance pile's top traveller in an empty open room."""

    kind = "place"
    room: int

    def __str__(self) -> str:
        return str(M("Lodge the traveller in room {room}", room=self.room + 1))


@dataclass(frozen=True, slots=True)
class Act(Action):
    """Night: choose this turn's action (``bribe``, ``build``, ``kill``, ``bury``, ``pass``)."""

    kind = "act"
    action: str

    def __str__(self) -> str:
        text = ACT_TEXT.get(self.action)
        return str(text) if text is not None else str(M("Do {action}", action=repr(self.action)))


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Night: aim the chosen action at a card (a guest, a card in hand, a corpse)."""

    kind = "target"
    card: int

    def __str__(self) -> str:
        if 0 <= self.card < CARDS:
            return str(
                M(
                    "Target {card:the} (rank {rank})",
                    card=card_term(self.card),
                    rank=RANK[self.card],
                )
            )
        return str(M("Target card {number}", number=self.card))


@dataclass(frozen=True, slots=True)
class TakePeasants(Action):
    """Night, Bribe: take ``count`` peasants from the bistro (rank 0, free)."""

    kind = "take_peasants"
    count: int

    def __str__(self) -> str:
        if self.count == 1:
            return str(M("Take 1 peasant from the bistro"))
        return str(M("Take {count} peasants from the bistro", count=self.count))


@dataclass(frozen=True, slots=True)
class EndTargets(Action):
    """Night: stop adding targets (Shop, Butcher's Shop, Crypt) and go on to pay."""

    kind = "end_targets"

    def __str__(self) -> str:
        return str(M("No more targets"))


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Night: play one card of your hand towards the action's price."""

    kind = "pay"
    card: int

    def __str__(self) -> str:
        if 0 <= self.card < CARDS:
            return str(M("Pay with {card:the}", card=card_term(self.card)))
        return str(M("Pay with card {number}", number=self.card))


@dataclass(frozen=True, slots=True)
class BuryUnder(Action):
    """Night, Bury: slide the corpse under this annex (a built card or a barn)."""

    kind = "bury_under"
    annex: int

    def __str__(self) -> str:
        barn = BARN_BASE <= self.annex < BARN_BASE + 4
        if not (barn or (0 <= self.annex < CARDS and BUILDABLE[self.annex])):
            return str(M("Bury it under annex {number}", number=self.annex))
        return str(M("Bury it under {annex:the}", annex=annex_term(self.annex)))


@dataclass(frozen=True, slots=True)
class ServiceRoom(Action):
    """Night, Room Service built: put your Room Service token on this room (Ruling I11)."""

    kind = "service_room"
    room: int

    def __str__(self) -> str:
        return str(M("Put your Room Service token on room {room}", room=self.room + 1))


@dataclass(frozen=True, slots=True)
class KeyRoom(Action):
    """Night, Bedroom built: replace the white key on this room with yours."""

    kind = "key_room"
    room: int

    def __str__(self) -> str:
        return str(M("Replace the white key of room {room} with yours", room=self.room + 1))


@dataclass(frozen=True, slots=True)
class Launder(Action):
    """Night, after passing: ``n > 0`` turns 10F of cash into a cheque n times,
    ``n < 0`` turns -n cheques back into cash, 0 launders nothing (Ruling I3)."""

    kind = "launder"
    cheques: int

    def __str__(self) -> str:
        n = self.cheques
        if n == 1:
            return str(M("Turn {money}F into 1 cheque", money=10))
        if n > 1:
            return str(M("Turn {money}F into {count} cheques", money=10 * n, count=n))
        if n == -1:
            return str(M("Cash 1 cheque into {money}F", money=10))
        if n < -1:
            return str(M("Cash {count} cheques into {money}F", money=-10 * n, count=-n))
        return str(M("Launder nothing"))


FINE_MEANS = ("cash", "cheque")
"""How 10F of a fine can be paid, in the order a decision offers them (Ruling I9)."""


@dataclass(frozen=True, slots=True)
class PayFine(Action):
    """Morning police fine or end-of-game gravedigger: pay the next 10F with 10F of cash
    (``by="cash"``) or with one cheque (``by="cheque"``) (Ruling I9).

    Asked only while the payer holds both 10F of cash and a cheque; otherwise the
    kit pays with whichever they have.
    """

    kind = "pay_fine"
    by: str

    def __str__(self) -> str:
        if self.by == "cash":
            return str(M("Pay 10F in cash"))
        if self.by == "cheque":
            return str(M("Pay 10F with a cheque"))
        return str(M("Pay 10F by {means}", means=repr(self.by)))


@dataclass(frozen=True, slots=True)
class Dismiss(Action):
    """Morning: a card you cannot pay a wage to leaves your hand (Ruling I6)."""

    kind = "dismiss"
    card: int

    def __str__(self) -> str:
        if 0 <= self.card < CARDS:
            return str(M("Let {card:the} go unpaid", card=card_term(self.card)))
        return str(M("Let card {number} go", number=self.card))


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceKey,
    Place,
    Act,
    Target,
    TakePeasants,
    EndTargets,
    Pay,
    BuryUnder,
    ServiceRoom,
    KeyRoom,
    Launder,
    PayFine,
    Dismiss,
)
"""Every action type of the game (``Rules.action_types``)."""

LEGACY_KINDS: dict[str, str] = {}
"""Format-1 record kinds that were spelt otherwise (old -> new): none, every kind of
this title has always been snake_case."""


# -- every possible action, made once ----------------------------------------------------------
# ``legal_actions`` hands out these objects (never fresh dataclasses): an action is a value,
# so one object per value serves every game.
LAUNDER_MOST = 30
"""The most cheques one pass can make or cash (30 cheques exist, Ruling I3)."""
BARNS = tuple(range(BARN_BASE, BARN_BASE + 4))
"""The annex ids of the barns (one per seat, at most 4 seats)."""

PLACE_KEY: tuple[PlaceKey, ...] = tuple(PlaceKey(r) for r in range(ROOMS))
"""``PLACE_KEY[room]`` is ``PlaceKey(room)``."""
PLACE: tuple[Place, ...] = tuple(Place(r) for r in range(ROOMS))
"""``PLACE[room]`` is ``Place(room)``."""
ACT: dict[str, Act] = {a: Act(a) for a in ACTS}
"""``ACT[name]`` is ``Act(name)`` for the five night actions."""
TARGET: tuple[Target, ...] = tuple(Target(c) for c in ALL_CARDS)
"""``TARGET[card]`` is ``Target(card)``."""
TAKE_PEASANTS: tuple[TakePeasants, ...] = tuple(TakePeasants(n) for n in range(5))
"""``TAKE_PEASANTS[n]`` is ``TakePeasants(n)`` (1 to 4 peasants are ever offered)."""
END_TARGETS = EndTargets()
PAY: tuple[Pay, ...] = tuple(Pay(c) for c in ALL_CARDS)
"""``PAY[card]`` is ``Pay(card)``."""
BURY_UNDER: dict[int, BuryUnder] = {
    a: BuryUnder(a) for a in (*(c for c in ALL_CARDS if BUILDABLE[c]), *BARNS)
}
"""``BURY_UNDER[annex]`` is ``BuryUnder(annex)`` for every buildable card and barn."""
SERVICE_ROOM: tuple[ServiceRoom, ...] = tuple(ServiceRoom(r) for r in range(ROOMS))
"""``SERVICE_ROOM[room]`` is ``ServiceRoom(room)``."""
KEY_ROOM: tuple[KeyRoom, ...] = tuple(KeyRoom(r) for r in range(ROOMS))
"""``KEY_ROOM[room]`` is ``KeyRoom(room)``."""
LAUNDER: dict[int, Launder] = {n: Launder(n) for n in range(-LAUNDER_MOST, LAUNDER_MOST + 1)}
"""``LAUNDER[n]`` is ``Launder(n)``."""
PAY_FINE: tuple[PayFine, ...] = tuple(PayFine(by) for by in FINE_MEANS)
"""The two ways to pay 10F of a fine, in the order :data:`FINE_MEANS` gives them."""
DISMISS: tuple[Dismiss, ...] = tuple(Dismiss(c) for c in ALL_CARDS)
"""``DISMISS[card]`` is ``Dismiss(card)``."""
