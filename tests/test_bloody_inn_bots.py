"""The Bloody Inn's innkeeper bot: it beats random play and decides from its view only."""

from __future__ import annotations

import gamekit
from gamekit import bots
from gamekit.core.lean import play_out
from gamekit.core.rng import Rng

RULES = gamekit.rules_for("bloody-inn")


def innkeeper_share(players: int, games: int) -> float:
    """The innkeeper's share of wins against random bots (shared wins split)."""
    config = RULES.make_config(players, {})
    won = 0.0
    for seed in range(games):
        seat = seed % players
        table = [
            bots.make("bloody-inn", "innkeeper" if i == seat else "random", seed=seed * 7 + i)
            for i in range(players)
        ]
        winners = RULES.winners(play_out(RULES, config, seed, table).state)
        if seat in winners:
            won += 1 / len(winners)
    return won / games


def test_innkeeper_is_listed() -> None:
    assert bots.available("bloody-inn") == ["innkeeper", "random"]


def test_innkeeper_beats_random_bots_widely() -> None:
    assert innkeeper_share(2, 80) >= 0.85  # fair share 0.5
    assert innkeeper_share(4, 40) >= 0.6  # fair share 0.25


def test_innkeeper_solo_does_better_than_random_solo() -> None:
    config = RULES.make_config(1, {})
    smart = [
        RULES.scores(play_out(RULES, config, s, [bots.make("bloody-inn", "innkeeper")]).state)[0]
        for s in range(30)
    ]
    rand = []
    for s in range(30):
        state = play_out(RULES, config, s, [bots.make("bloody-inn", "random", seed=s)]).state
        rand.append(0 if state.lost else RULES.scores(state)[0])
    assert sum(smart) > 2 * sum(rand)


def test_innkeeper_decides_from_its_view_only() -> None:
    game = gamekit.new_game("bloody-inn", players=3, seed=9)
    bot = bots.make("bloody-inn", "innkeeper")
    rng = Rng(4)
    while not game.is_over:
        seat = game.to_move
        hidden = RULES.resample_hidden(game._state, seat, rng)
        other = bot.act(RULES.view(hidden, seat), RULES.legal_actions(hidden))
        chosen = bot.choose(game)
        assert chosen == other
        game.play(chosen)
