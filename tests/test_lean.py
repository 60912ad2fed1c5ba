"""The lean simulation path plays exactly the games the full API plays."""

from __future__ import annotations

import json

import pytest

import gamekit
from gamekit import bots
from gamekit.core.lean import play_out, play_out_at_random
from gamekit.core.rng import KeyedRng


def _bots(title: str, players: int, seed: int) -> list[bots.Bot]:
    names = bots.available(title)
    return [
        bots.make(title, names[(seat + seed) % len(names)], seed=seed * 10 + seat)
        for seat in range(players)
    ]


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_lean_path_plays_the_same_games_as_the_full_api(title: str) -> None:
    rules = gamekit.rules_for(title)
    for seed in range(30):
        game = gamekit.new_game(title, seed=seed)
        players = _bots(title, game.players, seed)
        while not game.is_over:
            game.play(players[game.to_move].choose(game))  # type: ignore[index]
        lean = play_out(rules, game.config, seed, _bots(title, game.players, seed), record=True)
        assert lean.actions == list(game.history), f"{title} seed {seed}: other actions"
        assert lean.decisions == game.step
        assert json.loads(json.dumps(rules.state_dict(lean.state))) == game.state_dict()


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_random_bots_play_the_same_games_on_the_lean_path(title: str) -> None:
    # Random bots only: play_out draws their moves itself (their rng's choice).
    rules = gamekit.rules_for(title)
    for seed in range(20):
        game = gamekit.new_game(title, seed=seed)
        players = [bots.make(title, "random", seed=seed + s) for s in range(game.players)]
        while not game.is_over:
            game.play(players[game.to_move].choose(game))  # type: ignore[index]
        seats = [bots.make(title, "random", seed=seed + s) for s in range(game.players)]
        lean = play_out(rules, game.config, seed, seats, record=True)
        assert lean.actions == list(game.history), f"{title} seed {seed}: other actions"
        assert json.loads(json.dumps(rules.state_dict(lean.state))) == game.state_dict()


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_a_titles_own_random_loop_plays_the_same_games(title: str) -> None:
    # Without a record, a title may play random games in its own loop (Hats and Boo Party! do).
    rules = gamekit.rules_for(title)
    for players in range(rules.min_players, rules.max_players + 1):
        config = rules.make_config(players, {})
        for seed in range(12):
            keys = [seed * 10 + seat for seat in range(players)]
            recorded = play_out_at_random(rules, config, seed, [*map(KeyedRng, keys)], True)
            played = play_out_at_random(rules, config, seed, [*map(KeyedRng, keys)])
            assert played.decisions == recorded.decisions == len(recorded.actions)
            assert rules.state_dict(played.state) == rules.state_dict(recorded.state)


INN_VARIANTS = [
    {"length": "short"},
    {"unlimited_wealth": True},
    {"first_come_first_served": True},
    {"first_player": 1, "length": "short", "unlimited_wealth": True},
]


@pytest.mark.parametrize("options", INN_VARIANTS, ids=lambda o: ",".join(o))
def test_the_bloody_inns_own_random_loop_plays_the_same_games_in_its_variants(
    options: dict[str, object],
) -> None:
    # The Inn's loop (random_play) looks moves up by type and lists by step: every
    # variant's steps (fines, Room Service, white keys, the last round) must match.
    rules = gamekit.rules_for("bloody-inn")
    for players in (2, 3, 4):
        config = rules.make_config(players, options)
        for seed in range(8):
            keys = [seed * 7 + seat for seat in range(players)]
            recorded = play_out_at_random(rules, config, seed, [*map(KeyedRng, keys)], True)
            played = play_out_at_random(rules, config, seed, [*map(KeyedRng, keys)])
            assert played.decisions == recorded.decisions == len(recorded.actions)
            assert rules.state_dict(played.state) == rules.state_dict(recorded.state)
