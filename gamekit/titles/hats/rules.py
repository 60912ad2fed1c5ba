"""Hats (Gabriele Bubola, ThunderGryph Games): collect hats, shape the tea table.

Rulings implemented here (see ``docs/rules/hats.md``):

- H1: 42 cards, 7 types numbered 1-6; a card is an int ``type * 6 + number - 1``.
- H2: with 2 players two whole types go back in the box (drawn from the seed or
  named by the ``removed_types`` option) and only spaces 1-5 are used.
- H3: an exchange needs the same type or a strictly higher number.
- H4: discard and draw at most once a turn; an empty deck is refilled by
  shuffling the discards; unavailable when both are empty.
- H5: with 4 players a face-down swap with the partner replaces discard and
  draw; the partner chooses the card given back.
- H6: the cookie after every turn; ties broken on the lowest numbers.
- H7: the tea-table clean-up at the end (leftmost card of a type stays).
- H8: discard and draw: refill first, then discard, then draw.
- H9: the partner answers a swap without seeing the offered card.
- H10: a cookie tie that nothing breaks leaves the cookie where it is.
- H11: 4 players: team totals, then team black hats, then the cookie.

>>> import gamekit
>>> g = gamekit.new_game("hats", players=3, seed=1)
>>> len(g.view(0)["hand"]), len(g.view(0)["table"]), g.view(0)["deck_size"]
(9, 6, 9)
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from operator import getitem
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import CORE, Listing, Message, Text, form
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng, derive_seed
from gamekit.core.rules import Rules, Score, points_message
from gamekit.titles.hats.cards import (
    _BLACK,
    _DISCARD,
    _EXCHANGES,
    _GIVE,
    _SWAP,
    _TYPE_OF,
    BLACK_HAT_POINTS,
    CARDS,
    COOKIE_POINTS,
    END_TURN,
    HAND_SIZE,
    MAIN_ACTIONS,
    NUMBERS,
    SPACES,
    TEAMS,
    TYPES,
    BlackHat,
    DiscardDraw,
    EndTurn,
    Exchange,
    GiveBack,
    Swap,
    _is_card,
    can_take,
    card_name,
    card_number,
    card_of,
    card_type,
    cookie_key,
    favourite_points,
    table_face_up,
    table_values,
    type_count,
)
from gamekit.titles.hats.terms import HATS, TYPE_TERMS, M, hat

__all__ = [
    "BLACK_HAT_POINTS",
    "CARDS",
    "COOKIE_POINTS",
    "END_TURN",
    "HAND_SIZE",
    "MAIN_ACTIONS",
    "NUMBERS",
    "RULES",
    "SPACES",
    "TEAMS",
    "TYPES",
    "BlackHat",
    "Config",
    "DiscardDraw",
    "EndTurn",
    "Exchange",
    "GiveBack",
    "HatsRules",
    "State",
    "Swap",
    "can_take",
    "card_name",
    "card_number",
    "card_of",
    "card_type",
    "cookie_key",
    "decision",
    "favourite_points",
    "table_face_up",
    "table_values",
    "type_count",
]


# -- configuration ----------------------------------------------------------------
@dataclass(frozen=True)
class Config:
    """Players (2-4) and, with 2 players, the two types to remove (``None``: from the seed)."""

    players: int = 3
    removed_types: tuple[str, ...] | None = field(
        default=None,
        metadata={
            "choices": TYPES,
            "count": 2,
            "players": (2,),
            "label": Text(M("Hat types out of the game (2 players)")),
            "choice_labels": TYPE_TERMS,
        },
    )


# -- state ------------------------------------------------------------------------
@dataclass(slots=True)
class State:
    """Everything about one game of Hats; ``offer`` is a swap waiting for the partner.

    Lists of cards: ``deck`` (its top is the last card), ``discards``, ``table``
    (space 1 first), ``hands`` (sorted), ``collections`` (face up, in the order
    taken) and ``black_hats`` per seat, and ``box`` (types removed with 2 players).
    """

    players: int
    seed: int
    table: list[int]
    deck: list[int]
    discards: list[int]
    hands: list[list[int]]
    collections: list[list[int]]
    black_hats: list[list[int]]
    box: list[int]
    seat: int = 0
    turns: int = 0
    main_done: bool = False
    option_used: bool = False
    offer: int | None = None
    cookie: int | None = None
    reshuffles: int = 0
    cookie_keys: list[tuple[int, int]] = field(default_factory=list)
    """A derived cache, left out of ``state_dict``: per seat (what the key depends on, H6 key)."""


class HatsRules(Rules[State]):
    """The rules of Hats for 2, 3 or 4 players."""

    title = "hats"
    name = form("title", "Hats")[1]  # the same in French: display_name()
    min_players, max_players, default_players = 2, 4, 3
    action_types = (Exchange, BlackHat, DiscardDraw, Swap, GiveBack, EndTurn)
    names_seats = True
    rulings = {
        "H1": Text(M("42 cards: 7 types numbered 1 to 6")),
        "H2": Text(M("2 players: two whole types removed, spaces 1-5 only")),
        "H3": Text(M("exchange: same type or a strictly higher number")),
        "H4": Text(M("discard and draw once a turn; empty deck refilled from the discards")),
        "H5": Text(M("4 players: swap with the partner, who chooses the card given back")),
        "H6": Text(M("the cookie: most types, then the lowest numbers")),
        "H7": Text(M("clean-up: only the leftmost table card of a type scores")),
        "H8": Text(M("discard and draw: refill the deck first, then discard, then draw")),
        "H9": Text(M("the partner answers a swap without seeing the offered card")),
        "H10": Text(M("a cookie tie nothing breaks leaves the cookie where it is")),
        "H11": Text(M("4 players: team points, then team black hats, then the cookie")),
    }

    # -- set-up -----------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        """Check the player count (2-4) and the ``removed_types`` option (2 players only)."""
        unknown = sorted(set(options) - {"removed_types"})
        if unknown:
            raise ConfigError(
                str(
                    M(
                        "Hats has no option {unknown}; its only option is removed_types",
                        unknown=unknown,
                    )
                )
            )
        players = self.default_players if players is None else players
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ConfigError(
                str(M("Hats is for 2 to 4 players, not {players}", players=repr(players)))
            )
        removed = options.get("removed_types")
        if removed is None:
            return Config(players)
        if players != 2:
            raise ConfigError(str(M("removed_types is only for 2 players (Ruling H2)")))
        return Config(players, _check_removed(removed))

    def initial_state(self, config: Config, seed: int) -> State:
        """Remove types (2 players), shuffle, fill the tea table, deal 9 cards each."""
        rng = Rng(seed)
        removed = _removed_type_ids(config, rng)
        box = [c for c in CARDS if c // NUMBERS in removed] if removed else []
        deck = rng.shuffled([c for c in CARDS if c // NUMBERS not in removed] if removed else CARDS)
        table = [deck.pop() for _ in range(SPACES[config.players])]
        hands = [sorted(deck.pop() for _ in range(HAND_SIZE)) for _ in range(config.players)]
        empty: list[list[int]] = [[] for _ in range(config.players)]
        return State(config.players, seed, table, deck, [], hands, empty, [[] for _ in empty], box)

    # -- play -----------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        """The seat deciding now: the partner while a swap waits, else whose turn it is."""
        if state.turns >= MAIN_ACTIONS * state.players:
            return None
        if state.offer is not None:
            return (state.seat + 2) % 4
        return state.seat

    def legal_actions(self, state: State) -> list[Action]:
        """Exchanges (by card, then space), black hats, discards or swaps, end turn.

        While a swap waits, the partner's ``GiveBack`` for each card in their hand.
        """
        if state.turns >= MAIN_ACTIONS * state.players:
            return []
        if state.offer is not None:
            return list(map(_GIVE.__getitem__, state.hands[(state.seat + 2) % 4]))
        hand = state.hands[state.seat]
        out: list[Action] = []
        if not state.main_done:
            rows = list(map(getitem, _EXCHANGES, state.table))
            out = [x for card in hand for row in rows if (x := row[card])]
            out += map(_BLACK.__getitem__, hand)
            if state.option_used:
                return out
        if state.players == 4:
            out += map(_SWAP.__getitem__, hand)
        elif state.deck or state.discards:
            out += map(_DISCARD.__getitem__, hand)
        if state.main_done:
            out.append(END_TURN)
        return out

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action in place (narrating into ``log`` unless ``None``)."""
        _APPLY[type(action)](state, action, log)

    def why_illegal(self, state: State, action: Action) -> str:
        """The rule that forbids ``action`` now, in a sentence."""
        return str(self._why_illegal(state, action))

    def _why_illegal(self, state: State, action: Action) -> Message:
        if self.is_over(state):
            return CORE("the game is over")
        card = getattr(action, "card", None)
        if card is not None and not _is_card(card):
            return M("there is no card {card} in Hats: cards are numbered 0 to 41", card=repr(card))
        if state.offer is not None:
            return _why_waiting_swap(state, action)
        if isinstance(action, GiveBack):
            return M("nobody has offered you a swap, so there is nothing to give back (Ruling H5)")
        return _why_own_turn(state, action)

    def describe(self, state: State, action: Action) -> str:
        """What ``action`` would do, in the narration's voice."""
        return str(self._describe(state, action))

    def _describe(self, state: State, action: Action) -> Message:
        seat = SEATS[state.seat]
        partner = SEATS[(state.seat + 2) % 4]
        if isinstance(action, Exchange):
            return M(
                "{seat} would play the {card} on space {space} "
                "and take the {take} into their collection.",
                seat=seat,
                card=hat(action.card),
                space=action.space,
                take=hat(action.take),
            )
        if isinstance(action, BlackHat):
            return M(
                "{seat} would put the {card} face down: a black hat.",
                seat=seat,
                card=hat(action.card),
            )
        if isinstance(action, DiscardDraw):
            return M(
                "{seat} would discard the {card} face down and draw the top card of the deck.",
                seat=seat,
                card=hat(action.card),
            )
        if isinstance(action, Swap):
            return M(
                "{seat} would offer the {card} face down to their partner, {partner}, "
                "who then chooses a card to give back.",
                seat=seat,
                card=hat(action.card),
                partner=partner,
            )
        if isinstance(action, GiveBack):
            return M(
                "{partner} would give the {card} back face down to {seat}.",
                partner=partner,
                card=hat(action.card),
                seat=seat,
            )
        return M("{seat} would end their turn.", seat=seat)

    # -- results --------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        """True once every player has made 8 main actions and the last turn ended."""
        return state.turns >= MAIN_ACTIONS * state.players

    def scores(self, state: State) -> list[Score]:
        """Points per seat: final, or running (favourite hat 0 until the end)."""
        return [sum(part) for part in _points(state)]

    def summary(self, state: State) -> list[dict[str, Any]]:
        """Per seat: collection, black_hats, favourite, cookie, total (and team totals)."""
        rows: list[dict[str, Any]] = []
        for part in self._breakdown(state):
            rows.append({**part, "total": sum(part.values())})
        if state.players == 4:
            totals = _team_totals([r["total"] for r in rows])
            for seat, row in enumerate(rows):
                row["team"] = seat % 2
                row["team_score"] = totals[seat % 2]
        return rows

    def winners(self, state: State) -> list[int]:
        """Most points, then most black hats, then the cookie; else shared (H11 for teams)."""
        if not self.is_over(state):
            return []
        scores = self.scores(state)
        blacks = [len(b) for b in state.black_hats]
        if state.players == 4:
            return _team_winners(scores, blacks, state.cookie)
        return _best(list(range(state.players)), scores, blacks, state.cookie)

    def result_lines(self, state: State) -> list[str]:
        """Who won and why (points, black hats, the cookie; teams with 4), every score."""
        lines = super().result_lines(state)[:1]
        rows = self.summary(state)
        for seat, row in enumerate(rows):
            text = M(
                "{seat} has {points}: {collection} for the collection, {black_hats} for the "
                "black hats, {favourite} for the favourite hat and {cookie} for the cookie.",
                seat=SEATS[seat],
                points=points_message(row["total"]),
                collection=row["collection"],
                black_hats=row["black_hats"],
                favourite=row["favourite"],
                cookie=row["cookie"],
            )
            lines.append(str(text))
        if state.players == 4:
            for team, (a, b) in enumerate(TEAMS):
                text = M(
                    "Team {team} ({members}) has {points}.",
                    team=team + 1,
                    members=seats([a, b]),
                    points=points_message(rows[a]["team_score"]),
                )
                lines.append(str(text))
        decided = self._tie_break(state)
        if decided is not None:
            lines.append(str(decided))
        return lines

    def _tie_break(self, state: State) -> Message | None:
        """The tie-break that decided the winner (H11 for teams), if any, in a sentence."""
        winners = self.winners(state)
        if not winners:
            return None
        scores = self.scores(state)
        blacks: list[Score] = [len(b) for b in state.black_hats]
        teams = state.players == 4
        if teams:
            scores, blacks = _team_totals(scores), _team_totals(blacks)
            top = [t for t in (0, 1) if scores[t] == max(scores)]
        else:
            top = [s for s in range(state.players) if scores[s] == max(scores)]
        if len(top) == 1:
            return None
        most = max(blacks[t] for t in top)
        still = [t for t in top if blacks[t] == most]
        if len(still) == 1:
            if teams:
                return M("Tie-break: the teams tie on points; the most black hats decides.")
            return M(
                "Tie-break: {seats} tie on points; the most black hats decides.", seats=seats(top)
            )
        if len(winners) == (2 if teams else 1):
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

    def recount(self, state: State) -> list[Score]:
        """The scoring napkin filled in again, type by type, from the raw piles."""
        over = self.is_over(state)
        totals: list[Score] = []
        for seat in range(state.players):
            collection = Counter(card_type(c) for c in state.collections[seat])
            points = len(state.black_hats[seat]) + (5 if state.cookie == seat else 0)
            for kind, count in collection.items():
                spaces = [i + 1 for i, t in enumerate(state.table) if card_type(t) == kind]
                points += count * (spaces[0] if spaces else 0)
            if over:
                fav = state.hands[seat][0]
                points -= card_number(fav)
                points += sum(
                    card_number(c)
                    for c in state.collections[seat]
                    if card_type(c) == card_type(fav)
                )
            totals.append(points)
        return totals

    def _breakdown(self, state: State) -> list[dict[str, int]]:
        keys = ("collection", "black_hats", "favourite", "cookie")
        return [dict(zip(keys, part, strict=True)) for part in _points(state)]

    # -- information ---------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: hands, black hats' faces, discards and deck are hidden."""
        over = self.is_over(state)
        offered = state.offer is not None
        return {
            "seat": seat,
            "players": state.players,
            "types": list(TYPES),
            "removed_types": sorted({TYPES[c // NUMBERS] for c in state.box}),
            "teams": [list(t) for t in TEAMS] if state.players == 4 else None,
            "turn": None if over else state.seat,
            "to_move": self.to_move(state),
            "decision": decision(state),
            "main_done": state.main_done,
            "option_used": state.option_used,
            "table": list(state.table),
            "table_face_up": table_face_up(state.table) if over else [True] * len(state.table),
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "collections": [list(c) for c in state.collections],
            "black_hats": [len(b) for b in state.black_hats],
            "my_black_hats": sorted(state.black_hats[seat]) if seat is not None else None,
            "played": [
                len(c) + len(b) for c, b in zip(state.collections, state.black_hats, strict=True)
            ],
            "deck_size": len(state.deck),
            "discard_size": len(state.discards),
            "swap_offered": offered,
            "my_offer": state.offer if offered and seat == state.seat else None,
            "cookie": state.cookie,
            "scores": self.scores(state),
            "favourites": [h[0] for h in state.hands] if over else None,
            "winners": self.winners(state),
        }

    def state_dict(self, state: State) -> dict[str, Any]:
        """The whole state as plain data (the god view)."""
        return {
            "players": state.players,
            "seed": state.seed,
            "table": list(state.table),
            "deck": list(state.deck),
            "discards": list(state.discards),
            "hands": [list(h) for h in state.hands],
            "collections": [list(c) for c in state.collections],
            "black_hats": [list(b) for b in state.black_hats],
            "box": list(state.box),
            "seat": state.seat,
            "turns": state.turns,
            "main_done": state.main_done,
            "option_used": state.option_used,
            "offer": state.offer,
            "cookie": state.cookie,
            "reshuffles": state.reshuffles,
        }

    def copy_state(self, state: State) -> State:
        """An independent copy."""
        return State(
            state.players,
            state.seed,
            state.table[:],
            state.deck[:],
            state.discards[:],
            [h[:] for h in state.hands],
            [c[:] for c in state.collections],
            [b[:] for b in state.black_hats],
            state.box[:],
            state.seat,
            state.turns,
            state.main_done,
            state.option_used,
            state.offer,
            state.cookie,
            state.reshuffles,
            state.cookie_keys[:],
        )

    # -- conformance hooks -------------------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        """Deck, discards, table, box, the waiting swap, and each seat's hand and piles."""
        places: dict[str, Sequence[int]] = {
            "deck": state.deck,
            "discards": state.discards,
            "table": state.table,
            "box": state.box,
            "offer": [] if state.offer is None else [state.offer],
        }
        for seat in range(state.players):
            places[f"hand{seat}"] = state.hands[seat]
            places[f"collection{seat}"] = state.collections[seat]
            places[f"black_hats{seat}"] = state.black_hats[seat]
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        """The 42 cards (Ruling H1)."""
        return CARDS

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see: other hands, others' black hats, deck, discards."""
        return self._redeal(state, seat, rng, canonical=False)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """The same re-deal from the hidden cards in sorted order, with a fresh seed for
        later reshuffles (H4): the guess depends on the view only."""
        out = self._redeal(state, seat, rng, canonical=True)
        out.seed = rng.below(1 << 62)
        return out

    def _redeal(self, state: State, seat: int | None, rng: Rng, canonical: bool) -> State:
        out = self.copy_state(state)
        over = self.is_over(state)
        others = [s for s in range(state.players) if s != seat]
        hidden_offer = out.offer is not None and seat != out.seat
        pool = out.deck + out.discards + [c for s in others for c in out.black_hats[s]]
        if not over:
            pool += [c for s in others for c in out.hands[s]]
        if hidden_offer and out.offer is not None:
            pool.append(out.offer)
        if canonical:
            pool.sort()
        rng.shuffle(pool)
        out.deck, pool = pool[: len(out.deck)], pool[len(out.deck) :]
        out.discards, pool = pool[: len(out.discards)], pool[len(out.discards) :]
        for s in others:
            n = len(out.black_hats[s])
            out.black_hats[s], pool = pool[:n], pool[n:]
            if not over:
                n = len(out.hands[s])
                out.hands[s], pool = sorted(pool[:n]), pool[n:]
        if hidden_offer:
            out.offer = pool.pop()
        return out


def decision(state: State) -> str:
    """What is being decided now, for the views.

    ``"main"`` (the main action is still to make), ``"after-main"`` (the optional
    action or the end of the turn), ``"give-back"`` (the partner answers a swap)
    or ``"over"``.
    """
    if state.turns >= MAIN_ACTIONS * state.players:
        return "over"
    if state.offer is not None:
        return "give-back"
    return "after-main" if state.main_done else "main"


# -- the effects, one small function each ----------------------------------------------
def _exchange(state: State, action: Action, log: list[Event] | None) -> None:
    """Ruling H3: the played card takes the space, the taken card joins the collection."""
    assert isinstance(action, Exchange)
    seat = state.seat
    state.hands[seat].remove(action.card)
    state.table[action.space - 1] = action.card
    state.collections[seat].append(action.take)
    if log is not None:
        text = M(
            "{seat} plays the {card} on space {space} and takes the {take} into their collection.",
            seat=SEATS[seat],
            card=HATS[action.card],
            space=action.space,
            take=HATS[action.take],
        )
        log.append(Event(text, "exchange", "H3", seat))
    _main_done(state, log)


def _black_hat(state: State, action: Action, log: list[Event] | None) -> None:
    """A card face down into the collection: a black hat worth 1 point."""
    assert isinstance(action, BlackHat)
    seat = state.seat
    state.hands[seat].remove(action.card)
    state.black_hats[seat].append(action.card)
    if log is not None:
        text = M(
            "{seat} puts a card face down into their collection: a black hat.", seat=SEATS[seat]
        )
        log.append(Event(text, "black-hat", None, seat))
    _main_done(state, log)


def _discard_draw(state: State, action: Action, log: list[Event] | None) -> None:
    """Rulings H4 and H8: refill an empty deck from the discards, discard, then draw."""
    assert isinstance(action, DiscardDraw)
    seat = state.seat
    if not state.deck:
        _reshuffle(state, log)
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
        _end_turn(state, log)


def _reshuffle(state: State, log: list[Event] | None) -> None:
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


def _swap(state: State, action: Action, log: list[Event] | None) -> None:
    """Ruling H5: the card leaves the hand face down; the partner decides next."""
    assert isinstance(action, Swap)
    state.hands[state.seat].remove(action.card)
    state.offer = action.card
    state.option_used = True
    if log is not None:
        partner = (state.seat + 2) % 4
        text = M(
            "{seat} offers a card face down to their partner, {partner}.",
            seat=SEATS[state.seat],
            partner=SEATS[partner],
        )
        log.append(Event(text, "swap", "H5", state.seat))


def _give_back(state: State, action: Action, log: list[Event] | None) -> None:
    """Rulings H5 and H9: the partner's chosen card and the offered card cross over."""
    assert isinstance(action, GiveBack) and state.offer is not None
    partner = (state.seat + 2) % 4
    state.hands[partner].remove(action.card)
    insort(state.hands[partner], state.offer)
    insort(state.hands[state.seat], action.card)
    state.offer = None
    if log is not None:
        text = M("{seat} gives a card back face down: the swap is done.", seat=SEATS[partner])
        log.append(Event(text, "give-back", "H5", partner))
    if state.main_done:
        _end_turn(state, log)


def _end_turn_action(state: State, action: Action, log: list[Event] | None) -> None:
    if log is not None:
        text = M("{seat} ends their turn.", seat=SEATS[state.seat])
        log.append(Event(text, "end-turn", None, state.seat))
    _end_turn(state, log)


def _main_done(state: State, log: list[Event] | None) -> None:
    """After the main action the turn ends unless the optional action is still open."""
    state.main_done = True
    open_option = state.players == 4 or bool(state.deck or state.discards)
    if state.option_used or not open_option:
        _end_turn(state, log)


def _end_turn(state: State, log: list[Event] | None) -> None:
    """Pass the cookie (H6), then the turn; after the last turn, the end (H7)."""
    _pass_cookie(state, log)
    state.turns += 1
    state.main_done = state.option_used = False
    if state.turns < MAIN_ACTIONS * state.players:
        state.seat = (state.seat + 1) % state.players
    elif log is not None:
        _narrate_end(state, log)


def _pass_cookie(state: State, log: list[Event] | None) -> None:
    """Ruling H6 (and H10): the unique best collection takes the cookie.

    Most types first (black hats together count as one type), then the lowest
    numbers (see :func:`cookie_key`); a tie nothing breaks moves nothing.
    """
    keys = _cookie_keys(state)
    best = max(keys)
    if keys.count(best) != 1:
        return
    holder = keys.index(best)
    if holder != state.cookie:
        state.cookie = holder
        if log is not None:
            log.append(Event(_cookie_message(state, holder), "cookie", "H6", holder))


def _cookie_message(state: State, holder: int) -> Message:
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
    kinds = M("1 type of hats") if count == 1 else M("{count} types of hats", count=count)
    keys = _cookie_keys(state)
    rival = max(tied, key=keys.__getitem__)  # the runner-up: the comparison that decided
    return M(
        "{seat} ties with {others} on {kinds}; the lowest numbers break the tie ({why}), "
        "and {seat} takes the cookie.",
        seat=SEATS[holder],
        others=seats(tied),
        kinds=kinds,
        why=_lowest_numbers(state, holder, rival),
    )


def _lowest_numbers(state: State, holder: int, rival: int) -> Message:
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


def _cookie_keys(state: State) -> list[int]:
    """Every seat's H6 key, each recomputed only when that seat collected a card.

    Collections only ever grow during play, so a seat with as many face-up cards
    as before, and black hats or not as before, still has the same key (a black
    hat's face, or a second black hat, changes nothing in H6).
    """
    cache = state.cookie_keys
    if len(cache) != state.players:
        cache[:] = [(-1, 0)] * state.players
    keys = []
    for seat, collection in enumerate(state.collections):
        blacks = len(state.black_hats[seat])
        size = 2 * len(collection) + (1 if blacks else 0)  # all the key depends on
        cached = cache[seat]
        if cached[0] != size:
            cached = cache[seat] = (size, cookie_key(collection, blacks))
        keys.append(cached[1])
    return keys


def _narrate_end(state: State, log: list[Event]) -> None:
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
            for s, p in enumerate(RULES.scores(state))
        )
    )
    log.append(Event(M("The game is over. Points: {points}.", points=points), "end", None, None))


_APPLY = {
    Exchange: _exchange,
    BlackHat: _black_hat,
    DiscardDraw: _discard_draw,
    Swap: _swap,
    GiveBack: _give_back,
    EndTurn: _end_turn_action,
}


def _points(state: State) -> list[tuple[int, int, int, int]]:
    """Per seat: (collection, black hats, favourite, cookie) points; favourite 0 until the end."""
    value_of_type = [0] * len(TYPES)
    for kind, space in table_values(state.table).items():
        value_of_type[kind] = space
    over = state.turns >= MAIN_ACTIONS * state.players
    parts = []
    for seat, collection in enumerate(state.collections):
        kinds = map(_TYPE_OF.__getitem__, collection)
        parts.append(
            (
                sum(map(value_of_type.__getitem__, kinds)),
                BLACK_HAT_POINTS * len(state.black_hats[seat]),
                favourite_points(collection, state.hands[seat][0]) if over else 0,
                COOKIE_POINTS if state.cookie == seat else 0,
            )
        )
    return parts


def _best(
    seats: list[int], scores: Sequence[Score], blacks: Sequence[Score], cookie: int | None
) -> list[int]:
    """Most points; tie: most black hats; still tied: the cookie holder; else shared."""
    top = max(scores[s] for s in seats)
    tied = [s for s in seats if scores[s] == top]
    most = max(blacks[s] for s in tied)
    tied = [s for s in tied if blacks[s] == most]
    return [cookie] if len(tied) > 1 and cookie in tied else tied


def _team_totals(values: Sequence[Score]) -> list[Score]:
    return [values[a] + values[b] for a, b in TEAMS]


def _team_winners(scores: list[Score], blacks: list[int], cookie: int | None) -> list[int]:
    """Ruling H11: the same order of tie-breaks, on team totals."""
    team_cookie = None if cookie is None else cookie % 2
    won = _best([0, 1], _team_totals(scores), _team_totals(blacks), team_cookie)
    return sorted(seat for t in won for seat in TEAMS[t])


def _check_removed(removed: object) -> tuple[str, ...]:
    if isinstance(removed, str) or not isinstance(removed, list | tuple):
        raise ConfigError(
            str(M("removed_types must be a list of two type names from {types}", types=list(TYPES)))
        )
    names = tuple(removed)
    if len(names) != 2 or len(set(names)) != 2 or not set(names) <= set(TYPES):
        raise ConfigError(
            str(
                M(
                    "removed_types must name two different types from {types}, not {names}",
                    types=list(TYPES),
                    names=list(names),
                )
            )
        )
    return tuple(sorted(names, key=TYPES.index))


def _removed_type_ids(config: Config, rng: Rng) -> set[int]:
    """Ruling H2: the two types out of the game with 2 players (named, or from the seed)."""
    if config.players != 2:
        return set()
    if config.removed_types is not None:
        return {TYPES.index(name) for name in config.removed_types}
    first = rng.below(len(TYPES))
    second = rng.below(len(TYPES) - 1)
    return {first, second + (second >= first)}


# -- refusals -----------------------------------------------------------------------
def _why_waiting_swap(state: State, action: Action) -> Message:
    partner = SEATS[(state.seat + 2) % 4]
    if isinstance(action, GiveBack):
        return M("the {card} is not in {seat}'s hand", card=hat(action.card), seat=partner)
    return M(
        "{partner} must first choose a card to give back to {seat} (Ruling H5)",
        partner=partner,
        seat=SEATS[state.seat],
    )


def _why_own_turn(state: State, action: Action) -> Message:
    card = getattr(action, "card", None)
    hand = state.hands[state.seat]
    if isinstance(action, Exchange | BlackHat) and state.main_done:
        return M("you have already made your main action this turn (one exchange or black hat)")
    if isinstance(action, Swap) and state.players != 4:
        return M("a swap with a partner exists only in a 4-player game (Ruling H5)")
    if isinstance(action, DiscardDraw | Swap):
        return _why_no_option(state, action)
    if isinstance(action, EndTurn):
        return M("you must first make your main action: an exchange or a black hat")
    if card is not None and card not in hand:
        return M("the {card} is not in your hand", card=hat(card))
    if isinstance(action, Exchange):
        return _why_no_exchange(state, action)
    return CORE("'{action}' is not allowed now", action=str(action))


def _why_no_option(state: State, action: Action) -> Message:
    if isinstance(action, DiscardDraw) and state.players == 4:
        return M("with 4 players you swap with your partner instead of discarding (Ruling H5)")
    if state.option_used:
        return M("the optional action is allowed only once per turn (Ruling H4)")
    if isinstance(action, DiscardDraw) and not (state.deck or state.discards):
        return M("the deck and the discards are both empty, so you cannot draw (Ruling H4)")
    return M("the {card} is not in your hand", card=hat(getattr(action, "card", None)))


def _why_no_exchange(state: State, action: Exchange) -> Message:
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


RULES = HatsRules()
"""The registered rules of Hats."""
