"""What Knock! Knock!'s moves do: the set-up, one function per action and effect.

Each function changes the state in place and narrates into ``log`` unless it is
``None`` (the lean path). :func:`apply` sends an action to its function.
"""

from __future__ import annotations

from gamekit.core.actions import Action, Event
from gamekit.core.i18n import CORE, Listing, Message
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Score, points_message
from gamekit.titles.knock_knock.actions import ChooseFolk, Decline, Knock, Open, TakeGuest
from gamekit.titles.knock_knock.cards import (
    CATALOGUE,
    DECK_SIZE,
    FIRST_GUESTS,
    FOLKS,
    HAND_SIZE,
    KID,
    KIND_INDEX,
    KIND_TYPES,
    TAXI,
    THREE_PLAYER_BOX,
    VAMP,
    folk_term,
    guests,
    largest_unprotected_folks,
    party_score,
    term_of,
)
from gamekit.titles.knock_knock.state import (
    ANSWER,
    CHOOSE_FOLK,
    KNOCK,
    OVER,
    TAKE_GUEST,
    Config,
    State,
)
from gamekit.titles.knock_knock.terms import FOLK_TERMS, M


def deal(config: Config, seed: int) -> State:
    """The set-up: first guests face up, five cards each, the rest as the deck.

    >>> s = deal(Config(players=3), seed=1)
    >>> [len(p) for p in s.parties], [len(h) for h in s.hands], len(s.deck), len(s.box)
    ([2, 2, 2], [5, 5, 5], 31, 3)
    """
    rng = Rng(seed)
    n = config.players
    box = list(THREE_PLAYER_BOX) if n == 3 else []
    firsts = rng.shuffled(FIRST_GUESTS)
    parties = [sorted(firsts[2 * i : 2 * i + 2]) for i in range(n)]
    seated = set(firsts[: 2 * n]) | set(box)
    pile = rng.shuffled([c for c in range(DECK_SIZE) if c not in seated])
    hands = [pile[HAND_SIZE * i : HAND_SIZE * (i + 1)] for i in range(n)]
    deck = pile[HAND_SIZE * n :]
    return State(
        players=n,
        face_down_deck=config.face_down_deck,
        deck=deck,
        hands=hands,
        known=[[] for _ in range(n)],
        parties=parties,
        discard=[],
        box=box,
    )


def apply(state: State, action: Action, log: list[Event] | None) -> None:
    """Apply a legal action in place and narrate it into ``log``."""
    match action:
        case Knock():
            knock(state, action, log)
        case Open():
            open_door(state, log)
        case Decline():
            keep_closed(state, log)
        case TakeGuest():
            lure(state, KIND_INDEX[action.card], log)
            end_turn(state, log)
        case ChooseFolk():
            choose_folk(state, action, log)
        case _:
            raise TypeError(f"not a Knock! Knock! action: {action!r}")


def open_door(state: State, log: list[Event] | None) -> None:
    """Ruling K2: the knocked player reveals the card; the knocker is the competitor."""
    if log is not None:
        text = M("{seat} opens the door.", seat=SEATS[state.target])
        log.append(Event(text, "open", "K2", state.target))
    reveal(state, state.target, state.turn, log)


def keep_closed(state: State, log: list[Event] | None) -> None:
    """Ruling K2: the knocker reveals the card; the knocked player is the competitor."""
    if log is not None:
        text = M(
            "{seat} keeps the door closed: {knocker} must take the card back.",
            seat=SEATS[state.target],
            knocker=SEATS[state.turn],
        )
        log.append(Event(text, "decline", "K2", state.target))
    reveal(state, state.turn, state.target, log)


def choose_folk(state: State, action: ChooseFolk, log: list[Event] | None) -> None:
    """Ruling K3: on a tie the competitor chooses the folk that leaves."""
    if log is not None:
        folk = folk_term(action.folk)
        text = M("{seat} chooses the {folk:plural}.", seat=SEATS[state.competitor], folk=folk)
        log.append(Event(text, "choice", "K3", state.competitor))
    chase(state, FOLKS.index(action.folk), log)
    end_turn(state, log)


# -- a turn ---------------------------------------------------------------------------
def knock(state: State, action: Knock, log: list[Event] | None) -> None:
    kind = KIND_INDEX[action.card]
    hand = state.hands[state.turn]
    for i, card in enumerate(hand):
        if CATALOGUE[card] == kind:
            state.knocked = hand.pop(i)
            break
    state.target = state.mover = action.target
    state.phase = ANSWER
    if log is not None:
        text = M(
            "{seat} lays a card face down at {target}'s door: knock, knock!",
            seat=SEATS[state.turn],
            target=SEATS[action.target],
        )
        log.append(Event(text, "knock", None, state.turn))


def reveal(state: State, revealer: int, competitor: int, log: list[Event] | None) -> None:
    """The revealed card joins the revealer's party or takes effect (K2)."""
    card, state.knocked = state.knocked, -1
    kind = CATALOGUE[card]
    known = state.known[state.turn]
    if kind in known:  # Ruling K5: a played card is no longer "in the hand".
        known.remove(kind)
    state.revealer, state.competitor = revealer, competitor
    kind_type = KIND_TYPES[kind]
    if log is not None:
        text = M("The card is {card:a}.", card=term_of(kind))
        log.append(Event(text, "reveal", None, revealer))
    if kind_type == VAMP:
        state.effect = card
        vamp(state, kind % 3, log)
    elif kind_type in (KID, TAXI):
        state.effect = card
        kid_or_taxi(state, log)
    else:
        state.parties[revealer].append(card)
        if log is not None:
            text = M("{card:the^} joins {seat}'s party.", card=term_of(kind), seat=SEATS[revealer])
            log.append(Event(text, "join", None, revealer))
    if state.phase == ANSWER:
        end_turn(state, log)


def end_turn(state: State, log: list[Event] | None) -> None:
    """The knocker draws back up (face up: seen by all, K5); the next hand plays."""
    knocker = state.turn
    state.revealer = state.competitor = state.target = state.effect = -1
    state.options = None
    if state.deck:
        card = state.deck.pop()
        state.hands[knocker].append(card)
        if not state.face_down_deck:
            state.known[knocker].append(CATALOGUE[card])
        if log is not None:
            if state.face_down_deck:
                text = M("{seat} draws a card.", seat=SEATS[knocker])
            else:
                text = M(
                    "{seat} draws {card:a}.", seat=SEATS[knocker], card=term_of(CATALOGUE[card])
                )
            log.append(Event(text, "draw", "K5", knocker))
    n = state.players
    skipped: list[Event] = []
    for step in range(1, n + 1):
        seat = (knocker + step) % n
        if state.hands[seat]:
            state.turn = state.mover = seat
            state.phase = KNOCK
            if log is not None:  # only when somebody plays next: no skips at the end
                log.extend(skipped)
            return
        if log is not None and seat != knocker:
            text = M("{seat} has no card left and is skipped.", seat=SEATS[seat])
            skipped.append(Event(text, "skip", None, seat))
    finish(state, log)


def finish(state: State, log: list[Event] | None) -> None:
    state.phase, state.mover = OVER, -1
    if log is not None:
        won = winners(state)
        points = Listing(
            tuple(
                CORE("{seat} has {points}", seat=SEATS[s], points=points_message(v))
                for s, v in enumerate(scores(state))
            )
        )
        if len(won) == 1:
            text = M(
                "No hand holds a card: the game is over. {winner} wins. Scores: {points}.",
                points=points,
                winner=SEATS[won[0]],
            )
        else:
            text = M(
                "No hand holds a card: the game is over. {winners} share the win. "
                "Scores: {points}.",
                points=points,
                winners=seats(won),
            )
        log.append(Event(text, "end", "K6"))


# -- one function per effect -------------------------------------------------------
def vamp(state: State, folk: int, log: list[Event] | None) -> None:
    """A vamp lures one guest of its folk to the competitor's party, who picks it."""
    kinds = sorted(
        {CATALOGUE[c] for c in state.parties[state.revealer]} & {folk, folk + 3, folk + 6}
    )
    if not kinds:
        reason = M("{seat} has no {folk:plural}", seat=SEATS[state.revealer], folk=FOLK_TERMS[folk])
        no_effect(state, reason, log)
    elif len(kinds) == 1:  # Ruling K7: nothing to choose.
        lure(state, kinds[0], log)
    else:
        ask(state, TAKE_GUEST, kinds, log)


def lure(state: State, kind: int, log: list[Event] | None) -> None:
    party = state.parties[state.revealer]
    card = next(c for c in party if CATALOGUE[c] == kind)
    party.remove(card)
    state.parties[state.competitor].append(card)
    state.discard.append(state.effect)
    if log is not None:
        text = M(
            "The vamp lures {card:a} from {revealer}'s party "
            "to {competitor}'s; the vamp is discarded.",
            card=term_of(kind),
            revealer=SEATS[state.revealer],
            competitor=SEATS[state.competitor],
        )
        log.append(Event(text, "vamp", None, state.competitor))


def kid_or_taxi(state: State, log: list[Event] | None) -> None:
    """Kid and hearse taxi take the largest folk without a brute (Ruling K3)."""
    tied = largest_unprotected_folks(CATALOGUE[c] for c in state.parties[state.revealer])
    if not tied:
        reason = M(
            "every folk at {seat}'s party is protected or absent", seat=SEATS[state.revealer]
        )
        no_effect(state, reason, log)
    elif len(tied) == 1:  # Ruling K7: nothing to choose.
        chase(state, tied[0], log)
    else:
        ask(state, CHOOSE_FOLK, tied, log)


def chase(state: State, folk: int, log: list[Event] | None) -> None:
    party = state.parties[state.revealer]
    leaving = [c for c in party if CATALOGUE[c] < 9 and CATALOGUE[c] % 3 == folk]
    state.parties[state.revealer] = [c for c in party if c not in leaving]
    taxi = KIND_TYPES[CATALOGUE[state.effect]] == TAXI
    if taxi:
        state.discard.extend(leaving)
    else:
        state.parties[state.competitor].extend(leaving)
    state.discard.append(state.effect)
    if log is not None:
        seat, leaving_guests, other = state.revealer, guests(leaving), state.competitor
        if taxi and len(leaving) == 1:
            text = M(
                "{seat}'s only {guests} goes home in the hearse taxi.",
                seat=SEATS[seat],
                guests=leaving_guests,
            )
        elif taxi:
            text = M(
                "{seat}'s {guests} go home in the hearse taxi.",
                seat=SEATS[seat],
                guests=leaving_guests,
            )
        elif len(leaving) == 1:
            text = M(
                "{seat}'s only {guests} flees to {other}'s party.",
                seat=SEATS[seat],
                guests=leaving_guests,
                other=SEATS[other],
            )
        else:
            text = M(
                "{seat}'s {guests} flee to {other}'s party.",
                seat=SEATS[seat],
                guests=leaving_guests,
                other=SEATS[other],
            )
        log.append(Event(text, "taxi" if taxi else "kid", "K3", state.revealer))


def no_effect(state: State, reason: Message, log: list[Event] | None) -> None:
    """Ruling K4: the card does nothing and is discarded."""
    state.discard.append(state.effect)
    if log is not None:
        card = term_of(CATALOGUE[state.effect])
        text = M("No effect ({reason}): {card:the} is discarded.", reason=reason, card=card)
        log.append(Event(text, "no effect", "K4", state.revealer))


def ask(state: State, phase: int, options: list[int], log: list[Event] | None) -> None:
    """Hand a choice to the competitor: an ordinary decision point."""
    state.phase, state.options, state.mover = phase, options, state.competitor
    if log is None:
        return
    seat = state.competitor
    if phase == TAKE_GUEST:
        listed = Listing(tuple(term_of(k) for k in options), "or")
        text = M(
            "{seat} chooses which guest the vamp brings over: {options}.",
            seat=SEATS[seat],
            options=listed,
        )
        ruling = None
    else:
        folks = Listing(tuple(FOLK_TERMS[f] for f in options), "and")
        text = M(
            "The {folks:plural} are tied: {seat} chooses which folk leaves.",
            folks=folks,
            seat=SEATS[seat],
        )
        ruling = "K3"
    log.append(Event(text, "ask", ruling, state.competitor))


# -- results ----------------------------------------------------------------------------
def scores(state: State) -> list[Score]:
    """Running score per seat: 1 per folk guest (2 with its musician), 3 per scarecrow."""
    return [party_score(p) for p in state.parties]


def winners(state: State) -> list[int]:
    """Every seat with the highest score shares the win (Ruling K6)."""
    if state.phase != OVER:
        return []
    totals = scores(state)
    best = max(totals)
    return [seat for seat, score in enumerate(totals) if score == best]
