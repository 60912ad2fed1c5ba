"""Knock! Knock! bots: the greedy bot's decisions and its edge over random play; the planner's
model of greedy players, its view-only decisions and its edge over greedy."""

from __future__ import annotations

from test_knock_knock import play, table

import gamekit
from gamekit import bots
from gamekit.core.lean import play_out
from gamekit.core.rng import Rng
from gamekit.titles.knock_knock.bots import counts_of, greedy_knock_odds, open_chance
from gamekit.titles.knock_knock.rules import CATALOGUE, DECLINE, KIND_INDEX, OPEN, RULES, Knock


def greedy_choice(state: object, seat: int) -> object:
    bot = bots.make("knock-knock", "greedy", seed=0)
    return bot.act(RULES.view(state, seat), RULES.legal_actions(state))  # type: ignore[arg-type]


def test_greedy_is_available_and_plays_legal_moves() -> None:
    assert bots.available("knock-knock") == ["greedy", "planner", "random"]
    game = gamekit.new_game("knock-knock", players=5, seed=12)
    greedy = bots.make("knock-knock", "greedy", seed=1)
    while not game.is_over:
        action = greedy.choose(game)
        assert action in game.legal_actions()
        game.play(action)


def test_greedy_opens_when_the_knocker_holds_only_good_cards() -> None:
    good = ["scarecrow", "scarecrow", "ghost musician", "monster musician", "vampire musician"]
    state = table([good, ["ghost"], ["ghost"]], [["ghost"], ["ghost"], ["ghost"]])
    state.known[0] = [KIND_INDEX[name] for name in good]  # all five were drawn face up
    play(state, Knock("scarecrow", 1))
    assert greedy_choice(state, 1) == OPEN


def test_greedy_declines_when_the_knocker_holds_only_kids() -> None:
    state = table([["kid"] * 5, ["ghost"], ["ghost"]], [["monster"], ["ghost"] * 4, ["ghost"]])
    state.known[0] = [KIND_INDEX["kid"]] * 5  # all five were drawn face up
    play(state, Knock("kid", 1))
    assert greedy_choice(state, 1) == DECLINE


def test_greedy_knocks_a_kid_at_the_biggest_party() -> None:
    state = table(
        [["kid"], ["ghost"], ["ghost"], ["ghost"]],
        [["scarecrow"], ["ghost"], ["vampire"] * 4, ["monster"] * 2],
    )
    assert greedy_choice(state, 0) == Knock("kid", 2)


def test_greedy_takes_the_musician_from_a_vamp() -> None:
    state = table([["ghost vamp"], [], []], [[], ["ghost", "ghost brute", "ghost musician"], []])
    play(state, Knock("ghost vamp", 1), OPEN)
    assert str(greedy_choice(state, 0)) == "Take their Ghost musician"


def test_greedy_beats_random_play() -> None:
    rules = gamekit.rules_for("knock-knock")
    config = rules.make_config(4, {})
    games, share = 300, 0.0
    for seed in range(games):
        seat = seed % 4
        players = [
            bots.make("knock-knock", "greedy" if s == seat else "random", seed=seed * 10 + s)
            for s in range(4)
        ]
        winners = rules.winners(play_out(rules, config, seed, players).state)
        if seat in winners:
            share += 1 / len(winners)
    # A random seat wins a quarter of the games; greedy must do clearly better.
    assert share / games > 0.40


def test_greedy_counts_every_card_it_has_seen() -> None:
    from gamekit.titles.knock_knock.bots import unseen

    game = gamekit.new_game("knock-knock", players=4, seed=6)
    for _ in range(40):
        view = game.view(game.to_move)
        hidden = sum(view["hand_sizes"]) - len(view["hand"]) + view["deck_size"]
        hidden -= sum(len(k) for s, k in enumerate(view["known"]) if s != view["seat"])
        hidden -= view["deck_top"] is not None
        hidden += view["knock"] is not None and view["knock"]["card"] is None
        assert sum(unseen(view)) == hidden and min(unseen(view)) >= 0
        game.play(bots.make("knock-knock", "greedy").choose(game))


def test_planner_is_the_best_and_plays_legal_moves_for_every_player_count() -> None:
    assert bots.best("knock-knock") == "planner"
    for seed in range(12):
        game = gamekit.new_game("knock-knock", players=3 + seed % 3, seed=100 + seed)
        planner = bots.make("knock-knock", "best", seed=seed)
        while not game.is_over:
            action = planner.choose(game)
            assert action in game.legal_actions()
            game.play(action)


def test_planner_is_reproducible_and_decides_from_the_view_only() -> None:
    game = gamekit.new_game("knock-knock", players=4, seed=21)
    greedy = bots.make("knock-knock", "greedy", seed=0)
    checked = 0
    while not game.is_over:
        seat = game.to_move
        view, legal = game.view(seat), game.legal_actions()
        choice = bots.make("knock-knock", "planner", seed=1).act(view, legal)
        assert bots.make("knock-knock", "planner", seed=1).act(view, legal) == choice
        # a twin game: the same view, the cards hidden from this seat dealt otherwise
        twin = RULES.sample_hidden(game.state, seat, Rng(checked))
        assert RULES.view(twin, seat) == view
        planner = bots.make("knock-knock", "planner", seed=1)
        assert planner.act(RULES.view(twin, seat), RULES.legal_actions(twin)) == choice
        checked += 1
        game.play(greedy.choose(game))
    assert checked > 40


def test_planner_predicts_a_greedy_players_answer() -> None:
    """When the planner is sure how a greedy player at the door will answer, it is right."""
    greedy = bots.make("knock-knock", "greedy", seed=0)
    sure = right = 0
    for seed in range(6):
        game = gamekit.new_game("knock-knock", players=4, seed=seed)
        while not game.is_over:
            view = game.view(game.to_move)
            if view["decision"] == "knock":
                parties = [counts_of(p) for p in view["parties"]]
                card = view["hand"][0]
                for target in range(4):
                    chance = open_chance(view, parties, target) if target != view["seat"] else 0.5
                    if 0.1 < chance < 0.9:
                        continue
                    state = RULES.copy_state(game.state)
                    RULES.apply(state, Knock(card, target), None)
                    answer = greedy.act(RULES.view(state, target), RULES.legal_actions(state))
                    sure += 1
                    right += (answer == OPEN) == (chance > 0.5)
            game.play(greedy.choose(game))
    assert sure > 300 and right / sure > 0.95


def test_planner_reads_a_greedy_knock() -> None:
    """The card greedy lays at a door gets a good share of the planner's belief."""
    greedy = bots.make("knock-knock", "greedy", seed=0)
    beliefs = []
    for seed in range(6):
        game = gamekit.new_game("knock-knock", players=4, seed=seed)
        while not game.is_over:
            view = game.view(game.to_move)
            if view["decision"] == "answer":
                odds = greedy_knock_odds(view, [counts_of(p) for p in view["parties"]])
                assert odds is not None and abs(sum(odds) - 1) < 1e-9
                beliefs.append(odds[CATALOGUE[game.state.knocked]])
            game.play(greedy.choose(game))
    assert len(beliefs) > 200 and sum(beliefs) / len(beliefs) > 0.5


def test_planner_beats_greedy() -> None:
    """Each deal played with the tested bot in every seat against three greedy bots.

    Over 1600 games (benchmarks/bots.py) greedy's seat wins about 0.29 and the
    planner's about 0.44. Here, 160 games: the planner must beat greedy's own share
    on the same deals by 0.05 (it does by about 0.10); seeded, so never flaky.
    """
    rules = gamekit.rules_for("knock-knock")
    config = rules.make_config(4, {})
    games = 160

    def share(name: str) -> float:
        wins = 0
        for game in range(games):
            seat = game % 4
            players = [
                bots.make("knock-knock", name if s == seat else "greedy", seed=game * 10 + s)
                for s in range(4)
            ]
            if seat in rules.winners(play_out(rules, config, 5000 + game // 4, players).state):
                wins += 1
        return wins / games

    planner, greedy = share("planner"), share("greedy")
    assert planner > 0.40 and planner > greedy + 0.05
