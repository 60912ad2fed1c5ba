"""The Bloody Inn's decisions, each a small action (compound choices come in steps).

A night action is chosen in steps: the action (:class:`Act`), its target(s)
(:class:`Target`, :class:`TakePeasants`, :class:`EndTargets`), each paying card
(:class:`Pay`), then for a burial each site (:class:`BuryUnder`); building some
annexes asks one more question (:class:`ServiceRoom`, :class:`KeyRoom`). Passing
asks how much to launder (:class:`Launder`). The evening asks where each
traveller sleeps (:class:`Place`); a police fine or the end-of-game gravedigger
asks, for each 10F, cash or a cheque (:class:`PayFine`, Ruling I9); short wages
ask who leaves (:class:`Dismiss`).

>>> str(Act("bribe")), str(Pay(0)), str(Launder(-2))
('Bribe', 'Pay with the Cultivator (rank 0, #0)', 'Cash 2 cheques into 20F')
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.core.actions import Action
from gamekit.titles.bloody_inn.cards import annex_label, label

ACTS = ("bribe", "build", "kill", "bury", "pass")
ACT_TEXT = {
    "bribe": "Bribe",
    "build": "Build an annex",
    "kill": "Kill",
    "bury": "Bury a corpse",
    "pass": "Pass",
}


@dataclass(frozen=True, slots=True)
class PlaceKey(Action):
    """Set-up: put your own key on an empty room (Ruling I7)."""

    kind = "place_key"
    room: int

    def __str__(self) -> str:
        return f"Put your key on room {self.room + 1}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Evening: lodge the entrance pile's top traveller in an empty open room."""

    kind = "place"
    room: int

    def __str__(self) -> str:
        return f"Lodge the traveller in room {self.room + 1}"


@dataclass(frozen=True, slots=True)
class Act(Action):
    """Night: choose this turn's action (``bribe``, ``build``, ``kill``, ``bury``, ``pass``)."""

    kind = "act"
    action: str

    def __str__(self) -> str:
        return ACT_TEXT.get(self.action, f"Do {self.action!r}")


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Night: aim the chosen action at a card (a guest, a card in hand, a corpse)."""

    kind = "target"
    card: int

    def __str__(self) -> str:
        return f"Target {label(self.card)}" if 0 <= self.card < 78 else f"Target #{self.card}"


@dataclass(frozen=True, slots=True)
class TakePeasants(Action):
    """Night, Bribe: take ``count`` peasants from the bistro (rank 0, free)."""

    kind = "take_peasants"
    count: int

    def __str__(self) -> str:
        return f"Take {self.count} peasant{'s' if self.count != 1 else ''} from the bistro"


@dataclass(frozen=True, slots=True)
class EndTargets(Action):
    """Night: stop adding targets (Shop, Butcher's Shop, Crypt) and go on to pay."""

    kind = "end_targets"

    def __str__(self) -> str:
        return "No more targets"


@dataclass(frozen=True, slots=True)
class Pay(Action):
    """Night: play one card of your hand towards the action's price."""

    kind = "pay"
    card: int

    def __str__(self) -> str:
        return f"Pay with {label(self.card)}" if 0 <= self.card < 78 else f"Pay with #{self.card}"


@dataclass(frozen=True, slots=True)
class BuryUnder(Action):
    """Night, Bury: slide the corpse under this annex (a built card or a barn)."""

    kind = "bury_under"
    annex: int

    def __str__(self) -> str:
        return f"Bury it under {annex_label(self.annex)}"


@dataclass(frozen=True, slots=True)
class ServiceRoom(Action):
    """Night, Room Service built: put your Room Service token on this room (Ruling I11)."""

    kind = "service_room"
    room: int

    def __str__(self) -> str:
        return f"Put your Room Service token on room {self.room + 1}"


@dataclass(frozen=True, slots=True)
class KeyRoom(Action):
    """Night, Bedroom built: replace the white key on this room with yours."""

    kind = "key_room"
    room: int

    def __str__(self) -> str:
        return f"Replace the white key of room {self.room + 1} with yours"


@dataclass(frozen=True, slots=True)
class Launder(Action):
    """Night, after passing: ``n > 0`` turns 10F of cash into a cheque n times,
    ``n < 0`` turns -n cheques back into cash, 0 launders nothing (Ruling I3)."""

    kind = "launder"
    cheques: int

    def __str__(self) -> str:
        n = self.cheques
        if n > 0:
            return f"Turn {10 * n}F into {n} cheque{'s' if n > 1 else ''}"
        if n < 0:
            return f"Cash {-n} cheque{'s' if n < -1 else ''} into {-10 * n}F"
        return "Launder nothing"


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
            return "Pay 10F in cash"
        if self.by == "cheque":
            return "Pay 10F with a cheque"
        return f"Pay 10F by {self.by!r}"


@dataclass(frozen=True, slots=True)
class Dismiss(Action):
    """Morning: a card you cannot pay a wage to leaves your hand (Ruling I6)."""

    kind = "dismiss"
    card: int

    def __str__(self) -> str:
        if 0 <= self.card < 78:
            return f"Let {label(self.card)} go unpaid"
        return f"Let #{self.card} go"


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
