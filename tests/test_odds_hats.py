"""Hats odds: each answer checked by brute force on a reduced case and by a seeded
simulation with the engine (tolerance: 5 standard errors of the exact variance)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Any

import pytest
import sympy

from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import gap_in_standard_errors, mean, variance
from gamekit.titles.hats import odds
from gamekit.titles.hats import rules as game

RULES = game.RULES
N = game.NUMBERS


def close(values: Iterable[float], means: Iterable[Any], variances: Iterable[Any]) -> None:
    """Within 5 standard errors of the exact answers (each sample its own exact law)."""
    values, means, variances = list(values), list(means), list(variances)
    assert len(values) >= 1000
    assert gap_in_standard_errors(values, means, variances) <= 5.0


def close_same(values: Iterable[float], dist: Any) -> None:
    values = list(values)
    close(values, [mean(dist)] * len(values), [variance(dist)] * len(values))


def bernoulli(p: Any) -> dict[int, Any]:
    return {1: p, 0: 1 - p}


def small_cards(types: int, numbers: int) -> list[tuple[int, int]]:
    return [(t, k) for t in range(types) for k in range(1, numbers + 1)]


def as_ids(cards: Iterable[tuple[int, int]]) -> list[int]:
    """Reduced-deck cards as engine ids (the engine's helpers only read type and number)."""
    return [t * N + k - 1 for t, k in cards]


# -- 1. tea tables ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("types", "numbers", "spaces"), [(3, 3, 3), (4, 3, 3), (3, 4, 4), (3, 2, 3), (4, 2, 3)]
)
def test_tea_tables_brute_force(types: int, numbers: int, spaces: int) -> None:
    cards = as_ids(small_cards(types, numbers))
    layouts = list(itertools.permutations(cards, spaces))
    patterns = {tuple(c // N for c in layout) for layout in layouts}
    scoring = {tuple(sorted(game.table_values(layout).items())) for layout in layouts}
    counted = odds.tea_tables(types, spaces, numbers)
    assert counted == {
        "layouts": len(layouts),
        "type patterns": len(patterns),
        "scoring tables": len(scoring),
    }
    if numbers >= spaces:  # the formula's condition, true in the game (6 >= 6)
        formula = odds.scoring_tables_formula().subs({"t": types, "s": spaces}).doit()
        assert formula == len(scoring)
    differ = sum(len({c // N for c in layout}) == spaces for layout in layouts)
    assert odds.all_types_differ(types, spaces, numbers) == sympy.Rational(differ, len(layouts))


@pytest.mark.parametrize("players", [2, 3])
def test_all_types_differ_simulation(players: int) -> None:
    types = 5 if players == 2 else 7
    p = odds.all_types_differ(types, game.SPACES[players])
    close_same(odds.simulate_all_types_differ(3000, seed=players, players=players), bernoulli(p))


# -- 2. exchanges ------------------------------------------------------------------------


@pytest.mark.parametrize("taken", [(0, 1), (1, 3), (2, 4)])
def test_exchange_chance_brute_force(taken: tuple[int, int]) -> None:
    card = as_ids([taken])[0]
    pool = [c for c in as_ids(small_cards(3, 4)) if c != card]
    hands = list(itertools.combinations(pool, 3))
    good = sum(any(game.can_take(c, card) for c in hand) for hand in hands)
    assert odds.exchange_chance(card, 3, pool) == sympy.Rational(good, len(hands))


def test_exchange_chance_simulation() -> None:
    """Engine set-ups: can player 0 take the card on space 1? Player 1 reckons it from
    their own view (each game its own exact chance)."""
    values, means, variances = [], [], []
    config = RULES.make_config(3, {})
    for i in range(2000):
        state = RULES.initial_state(config, derive_seed(31, i))
        p = odds.opponent_can_take(RULES.view(state, 1), 0, 1 + i % 6)
        card = state.table[i % 6]
        values.append(float(any(game.can_take(c, card) for c in state.hands[0])))
        means.append(p)
        variances.append(p * (1 - p))
    close(values, means, variances)


def test_opponent_can_take_conditions_on_own_discards_brute_force() -> None:
    """A view where 8 cards are unseen: player 1 holds 2 of them, player 0 discarded 2 of
    them face down (so player 1 cannot hold those). Brute force over player 1's hands."""
    state = RULES.initial_state(RULES.make_config(3, {}), 1)
    view = dict(RULES.view(state, 0))
    seen = set(view["table"]) | set(view["hand"])
    unseen = [c for c in game.CARDS if c not in seen][:8]
    view["collections"] = [[c for c in game.CARDS if c not in seen and c not in unseen], [], []]
    view["my_black_hats"], view["removed_types"] = [], []
    view["hand_sizes"] = [len(view["hand"]), 2, 0]
    assert sorted(odds.unseen_cards(view)) == sorted(unseen)
    card = view["table"][0]
    takers = [c for c in unseen if game.can_take(c, card)]
    discards = takers[:2] if len(takers) >= 2 else unseen[:2]
    for known in ([], discards):
        pool = [c for c in unseen if c not in known]
        hands = list(itertools.combinations(pool, 2))
        good = sum(any(game.can_take(c, card) for c in hand) for hand in hands)
        exact = sympy.Rational(good, len(hands))
        assert odds.opponent_can_take(view, 1, 1, own_discards=known) == exact
    assert odds.opponent_can_take(view, 1, 1) != odds.opponent_can_take(
        view, 1, 1, own_discards=discards
    )
    with pytest.raises(ValueError, match="own_discards"):
        odds.opponent_can_take(view, 1, 1, own_discards=[view["hand"][0]])


def test_unseen_cards_matches_engine_resampling() -> None:
    """The unseen cards are exactly the cards the engine may re-deal behind the seat's back."""
    state = RULES.initial_state(RULES.make_config(2, {}), 5)
    rng = Rng(1)
    for _ in range(20):
        RULES.apply(state, rng.choice(RULES.legal_actions(state)), None)
    view = RULES.view(state, 0)
    hidden = state.deck + state.discards + state.hands[1] + state.black_hats[1]
    assert sorted(odds.unseen_cards(view)) == sorted(hidden)


# -- 3. favourite hat ----------------------------------------------------------------------


def test_favourite_distribution_brute_force() -> None:
    collection = as_ids([(0, 5), (0, 6), (4, 2), (4, 3)])
    pool = [c for c in game.CARDS if c not in collection]
    counts: dict[int, int] = {}
    for fav in pool:
        points = game.favourite_points(collection, fav)
        counts[points] = counts.get(points, 0) + 1
    expected = {k: sympy.Rational(v, len(pool)) for k, v in sorted(counts.items())}
    assert odds.favourite_distribution(collection) == expected
    names = ["red 5", "red 6", "blue 2", "blue 3"]
    assert odds.favourite_distribution(names, pool) == expected


def test_favourite_distribution_simulation() -> None:
    """Engine set-ups: the table cards as a collection, and a favourite drawn at random
    from player 0's hand (so uniform among the cards off the table)."""
    values, means, variances = [], [], []
    config = RULES.make_config(3, {})
    for i in range(1500):
        state = RULES.initial_state(config, derive_seed(41, i))
        fav = Rng(i).choice(state.hands[0])
        dist = odds.favourite_distribution(state.table)
        values.append(float(game.favourite_points(state.table, fav)))
        means.append(mean(dist))
        variances.append(variance(dist))
    close(values, means, variances)


# -- 4. value of a type by its space -----------------------------------------------------------


@pytest.mark.parametrize(("types", "numbers", "spaces"), [(3, 2, 3), (4, 2, 3), (3, 3, 4)])
def test_type_value_brute_force(types: int, numbers: int, spaces: int) -> None:
    layouts = list(itertools.permutations(as_ids(small_cards(types, numbers)), spaces))
    counts: dict[int, int] = {}
    for layout in layouts:
        value = game.table_values(layout).get(0, 0)
        counts[value] = counts.get(value, 0) + 1
    expected = {k: sympy.Rational(v, len(layouts)) for k, v in sorted(counts.items())}
    assert odds.type_value(types, spaces, numbers) == expected


@pytest.mark.parametrize(("players", "kind"), [(3, "red"), (2, "pink")])
def test_type_value_simulation(players: int, kind: str) -> None:
    types = 5 if players == 2 else 7
    dist = odds.type_value(types, game.SPACES[players])
    values = list(odds.simulate_type_value(4000, seed=7, kind=kind, players=players))
    close_same(values, dist)
    close_same((float(v == 0) for v in values), bernoulli(dist[0]))


def test_type_values_of_a_table() -> None:
    table = ["blue 3", "red 1", "blue 6", "green 2"]
    values = odds.type_values(table)
    assert (values["blue"], values["red"], values["green"], values["pink"]) == (1, 2, 4, 0)


# -- 5. the two-player removal ------------------------------------------------------------------


@pytest.mark.parametrize(("types", "removed", "given"), [(7, 2, 1), (7, 2, 2), (6, 3, 2)])
def test_survives_removal_brute_force(types: int, removed: int, given: int) -> None:
    choices = list(itertools.combinations(range(types), removed))
    good = sum(all(t not in out for t in range(given)) for out in choices)
    assert odds.survives_removal(types, removed, given) == sympy.Rational(good, len(choices))
    if given == 1:
        formula = odds.survives_removal_formula().subs({"t": types, "r": removed})
        assert formula == sympy.Rational(good, len(choices))


def test_survives_removal_simulation() -> None:
    p = odds.survives_removal()
    close_same(odds.simulate_survival(3000, seed=3, kind="green"), bernoulli(p))
