"""Knock! Knock!: set-up, every ruling, every card effect, views, bad input.

Scenario tests build a crafted table with :func:`table` (kinds by name) and
apply actions through the rules, as the engine does.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit.core.actions import Event
from gamekit.core.rng import Rng
from gamekit.titles.knock_knock import rules as kk
from gamekit.titles.knock_knock.rules import (
    DECLINE,
    OPEN,
    RULES,
    ChooseFolk,
    Knock,
    State,
    TakeGuest,
)

# -- helpers ------------------------------------------------------------------


def table(
    hands: list[list[str]],
    parties: list[list[str]],
    deck_top: list[str] | None = None,
    face_down: bool = False,
) -> State:
    """A crafted table: named cards where asked, every other card at the bottom of the deck.

    ``deck_top`` lists the deck's top cards, the very top last.
    """
    free = list(range(kk.DECK_SIZE))

    def take(name: str) -> int:
        kind = kk.KIND_INDEX[name]
        card = next(c for c in free if kk.CATALOGUE[c] == kind)
        free.remove(card)
        return card

    hand_ids = [[take(n) for n in h] for h in hands]
    party_ids = [[take(n) for n in p] for p in parties]
    top = [take(n) for n in deck_top or []]
    n = len(hands)
    return State(
        players=n,
        face_down_deck=face_down,
        deck=free + top,
        hands=hand_ids,
        known=[[] for _ in range(n)],
        parties=party_ids,
        discard=[],
        box=[],
    )


def play(state: State, *actions: Any) -> list[Event]:
    """Apply legal actions in order (each must be legal) and return the narration."""
    log: list[Event] = []
    for action in actions:
        assert action in RULES.legal_actions(state), f"{action} is not legal"
        RULES.apply(state, action, log)
    return log


def party(state: State, seat: int) -> list[str]:
    return kk.kind_names(state.parties[seat])


def hand(state: State, seat: int) -> list[str]:
    return kk.kind_names(state.hands[seat])


def knock(card: str, target: int) -> Knock:
    return Knock(card, target)


# -- set-up -------------------------------------------------------------------


def test_k1_the_deck_has_55_cards() -> None:
    assert len(kk.CATALOGUE) == 55
    kinds = Counter(kk.KIND_NAMES[k] for k in kk.CATALOGUE)
    for folk in kk.FOLKS:
        assert kinds[folk] == 7 and kinds[f"{folk} brute"] == 2
        assert kinds[f"{folk} musician"] == 1 and kinds[f"{folk} vamp"] == 5
    assert (kinds["kid"], kinds["hearse taxi"], kinds["scarecrow"]) == (5, 3, 2)
    for players in (3, 4, 5):
        state = gamekit.new_game("knock-knock", players=players, seed=players).state
        places = RULES.card_places(state)
        assert sorted(c for cards in places.values() for c in cards) == list(range(55))


@pytest.mark.parametrize(("players", "deck"), [(3, 31), (4, 27), (5, 20)])
def test_setup_deals_two_guests_and_five_cards(players: int, deck: int) -> None:
    game = gamekit.new_game("knock-knock", players=players, seed=11)
    state = game.state
    for seat in range(players):
        assert len(state.hands[seat]) == 5
        guests = [kk.CATALOGUE[c] for c in state.parties[seat]]
        assert len(guests) == 2 and all(kind < 3 for kind in guests)  # standard guests
    assert set(c for p in state.parties for c in p) <= set(kk.FIRST_GUESTS)
    assert len(state.deck) == deck
    assert game.to_move == 0 and game.view(0)["decision"] == "knock"


def test_setup_removes_one_brute_of_each_folk_with_three_players() -> None:
    three = gamekit.new_game("knock-knock", players=3, seed=1)
    assert three.view(None)["box"] == ["monster brute", "ghost brute", "vampire brute"]
    four = gamekit.new_game("knock-knock", players=4, seed=1)
    assert four.view(None)["box"] == [] and four.players == 4


def test_setup_undealt_first_guests_go_back_into_the_deck() -> None:
    state = gamekit.new_game("knock-knock", players=3, seed=5).state
    dealt = {c for p in state.parties for c in p}
    undealt = set(kk.FIRST_GUESTS) - dealt
    assert len(undealt) == 6
    assert undealt <= set(state.deck) | {c for h in state.hands for c in h}


def test_setup_is_seeded() -> None:
    a = gamekit.new_game("knock-knock", seed=9).state_dict()
    assert a == gamekit.new_game("knock-knock", seed=9).state_dict()
    assert a != gamekit.new_game("knock-knock", seed=10).state_dict()


def test_face_up_deck_shows_its_top_to_everyone() -> None:
    game = gamekit.new_game("knock-knock", seed=4)
    top = kk.CARD_NAMES[game.state.deck[-1]]
    assert all(game.view(s)["deck_top"] == top for s in [None, 0, 1, 2, 3])
    hidden = gamekit.new_game("knock-knock", seed=4, face_down_deck=True)
    assert all(hidden.view(s)["deck_top"] is None for s in [None, 0, 1, 2, 3])


def test_bad_options_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="3 to 5"):
        gamekit.new_game("knock-knock", players=6)
    with pytest.raises(ValueError, match="face_down_deck"):
        gamekit.new_game("knock-knock", face_down=True)
    with pytest.raises(ValueError, match="True or False"):
        gamekit.new_game("knock-knock", face_down_deck="yes")


# -- a turn -------------------------------------------------------------------


def test_a_turn_knock_answer_and_draw_back_to_five() -> None:
    state = table([["ghost"] * 5, ["monster"] * 5, ["vampire"] * 5], [[], [], []], ["scarecrow"])
    assert RULES.legal_actions(state) == [knock("ghost", 1), knock("ghost", 2)]
    play(state, knock("ghost", 2))
    assert RULES.to_move(state) == 2 and RULES.legal_actions(state) == [OPEN, DECLINE]
    play(state, OPEN)
    assert party(state, 2) == ["ghost"]
    assert hand(state, 0) == ["ghost"] * 4 + ["scarecrow"]
    assert RULES.to_move(state) == 1


def test_knocks_are_listed_by_card_kind_then_door() -> None:
    state = table([["kid", "ghost", "kid", "monster vamp"], [], [], []], [[], [], [], []])
    legal = [str(a) for a in RULES.legal_actions(state)]
    assert legal[:3] == [f"Knock at Player {t}'s door with a Ghost" for t in (2, 3, 4)]
    assert legal[3] == "Knock at Player 2's door with a Monster vamp"
    assert legal[-1] == "Knock at Player 4's door with a Kid" and len(legal) == 9


def test_empty_hands_are_skipped_and_the_game_ends_when_no_hand_holds_a_card() -> None:
    state = table([["ghost"], [], ["monster"]], [[], [], []])
    state.deck = []
    log = play(state, knock("ghost", 1), DECLINE)
    assert RULES.to_move(state) == 2
    assert any("Player 2 has no card left and is skipped" in e.text for e in log)
    log = play(state, knock("monster", 0), OPEN)
    assert RULES.is_over(state) and RULES.to_move(state) is None
    assert RULES.legal_actions(state) == []
    assert RULES.winners(state) == [0] and log[-1].ruling == "K6"


def test_no_draw_once_the_deck_is_empty() -> None:
    state = table([["ghost", "ghost"], ["monster"], ["monster"]], [[], [], []])
    state.deck = []
    play(state, knock("ghost", 1), OPEN)
    assert hand(state, 0) == ["ghost"]


# -- rulings ------------------------------------------------------------------


def test_k2_competitor_is_the_other_player_of_the_knock() -> None:
    # Opened: the target reveals the kid, its guests flee to the knocker.
    opened = table([["kid"], [], []], [[], ["ghost", "ghost"], []])
    play(opened, knock("kid", 1), OPEN)
    assert party(opened, 0) == ["ghost", "ghost"] and party(opened, 1) == []
    # Declined: the knocker reveals the kid, its guests flee to the target.
    declined = table([["kid"], [], []], [["monster"], [], []])
    play(declined, knock("kid", 1), DECLINE)
    assert party(declined, 0) == [] and party(declined, 1) == ["monster"]


def test_k3_kid_takes_the_largest_folk_without_a_brute() -> None:
    # Ghosts outnumber monsters but a ghost brute protects them: the monsters go.
    state = table(
        [["kid"], [], []],
        [[], ["ghost", "ghost", "ghost", "ghost brute", "monster", "monster"], []],
    )
    play(state, knock("kid", 1), OPEN)
    assert party(state, 1) == ["ghost"] * 3 + ["ghost brute"]
    assert party(state, 0) == ["monster", "monster"]


def test_k3_tie_is_broken_by_the_competitor() -> None:
    state = table([["hearse taxi"], [], []], [[], ["ghost", "vampire", "monster brute"], []])
    log = play(state, knock("hearse taxi", 1), OPEN)
    assert RULES.to_move(state) == 0  # the knocker is the competitor
    assert RULES.legal_actions(state) == [ChooseFolk("ghost"), ChooseFolk("vampire")]
    assert any(e.ruling == "K3" for e in log)
    play(state, ChooseFolk("vampire"))
    assert party(state, 1) == ["ghost", "monster brute"]
    assert kk.kind_names(state.discard) == ["vampire", "hearse taxi"]


def test_k4_a_card_that_cannot_apply_does_nothing_and_is_discarded() -> None:
    vamp = table([["ghost vamp"], [], []], [[], ["monster", "vampire"], []])
    log = play(vamp, knock("ghost vamp", 1), OPEN)
    assert party(vamp, 1) == ["monster", "vampire"] and party(vamp, 0) == []
    assert kk.kind_names(vamp.discard) == ["ghost vamp"]
    assert any(e.ruling == "K4" for e in log)
    kid = table([["kid"], [], []], [[], ["ghost", "ghost brute", "scarecrow"], []])
    log = play(kid, knock("kid", 1), OPEN)
    assert party(kid, 1) == ["ghost", "ghost brute", "scarecrow"]
    assert kk.kind_names(kid.discard) == ["kid"] and any(e.ruling == "K4" for e in log)


def test_k5_cards_drawn_from_a_face_up_deck_are_known_until_played() -> None:
    state = table([["ghost"] * 5, ["monster"] * 5, ["vampire"] * 5], [[], [], []], ["kid"])
    play(state, knock("ghost", 1), OPEN)
    for seat in (None, 1, 2):
        assert RULES.view(state, seat)["known"][0] == ["kid"]
    play(state, knock("monster", 2), OPEN, knock("vampire", 0), OPEN)
    play(state, knock("kid", 2))
    # While the kid waits at a door it still counts as one of player 0's cards.
    assert RULES.view(state, 1)["known"][0] == ["kid"]
    play(state, DECLINE)
    # The kid is played; player 0 then drew a hearse taxi, seen by all.
    assert RULES.view(state, 1)["known"][0] == ["hearse taxi"]


def test_k5_face_down_deck_makes_no_card_known() -> None:
    state = table([["ghost"] * 5, ["monster"] * 5, []], [[], [], []], ["kid"], face_down=True)
    log = play(state, knock("ghost", 1), OPEN)
    assert RULES.view(state, 1)["known"][0] == []
    assert RULES.view(state, 0)["hand"].count("kid") == 1
    assert "kid" not in " ".join(e.text.lower() for e in log)


def test_k5_the_knocked_card_is_known_to_the_knocker_only() -> None:
    state = table([["scarecrow"], ["ghost"], ["ghost"]], [[], [], []])
    log = play(state, knock("scarecrow", 1))
    assert RULES.view(state, 0)["knock"] == {"knocker": 0, "target": 1, "card": "scarecrow"}
    for seat in (None, 1, 2):
        assert RULES.view(state, seat)["knock"] == {"knocker": 0, "target": 1, "card": None}
    assert "scarecrow" not in " ".join(e.text.lower() for e in log)


def test_k6_equal_highest_scores_share_the_win() -> None:
    state = table([["ghost"], [], []], [["scarecrow"], ["ghost", "ghost", "ghost"], ["monster"]])
    state.deck = []
    play(state, knock("ghost", 2), OPEN)
    assert RULES.scores(state) == [3, 3, 2]
    assert RULES.winners(state) == [0, 1]


def test_k7_a_choice_with_one_answer_is_not_asked() -> None:
    state = table([["monster vamp"], [], []], [[], ["monster", "monster", "ghost"], []])
    log = play(state, knock("monster vamp", 1), OPEN)
    assert RULES.view(state, None)["decision"] == "knock"  # no question: next turn
    assert party(state, 0) == ["monster"] and party(state, 1) == ["monster", "ghost"]
    assert not any(e.kind == "ask" for e in log)


# -- card effects -------------------------------------------------------------


def test_standard_guest_joins_the_party_for_one_point() -> None:
    state = table([["vampire"], [], []], [[], [], []])
    play(state, knock("vampire", 1), DECLINE)
    assert party(state, 0) == ["vampire"] and RULES.scores(state) == [1, 0, 0]


def test_brute_joins_scores_one_and_protects_its_folk() -> None:
    state = table([["ghost brute", "kid"], [], []], [["ghost", "ghost"], [], []])
    play(state, knock("ghost brute", 1), DECLINE)
    assert RULES.scores(state)[0] == 3
    state.turn = state.mover = 0
    play(state, knock("kid", 1), DECLINE)
    assert party(state, 0) == ["ghost", "ghost", "ghost brute"]


def test_brute_protects_against_the_hearse_taxi_too() -> None:
    state = table([["hearse taxi"], [], []], [[], ["vampire", "vampire brute"], []])
    play(state, knock("hearse taxi", 1), OPEN)
    assert party(state, 1) == ["vampire", "vampire brute"]


def test_musician_doubles_every_guest_of_its_folk() -> None:
    state = table([["monster musician"], [], []], [[], ["monster", "monster brute", "ghost"], []])
    assert RULES.scores(state)[1] == 3
    play(state, knock("monster musician", 1), OPEN)
    assert RULES.scores(state)[1] == 2 * 3 + 1


def test_vamp_competitor_picks_the_guest_even_a_brute_or_musician() -> None:
    state = table(
        [["vampire vamp"], [], []],
        [[], ["vampire", "vampire brute", "vampire musician", "ghost"], []],
    )
    play(state, knock("vampire vamp", 1), DECLINE)
    # Declined: player 0 reveals the vamp on their own empty party, nothing to lure.
    assert party(state, 1) == ["ghost", "vampire", "vampire brute", "vampire musician"]
    state = table(
        [["vampire vamp"], [], []],
        [[], ["vampire", "vampire brute", "vampire musician", "ghost"], []],
    )
    play(state, knock("vampire vamp", 1), OPEN)
    assert RULES.to_move(state) == 0
    assert RULES.legal_actions(state) == [
        TakeGuest("vampire"),
        TakeGuest("vampire brute"),
        TakeGuest("vampire musician"),
    ]
    play(state, TakeGuest("vampire musician"))
    assert party(state, 0) == ["vampire musician"]
    assert party(state, 1) == ["ghost", "vampire", "vampire brute"]
    assert kk.kind_names(state.discard) == ["vampire vamp"]
    assert RULES.view(state, None)["decision"] == "knock"


def test_kid_guests_flee_to_the_competitor_and_the_kid_is_discarded() -> None:
    state = table([["kid"], [], []], [[], ["ghost", "ghost", "ghost musician", "monster"], []])
    play(state, knock("kid", 1), OPEN)
    assert party(state, 0) == ["ghost", "ghost", "ghost musician"]
    assert party(state, 1) == ["monster"] and kk.kind_names(state.discard) == ["kid"]


def test_hearse_taxi_guests_leave_the_game() -> None:
    state = table([["hearse taxi"], [], []], [["monster", "monster", "ghost"], [], []])
    log = play(state, knock("hearse taxi", 2), DECLINE)
    assert party(state, 0) == ["ghost"] and party(state, 2) == []
    assert kk.kind_names(state.discard) == ["monster", "monster", "hearse taxi"]
    assert any("go home" in e.text for e in log)


def test_scarecrow_scores_three_and_no_folk_card_touches_it() -> None:
    state = table(
        [["scarecrow", "kid", "hearse taxi"], [], []], [["ghost"], [], []], ["monster vamp"] * 3
    )
    play(state, knock("scarecrow", 1), DECLINE)
    assert RULES.scores(state)[0] == 4
    for card in ("kid", "hearse taxi"):
        state.turn = state.mover = 0
        play(state, knock(card, 1), DECLINE)
    assert party(state, 0) == ["scarecrow"] and RULES.scores(state)[0] == 3


def test_summary_counts_guests_per_folk_and_scarecrows() -> None:
    state = table([[], [], []], [["ghost", "ghost brute", "scarecrow"], ["monster musician"], []])
    rows = RULES.summary(state)
    assert rows[0] == {
        "monster": 0,
        "ghost": 2,
        "vampire": 0,
        "brutes": 1,
        "musicians": 0,
        "scarecrows": 1,
    }
    assert rows[1]["monster"] == 1 and rows[1]["musicians"] == 1


def test_recount_agrees_with_scores_on_a_crafted_party() -> None:
    state = table(
        [[], [], []],
        [["ghost", "ghost musician", "monster", "scarecrow"], ["vampire brute"], []],
    )
    assert RULES.scores(state) == RULES.recount(state) == [4 + 1 + 3, 1, 0]


# -- views ----------------------------------------------------------------------


def test_views_are_plain_json_and_hide_other_hands() -> None:
    game = gamekit.new_game("knock-knock", seed=3)
    for seat in [None, 0, 1, 2, 3]:
        view = game.view(seat)
        assert json.loads(json.dumps(view)) == view
    assert game.view(None)["hand"] is None
    assert game.view(2)["hand"] == kk.kind_names(game.state.hands[2])
    assert game.view(2)["hand_sizes"] == [5, 5, 5, 5]


def test_no_leak_two_games_differing_only_in_hidden_cards_look_the_same() -> None:
    game = gamekit.new_game("knock-knock", seed=21)
    rng = Rng(5)
    while game.step < 15:
        legal = game.legal_actions()
        game.play(legal[rng.below(len(legal))])
    state = game.state
    for seat in [None, 0, 1, 2, 3]:
        # Swap one unknown card of another seat with a hidden card of the deck.
        other = RULES.copy_state(state)
        victim = (0 if seat is None else seat + 1) % 4
        known = Counter(other.known[victim])
        swappable = [i for i, c in enumerate(other.hands[victim]) if known[kk.CATALOGUE[c]] == 0]
        assert swappable and len(other.deck) > 1  # the top of a face-up deck is public
        i, j = swappable[0], 0
        other.hands[victim][i], other.deck[j] = other.deck[j], other.hands[victim][i]
        assert RULES.state_dict(other) != RULES.state_dict(state)
        assert RULES.view(other, seat) == RULES.view(state, seat)


def test_no_leak_the_knocked_card_does_not_show_in_other_views() -> None:
    a = table([["kid", "ghost"], ["monster"], ["monster"]], [[], [], []])
    b = table([["ghost", "kid"], ["monster"], ["monster"]], [[], [], []])
    RULES.apply(a, knock("kid", 1), None)
    RULES.apply(b, knock("ghost", 1), None)
    for seat in (None, 1, 2):
        assert RULES.view(a, seat) == RULES.view(b, seat)
    assert RULES.view(a, 0) != RULES.view(b, 0)


def test_resample_hidden_keeps_known_cards_and_the_views() -> None:
    game = gamekit.new_game("knock-knock", seed=8)
    rng = Rng(1)
    for _ in range(30):
        legal = game.legal_actions()
        game.play(legal[rng.below(len(legal))])
        state = game.state
        for seat in [None, 0, 1, 2, 3]:
            other = RULES.resample_hidden(state, seat, rng)
            assert RULES.view(other, seat) == RULES.view(state, seat)


# -- bad input ------------------------------------------------------------------


def _refused(game: gamekit.Game, action: Any, reason: str) -> None:
    before, step = game.state_dict(), game.step
    with pytest.raises(gamekit.IllegalAction, match=reason) as err:
        game.play(action)
    assert err.value.legal == game.legal_actions()
    assert game.state_dict() == before and game.step == step


def test_bad_input_knocking_at_your_own_door() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    card = game.view(0)["hand"][0]
    _refused(game, Knock(card, 0), "you cannot knock at your own door")
    _refused(game, Knock(card, 7), "there is no player 7")


def test_bad_input_a_card_not_in_hand() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    missing = next(n for n in kk.KIND_NAMES if n not in game.view(0)["hand"])
    _refused(game, Knock(missing, 1), f"you have no {missing.capitalize()} in your hand")
    _refused(game, Knock("banana", 1), "there is no card called 'banana'")


def test_bad_input_acting_out_of_turn() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    _refused(game, OPEN, "Player 1 must first knock")
    _refused(game, TakeGuest("ghost"), "Player 1 must first knock")
    game.play(game.legal_actions()[0])
    card = game.view(0)["hand"][0]
    _refused(game, Knock(card, 2), "Player 2 must open the door or keep it closed")
    _refused(game, ChooseFolk("ghost"), "no kid or hearse taxi is waiting")
    _refused(game, object(), "not an action of Knock! Knock!")


def test_bad_input_wrong_choice_names_the_options() -> None:
    state = table([["kid"], [], []], [[], ["ghost", "vampire"], []])
    play(state, knock("kid", 1), OPEN)
    assert "ghosts or vampires" in RULES.why_illegal(state, ChooseFolk("monster"))
    state = table([["ghost vamp"], [], []], [[], ["ghost", "ghost musician"], []])
    play(state, knock("ghost vamp", 1), OPEN)
    assert "Ghost, Ghost musician" in RULES.why_illegal(state, TakeGuest("ghost brute"))


def test_play_by_text_and_records_replay() -> None:
    game = gamekit.new_game("knock-knock", seed=2)
    game.play(str(game.legal_actions()[0]))
    game.play("open the door")
    loaded = gamekit.load_game(game.to_json())
    assert loaded.state_dict() == game.state_dict() and loaded.history == game.history


def test_tampered_record_is_refused_at_its_step() -> None:
    game = gamekit.new_game("knock-knock", seed=2)
    for _ in range(4):
        game.play(game.legal_actions()[0])
    record = json.loads(game.to_json())
    second_knock = [i for i, a in enumerate(record["actions"]) if a["type"] == "knock"][1]
    record["actions"][second_knock]["card"] = "banana"
    with pytest.raises(gamekit.BadRecord, match=f"step {second_knock + 1}"):
        gamekit.load_game(json.dumps(record))


def test_describe_previews_without_playing() -> None:
    game = gamekit.new_game("knock-knock", seed=2)
    action = game.legal_actions()[0]
    assert "face down at Player 2's door" in game.describe(action)
    assert game.step == 0


def test_bad_input_odd_field_values_are_refused_in_words() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    _refused(game, Knock(("kid",), 1), "there is no card called")  # type: ignore[arg-type]
    _refused(game, Knock("kid", "1"), "there is no player '1'")  # type: ignore[arg-type]
    game.play(game.legal_actions()[0])
    _refused(game, ChooseFolk("zombie"), "no kid or hearse taxi is waiting")
    assert str(ChooseFolk("zombie")) == "Choose the zombies"


def test_narration_a_taxi_names_the_musicians_it_takes() -> None:
    from gamekit.titles.knock_knock.rules import CATALOGUE, KIND_INDEX, guests_text

    ids = {k: [c for c, n in enumerate(CATALOGUE) if n == i] for k, i in KIND_INDEX.items()}
    assert guests_text(ids["vampire"][:2] + ids["vampire musician"][:1]) == (
        "2 vampires and a Vampire musician"
    )
    golden = (Path(__file__).parent / "golden" / "knock-knock.txt").read_text()
    assert "3 monsters and a Monster musician go home in the hearse taxi" in golden


def test_narration_no_skip_lines_when_the_game_ends() -> None:
    for seed in range(5):
        game = gamekit.new_game("knock-knock", seed=seed)
        while not game.is_over:
            game.play(game.legal_actions()[0])
        tail = [e.kind for e in game.log[-4:]]
        assert "skip" not in tail[tail.index("draw") + 1 :] if "draw" in tail else True
        assert game.log[-1].kind == "end" and game.log[-2].kind != "skip"
        assert " and player" not in game.log[-1].text


# -- the game-over box ----------------------------------------------------------


def test_game_over_box_explains_the_score_musician_doubling_and_scarecrows() -> None:
    state = table(
        [[], [], []],
        [["ghost", "ghost brute", "ghost musician", "monster", "scarecrow"], ["vampire"], []],
    )
    state.deck, state.phase = [], kk.OVER
    assert RULES.scores(state) == [2 * 3 + 1 + 3, 1, 0]
    assert RULES.result_lines(state) == [
        "Player 1 wins.",
        "Player 1 has 10 points: 4 for the guests, 3 more where a musician doubles its folk "
        "and 3 for the scarecrows (3 each).",
        "Player 2 has 1 point: 1 for the guests, 0 more where a musician doubles its folk "
        "and 0 for the scarecrows (3 each).",
        "Player 3 has 0 points: 0 for the guests, 0 more where a musician doubles its folk "
        "and 0 for the scarecrows (3 each).",
    ]
    with gamekit.language("fr"):
        assert RULES.result_lines(state)[1] == (
            "Le joueur 1 a 10 points\u202f: 4 pour les invités, 3 de plus là où un musicien double "
            "son type et 3 pour les épouvantails (3 chacun)."
        )


@pytest.mark.parametrize("seed", range(6))
def test_game_over_box_parts_add_up_to_the_recount(seed: int) -> None:
    game = gamekit.new_game("knock-knock", players=3 + seed % 3, seed=seed)
    bot = gamekit.bots.make("knock-knock", "greedy", seed=seed)
    while not game.is_over:
        game.play(bot.choose(game))
    explained = game.result_lines()[1:]
    assert len(explained) == game.players
    for line, total, row in zip(explained, RULES.recount(game.state), game.summary(), strict=True):
        parts = re.fullmatch(
            r".* has (\d+) points?: (\d+) for .*, (\d+) more .* and (\d+) for .*", line
        )
        assert parts, line
        shown, guests, doubled, scarecrows = map(int, parts.groups())
        assert shown == total == guests + doubled + scarecrows
        assert guests == sum(row[folk] for folk in kk.FOLKS) and scarecrows == 3 * row["scarecrows"]
        assert doubled <= guests and (doubled == 0 or row["musicians"] > 0)
