"""The Bloody Inn: each of the 24 annex effects of the card list, one test each."""

from __future__ import annotations

from test_bloody_inn import build, game_at, lodge, night, pass_turn, play, put, take

from gamekit.core.game import Game
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    EndTargets,
    KeyRoom,
    Pay,
    Place,
    ServiceRoom,
    TakePeasants,
    Target,
)
from gamekit.titles.bloody_inn.cards import ANNEX, BARN_BASE, TRAVELLERS
from gamekit.titles.bloody_inn.state import EMPTY, WHITE, State


def built_by_paying(s: State, key: str, payers: list[str]) -> tuple[Game, int]:
    """Player 0 builds a ``key`` card from hand, paying with cards of kinds ``payers``."""
    card = put(s, key, s.hands[0])
    paying = [put(s, p, s.hands[0]) for p in payers]
    g = game_at(s)
    play(g, Act("build"), Target(card), *[Pay(c) for c in paying])
    assert card in g.state.annexes[0]
    return g, card


def end_now(g: Game) -> None:
    """Make the rest of this round the last one and pass to the end of the game."""
    g._state.last_round = True
    while not g.is_over:
        if g.state.step == "wages":
            play(g, g.legal_actions()[0])
        else:
            pass_turn(g)


def exit_cards(s: State, family_keys: list[str]) -> None:
    for key in family_keys:
        put(s, key, s.exit)


# -- immediate gains ---------------------------------------------------------------------------


def test_annex_vegetable_garden_pays_1f_per_craftsmen_annex_this_one_included() -> None:
    s = night(2)
    build(s, 0, "mechanic")
    build(s, 0, "baron")
    g, _ = built_by_paying(s, "cultivator", [])
    assert g.state.cash[0] == 5 + 2


def test_annex_kiosk_pays_1f_per_merchants_annex_this_one_included() -> None:
    s = night(2)
    build(s, 0, "representative")
    build(s, 0, "grocer")
    build(s, 1, "newsboy")
    g, _ = built_by_paying(s, "newsboy", [])
    assert g.state.cash[0] == 5 + 3


def test_annex_altar_pays_1f_per_religious_annex_this_one_included() -> None:
    s = night(2)
    g, _ = built_by_paying(s, "novice", [])
    assert g.state.cash[0] == 5 + 1


def test_annex_grand_chandelier_pays_4f() -> None:
    g, _ = built_by_paying(night(2), "baron", [])
    assert g.state.cash[0] == 9


def test_annex_king_size_bed_pays_6f() -> None:
    g, _ = built_by_paying(night(2), "viscount", ["peasant"])
    assert g.state.cash[0] == 11


def test_annex_dining_room_pays_9f() -> None:
    g, _ = built_by_paying(night(2), "count", ["peasant", "peasant"])
    assert g.state.cash[0] == 14


def test_annex_pavilion_pays_18f_capped_at_40f() -> None:
    s = night(2)
    s.cash[0] = 30
    g, _ = built_by_paying(s, "marquis", ["peasant", "peasant", "mechanic"])
    assert g.state.cash[0] == 40
    assert any("(of 18F: cash is capped at 40F)" in e.text for e in g.log)


def test_annex_park_pays_4f_now_and_4f_per_craftsmen_card_in_the_exit_pile_at_the_end() -> None:
    s = night(2)
    exit_cards(s, ["cultivator", "mechanic", "baron"])
    g, _ = built_by_paying(s, "landscaper", ["peasant", "peasant", "peasant"])
    assert g.state.cash[0] == 9 and g.state.hands[0] == []
    end_now(g)
    assert g.state.cash[0] == 9 + 4 * 2


def test_annex_grocery_pays_4f_now_and_4f_per_merchants_card_in_the_exit_pile_at_the_end() -> None:
    s = night(2)
    exit_cards(s, ["newsboy", "representative"])
    g, _ = built_by_paying(s, "grocer", ["newsboy", "peasant", "peasant"])
    assert g.state.cash[0] == 9 and g.state.hands[0] == []  # the Newsboy cannot build: lost
    end_now(g)
    assert g.state.cash[0] == 9 + 4 * 3


def test_annex_stables_pays_4f_now_and_4f_per_nobles_card_in_the_exit_pile_at_the_end() -> None:
    s = night(2)
    exit_cards(s, ["baron", "baron", "count"])
    g, _ = built_by_paying(s, "duke", ["peasant", "peasant", "peasant"])
    assert g.state.cash[0] == 9
    end_now(g)
    assert g.state.cash[0] == 9 + 4 * 3


def test_annex_bishopric_pays_4f_now_and_4f_per_religious_card_in_the_exit_pile_at_the_end() -> (
    None
):
    s = night(2)
    exit_cards(s, ["novice"])
    g, _ = built_by_paying(s, "bishop", ["peasant", "peasant", "peasant"])
    assert g.state.cash[0] == 9
    end_now(g)
    assert g.state.cash[0] == 9 + 4


def test_annex_greenhouse_pays_3f_per_cheque_at_the_end() -> None:
    s = night(2)
    s.cheques[0] = 4
    g, _ = built_by_paying(s, "prince", ["peasant", "peasant", "peasant"])
    assert g.state.cash[0] == 5
    end_now(g)
    assert g.state.cash[0] == 5 + 12


# -- discounts ------------------------------------------------------------------------------------


def test_annex_workshop_builds_for_one_card_less() -> None:
    s = night(2)
    build(s, 0, "mechanic")
    count = put(s, "count", s.hands[0])
    p = put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("build"), Target(count))
    assert g.state.due == 1
    play(g, Pay(p))
    assert count in g.state.annexes[0]


def test_annex_parlor_bribes_for_one_card_less() -> None:
    s = night(2)
    build(s, 0, "representative")
    guest = lodge(s, "count", 0)
    p = put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("bribe"), Target(guest), Pay(p))
    assert guest in g.state.hands[0] and p in g.state.bistro


def test_annex_cellar_buries_for_one_card_less() -> None:
    s = night(2)
    build(s, 0, "abbot")
    corpse = put(s, "brigadier", s.corpses[0])
    g = game_at(s)
    play(g, Act("bury"), Target(corpse))
    assert g.state.step == "site"
    play(g, BuryUnder(BARN_BASE))
    assert g.state.cash[0] == 5 + 12


# -- ongoing effects -------------------------------------------------------------------------------


def test_annex_distillery_frees_one_card_of_wages() -> None:
    s = night(2)
    build(s, 0, "distiller")
    for _ in range(3):
        put(s, "peasant", s.hands[0])
    s.turn, s.seat = 3, 1
    g = game_at(s)
    pass_turn(g)
    assert g.state.cash[0] == 5 - 2


def test_annex_gardens_adds_2f_when_travellers_leave() -> None:
    s = night(2)
    build(s, 0, "gardener")
    lodge(s, "baron", 0)
    s.turn, s.seat = 3, 1
    g = game_at(s)
    pass_turn(g)
    assert g.state.cash[0] == 5 + 1 + 2


def test_i12_gardens_pay_2f_every_morning_even_without_guests_in_your_rooms() -> None:
    s = night(2)
    build(s, 0, "gardener")
    s.turn, s.seat = 3, 1
    g = game_at(s)
    events = pass_turn(g)
    assert g.state.cash[0] == 5 + 2 and any(e.ruling == "I12" for e in events)


def test_annex_room_service_token_pays_the_rank_of_each_lodger() -> None:
    s = night(2)
    g, _ = built_by_paying(s, "concierge", ["peasant", "peasant"])
    assert g.state.step == "service"
    assert {a.room for a in g.legal_actions()} == {0, 1, 2, 3, 4}  # type: ignore[attr-defined]
    play(g, ServiceRoom(3))
    assert g.state.service[3] == 0
    state = g._state
    state.entrance.append(take(state, "major"))
    state.step = "place"
    state.seat = state.first
    play(g, Place(3))
    assert g.state.cash[0] == 5 + 3


def test_i11_room_service_goes_on_an_open_room_without_a_token() -> None:
    s = night(2)
    for r in range(5):
        s.service[r] = 1
    g, _ = built_by_paying(s, "concierge", ["peasant", "peasant"])
    assert g.state.step == "act" and g.state.service[:5] == [1] * 5


def test_annex_bedroom_replaces_a_white_key_with_yours() -> None:
    s = night(2)
    g, _ = built_by_paying(s, "monk", ["peasant"])
    assert {a.room for a in g.legal_actions()} == {2, 3, 4}  # type: ignore[attr-defined]
    play(g, KeyRoom(4))
    assert g.state.keys[4] == 0
    s = night(2)
    s.keys = [0, 1, 1, 0, -1, -1, -1, -1]
    g, _ = built_by_paying(s, "monk", ["peasant"])
    assert g.state.step == "act" and WHITE not in g.state.keys  # no white key: no effect


def test_annex_butchers_shop_kills_any_number_of_guests_in_one_action() -> None:
    s = night(2)
    build(s, 0, "butcher")
    a = lodge(s, "baron", 0)
    b = lodge(s, "viscount", 1)
    p = put(s, "peasant", s.bistro)
    put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("kill"), Target(a), Target(p), Target(b))
    assert g.state.step == "pay" and g.state.due == 1
    play(g, g.legal_actions()[0])
    assert sorted(g.state.corpses[0]) == sorted([a, b, p]) and g.state.bistro[-1:] != [p]


def test_annex_shop_bribes_any_number_of_travellers_in_one_action() -> None:
    s = night(2)
    build(s, 0, "shopkeeper")
    a = lodge(s, "baron", 0)
    b = lodge(s, "cultivator", 3)
    g = game_at(s)
    play(g, Act("bribe"), Target(a))
    assert EndTargets() in g.legal_actions() and Target(b) in g.legal_actions()
    play(g, Target(b))
    assert sorted(g.state.hands[0]) == sorted([a, b])
    assert g.state.rooms[0] == EMPTY and g.state.rooms[3] == EMPTY


def test_annex_brewery_bribes_up_to_four_peasants() -> None:
    s = night(2)
    build(s, 0, "brewer")
    for _ in range(5):
        put(s, "peasant", s.bistro)
    g = game_at(s)
    play(g, Act("bribe"))
    counts = [a.count for a in g.legal_actions() if isinstance(a, TakePeasants)]
    assert counts == [1, 2, 3, 4]
    play(g, TakePeasants(4))
    assert len(g.state.hands[0]) == 4 and len(g.state.bistro) == 1


def test_annex_chapel_returns_every_card_played_to_bury() -> None:
    s = night(2)
    build(s, 0, "priest")
    corpse = put(s, "count", s.corpses[0])
    p = put(s, "peasant", s.hands[0])
    m = put(s, "major", s.hands[0])
    g = game_at(s)
    play(g, Act("bury"), Target(corpse), Pay(p), Pay(m), BuryUnder(BARN_BASE))
    assert sorted(g.state.hands[0]) == sorted([p, m])


def test_annex_crypt_buries_any_number_of_your_corpses_in_one_action() -> None:
    s = night(2)
    crypt = build(s, 0, "archbishop")
    c1 = put(s, "baron", s.corpses[0])
    c2 = put(s, "peasant", s.corpses[0])
    c3 = put(s, "novice", s.corpses[0])
    g = game_at(s)
    play(g, Act("bury"), Target(c1), Target(c2), Target(c3))
    assert g.state.step == "site"
    play(g, BuryUnder(crypt), BuryUnder(crypt), BuryUnder(BARN_BASE))
    s2 = g.state
    assert s2.corpses[0] == [] and sorted(s2.buried[crypt]) == sorted([c1, c2])
    assert s2.cash[0] == 5 + 8 + 4 + 8 and s2.buried_by[0] == 3


def test_every_annex_of_the_card_list_has_its_test() -> None:
    import test_bloody_inn_annexes as me

    names = [n for n in dir(me) if n.startswith("test_annex_")]
    annexes = {ANNEX[c] for c in TRAVELLERS if ANNEX[c]}
    assert len(annexes) == 24
    for annex in annexes:
        slug = annex.lower().replace("'", "").replace(" ", "_")
        assert any(n.startswith(f"test_annex_{slug}") for n in names), annex


def test_i13_with_unlimited_wealth_the_greenhouse_pays_3f_per_10f_held() -> None:
    s = night(2, unlimited_wealth=True)
    s.cash[0] = 47
    g, _ = built_by_paying(s, "prince", ["peasant", "peasant", "peasant"])
    end_now(g)
    assert g.state.cash[0] == 47 + 3 * 4
    assert any(e.ruling == "I13" for e in g.log)
