"""The Bloody Inn's bots: the innkeeper beats random play, the planner beats the innkeeper;
both play legal moves only and decide from their own view only."""

from __future__ import annotations

import statistics

import pytest

import gamekit
from gamekit import bots
from gamekit.core.actions import Action
from gamekit.core.lean import play_out
from gamekit.core.rng import Rng
from gamekit.titles.bloody_inn import bots as bloody_inn_bots
from gamekit.titles.bloody_inn.actions import PayFine

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


def test_bots_are_listed_weakest_first_and_the_best_is_named() -> None:
    assert bots.available("bloody-inn") == ["innkeeper", "planner", "random"]
    assert list(bloody_inn_bots.BOTS) == ["innkeeper", "planner"]
    assert bloody_inn_bots.BEST == list(bloody_inn_bots.BOTS)[-1] == "planner"


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


@pytest.mark.parametrize(("name", "players"), [("innkeeper", 3), ("planner", 3), ("planner", 1)])
def test_bot_decides_from_its_view_only(name: str, players: int) -> None:
    """Same view, same move: re-dealing the hidden cards changes nothing (two bots of one
    seed, as a bot draws between equal moves)."""
    game = gamekit.new_game("bloody-inn", players=players, seed=9)
    rng = Rng(4)
    while not game.is_over:
        seat = game.to_move
        hidden = RULES.resample_hidden(game._state, seat, rng)
        seed = len(game.history)
        other = bots.make("bloody-inn", name, seed=seed).act(
            RULES.view(hidden, seat), RULES.legal_actions(hidden)
        )
        chosen = bots.make("bloody-inn", name, seed=seed).choose(game)
        assert chosen == other
        game.play(chosen)


# -- the planner ------------------------------------------------------------------------------
def solo_money(name: str, seeds: range) -> list[int]:
    """Final money of solo long games (a lost game counts 0F)."""
    config = RULES.make_config(1, {})
    out = []
    for seed in seeds:
        state = play_out(RULES, config, seed, [bots.make("bloody-inn", name, seed=seed)]).state
        out.append(0 if state.lost else RULES.scores(state)[0])
    return out


@pytest.mark.parametrize(
    "options",
    [{}, {"length": "short"}, {"unlimited_wealth": True}, {"first_come_first_served": True}],
)
def test_planner_plays_only_legal_moves(options: dict[str, object]) -> None:
    for players in (1, 2, 3, 4):
        config = RULES.make_config(players, options)
        for seed in range(3 if options else 8):
            state = RULES.initial_state(config, seed)
            names = ["planner" if i == 0 or (i + seed) % 2 else "innkeeper" for i in range(players)]
            table = [bots.make("bloody-inn", n, seed=seed + i) for i, n in enumerate(names)]
            while (seat := RULES.to_move(state)) is not None:
                legal = RULES.legal_actions(state)
                action = table[seat].act(RULES.view(state, seat), legal)
                assert action in legal, (players, seed, state.step, action)
                RULES.apply(state, action, None)
            if players == 1:
                assert not state.lost, (options, seed)


def test_planner_is_reproducible_from_a_seed() -> None:
    config = RULES.make_config(3, {})

    def actions() -> list[Action]:
        table = [bots.make("bloody-inn", "planner", seed=5 + i) for i in range(3)]
        return play_out(RULES, config, 11, table, record=True).actions

    assert actions() == actions()


def test_planner_beats_the_innkeeper_solo_by_a_wide_margin() -> None:
    """Same 20 seeds: the planner's mean is measured near 135F, the innkeeper's near 94F.

    The margin asked (+15F, and never a lost game) is far below the gap, so
    small rule or tuning changes cannot make this test flake.
    """
    seeds = range(1000, 1020)
    planner, innkeeper = solo_money("planner", seeds), solo_money("innkeeper", seeds)
    assert min(planner) > 0
    assert statistics.fmean(planner) >= statistics.fmean(innkeeper) + 15


def test_planner_beats_innkeepers_at_the_table() -> None:
    config = RULES.make_config(3, {})
    won = 0.0
    for seed in range(12):
        seat = seed % 3
        table = [
            bots.make("bloody-inn", "planner" if i == seat else "innkeeper", seed=seed * 7 + i)
            for i in range(3)
        ]
        winners = RULES.winners(play_out(RULES, config, seed, table).state)
        won += (seat in winners) / len(winners)
    assert won / 12 > 0.5  # fair share 1/3; measured about 0.85


@pytest.mark.parametrize("name", ["innkeeper", "planner"])
def test_ruling_I9_bots_pay_the_police_by_cheque_only_when_cash_is_needed_for_wages(
    name: str,
) -> None:
    bot = bots.make("bloody-inn", name)
    legal = [PayFine("cash"), PayFine("cheque")]
    view = {
        "step": "fine",
        "action": "police",
        "seat": 0,
        "cash": [14],
        "cheques": [2],
        "hand": [1, 2, 3, 4],
        "annexes": [[]],
        "keys": [-1],
        "rooms": [-1],
    }
    assert bot.act(view, legal) == PayFine("cheque")
    view["cash"] = [35]
    assert bot.act(view, legal) == PayFine("cash")
    view["action"] = "gravedigger"
    view["cash"] = [14]
    assert bot.act(view, legal) == PayFine("cash"), "nothing is paid after the gravedigger"
