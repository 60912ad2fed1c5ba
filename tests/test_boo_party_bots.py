"""Boo Party! bots: the memory model, perfect play, the team plan, decisions from a view only."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import gamekit
from gamekit import bots, charts
from gamekit.bots import Bot, RandomBot
from gamekit.core.lean import play_out
from gamekit.core.rng import Rng
from gamekit.titles.boo_party import bots as boo_party_bots
from gamekit.titles.boo_party.bots import MemoryBot, TeamBot, catch_chance, team_can_dress
from gamekit.titles.boo_party.rules import RULES, SEER, Accuse, LetPartyGoOn, Wear, WearNothing


def memory_team(players: int, seed: int, seer: float = 1.0, monster: float = 1.0) -> list[Any]:
    return [MemoryBot(seed, p=seer)] + [
        MemoryBot(seed * 10 + s, p=monster) for s in range(1, players)
    ]


def monster_view(**changes: Any) -> dict[str, Any]:
    """Seat 2's view in a crafted 4-player round (costumes 0-7, Visions 3-7 revealed)."""
    view: dict[str, Any] = {
        "seat": 2,
        "role": "monster",
        "players": 4,
        "visions": [3, 4, 5, 6, 7],
        "last_worn": [None, 0, 1, 2],
        "worn": [None, 1, None, None],
        "spread": [0, 2, 3, 4, 5, 6, 7],
        "deck_size": 0,
    }
    view.update(changes)
    return view


def legal_for(view: dict[str, Any]) -> list[Any]:
    return [Wear(view["seat"], c) for c in view["spread"]] + [WearNothing(view["seat"])]


def test_the_bot_is_registered_and_validates_its_memory() -> None:
    assert bots.available("boo-party") == ["memory", "random", "team"]
    bot = bots.make("boo-party", "memory", seed=3, p=0.5, k=4)
    assert isinstance(bot, MemoryBot) and (bot.p, bot.k) == (0.5, 4)
    for bad in ({"p": 1.5}, {"p": -0.1}, {"p": True}, {"k": -1}, {"k": 2.5}):
        with pytest.raises(ValueError, match="0"):
            bots.make("boo-party", "memory", **bad)


def test_memory_p_keeps_each_costume_with_that_chance() -> None:
    perfect, blank = MemoryBot(1, p=1.0), MemoryBot(1, p=0.0)
    assert perfect.recall([4, 5, 6]) == {4, 5, 6}
    assert blank.recall([4, 5, 6]) == {6}, "the top Vision lies face up: always known"
    sizes = []
    for seed in range(400):
        bot = MemoryBot(seed, p=0.3)
        bot.recall(list(range(10)))
        sizes.append(len(bot.memory))
    assert 2.5 < sum(sizes) / len(sizes) < 3.5, "about 30% of 10 costumes"


def test_memory_k_holds_only_the_most_recent_costumes() -> None:
    bot = MemoryBot(1, k=2)
    assert bot.recall([1, 2]) == {1, 2}
    assert bot.recall([1, 2, 3]) == {2, 3}
    assert bot.recall([1, 2, 3, 4, 5]) == {4, 5}
    assert MemoryBot(1, k=0).recall([1, 2, 3]) == {3}


def test_memory_hears_each_announcement_once_per_game() -> None:
    bot = MemoryBot(7, p=0.5)
    first = bot.recall(list(range(12)))
    assert bot.recall(list(range(12))) == first, "nothing new: nothing redrawn"
    bot.recall([9, 8])  # a shorter list means a new game
    assert bot.memory in ([9, 8], [9], [8], [])


def test_perfect_monster_leaves_the_team_a_way_out() -> None:
    # Player 1 took costume 1; the only safe costumes left are 0 and 2, and
    # player 3 wore 2 last round: player 2 must take 2, leaving 0 to player 3.
    view = monster_view()
    for seed in range(20):
        assert MemoryBot(seed).act(view, legal_for(view)) == Wear(2, 2)
    assert not team_can_dress([3], view["last_worn"], {2})
    assert team_can_dress([3], view["last_worn"], {0})


def test_perfect_monster_never_wears_a_remembered_vision_or_its_last_costume() -> None:
    view = monster_view(worn=[None, None, None, None], spread=list(range(8)), seat=1)
    picks = {MemoryBot(seed).act(view, legal_for(view)) for seed in range(40)}
    assert picks == {Wear(1, 1), Wear(1, 2)}


def test_a_forgetful_monster_may_wear_a_forgotten_vision() -> None:
    view = monster_view(worn=[None, None, None, None], spread=list(range(8)), seat=1)
    picks = {MemoryBot(seed, p=0).act(view, legal_for(view)) for seed in range(60)}
    assert Wear(1, 3) in picks and Wear(1, 7) not in picks, "7 is the top Vision, in sight"


def seer_view(worn: list[int | None], deck_size: int = 3) -> dict[str, Any]:
    return {
        "seat": SEER,
        "role": "seer",
        "visions": [3, 4, 5],
        "worn": worn,
        "deck_size": deck_size,
    }


def test_seer_accuses_exactly_when_it_remembers_a_worn_costume() -> None:
    legal = [Accuse(), LetPartyGoOn()]
    assert MemoryBot(1).act(seer_view([None, 0, 3]), legal) == Accuse(), "3 is an old Vision"
    assert MemoryBot(1).act(seer_view([None, 0, 1]), legal) == LetPartyGoOn()
    assert MemoryBot(1, p=0).act(seer_view([None, 0, 3]), legal) == LetPartyGoOn(), "forgotten"
    assert MemoryBot(1, p=0).act(seer_view([None, 0, 5]), legal) == Accuse(), "5 is on top"


def test_seer_accuses_in_the_last_round_when_it_forgot_something() -> None:
    legal = [Accuse(), LetPartyGoOn()]
    last = seer_view([None, 0, 1], deck_size=0)
    assert MemoryBot(1, p=0).act(last, legal) == Accuse(), "going on would lose for sure"
    assert MemoryBot(1).act(last, legal) == LetPartyGoOn(), "it knows no costume matches"


@pytest.mark.parametrize("players", [3, 5, 8])
def test_perfect_memory_monsters_always_survive_the_whole_party(players: int) -> None:
    for costumes in (players + 1, 18, 24):
        config = RULES.make_config(players, {"costumes": costumes})
        for seed in range(60):
            seer = [RandomBot(seed) if seed % 2 else MemoryBot(seed)]
            team = seer + memory_team(players, seed)[1:]
            result = play_out(RULES, config, seed, team)
            assert RULES.winners(result.state) == list(range(1, players)), (costumes, seed)
            if seed % 2 == 0:  # against a perfect Seer: the whole party, the best rating
                summary = RULES.summary(result.state)[0]
                assert summary["ending"] == "survived"
                assert summary["rating"] == summary["visions_total"]


def test_perfect_memory_seer_never_errs_against_random_monsters() -> None:
    accusations = 0
    for seed in range(150):
        game = gamekit.new_game("boo-party", players=4, seed=seed)
        seer, monsters = MemoryBot(seed), RandomBot(seed)
        while not game.is_over:
            if game.to_move != SEER:
                game.play(monsters.choose(game))
                continue
            state = game.state
            match = any(c in state.visions for c in state.worn[1:])
            choice = seer.choose(game)
            assert (choice == Accuse()) == match, f"seed {seed} round {state.round}"
            accusations += match
            game.play(choice)
        assert game.summary()[0]["ending"] != "false-accusation"
    assert accusations > 20


def test_forgetful_monsters_lose_more_often() -> None:
    config = RULES.make_config(5, {})
    wins = {}
    for p in (1.0, 0.5):
        results = [play_out(RULES, config, s, memory_team(5, s, monster=p)) for s in range(300)]
        wins[p] = sum(r.state.ending == "survived" for r in results)
    assert wins[1.0] == 300 and wins[0.5] < 250


def test_memory_bots_play_the_same_games_on_the_lean_path() -> None:
    config = RULES.make_config(5, {})
    for seed in range(20):
        team = memory_team(5, seed, seer=0.6, monster=0.8)
        game = gamekit.new_game("boo-party", players=5, seed=seed)
        while not game.is_over:
            game.play(team[game.to_move].choose(game))  # type: ignore[index]
        lean = play_out(RULES, config, seed, memory_team(5, seed, 0.6, 0.8), record=True)
        assert lean.actions == list(game.history)


# -- the team bot ---------------------------------------------------------------------


def team_lineup(players: int, seed: int, seer: float = 1.0, monster: float = 1.0) -> list[Bot]:
    lineup: list[Bot] = [TeamBot(seed, p=seer)]
    return lineup + [TeamBot(seed * 10 + s, p=monster) for s in range(1, players)]


def test_team_is_registered_last_as_the_best_bot() -> None:
    assert list(boo_party_bots.BOTS)[-1] == boo_party_bots.BEST == "team"
    bot = bots.make("boo-party", "team", seed=3, p=0.5, k=4, gamble=0.4)
    assert isinstance(bot, TeamBot) and (bot.p, bot.k, bot.gamble) == (0.5, 4, 0.4)
    for bad in ({"p": 1.5}, {"k": -1}, {"gamble": 2}, {"gamble": True}):
        with pytest.raises(ValueError, match="0"):
            bots.make("boo-party", "team", **bad)


def team_view(**changes: Any) -> dict[str, Any]:
    """Seat 2's view in a crafted 5-player round 4 (costumes 0-11, Visions 8-11 revealed)."""
    view: dict[str, Any] = {
        "seat": 2,
        "seer": SEER,
        "role": "monster",
        "players": 5,
        "round": 3,
        "visions": [8, 9, 10, 11],
        "top_vision": 11,
        "last_worn": [None, 0, 1, 2, 3],
        "worn": [None, None, None, None, None],
        "deck_size": 3,
    }
    view.update(changes)
    view["spread"] = [c for c in range(12) if c not in view["worn"]]
    return view


def test_team_monsters_pass_last_rounds_costumes_round() -> None:
    view = team_view(worn=[None, 1, None, None, None])
    for seed in range(20):
        assert TeamBot(seed, p=0).act(view, legal_for(view)) == Wear(2, 2), "player 3's costume"
    last = team_view(seat=4, worn=[None, 1, 2, 3, None])
    assert TeamBot(1, p=0).act(last, legal_for(last)) == Wear(4, 0), "the last takes player 1's"


def test_a_sure_monster_volunteers_for_the_new_costume() -> None:
    # The top Vision shows costume 2, worn last round by player 3: the team keeps 0, 1 and 3.
    hit = team_view(visions=[8, 9, 10, 2], top_vision=2, worn=[None, 1, None, None, None])
    picks = {TeamBot(seed).act(hit, legal_for(hit)) for seed in range(30)}
    assert picks == {Wear(2, c) for c in (4, 5, 6, 7, 11)}, "sure of every Vision: a new one"
    forgetful = {TeamBot(seed, p=0).act(hit, legal_for(hit)) for seed in range(30)}
    assert forgetful == {Wear(2, 0), Wear(2, 3)}, "leave it to others (either: a draw)"
    # Player 4 comes last: nobody volunteered, so it must take a new costume.
    last = dict(hit, seat=4, worn=[None, 1, 3, 0, None])
    last["spread"] = [c for c in range(12) if c not in last["worn"]]
    picks = {TeamBot(seed, p=0).act(last, legal_for(last)) for seed in range(60)}
    assert picks == {Wear(4, c) for c in range(4, 12)}
    assert Wear(4, 8) in picks, "a forgotten Vision looks like any other costume"


def test_team_monsters_never_strand_a_teammate() -> None:
    # Player 1 (not following the plan) took player 3's costume, 2: the others share 0, 1, 3.
    seen = []
    worn: list[int | None] = [None, 2, None, None, None]
    for seat in (2, 3, 4):
        view = team_view(seat=seat, worn=list(worn))
        choice = TeamBot(seat, p=0).act(view, legal_for(view))
        assert isinstance(choice, Wear)
        seen.append(choice.costume)
        worn[seat] = choice.costume
    assert seen == [0, 3, 1], "player 3 must not take 1: player 4 would be left with its own 3"


def test_the_team_seer_accuses_when_sure_and_in_the_last_round() -> None:
    legal = [Accuse(), LetPartyGoOn()]
    assert TeamBot(1).act(seer_view([None, 0, 3]), legal) == Accuse()
    assert TeamBot(1).act(seer_view([None, 0, 1]), legal) == LetPartyGoOn()
    assert TeamBot(1, p=0).act(seer_view([None, 0, 1]), legal) == LetPartyGoOn(), "no gamble"
    assert TeamBot(1, p=0).act(seer_view([None, 0, 1], deck_size=0), legal) == Accuse()
    assert TeamBot(1).act(seer_view([None, 0, 1], deck_size=0), legal) == LetPartyGoOn()
    # 6 costumes, only the top Vision 5 known: 2 of the 5 others are forgotten Visions, so
    # 0 or 1 is one with chance 1 - 3/5 * 2/4 = 0.7.
    bold = dict(seer_view([None, 0, 1]), costumes=6)
    assert TeamBot(1, p=0, gamble=0.5).act(bold, legal) == Accuse()
    assert TeamBot(1, p=0, gamble=0.75).act(bold, legal) == LetPartyGoOn()
    assert catch_chance(5, 2, 2) == pytest.approx(0.7)
    assert catch_chance(3, 2, 2) == 1.0 and catch_chance(10, 0, 4) == 0.0


@pytest.mark.parametrize("players", [3, 5, 8])
def test_team_bots_play_only_legal_moves_and_never_blunder(players: int) -> None:
    for costumes in (players + 1, 18, 24):
        for seed, p in enumerate((0.0, 0.3, 0.9, 1.0) * 5):
            game = gamekit.new_game("boo-party", players=players, seed=seed, costumes=costumes)
            team = team_lineup(players, seed, seer=p, monster=p)
            if seed % 4 == 3:  # mixed teams too: the plan must not strand a memory bot
                team[1] = MemoryBot(seed, p=p)
            while not game.is_over:
                choice = team[game.to_move].choose(game)  # type: ignore[index]
                assert choice in game.legal_actions()
                game.play(choice)
            summary = game.summary()[0]
            assert summary["ending"] != "mistake", (players, costumes, seed)
            if p == 1.0:
                assert summary["ending"] == "survived"
                assert summary["rating"] == summary["visions_total"]


def test_team_bots_are_reproducible_from_a_seed() -> None:
    config = RULES.make_config(5, {})
    for seed in range(10):
        runs = [
            play_out(RULES, config, seed, team_lineup(5, seed, 0.7, 0.8), record=True).actions
            for _ in range(2)
        ]
        assert runs[0] == runs[1]
    first = [play_out(RULES, config, 1, team_lineup(5, s, 0.7, 0.5), record=True) for s in (1, 2)]
    assert first[0].actions != first[1].actions, "other bot seeds, other choices"


def test_team_bots_decide_from_their_view_only() -> None:
    # Same view, same move: a twin of the bot facing a re-dealt state (other hidden
    # cards, same view) chooses the same action.
    for seed in range(30):
        game = gamekit.new_game("boo-party", players=5, seed=seed)
        team = team_lineup(5, seed, seer=0.8, monster=0.8)
        rng = Rng(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            twin = copy.deepcopy(team[seat])
            other = RULES.resample_hidden(game.state, seat, rng)
            view = RULES.view(other, seat)
            assert view == game.view(seat)
            choice = team[seat].choose(game)
            assert twin.act(view, RULES.legal_actions(other)) == choice
            game.play(choice)


def test_team_monsters_beat_memory_monsters_against_a_perfect_seer() -> None:
    config, games = RULES.make_config(5, {}), 300
    wins = {}
    for name in ("memory", "team"):
        make = bots.factory("boo-party", name)
        won = 0
        for seed in range(games):
            lineup = [TeamBot(seed)] + [make(seed=seed * 10 + s, p=0.9) for s in range(1, 5)]
            won += RULES.winners(play_out(RULES, config, seed, lineup).state) != [SEER]
        wins[name] = charts.wilson(won, games, z=3.29)  # a 99.9 % interval
    assert wins["team"][0] > wins["memory"][1] + 0.25, wins
    assert wins["team"][0] > 0.30, "the issue's target at p = 0.9"
