"""Boo Party!'s config and state, and the facts about a state that several modules ask.

>>> s = State(players=3, costumes=6, deck=[4, 5], removed=[0, 1], visions=[2, 3],
...           worn=[None, 3, 1], last=[None, 1, 0], turn=0, phase=ACCUSE, round=2)
>>> spread(s), made_mistake(s, 2), caught(s)
([0, 2, 4, 5], False, [1])
"""

from __future__ import annotations

from dataclasses import dataclass

from gamekit.titles.boo_party.cards import DEFAULT_COSTUMES, DEFAULT_PLAYERS, NOTHING

DISGUISE, ACCUSE, OVER = "disguise", "accuse", "over"
"""The phases: Monsters choose, the Seer decides, the game is over."""
CAUGHT, FALSE_ACCUSATION, MISTAKE, SURVIVED = "caught", "false-accusation", "mistake", "survived"
"""How a game ends (``State.ending``)."""
MONSTERS_WIN = frozenset({FALSE_ACCUSATION, SURVIVED})
"""The endings the Monsters win."""


@dataclass(frozen=True, kw_only=True)
class Config:
    """A validated game set-up: seats and the number of costumes."""

    players: int = DEFAULT_PLAYERS
    costumes: int = DEFAULT_COSTUMES


@dataclass(slots=True, kw_only=True)
class State:
    """Everything about one game (the god view).

    ``deck`` holds the face-down Visions (the next one is ``deck[-1]``),
    ``removed`` those put back in the box unseen, ``visions`` the revealed ones
    (oldest first, the top card last). ``worn[s]`` is the costume seat ``s``
    wears this round (``None``: not chosen yet, and always for the Seer;
    ``NOTHING``: chose to wear nothing); ``last[s]`` the one worn last round.
    ``turn`` is the seat that decides, ``None`` when the game is over.
    """

    players: int
    costumes: int
    deck: list[int]
    removed: list[int]
    visions: list[int]
    worn: list[int | None]
    last: list[int | None]
    turn: int | None
    phase: str
    round: int
    ending: str | None = None


def copy_state(s: State) -> State:
    """An independent copy of ``s``."""
    return State(
        players=s.players, costumes=s.costumes, deck=s.deck[:], removed=s.removed[:],
        visions=s.visions[:], worn=s.worn[:], last=s.last[:], turn=s.turn, phase=s.phase,
        round=s.round, ending=s.ending,
    )  # fmt: skip


def spread(s: State) -> list[int]:
    """The Disguise cards nobody wears this round, in number order."""
    taken = s.worn
    return [c for c in range(s.costumes) if c not in taken]


def made_mistake(s: State, seat: int) -> bool:
    """True when Monster ``seat`` wears nothing or last round's costume again (Ruling B6)."""
    worn = s.worn[seat]
    return worn == NOTHING or worn == s.last[seat]


def mistaken(s: State) -> list[int]:
    """The Monsters who made a mistake this round (Ruling B6), in seat order: wearing
    nothing or last round's costume again (:func:`made_mistake`, inlined)."""
    worn, last = s.worn, s.last
    return [m for m in range(1, s.players) if worn[m] == NOTHING or worn[m] == last[m]]


def caught(s: State) -> list[int]:
    """The Monsters wearing a costume seen in a revealed Vision, in seat order."""
    seen = s.visions
    return [seat for seat in range(1, s.players) if s.worn[seat] in seen]
