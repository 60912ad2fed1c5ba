"""Boo Party!'s decisions: a Monster's disguise (or none), the Seer's accusation or not.

Each action exists once (``WEAR[seat][costume]``, ``WEAR_NOTHING[seat]``,
``ACCUSE_ACTION``, ``PARTY_ON``): the rules hand out these objects.

>>> str(WEAR[1][0]), WEAR[1][0] is Wear(1, 0), WEAR[1][0] == Wear(1, 0)
('Player 2 puts on the Ghost', False, True)
>>> PARTY_ON.to_json()
{'type': 'party_on'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gamekit.core.actions import Action
from gamekit.core.names import SEATS
from gamekit.titles.boo_party.cards import COSTUMES, MAX_PLAYERS
from gamekit.titles.boo_party.terms import COSTUME_TERMS, M


@dataclass(frozen=True, slots=True)
class Wear(Action):
    """A Monster takes one Disguise card from the spread."""

    kind = "wear"
    seat: int
    costume: int

    def __str__(self) -> str:
        return str(
            M(
                "{seat} puts on {costume:the}",
                seat=SEATS[self.seat],
                costume=COSTUME_TERMS[self.costume],
            )
        )


@dataclass(frozen=True, slots=True)
class WearNothing(Action):
    """A Monster takes no Disguise card (the Monsters then lose, Ruling B6)."""

    kind = "wear_nothing"
    seat: int

    def __str__(self) -> str:
        return str(M("{seat} wears nothing", seat=SEATS[self.seat]))


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """The Seer accuses the Monsters: every revealed Vision is checked."""

    kind = "accuse"

    def __str__(self) -> str:
        return str(M("Accuse the Monsters"))


@dataclass(frozen=True, slots=True)
class LetPartyGoOn(Action):
    """The Seer does not accuse; the next round begins (or the Monsters win, B3)."""

    kind = "party_on"

    def __str__(self) -> str:
        return str(M("Let the party go on"))


ACTION_TYPES: tuple[type[Action], ...] = (Wear, WearNothing, Accuse, LetPartyGoOn)
"""Every action type of the game (``Rules.action_types``)."""

LEGACY_KINDS: dict[str, str] = {"wear-nothing": "wear_nothing", "party-on": "party_on"}
"""The kinds of format-1 records (old -> new): they were spelt with hyphens."""

ACCUSE_ACTION = Accuse()
PARTY_ON = LetPartyGoOn()
WEAR: tuple[tuple[Wear, ...], ...] = tuple(
    tuple(Wear(s, c) for c in range(len(COSTUMES))) for s in range(MAX_PLAYERS)
)
"""``WEAR[seat][costume]`` is ``Wear(seat, costume)``."""
WEAR_NOTHING: tuple[WearNothing, ...] = tuple(WearNothing(s) for s in range(MAX_PLAYERS))
"""``WEAR_NOTHING[seat]`` is ``WearNothing(seat)``."""
SEER_ACTIONS: tuple[Action, ...] = (ACCUSE_ACTION, PARTY_ON)
"""The Seer's choices, in their order."""

_WEAR_ROWS: list[list[Action]] = [list(row) for row in WEAR]
"""``WEAR`` as lists, so a slice is already a list of a seat's ``Wear`` actions."""


def disguises(seat: int, costumes: int, worn: Sequence[int | None]) -> list[Action]:
    """Monster ``seat``'s choices: the costumes nobody wears yet by number, then nothing.

    >>> [str(a) for a in disguises(1, 3, [None, None, 0])]
    ['Player 2 puts on the Vampire', 'Player 2 puts on the Witch', 'Player 2 wears nothing']
    """
    legal = _WEAR_ROWS[seat][:costumes]  # every costume, legal[c] wearing costume c
    taken = [c for c in worn if c is not None and 0 <= c < costumes]
    if taken:
        taken.sort(reverse=True)  # from the highest, so lower indices stay in place
        for costume in taken:
            del legal[costume]
    legal.append(WEAR_NOTHING[seat])
    return legal
