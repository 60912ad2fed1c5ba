"""The generic search bot, the samplers it relies on, and the bot ladder (names, "best")."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.core.errors import GamekitError, NoSampler
from gamekit.core.lean import play_out
from gamekit.core.rng import KeyedRng, Rng
from gamekit.search import SearchBot, halve, reward

SMALL = 300
"""A budget small enough for quick tests (simulated decisions per decision)."""
PLAYERS = {"knock-knock": 4, "hats": 2, "boo-party": 4, "bloody-inn": 2}


def positions(title: str, games: int = 3, every: int = 5) -> list[tuple[Any, int]]:
    """(state, seat to move) every few random moves of a few games."""
    rules = gamekit.rules_for(title)
    config = rules.make_config(PLAYERS[title], {})
    found = []
    for seed in range(games):
        state = rules.initial_state(config, seed)
        rng = KeyedRng(seed)
        step = 0
        while (seat := rules.to_move(state)) is not None:
            if step % every == 0:
                found.append((rules.copy_state(state), seat))
            legal = rules.legal_actions(state)
            rules.apply(state, legal[rng.below(len(legal))], None)
            step += 1
    return found


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_the_sampler_keeps_the_view_and_reads_nothing_else(title: str) -> None:
    rules = gamekit.rules_for(title)
    for i, (state, seat) in enumerate(positions(title)):
        guess = rules.sample_hidden(state, seat, Rng(i))
        assert rules.view(guess, seat) == rules.view(state, seat)
        twin = rules.resample_hidden(state, seat, Rng(1000 + i))
        assert rules.view(twin, seat) == rules.view(state, seat)
        other = rules.sample_hidden(twin, seat, Rng(i))
        assert rules.state_dict(other) == rules.state_dict(guess), f"{title}: step {i}"


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_search_decides_from_its_own_view_only(title: str) -> None:
    rules = gamekit.rules_for(title)
    for i, (state, seat) in enumerate(positions(title, games=2, every=9)):
        twin = rules.resample_hidden(state, seat, Rng(7 + i))
        legal = rules.legal_actions(state)
        assert rules.legal_actions(twin) == legal
        one = SearchBot(seed=i, budget=SMALL).act_on_state(rules, state, legal)
        two = SearchBot(seed=i, budget=SMALL).act_on_state(rules, twin, legal)
        assert one == two, f"{title}: the hidden cards changed the decision at step {i}"


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_search_plays_legal_moves_reproducibly_on_both_paths(title: str) -> None:
    rules = gamekit.rules_for(title)
    game = gamekit.new_game(title, players=PLAYERS[title], seed=4)
    lineup = ["search", *["random"] * (game.players - 1)]
    seats = [bots.make(title, name, seed=s, **_small(name)) for s, name in enumerate(lineup)]
    while not game.is_over:
        action = seats[game.to_move].choose(game)  # type: ignore[index]
        assert action in game.legal_actions()
        game.play(action)
    again = [bots.make(title, name, seed=s, **_small(name)) for s, name in enumerate(lineup)]
    lean = play_out(rules, game.config, 4, again, record=True)
    assert lean.actions == list(game.history)


def _small(name: str) -> dict[str, Any]:
    return {"budget": SMALL} if name == "search" else {}


def test_search_needs_the_state_not_a_view() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    with pytest.raises(GamekitError, match="choose"):
        SearchBot().act(game.view(0), game.legal_actions())


def test_search_options_are_checked() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchBot(budget=0)
    with pytest.raises(ValueError, match="time_limit"):
        SearchBot(time_limit=-1.0)
    with pytest.raises(ValueError, match="policy"):
        SearchBot(policy="search")


def test_rollouts_guided_by_a_title_bot_still_play_legal_moves() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=6)
    seats = [
        SearchBot(seed=s, budget=SMALL, policy="greedy", lookahead=2, depth=4) for s in range(3)
    ]
    while not game.is_over:
        action = seats[game.to_move].choose(game)  # type: ignore[index]
        assert action in game.legal_actions()
        game.play(action)


def test_a_time_limit_still_gives_a_legal_move() -> None:
    game = gamekit.new_game("hats", players=2, seed=3)
    bot = SearchBot(seed=1, budget=10**9, time_limit=0.01)
    assert bot.choose(game) in game.legal_actions()


def test_a_title_without_a_sampler_gets_a_clear_error(toy_title: str) -> None:
    with pytest.raises(NoSampler, match="sample_hidden"):
        bots.make(toy_title, "search")
    game = gamekit.new_game(toy_title, seed=1)
    with pytest.raises(NoSampler, match="Highest card has no sampler"):
        SearchBot(budget=SMALL).choose(game)
    assert bots.names(toy_title) == ["random", "search"]


def test_names_go_from_weakest_to_strongest() -> None:
    assert bots.names("knock-knock") == ["random", "greedy", "search", "planner"]
    assert bots.names("hats") == ["random", "greedy", "search"]
    for title in gamekit.TITLES:
        ladder = bots.names(title)
        assert ladder[0] == "random" and "search" in ladder
        assert set(bots.available(title)) <= set(ladder)
        assert bots.best(title) in ladder


def test_best_is_an_alias_with_the_titles_parameters() -> None:
    assert isinstance(bots.make("hats", "best", seed=1), SearchBot)
    planner = bots.make("knock-knock", "best", seed=1, ahead=0.5)  # Knock! Knock!'s planner
    assert (planner.name, getattr(planner, "ahead", None)) == ("planner", 0.5)
    memory = bots.make("boo-party", "best", seed=1, p=0.5, k=2)  # Boo Party!'s memory bots
    assert (getattr(memory, "p", None), getattr(memory, "k", None)) == (0.5, 2)
    with pytest.raises(ValueError, match="best"):
        bots.make("hats", "strongest")


def test_simulate_names_the_bot_best_stands_for() -> None:
    table = gamekit.simulate(
        "hats", games=1, players=2, bots=[("best", {"budget": 50}), "random"], workers=1
    )
    assert list(table.bot) == ["search(budget=50)", "random"]


def test_demo_is_the_search_bot_at_the_titles_demo_budget() -> None:
    demo = bots.make("hats", "demo", seed=1)
    assert isinstance(demo, SearchBot) and demo.budget == bots.demo_budget("hats") == 1500
    assert gamekit.rules_for("hats").search_defaults.budget == 4500
    assert bots.make("hats", "demo", seed=1, budget=60).budget == 60  # an explicit budget wins
    full = gamekit.rules_for("knock-knock").search_defaults
    assert bots.demo_budget("knock-knock") == (full.demo_budget or full.budget)
    assert "demo" not in bots.names("hats")  # an alias, like "best"
    with pytest.raises(ValueError, match="demo, greedy"):
        bots.make("hats", "dem")
    with pytest.raises(ValueError, match="no parameter 'sede'"):
        bots.make("hats", "demo", sede=1)


def test_demo_plays_like_search_at_that_budget_and_simulate_labels_it_demo() -> None:
    demo = gamekit.simulate("hats", games=2, players=2, bots=["demo", "greedy"], seed=3, workers=1)
    same = gamekit.simulate(
        "hats",
        games=2,
        players=2,
        bots=[("search", {"budget": 1500}), "greedy"],
        seed=3,
        workers=1,
    )
    assert list(demo.bot[:2]) == ["demo", "greedy"]
    assert list(demo.score) == list(same.score) and list(demo.decisions) == list(same.decisions)


def test_reward_is_the_win_share_plus_a_small_margin() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=2)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    rules, state = game.rules, game.state
    winners = game.winners()
    for seat in range(3):
        share = 1 / len(winners) if seat in winners else 0.0
        assert abs(reward(rules, state, seat) - share) <= 0.1


def test_halving_keeps_the_better_half() -> None:
    assert halve([0, 1, 2, 3], [4.0, 1.0, 3.0, 2.0], [4, 4, 4, 4]) == [0, 2]
    assert halve([5], [0.0] * 6, [0] * 6) == [5]
