"""The per-seat payload: what one seat may see, shared by the local table and the rooms."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.core.game import Game
from gamekit.core.rng import Rng
from gamekit.rooms.payload import GOD, seat_payload

TITLES = sorted(gamekit.all_titles())


def _played(title: str, seed: int) -> list[Game]:
    """Every position of one seeded random game (copies), first to last."""
    game = gamekit.new_game(title, seed=seed)
    players = [bots.make(title, "random", seed=seed * 10 + s) for s in range(game.players)]
    positions = [game.copy()]
    while not game.is_over:
        game.play(players[game.to_move or 0].choose(game))
        positions.append(game.copy())
    return positions


def _twin(game: Game, seat: int, seed: int) -> Game:
    """The same game with everything ``seat`` cannot see dealt again."""
    twin = game.copy()
    twin._state = game.rules.resample_hidden(game.state, seat, Rng(seed))
    twin._legal = None
    return twin


def _bytes(payload: dict[str, Any]) -> bytes:
    return json.dumps(payload, sort_keys=True).encode()


@pytest.mark.parametrize("title", TITLES)
def test_a_seat_payload_holds_its_view_and_its_legal_moves_only(title: str) -> None:
    for game in _played(title, seed=3):
        for seat in [None, *range(game.players)]:
            payload = seat_payload(game, seat)
            assert payload["view"] == game.view(seat)
            assert "seed" not in payload and payload["seat_views"] == []
            decides = seat is not None and seat == game.to_move
            assert bool(payload["legal"]) == decides
            if decides:
                assert [r["action"] for r in payload["legal"]] == [
                    a.to_json() for a in game.legal_actions()
                ]
            assert ("record" in payload) == game.is_over


@pytest.mark.parametrize("title", TITLES)
def test_twin_games_differing_in_other_hands_give_a_seat_the_same_bytes(title: str) -> None:
    differed = 0
    for number, game in enumerate(_played(title, seed=5)):
        if game.is_over:
            continue
        for seat in range(game.players):
            twin = _twin(game, seat, seed=number * 7 + seat)
            differed += twin.state_dict() != game.state_dict()
            assert _bytes(seat_payload(twin, seat)) == _bytes(seat_payload(game, seat))
    assert differed > 0  # the twins did hide something different


def test_the_god_payload_holds_the_state_and_every_view() -> None:
    game = gamekit.new_game("hats", players=3, seed=2)
    payload = seat_payload(game, None, god=True)
    assert payload["seat"] == GOD and payload["view"] == game.state_dict()
    assert payload["seat_views"] == [game.view(s) for s in range(3)]
    assert len(payload["legal"]) == len(game.legal_actions())


def test_narration_since_a_step_holds_those_steps_only() -> None:
    game = _played("knock-knock", seed=4)[12]
    rows = seat_payload(game, 1, since=10)["narration"]
    assert rows and {row["step"] for row in rows} <= {10, 11, 12}
    everything = seat_payload(game, 1, since=0)["narration"]
    assert everything[-len(rows) :] == rows


def test_memory_mode_covers_the_old_visions_in_the_payload() -> None:
    game = _played("boo-party", seed=1)[-2]
    shown = seat_payload(game, 1, memory=True)["view"]["visions"]
    assert shown[:-1] == [None] * (len(shown) - 1) and shown[-1] is not None


def test_the_finished_payload_tells_scores_winners_and_the_record() -> None:
    game = _played("bloody-inn", seed=2)[-1]
    payload = seat_payload(game, 0)
    assert payload["winners"] == game.winners() and payload["scores"] == game.scores()
    assert gamekit.load_game(payload["record"]).to_json() == game.to_json()
    assert payload["result"]
