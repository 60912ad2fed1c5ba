"""Boo Party! memory bots: the memory model, perfect play, decisions from a view only."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.bots import RandomBot
from gamekit.core.lean import play_out
from gamekit.titles.boo_party.bots import MemoryBot, team_can_dress
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
    assert bots.available("boo-party") == ["memory", "random"]
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
