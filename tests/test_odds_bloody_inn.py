"""The Bloody Inn odds: each answer checked by brute force on a reduced case and by a
seeded simulation with the engine (tolerance: 5 standard errors of the exact variance)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from typing import Any

import pytest
import sympy

from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import gap_in_standard_errors, mean, variance
from gamekit.titles.bloody_inn import flow, odds
from gamekit.titles.bloody_inn.actions import BuryUnder
from gamekit.titles.bloody_inn.cards import IS_POLICE, KEY, MONEY, TRAVELLERS, card_of, ids_of
from gamekit.titles.bloody_inn.rules import RULES
from gamekit.titles.bloody_inn.state import owner as annex_owner


def close(values: Iterable[float], means: Iterable[Any], variances: Iterable[Any]) -> None:
    values, means, variances = list(values), list(means), list(variances)
    assert len(values) >= 1000
    assert gap_in_standard_errors(values, means, variances) <= 5.0


def new_state(players: int, seed: int, **options: Any) -> Any:
    return RULES.initial_state(RULES.make_config(players, options), seed)


def play_until(state: Any, rng: Rng, done: Any) -> None:
    while not done(state):
        RULES.apply(state, rng.choice(RULES.legal_actions(state)), None)


# -- 1. police in the inn ------------------------------------------------------------------


@pytest.mark.parametrize(("police", "unseen", "rooms"), [(3, 9, 4), (1, 6, 3), (4, 8, 5)])
def test_police_in_inn_brute_force(police: int, unseen: int, rooms: int) -> None:
    cards = [True] * police + [False] * (unseen - police)
    draws = list(itertools.combinations(range(unseen), rooms - 1))
    hit = sum(any(cards[i] for i in d) for d in draws)
    assert odds.police_in_inn(police, unseen, rooms) == sympy.Rational(hit, len(draws))
    formula = odds.police_formula().subs({"U": unseen, "P": police, "r": rooms})
    assert formula == sympy.Rational(hit, len(draws))


@pytest.mark.parametrize("players", [2, 4])
def test_police_in_inn_simulation(players: int) -> None:
    """The engine's first evening: keys, then the welcome, then is a police card in a room?
    Each game's own exact chance comes from the view before the keys."""
    values, means, variances = [], [], []
    rooms = odds.rooms_for(players)
    for i in range(1200):
        state = new_state(players, derive_seed(81, players, i))
        p = odds.police_chance(RULES.view(state, 0))  # before the keys: rooms_for(players)
        assert p == odds.police_chance(RULES.view(state, 0), rooms)
        play_until(state, Rng(i), lambda s: s.step == "act")
        values.append(float(any(c >= 0 and IS_POLICE[c] for c in state.rooms)))
        means.append(p)
        variances.append(p * (1 - p))
    close(values, means, variances)


def _keys_down(state: Any, n: int) -> None:
    for _ in range(n):
        RULES.apply(state, RULES.legal_actions(state)[0], None)


@pytest.mark.parametrize("keys", [0, 1, 2])
def test_police_chance_before_every_key_is_down(keys: int) -> None:
    """Seed 1, 2 players: the top card is no police; 69 unseen travellers, 14 police,
    5 rooms to fill (4 below the top card), whatever keys are down yet."""
    state = new_state(2, 1)
    _keys_down(state, keys)
    assert not IS_POLICE[state.entrance[-1]]
    exact = 1 - sympy.binomial(55, 4) / sympy.binomial(69, 4)
    assert odds.police_chance(RULES.view(state, 0)) == exact
    assert float(exact) == pytest.approx(0.6055, abs=1e-4)


def test_police_chance_four_players_before_the_keys() -> None:
    state = new_state(4, 2)
    top = state.entrance[-1]
    unseen = 69
    police = 14 - IS_POLICE[top]
    expected = (
        sympy.Integer(1)
        if IS_POLICE[top]
        else 1 - sympy.binomial(unseen - police, 7) / sympy.binomial(unseen, 7)
    )
    assert odds.police_chance(RULES.view(state, 3)) == expected


def _small_table() -> tuple[Any, int]:
    """A set-up where the seat sees almost everything: 7 entrance cards (top + 6), 2
    removed, a police card bribed by player 1 in public; the rest left the game."""
    state = new_state(2, 1)
    _keys_down(state, 2)
    police = [c for c in TRAVELLERS if IS_POLICE[c]]
    others = [c for c in TRAVELLERS if not IS_POLICE[c]]
    state.entrance = [police[1], others[0], police[2], others[1], others[2], others[3], others[4]]
    state.removed = [police[3], others[5]]
    state.hands[1].append(police[0])
    used = set(state.entrance) | set(state.removed) | {police[0]}
    state.gone = [c for c in TRAVELLERS if c not in used]
    return state, police[0]


def test_police_chance_conditions_on_cards_seen_entering_a_hand_brute_force() -> None:
    state, bribed = _small_table()
    view = RULES.view(state, 0)
    unseen = [c for c in [*state.entrance[:-1], *state.removed]]
    draws = list(itertools.combinations(unseen, 4))  # 5 rooms: the top card and 4 more
    hit = sum(any(IS_POLICE[c] for c in d) for d in draws)
    assert odds.police_chance(view, in_other_hands=[bribed]) == sympy.Rational(hit, len(draws))
    forgetful = [*unseen, bribed]  # the view alone: the bribed police may be anywhere
    draws = list(itertools.combinations(forgetful, 4))
    hit = sum(any(IS_POLICE[c] for c in d) for d in draws)
    assert odds.police_chance(view) == sympy.Rational(hit, len(draws))
    assert odds.police_chance(view) != odds.police_chance(view, in_other_hands=[bribed])


def test_police_chance_during_the_welcome() -> None:
    state = new_state(2, 1)
    play_until(state, Rng(3), lambda s: s.step == "place" and any(c >= 0 for c in s.rooms))
    view = RULES.view(state, 0)
    if any(c >= 0 and IS_POLICE[c] for c in state.rooms):
        assert odds.police_chance(view) == 1
    else:
        empty = sum(1 for k, c in zip(state.keys, state.rooms, strict=True) if k != -1 and c < 0)
        unseen = odds.unseen_travellers(view)
        police = sum(1 for c in unseen if IS_POLICE[c])
        top_police = IS_POLICE[state.entrance[-1]]
        assert odds.police_chance(view) == odds.police_in_inn(
            police, len(unseen), empty, top_police
        )


def test_view_answers_raise_after_the_first_shuffle() -> None:
    state = new_state(2, 4)
    play_until(state, Rng(5), lambda s: s.exhausted >= 1 and s.step == "act")
    view = RULES.view(state, 0)
    for ask in (
        lambda: odds.police_chance(view),
        lambda: odds.next_money(view, 1),
        lambda: odds.annex_to_come(view, "marquis"),
    ):
        with pytest.raises(ValueError, match="first shuffle"):
            ask()


def test_next_money_refuses_more_cards_than_the_entrance_pile_holds() -> None:
    state = new_state(2, 1)
    del state.entrance[:-2]
    with pytest.raises(ValueError, match="entrance cards"):
        odds.next_money(RULES.view(state, 0), 3)


# -- 2. money of the next travellers ------------------------------------------------------------


@pytest.mark.parametrize("k", [1, 2, 3])
def test_money_of_next_brute_force(k: int) -> None:
    unseen = [*ids_of("cultivator")[:2], *ids_of("count"), *ids_of("duke"), *ids_of("major")]
    top = ids_of("brigadier")[0]
    draws = list(itertools.combinations(unseen, k - 1))
    counts: dict[int, int] = {}
    for d in draws:
        money = MONEY[top] + sum(MONEY[c] for c in d)
        counts[money] = counts.get(money, 0) + 1
    expected = {m: sympy.Rational(n, len(draws)) for m, n in sorted(counts.items())}
    assert odds.money_of_next(k, unseen, top) == expected
    if k > 1:
        bare = list(itertools.combinations(unseen, k))
        assert sum(odds.money_of_next(k, unseen).values()) == 1
        assert mean(odds.money_of_next(k, unseen)) == sympy.Rational(
            sum(MONEY[c] for d in bare for c in d), len(bare)
        )


def test_money_of_next_simulation() -> None:
    values, means, variances = [], [], []
    for i in range(1200):
        state = new_state(3, derive_seed(82, i))
        dist = odds.next_money(RULES.view(state, 1), 3)
        values.append(float(sum(MONEY[c] for c in state.entrance[-3:])))
        means.append(mean(dist))
        variances.append(variance(dist))
    close(values, means, variances)


def test_simulate_next_money_matches_the_view() -> None:
    """The helper's samples come from the same deal as the view's answer."""
    for i, (top, money) in enumerate(odds.simulate_next_money(20, seed=5, k=3)):
        state = new_state(2, derive_seed(5, "money", i))
        assert top == state.entrance[-1]
        assert money in odds.next_money(RULES.view(state, 0), 3)


# -- 3. wages ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "distilleries", "cash"), [(5, 0, 9), (5, 1, 9), (4, 2, 0), (6, 0, 3), (1, 2, 4)]
)
def test_wages_engine(hand: int, distilleries: int, cash: int) -> None:
    """The engine's own wage step, on a crafted table."""
    state = new_state(2, 1)
    state.hands[1] = list(TRAVELLERS[:hand])
    state.annexes[1] = ids_of("distiller")[:distilleries]
    state.hands[0] = []
    state.cash = [0, cash]
    state.first = 0
    flow.wages_from(state, 0, None)
    expected = odds.wages(hand, distilleries, cash)
    assert cash - state.cash[1] == expected["paid"]
    lost = state.due if state.step == "wages" else hand - len(state.hands[1])
    assert lost == expected["cards lost"]


def test_expected_wages_brute_force() -> None:
    sizes = {2: sympy.Rational(1, 6), 3: sympy.Rational(1, 2), 6: sympy.Rational(1, 3)}
    for d in range(4):
        brute = sum(p * odds.wages(h, d)["owed"] for h, p in sizes.items())
        assert odds.expected_wages(sizes, d, rounds=2) == 2 * brute
        assert odds.wages_formula().subs({"h": 6, "d": d, "R": 2}) == 2 * max(0, 6 - d)


# -- 4. burials ----------------------------------------------------------------------------------


def test_burial_value_engine() -> None:
    """Every burial in random games: the engine's narration shows what each side got."""
    seen = {True: 0, False: 0}
    for seed in range(40):
        state = new_state(3, seed, unlimited_wealth=True)
        rng = Rng(seed)
        while not RULES.is_over(state) and min(seen.values()) < 8:
            legal = RULES.legal_actions(state)
            buries = [a for a in legal if isinstance(a, BuryUnder)]
            action = buries[0] if buries else rng.choice(legal)
            if isinstance(action, BuryUnder):
                check_burial(state, action, seen)
            RULES.apply(state, action, None)
    assert min(seen.values()) >= 8


def check_burial(state: Any, action: BuryUnder, seen: dict[bool, int]) -> None:
    """The burial's narration: what the burier gains, what the annex's owner gets."""
    seat, corpse = state.seat, state.targets[0]
    own = action.annex == 100 + seat or action.annex in state.annexes[seat]
    assert own == (annex_owner(state, action.annex) == seat)
    events: list[Any] = []
    RULES.apply(RULES.copy_state(state), action, events)
    text = next(e.text for e in events if e.kind == "bury")
    got = int(re.search(r"gains (\d+)F", text).group(1))  # type: ignore[union-attr]
    half = re.search(r"gets (\d+)F", text)
    owner_got = got if own else int(half.group(1))  # type: ignore[union-attr]
    value = odds.burial_value(MONEY[corpse], own)
    assert got == value["you"] == value["lead over others"]
    assert owner_got == value["owner"]
    assert got - owner_got == value["lead over owner"]  # 0 under your own annex
    seen[own] += 1


def test_expected_burial_brute_force() -> None:
    dist = odds.money_of_next(1, [*ids_of("baron"), *ids_of("marquis")])
    for own in (True, False):
        cards = [*ids_of("baron"), *ids_of("marquis")]
        brute = sympy.Rational(
            sum(odds.burial_value(MONEY[c], own)["you"] for c in cards), len(cards)
        )
        assert odds.expected_burial(dist, own) == brute
    assert odds.burial_value(12, own=True)["lead over owner"] == 0  # you are the owner
    assert odds.burial_value(12, own=True)["lead over others"] == 12
    assert odds.burial_value(12, own=False)["lead over owner"] == 0
    assert odds.burial_value(13, own=False)["you"] == sympy.Rational(13, 2)


# -- 5. annexes still to come ------------------------------------------------------------


@pytest.mark.parametrize(("copies", "unseen", "face_down"), [(1, 7, 3), (3, 8, 4), (2, 6, 0)])
def test_still_to_come_brute_force(copies: int, unseen: int, face_down: int) -> None:
    layouts = list(itertools.combinations(range(unseen), face_down))
    hit = sum(any(i < copies for i in layout) for layout in layouts)
    assert odds.still_to_come(copies, unseen, face_down) == sympy.Rational(hit, len(layouts))


@pytest.mark.parametrize(("key", "players"), [("marquis", 2), ("count", 3), ("major", 4)])
def test_annex_to_come_simulation(key: str, players: int) -> None:
    values, means, variances = [], [], []
    for i in range(1500):
        state = new_state(players, derive_seed(83, key, i))
        p = odds.annex_to_come(RULES.view(state, 0), key)
        values.append(float(any(KEY[c] == key for c in state.entrance)))
        means.append(p)
        variances.append(p * (1 - p))
    close(values, means, variances)


def test_unseen_travellers_match_the_engine() -> None:
    """Mid-game, the unseen travellers are exactly those the view does not show."""
    state = new_state(2, 4)
    play_until(state, Rng(2), lambda s: s.round >= 3 or RULES.is_over(s))
    view = RULES.view(state, 0)
    hidden = set(state.entrance[:-1]) | set(state.removed) | set(state.hands[1])
    assert set(odds.unseen_travellers(view)) == {c for c in hidden if c in TRAVELLERS}
    assert card_of("marquis") in TRAVELLERS
