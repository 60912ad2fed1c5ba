"""Boo Party!'s words about a move: why it is refused, what it would do.

>>> from gamekit.titles.boo_party.rules import RULES
>>> from gamekit.titles.boo_party.actions import ACCUSE_ACTION
>>> s = RULES.initial_state(RULES.make_config(3, {}), seed=1)
>>> str(why_illegal(s, ACCUSE_ACTION))
'the Seer cannot decide before every Monster has chosen a disguise (Player 2 is choosing now)'
"""

from __future__ import annotations

from gamekit.core.actions import Action
from gamekit.core.i18n import CORE, Message, Term
from gamekit.core.names import SEATS, Seat
from gamekit.titles.boo_party.actions import Accuse, LetPartyGoOn, Wear, WearNothing
from gamekit.titles.boo_party.cards import SEER
from gamekit.titles.boo_party.state import State
from gamekit.titles.boo_party.terms import COSTUME_TERMS, THE_SEER, M


def why_illegal(state: State, action: Action) -> Message:
    """Why ``action`` is refused now, citing the rule."""
    if state.turn is None:
        return CORE("the game is over")
    match action:
        case Wear() | WearNothing():
            return _why_not_wear(state, state.turn, action)
    if state.turn != SEER:
        return M(
            "the Seer cannot decide before every Monster has chosen a disguise "
            "({seat} is choosing now)",
            seat=SEATS[state.turn],
        )
    return CORE("'{action}' is not allowed now", action=str(action))


def _why_not_wear(state: State, turn: int, action: Wear | WearNothing) -> Message:
    seat = action.seat
    if turn == SEER:
        return M("every Monster has chosen a disguise; the Seer decides now")
    if seat != turn:
        who: Seat | Term = THE_SEER if seat == SEER else SEATS[seat]
        return M(
            "it is {seat}'s turn to choose a disguise, not {who}'s",
            seat=SEATS[turn],
            who=who,
        )
    match action:
        case WearNothing():
            return CORE("'{action}' is not allowed now", action=str(action))
        case Wear(costume=costume) if not 0 <= costume < state.costumes:
            return M(
                "there is no costume number {costume} (costumes go from 0 to {last})",
                costume=costume,
                last=state.costumes - 1,
            )
        case Wear(costume=costume):
            owner = state.worn.index(costume)
            return M(
                "{owner} already wears {costume:the}: two Monsters never wear the same card",
                owner=SEATS[owner],
                costume=COSTUME_TERMS[costume],
            )


def describe(state: State, action: Action) -> Message | Action:
    """A preview of ``action`` in the narration's voice (the action itself when it
    needs no more words)."""
    match action:
        case WearNothing():
            return M(
                "{action}: a Monster without a costume makes the Monsters lose (Ruling B6)",
                action=action,
            )
        case Wear(seat=seat, costume=costume) if costume == state.last[seat]:
            return M(
                "{action} again: keeping last round's costume makes the Monsters lose "
                "(every Monster must change, Ruling B6)",
                action=action,
            )
        case Accuse():
            return M("Accuse: the Seer wins if any costume worn now was in a Vision, else loses")
        case LetPartyGoOn() if not state.deck:
            return M("Let the party go on: no Vision is left, so the Monsters win (Ruling B3)")
    return action
