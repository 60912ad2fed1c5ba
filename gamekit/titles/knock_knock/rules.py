"""Knock! Knock! (Toc Toc Toc), by Bruno Faidutti and Gwenaël Bouquin: 3 to 5 players.

Each player hosts a Halloween party. On your turn you lay a card from your hand
face down at another player's door; they open (and take it) or keep the door
closed (and you take it yourself). Guests join the party that takes them; vamps,
kids and hearse taxis steal or chase guests away. Most points wins.

Rulings implemented here (see ``docs/rules/knock-knock.md``):

- **K1** the deck has 55 cards (:data:`CATALOGUE`).
- **K2** the *competitor* of a revealed card is the other player of that knock.
- **K3** kids and hearse taxis take the revealer's largest unprotected folk; on a
  tie the competitor chooses the folk.
- **K4** a card whose effect cannot apply does nothing and is discarded.
- **K5** cards drawn from a face-up deck are known to all until played; the
  knocked card is known to the knocker only.
- **K6** equal highest scores share the win.
- **K7** a choice with a single possible answer (one kind of guest for a vamp,
  one largest folk for a kid or taxi) is made at once, without asking.

The modules: ``cards`` (kinds, the 55 cards, party arithmetic), ``actions`` (the
action types, each action built once), ``state`` (config, state, who decides),
``effects`` (what each move and card does), ``why`` (refusals and previews) and
here the ``Rules`` the engine calls.

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=3, seed=7)
>>> g.view(0)["deck_size"], len(g.view(0)["hand"]), g.view(0)["decision"]
(31, 5, 'knock')
>>> str(g.legal_actions()[0]).startswith("Knock at Player 2's door with a")
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamekit.core.actions import Action
from gamekit.core.errors import ConfigError
from gamekit.core.i18n import Text, form
from gamekit.core.names import SEATS
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules, Score, SearchDefaults, points_message
from gamekit.titles.knock_knock import effects
from gamekit.titles.knock_knock.actions import (
    ACTION_TYPES,
    ANSWERS,
    CHOICES,
    DECLINE,
    KNOCKS,
    LEGACY_KINDS,
    OPEN,
    TAKES,
    ChooseFolk,
    Decline,
    Knock,
    Open,
    TakeGuest,
)
from gamekit.titles.knock_knock.cards import (
    BRUTE,
    CARD_NAMES,
    CATALOGUE,
    COPIES,
    DECK_SIZE,
    FIRST_GUESTS,
    FOLK_PLURALS,
    FOLKS,
    GUEST,
    HAND_SIZE,
    KID,
    KIND_INDEX,
    KIND_NAMES,
    KIND_TYPES,
    MUSICIAN,
    SCARECROW,
    SCARECROW_KIND,
    TAXI,
    THREE_PLAYER_BOX,
    VAMP,
    Count,
    display,
    guests_text,
    kind_names,
    largest_unprotected_folks,
    party_score,
    score_parts,
    take_kind,
    term_of,
)
from gamekit.titles.knock_knock.effects import deal
from gamekit.titles.knock_knock.state import (
    ANSWER,
    CHOOSE_FOLK,
    KNOCK,
    OVER,
    PHASES,
    TAKE_GUEST,
    Config,
    State,
    copy_state,
    to_move,
)
from gamekit.titles.knock_knock.terms import M
from gamekit.titles.knock_knock.why import describe, why_illegal

__all__ = [
    "ANSWER", "ANSWERS", "BRUTE", "CARD_NAMES", "CATALOGUE", "CHOICES", "CHOOSE_FOLK",
    "COPIES", "DECK_SIZE", "DECLINE", "FIRST_GUESTS", "FOLKS", "FOLK_PLURALS", "GUEST",
    "HAND_SIZE", "KID", "KIND_INDEX", "KIND_NAMES", "KIND_TYPES", "KNOCK", "KNOCKS", "M",
    "MUSICIAN", "OPEN", "OVER", "PHASES", "RULES", "SCARECROW", "SCARECROW_KIND", "TAKES",
    "TAKE_GUEST", "TAXI", "THREE_PLAYER_BOX", "VAMP", "ChooseFolk", "Config", "Count",
    "Decline", "Knock", "KnockKnockRules", "Open", "State", "TakeGuest", "deal", "display",
    "guests_text", "kind_names", "largest_unprotected_folks", "party_score", "take_kind",
    "term_of",
]  # fmt: skip


class KnockKnockRules(Rules[State]):
    """Knock! Knock!: the public functions every game has, then one helper per effect."""

    title = "knock-knock"
    name = form("title", "Knock! Knock!")[1]  # "Toc Toc Toc" in French: display_name()
    min_players, max_players, default_players = 3, 5, 4
    action_types = ACTION_TYPES
    legacy_kinds = LEGACY_KINDS
    names_seats = True
    search_defaults = SearchDefaults(budget=9000, policy="greedy", lookahead=2)
    rulings = {
        "K1": Text(M("the deck has 55 cards")),
        "K2": Text(M("the competitor is the other player of the knock")),
        "K3": Text(
            M("kids and taxis take the largest unprotected folk; the competitor breaks ties")
        ),
        "K4": Text(M("a card whose effect cannot apply does nothing and is discarded")),
        "K5": Text(
            M(
                "cards drawn from a face-up deck are known until played; "
                "only the knocker knows the knocked card"
            )
        ),
        "K6": Text(M("equal highest scores share the win")),
        "K7": Text(M("a choice with only one possible answer is made without asking")),
    }

    # -- set-up ---------------------------------------------------------------
    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        """Check the player count (3 to 5) and the ``face_down_deck`` option."""
        unknown = sorted(set(options) - {"face_down_deck"})
        if unknown:
            raise ConfigError(
                str(
                    M(
                        "unknown options {unknown}; Knock! Knock! has: face_down_deck",
                        unknown=unknown,
                    )
                )
            )
        players = self.default_players if players is None else players
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 5:
            raise ConfigError(
                str(M("players must be 3 to 5, not {players}", players=repr(players)))
            )
        face_down = options.get("face_down_deck", False)
        if not isinstance(face_down, bool):
            raise ConfigError(
                str(M("face_down_deck must be True or False, not {value}", value=repr(face_down)))
            )
        return Config(players=players, face_down_deck=face_down)

    def options_schema(self) -> list[dict[str, Any]]:
        """One switch: the face-down deck variant."""
        return [
            {"name": "face_down_deck", "label": str(M("Face-down deck (its top card is hidden)")),
             "kind": "bool", "default": False},
        ]  # fmt: skip

    def initial_state(self, config: Config, seed: int) -> State:
        """The dealt table (see :func:`~gamekit.titles.knock_knock.effects.deal`)."""
        return effects.deal(config, seed)

    # -- play -----------------------------------------------------------------
    # The calls of every decision go straight to their functions (no extra call).
    to_move = staticmethod(to_move)
    apply = staticmethod(effects.apply)

    def legal_actions(self, state: State) -> list[Action]:
        """Knocks by card kind (catalogue order) then target seat; open before
        decline; guests and folks in catalogue order."""
        phase = state.phase
        if phase == KNOCK:
            row = KNOCKS[state.players][state.turn]
            out: list[Action] = []
            for kind in sorted({CATALOGUE[c] for c in state.hands[state.turn]}):
                out += row[kind]
            return out
        if phase == ANSWER:
            return [OPEN, DECLINE]
        if phase == TAKE_GUEST:
            return [TAKES[k] for k in state.options or ()]
        if phase == CHOOSE_FOLK:
            return [CHOICES[f] for f in state.options or ()]
        return []

    def why_illegal(self, state: State, action: Action) -> str:
        """Why ``action`` is not legal now, in plain words."""
        return str(why_illegal(state, action))

    def describe(self, state: State, action: Action) -> str:
        """A preview of ``action`` for the player deciding now."""
        return str(describe(state, action))

    # -- results --------------------------------------------------------------
    def is_over(self, state: State) -> bool:
        """True once no hand holds a card."""
        return state.phase == OVER

    def scores(self, state: State) -> list[Score]:
        """Running score per seat: 1 per folk guest (2 with its musician), 3 per scarecrow."""
        return effects.scores(state)

    def winners(self, state: State) -> list[int]:
        """Every seat with the highest score shares the win (Ruling K6)."""
        return effects.winners(state)

    def result_lines(self, state: State) -> list[str]:
        """Who won, then every seat's score explained: guests, the musicians' doubling and
        the scarecrows (3 each), as the rules count them (Ruling K6 for a shared win)."""
        lines = super().result_lines(state)[:1]
        for seat, party in enumerate(state.parties):
            guests, doubled, scarecrows = score_parts(party)
            text = M(
                "{seat} has {points}: {guests} for the guests, {doubled} more where a "
                "musician doubles its folk and {scarecrows} for the scarecrows (3 each).",
                seat=SEATS[seat],
                points=points_message(guests + doubled + scarecrows),
                guests=guests,
                doubled=doubled,
                scarecrows=scarecrows,
            )
            lines.append(str(text))
        return lines

    def summary(self, state: State) -> list[dict[str, Any]]:
        """Per seat: guests of each folk, brutes, musicians and scarecrows."""
        rows = []
        for party in state.parties:
            kinds = [CATALOGUE[c] for c in party]
            row: dict[str, Any] = {p: 0 for p in FOLKS}
            for k in kinds:
                if k < 9:
                    row[FOLKS[k % 3]] += 1
            row["brutes"] = sum(1 for k in kinds if KIND_TYPES[k] == BRUTE)
            row["musicians"] = sum(1 for k in kinds if KIND_TYPES[k] == MUSICIAN)
            row["scarecrows"] = kinds.count(KIND_INDEX["scarecrow"])
            rows.append(row)
        return rows

    # -- information ----------------------------------------------------------
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know: everything public, its own hand and knocked card."""
        names = KIND_NAMES
        show_top = state.deck and not state.face_down_deck
        scores = self.scores(state)
        over = state.phase == OVER
        best = max(scores)
        return {
            "seat": seat,
            "players": state.players,
            "to_move": self.to_move(state),
            "decision": PHASES[state.phase],
            "turn": state.turn,
            "hand": None if seat is None else kind_names(state.hands[seat]),
            "hand_sizes": [len(h) for h in state.hands],
            "known": [[names[k] for k in sorted(ks)] for ks in state.known],
            "face_down_deck": state.face_down_deck,
            "deck_size": len(state.deck),
            "deck_top": CARD_NAMES[state.deck[-1]] if show_top else None,
            "parties": [kind_names(p) for p in state.parties],
            "discard": [CARD_NAMES[c] for c in state.discard],
            "box": kind_names(state.box),
            "knock": self._knock_view(state, seat),
            "choice": self._choice_view(state),
            "scores": scores,
            "winners": [s for s, score in enumerate(scores) if score == best] if over else [],
        }

    def state_dict(self, state: State) -> dict[str, Any]:
        """The god view: every card id where it lies (the deck's top is last)."""
        return {
            "players": state.players,
            "face_down_deck": state.face_down_deck,
            "deck": list(state.deck),
            "hands": [list(h) for h in state.hands],
            "known": [[KIND_NAMES[k] for k in ks] for ks in state.known],
            "parties": [list(p) for p in state.parties],
            "discard": list(state.discard),
            "box": list(state.box),
            "turn": state.turn,
            "phase": PHASES[state.phase],
            "mover": state.mover,
            "knocked": state.knocked,
            "target": state.target,
            "revealer": state.revealer,
            "competitor": state.competitor,
            "effect": state.effect,
            "options": None if state.options is None else list(state.options),
        }

    def copy_state(self, state: State) -> State:
        """An independent copy."""
        return copy_state(state)

    # -- conformance hooks ----------------------------------------------------
    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        """Deck, hands, parties, the door, a card being resolved, discard and box."""
        places: dict[str, Sequence[int]] = {
            "deck": state.deck,
            "door": [state.knocked] if state.knocked >= 0 else [],
            "resolving": [state.effect] if state.effect >= 0 else [],
            "discard": state.discard,
            "box": state.box,
        }
        for seat in range(state.players):
            places[f"hand {seat}"] = state.hands[seat]
            places[f"party {seat}"] = state.parties[seat]
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        """Card ids 0 to 54 (Ruling K1)."""
        return range(DECK_SIZE)

    def recount(self, state: State) -> list[Score]:
        """Scores card by card, as a player adds them up at the end of the game."""
        totals: list[Score] = []
        for party in state.parties:
            names = [KIND_NAMES[CATALOGUE[c]] for c in party]
            total = 0
            for name in names:
                if name == "scarecrow":
                    total += 3
                elif name.split()[0] in FOLKS and not name.endswith("vamp"):
                    folk = name.split()[0]
                    total += 2 if f"{folk} musician" in names else 1
            totals.append(total)
        return totals

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """Re-deal what ``seat`` cannot see, keeping the cards known to all (K5)."""
        return self._redeal(state, seat, rng, canonical=False)

    def sample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        """The same re-deal from the hidden cards in sorted order: it depends on the view only.

        Card ids of one kind are interchangeable, so two states ``seat`` cannot
        tell apart give the same guess up to which copy of a kind sits where.
        """
        return self._redeal(state, seat, rng, canonical=True)

    def _redeal(self, state: State, seat: int | None, rng: Rng, canonical: bool) -> State:
        out = self.copy_state(state)
        others = [s for s in range(out.players) if s != seat]
        hidden_knock = out.knocked >= 0 and seat != out.turn
        top = out.deck[-1:] if not out.face_down_deck else []
        pool = [c for s in others for c in out.hands[s]] + out.deck[: len(out.deck) - len(top)]
        if hidden_knock:
            pool.append(out.knocked)
        if canonical:
            pool.sort()
        rng.shuffle(pool)
        reserved = {s: [take_kind(pool, k) for k in out.known[s]] for s in others}
        rng.shuffle(pool)  # taking known kinds from the front biased the order: re-deal uniformly
        for s in others:
            size = len(out.hands[s]) + (1 if hidden_knock and s == out.turn else 0)
            cards = reserved[s] + pool[: size - len(reserved[s])]
            del pool[: size - len(reserved[s])]
            rng.shuffle(cards)
            if hidden_knock and s == out.turn:
                out.knocked = cards.pop()
            out.hands[s] = cards
        out.deck = pool + top
        return out

    def _knock_view(self, state: State, seat: int | None) -> dict[str, Any] | None:
        if state.knocked < 0:
            return None
        card = KIND_NAMES[CATALOGUE[state.knocked]] if seat == state.turn else None
        return {"knocker": state.turn, "target": state.target, "card": card}

    def _choice_view(self, state: State) -> dict[str, Any] | None:
        if state.phase not in (TAKE_GUEST, CHOOSE_FOLK):
            return None
        names = KIND_NAMES if state.phase == TAKE_GUEST else FOLKS
        return {
            "card": KIND_NAMES[CATALOGUE[state.effect]],
            "revealer": state.revealer,
            "competitor": state.competitor,
            "options": [names[o] for o in state.options or ()],
        }


RULES = KnockKnockRules()
