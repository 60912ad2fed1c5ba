"""Hats: set-up, one test per ruling (H1-H11), turn structure and scoring.

Scenario tests build a crafted state with :func:`crafted` and drive the rules
directly; ``tests/test_hats_play.py`` covers views, bad input, bots and the
conformance checker.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import gamekit
from gamekit.core.actions import Event
from gamekit.core.i18n import language
from gamekit.core.rng import Rng, derive_seed
from gamekit.titles.hats import effects
from gamekit.titles.hats import rules as hats
from gamekit.titles.hats.rules import (
    CARDS,
    END_TURN,
    RULES,
    TYPES,
    BlackHat,
    DiscardDraw,
    Exchange,
    GiveBack,
    State,
    Swap,
)


def c(text: str) -> int:
    """A card from its name: c("red 3")."""
    name, number = text.split()
    return hats.card_of(name, int(number))


def cards(text: str) -> list[int]:
    """Cards from a comma-separated list: cards("red 3, blue 5")."""
    return [c(part) for part in text.split(",") if part.strip()]


def crafted(
    players: int = 3,
    *,
    table: str,
    hands: list[str],
    collections: list[str] | None = None,
    black_hats: list[str] | None = None,
    deck: str | None = None,
    discards: str = "",
    **fields: Any,
) -> State:
    """A state where every card is placed as told; unplaced cards go to the deck."""
    state = RULES.initial_state(RULES.make_config(players, {}), seed=0)
    state.table = cards(table)
    state.hands = [sorted(cards(h)) for h in hands]
    state.collections = [cards(x) for x in collections or [""] * players]
    state.black_hats = [cards(x) for x in black_hats or [""] * players]
    state.discards = cards(discards)
    placed = {*state.table, *state.discards}
    for group in (state.hands, state.collections, state.black_hats):
        placed |= {card for pile in group for card in pile}
    state.box = []
    state.deck = cards(deck) if deck is not None else [x for x in CARDS if x not in placed]
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def play(state: State, *actions: Any) -> list[Event]:
    """Apply legal actions to a crafted state, checking each is legal first."""
    events: list[Event] = []
    for action in actions:
        assert action in RULES.legal_actions(state), RULES.why_illegal(state, action)
        RULES.apply(state, action, events)
    return events


TABLE = "blue 6, green 6, red 6, pink 6, yellow 6, orange 6"
"""A tea table where no exchange of a lower card is possible: blue scores 1 ... orange 6."""


def finished(**kwargs: Any) -> State:
    """A crafted end-of-game state (every player made 8 main actions)."""
    state = crafted(**kwargs)
    state.turns = hats.MAIN_ACTIONS * state.players
    return state


# -- set-up ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deck"), [(2, 7), (3, 9), (4, 0)])
def test_setup_deals_nine_cards_and_fills_the_table(players: int, deck: int) -> None:
    g = gamekit.new_game("hats", players=players, seed=11)
    view = g.view(0)
    assert view["hand_sizes"] == [9] * players
    assert len(view["table"]) == hats.SPACES[players] and all(view["table_face_up"])
    assert view["deck_size"] == deck and view["discard_size"] == 0
    assert view["cookie"] is None and g.to_move == 0


def test_default_is_three_players() -> None:
    assert gamekit.new_game("hats", seed=1).players == 3


def test_h1_forty_two_cards_seven_types_numbered_one_to_six() -> None:
    assert len(CARDS) == 42 and len(TYPES) == 7 and "black" not in TYPES
    pairs = {(hats.card_type(x), hats.card_number(x)) for x in CARDS}
    assert pairs == {(t, n) for t in range(7) for n in range(1, 7)}
    assert hats.card_name(c("purple 6")) == "purple 6"
    state = RULES.initial_state(RULES.make_config(3, {}), seed=5)
    placed = Counter(x for pile in RULES.card_places(state).values() for x in pile)
    assert placed == Counter(CARDS)


def test_h2_two_players_remove_two_whole_types_and_use_five_spaces() -> None:
    removed_pairs = set()
    for seed in range(30):
        state = RULES.initial_state(RULES.make_config(2, {}), seed)
        removed = {hats.card_type(x) for x in state.box}
        assert len(state.box) == 12 and len(removed) == 2
        assert len(state.table) == 5 and len(state.deck) == 7
        in_play = state.table + state.deck + [x for h in state.hands for x in h]
        assert not removed & {hats.card_type(x) for x in in_play}
        removed_pairs.add(frozenset(removed))
    assert len(removed_pairs) > 5, "the removed types should depend on the seed"
    g = gamekit.new_game("hats", players=2, seed=3, removed_types=["pink", "red"])
    assert g.view(1)["removed_types"] == ["pink", "red"]
    assert g.options == {"removed_types": ["red", "pink"]}
    assert gamekit.load_game(g.to_json()).state_dict() == g.state_dict()


def test_h2_option_is_checked() -> None:
    with pytest.raises(ValueError, match="only for 2 players"):
        gamekit.new_game("hats", players=3, removed_types=["red", "blue"])
    with pytest.raises(ValueError, match="two different types"):
        gamekit.new_game("hats", players=2, removed_types=["red", "black"])
    with pytest.raises(ValueError, match="two different types"):
        gamekit.new_game("hats", players=2, removed_types=["red", "red"])
    with pytest.raises(ValueError, match="2 to 4 players"):
        gamekit.new_game("hats", players=5)
    with pytest.raises(ValueError, match="no option"):
        gamekit.new_game("hats", players=2, colours=3)


# -- the main action -----------------------------------------------------------------
def test_h3_exchange_same_type_or_strictly_higher_number() -> None:
    state = crafted(
        table="blue 3, green 5, red 1, pink 6, yellow 2, orange 4",
        hands=["red 3, red 4, blue 1", "", ""],
    )
    exchanges = [a for a in RULES.legal_actions(state) if isinstance(a, Exchange)]
    onto_blue3 = {a.card for a in exchanges if a.space == 1}
    assert onto_blue3 == {c("red 4"), c("blue 1")}  # strictly higher, or the same type
    assert Exchange(c("red 3"), 1, c("blue 3")) not in exchanges  # equal is not higher
    assert {a.card for a in exchanges if a.space == 3} == set(cards("red 3, red 4"))
    assert not any(a.space == 4 for a in exchanges)  # nothing beats a 6 of another type
    reason = RULES.why_illegal(state, Exchange(c("red 3"), 2, c("green 5")))
    assert "a 3 cannot take a 5 of another type" in reason and "H3" in reason
    play(state, Exchange(c("blue 1"), 1, c("blue 3")))
    assert state.table[0] == c("blue 1") and state.collections[0] == [c("blue 3")]
    assert state.hands[0] == cards("red 3, red 4")


def test_black_hat_goes_face_down_into_the_collection() -> None:
    state = crafted(table=TABLE, hands=["red 3, red 5", "", ""])
    events = play(state, BlackHat(c("red 5")))
    assert state.black_hats[0] == [c("red 5")] and state.collections[0] == []
    assert "red" not in events[0].text  # the narration does not show its face


def test_exactly_one_main_action_and_an_explicit_end_turn() -> None:
    g = gamekit.new_game("hats", players=3, seed=8)
    first = g.legal_actions()
    assert hats.END_TURN not in first
    assert any(isinstance(a, DiscardDraw) for a in first)
    main = next(a for a in first if isinstance(a, Exchange | BlackHat))
    g.play(main)
    after = g.legal_actions()
    assert g.to_move == 0 and after[-1] == END_TURN
    assert not any(isinstance(a, Exchange | BlackHat) for a in after)
    g.play(END_TURN)
    assert g.to_move == 1 and g.view(1)["decision"] == "main"


def test_discarding_first_leaves_only_the_main_action_and_then_the_turn_ends() -> None:
    g = gamekit.new_game("hats", players=3, seed=8)
    g.play(next(a for a in g.legal_actions() if isinstance(a, DiscardDraw)))
    legal = g.legal_actions()
    assert all(isinstance(a, Exchange | BlackHat) for a in legal) and g.to_move == 0
    g.play(legal[0])
    assert g.to_move == 1


def test_the_game_ends_after_eight_main_actions_each() -> None:
    g = gamekit.new_game("hats", players=3, seed=9)
    while not g.is_over:
        g.play(g.legal_actions()[0])
    view = g.view(None)
    assert view["played"] == [8, 8, 8] and view["hand_sizes"] == [1, 1, 1]
    assert view["favourites"] == [h[0] for h in g.state.hands]
    assert g.to_move is None and g.legal_actions() == [] and view["decision"] == "over"
    assert view["winners"] == g.winners() != []


# -- the optional action ----------------------------------------------------------------
def test_h4_discard_and_draw_once_with_the_discards_reshuffled() -> None:
    state = crafted(
        table="blue 3, green 5, red 1, pink 6, yellow 2, orange 4",
        hands=["red 3, red 4", "", ""],
        deck="",
        discards="green 1, green 2, green 3",
        seed=77,
    )
    play(state, DiscardDraw(c("red 3")))
    expected = Rng(derive_seed(77, "reshuffle", 1)).shuffled(cards("green 1, green 2, green 3"))
    drawn = expected.pop()
    assert state.deck == expected and state.reshuffles == 1
    assert state.hands[0] == sorted([c("red 4"), drawn])
    assert not any(isinstance(a, DiscardDraw) for a in RULES.legal_actions(state))
    assert "only once per turn" in RULES.why_illegal(state, DiscardDraw(c("red 4")))


def test_h4_no_discard_when_the_deck_and_the_discards_are_empty() -> None:
    state = crafted(
        table="blue 3, green 5, red 1, pink 6, yellow 2, orange 4",
        hands=["red 3, red 4", "", ""],
        deck="",
    )
    assert not any(isinstance(a, DiscardDraw) for a in RULES.legal_actions(state))
    assert "both empty" in RULES.why_illegal(state, DiscardDraw(c("red 3")))
    play(state, BlackHat(c("red 3")))
    assert state.seat == 1, "with no optional action open the turn ends at once"


def test_h8_the_deck_is_refilled_before_the_discard_so_it_never_comes_back() -> None:
    state = crafted(
        table="blue 3, green 5, red 1, pink 6, yellow 2, orange 4",
        hands=["red 3, red 4", "", ""],
        deck="",
        discards="green 1",
    )
    play(state, DiscardDraw(c("red 3")))
    assert state.hands[0] == cards("red 4, green 1")
    assert state.discards == [c("red 3")] and state.deck == []


def test_h8_the_last_player_may_still_discard_after_the_last_main_action() -> None:
    g = gamekit.new_game("hats", players=2, seed=4)
    while g.view(None)["played"] != [8, 7] or g.view(None)["decision"] != "main":
        main = [a for a in g.legal_actions() if isinstance(a, Exchange | BlackHat)]
        g.play(main[0] if main else END_TURN)
    g.play(next(a for a in g.legal_actions() if isinstance(a, Exchange | BlackHat)))
    legal = g.legal_actions()
    assert not g.is_over and len(legal) == 2
    assert isinstance(legal[0], DiscardDraw) and legal[1] == END_TURN
    g.play(legal[0])
    assert g.is_over and g.view(None)["favourites"][1] == g.state.hands[1][0]


# -- four players --------------------------------------------------------------------
def test_h5_four_players_swap_with_the_partner_who_chooses_the_card_back() -> None:
    g = gamekit.new_game("hats", players=4, seed=12)
    legal = g.legal_actions()
    assert not any(isinstance(a, DiscardDraw) for a in legal)
    swaps = [a for a in legal if isinstance(a, Swap)]
    assert len(swaps) == 9
    hand0, hand2 = g.state.hands[0], g.state.hands[2]
    g.play(swaps[0])
    assert g.to_move == 2 and g.view(2)["decision"] == "give-back"
    assert g.legal_actions() == [GiveBack(x) for x in hand2]
    g.play(GiveBack(hand2[-1]))
    assert g.state.hands[0] == sorted([*hand0[1:], hand2[-1]])
    assert g.state.hands[2] == sorted([*hand2[:-1], hand0[0]])
    assert g.to_move == 0 and not any(isinstance(a, Swap) for a in g.legal_actions())
    g.play(next(a for a in g.legal_actions() if isinstance(a, Exchange | BlackHat)))
    assert g.to_move == 1


def test_h5_swap_after_the_main_action_then_the_turn_ends() -> None:
    g = gamekit.new_game("hats", players=4, seed=13)
    g.play(next(a for a in g.legal_actions() if isinstance(a, BlackHat)))
    assert isinstance(g.legal_actions()[0], Swap) and g.legal_actions()[-1] == END_TURN
    g.play(g.legal_actions()[0])
    g.play(g.legal_actions()[0])
    assert g.to_move == 1


def test_h5_no_swap_outside_four_players() -> None:
    g = gamekit.new_game("hats", players=3, seed=1)
    before = g.state_dict()
    with pytest.raises(gamekit.IllegalAction, match="only in a 4-player game"):
        g.play(Swap(g.state.hands[0][0]))
    with pytest.raises(gamekit.IllegalAction, match="nobody has offered you a swap"):
        g.play(GiveBack(g.state.hands[0][0]))
    assert g.state_dict() == before and g.step == 0


def test_h9_the_partner_answers_without_seeing_the_offered_card() -> None:
    g = gamekit.new_game("hats", players=4, seed=14)
    offered = g.state.hands[0][0]
    g.play(Swap(offered))
    partner, giver = g.view(2), g.view(0)
    assert partner["swap_offered"] and partner["my_offer"] is None
    assert offered not in partner["hand"] and len(partner["hand"]) == 9
    assert giver["my_offer"] == offered and giver["hand_sizes"][0] == 8
    assert g.view(None)["my_offer"] is None and g.view(1)["my_offer"] is None
    with pytest.raises(gamekit.IllegalAction, match="must first choose a card to give back"):
        g.play(next(a for a in g.history))


# -- the cookie ---------------------------------------------------------------------


def end_turn_with_collections(
    collections: list[str], cookie: int | None = None, **kw: Any
) -> State:
    state = crafted(
        table=TABLE, hands=["purple 1, purple 2", "", ""], collections=collections, deck="", **kw
    )
    state.cookie = cookie
    play(state, BlackHat(c("purple 1")))  # seat 0's turn ends: the cookie is checked
    return state


def test_h6_cookie_goes_to_the_most_types_black_hats_counting_as_one() -> None:
    state = end_turn_with_collections(["", "red 1, blue 1", "red 2, red 3, red 4"])
    assert state.cookie == 1
    # seat 0 now has one black hat (one type); with red and blue it would have 3 types.
    state = end_turn_with_collections(["red 5, blue 5", "red 1, blue 1", ""])
    assert state.cookie == 0


def test_h6_ties_go_to_the_lowest_numbers_and_running_out_first_loses() -> None:
    state = end_turn_with_collections(["", "red 2, blue 5", "green 2, pink 3"])
    assert state.cookie == 2  # both 2 types; lowest numbers tie (2), then 3 beats 5
    state = end_turn_with_collections(["", "red 1, blue 4, red 4", "green 1, pink 4"])
    assert state.cookie == 1  # 1, 4 tie; player 2 runs out first and loses


def test_h10_a_cookie_tie_nothing_breaks_leaves_the_cookie_in_place() -> None:
    state = end_turn_with_collections(["", "red 2, blue 5", "green 2, pink 5"], cookie=0)
    assert state.cookie == 0
    state = end_turn_with_collections(["", "red 2, blue 5", "green 2, pink 5"], cookie=None)
    assert state.cookie is None


# -- the end and the scores ---------------------------------------------------------
def test_h7_tea_table_clean_up_keeps_the_leftmost_card_of_a_type() -> None:
    state = finished(
        table="red 4, blue 1, red 2, green 6, blue 5, yellow 3",
        hands=["pink 1", "pink 2", "pink 3"],
        collections=["red 1, blue 2, green 3, yellow 4, purple 5", "", ""],
    )
    assert RULES.view(state, None)["table_face_up"] == [True, True, False, True, False, True]
    part = RULES.summary(state)[0]
    assert part["collection"] == 1 + 2 + 4 + 6 + 0  # red 1, blue 2, green 4, yellow 6
    assert hats.table_values(state.table) == {0: 1, 4: 2, 3: 4, 2: 6}


def test_scores_collection_black_hats_favourite_and_cookie() -> None:
    state = finished(
        table="red 4, blue 1, green 2, pink 6, yellow 3, orange 5",
        hands=["red 6", "blue 1", "purple 2"],
        collections=["red 1, red 2, blue 3", "blue 2, blue 4, orange 6", "purple 1"],
        black_hats=["", "green 1, green 3", "pink 1"],
        cookie=1,
    )
    rows = RULES.summary(state)
    assert rows[0] == {
        "collection": 1 + 1 + 2,
        "black_hats": 0,
        "favourite": 1 + 2 - 6,
        "cookie": 0,
        "total": 4 - 3,
    }
    assert rows[1] == {
        "collection": 2 + 2 + 6,
        "black_hats": 2,
        "favourite": 2 + 4 - 1,
        "cookie": 5,
        "total": 10 + 2 + 5 + 5,
    }
    assert rows[2]["collection"] == 0 and rows[2]["favourite"] == 1 - 2
    assert RULES.scores(state) == [1, 22, 0] == RULES.recount(state)
    assert RULES.winners(state) == [1]


def test_running_scores_leave_the_favourite_out_until_the_end() -> None:
    state = crafted(
        table="red 4, blue 1, green 2, pink 6, yellow 3, orange 5",
        hands=["red 6, red 5", "", ""],
        collections=["red 1, red 2", "", ""],
        cookie=0,
    )
    assert RULES.summary(state)[0]["favourite"] == 0
    assert RULES.scores(state) == [1 + 1 + 5, 0, 0]


TIE_TABLE = "red 6, blue 6, green 6, pink 6, yellow 6, orange 6"  # red 1 point ... orange 6


def tie_state(collections: list[str], black_hats: list[str], cookie: int | None) -> State:
    """Favourites purple 1, blue 1, pink 1: -1 point each."""
    return finished(
        table=TIE_TABLE,
        hands=["purple 1", "blue 1", "pink 1"],
        collections=collections,
        black_hats=black_hats,
        cookie=cookie,
    )


def test_winner_tie_goes_to_the_most_black_hats() -> None:
    state = tie_state(["", "red 1, yellow 2", "yellow 3"], ["", "green 1", "green 2, pink 2"], None)
    assert RULES.scores(state) == [-1, 6, 6]
    assert RULES.winners(state) == [2]


def test_winner_tie_then_goes_to_the_cookie_holder() -> None:
    state = tie_state(["", "red 1", "orange 1"], ["", "green 1, green 3", "green 2, pink 2"], 1)
    assert RULES.scores(state) == [-1, 7, 7]
    assert RULES.winners(state) == [1]


def test_winner_tie_otherwise_is_shared() -> None:
    collections = ["", "red 1, yellow 2", "orange 1"]
    blacks = ["", "green 1, green 3", "green 2, pink 2"]
    for cookie in (None, 0):
        state = tie_state(collections, blacks, cookie)
        assert RULES.scores(state)[1:] == [7, 7]
        assert RULES.winners(state) == [1, 2]


def team_state(collections: list[str], black_hats: list[str], cookie: int | None) -> State:
    """Four players; every favourite scores -1."""
    return finished(
        players=4,
        table=TIE_TABLE,
        hands=["purple 1", "blue 1", "yellow 1", "pink 1"],
        collections=collections,
        black_hats=black_hats,
        cookie=cookie,
    )


def test_h11_four_players_add_partner_scores() -> None:
    collections = ["orange 1", "yellow 2", "pink 2, purple 2", "orange 2, purple 3"]
    state = team_state(collections, ["", "", "", ""], None)
    rows = RULES.summary(state)
    assert [r["total"] for r in rows] == [5, 4, 3, 5]
    assert [r["team"] for r in rows] == [0, 1, 0, 1]
    assert [r["team_score"] for r in rows] == [8, 9, 8, 9]
    assert RULES.winners(state) == [1, 3]


def test_h11_team_ties_black_hats_then_cookie_then_shared() -> None:
    collections = ["orange 1", "yellow 2", "pink 2, purple 2", "orange 2, purple 3"]
    state = team_state(collections, ["green 1", "", "", ""], None)
    assert [r["team_score"] for r in RULES.summary(state)] == [9, 9, 9, 9]
    assert RULES.winners(state) == [0, 2]  # more black hats (1 against 0)
    state = team_state(["orange 1, yellow 2", "orange 2", "", ""], ["", "", "", ""], 3)
    assert [r["team_score"] for r in RULES.summary(state)] == [9, 9, 9, 9]
    assert RULES.winners(state) == [1, 3]  # the cookie's team
    state = team_state(["orange 1", "orange 2", "", ""], ["", "", "", ""], None)
    assert [r["team_score"] for r in RULES.summary(state)] == [4, 4, 4, 4]
    assert RULES.winners(state) == [0, 1, 2, 3]  # equal on everything: a shared win


def test_cached_cookie_keys_always_match_a_fresh_count() -> None:
    for players in (2, 3, 4):
        g = gamekit.new_game("hats", players=players, seed=players * 5)
        rng = Rng(players)
        while not g.is_over:
            legal = g.legal_actions()
            g.play(legal[rng.below(len(legal))])
            state = g.state
            fresh = [
                hats.cookie_key(c, len(b))
                for c, b in zip(state.collections, state.black_hats, strict=True)
            ]
            assert effects.cookie_keys(state) == fresh
            assert effects.cookie_keys(RULES.resample_hidden(state, 0, rng)) == fresh


def test_kept_exchanges_match_the_rule_at_every_main_decision() -> None:
    # The legal exchanges come from bits and rows kept up to date by the exchanges:
    # they must be every exchange Ruling H3 allows, by card then space, at every turn.
    for players in (2, 3, 4):
        g = gamekit.new_game("hats", players=players, seed=players * 7)
        rng = Rng(players + 40)
        while not g.is_over:
            state, legal = g.state, g.legal_actions()
            if not state.main_done and state.offer is None:
                by_rule = [
                    Exchange(card, space + 1, take)
                    for card in state.hands[state.seat]
                    for space, take in enumerate(state.table)
                    if hats.can_take(card, take)
                ]
                assert [x for x in legal if isinstance(x, Exchange)] == by_rule
                assert state.exchange_bits == sum(
                    1 << 8 * x.card + x.space - 1
                    for card in CARDS
                    for x in hats.exchanges([card], state.table)
                )
                assert state.exchange_spaces == state.exchange_bits.to_bytes(len(CARDS), "little")
            g.play(legal[rng.below(len(legal))])


def _h6_as_written(collection: list[int], black_hats: int) -> tuple[int, ...]:
    """Ruling H6 read literally: types, then numbers from the lowest; shorter loses."""
    types = len({card // 6 for card in collection}) + (1 if black_hats else 0)
    return (types, *sorted(7 - (card % 6 + 1) for card in collection)[::-1])


def test_h6_cookie_key_orders_collections_as_the_rule_reads() -> None:
    rng = Rng(66)
    for _ in range(5000):
        pair = []
        for _side in range(2):
            size = rng.below(9)
            collection = rng.shuffled(range(42))[:size]
            pair.append((collection, rng.below(3)))
        (a, ba), (b, bb) = pair
        by_rule = (_h6_as_written(a, ba) > _h6_as_written(b, bb)) - (
            _h6_as_written(a, ba) < _h6_as_written(b, bb)
        )
        by_key = (hats.cookie_key(a, ba) > hats.cookie_key(b, bb)) - (
            hats.cookie_key(a, ba) < hats.cookie_key(b, bb)
        )
        assert by_key == by_rule, (a, ba, b, bb)


def test_h7_clean_up_is_told_in_good_english() -> None:
    told = []
    for table in (
        "red 4, blue 1, red 2, green 6, blue 5, yellow 3",  # spaces 3 and 5 repeat a type
        "red 4, blue 1, red 2, green 6, pink 5, yellow 3",  # space 3 only
    ):
        log: list[Event] = []
        effects.narrate_end(finished(table=table, hands=["purple 1", "purple 2", "purple 3"]), log)
        told += [e.text for e in log if e.ruling == "H7"]
    assert told == [
        "Tea-table clean-up: the cards on spaces 3 and 5 repeat a type and turn face down.",
        "Tea-table clean-up: the card on space 3 repeats a type and turns face down.",
    ]


def test_the_cookie_says_when_the_lowest_numbers_broke_a_tie() -> None:
    from pathlib import Path

    golden = (Path(__file__).parent / "golden" / "hats.txt").read_text()
    assert (
        "Player 3 ties with Player 1 and Player 2 on 1 type of hats; the lowest numbers break "
        "the tie (Player 1 has no face-up hat), and Player 3 takes the cookie." in golden
    )
    assert "Player 1 has the most types of hats (1) and takes the cookie" in golden


def cookie_text(collections: list[str], lang: str = "en") -> str:
    """The cookie's narration after seat 0 (who makes a black hat) ends its turn."""
    state = crafted(
        table=TABLE, hands=["purple 1, purple 2", "", ""], collections=collections, deck=""
    )
    events = play(state, BlackHat(c("purple 1")))
    with language(lang):
        return next(e.text for e in events if e.kind == "cookie")


def test_h6_the_cookie_narration_names_the_tie_break_that_decided() -> None:
    assert cookie_text(["", "red 1, blue 1", "red 2"]) == (
        "Player 2 has the most types of hats (2) and takes the cookie."
    )
    tie = "Player 3 ties with Player 2 on 2 types of hats; the lowest numbers break the tie"
    assert cookie_text(["", "red 2, blue 5", "green 3, pink 1"]) == (
        f"{tie} (Player 3's lowest hat is a 1, Player 2's a 2), and Player 3 takes the cookie."
    )
    assert cookie_text(["", "red 2, blue 5", "green 2, pink 3"]) == (
        f"{tie} (their lowest hats are equal, then Player 3's next is a 3 and Player 2's a 5), "
        "and Player 3 takes the cookie."
    )
    assert cookie_text(["", "red 1, blue 2, green 6", "pink 1, yellow 2, orange 4"]) == (
        "Player 3 ties with Player 2 on 3 types of hats; the lowest numbers break the tie "
        "(their 2 lowest hats are equal, then Player 3's next is a 4 and Player 2's a 6), "
        "and Player 3 takes the cookie."
    )
    assert cookie_text(["", "red 1, blue 4, red 4", "green 1, pink 4"]) == (
        "Player 2 ties with Player 3 on 2 types of hats; the lowest numbers break the tie "
        "(their lowest hats are equal, but Player 3's face-up hats run out first), "
        "and Player 2 takes the cookie."
    )
    assert cookie_text(["", "red 3", ""]) == (
        "Player 2 ties with Player 1 on 1 type of hats; the lowest numbers break the tie "
        "(Player 1 has no face-up hat), and Player 2 takes the cookie."
    )
    assert cookie_text(["", "red 2, blue 5", "green 3, pink 1"], "fr") == (
        "Le joueur 3 est à égalité avec le joueur 2 sur 2 types de chapeaux\u202f; les plus "
        "petits numéros les départagent (le plus petit chapeau du joueur 3 est un 1, celui du "
        "joueur 2 un 2), et le joueur 3 prend le cookie."
    )


def test_winner_tie_breaks_are_told_in_the_result_lines() -> None:
    most_black = tie_state(
        ["", "red 1, yellow 2", "yellow 3"], ["", "green 1", "green 2, pink 2"], None
    )
    cookie = tie_state(["", "red 1", "orange 1"], ["", "green 1, green 3", "green 2, pink 2"], 1)
    shared = tie_state(
        ["", "red 1, yellow 2", "orange 1"], ["", "green 1, green 3", "green 2, pink 2"], None
    )
    assert RULES.result_lines(most_black)[-1] == (
        "Tie-break: Player 2 and Player 3 tie on points; the most black hats decides."
    )
    assert RULES.result_lines(cookie)[-1] == (
        "Tie-break: Player 2 and Player 3 tie on points and black hats; the cookie decides."
    )
    assert RULES.result_lines(shared)[0] == "Player 2 and Player 3 win."
    assert RULES.result_lines(shared)[-1] == (
        "Tie-break: Player 2 and Player 3 tie on points and black hats, and nothing breaks it: "
        "a shared win."
    )
    with language("fr"):
        assert RULES.result_lines(cookie)[-1] == (
            "Départage\u202f: le joueur 2 et le joueur 3 sont à égalité de points et de chapeaux "
            "noirs\u202f; le cookie décide."
        )
        assert RULES.result_lines(shared)[0] == "Le joueur 2 et le joueur 3 gagnent."


def test_h11_the_team_tie_break_is_told_in_the_result_lines() -> None:
    collections = ["orange 1", "yellow 2", "pink 2, purple 2", "orange 2, purple 3"]
    state = team_state(collections, ["green 1", "", "", ""], None)
    lines = RULES.result_lines(state)
    assert lines[0] == "Player 1 and Player 3 win."
    assert lines[-3:] == [
        "Team 1 (Player 1 and Player 3) has 9 points.",
        "Team 2 (Player 2 and Player 4) has 9 points.",
        "Tie-break: the teams tie on points; the most black hats decides.",
    ]
    state = team_state(["orange 1, yellow 2", "orange 2", "", ""], ["", "", "", ""], 3)
    assert RULES.result_lines(state)[-1] == (
        "Tie-break: the teams tie on points and black hats; the cookie decides."
    )
    state = team_state(["orange 1", "orange 2", "", ""], ["", "", "", ""], None)
    assert RULES.result_lines(state)[-1] == (
        "Tie-break: the teams tie on points and black hats, and nothing breaks it: a shared win."
    )
