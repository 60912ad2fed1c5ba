"""Knock! Knock!'s words: why a move is refused, what a move would do.

>>> from gamekit.titles.knock_knock.rules import RULES
>>> from gamekit.titles.knock_knock.actions import OPEN
>>> s = RULES.initial_state(RULES.make_config(3, {}), 1)
>>> str(why_illegal(s, OPEN))
'nobody is deciding anything yet: Player 1 must first knock at a door'
"""

from __future__ import annotations

from gamekit.core.actions import Action
from gamekit.core.i18n import CORE, Listing, Message
from gamekit.core.names import SEATS
from gamekit.titles.knock_knock.actions import ChooseFolk, Decline, Knock, Open, TakeGuest
from gamekit.titles.knock_knock.cards import (
    CATALOGUE,
    KIND_INDEX,
    KIND_TYPES,
    TAXI,
    card_term,
    folk_term,
    term_of,
)
from gamekit.titles.knock_knock.state import ANSWER, CHOOSE_FOLK, KNOCK, OVER, TAKE_GUEST, State
from gamekit.titles.knock_knock.terms import FOLK_TERMS, M


def why_illegal(state: State, action: Action) -> Message:
    """The rule that forbids ``action`` now (``action`` is not legal)."""
    if state.phase == OVER:
        return CORE("the game is over")
    if isinstance(action, Knock):
        return why_not_knock(state, action)
    if state.phase == KNOCK:
        return M(
            "nobody is deciding anything yet: {seat} must first knock at a door",
            seat=SEATS[state.turn],
        )
    if isinstance(action, Open | Decline):
        return M("no door is waiting to be opened: {waiting}", waiting=waiting(state))
    if isinstance(action, TakeGuest):
        return why_not_take(state, action)
    if isinstance(action, ChooseFolk):
        return why_not_choose(state, action)
    return CORE("'{action}' is not allowed now", action=str(action))


def describe(state: State, action: Action) -> Message | Action:
    """A preview of ``action`` for the player deciding now."""
    if isinstance(action, Knock):
        return M(
            "{seat} lays {card:a} face down at {target}'s door; "
            "if they keep it closed, {seat} takes it.",
            seat=SEATS[state.turn],
            card=card_term(action.card),
            target=SEATS[action.target],
        )
    if isinstance(action, Open):
        return M("{seat} reveals the card and takes it (or suffers it).", seat=SEATS[state.target])
    if isinstance(action, Decline):
        return M("{seat} must reveal the card and take it (or suffer it).", seat=SEATS[state.turn])
    if isinstance(action, TakeGuest):
        return M(
            "{card:a^} leaves {revealer}'s party for {competitor}'s.",
            card=card_term(action.card),
            revealer=SEATS[state.revealer],
            competitor=SEATS[state.competitor],
        )
    if isinstance(action, ChooseFolk):
        taxi = KIND_TYPES[CATALOGUE[state.effect]] == TAXI
        folk = folk_term(action.folk)
        if taxi:
            return M(
                "All of {seat}'s {folk:plural} go home.", seat=SEATS[state.revealer], folk=folk
            )
        return M(
            "All of {seat}'s {folk:plural} flee to your party.",
            seat=SEATS[state.revealer],
            folk=folk,
        )
    return action


def waiting(state: State) -> Message:
    if state.phase == KNOCK:
        return M("{seat} must knock at a door", seat=SEATS[state.turn])
    if state.phase == ANSWER:
        return M("{seat} must open the door or keep it closed", seat=SEATS[state.target])
    if state.phase == TAKE_GUEST:
        return M(
            "{seat} must choose which guest the vamp brings over", seat=SEATS[state.competitor]
        )
    return M("{seat} must choose which folk leaves", seat=SEATS[state.competitor])


def why_not_knock(state: State, action: Knock) -> Message:
    if state.phase != KNOCK:
        return M("it is not time to knock: {waiting}", waiting=waiting(state))
    target = action.target
    if not isinstance(target, int) or not 0 <= target < state.players:
        return M(
            "there is no player {target}: players are 0 to {last}",
            target=repr(target),
            last=state.players - 1,
        )
    if target == state.turn:
        return M("you cannot knock at your own door")
    kind = KIND_INDEX.get(action.card) if isinstance(action.card, str) else None
    if kind is None:
        return M("there is no card called {card}", card=repr(action.card))
    return M("you have no {card} in your hand", card=term_of(kind))


def why_not_take(state: State, action: TakeGuest) -> Message:
    if state.phase != TAKE_GUEST:
        return M("no vamp is waiting for a guest: {waiting}", waiting=waiting(state))
    offered = Listing(tuple(term_of(k) for k in state.options or ()), ",")
    return M("the vamp can only bring over one of: {offered}", offered=offered)


def why_not_choose(state: State, action: ChooseFolk) -> Message:
    if state.phase != CHOOSE_FOLK:
        return M(
            "no kid or hearse taxi is waiting for a folk: {waiting}",
            waiting=waiting(state),
        )
    tied = Listing(tuple(FOLK_TERMS[f] for f in state.options or ()), "or")
    return M(
        "only the largest folks without a brute can leave: the {folks:plural} (Ruling K3)",
        folks=tied,
    )
