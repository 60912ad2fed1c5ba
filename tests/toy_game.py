"""A tiny game used only to test the engine core ("Highest card").

Each of 2-3 players holds 2 hidden cards from a deck of 9 numbered 1-9; in turn
each plays one card face up onto their own pile; after two rounds the highest
pile total wins. Face-down cards left in the deck stay hidden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gamekit.core.actions import Action, Event
from gamekit.core.errors import ConfigError
from gamekit.core.rng import Rng
from gamekit.core.rules import Rules


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    kind = "play"
    card: int

    def __str__(self) -> str:
        return f"Play the {self.card}"


@dataclass(frozen=True)
class Config:
    players: int = 2


@dataclass
class State:
    deck: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    turn: int = 0


class ToyRules(Rules[State]):
    title = "toy"
    name = "Highest card"
    min_players, max_players, default_players = 2, 3, 2
    action_types = (PlayCard,)

    def make_config(self, players: int | None, options: Mapping[str, Any]) -> Config:
        if options:
            raise ConfigError(f"no options, got {sorted(options)}")
        players = self.default_players if players is None else players
        if not 2 <= players <= 3:
            raise ConfigError(f"players must be 2 to 3, not {players}")
        return Config(players)

    def initial_state(self, config: Config, seed: int) -> State:
        deck = Rng(seed).shuffled(range(1, 10))
        hands = [sorted(deck[2 * i : 2 * i + 2]) for i in range(config.players)]
        return State(deck[2 * config.players :], hands, [[] for _ in hands])

    def setup_events(self, state: State) -> list[Event]:
        return [Event(f"{len(state.hands)} hands of 2 are dealt.", "deal")]

    def to_move(self, state: State) -> int | None:
        return None if self.is_over(state) else state.turn % len(state.hands)

    def legal_actions(self, state: State) -> list[Action]:
        seat = self.to_move(state)
        return [] if seat is None else [PlayCard(c) for c in state.hands[seat]]

    def apply(self, state: State, action: Action, log: list[Event] | None) -> None:
        assert isinstance(action, PlayCard)
        seat = state.turn % len(state.hands)
        state.hands[seat].remove(action.card)
        state.piles[seat].append(action.card)
        state.turn += 1
        if log is not None:
            log.append(Event(f"Player {seat} plays the {action.card}.", "play", None, seat))

    def is_over(self, state: State) -> bool:
        return not any(state.hands)

    def scores(self, state: State) -> list[int | float]:
        return [sum(p) for p in state.piles]

    def winners(self, state: State) -> list[int]:
        if not self.is_over(state):
            return []
        best = max(self.scores(state))
        return [i for i, s in enumerate(self.scores(state)) if s == best]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "hand": sorted(state.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in state.hands],
            "piles": [list(p) for p in state.piles],
            "deck_size": len(state.deck),
            "to_move": self.to_move(state),
        }

    def state_dict(self, state: State) -> dict[str, Any]:
        return {"deck": state.deck, "hands": state.hands, "piles": state.piles, "turn": state.turn}

    def copy_state(self, state: State) -> State:
        return State(
            list(state.deck),
            [list(h) for h in state.hands],
            [list(p) for p in state.piles],
            state.turn,
        )

    def card_places(self, state: State) -> Mapping[str, Sequence[int]]:
        places: dict[str, Sequence[int]] = {"deck": state.deck}
        for i, (hand, pile) in enumerate(zip(state.hands, state.piles, strict=True)):
            places[f"hand{i}"], places[f"pile{i}"] = hand, pile
        return places

    def all_cards(self, state: State) -> Sequence[int]:
        return range(1, 10)

    def resample_hidden(self, state: State, seat: int | None, rng: Rng) -> State:
        out = self.copy_state(state)
        others = [i for i in range(len(out.hands)) if i != seat]
        pool = out.deck + [c for i in others for c in out.hands[i]]
        rng.shuffle(pool)
        for i in others:
            n = len(out.hands[i])
            out.hands[i], pool = sorted(pool[:n]), pool[n:]
        out.deck = pool
        return out


RULES = ToyRules()
