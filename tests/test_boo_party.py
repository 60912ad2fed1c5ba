"""Boo Party!: set-up, every ruling, crafted rounds, views, bad input, conformance."""

from __future__ import annotations

import json
import time

import pytest

import gamekit
from gamekit.core.conformance import check_title
from gamekit.titles.boo_party.rules import (
    COSTUMES,
    NOTHING,
    RULES,
    SEER,
    VISION_BASE,
    Accuse,
    LetPartyGoOn,
    State,
    Wear,
    WearNothing,
)

ACCUSE, PARTY_ON = Accuse(), LetPartyGoOn()


def new(players: int = 5, seed: int = 1, **options: int) -> gamekit.Game:
    return gamekit.new_game("boo-party", players=players, seed=seed, **options)


def safe(game: gamekit.Game) -> list[int]:
    """Costumes in no revealed Vision, in number order."""
    visions = game.state.visions
    return [c for c in range(game.state.costumes) if c not in visions]


def dress(game: gamekit.Game, costumes: list[int]) -> None:
    """Every Monster, in seat order, puts on the given costumes."""
    for seat, costume in enumerate(costumes, start=1):
        assert game.to_move == seat
        game.play(Wear(seat, costume))


def crafted(visions: list[int], deck: list[int], removed: list[int], **fields: object) -> State:
    """A hand-made 3-player position with 6 costumes (Seer 0, Monsters 1 and 2)."""
    state = State(
        players=3, costumes=6, deck=deck, removed=removed, visions=visions,
        worn=[None] * 3, last=[None] * 3, turn=1, phase="disguise", round=1,
    )  # fmt: skip
    for name, value in fields.items():
        setattr(state, name, value)
    return state


# -- rulings -------------------------------------------------------------------


def test_b1_one_seer_against_two_to_seven_monsters() -> None:
    game = new()
    assert game.players == 5 and game.to_move == 1
    assert game.view(SEER)["role"] == "seer"
    assert [game.view(s)["role"] for s in range(1, 5)] == ["monster"] * 4
    for players in (3, 8):
        assert new(players).players == players
    for bad in (2, 9, True, "5"):
        with pytest.raises(ValueError, match="3 to 8"):
            new(bad)  # type: ignore[arg-type]


def test_b2_costumes_option_and_one_vision_per_costume() -> None:
    game = new(5)
    places = RULES.card_places(game.state)
    assert sorted(c for cards in places.values() for c in cards) == [
        *range(18),
        *range(VISION_BASE, VISION_BASE + 18),
    ]
    assert len(places["box"]) == 4, "as many Visions leave, unseen, as there are Monsters"
    assert len(places["revealed visions"]) == 2, "set-up reveals one, round 1 a second"
    assert len(places["vision deck"]) == 18 - 4 - 2
    small = new(8, costumes=9)
    assert small.options == {"costumes": 9} and len(small.state.deck) == 0
    assert len(new(3, costumes=24).legal_actions()) == 24 + 1
    for players, bad in ((8, 8), (3, 25), (5, 5), (5, 18.0)):
        with pytest.raises(ValueError, match="costumes must be"):
            new(players, costumes=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="only option is 'costumes'"):
        new(5, visions=3)


def test_b3_the_last_vision_round_is_played_in_full_and_surviving_wins() -> None:
    game = new(3, seed=4, costumes=4)  # 2 Monsters, 2 Visions in the box, 2 revealed at once
    assert game.state.deck == [] and not game.is_over, "the last Vision's round is still played"
    free = safe(game)
    dress(game, free)
    assert game.to_move == SEER, "the Seer gets a last chance to accuse"
    events = game.play(PARTY_ON)
    assert game.is_over and game.winners() == [1, 2]
    assert any(e.ruling == "B3" for e in events)
    assert "survived" in game.log[-2].text


def test_b3_a_long_party_ends_only_after_the_last_vision() -> None:
    game = new(5, seed=9)
    rounds = len(game.state.deck) + 1
    for _ in range(rounds):
        free = [c for c in safe(game) if c not in game.state.worn]
        last = game.state.last
        pick: list[int] = []
        for seat in range(1, 5):
            c = next(c for c in free if c != last[seat] and c not in pick)
            pick.append(c)
        dress(game, pick)
        game.play(PARTY_ON)
    assert game.is_over and game.summary()[0]["ending"] == "survived"
    assert game.summary()[0]["rounds"] == rounds


def test_b4_rating_is_the_number_of_visions_revealed() -> None:
    game = new(5, seed=2)
    dress(game, safe(game)[:4])
    game.play(PARTY_ON)
    bad = game.state.visions[0]  # round 2: the oldest, covered Vision
    dress(game, [bad, *[c for c in safe(game) if c not in game.state.last][:3]])
    events = game.play(ACCUSE)
    summary = game.summary()
    assert [s["rating"] for s in summary] == [3] * 5
    assert [s["visions_revealed"] for s in summary] == [3] * 5
    assert summary[0]["visions_total"] == 14
    assert events[-1].ruling == "B4" and "3 of 14" in events[-1].text


def test_b5_monsters_choose_in_seat_order_and_the_seer_sees_only_the_result() -> None:
    game = new(4, seed=3)
    game.play(Wear(1, 5))
    assert game.to_move == 2
    assert game.view(2)["worn"] == [None, 5, None, None], "a Monster sees the team's choices"
    assert 5 not in game.view(2)["spread"]
    assert game.view(SEER)["worn"] is None and game.view(SEER)["spread"] is None
    assert game.view(None)["worn"] is None, "a spectator knows what the Seer knows"
    assert "Skeleton" not in " ".join(e.text for e in game.log), "narration keeps the secret"
    game.play(Wear(2, 6))
    game.play(Wear(3, 7))
    assert game.to_move == SEER
    assert game.view(SEER)["worn"] == [None, 5, 6, 7]
    assert game.log[-1].ruling == "B5"
    assert "Player 2 dressed as the Skeleton" in game.log[-1].text


def test_b6_wearing_nothing_loses_when_the_seer_opens_their_eyes() -> None:
    game = new(4, seed=3)
    game.play(WearNothing(1))
    assert not game.is_over and game.to_move == 2, "the others still choose (eyes are closed)"
    game.play(Wear(2, safe(game)[0]))
    events = game.play(Wear(3, safe(game)[1]))
    assert game.is_over and game.winners() == [SEER]
    assert any(e.ruling == "B6" and "no costume" in e.text for e in events)
    assert game.summary()[0]["ending"] == "mistake"


def test_b6_keeping_last_rounds_costume_loses_even_if_never_in_a_vision() -> None:
    game = new(3, seed=5)
    a, b, c = safe(game)[:3]
    dress(game, [a, b])
    game.play(PARTY_ON)
    assert "again" in game.describe(Wear(1, a)) and "B6" in game.describe(Wear(1, a))
    dress(game, [a, c])  # player 1 keeps the same costume
    assert game.is_over and game.winners() == [SEER]
    assert f"wore the {COSTUMES[a]} last round too" in game.log[-2].text
    assert game.log[-2].ruling == "B6"


def test_b7_scores_are_one_for_each_winner_and_zero_otherwise() -> None:
    game = new(4, seed=6)
    assert game.scores() == [0, 0, 0, 0]
    dress(game, safe(game)[:3])
    game.play(ACCUSE)  # no costume was in a Vision: a false accusation
    assert game.winners() == [1, 2, 3] and game.scores() == [0, 1, 1, 1]
    assert RULES.recount(game.state) == game.scores()


# -- crafted positions ---------------------------------------------------------


def test_accusation_checks_every_revealed_vision_not_only_the_top_one() -> None:
    state = crafted([0, 1, 2], deck=[3], removed=[4, 5])
    for action in (Wear(1, 0), Wear(2, 4), ACCUSE):
        RULES.apply(state, action, [])
    assert state.ending == "caught" and RULES.winners(state) == [SEER]


def test_a_single_match_is_enough_and_no_match_is_a_false_accusation() -> None:
    for worn, ending in (((5, 2), "caught"), ((5, 4), "false-accusation")):
        state = crafted([0, 1, 2], deck=[3], removed=[4, 5])
        log: list[gamekit.Event] = []
        for action in (Wear(1, worn[0]), Wear(2, worn[1]), ACCUSE):
            RULES.apply(state, action, log)
        assert state.ending == ending
        assert ("Seer wins" in log[-2].text) == (ending == "caught")


def test_letting_the_party_go_on_reveals_the_next_vision_and_returns_the_disguises() -> None:
    state = crafted([0, 1], deck=[3, 2], removed=[4, 5])
    log: list[gamekit.Event] = []
    for action in (Wear(1, 4), Wear(2, 5), PARTY_ON):
        RULES.apply(state, action, log)
    assert state.visions == [0, 1, 2] and state.deck == [3]
    assert state.last == [None, 4, 5] and state.worn == [None] * 3
    assert state.round == 2 and state.turn == 1
    assert "Witch" in log[-1].text and "1 Vision left" in log[-1].text
    assert RULES.legal_actions(state)[-1] == WearNothing(1)
    assert Wear(1, 4) in RULES.legal_actions(state), "last round's card is back in the spread"


def test_legal_actions_order_free_costumes_then_nothing() -> None:
    state = crafted([0, 1], deck=[3, 2], removed=[4, 5])
    RULES.apply(state, Wear(1, 3), None)
    assert RULES.legal_actions(state) == [
        Wear(2, 0), Wear(2, 1), Wear(2, 2), Wear(2, 4), Wear(2, 5), WearNothing(2),
    ]  # fmt: skip
    RULES.apply(state, Wear(2, 0), None)
    assert RULES.legal_actions(state) == [ACCUSE, PARTY_ON]


# -- bad input -----------------------------------------------------------------


def refused(game: gamekit.Game, action: object, reason: str) -> None:
    before, step = game.state_dict(), game.step
    with pytest.raises(gamekit.IllegalAction, match=reason) as err:
        game.play(action)  # type: ignore[arg-type]
    assert err.value.legal == game.legal_actions()
    assert err.value.legal or game.is_over
    assert game.state_dict() == before and game.step == step


def test_two_monsters_cannot_wear_the_same_card() -> None:
    game = new(4)
    game.play(Wear(1, 3))
    refused(game, Wear(2, 3), "Player 2 already wears the Mummy: two Monsters never wear")


def test_a_monster_out_of_turn_is_refused() -> None:
    game = new(4)
    refused(game, Wear(3, 2), "it is Player 2's turn to choose a disguise, not Player 4's")
    refused(game, WearNothing(2), "it is Player 2's turn")
    refused(game, Wear(0, 2), "not the Seer's")


def test_an_accusation_before_the_disguises_are_complete_is_refused() -> None:
    game = new(4)
    game.play(Wear(1, 3))
    refused(game, ACCUSE, "cannot decide before every Monster has chosen a disguise")
    refused(game, PARTY_ON, r"Player 3 is choosing now")


def test_other_bad_input_is_refused() -> None:
    game = new(4)
    refused(game, Wear(1, 18), "there is no costume number 18")
    refused(game, "Accuse the Monsters", "Accuse the Monsters is not allowed now: the Seer cannot")
    dress(game, safe(game)[:3])
    refused(game, Wear(1, 0), "every Monster has chosen a disguise; the Seer decides now")
    game.play("Accuse the Monsters")
    refused(game, ACCUSE, "the game is over")


# -- views ---------------------------------------------------------------------


def test_views_hide_the_deck_order_and_the_boxed_visions() -> None:
    game = new(5, seed=11)
    state = game.state
    for seat in (None, 0, 1, 4):
        text = json.dumps(game.view(seat))
        view = game.view(seat)
        assert view["deck_size"] == len(state.deck) and view["removed"] == 4
        assert "deck" not in view and "box" not in text
        assert view["visions"] == state.visions and view["top_vision"] == state.visions[-1]


def test_a_different_deck_gives_every_seat_the_same_view() -> None:
    a = crafted([0, 1], deck=[3, 2], removed=[4, 5])
    b = crafted([0, 1], deck=[5, 4], removed=[2, 3])
    for seat in (None, 0, 1, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat)


def test_the_seer_cannot_tell_the_monsters_choices_apart_while_eyes_are_closed() -> None:
    a = crafted([0, 1], deck=[3, 2], removed=[4, 5], worn=[None, 0, None], turn=2)
    b = crafted([0, 1], deck=[3, 2], removed=[4, 5], worn=[None, NOTHING, None], turn=2)
    assert RULES.view(a, SEER) == RULES.view(b, SEER)
    assert RULES.view(a, None) == RULES.view(b, None)
    assert RULES.view(a, 2) != RULES.view(b, 2), "a teammate sees it"


def test_render_html_shows_the_picture() -> None:
    game = new(3, seed=1)
    html = game._repr_html_()  # the kit's picture of the spectator's view
    assert "top Vision" in html and "eyes closed" in html and "Werewolf" in html
    own = RULES.render_html(game.view(None))  # the title's picture, through its rules
    assert own is not None and own in html


# -- the whole contract ---------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {}), (5, {}), (8, {"costumes": 9}), (4, {"costumes": 10}), (3, {"costumes": 24})],
)
def test_conformance(players: int, options: dict[str, int]) -> None:
    start = time.perf_counter()
    decisions = check_title("boo-party", seeds=range(500), players=players, options=options)
    assert decisions > 500
    took = time.perf_counter() - start
    print(f"boo-party {players} {options}: {decisions} decisions in {took:.1f}s")


def test_records_replay() -> None:
    game = new(6, seed=21)
    dress(game, safe(game)[:5])
    game.play(PARTY_ON)
    game.play(WearNothing(1))
    loaded = gamekit.load_game(game.to_json())
    assert loaded.state_dict() == game.state_dict() and loaded.history == game.history


@pytest.mark.parametrize("players", [3, 5, 8])
def test_results_are_scores_winners_and_summary_shared_per_ending(players: int) -> None:
    """``results`` gives what the three methods give, one shared copy per kind of ending."""
    from gamekit import bots
    from gamekit.core.lean import play_out

    config = RULES.make_config(players, {"costumes": 20})
    make = bots.factory("boo-party", "random")
    states = [RULES.initial_state(config, 0)]  # the game not played yet: all 0, no winner
    for seed in range(300):
        seats = [make(seed=seed * 10 + s) for s in range(players)]
        states.append(play_out(RULES, config, seed, seats).state)
    for state in states:
        scores, winners, summary = RULES.results(state)
        assert list(scores) == RULES.scores(state)
        assert list(winners) == RULES.winners(state)
        assert list(summary) == RULES.summary(state)
        assert RULES.results(RULES.copy_state(state)) is RULES.results(state)
