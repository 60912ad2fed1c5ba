"""Hats' words: why a move is refused, what a move would do, what broke a tie.

The reasons name the rule, in sentences a learner reads (messages of the title's
catalog, in the language in force):

>>> from gamekit.titles.hats.rules import RULES
>>> from gamekit.titles.hats.actions import END_TURN, GiveBack
>>> s = RULES.initial_state(RULES.make_config(3, {}), 1)
>>> str(why_illegal(s, END_TURN))
'you must first make your main action: an exchange or a black hat'
>>> str(why_illegal(s, GiveBack(0)))
'nobody has offered you a swap, so there is nothing to give back (Ruling H5)'
"""

from __future__ import annotations

from gamekit.core.actions import Action
from gamekit.core.i18n import CORE, Message
from gamekit.core.names import SEATS, seats
from gamekit.core.rules import Score
from gamekit.titles.hats.actions import BlackHat, DiscardDraw, EndTurn, Exchange, GiveBack, Swap
from gamekit.titles.hats.cards import card_number, is_card
from gamekit.titles.hats.effects import scores, team_totals, winners
from gamekit.titles.hats.state import State, over, partner
from gamekit.titles.hats.terms import HATS, M, hat


# -- refusals ---------------------------------------------------------------------------
def why_illegal(state: State, action: Action) -> Message:
    """The rule that forbids ``action`` now (``action`` is not legal)."""
    if over(state):
        return CORE("the game is over")
    card = getattr(action, "card", None)
    if card is not None and not is_card(card):
        return M("there is no card {card} in Hats: cards are numbered 0 to 41", card=repr(card))
    if state.offer is not None:
        return why_waiting_swap(state, action)
    if isinstance(action, GiveBack):
        return M("nobody has offered you a swap, so there is nothing to give back (Ruling H5)")
    return why_own_turn(state, action)


def why_waiting_swap(state: State, action: Action) -> Message:
    """A swap waits for the partner's answer (H5): only a card of the partner's hand goes."""
    other = SEATS[partner(state.seat)]
    if isinstance(action, GiveBack):
        return M("the {card} is not in {seat}'s hand", card=hat(action.card), seat=other)
    return M(
        "{partner} must first choose a card to give back to {seat} (Ruling H5)",
        partner=other,
        seat=SEATS[state.seat],
    )


def why_own_turn(state: State, action: Action) -> Message:
    """The player's own turn: the main action first, then at most one optional action."""
    match action:
        case Exchange() | BlackHat() if state.main_done:
            return M("you have already made your main action this turn (one exchange or black hat)")
        case Swap() if state.players != 4:
            return M("a swap with a partner exists only in a 4-player game (Ruling H5)")
        case DiscardDraw() | Swap():
            return why_no_option(state, action)
        case EndTurn():
            return M("you must first make your main action: an exchange or a black hat")
    card = getattr(action, "card", None)
    if card is not None and card not in state.hands[state.seat]:
        return M("the {card} is not in your hand", card=hat(card))
    if isinstance(action, Exchange):
        return why_no_exchange(state, action)
    return CORE("'{action}' is not allowed now", action=str(action))


def why_no_option(state: State, action: DiscardDraw | Swap) -> Message:
    """Rulings H4 and H5: the optional action, once a turn, of the right kind."""
    if isinstance(action, DiscardDraw) and state.players == 4:
        return M("with 4 players you swap with your partner instead of discarding (Ruling H5)")
    if state.option_used:
        return M("the optional action is allowed only once per turn (Ruling H4)")
    if isinstance(action, DiscardDraw) and not (state.deck or state.discards):
        return M("the deck and the discards are both empty, so you cannot draw (Ruling H4)")
    return M("the {card} is not in your hand", card=hat(action.card))


def why_no_exchange(state: State, action: Exchange) -> Message:
    """Ruling H3: the space exists, holds that card, and the played card may take it."""
    spaces = len(state.table)
    if not (isinstance(action.space, int) and 1 <= action.space <= spaces):
        return M(
            "there is no space {space}: the tea table has spaces 1 to {spaces}",
            space=repr(action.space),
            spaces=spaces,
        )
    there = state.table[action.space - 1]
    if action.take != there:
        return M(
            "space {space} holds the {there}, not the {take}",
            space=action.space,
            there=HATS[there],
            take=hat(action.take),
        )
    return M(
        "a {played} cannot take a {taken} of another type: the card you play must be the "
        "same type or a strictly higher number (Ruling H3)",
        played=card_number(action.card),
        taken=card_number(there),
    )


# -- previews ---------------------------------------------------------------------------
def describe(state: State, action: Action) -> Message:
    """What ``action`` would do, in the narration's voice."""
    seat, other = SEATS[state.seat], SEATS[partner(state.seat)]
    match action:
        case Exchange():
            return M(
                "{seat} would play the {card} on space {space} "
                "and take the {take} into their collection.",
                seat=seat,
                card=hat(action.card),
                space=action.space,
                take=hat(action.take),
            )
        case BlackHat():
            return M(
                "{seat} would put the {card} face down: a black hat.",
                seat=seat,
                card=hat(action.card),
            )
        case DiscardDraw():
            return M(
                "{seat} would discard the {card} face down and draw the top card of the deck.",
                seat=seat,
                card=hat(action.card),
            )
        case Swap():
            return M(
                "{seat} would offer the {card} face down to their partner, {partner}, "
                "who then chooses a card to give back.",
                seat=seat,
                card=hat(action.card),
                partner=other,
            )
        case GiveBack():
            return M(
                "{partner} would give the {card} back face down to {seat}.",
                partner=other,
                card=hat(action.card),
                seat=seat,
            )
    return M("{seat} would end their turn.", seat=seat)


# -- the tie-break told -----------------------------------------------------------------
def tie_break(state: State) -> Message | None:
    """The tie-break that decided the winner (H11 for teams), if any, in a sentence."""
    won = winners(state)
    if not won:
        return None
    totals = scores(state)
    blacks: list[Score] = [len(b) for b in state.black_hats]
    teams = state.players == 4
    if teams:
        totals, blacks = team_totals(totals), team_totals(blacks)
        top = [t for t in (0, 1) if totals[t] == max(totals)]
    else:
        top = [s for s in range(state.players) if totals[s] == max(totals)]
    if len(top) == 1:
        return None
    most = max(blacks[t] for t in top)
    still = [t for t in top if blacks[t] == most]
    if len(still) == 1:
        if teams:
            return M("Tie-break: the teams tie on points; the most black hats decides.")
        return M("Tie-break: {seats} tie on points; the most black hats decides.", seats=seats(top))
    if len(won) == (2 if teams else 1):
        if teams:
            return M("Tie-break: the teams tie on points and black hats; the cookie decides.")
        return M(
            "Tie-break: {seats} tie on points and black hats; the cookie decides.",
            seats=seats(still),
        )
    if teams:
        return M(
            "Tie-break: the teams tie on points and black hats, and nothing breaks it: "
            "a shared win."
        )
    return M(
        "Tie-break: {seats} tie on points and black hats, and nothing breaks it: a shared win.",
        seats=seats(still),
    )
