"""Knock! Knock! bots: the greedy bot's decisions and its edge over random play."""

from __future__ import annotations

from test_knock_knock import play, table

import gamekit
from gamekit import bots
from gamekit.core.lean import play_out
from gamekit.titles.knock_knock.rules import DECLINE, KIND_INDEX, OPEN, RULES, Knock


def greedy_choice(state: object, seat: int) -> object:
    bot = bots.make("knock-knock", "greedy", seed=0)
    return bot.act(RULES.view(state, seat), RULES.legal_actions(state))  # type: ignore[arg-type]


def test_greedy_is_available_and_plays_legal_moves() -> None:
    assert bots.available("knock-knock") == ["greedy", "random"]
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
