"""Knock! Knock!'s config and state, and who decides.

>>> s = State(players=3, face_down_deck=False, deck=[], hands=[[1], [], []], known=[[], [], []],
...           parties=[[], [], []], discard=[], box=[])
>>> PHASES[s.phase], to_move(s)
('knock', 0)
"""

from __future__ import annotations

from dataclasses import dataclass

KNOCK, ANSWER, TAKE_GUEST, CHOOSE_FOLK, OVER = range(5)
PHASES: tuple[str, ...] = ("knock", "answer", "take guest", "choose folk", "over")
"""Decision kinds, as named in views (``"over"`` when nobody decides)."""


@dataclass(frozen=True, kw_only=True)
class Config:
    """Players (3 to 5, default 4) and the face-down deck variant."""

    players: int = 4
    face_down_deck: bool = False


@dataclass(slots=True, kw_only=True)
class State:
    """The whole table. Card ids index :data:`CATALOGUE`; the deck's top is its last card.

    ``known[s]`` lists the kinds in seat ``s``'s hand that everybody saw drawn
    (Ruling K5); while ``s`` has a card waiting at a door it counts as still held.
    ``phase`` says what ``mover`` must decide; a pending vamp, kid or taxi is
    ``effect`` with the answers in ``options`` (kinds for a vamp, folks otherwise).
    """

    players: int
    face_down_deck: bool
    deck: list[int]
    hands: list[list[int]]
    known: list[list[int]]
    parties: list[list[int]]
    discard: list[int]
    box: list[int]
    turn: int = 0
    phase: int = KNOCK
    mover: int = 0
    knocked: int = -1
    target: int = -1
    revealer: int = -1
    competitor: int = -1
    effect: int = -1
    options: list[int] | None = None


def to_move(state: State) -> int | None:
    """The knocker, the knocked player, or the competitor of a pending choice."""
    return None if state.phase == OVER else state.mover


def copy_state(state: State) -> State:
    """An independent copy (every list copied)."""
    return State(
        players=state.players,
        face_down_deck=state.face_down_deck,
        deck=list(state.deck),
        hands=[list(h) for h in state.hands],
        known=[list(k) for k in state.known],
        parties=[list(p) for p in state.parties],
        discard=list(state.discard),
        box=list(state.box),
        turn=state.turn,
        phase=state.phase,
        mover=state.mover,
        knocked=state.knocked,
        target=state.target,
        revealer=state.revealer,
        competitor=state.competitor,
        effect=state.effect,
        options=None if state.options is None else list(state.options),
    )
