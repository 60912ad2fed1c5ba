"""Hats through the full API: views, bad input, records, bots and the conformance checker."""

from __future__ import annotations

import json
import time

import pytest
from spread_seeds import spread

import gamekit
from gamekit import bots
from gamekit.core.conformance import check_title
from gamekit.core.lean import play_out
from gamekit.core.rng import Rng
from gamekit.titles.hats import rules as hats
from gamekit.titles.hats.bots import GreedyBot, keep_value
from gamekit.titles.hats.rules import RULES, BlackHat, DiscardDraw, Exchange, Swap


def played_game(players: int, seed: int, steps: int) -> gamekit.Game:
    """A game after ``steps`` random decisions."""
    g = gamekit.new_game("hats", players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        if g.is_over:
            break
        legal = g.legal_actions()
        g.play(legal[rng.below(len(legal))])
    return g


# -- views -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_hide_hands_black_hats_discards_and_the_deck(players: int) -> None:
    g = played_game(players, seed=21, steps=25)
    state = g.state
    assert any(state.black_hats) or any(state.discards)
    for seat in [None, *range(players)]:
        view = g.view(seat)
        text = json.dumps(view)
        assert "deck" not in {k for k in view if k != "deck_size"}
        assert view["hand"] == (None if seat is None else sorted(state.hands[seat]))
        assert view["black_hats"] == [len(b) for b in state.black_hats]
        mine = None if seat is None else sorted(state.black_hats[seat])
        assert view["my_black_hats"] == mine
        assert view["discard_size"] == len(state.discards)
        assert "cookie" in view and view["cookie"] == state.cookie
        assert json.loads(text) == view


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_do_not_change_with_cards_the_seat_cannot_see(players: int) -> None:
    for seed in range(6):
        g = played_game(players, seed=seed, steps=7 * seed + 3)
        state = g.state
        for seat in [None, *range(players)]:
            other = RULES.resample_hidden(state, seat, Rng(seed))
            assert RULES.view(other, seat) == RULES.view(state, seat)
            if seat is not None:
                assert other.hands[seat] == state.hands[seat]


def test_resampling_really_moves_hidden_cards() -> None:
    state = played_game(3, seed=2, steps=10).state
    other = RULES.resample_hidden(state, 0, Rng(1))
    assert other.hands[1:] != state.hands[1:] or other.deck != state.deck


def test_black_hat_face_known_to_its_owner_only() -> None:
    g = gamekit.new_game("hats", players=3, seed=5)
    card = g.state.hands[0][0]
    g.play(BlackHat(card))
    assert g.view(0)["my_black_hats"] == [card]
    for seat in (None, 1, 2):
        assert g.view(seat)["collections"] == [[], [], []]
        assert g.view(seat)["my_black_hats"] in (None, [])
        assert g.view(seat)["black_hats"] == [1, 0, 0]


def test_the_end_reveals_favourites_but_not_black_hats() -> None:
    g = played_game(3, seed=3, steps=100)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    view = g.view(1)
    assert view["favourites"] == [h[0] for h in g.state.hands]
    assert view["my_black_hats"] == sorted(g.state.black_hats[1])
    assert view["black_hats"] == [len(b) for b in g.state.black_hats]  # counts only
    assert RULES.view(RULES.resample_hidden(g.state, 1, Rng(4)), 1) == view
    assert view["scores"] == g.scores()


# -- bad input -------------------------------------------------------------------------------
def test_a_forbidden_exchange_is_refused_with_the_rule_and_nothing_changes() -> None:
    g = gamekit.new_game("hats", players=3, seed=2026)
    state = g.state
    hand, table = state.hands[0], state.table
    bad = next(
        Exchange(card, space, take)
        for card in hand
        for space, take in enumerate(table, start=1)
        if not hats.can_take(card, take)
    )
    before = g.state_dict()
    with pytest.raises(gamekit.IllegalAction) as err:
        g.play(bad)
    played, taken = hats.card_number(bad.card), hats.card_number(bad.take)
    assert f"a {played} cannot take a {taken} of another type" in err.value.reason
    assert err.value.legal == g.legal_actions()
    assert g.state_dict() == before and g.step == 0 and g.log == ()


def test_bad_actions_name_the_problem() -> None:
    g = gamekit.new_game("hats", players=3, seed=2026)
    table, hand = g.state.table, g.state.hands[0]
    stranger = g.state.hands[1][0]
    cases = {
        Exchange(stranger, 1, table[0]): "not in your hand",
        Exchange(hand[0], 9, table[0]): "no space 9",
        Exchange(hand[0], 1, table[1]): f"space 1 holds the {hats.card_name(table[0])}",
        BlackHat(99): "no card 99",
        DiscardDraw(stranger): "not in your hand",
        hats.END_TURN: "first make your main action",
    }
    before = g.state_dict()
    for action, reason in cases.items():
        with pytest.raises(gamekit.IllegalAction, match=reason):
            g.play(action)
    with pytest.raises(gamekit.IllegalAction, match="no legal action reads"):
        g.play("Win the game")
    with pytest.raises(gamekit.IllegalAction, match="not an action of Hats"):
        g.play(object())  # type: ignore[arg-type]
    assert g.state_dict() == before


def test_a_second_main_action_is_refused() -> None:
    g = gamekit.new_game("hats", players=3, seed=6)
    g.play(BlackHat(g.state.hands[0][0]))
    with pytest.raises(gamekit.IllegalAction, match="already made your main action"):
        g.play(BlackHat(g.state.hands[0][0]))


def test_four_players_refuse_discard_and_draw() -> None:
    g = gamekit.new_game("hats", players=4, seed=6)
    with pytest.raises(gamekit.IllegalAction, match="swap with your partner instead"):
        g.play(DiscardDraw(g.state.hands[0][0]))
    assert Swap(g.state.hands[0][0]) in g.legal_actions()


def test_play_by_text_describe_and_narration() -> None:
    g = gamekit.new_game("hats", players=3, seed=2026)
    action = next(a for a in g.legal_actions() if isinstance(a, Exchange))
    assert "would play the" in g.describe(action)
    events = g.play(str(action).upper())
    assert g.history == (action,) and events[0].ruling == "H3"
    assert "takes the" in events[0].text


def test_records_replay_and_undo() -> None:
    g = played_game(4, seed=8, steps=60)
    loaded = gamekit.load_game(g.to_json())
    assert loaded.state_dict() == g.state_dict()
    record = json.loads(g.to_json())
    record["seed"] = 9
    with pytest.raises(gamekit.BadRecord):
        gamekit.load_game(record)
    before = g.state_dict()
    g.play(g.legal_actions()[0])
    g.undo()
    assert g.state_dict() == before


def test_summary_gives_the_tally_per_seat() -> None:
    g = played_game(4, seed=10, steps=0)
    while not g.is_over:
        g.play(g.legal_actions()[-1])
    rows = g.summary()
    keys = {"collection", "black_hats", "favourite", "cookie", "total", "team", "team_score"}
    assert all(set(r) == keys for r in rows)
    assert [r["total"] for r in rows] == g.scores()
    assert sum(r["cookie"] for r in rows) == (5 if g.view(None)["cookie"] is not None else 0)


# -- bots -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_plays_legal_moves_through_the_full_api(players: int) -> None:
    assert bots.available("hats") == ["greedy", "random"]
    g = gamekit.new_game("hats", players=players, seed=players)
    seats = [bots.make("hats", "greedy", seed=s) for s in range(players)]
    while not g.is_over:
        g.play(seats[g.to_move].choose(g))  # type: ignore[index]
    assert g.winners()


def test_greedy_takes_the_card_whose_type_stays_on_the_rightmost_space() -> None:
    # The red 6 can take anything. Taking the orange 2 (space 5) leaves the orange 1
    # on space 6: the orange 2 is worth 6 points; taking the orange 1 instead would
    # leave orange on space 5 (5 points); every other card's type leaves the table.
    view = gamekit.new_game("hats", players=3, seed=1).view(0)
    view.update(
        table=[hats.card_of(t, 2) for t in ("blue", "green", "pink", "purple", "orange")]
        + [hats.card_of("orange", 1)],
        hand=[hats.card_of("red", 6), hats.card_of("red", 1)],
    )
    legal = RULES.legal_actions(_state_for(view))
    choice = GreedyBot().act(view, legal)
    assert choice == Exchange(hats.card_of("red", 6), 5, hats.card_of("orange", 2))


def _state_for(view: dict[str, object]) -> hats.State:
    state = RULES.initial_state(RULES.make_config(3, {}), seed=1)
    state.table = list(view["table"])  # type: ignore[call-overload]
    state.hands[0] = list(view["hand"])  # type: ignore[call-overload]
    return state


def test_greedy_ditches_only_weak_cards() -> None:
    view = {"collections": [[hats.card_of("red", 2)], [], []], "seat": 0}
    assert keep_value(view, hats.card_of("blue", 1)) < keep_value(view, hats.card_of("red", 1))
    assert (
        keep_value(view, hats.card_of("blue", 6)) > 3.5 > keep_value(view, hats.card_of("blue", 2))
    )


def test_greedy_beats_random_play() -> None:
    """Greedy in seat g % 3 against two random bots: far above the 1/3 of a random seat."""
    config = RULES.make_config(3, {})
    games, wins = 300, 0.0
    for seed in range(games):
        seat = seed % 3
        players = [
            bots.make("hats", "greedy" if s == seat else "random", seed=seed * 7 + s)
            for s in range(3)
        ]
        winners = RULES.winners(play_out(RULES, config, seed, players).state)
        wins += 1 / len(winners) if seat in winners else 0
    assert wins / games > 0.6


# -- the conformance checker -----------------------------------------------------------
@pytest.mark.slow  # ./kit check leaves it out; ./kit test runs it
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_fast_over_seeds_spread_like_the_500(players: int) -> None:
    """The ``./kit test`` default: 50 of the thorough run's 500 seeds, spread out."""
    seeds = spread(range(500), 50, players)
    assert check_title("hats", seeds=seeds, players=players) >= len(seeds) * 8 * players


@pytest.mark.slow
@pytest.mark.thorough
@pytest.mark.parametrize("players", [2, 3, 4])
def test_conformance_over_500_seeds(players: int) -> None:
    start = time.perf_counter()
    decisions = check_title("hats", seeds=range(500), players=players)
    assert decisions >= 500 * 8 * players  # at least one decision per turn
    print(f"hats conformance, {players} players: {time.perf_counter() - start:.1f}s")


def test_conformance_with_named_removed_types() -> None:
    options = {"removed_types": ["orange", "purple"]}
    assert check_title("hats", seeds=range(600, 640), players=2, options=options)
