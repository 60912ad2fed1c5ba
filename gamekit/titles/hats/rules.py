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

The modules: ``cards`` (the catalogue and its arithmetic), ``actions`` (the action
types, each action built once), ``state`` (config, state, who decides), ``effects``
(what each move does, the cookie, the scoring), ``why`` (refusals, previews, the
tie-break told) and here the ``Rules`` the engine calls.

>>> import gamekit
>>> g = gamekit.new_game("hats", players=3, seed=1)
>>> len(g.view(0)["hand"]), len(g.view(0)["table"]), g.view(0)["deck_size"]
(9, 6, 9)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from operator import getitem
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import Text, form
from gamekit.core.names import SEATS, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score, SearchDefaults, points_message
from gamekit.titles.hats import effects
from gamekit.titles.hats.actions import (
    ACTION_TYPES,
    BITS_BYTES,
    BLACK_HATS,
    DISCARD_DRAWS,
    END_TURN,
    EXCHANGE_BITS,
    EXCHANGES,
    GIVE_BACKS,
    LEGACY_KINDS,
    SPACES_OF,
    SWAPS,
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
    HAND_SIZE,
    MAIN_ACTIONS,
    NUMBERS,
    SPACES,
    TEAMS,
    TYPES,
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
from gamekit.titles.hats.state import Config, State, copy_state, decision, over, to_move
from gamekit.titles.hats.terms import M
from gamekit.titles.hats.why import describe, tie_break, why_illegal

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


# -- the legal moves ---------------------------------------------------------------
# Each card's action, looked up by a list's own ``__getitem__`` (a tuple's is a slower
# wrapper): the same shared actions as ``BLACK_HATS``, ``DISCARD_DRAWS``...
_black_hat = list(BLACK_HATS).__getitem__
_discard_draw = list(DISCARD_DRAWS).__getitem__
_swap = list(SWAPS).__getitem__
_give_back = list(GIVE_BACKS).__getitem__


def legal_actions(state: State) -> list[Action]:
    """Exchanges (by card, then space), black hats, discards or swaps, end turn.

    While a swap waits, the partner's ``GiveBack`` for each card in their hand.
    """
    if state.turns >= MAIN_ACTIONS * state.players:  # over(state), inlined
        return []
    if state.offer is not None:
        return list(map(_give_back, state.hands[(state.seat + 2) % 4]))
    hand = state.hands[state.seat]
    if state.main_done:  # the optional action, or the end of the turn
        if state.players == 4:
            return [*map(_swap, hand), END_TURN]
        if state.deck or state.discards:
            return [*map(_discard_draw, hand), END_TURN]
        return [END_TURN]
    table = state.table
    if state.rows_table != table:  # made again only when the table changed elsewhere
        state.exchange_rows = _rows_of(table)
        state.exchange_bits = bits = _bits_of(table)
        state.exchange_spaces = bits.to_bytes(BITS_BYTES, "little")
        state.rows_table = table[:]
    rows, spaces = state.exchange_rows, state.exchange_spaces
    # each card's legal spaces from its byte of the bits: only the legal exchanges are read
    out: list[Action] = [rows[space][card] for card in hand for space in SPACES_OF[spaces[card]]]
    out += map(_black_hat, hand)
    if state.option_used:
        return out
    if state.players == 4:
        out += map(_swap, hand)
    elif state.deck or state.discards:
        out += map(_discard_draw, hand)
    return out


def exchanges(hand: Sequence[int], table: Sequence[int]) -> list[Action]:
    """Every exchange of a card of ``hand`` with the tea table (Ruling H3), by card then
    space: the shared actions of :data:`~gamekit.titles.hats.actions.EXCHANGES`.

    >>> [str(x) for x in exchanges([card_of("red", 3)], [card_of("red", 5), card_of("blue", 3)])]
    ['Exchange your red 3 for the red 5 on space 1']
    """
    return _exchanges_in_rows(hand, _rows_of(table))


def _rows_of(table: Sequence[int]) -> list[Any]:
    """For each space, the exchanges that take the card lying there (by card played)."""
    return list(map(getitem, EXCHANGES, table))


def _bits_of(table: Sequence[int]) -> int:
    """The legal exchanges with ``table`` as bits (see :data:`EXCHANGE_BITS`)."""
    return sum(map(getitem, EXCHANGE_BITS, table))


def _exchanges_in_rows(hand: Sequence[int], rows: Sequence[Any]) -> list[Action]:
    """The exchanges of ``hand``'s cards with the spaces' ``rows``, by card then space."""
    return [x for card in hand for row in rows if (x := row[card])]


class HatsRules(Rules[State]):
    """The rules of Hats for 2, 3 or 4 players."""

    title = "hats"
    name = form("title", "Hats")[1]  # the same in French: display_name()
    min_players, max_players, default_players = 2, 4, 3
    action_types = ACTION_TYPES
    legacy_kinds = LEGACY_KINDS
    names_seats = True
    search_defaults = SearchDefaults(budget=4500, demo_budget=1500)
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
            return Config(players=players)
        if players != 2:
            raise ConfigError(str(M("removed_types is only for 2 players (Ruling H2)")))
        return Config(players=players, removed_types=check_removed(removed))

    def initial_state(self, config: Config, seed: int) -> State:
        """Remove types (2 players), shuffle, fill the tea table, deal 9 cards each."""
        return effects.deal(config, seed)

    # -- play -----------------------------------------------------------------------
    # The three calls of every decision go straight to their functions (no extra call).
    to_move = staticmethod(to_move)
    legal_actions = staticmethod(legal_actions)
    apply = staticmethod(effects.apply)

    def play_at_random(
        self, state: State, choices: Sequence[Callable[[list[Action]], Action]]
    ) -> int:
        """The lean path's random games: to_move, apply's dispatch and the end inlined."""
        return effects.play_at_random(state, choices, legal_actions)

    def why_illegal(self, state: State, action: Action) -> str:
        """The rule that forbids ``action`` now, in a sentence."""
        return str(why_illegal(state, action))

    def describe(self, state: State, action: Action) -> str:
        """What ``action`` would do, in the narration's voice."""
        return str(describe(state, action))

    # -- results --------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        """True once every player has made 8 main actions and the last turn ended."""
        return over(state)

    def scores(self, state: State) -> list[Score]:
        """Points per seat: final, or running (favourite hat 0 until the end)."""
        return effects.scores(state)

    def summary(self, state: State) -> list[dict[str, Any]]:
        """Per seat: collection, black_hats, favourite, cookie, total (and team totals)."""
        return effects.summary(state, effects.points(state))

    def winners(self, state: State) -> list[int]:
        """Most points, then most black hats, then the cookie; else shared (H11 for teams)."""
        return effects.winners(state)

    def results(
        self, state: State
    ) -> tuple[Sequence[Score], Sequence[int], Sequence[Mapping[str, Any]]]:
        """Scores, winners and summary from one count of the points."""
        parts = effects.points(state)
        totals = effects.scores(state, parts)
        return totals, effects.winners(state, totals), effects.summary(state, parts)

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
        decided = tie_break(state)
        if decided is not None:
            lines.append(str(decided))
        return lines

    def recount(self, state: State) -> list[Score]:
        """The scoring napkin filled in again, type by type, from the raw piles."""
        ended = over(state)
        totals: list[Score] = []
        for seat in range(state.players):
            collection = Counter(card_type(c) for c in state.collections[seat])
            points = len(state.black_hats[seat]) + (5 if state.cookie == seat else 0)
            for kind, count in collection.items():
                spaces = [i + 1 for i, t in enumerate(state.table) if card_type(t) == kind]
                points += count * (spaces[0] if spaces else 0)
            if ended:
                fav = state.hands[seat][0]
                points -= card_number(fav)
                points += sum(
                    card_number(c)
                    for c in state.collections[seat]
                    if card_type(c) == card_type(fav)
                )
            totals.append(points)
        return totals

    # -- information ---------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: hands, black hats' faces, discards and deck are hidden."""
        ended = over(state)
        offered = state.offer is not None
        return {
            "seat": seat,
            "players": state.players,
            "types": list(TYPES),
            "removed_types": sorted({TYPES[c // NUMBERS] for c in state.box}),
            "teams": [list(t) for t in TEAMS] if state.players == 4 else None,
            "turn": None if ended else state.seat,
            "to_move": self.to_move(state),
            "decision": decision(state),
            "main_done": state.main_done,
            "option_used": state.option_used,
            "table": list(state.table),
            "table_face_up": table_face_up(state.table) if ended else [True] * len(state.table),
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
            "favourites": [h[0] for h in state.hands] if ended else None,
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
        return copy_state(state)

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
        ended = over(state)
        others = [s for s in range(state.players) if s != seat]
        hidden_offer = out.offer is not None and seat != out.seat
        pool = out.deck + out.discards + [c for s in others for c in out.black_hats[s]]
        if not ended:
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
            if not ended:
                n = len(out.hands[s])
                out.hands[s], pool = sorted(pool[:n]), pool[n:]
        if hidden_offer:
            out.offer = pool.pop()
        return out


def check_removed(removed: object) -> tuple[str, ...]:
    """The ``removed_types`` option checked: two different type names, in type order."""
    if (
        isinstance(removed, str)
        or not isinstance(removed, list | tuple)
        or not all(isinstance(name, str) for name in removed)
    ):
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


RULES = HatsRules()
"""The registered rules of Hats."""
