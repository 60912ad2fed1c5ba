"""The Bloody Inn: set-up, rulings I1-I12, the seed's worked examples, bad input, views.

Crafted positions start from a real set-up and move named cards where a test
wants them (:func:`put`), so every card stays in exactly one place.
"""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.core.actions import Action, Event
from gamekit.core.game import Game
from gamekit.core.rng import Rng, derive_seed
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    Dismiss,
    EndTargets,
    Launder,
    Pay,
    PayFine,
    Place,
    PlaceKey,
    TakePeasants,
    Target,
)
from gamekit.titles.bloody_inn.cards import (
    BARN_BASE,
    IS_POLICE,
    KEY,
    PEASANTS,
    REMOVED,
    TRAVELLERS,
    ids_of,
)
from gamekit.titles.bloody_inn.rules import RULES, UNRATED, rating
from gamekit.titles.bloody_inn.state import EMPTY, NO_KEY, WHITE, State, wealth

# -- crafting positions ----------


def where(s: State, card: int) -> list[int]:
    """The list holding ``card`` (rooms excepted)."""
    lists = [s.entrance, s.removed, s.exit, s.box, s.gone, s.bistro, s.table]
    lists += s.hands + s.corpses + s.annexes + list(s.buried.values())
    for pile in lists:
        if card in pile:
            return pile
    raise AssertionError(f"#{card} is nowhere")


def take(s: State, key: str, avoid: set[int] | None = None) -> int:
    """Lift a card of kind ``key`` from the box-like places (or anywhere) and return it."""
    avoid = avoid or set()
    cards = [c for c in ids_of(key) if c not in avoid]
    spare = [c for c in cards if c not in s.rooms and _loose(s, c)]
    card = (spare or [c for c in cards if c not in s.rooms])[0]
    where(s, card).remove(card)
    return card


def _loose(s: State, card: int) -> bool:
    return card in s.entrance or card in s.removed or card in s.box


def put(s: State, key: str, pile: list[int]) -> int:
    """Move a card of kind ``key`` onto ``pile`` (a hand, the bistro, corpses...)."""
    card = take(s, key)
    pile.append(card)
    return card


def lodge(s: State, key: str, room: int) -> int:
    """Put a card of kind ``key`` in ``room``."""
    card = take(s, key)
    s.rooms[room] = card
    return card


def build(s: State, seat: int, key: str) -> int:
    """Give ``seat`` an annex of kind ``key``."""
    card = put(s, key, s.annexes[seat])
    s.buried[card] = []
    return card


def night(players: int = 2, seat: int = 0, **options: Any) -> State:
    """A position at night: keys on rooms 0..players-1, white keys next; empty hands."""
    s = RULES.initial_state(RULES.make_config(players, options), 0)
    for i in range(players):
        s.keys[i] = i
    for r in range(players, players + (4 if players == 4 else 3)):
        s.keys[r] = WHITE
    for hand in s.hands:
        s.box.extend(hand)
        hand.clear()
    s.step, s.seat, s.first, s.turn = "act", seat, seat, 0
    return s


def game_at(s: State) -> Game:
    """A full-API game starting from a crafted position (undo returns to it)."""
    g = gamekit.new_game("bloody-inn", players=s.players, seed=0)
    g._initial = RULES.copy_state(s)
    g._state = RULES.copy_state(s)
    return g


def play(g: Game, *actions: Action) -> list[Event]:
    """Play actions through the full API; return all their events."""
    events: list[Event] = []
    for a in actions:
        events += g.play(a)
    return events


def pass_turn(g: Game) -> list[Event]:
    """Pass, laundering nothing when asked."""
    events = g.play(Act("pass"))
    if g.state.step == "launder":
        events += g.play(Launder(0))
    return events


def texts(events: list[Event]) -> str:
    return "\n".join(e.text for e in events)


def random_game(players: int, seed: int, **options: Any) -> Game:
    g = gamekit.new_game("bloody-inn", players=players, seed=seed, **options)
    rng = Rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.play(legal[rng.below(len(legal))])
    return g


# -- set-up ----------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("length", ["short", "long"])
def test_setup_removes_travellers_unseen_per_table(players: int, length: str) -> None:
    s = RULES.initial_state(RULES.make_config(players, {"length": length}), 5)
    assert len(s.removed) == REMOVED[players][length]
    assert len(s.entrance) + len(s.removed) == 70
    assert sorted(s.entrance + s.removed) == list(TRAVELLERS)


def test_setup_gives_two_peasants_cash_and_a_cheque() -> None:
    s = RULES.initial_state(RULES.make_config(3, {}), 1)
    assert all(len(h) == 2 and all(c in PEASANTS for c in h) for h in s.hands)
    assert s.cash == [5, 5, 5] and s.cheques == [1, 1, 1]
    assert len(s.box) == 2 and s.bistro == []
    assert s.buried == {BARN_BASE: [], BARN_BASE + 1: [], BARN_BASE + 2: []}


def test_solo_setup_puts_two_peasants_in_the_bistro_and_opens_four_rooms() -> None:
    g = gamekit.new_game("bloody-inn", players=1, seed=3)
    assert len(g.state.bistro) == 2 and len(g.state.box) == 4
    g.play(PlaceKey(5))
    assert g.state.keys.count(0) == 1 and g.state.keys.count(WHITE) == 3


def test_default_is_two_players_long_game() -> None:
    g = gamekit.new_game("bloody-inn", seed=1)
    assert g.players == 2 and g.options["length"] == "long"
    assert len(g.state.entrance) == 45


@pytest.mark.parametrize(
    "players,options,match",
    [
        (5, {}, "players must be 1 to 4"),
        (2, {"length": "medium"}, "length must be"),
        (2, {"first_player": 2}, "first_player must be 0 to 1"),
        (2, {"unlimited_wealth": "yes"}, "True or False"),
        (2, {"colour": "red"}, "unknown option"),
    ],
)
def test_bad_options_are_refused_with_the_allowed_range(
    players: int, options: dict[str, Any], match: str
) -> None:
    with pytest.raises(ValueError, match=match):
        gamekit.new_game("bloody-inn", players=players, seed=1, **options)


def test_i1_player_zero_starts_and_the_first_player_card_passes_left() -> None:
    g = gamekit.new_game("bloody-inn", players=3, seed=4)
    assert g.to_move == 0
    rounds_seen: dict[int, int] = {}
    rng = Rng(1)
    while not g.is_over:
        s = g.state
        if s.step == "act" and s.turn == 0:
            rounds_seen.setdefault(s.round, s.first)
            assert g.to_move == s.first
        legal = g.legal_actions()
        g.play(legal[rng.below(len(legal))])
    assert rounds_seen[1] == 0
    for r in range(2, max(rounds_seen) + 1):
        assert rounds_seen[r] == (rounds_seen[r - 1] + 1) % 3
    other = gamekit.new_game("bloody-inn", players=3, seed=4, first_player=2)
    assert other.to_move == 2


def test_i7_keys_are_chosen_from_the_first_player_then_white_keys_fill_the_lowest_rooms() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=4, first_player=1)
    assert g.to_move == 1
    play(g, PlaceKey(6))
    assert g.to_move == 0 and PlaceKey(6) not in g.legal_actions()
    events = play(g, PlaceKey(2))
    assert g.state.keys == [WHITE, WHITE, 0, WHITE, NO_KEY, NO_KEY, 1, NO_KEY]
    assert any(e.ruling == "I7" for e in events)


# -- evening ----------


def test_the_first_player_lodges_the_top_traveller_where_they_choose() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=8)
    play(g, PlaceKey(0), PlaceKey(1))
    s = g.state
    assert s.step == "place" and g.to_move == 0
    top = s.entrance[-1]
    assert g.view(1)["entrance_top"] == top
    assert [a.room for a in g.legal_actions()] == [0, 1, 2, 3, 4]  # type: ignore[attr-defined]
    play(g, Place(3))
    assert g.state.rooms[3] == top


def test_the_last_empty_room_is_filled_without_asking() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=8)
    play(g, PlaceKey(0), PlaceKey(1), Place(4), Place(3), Place(2), Place(1))
    s = g.state
    assert s.step == "act" and all(s.rooms[r] != EMPTY for r in range(5))


def test_first_come_first_served_lodges_in_room_order() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=8, first_come_first_served=True)
    top5 = g.state.entrance[-5:][::-1]
    play(g, PlaceKey(6), PlaceKey(1))
    s = g.state
    assert s.step == "act"
    assert [s.rooms[r] for r in (0, 1, 2, 3, 6)] == top5


def _to_evening(s: State) -> None:
    """Make ``s`` a position where the next welcome starts (rooms empty)."""
    s.rooms = [EMPTY] * 8
    s.step = "place"


def test_i2_first_exhaustion_shuffles_the_exit_pile_into_a_new_entrance_pile() -> None:
    s = night(2)
    pile = s.entrance
    s.exit, s.entrance, s.removed = pile[:20], pile[20:22], s.removed + pile[22:]
    exit_before = list(s.exit)
    s.step = "place"
    g = game_at(s)
    events = play(g, Place(0), Place(1))
    s2 = g.state
    assert s2.exhausted == 1 and s2.exit == [] and s2.step == "place"
    expected = Rng(derive_seed(0, "reshuffle", 1)).shuffled(exit_before)
    assert s2.entrance == expected
    assert any(e.ruling == "I2" and "shuffled" in e.text for e in events)
    play(g, Place(4), Place(3))
    assert g.state.rooms[2:5] == expected[-3:]
    assert g.state.step == "act"


def test_i2_second_exhaustion_makes_this_round_the_last() -> None:
    s = night(2)
    s.exhausted = 1
    s.removed += s.entrance[3:]
    del s.entrance[3:]
    s.step = "place"
    g = game_at(s)
    events = play(g, Place(0), Place(1), Place(2))
    s2 = g.state
    assert s2.last_round and s2.step == "act" and s2.exhausted == 2
    assert sum(1 for c in s2.rooms if c != EMPTY) == 3
    assert any("last" in e.text and e.ruling == "I2" for e in events)
    rng = Rng(2)
    while not g.is_over:
        legal = g.legal_actions()
        g.play(legal[rng.below(len(legal))])
    assert g.state.round == 1


def test_i2_the_game_ends_at_once_with_fewer_travellers_than_players() -> None:
    s = night(3)
    s.exhausted = 1
    s.removed += s.entrance[2:]
    del s.entrance[2:]
    s.step = "place"
    g = game_at(s)
    two = sorted(s.entrance)
    events = play(g, Place(0), Place(1))
    s2 = g.state
    assert g.is_over and s2.rooms == [EMPTY] * 8
    assert sorted(s2.exit) == two
    assert any("ends at once" in e.text and e.ruling == "I2" for e in events)


def test_ruling_I2_pile_running_out_as_the_inn_fills_makes_that_round_the_last() -> None:
    """2 players, long game, seed 1, every player passes and launders nothing: the new
    pile's last traveller fills the inn in round 18, which is the last one."""
    g = gamekit.new_game("bloody-inn", players=2, seed=1)
    events: list[Event] = []
    at_night: dict[int, bool] = {}
    while not g.is_over:
        step = g.state.step
        action = {"act": Act("pass"), "launder": Launder(0)}.get(step) or g.legal_actions()[0]
        events += g.play(action)
        if g.state.step == "act":
            at_night[g.state.round] = g.view(0)["last_round"]
    assert g.state.round == 18 and g.state.exhausted == 2
    assert at_night[18] is True and not any(at_night[r] for r in range(1, 18))
    said = texts(events)
    assert "Round 18:" in said and "Round 19" not in said
    i2 = [e.text for e in events if e.ruling == "I2"]
    assert any("this round is the last" in text for text in i2)
    assert not any("ends at once" in text for text in i2)


def test_i11_room_service_pays_its_owner_the_rank_of_each_lodger() -> None:
    s = night(2)
    s.service[2] = 1
    s.step = "place"
    top = put(s, "count", s.entrance)
    g = game_at(s)
    events = play(g, Place(2))
    assert g.state.cash[1] == 5 + 2
    assert any(e.ruling == "I11" for e in events)
    assert top == g.state.rooms[2]


# -- night: the worked examples of the rulebook ----------


def test_worked_example_anaelle_bribes_the_landscaper() -> None:
    s = night(3)
    landscaper = lodge(s, "landscaper", 1)
    hand = s.hands[0]
    peasant = put(s, "peasant", hand)
    novice = put(s, "novice", hand)
    newsboy = put(s, "newsboy", hand)
    g = game_at(s)
    play(g, Act("bribe"), Target(landscaper))
    assert g.state.due == 3
    play(g, Pay(peasant), Pay(novice), Pay(newsboy))
    s2 = g.state
    assert peasant in s2.bistro
    assert s2.exit[-1] == novice
    assert sorted(s2.hands[0]) == sorted([newsboy, landscaper])
    assert s2.rooms[1] == EMPTY


def test_worked_example_anaelle_builds_the_distillery() -> None:
    s = night(3)
    hand = s.hands[0]
    distiller = put(s, "distiller", hand)
    viscount = put(s, "viscount", hand)
    mechanic = put(s, "mechanic", hand)
    g = game_at(s)
    play(g, Act("build"), Target(distiller), Pay(viscount), Pay(mechanic))
    s2 = g.state
    assert s2.annexes[0] == [distiller] and s2.buried[distiller] == []
    assert s2.exit[-1] == viscount and s2.hands[0] == [mechanic]


def test_worked_example_madeline_kills_the_baron_without_paying() -> None:
    s = night(3, seat=1)
    baron = lodge(s, "baron", 0)
    put(s, "peasant", s.hands[1])
    g = game_at(s)
    play(g, Act("kill"), Target(baron))
    s2 = g.state
    assert s2.corpses[1] == [baron] and s2.rooms[0] == EMPTY and len(s2.hands[1]) == 1
    assert s2.cash[1] == 5  # no money until the burial


def test_worked_example_madeline_buries_under_her_own_rank_three_annex() -> None:
    s = night(3, seat=1)
    annex = build(s, 1, "duke")
    corpse = put(s, "count", s.corpses[1])
    peasant = put(s, "peasant", s.hands[1])
    grocer = put(s, "grocer", s.hands[1])
    s.cash[1] = 10
    g = game_at(s)
    play(g, Act("bury"), Target(corpse), Pay(peasant), Pay(grocer), BuryUnder(annex))
    s2 = g.state
    assert peasant in s2.bistro and s2.exit[-1] == grocer
    assert s2.buried[annex] == [corpse] and s2.cash[1] == 10 + 18


def test_worked_example_the_morning() -> None:
    """Police present: Madeline pays 10F for her corpse; Sébastien earns 2F; wages 1F a card."""
    s = night(3)
    s.keys = [0, 1, 2, 2, WHITE, WHITE, NO_KEY, NO_KEY]
    guests = [lodge(s, "major", 4), lodge(s, "baron", 2)]
    guests += [lodge(s, "count", 3), lodge(s, "viscount", 5)]
    corpse = put(s, "novice", s.corpses[1])
    s.cash = [12, 15, 9]
    for seat, n in ((0, 2), (1, 3), (2, 1)):
        for _ in range(n):
            put(
                s,
                "peasant" if len([c for c in s.box if KEY[c] == "peasant"]) else "baron",
                s.hands[seat],
            )
    s.turn, s.seat = 5, 2  # the last action of the night
    g = game_at(s)
    pass_turn(g)
    assert g.state.step == "fine" and g.to_move == 1  # 15F and a cheque: Ruling I9
    play(g, PayFine("cash"))
    s2 = g.state
    assert corpse in s2.gone and s2.corpses[1] == []
    assert s2.cash == [12 - 2, 15 - 10 - 3, 9 + 2 - 1]
    assert s2.exit[-4:] == sorted(guests, key=s.rooms.index)  # room order
    assert s2.first == 1 and s2.round == 2 and s2.step == "place" and g.to_move == 1


# -- payment and the actions ----------


def test_the_two_actions_each_come_in_two_passes_from_the_first_player() -> None:
    s = night(3, seat=1)
    g = game_at(s)
    seats = []
    for _ in range(6):
        seats.append(g.to_move)
        pass_turn(g)
    assert seats == [1, 2, 0, 1, 2, 0]


def test_bribe_peasants_takes_one_or_two_from_the_bistro_for_free() -> None:
    s = night(2)
    for _ in range(3):
        put(s, "peasant", s.bistro)
    g = game_at(s)
    play(g, Act("bribe"))
    offers = [a for a in g.legal_actions() if isinstance(a, TakePeasants)]
    assert [a.count for a in offers] == [1, 2]
    play(g, TakePeasants(2))
    assert len(g.state.hands[0]) == 2 and len(g.state.bistro) == 1


def test_kill_a_peasant_of_the_bistro() -> None:
    s = night(2)
    p = put(s, "peasant", s.bistro)
    g = game_at(s)
    play(g, Act("kill"), Target(p))
    assert g.state.corpses[0] == [p] and g.state.bistro == []


def test_bury_under_someone_elses_annex_shares_the_money() -> None:
    s = night(2)
    corpse = put(s, "brigadier", s.corpses[0])
    put(s, "novice", s.hands[0])
    annex = build(s, 1, "count")
    g = game_at(s)
    play(g, Act("bury"), Target(corpse))
    play(g, g.legal_actions()[0])  # pay
    assert {a.annex for a in g.legal_actions()} == {BARN_BASE, BARN_BASE + 1, annex}  # type: ignore[attr-defined]
    play(g, BuryUnder(annex))
    assert g.state.cash == [5 + 6, 5 + 6]
    assert g.state.hands[0] != []  # the Novice (religious) returns to hand


def test_the_barn_holds_one_corpse_and_a_rank_zero_annex_none() -> None:
    s = night(2)
    c1 = put(s, "peasant", s.corpses[0])
    put(s, "peasant", s.corpses[0])
    build(s, 0, "baron")
    s.buried[BARN_BASE + 1].append(take(s, "cultivator"))
    g = game_at(s)
    play(g, Act("bury"), Target(c1))
    assert g.legal_actions() == [BuryUnder(BARN_BASE)]
    play(g, BuryUnder(BARN_BASE))
    s2 = g.state
    s2.seat, s2.step = 0, "act"
    assert Act("bury") not in RULES.legal_actions(s2)


def test_cash_is_capped_at_40f_and_cheques_are_not() -> None:
    s = night(2)
    s.cash[0] = 30
    s.cheques[0] = 9
    corpse = put(s, "major", s.corpses[0])
    s.hands[0] += [take(s, "peasant") for _ in range(3)]
    g = game_at(s)
    play(g, Act("bury"), Target(corpse), *[Pay(c) for c in sorted(g.state.hands[0])[:1]])
    while g.state.step == "pay":
        play(g, g.legal_actions()[0])
    play(g, BuryUnder(BARN_BASE))
    assert g.state.cash[0] == 40 and wealth(g.state, 0) == 130


def test_i3_passing_launders_one_way_and_needs_a_cheque_in_the_reserve() -> None:
    s = night(2)
    s.cash[0], s.cheques[0] = 35, 2
    g = game_at(s)
    g.play(Act("pass"))
    options = [a.cheques for a in g.legal_actions()]  # type: ignore[attr-defined]
    assert options == [0, 1, 2, 3, -1, -2]
    play(g, Launder(3))
    assert g.state.cash[0] == 5 and g.state.cheques[0] == 5
    s = night(2)
    s.cash[0], s.cheques = 40, [28, 1]
    g = game_at(s)
    g.play(Act("pass"))
    assert [a.cheques for a in g.legal_actions()][:2] == [0, 1]  # type: ignore[attr-defined]
    with pytest.raises(gamekit.IllegalAction, match="only 1 cheque"):
        g.play(Launder(2))


def test_i4_workshop_parlor_and_cellar_discounts_stack_down_to_zero() -> None:
    s = night(2)
    build(s, 0, "representative")
    build(s, 0, "representative")
    build(s, 0, "mechanic")
    major = lodge(s, "major", 0)
    count = lodge(s, "count", 1)
    put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("bribe"))
    assert Target(major) in g.legal_actions()  # 3 - 2 = 1 card
    play(g, Target(count))  # 2 - 2 = 0 cards: no payment
    assert count in g.state.hands[0] and g.state.step == "act"


def test_i5_several_targets_pay_the_sum_of_their_ranks() -> None:
    s = night(2)
    build(s, 0, "butcher")
    a = lodge(s, "brigadier", 0)
    b = lodge(s, "count", 1)
    for _ in range(3):
        put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("kill"), Target(a))
    assert Target(b) in g.legal_actions() and EndTargets() in g.legal_actions()
    events = play(g, Target(b))
    assert g.state.due == 3 and any(e.ruling == "I5" for e in events)


def test_i8_a_discount_counts_once_per_action() -> None:
    s = night(2)
    build(s, 0, "shopkeeper")
    build(s, 0, "representative")
    a = lodge(s, "brigadier", 0)
    b = lodge(s, "count", 1)
    for _ in range(2):
        put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("bribe"), Target(a), Target(b))
    assert g.state.due == 1 + 2 - 1


# -- morning ----------


def _last_action(s: State) -> None:
    s.turn = 2 * s.players - 1
    s.seat = (s.first + s.turn) % s.players


def test_i9_without_both_means_the_kit_pays_without_asking() -> None:
    """Under 10F of cash, cheques pay each 10F; with no cheque, cash does: no question."""
    s = night(2)
    lodge(s, "peacekeeper", 0)
    put(s, "baron", s.corpses[1])
    put(s, "baron", s.corpses[1])
    put(s, "count", s.corpses[0])
    s.cash[1], s.cheques[1] = 4, 3
    s.cash[0], s.cheques[0] = 25, 0
    _last_action(s)
    g = game_at(s)
    events = pass_turn(g)
    assert g.state.step != "fine"
    assert g.state.cheques[1] == 1 and g.state.cash[1] == 4 and wealth(g.state, 1) == 14
    assert g.state.cash[0] == 25 - 10 + 1 and g.state.cheques[0] == 0  # +1F: room 1 is theirs
    assert any(e.ruling == "I9" and "20F" in e.text for e in events)


def _fine_at_seed_9() -> Game:
    """2 players, long game, seed 9, random play (RandomBot seed 697 at both seats) up to
    the first fine that asks: player 0, 11F and a cheque, owes 10F for one corpse."""
    g = gamekit.new_game("bloody-inn", players=2, seed=9)
    table = [bots.make("bloody-inn", "random", seed=697) for _ in range(2)]
    while g.state.step != "fine":
        g.play(table[g.to_move].choose(g))
    return g


def test_ruling_I9_fine_paid_by_cheque_avoids_dismissal() -> None:
    g = _fine_at_seed_9()
    s = g.state
    assert (g.to_move, s.cash[0], s.cheques[0], len(s.corpses[0])) == (0, 11, 1, 1)
    assert len(s.hands[0]) == 3 and s.round == 4
    assert g.legal_actions() == [PayFine("cash"), PayFine("cheque")]
    for seat in (None, 0, 1):
        view = g.view(seat)
        assert (view["step"], view["action"], view["due"]) == ("fine", "police", 10)
    assert "11F of cash and 0 cheques left" in g.describe(PayFine("cheque"))
    assert "wages of 3F" in g.describe(PayFine("cash"))
    # the old rule (cash first): 1F left for 3F of wages, 2 cards leave
    events = g.play(PayFine("cash"))
    assert "Player 1 pays 10F of the police fine in cash." in texts(events)
    assert "2 cards must leave" in texts(events)
    assert g.state.step == "wages" and g.state.due == 2 and g.to_move == 0
    g.undo()
    # by cheque: 11F of cash pays the 3F of wages, nobody leaves
    chosen = bots.make("bloody-inn", "innkeeper").choose(g)
    assert chosen == PayFine("cheque")
    events = g.play(chosen)
    assert "with a cheque" in texts(events) and "must leave" not in texts(events)
    assert not any(e.ruling == "I6" for e in events)
    s = g.state
    assert s.cash[0] == 8 and s.cheques[0] == 0 and len(s.hands[0]) == 3 and s.corpses[0] == []


def test_ruling_I9_each_10f_is_a_choice_in_seat_order() -> None:
    s = night(2)
    lodge(s, "peacekeeper", 0)
    for _ in range(2):
        put(s, "baron", s.corpses[0])
    put(s, "count", s.corpses[1])
    s.cash, s.cheques = [25, 12], [2, 1]
    _last_action(s)
    g = game_at(s)
    events = pass_turn(g)
    assert g.state.step == "fine" and g.to_move == 0 and g.state.due == 20
    assert any(e.ruling == "I9" and "owes the police 20F" in e.text for e in events)
    with pytest.raises(gamekit.IllegalAction, match="'cash' or with a 'cheque'"):
        g.play(PayFine("gold"))
    events = play(g, PayFine("cash"))
    assert g.state.step == "fine" and g.to_move == 0 and g.state.due == 10
    assert "10F still to pay" not in g.describe(PayFine("cheque"))
    events += play(g, PayFine("cheque"))
    assert g.state.step == "fine" and g.to_move == 1 and g.state.due == 10
    events += play(g, PayFine("cheque"))
    s2 = g.state
    assert s2.cheques == [1, 0] and s2.corpses == [[], []] and len(s2.gone) == 3
    assert s2.cash == [15 + 1, 12]  # +1F: the guest of room 1 leaves; no hands, no wages
    said = texts(events)
    assert "Player 1 pays 10F of the police fine in cash." in said
    assert "Player 1 pays 10F of the police fine with a cheque." in said
    assert "Player 1 pays 20F to the gravedigger for 2 unburied corpses" in said
    assert g.state.step == "place" and g.state.round == 2


def test_ruling_I9_a_fine_is_asked_only_at_its_step() -> None:
    s = night(2)
    g = game_at(s)
    with pytest.raises(gamekit.IllegalAction, match="Ruling I9"):
        g.play(PayFine("cash"))


def test_ruling_I9_the_gravedigger_asks_and_the_innkeeper_pays_cash() -> None:
    s = night(2)
    s.last_round = True
    _last_action(s)
    put(s, "baron", s.corpses[0])
    build(s, 0, "prince")  # Greenhouse: 3F per cheque kept
    s.cash[0], s.cheques[0] = 30, 2
    g = game_at(s)
    pass_turn(g)
    assert g.state.step == "fine" and g.state.act == "gravedigger" and not g.is_over
    assert g.view(1)["action"] == "gravedigger" and g.view(1)["due"] == 10
    chosen = bots.make("bloody-inn", "innkeeper").choose(g)
    assert chosen == PayFine("cash")
    events = play(g, chosen)
    assert g.is_over and g.state.cash[0] == 20 + 6 and g.state.cheques[0] == 2
    assert "Player 1 pays 10F to the gravedigger in cash." in texts(events)
    assert "Greenhouse pays 6F" in texts(events)


def test_ruling_I9_the_innkeeper_pays_cash_when_wages_stay_covered() -> None:
    s = night(2)
    lodge(s, "peacekeeper", 2)
    put(s, "baron", s.corpses[0])
    put(s, "peasant", s.hands[0])
    s.cash[0], s.cheques[0] = 30, 1
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.step == "fine"
    assert bots.make("bloody-inn", "innkeeper").choose(g) == PayFine("cash")


def test_ruling_I9_a_lost_solo_game_asks_nothing_at_the_end() -> None:
    s = night(1)
    s.last_round = True
    put(s, "baron", s.corpses[0])
    s.cash[0], s.cheques[0] = 20, 1
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.is_over and g.state.lost and g.state.cash[0] == 10 and g.state.cheques[0] == 1


def test_police_cannot_take_more_than_a_player_has() -> None:
    s = night(2)
    lodge(s, "major", 2)
    for _ in range(3):
        put(s, "baron", s.corpses[1])
    s.cash[1], s.cheques[1] = 3, 1
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.cash[1] == 0 and g.state.cheques[1] == 0 and g.state.corpses[1] == []
    assert len(g.state.gone) == 3


def test_no_police_no_investigation() -> None:
    s = night(2)
    lodge(s, "baron", 2)
    corpse = put(s, "count", s.corpses[1])
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.corpses[1] == [corpse]


def test_i6_short_wages_let_the_player_choose_who_leaves() -> None:
    s = night(2)
    hand = s.hands[1]
    count = put(s, "count", hand)
    peasant = put(s, "peasant", hand)
    baron = put(s, "baron", hand)
    s.cash[1] = 1
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.step == "wages" and g.to_move == 1 and g.state.due == 2
    assert {a.card for a in g.legal_actions()} == {count, peasant, baron}  # type: ignore[attr-defined]
    play(g, Dismiss(peasant), Dismiss(baron))
    s2 = g.state
    assert s2.hands[1] == [count] and s2.cash[1] == 0
    assert peasant in s2.bistro and baron in s2.exit


def test_wages_are_paid_in_cash_only() -> None:
    s = night(2)
    put(s, "count", s.hands[0])
    put(s, "count", s.hands[0])
    s.cash[0], s.cheques[0] = 0, 3
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.cheques[0] == 3 and g.state.hands[0] == []


def test_travellers_leave_paying_one_franc_per_own_key_room() -> None:
    s = night(2)
    lodge(s, "baron", 0)
    lodge(s, "baron", 1)
    lodge(s, "baron", 2)  # white key: nobody earns
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.state.cash == [6, 6] and len(g.state.exit) == 3


# -- end of the game ----------


def test_end_gravedigger_end_annexes_and_cap() -> None:
    s = night(2)
    s.last_round = True
    _last_action(s)
    put(s, "baron", s.corpses[0])
    s.cash[0] = 30
    build(s, 1, "landscaper")
    for key in ("cultivator", "mechanic", "distiller"):
        put(s, key, s.exit)
    s.cash[1] = 30
    g = game_at(s)
    pass_turn(g)
    assert g.state.step == "fine" and g.state.act == "gravedigger"  # 30F and a cheque
    play(g, PayFine("cash"))
    assert g.is_over
    assert g.state.cash[0] == 20 and g.state.cheques[0] == 1 and g.state.gone
    assert g.state.cash[1] == 40  # 30 + 12 capped


def test_the_richest_wins_then_corpses_under_own_annexes_then_a_shared_win() -> None:
    s = night(2)
    s.last_round = True
    _last_action(s)
    s.cash = [20, 20]
    s.buried[BARN_BASE + 1].append(take(s, "baron"))
    g = game_at(s)
    pass_turn(g)
    assert g.winners() == [1]
    s.buried[BARN_BASE].append(take(s, "baron", avoid=set(s.buried[BARN_BASE + 1])))
    g = game_at(s)
    pass_turn(g)
    assert g.winners() == [0, 1]


def test_unlimited_wealth_has_no_cap_and_no_laundering() -> None:
    s = night(2, unlimited_wealth=True)
    assert s.cash == [15, 15] and s.cheques == [0, 0]
    s.cash[0] = 38
    corpse = put(s, "baron", s.corpses[0])
    g = game_at(s)
    play(g, Act("bury"), Target(corpse), BuryUnder(BARN_BASE))
    assert g.state.cash[0] == 46
    pass_turn(g)
    assert g.state.step == "act" and g.to_move == 0  # no laundering question


def test_i10_solo_loses_with_a_corpse_at_a_police_check() -> None:
    s = night(1)
    lodge(s, "major", 1)
    put(s, "baron", s.corpses[0])
    _last_action(s)
    g = game_at(s)
    events = pass_turn(g)
    assert g.is_over and g.state.lost and g.winners() == []
    assert g.summary()[0]["rating"] == "lost"
    assert any(e.ruling == "I10" for e in events)


def test_i10_solo_loses_with_a_corpse_at_the_end() -> None:
    s = night(1)
    s.last_round = True
    put(s, "baron", s.corpses[0])
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.is_over and g.state.lost and g.winners() == []


def test_solo_rating_scale() -> None:
    assert [rating(w) for w in (109, 110, 129, 130, 150, 169, 170, 300)] == [
        "harmless",
        "worrying",
        "worrying",
        "dangerous",
        "evil",
        "evil",
        "demonic",
        "demonic",
    ]
    s = night(1)
    s.last_round = True
    s.cash, s.cheques = [40], [11]
    _last_action(s)
    g = game_at(s)
    pass_turn(g)
    assert g.winners() == [0] and g.summary()[0]["rating"] == "evil"


def test_short_solo_game_shows_its_score_and_no_official_rating() -> None:
    """The print's ladder is « En partie longue » only."""
    s = night(1, length="short")
    s.last_round = True
    s.cash, s.cheques = [40], [11]
    _last_action(s)
    g = game_at(s)
    events = pass_turn(g)
    row = g.summary()[0]
    assert g.winners() == [0] and row["wealth"] == 150 and row["rating"] == UNRATED
    assert "150F" in texts(events) and "no official rating" in texts(events)


def test_summary_columns() -> None:
    g = random_game(2, 3)
    row = g.summary()[0]
    assert set(row) == {"wealth", "cash", "cheques", "corpses_buried", "annexes_built"}
    assert row["wealth"] == g.scores()[0] == row["cash"] + 10 * row["cheques"]


# -- bad input ----------


def test_bad_input_paying_with_the_target_is_refused() -> None:
    s = night(2)
    count = put(s, "count", s.hands[0])
    put(s, "peasant", s.hands[0])
    put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("build"), Target(count))
    before = g.state_dict()
    with pytest.raises(gamekit.IllegalAction, match="cannot pay for itself"):
        g.play(Pay(count))
    assert g.state_dict() == before


def test_bad_input_paying_with_too_few_cards_is_refused() -> None:
    s = night(2)
    major = lodge(s, "major", 0)
    lodge(s, "baron", 1)
    put(s, "peasant", s.hands[0])
    g = game_at(s)
    play(g, Act("kill"))
    before = g.state_dict()
    with pytest.raises(gamekit.IllegalAction, match="must play 3 card") as err:
        g.play(Target(major))
    assert "only 1 other card" in str(err.value) and g.state_dict() == before


def test_bad_input_burying_under_a_full_annex_is_refused() -> None:
    s = night(2)
    corpse = put(s, "baron", s.corpses[0])
    s.buried[BARN_BASE].append(take(s, "baron"))
    g = game_at(s)
    play(g, Act("bury"), Target(corpse))
    with pytest.raises(gamekit.IllegalAction, match="barn is full"):
        g.play(BuryUnder(BARN_BASE))


def test_bad_input_laundering_with_no_cheque_in_the_reserve_is_refused() -> None:
    s = night(2)
    s.cheques = [15, 15]
    s.cash[0] = 20
    g = game_at(s)
    g.play(Act("pass"))
    assert g.legal_actions() == [
        Launder(0),
        Launder(-1),
        Launder(-2),
        Launder(-3),
        Launder(-4),
        Launder(-5),
        Launder(-6),
        Launder(-7),
        Launder(-8),
        Launder(-9),
        Launder(-10),
        Launder(-11),
        Launder(-12),
        Launder(-13),
        Launder(-14),
        Launder(-15),
    ]
    with pytest.raises(gamekit.IllegalAction, match="only 0 cheque"):
        g.play(Launder(1))


@pytest.mark.parametrize("key", ["major", "peasant"])
def test_bad_input_building_a_police_or_peasant_card_is_refused(key: str) -> None:
    s = night(2)
    card = put(s, key, s.hands[0])
    put(s, "baron", s.hands[0])
    g = game_at(s)
    play(g, Act("build"))
    before = g.state_dict()
    with pytest.raises(gamekit.IllegalAction, match="cannot be built"):
        g.play(Target(card))
    assert g.state_dict() == before


def test_bad_input_out_of_turn_says_what_is_expected() -> None:
    g = gamekit.new_game("bloody-inn", seed=2)
    with pytest.raises(gamekit.IllegalAction, match="put their key"):
        g.play(Act("kill"))


# -- views, undo, records ----------


def test_views_hide_hands_and_the_pile_but_show_the_top_card() -> None:
    g = random_game(3, 11)
    g.goto(40)
    v0, v1, spectator = g.view(0), g.view(1), g.view(None)
    s = g.state
    assert v0["hand"] == sorted(s.hands[0]) and v1["hand"] == sorted(s.hands[1])
    assert spectator["hand"] is None and spectator["hand_sizes"] == [len(h) for h in s.hands]
    assert "entrance" not in spectator and "removed" not in spectator
    assert spectator["entrance_top"] == (s.entrance[-1] if s.entrance else None)
    for key in ("exit", "bistro", "rooms", "corpses", "annexes", "buried", "gone"):
        assert key in spectator


def test_undo_works_at_every_sub_step_of_an_action() -> None:
    s = night(2)
    annex = build(s, 0, "duke")
    corpse = put(s, "count", s.corpses[0])
    p1 = put(s, "peasant", s.hands[0])
    p2 = put(s, "grocer", s.hands[0])
    g = game_at(s)
    steps = [Act("bury"), Target(corpse), Pay(p1), Pay(p2), BuryUnder(annex)]
    dicts = [g.state_dict()]
    for a in steps:
        g.play(a)
        dicts.append(g.state_dict())
    for i in range(len(steps), 0, -1):
        g.undo()
        assert g.state_dict() == dicts[i - 1]


def test_records_replay_the_same_game() -> None:
    g = random_game(4, 21, length="short")
    again = gamekit.load_game(g.to_json())
    assert again.state_dict() == g.state_dict() and again.scores() == g.scores()


def test_multiplayer_games_always_have_a_winner() -> None:
    for seed in range(20):
        g = random_game(2 + seed % 3, seed)
        assert g.winners()


def test_police_cards_are_never_offered_to_build() -> None:
    g = random_game(2, 5)
    for step in range(0, g.step, 7):
        g.goto(step)
        if g.state.step == "target" and g.state.act == "build":
            assert not any(IS_POLICE[a.card] for a in g.legal_actions() if isinstance(a, Target))


def test_doctests_of_the_bloody_inn_modules() -> None:
    import doctest
    import importlib

    parts = ("rules", "cards", "actions", "state", "flow", "night", "why", "bots", "picture")
    for name in parts:
        module = importlib.import_module(f"gamekit.titles.bloody_inn.{name}")
        failed, _ = doctest.testmod(module)
        assert failed == 0, name


def test_describe_previews_and_html_picture() -> None:
    s = night(2)
    corpse = put(s, "count", s.corpses[0])
    put(s, "peasant", s.hands[0])
    put(s, "peasant", s.hands[0])
    annex = build(s, 1, "duke")
    g = game_at(s)
    play(g, Act("bury"))
    assert "2 cards to play" in g.describe(Target(corpse))
    play(g, Target(corpse))
    while g.state.step == "pay":
        play(g, g.legal_actions()[0])
    assert "9F, and Player 2 as much" in g.describe(BuryUnder(annex))
    html = g._repr_html_()
    assert "room" in html.lower() and "Stables" in html


def test_narration_tells_travellers_without_numbers_and_the_cap_one_way() -> None:
    import re
    from pathlib import Path

    from gamekit.titles.bloody_inn.state import gained

    golden = (Path(__file__).parent / "golden" / "bloody-inn.txt").read_text()
    read = "\n".join(
        line
        for line in golden.splitlines()
        if line.startswith(("  event:", "  legal:", "  chosen:"))
    )
    assert not re.search(r"#\d+|rank \d+, ", read)  # the moves too: names, never card ids
    assert gained(3, 5) == "3F (of 5F: cash is capped at 40F)" and gained(5, 5) == "5F"
