"""Knock! Knock!'s decisions: five action types, each possible action built once.

>>> str(OPEN), TAKES[0], KNOCKS[3][0][0][0]
('Open the door', TakeGuest(card='monster'), Knock(card='monster', target=1))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.names import SEATS
from gamekit.titles.knock_knock.cards import COPIES, FOLKS, KIND_NAMES, card_term, folk_term
from gamekit.titles.knock_knock.terms import M


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Lay a card of kind ``card`` face down at ``target``'s door."""

    kind = "knock"
    card: str
    target: int

    def __str__(self) -> str:
        return str(
            M(
                "Knock at {target}'s door with {card:a}",
                target=SEATS[self.target],
                card=card_term(self.card),
            )
        )

    def to_json(self) -> dict[str, Any]:
        """``{"type": "knock", "card": ..., "target": ...}``."""
        return {"type": "knock", "card": self.card, "target": self.target}


@dataclass(frozen=True, slots=True)
class Open(Action):
    """The knocked player opens: they reveal the card and take it."""

    kind = "open"

    def __str__(self) -> str:
        return str(M("Open the door"))


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """The knocked player keeps the door closed: the knocker takes the card."""

    kind = "decline"

    def __str__(self) -> str:
        return str(M("Keep the door closed"))


@dataclass(frozen=True, slots=True)
class TakeGuest(Action):
    """The competitor picks which guest a vamp brings over (a kind of guest)."""

    kind = "take_guest"
    card: str

    def __str__(self) -> str:
        return str(M("Take their {card}", card=card_term(self.card)))


@dataclass(frozen=True, slots=True)
class ChooseFolk(Action):
    """The competitor picks the folk a kid or a hearse taxi takes on a tie (K3)."""

    kind = "choose_folk"
    folk: str

    def __str__(self) -> str:
        return str(M("Choose the {folk:plural}", folk=folk_term(self.folk)))


OPEN, DECLINE = Open(), Decline()
ANSWERS: tuple[Action, ...] = (OPEN, DECLINE)
TAKES: tuple[TakeGuest, ...] = tuple(TakeGuest(KIND_NAMES[k]) for k in range(9))
CHOICES: tuple[ChooseFolk, ...] = tuple(ChooseFolk(f) for f in FOLKS)
KNOCKS: dict[int, list[list[list[Action]]]] = {
    n: [
        [[Knock(KIND_NAMES[k], t) for t in range(n) if t != seat] for k in range(len(COPIES))]
        for seat in range(n)
    ]
    for n in (3, 4, 5)
}
"""Interned knock actions: ``KNOCKS[players][seat][kind]`` lists them by target seat."""

ACTION_TYPES: tuple[type[Action], ...] = (Knock, Open, Decline, TakeGuest, ChooseFolk)
LEGACY_KINDS = {"take guest": "take_guest", "choose folk": "choose_folk"}
"""The kinds of records of format 1 (``gamekit/1``) -> today's."""
