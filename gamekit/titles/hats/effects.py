"""What Hats' moves do: the set-up, one function per action and ruling, the scoring.

Each function changes the state in place and narrates into ``log`` unless it is
``None`` (the lean path). :func:`apply` sends an action to its function.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Sequence
from operator import getitem
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.i18n import CORE, Listing, Message
from gamekit.core.lean import MAX_DECISIONS
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng, derive_seed
from gamekit.core.rules import Score, points_message
from gamekit.titles.hats.actions import (
    BITS_BYTES,
    EXCHANGE_BITS,
    EXCHANGES,
    OTHER_SPACES,
    BlackHat,
    DiscardDraw,
    EndTurn,
    Exchange,
    GiveBack,
    Swap,
)
from gamekit.titles.hats.cards import (
    BLACK_HAT_POINTS,
    CARDS,
    COOKIE_POINTS,
    COUNTER_BITS,
    HAND_SIZE,
    MAIN_ACTIONS,
    NUMBERS,
    SPACES,
    TEAMS,
    TIE_WEIGHT,
    TYPE_OF,
    TYPES,
    card_number,
    cookie_key,
    favourite_points,
    table_face_up,
    type_count,
)
from gamekit.titles.hats.state import Config, State, over, partner
from gamekit.titles.hats.terms import HATS, M, N

Points = tuple[int, int, int, int]
"""One seat's points: (collection, black hats, favourite, cookie)."""


# -- set-up ---------------------------------------------------------------------------
def deal(config: Config, seed: int) -> State:
    """Remove types (2 players, H2), shuffle, fill the tea table, deal 9 cards each.

    The cards are taken off the top of the deck one by one (its last card first):
    the table's spaces in order, then each seat's 9 cards in turn.
    """
    rng = Rng(seed)
    players = config.players
    removed = removed_type_ids(config, rng) if players == 2 else ()
    box = [c for c in CARDS if c // NUMBERS in removed] if removed else []
    deck = rng.shuffled([c for c in CARDS if c // NUMBERS not in removed] if removed else CARDS)
    spaces = SPACES[players]
    cut = len(deck) - spaces - HAND_SIZE * players
    dealt = deck[cut:][::-1]  # the top card first
    del deck[cut:]
    table = dealt[:spaces]
    bits = sum(map(getitem, EXCHANGE_BITS, table))
    hands = [sorted(dealt[i : i + HAND_SIZE]) for i in range(spaces, len(dealt), HAND_SIZE)]
    return State(
        players=players,
        seed=seed,
        table=table,
        deck=deck,
        discards=[],
        hands=hands,
        collections=[[] for _ in hands],
        black_hats=[[] for _ in hands],
        box=box,
        exchange_rows=list(map(getitem, EXCHANGES, table)),
        exchange_bits=bits,
        exchange_spaces=bits.to_bytes(BITS_BYTES, "little"),
        rows_table=table[:],
    )


def deal_from(deck: list[int], count: int) -> list[int]:
    """The top ``count`` cards of ``deck``, taken off it one by one (the top card first).

    >>> deck = [1, 2, 3, 4]
    >>> deal_from(deck, 3), deck
    ([4, 3, 2], [1])
    """
    cut = len(deck) - count
    cards = deck[cut:][::-1]
    del deck[cut:]
    return cards


def removed_type_ids(config: Config, rng: Rng) -> set[int]:
    """Ruling H2: the two types out of the game with 2 players (named, or from the seed)."""
    if config.players != 2:
        return set()
    if config.removed_types is not None:
        return {TYPES.index(name) for name in config.removed_types}
    first = rng.below(len(TYPES))
    second = rng.below(len(TYPES) - 1)
    return {first, second + (second >= first)}


# -- the moves ------------------------------------------------------------------------
def apply(state: State, action: Action, log: list[Event] | None) -> None:
    """Apply a legal action in place (narrating into ``log`` unless ``None``)."""
    move = _MOVES.get(type(action))
    if move is None:
        move = _move_for(action)
    move(state, action, log)


def play_at_random(
    state: State,
    choices: Sequence[Callable[[list[Action]], Action]],
    legal_actions: Callable[[State], list[Action]],
) -> int:
    """Play ``state`` to its end, seat ``s`` playing ``choices[s](legal_actions(state))``:
    the lean path's loop with ``to_move``, ``apply``'s dispatch and the end inlined (the
    legal actions are the interned ones, of the action types themselves). The decisions."""
    moves, end = _MOVES, MAIN_ACTIONS * state.players
    for decisions in range(MAX_DECISIONS + 1):
        if state.turns >= end:  # over(state)
            return decisions
        seat = state.seat if state.offer is None else (state.seat + 2) % 4  # to_move(state)
        action = choices[seat](legal_actions(state))
        moves[type(action)](state, action, None)
    raise RuntimeError(f"hats: no end after {MAX_DECISIONS} decisions")


def _move_for(action: Action) -> Move:
    """The move of an action whose type is an action type's subclass; else a TypeError."""
    for kind, move in _MOVES.items():
        if isinstance(action, kind):
            return move
    raise TypeError(f"not an action of Hats: {action!r}")


def exchange(state: State, action: Exchange, log: list[Event] | None) -> None:
    """Ruling H3: the played card takes the space, the taken card joins the collection."""
    seat, space, take = state.seat, action.space - 1, action.take
    state.hands[seat].remove(action.card)
    state.table[space] = action.card
    if state.rows_table:  # the rows and bits of the legal exchanges follow the table
        state.exchange_rows[space] = EXCHANGES[space][action.card]
        bits = state.exchange_bits & OTHER_SPACES[space] | EXCHANGE_BITS[space][action.card]
        state.exchange_bits = bits
        state.exchange_spaces = bits.to_bytes(BITS_BYTES, "little")
        state.rows_table[space] = action.card
    state.collections[seat].append(take)
    keys = state.cookie_keys
    if keys:  # its H6 key follows (see cookie_keys; empty until first used)
        kinds, bit = state.cookie_kinds, 1 << TYPE_OF[take]
        if kinds[seat] & bit:
            keys[seat] += TIE_WEIGHT[take]
        else:
            kinds[seat] |= bit
            keys[seat] += TIE_WEIGHT[take] + NEW_TYPE
    if log is not None:
        text = M(
            "{seat} plays the {card} on space {space} and takes the {take} into their collection.",
            seat=SEATS[seat],
            card=HATS[action.card],
            space=action.space,
            take=HATS[take],
        )
        log.append(Event(text, "exchange", "H3", seat))
    # the turn ends unless the optional action is still open: a swap (4 players, H5)
    # or a discard and draw, which needs a deck or discards (H4)
    state.main_done = True
    if state.option_used or not (state.players == 4 or state.deck or state.discards):
        end_turn(state, log)


def black_hat(state: State, action: BlackHat, log: list[Event] | None) -> None:
    """A card face down into the collection: a black hat worth 1 point."""
    seat = state.seat
    state.hands[seat].remove(action.card)
    black_hats = state.black_hats[seat]
    black_hats.append(action.card)
    keys = state.cookie_keys
    if keys and len(black_hats) == 1:  # black hats: one type (H6)
        keys[seat] += NEW_TYPE
    if log is not None:
        text = M(
            "{seat} puts a card face down into their collection: a black hat.", seat=SEATS[seat]
        )
        log.append(Event(text, "black-hat", None, seat))
    # the turn ends unless the optional action is still open: a swap (4 players, H5)
    # or a discard and draw, which needs a deck or discards (H4)
    state.main_done = True
    if state.option_used or not (state.players == 4 or state.deck or state.discards):
        end_turn(state, log)


def discard_draw(state: State, action: DiscardDraw, log: list[Event] | None) -> None:
    """Rulings H4 and H8: refill an empty deck from the discards, discard, then draw."""
    seat = state.seat
    if not state.deck:
        reshuffle(state, log)
    hand = state.hands[seat]
    hand.remove(action.card)
    state.discards.append(action.card)
    insort(hand, state.deck.pop())
    state.option_used = True
    if log is not None:
        text = M(
            "{seat} discards a card face down and draws the top card of the deck.",
            seat=SEATS[seat],
        )
        log.append(Event(text, "discard-draw", "H4", seat))
    if state.main_done:
        end_turn(state, log)


def reshuffle(state: State, log: list[Event] | None) -> None:
    """Ruling H4: the discards, shuffled, become the new deck (seeded, so replay is exact)."""
    state.reshuffles += 1
    state.deck = Rng(derive_seed(state.seed, "reshuffle", state.reshuffles)).shuffled(
        state.discards
    )
    state.discards = []
    if log is not None:
        if len(state.deck) == 1:
            text = M("The deck is empty: the only discarded card becomes the new deck.")
        else:
            text = M(
                "The deck is empty: the {count} discards are shuffled into a new deck.",
                count=len(state.deck),
            )
        log.append(Event(text, "reshuffle", "H4", None))


def swap(state: State, action: Swap, log: list[Event] | None) -> None:
    """Ruling H5: the card leaves the hand face down; the partner decides next."""
    state.hands[state.seat].remove(action.card)
    state.offer = action.card
    state.option_used = True
    if log is not None:
        text = M(
            "{seat} offers a card face down to their partner, {partner}.",
            seat=SEATS[state.seat],
            partner=SEATS[partner(state.seat)],
        )
        log.append(Event(text, "swap", "H5", state.seat))


def give_back(state: State, action: GiveBack, log: list[Event] | None) -> None:
    """Rulings H5 and H9: the partner's chosen card and the offered card cross over."""
    offer, other = state.offer, partner(state.seat)
    assert offer is not None, "give_back without an offer"
    state.hands[other].remove(action.card)
    insort(state.hands[other], offer)
    insort(state.hands[state.seat], action.card)
    state.offer = None
    if log is not None:
        text = M("{seat} gives a card back face down: the swap is done.", seat=SEATS[other])
        log.append(Event(text, "give-back", "H5", other))
    if state.main_done:
        end_turn(state, log)


def end_turn_now(state: State, action: EndTurn | None, log: list[Event] | None) -> None:
    """The player ends the turn without the optional action."""
    if log is not None:
        text = M("{seat} ends their turn.", seat=SEATS[state.seat])
        log.append(Event(text, "end-turn", None, state.seat))
    end_turn(state, log)


def end_turn(state: State, log: list[Event] | None) -> None:
    """Pass the cookie (H6, H10), then the turn; after the last turn, the end (H7).

    The unique best collection takes the cookie: most types first (black hats
    together count as one type), then the lowest numbers (see
    :func:`~gamekit.titles.hats.cards.cookie_key`); a tie nothing breaks moves nothing.
    """
    keys = state.cookie_keys
    if not keys:  # empty until first used
        keys = cookie_keys(state)
    best = max(keys)
    if keys.count(best) == 1 and (holder := keys.index(best)) != state.cookie:
        state.cookie = holder
        if log is not None:
            log.append(Event(cookie_message(state, holder), "cookie", "H6", holder))
    state.turns += 1
    state.main_done = state.option_used = False
    if state.turns < MAIN_ACTIONS * state.players:  # not over(state)
        state.seat = (state.seat + 1) % state.players
    elif log is not None:
        narrate_end(state, log)


Move = Callable[[State, Any, "list[Event] | None"], None]
"""What an action does to the state: one function per action type."""
_MOVES: dict[type[Action], Move] = {
    Exchange: exchange,
    DiscardDraw: discard_draw,
    BlackHat: black_hat,
    EndTurn: end_turn_now,
    Swap: swap,
    GiveBack: give_back,
}


# -- the cookie (H6, H10) ---------------------------------------------------------------
def cookie_keys(state: State) -> list[int]:
    """Every seat's H6 key (see :func:`~gamekit.titles.hats.cards.cookie_key`).

    Kept up to date by the moves that collect a card (an exchange adds the taken card's
    weight, and :data:`NEW_TYPE` for a type new to the collection, ``cookie_kinds``
    telling which; a first black hat adds :data:`NEW_TYPE`) rather than counted again
    each turn; built from the collections on first use.
    """
    keys = state.cookie_keys
    if len(keys) != state.players:
        keys[:] = [
            cookie_key(c, len(b)) for c, b in zip(state.collections, state.black_hats, strict=True)
        ]
        state.cookie_kinds[:] = [sum({1 << TYPE_OF[card] for card in c}) for c in state.collections]
    return keys


NEW_TYPE = 1 << COUNTER_BITS
"""What one more type adds to an H6 key (:func:`~gamekit.titles.hats.cards.cookie_key`)."""


def cookie_message(state: State, holder: int) -> Message:
    """Why the cookie moves: the most types, or (a tie on types) the lowest numbers,
    told down to the comparison that decided (H6): which numbers, or who ran out first."""
    types = [
        type_count(c, len(b)) for c, b in zip(state.collections, state.black_hats, strict=True)
    ]
    count = types[holder]
    tied = [s for s, t in enumerate(types) if t == count and s != holder]
    if not tied:
        return M(
            "{seat} has the most types of hats ({count}) and takes the cookie.",
            seat=SEATS[holder],
            count=count,
        )
    kinds = N("{count} type of hats", "{count} types of hats", count, count=count)
    keys = cookie_keys(state)
    rival = max(tied, key=keys.__getitem__)  # the runner-up: the comparison that decided
    return M(
        "{seat} ties with {others} on {kinds}; the lowest numbers break the tie ({why}), "
        "and {seat} takes the cookie.",
        seat=SEATS[holder],
        others=seats(tied),
        kinds=kinds,
        why=lowest_numbers(state, holder, rival),
    )


def lowest_numbers(state: State, holder: int, rival: int) -> Message:
    """Ruling H6's comparison of two collections tied on types, told as it was decided."""
    mine = sorted(map(card_number, state.collections[holder]))
    theirs = sorted(map(card_number, state.collections[rival]))
    seat, other = SEATS[holder], SEATS[rival]
    same = 0
    while same < len(theirs) and mine[same] == theirs[same]:
        same += 1
    if same == len(theirs):  # the rival's face-up hats run out first (H6)
        if not theirs:
            return M("{rival} has no face-up hat", rival=other)
        return M(
            "their lowest hats are equal, but {rival}'s face-up hats run out first", rival=other
        )
    numbers = {"seat": seat, "mine": mine[same], "rival": other, "theirs": theirs[same]}
    if same == 0:
        return M("{seat}'s lowest hat is a {mine}, {rival}'s a {theirs}", **numbers)
    if same == 1:
        return M(
            "their lowest hats are equal, then {seat}'s next is a {mine} and {rival}'s a {theirs}",
            **numbers,
        )
    return M(
        "their {same} lowest hats are equal, then {seat}'s next is a {mine} "
        "and {rival}'s a {theirs}",
        same=same,
        **numbers,
    )


# -- the end (H7, H11) -------------------------------------------------------------------
def narrate_end(state: State, log: list[Event]) -> None:
    """The tea-table clean-up (H7), every favourite hat and the final points."""
    hidden = [i + 1 for i, up in enumerate(table_face_up(state.table)) if not up]
    if len(hidden) == 1:
        text = M(
            "Tea-table clean-up: the card on space {space} repeats a type and turns face down.",
            space=hidden[0],
        )
        log.append(Event(text, "clean-up", "H7", None))
    elif hidden:
        text = M(
            "Tea-table clean-up: the cards on spaces {spaces} repeat a type and turn face down.",
            spaces=Listing(tuple(hidden)),
        )
        log.append(Event(text, "clean-up", "H7", None))
    for seat, hand in enumerate(state.hands):
        text = M("{seat}'s favourite hat is the {card}.", seat=SEATS[seat], card=HATS[hand[0]])
        log.append(Event(text, "favourite", None, seat))
    points = Listing(
        tuple(
            CORE("{seat} has {points}", seat=SEATS[s], points=points_message(p))
            for s, p in enumerate(scores(state))
        )
    )
    log.append(Event(M("The game is over. Points: {points}.", points=points), "end", None, None))


def points(state: State) -> list[Points]:
    """Per seat: (collection, black hats, favourite, cookie) points; favourite 0 until the end."""
    value_of_type, table = [0] * len(TYPES), state.table
    for space in range(len(table), 0, -1):  # the leftmost card of a type counts (H7)
        value_of_type[TYPE_OF[table[space - 1]]] = space
    value = value_of_type.__getitem__
    ended, cookie, hands, black_hats = over(state), state.cookie, state.hands, state.black_hats
    return [
        (
            sum(map(value, map(_type_of, collection))),
            BLACK_HAT_POINTS * len(black_hats[seat]),
            favourite_points(collection, hands[seat][0]) if ended else 0,
            COOKIE_POINTS if cookie == seat else 0,
        )
        for seat, collection in enumerate(state.collections)
    ]


_type_of = list(TYPE_OF).__getitem__
"""``TYPE_OF[card]`` by a list's own ``__getitem__`` (a tuple's is a slower wrapper)."""


def scores(state: State, parts: Sequence[Points] | None = None) -> list[Score]:
    """Points per seat (running until the end: the favourite hat counts 0)."""
    return [sum(part) for part in (points(state) if parts is None else parts)]


def summary(state: State, parts: Sequence[Points]) -> list[dict[str, Any]]:
    """Per seat: collection, black_hats, favourite, cookie, total (and team totals)."""
    rows: list[dict[str, Any]] = [
        {"collection": c, "black_hats": b, "favourite": f, "cookie": k, "total": c + b + f + k}
        for c, b, f, k in parts
    ]
    if state.players == 4:
        totals = team_totals([r["total"] for r in rows])
        for seat, row in enumerate(rows):
            row["team"] = seat % 2
            row["team_score"] = totals[seat % 2]
    return rows


def winners(state: State, totals: Sequence[Score] | None = None) -> list[int]:
    """Most points, then most black hats, then the cookie; else shared (H11 for teams)."""
    if not over(state):
        return []
    totals = scores(state) if totals is None else totals
    blacks = [len(b) for b in state.black_hats]
    if state.players == 4:
        return team_winners(totals, blacks, state.cookie)
    return best(list(range(state.players)), totals, blacks, state.cookie)


def best(
    candidates: list[int], totals: Sequence[Score], blacks: Sequence[Score], cookie: int | None
) -> list[int]:
    """Most points; tie: most black hats; still tied: the cookie holder; else shared."""
    top = max(map(totals.__getitem__, candidates))
    tied = [s for s in candidates if totals[s] == top]
    if len(tied) == 1:
        return tied
    most = max(map(blacks.__getitem__, tied))
    tied = [s for s in tied if blacks[s] == most]
    return [cookie] if len(tied) > 1 and cookie in tied else tied


def team_totals(values: Sequence[Score]) -> list[Score]:
    """With 4 players, each team's sum (team 0: seats 0 and 2)."""
    return [values[a] + values[b] for a, b in TEAMS]


def team_winners(totals: Sequence[Score], blacks: list[int], cookie: int | None) -> list[int]:
    """Ruling H11: the same order of tie-breaks, on team totals."""
    team_cookie = None if cookie is None else cookie % 2
    won = best([0, 1], team_totals(totals), team_totals(blacks), team_cookie)
    return sorted(seat for t in won for seat in TEAMS[t])
