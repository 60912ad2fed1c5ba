"""The Bloody Inn (L'Auberge sanglante, Nicolas Robert, Pearl Games), 1-4 players.

Innkeepers lodge travellers, bribe them as accomplices, build annexes, kill
guests and bury the corpses under the annexes for the money in their pockets;
the richest wins. The rulings (``docs/rules/bloody-inn.md``) are cited in the
code and in the narration:

- I1 player 0 starts (option ``first_player``); the first-player card passes left.
- I2 the entrance pile: reshuffle the exit pile the first time it runs out; the
  second time, this round is the last (the game ends at once with fewer
  travellers in the inn than players).
- I3 passing may launder one way (cash -> cheques or back); 30 cheques exist.
- I4 Workshop, Parlor and Cellar discounts stack, down to 0.
- I5 several targets (Shop, Butcher's Shop, Crypt) cost the sum of their ranks.
- I6 short of cash for wages, the player chooses which cards leave.
- I7 keys: each player chooses a room, from the first player; white keys then
  open the lowest free rooms.
- I8 a discount counts once per action, on the sum of the ranks.
- I9 police fines and the gravedigger are paid 10F at a time, in cash or with a
  cheque: the payer chooses when they hold both (wages, next, take cash only).
- I10 solo: an unburied corpse at a police check or at the end loses (no winner);
  the rating ladder is the long game's only (a short game is ``"unrated"``).
- I11 Room Service: a token on an open room without one; rank in F at each lodging.
- I12 Gardens pay 2F every morning, whether or not guests leave your rooms.
- I13 with unlimited wealth the Greenhouse pays 3F per 10F held (all money
  could be cheques).

Files (in this folder): cards and catalogue in ``cards.py`` (read from
``cards.csv``); action types in ``actions.py``; state and money in ``state.py``;
the round in ``flow.py``; the night in ``night.py``; random games in its own loop in
``random_play.py``; this module holds the ``Rules`` object, the views and the
conformance hooks.

>>> import gamekit
>>> g = gamekit.new_game("bloody-inn", players=2, seed=1)
>>> [str(a) for a in g.legal_actions()[:2]]
['Put your key on room 1', 'Put your key on room 2']
>>> g = gamekit.new_game("bloody-inn", players=2, seed=1, lang="fr")
>>> g.read(g.legal_actions()[0])
'Poser votre clef sur la chambre 1'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import Message, Term, Text, form
from gamekit.core.names import Seat, seats
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score, SearchDefaults
from gamekit.titles.bloody_inn import flow, night, random_play
from gamekit.titles.bloody_inn.actions import (
    ACTION_TYPES,
    DISMISS,
    LEGACY_KINDS,
    PAY_FINE,
    PLACE,
    PLACE_KEY,
    Target,
)
from gamekit.titles.bloody_inn.cards import (
    ALL_CARDS,
    IS_PEASANT,
    RANK,
    ROOMS,
    card_term,
    distinct_kinds,
)
from gamekit.titles.bloody_inn.state import (
    EMPTY,
    LENGTHS,
    NO_KEY,
    Config,
    State,
    copy_state,
    reserve,
    state_dict,
    under_own,
    wealth,
)
from gamekit.titles.bloody_inn.terms import PACKAGE, M, N

Choice = Callable[[list[Action]], Action]
"""A random seat's draw from a legal list."""

RATINGS = ((170, "demonic"), (150, "evil"), (130, "dangerous"), (110, "worrying"))
"""The solo long game's innkeeper rating: the first rung whose floor is reached."""

UNRATED = "unrated"
"""The rating of a short solo game: the print's ladder is « En partie longue » only."""


def rating(wealth_f: int, lost: bool = False) -> str:
    """The solo innkeeper rating for a final wealth.

    >>> rating(112), rating(170), rating(90), rating(150, lost=True)
    ('worrying', 'demonic', 'harmless', 'lost')
    """
    if lost:
        return "lost"
    return next((name for floor, name in RATINGS if wealth_f >= floor), "harmless")


def make_config(players: int | None, options: Mapping[str, Any]) -> Config:
    """Check the options of a new game; raise :class:`ConfigError` naming what is allowed."""
    known = {"length", "first_player", "unlimited_wealth", "first_come_first_served"}
    unknown = sorted(set(options) - known)
    if unknown:
        raise ConfigError(str(N("unknown option {unknown}; The Bloody Inn knows {known}",
                                "unknown options {unknown}; The Bloody Inn knows {known}",
                                len(unknown), unknown=unknown, known=sorted(known))))  # fmt: skip
    players = 2 if players is None else players
    if not isinstance(players, int) or not 1 <= players <= 4:
        raise ConfigError(str(M("players must be 1 to 4, not {players}", players=repr(players))))
    length = options.get("length", "long")
    if length not in LENGTHS:
        raise ConfigError(
            str(M("length must be 'short' or 'long', not {length}", length=repr(length)))
        )
    first = options.get("first_player", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < players:
        raise ConfigError(str(M("first_player must be 0 to {last}, not {first}",
                                last=players - 1, first=repr(first))))  # fmt: skip
    flags = {}
    for name in ("unlimited_wealth", "first_come_first_served"):
        value = options.get(name, False)
        if not isinstance(value, bool):
            raise ConfigError(str(M("{name} must be True or False, not {value}",
                                    name=name, value=repr(value))))  # fmt: skip
        flags[name] = value
    return Config(players=players, length=length, first_player=first, **flags)


RATING_TERMS: dict[str, Term] = {
    "demonic": Term(PACKAGE, (form("rating:name", "demonic innkeeper"),)),
    "evil": Term(PACKAGE, (form("rating:name", "evil innkeeper"),)),
    "dangerous": Term(PACKAGE, (form("rating:name", "dangerous innkeeper"),)),
    "worrying": Term(PACKAGE, (form("rating:name", "worrying innkeeper"),)),
    "harmless": Term(PACKAGE, (form("rating:name", "harmless innkeeper"),)),
}
"""The solo ratings as a learner reads them ("aubergiste inquiétant")."""


def result_messages(state: State, winners: Sequence[int]) -> list[Message]:
    """The result in sentences: the verdict, then one line per seat with its wealth.

    >>> from gamekit.titles.bloody_inn.flow import initial_state
    >>> s = initial_state(Config(players=2), seed=1)
    >>> [str(m) for m in result_messages(s, [0, 1])][0]
    'Player 1 and Player 2 share the win with 15F and 0 corpses each under their own annexes.'
    """
    lines: list[Message] = []
    if state.players == 1:
        money = wealth(state, 0)
        if state.lost:
            lines.append(
                M("{seat} loses: an unburied corpse was found (Ruling I10).", seat=Seat(0))
            )
        elif state.long:
            lines.append(
                M(
                    "{seat} ends with {wealth}F: {rating}.",
                    seat=Seat(0),
                    wealth=money,
                    rating=RATING_TERMS[rating(money)],
                )
            )
        else:
            lines.append(
                M(
                    "{seat} ends the short game with {wealth}F (the print rates the long game "
                    "only).",
                    seat=Seat(0),
                    wealth=money,
                )
            )
    elif len(winners) == 1:
        best = wealth(state, winners[0])
        tied = [s for s in range(state.players) if wealth(state, s) == best]
        if len(tied) > 1:
            lines.append(
                M(
                    "{seat} wins with {wealth}F, tied with {others} but ahead on corpses: "
                    "{corpses} under their own annexes.",
                    seat=Seat(winners[0]),
                    wealth=best,
                    others=seats(s for s in tied if s != winners[0]),
                    corpses=under_own(state, winners[0]),
                )
            )
        else:
            lines.append(M("{seat} wins with {wealth}F.", seat=Seat(winners[0]), wealth=best))
    elif winners:
        lines.append(
            N(
                "{seats} share the win with {wealth}F and {corpses} corpse each under "
                "their own annexes.",
                "{seats} share the win with {wealth}F and {corpses} corpses each under "
                "their own annexes.",
                under_own(state, winners[0]),
                seats=seats(winners),
                wealth=wealth(state, winners[0]),
                corpses=under_own(state, winners[0]),
            )
        )
    for seat in range(state.players):
        lines.append(
            N(
                "{seat}: {wealth}F ({cash}F of cash and {cheques}), {corpses} corpse under "
                "their own annexes.",
                "{seat}: {wealth}F ({cash}F of cash and {cheques}), {corpses} corpses under "
                "their own annexes.",
                under_own(state, seat),
                seat=Seat(seat),
                wealth=wealth(state, seat),
                cash=state.cash[seat],
                cheques=N(
                    "{count} cheque",
                    "{count} cheques",
                    state.cheques[seat],
                    count=state.cheques[seat],
                ),  # fmt: skip
                corpses=under_own(state, seat),
            )
        )
    return lines


def _lodgings(state: State) -> list[Action]:
    """The ``place`` step: the open rooms without a traveller."""
    rooms, keys = state.rooms, state.keys  # flow.empty_rooms(state), inlined
    return [PLACE[r] for r in range(ROOMS) if rooms[r] == EMPTY and keys[r] != NO_KEY]


def _key_rooms(state: State) -> list[Action]:
    """The ``key`` step: the rooms without a key (Ruling I7)."""
    keys = state.keys
    return [PLACE_KEY[r] for r in range(ROOMS) if keys[r] == NO_KEY]


def _dismissals(state: State) -> list[Action]:
    """The ``wages`` step: one card of each kind of the hand may leave (Ruling I6)."""
    return [DISMISS[c] for c in distinct_kinds(state.hands[state.seat])]


def _fine_means(state: State) -> list[Action]:
    """The ``fine`` step: cash or a cheque (Ruling I9)."""
    return list(PAY_FINE)


def _none(state: State) -> list[Action]:
    """The game is over: no decision."""
    return []


LEGAL_AT: dict[str, Callable[[State], list[Action]]] = {
    "act": night.act_choices,
    "place": _lodgings,
    "target": night.target_choices,
    "pay": night.pay_choices,
    "launder": night.launder_choices,
    "site": night.site_choices,
    "wages": _dismissals,
    "fine": _fine_means,
    "service": night.service_choices,
    "keyroom": night.key_room_choices,
    "key": _key_rooms,
}
"""The step to decide (``State.step``) -> its legal actions."""


class BloodyInnRules(Rules[State]):
    """The Bloody Inn, for the engine."""

    title = "bloody-inn"
    name = form("title", "The Bloody Inn")[1]  # L'Auberge sanglante in French: display_name()
    min_players, max_players, default_players = 1, 4, 2
    action_types = ACTION_TYPES
    legacy_kinds = LEGACY_KINDS
    may_end_without_winner = True  # a lost solo game (Ruling I10)
    names_seats = True
    search_defaults = SearchDefaults(budget=5000)
    rulings = {
        "I1": Text(M("seat 0 (Player 1) starts; the first-player card passes left each round")),
        "I2": Text(M("reshuffle once; the second empty entrance pile makes the last round")),
        "I3": Text(M("laundering goes one way per pass and needs a cheque in the reserve")),
        "I4": Text(M("Workshop, Parlor and Cellar discounts stack down to 0")),
        "I5": Text(M("several targets cost the sum of their ranks")),
        "I6": Text(M("short of cash for wages, the player chooses who leaves")),
        "I7": Text(M("keys chosen from the first player; white keys on the lowest free rooms")),
        "I8": Text(M("a discount counts once per action")),
        "I9": Text(M("the payer of a fine chooses cash or a cheque for each 10F")),
        "I10": Text(M("solo: an unburied corpse at a police check or the end loses")),
        "I11": Text(M("Room Service token on an open room without one")),
        "I12": Text(M("Gardens pay 2F every morning")),
        "I13": Text(M("unlimited wealth: the Greenhouse pays 3F per 10F held")),
    }

    # -- set-up ---------------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        return make_config(players, options)

    def options_schema(self) -> list[dict[str, Any]]:
        """Length (short or long), the first player and the two variants."""
        return [
            {"name": "length", "label": str(M("Length")), "kind": "choice",
             "choices": sorted(LENGTHS), "default": "long"},
            {"name": "first_player", "label": str(M("First player (seat, from 0)")),
             "kind": "int", "min": 0, "max": self.max_players - 1, "default": 0},
            {"name": "unlimited_wealth", "label": str(M("Unlimited wealth (no 40F cap)")),
             "kind": "bool", "default": False},
            {"name": "first_come_first_served", "label": str(M("First come, first served")),
             "kind": "bool", "default": False},
        ]  # fmt: skip

    def initial_state(self, config: Config, seed: int) -> State:
        return flow.initial_state(config, seed)

    # -- play ------------------------------------------------------------------------
    def to_move(self, state: State) -> int | None:
        return None if state.step == "over" else state.seat

    def legal_actions(self, state: State) -> list[Action]:
        """The legal actions, in a stable order: the interned objects of ``actions``."""
        return LEGAL_AT.get(state.step, _none)(state)

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        """Apply a legal action: its move by type (``random_play.MOVES``)."""
        move = random_play.MOVES.get(type(action))
        if move is None:  # a subclass of an action type
            found = (m for kind, m in random_play.MOVES.items() if isinstance(action, kind))
            move = next(found, None)
        if move is None:
            raise TypeError(f"not an action of The Bloody Inn: {action!r}")
        move(state, action, log)

    def play_at_random(self, state: State, choices: Sequence[Choice]) -> int:
        """Random games in the title's own loop (``random_play``): the same games."""
        return random_play.play_at_random(state, choices, LEGAL_AT)

    def why_illegal(self, state: State, action: Action) -> str:
        from gamekit.titles.bloody_inn.why import why_illegal

        return why_illegal(state, action)

    def describe(self, state: State, action: Action) -> str:
        from gamekit.titles.bloody_inn.why import describe

        return describe(state, action)

    def action_text(self, state: State, action: Action) -> str:
        """A guest targeted in a room says which room: two Newsboys never read alike."""
        if isinstance(action, Target) and action.card in state.rooms:
            where = M(
                "Target {card:the} in room {room} (rank {rank})",
                card=card_term(action.card),
                room=state.rooms.index(action.card) + 1,
                rank=RANK[action.card],
            )
            return str(where)
        return str(action)

    # -- results ----------------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        return state.step == "over"

    def scores(self, state: State) -> list[Score]:
        return [wealth(state, seat) for seat in range(state.players)]

    def recount(self, state: State) -> list[Score]:
        """Wealth recounted from the cheque tiles and the cash track, checking the bounds."""
        cheque_total = sum(state.cheques)
        if cheque_total + reserve(state) != 30 or min(state.cheques) < 0:
            return [-1] * state.players
        out: list[Score] = []
        for seat in range(state.players):
            cash = state.cash[seat]
            if cash < 0 or (cash > 40 and not state.unlimited):
                out.append(-1)
                continue
            out.append(cash + sum(10 for _ in range(state.cheques[seat])))
        return out

    def result_lines(self, state: State) -> list[str]:
        """Who won and why (wealth, then corpses under one's own annexes), then every
        innkeeper's wealth: cash and cheques (the solo game: the rating, Ruling I10)."""
        return [str(line) for line in result_messages(state, self.winners(state))]

    def winners(self, state: State) -> list[int]:
        if state.step != "over" or state.lost:
            return []
        best = max((wealth(state, s), under_own(state, s)) for s in range(state.players))
        return [s for s in range(state.players) if (wealth(state, s), under_own(state, s)) == best]

    def round_of(self, state: State) -> int:
        """The round the game is in (1 for the first)."""
        return state.round

    def summary(self, state: State) -> list[dict[str, Any]]:
        out = []
        for seat in range(state.players):
            row: dict[str, Any] = {
                "wealth": wealth(state, seat),
                "cash": state.cash[seat],
                "cheques": state.cheques[seat],
                "corpses_buried": state.buried_by[seat],
                "annexes_built": len(state.annexes[seat]),
            }
            if state.players == 1:
                row["lost"] = state.lost
                row["rating"] = (
                    rating(wealth(state, seat), state.lost) if state.long or state.lost else UNRATED
                )
            out.append(row)
        return out

    # -- information --------------------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        s = state
        return {
            "seat": seat,
            "to_move": self.to_move(s),
            "step": s.step,
            "action": s.act,
            "targets": s.targets[:],
            "paying": s.table[:],
            "due": s.due,
            "round": s.round,
            "turn": s.turn,
            "first_player": s.first,
            "hand": sorted(s.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in s.hands],
            "entrance_top": s.entrance[-1] if s.entrance else None,
            "entrance_size": len(s.entrance),
            "removed_size": len(s.removed),
            "exhausted": s.exhausted,
            "last_round": s.last_round,
            "exit": s.exit[:],
            "bistro": s.bistro[:],
            "box": s.box[:],
            "gone": s.gone[:],
            "rooms": s.rooms[:],
            "keys": s.keys[:],
            "service": s.service[:],
            "corpses": [c[:] for c in s.corpses],
            "annexes": [a[:] for a in s.annexes],
            "buried": {str(k): v[:] for k, v in sorted(s.buried.items())},
            "cash": s.cash[:],
            "cheques": s.cheques[:],
            "reserve": reserve(s),
            "unlimited_wealth": s.unlimited,
            "lost": s.lost,
        }

    def state_dict(self, state: State) -> dict[str, Any]:
        return state_dict(state)

    def copy_state(self, state: State) -> State:
        return copy_state(state)

    # -- conformance hooks -------------------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        s = state
        places: dict[str, Sequence[int]] = {
            "entrance": s.entrance,
            "exit": s.exit,
            "removed": s.removed,
            "box": s.box,
            "gone": s.gone,
            "bistro": s.bistro,
            "table": s.table,
            "rooms": [c for c in s.rooms if c != EMPTY],
        }
        for seat in range(s.players):
            places[f"hand{seat}"] = s.hands[seat]
            places[f"corpses{seat}"] = s.corpses[seat]
            places[f"annexes{seat}"] = s.annexes[seat]
        for annex, corpses in s.buried.items():
            places[f"under{annex}"] = corpses
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        return ALL_CARDS

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal other hands, the entrance pile below its top and the removed cards.

        Peasants never leave the hands for a pile, and a card announced as the
        target of a Build stays in its hand.
        """
        return self._redeal(state, seat, rng, canonical=False)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """The same re-deal from the hidden cards in sorted order, with a fresh seed for
        the later reshuffle: the guess depends on the view only."""
        out = self._redeal(state, seat, rng, canonical=True)
        out.seed = rng.below(1 << 62)
        return out

    def _redeal(self, state: State, seat: int | None, rng: Rng, canonical: bool) -> State:
        out = copy_state(state)
        others = [i for i in range(out.players) if i != seat]
        kept = set(out.targets)
        hand_cards = [c for i in others for c in out.hands[i] if c not in kept]
        peasants = [c for c in hand_cards if IS_PEASANT[c]]
        travellers = [c for c in hand_cards if not IS_PEASANT[c]]
        below = out.entrance[:-1]
        travellers += below + out.removed
        if canonical:
            peasants.sort()
            travellers.sort()
        rng.shuffle(travellers)
        in_hands = peasants + travellers[: len(hand_cards) - len(peasants)]
        rest = travellers[len(in_hands) - len(peasants) :]
        rng.shuffle(in_hands)
        for i in others:
            keep = [c for c in out.hands[i] if c in kept]
            n = len(out.hands[i]) - len(keep)
            out.hands[i], in_hands = keep + in_hands[:n], in_hands[n:]
        out.entrance[:-1] = rest[: len(below)]
        out.removed = rest[len(below) :]
        return out


RULES = BloodyInnRules()

__all__ = ["RULES", "UNRATED", "BloodyInnRules", "Config", "State", "make_config", "rating"]
