"""Every exercise's exact answer is right, and the checker grades it fairly.

Each answer is checked against brute-force enumeration (on the real case when it
is small, else on a reduced case of the same formula) and against a seeded
simulation on the engine, with a tolerance of 5 standard errors taken from the
exact variance. The checker must accept each answer in two forms, refuse a
wrong one with the exercise's hint, and never raise.
"""

from __future__ import annotations

import doctest
import importlib
import itertools
import math
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest
import sympy

import gamekit
from gamekit.exercises import (
    EXERCISES,
    TRIALS,
    Exercise,
    check,
    check_against,
    estimate,
    exercise,
    load_banks,
)

BANKS = {
    "kk": "gamekit.titles.knock_knock.checks",
    "hats": "gamekit.titles.hats.checks",
    "boo": "gamekit.titles.boo_party.checks",
    "inn": "gamekit.titles.bloody_inn.checks",
}
"""Exercise id prefix -> the checks module next to that title's rules."""
load_banks()

IDS = sorted(EXERCISES, key=lambda i: (i.split("-")[0], int(i.split("-")[1])))
BANK_IDS = [i for i in IDS if i.split("-")[0] in BANKS]
LEVELS = ("warm-up", "core", "challenge")
SAMPLES = {"boo-5": 500}
"""Games per simulation check (whole Boo Party! games are slower)."""
Z = 5.0


def answer_of(exercise_id: str) -> Any:
    return exercise(exercise_id).expected()


# -- the banks -------------------------------------------------------------------------


@pytest.mark.parametrize("prefix", sorted(BANKS))
def test_each_title_has_five_graded_exercises(prefix: str) -> None:
    bank = [EXERCISES[i] for i in BANK_IDS if i.startswith(prefix + "-")]
    assert len(bank) >= 5
    levels = [LEVELS.index(ex.level) for ex in bank]
    assert levels == sorted(levels), "exercises go from warm-up to challenge"
    assert levels[0] == 0 and levels[-1] == 2
    assert len({ex.title for ex in bank}) == 1


@pytest.mark.parametrize("exercise_id", BANK_IDS)
def test_each_exercise_states_its_form_and_has_a_trial(exercise_id: str) -> None:
    ex = EXERCISES[exercise_id]
    assert ex.question.endswith("?") or ex.question.endswith(".")
    assert ex.form and ex.hint
    assert exercise_id in TRIALS
    if isinstance(ex.expected(), sympy.Expr) and ex.expected().free_symbols:
        assert {name for name, _, _ in ex.domain} == set(ex.symbols), "a formula needs a domain"
        assert not ex.estimates, "a formula accepts no estimate"


@pytest.mark.parametrize(
    "module", ["gamekit.exercises", "gamekit.exercises.answers", *sorted(BANKS.values())]
)
def test_bank_doctests(module: str) -> None:
    result = doctest.testmod(importlib.import_module(module))
    assert result.failed == 0 and result.attempted > 0


# -- exact answers against the engine ---------------------------------------------------


def _target(exercise_id: str) -> Any:
    trial = TRIALS[exercise_id]
    return trial.exact() if trial.exact is not None else answer_of(exercise_id)


@pytest.mark.parametrize("exercise_id", BANK_IDS)
def test_exact_answer_agrees_with_a_seeded_simulation(exercise_id: str) -> None:
    trial = TRIALS[exercise_id]
    n = SAMPLES.get(exercise_id, 2000)
    target = _target(exercise_id)
    samples = list(trial.draw(n, 20261130))
    assert len(samples) == n
    if trial.kind == "frequencies":
        counts = Counter(samples)
        assert set(counts) <= set(target), "an outcome the exact answer calls impossible"
        assert sum(target.values()) == 1
        for outcome, p in target.items():
            se = math.sqrt(float(p * (1 - p)) / n)
            assert abs(counts[outcome] / n - float(p)) <= Z * se + 1e-12, outcome
        return
    scale = trial.scale
    mean = sympy.nsimplify(target) / scale
    var = trial.variance() if trial.variance is not None else mean * (1 - mean)
    if trial.variance is None:
        assert set(samples) <= {0, 1}
    se = math.sqrt(float(var) / n)
    assert se > 0
    assert abs(sum(samples) / n - float(mean)) <= Z * se


def test_estimate_gives_the_answer_form() -> None:
    assert isinstance(estimate("hats-1", games=50, seed=3), float)
    shares = estimate("kk-5", games=50, seed=3)
    assert isinstance(shares, dict) and math.isclose(sum(shares.values()), 1.0)


# -- exact answers against brute force ---------------------------------------------------


def test_kk_first_pair_by_enumeration() -> None:
    from gamekit.titles.knock_knock.checks import pair_formula

    for g, f in [(4, 3), (2, 3), (3, 2), (5, 4)]:
        guests = [folk for folk in range(f) for _ in range(g)]
        pairs = list(itertools.permutations(range(len(guests)), 2))
        same = sum(guests[a] == guests[b] for a, b in pairs)
        assert pair_formula().subs({"g": g, "f": f}) == sympy.Rational(same, len(pairs))
    assert answer_of("kk-1") == pair_formula().subs({"g": 4, "f": 3})


def test_kk_hand_counts_by_enumeration() -> None:
    # the 47 cards a 4-player hand is dealt from: 8 chasers, 15 vamps, 24 others
    deck = [2] * 8 + [1] * 15 + [0] * 24  # 2: a chaser, 1: a vamp, 0: another card
    chasers: Counter[int] = Counter()
    vamps = 0
    hands = 0
    for hand in itertools.combinations(deck, 5):
        chasers[hand.count(2)] += 1
        vamps += hand.count(1)
        hands += 1
    assert answer_of("kk-2") == {k: sympy.Rational(v, hands) for k, v in chasers.items()}
    assert answer_of("kk-3") == sympy.Rational(vamps, hands)


def test_kk_pairs_at_table_by_enumeration() -> None:
    from sympy.utilities.iterables import multiset_permutations

    counts: Counter[int] = Counter()
    for order in multiset_permutations("MMMMGGGGVVVV"):
        counts[sum(order[2 * p] == order[2 * p + 1] for p in range(4))] += 1
    total = sum(counts.values())
    assert answer_of("kk-5") == {k: sympy.Rational(v, total) for k, v in counts.items()}


def test_kk_next_card_by_counting_the_view() -> None:
    from gamekit.titles.knock_knock.checks import seeded_view
    from gamekit.titles.knock_knock.rules import COPIES, KIND_NAMES

    view = seeded_view()
    seen = Counter(view["hand"]) + Counter([view["deck_top"]])
    for party in view["parties"]:
        seen.update(party)
    left = Counter({k: n for k, n in zip(KIND_NAMES, COPIES, strict=True)}) - seen
    hidden = sum(view["hand_sizes"][1:]) + view["deck_size"] - 1
    assert sum(left.values()) == hidden
    assert answer_of("kk-6") == sympy.Rational(left["kid"] + left["hearse taxi"], hidden)


def test_hats_removal_by_enumeration() -> None:
    from gamekit.titles.hats.checks import survival_formula

    for t, r in [(7, 2), (5, 1), (6, 3), (9, 4)]:
        removals = list(itertools.combinations(range(t), r))
        stays = sum(0 not in gone for gone in removals)
        assert sympy.simplify(survival_formula().subs({"t": t, "r": r})) == sympy.Rational(
            stays, len(removals)
        )
    assert answer_of("hats-1") == sympy.Rational(5, 7)


def test_hats_table_types_by_enumeration() -> None:
    from gamekit.titles.hats.odds import all_types_differ, type_value

    types, numbers, spaces = 4, 3, 3
    layouts = list(itertools.permutations(range(types * numbers), spaces))
    differ = sum(len({c // numbers for c in lay}) == spaces for lay in layouts)
    assert all_types_differ(types, spaces, numbers) == sympy.Rational(differ, len(layouts))
    values: Counter[int] = Counter()
    for lay in layouts:
        spaces_of_type0 = [j + 1 for j, c in enumerate(lay) if c // numbers == 0]
        values[min(spaces_of_type0, default=0)] += 1
    exact = type_value(types, spaces, numbers)
    assert exact == {k: sympy.Rational(v, len(layouts)) for k, v in sorted(values.items())}
    assert answer_of("hats-2") == all_types_differ(7, 6, 6)
    assert answer_of("hats-5") == type_value(7, 6, 6)


def test_hats_exchange_by_enumeration() -> None:
    from gamekit.titles.hats.checks import can_take_chance
    from gamekit.titles.hats.rules import can_take

    pool = list(range(18))  # 3 types
    for card in (5, 2, 8):
        others = [c for c in pool if c != card]
        hands = list(itertools.combinations(others, 3))
        good = sum(any(can_take(c, card) for c in hand) for hand in hands)
        assert can_take_chance(card, pool, 3) == sympy.Rational(good, len(hands))


def test_hats_favourite_by_enumeration() -> None:
    collection = [(0, 5), (0, 6), (4, 2)]  # red 5, red 6, blue 2 as (type, number)
    others = [(t, k) for t in range(7) for k in range(1, 7) if (t, k) not in collection]
    scores = [sum(n for t, n in collection if t == ft) - fk for ft, fk in others]
    assert len(others) == 39
    assert answer_of("hats-4") == sympy.Rational(sum(scores), len(scores))


def test_boo_avoid_by_enumeration() -> None:
    from gamekit.titles.boo_party.checks import avoid_formula

    for m, k, n in [(4, 2, 18), (2, 3, 7), (3, 1, 6), (3, 4, 8)]:
        choices = list(itertools.permutations(range(n), m))
        avoid = sum(all(c >= k for c in ch) for ch in choices)  # costumes 0..k-1 revealed
        value = avoid_formula().subs({"m": m, "k": k, "n": n})
        assert value == sympy.Rational(avoid, len(choices))
    hits = [sum(c < 2 for c in ch) for ch in itertools.combinations(range(18), 4)]
    assert answer_of("boo-4") == sympy.Rational(sum(hits), len(hits))


def test_boo_changed_disguises_by_enumeration() -> None:
    valid = sum(
        all(c != last for last, c in enumerate(dress))
        for dress in itertools.permutations(range(18), 4)
    )
    assert answer_of("boo-2") == valid == 58501


def test_boo_last_round_by_enumeration() -> None:
    """The last round of boo-5 for 2 Monsters, every order of choices written out."""
    from gamekit.titles.boo_party.checks import perfect_memory_survival

    # unworn costume 2; Monsters 0 and 1 wore 0 and 1; the last Vision is 0, 1 or 2
    outcomes = []
    for vision in (0, 1, 2):
        free = [c for c in (0, 1, 2) if c != vision]
        ways = []
        for first in free:
            if first == 0:
                continue  # Monster 0 may not wear its own
            second = [c for c in free if c not in (first, 1)]
            ways.append(Fraction(len(second) > 0))
        outcomes.append(sum(ways, Fraction(0)) / len(ways))
    assert perfect_memory_survival(2) == sympy.Rational(sum(outcomes, Fraction(0)) / 3)


def test_inn_pockets_by_enumeration() -> None:
    from gamekit.titles.bloody_inn.checks import _money, expected_pockets, pockets_variance

    money = _money()
    assert len(money) == 70 and sorted(Counter(money).values()) == [15, 15, 20, 20]
    small = [8, 8, 12, 18, 26, 26]
    sums = [sum(h) for h in itertools.combinations(small, 3)]
    mean = sympy.Rational(sum(sums), len(sums))
    assert expected_pockets(small, 3) == mean
    var = sum((s - mean) ** 2 for s in sums) / len(sums)
    assert pockets_variance(small, 3) == var
    assert answer_of("inn-3") == expected_pockets(money, 5)


def test_inn_police_by_enumeration() -> None:
    from gamekit.titles.bloody_inn.cards import FAMILY, TRAVELLERS
    from gamekit.titles.bloody_inn.checks import police_every_round

    assert sum(FAMILY[c] == "police" for c in TRAVELLERS) == 14
    assert answer_of("inn-1") == sympy.Rational(14, 70)
    dist = answer_of("inn-2")
    assert sum(dist.values()) == 1 and sum(k * p for k, p in dist.items()) == 1
    for cards, police, rounds, per in [(8, 3, 2, 2), (9, 2, 3, 3), (10, 4, 3, 2)]:
        placements = list(itertools.combinations(range(cards), police))
        good = sum(
            all(any(r * per <= c < (r + 1) * per for c in where) for r in range(rounds))
            for where in placements
        )
        assert police_every_round(rounds, per, police, cards) == sympy.Rational(
            good, len(placements)
        )


def test_inn_marquis_by_enumeration() -> None:
    from gamekit.titles.bloody_inn.checks import marquis_formula

    cards, removed = 7, 3
    for k in range(4):
        orders = list(itertools.permutations(range(cards)))  # order[:removed] removed
        kept = [o for o in orders if 0 not in o[removed : removed + k]]  # first k drawn
        still = sum(0 in o[removed + k :] for o in kept)
        assert marquis_formula(cards, removed).subs("k", k) == sympy.Rational(still, len(kept))
    assert answer_of("inn-4") == marquis_formula()


# -- the checker on the real exercises ----------------------------------------------------


def _other_form(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: str(v) for k, v in value.items()}
    if isinstance(value, int):
        return str(value)
    return str(sympy.simplify(value)) if value.free_symbols else Fraction(str(value))


def _wrong(value: Any, ex: Exercise) -> Any:
    if isinstance(value, dict):
        keys = sorted(value)
        wrong = dict(value)
        wrong[keys[0]] += sympy.Rational(1, 10)
        wrong[keys[1]] -= sympy.Rational(1, 10)
        return wrong
    if isinstance(value, int):
        return value + 1
    if value.free_symbols:
        return value + 1
    return value * sympy.Rational(9, 10)


@pytest.mark.parametrize("exercise_id", BANK_IDS)
def test_checker_accepts_two_forms(exercise_id: str) -> None:
    value = answer_of(exercise_id)
    assert check(exercise_id, value).ok
    feedback = check(exercise_id, _other_form(value))
    assert feedback.ok, feedback.message


@pytest.mark.parametrize("exercise_id", BANK_IDS)
def test_checker_refuses_a_wrong_answer_with_the_hint(exercise_id: str) -> None:
    ex = exercise(exercise_id)
    feedback = check(exercise_id, _wrong(ex.expected(), ex), hint=True)
    assert not feedback.ok
    assert ex.hint in feedback.message


@pytest.mark.parametrize("exercise_id", ["kk-1", "hats-6"])
def test_hints_are_graded_a_nudge_first_the_method_after_several_tries(exercise_id: str) -> None:
    from gamekit import exercises

    ex = exercise(exercise_id)
    wrong = _wrong(ex.expected(), ex)
    exercises._TRIES.clear()
    said = [check(exercise_id, wrong).message for _ in range(exercises.HINT_AFTER)]
    assert all(ex.hint not in m and "hint=True" in m for m in said[:-1]), said
    assert ex.hint in said[-1]
    assert ex.hint not in check(exercise_id, wrong, hint=False).message
    assert ex.hint in check(exercise_id, wrong, seed=None, hint=True).message
    exercises._TRIES.clear()


def test_a_half_right_answer_gets_a_hint_of_its_own() -> None:
    from gamekit import exercises

    exercises._TRIES.clear()
    third = check("kk-1", "1/11")  # the exact answer is 3/11: one case of three counted
    assert not third.ok and "1/3 of the right one" in third.message and "one folk" in third.message
    percent = check("kk-1", "300/11")
    assert "looks like a percentage" in percent.message
    assert "3/11" not in third.message + percent.message
    exercises._TRIES.clear()


_BINOMIAL = Exercise(
    id="t-binomial",
    title="test",
    level="core",
    question="How many hands of 9 from 41 cards?",
    expected=lambda: sympy.binomial(41, 9),
    form="a whole number",
    hint="Choose 9 of 41.",
)


def test_the_checker_reads_c_n_k_and_ncr() -> None:
    for spelling in ("C(41, 9)", "nCr(41, 9)", "41 nCr 9", "comb(41, 9)", "binomial(41, 9)"):
        assert check_against(_BINOMIAL, spelling).ok, spelling


@pytest.mark.parametrize("exercise_id", BANK_IDS)
def test_checker_never_raises_on_a_stub(exercise_id: str) -> None:
    for junk in (..., None, "", "1/0", "hello", [1], {"x": 1}, 1e300, float("nan")):
        feedback = check(exercise_id, junk)
        assert not feedback.ok and feedback.message


def test_formula_forms_sympy_cannot_simplify_are_compared_at_points() -> None:
    assert check("boo-3", "factorial(n-k)*factorial(n-m)/(factorial(n)*factorial(n-k-m))").ok
    n, k, m = sympy.symbols("n k m")
    assert check("boo-3", sympy.ff(n - k, m) / sympy.ff(n, m)).ok  # a SymPy object
    assert not check("boo-3", "ff(n - k, m)/ff(n, m)").ok  # not in the grammar: a message
    assert not check("boo-3", "(n-k)**m/n**m").ok
    assert not check("boo-3", "binomial(n - k, m)/binomial(n, m) + x").ok


FORGED = {
    # right at the old checker's fixed sample points, wrong elsewhere
    "kk-4": "(g-1)/(f*g-1) + (g-4)*(g-2)*(g-5)*(g-7)",
    "hats-6": "(t-r)/t + (t-7)*(t-5)*(t-9)*(t-6)",
    "boo-3": "binomial(n-k, m)/binomial(n, m) + (n-18)*(n-10)*(n-12)*(n-24)*(n-9)",
    "inn-4": "(45-k)/(70-k) + k*(k-5)*(k-10)*(k-30)",
}


@pytest.mark.parametrize("exercise_id", sorted(FORGED))
def test_a_formula_right_only_at_a_few_points_is_refused(exercise_id: str) -> None:
    from gamekit.exercises import domain_points

    for _ in range(20):  # the random points are fresh each time
        feedback = check(exercise_id, FORGED[exercise_id])
        assert not feedback.ok and feedback.kind == "hint", feedback
    ex = exercise(exercise_id)
    points = domain_points(ex)
    assert len(points) >= min(200, 46)
    for name, lo, hi in ex.domain:  # the points spread over the whole domain
        values = [p[name] for p in points]
        assert min(values) == lo and (hi - lo < 200 or max(values) > (lo + hi) / 2)


def test_formulas_right_in_another_form_are_accepted() -> None:
    assert check("kk-4", "(1 - 1/g) / (f - 1/g)").ok
    assert check("kk-4", "binomial(g, 2)*f / binomial(f*g, 2)").ok
    assert check("hats-6", "1 - r/t").ok
    assert check("inn-4", "1 - 25/(70 - k)").ok
    assert check("boo-3", "binomial(n - m, k) / binomial(n, k)").ok


def test_an_estimate_may_miss_a_rare_outcome() -> None:
    shares = {0: 0.37, 1: 0.43, 2: 0.17, 3: 0.03}  # no hand with 4 or 5 chasers was dealt
    assert check("kk-2", shares).kind == "games"  # how many games? the check asks
    feedback = check("kk-2", shares, games=2000)
    assert feedback.ok and feedback.kind == "estimate"
    assert not check("kk-2", {0: "1/2", 1: "1/2"}).ok  # exact answers must list every outcome


def test_a_simulated_estimate_is_accepted() -> None:
    assert check("inn-3", estimate("inn-3", games=2000, seed=5)).kind == "estimate"
    assert check("hats-4", estimate("hats-4", games=2000, seed=5)).kind == "estimate"


def test_symbols_with_assumptions_are_the_exercise_symbols() -> None:
    g, f = sympy.symbols("g f", positive=True)
    assert check("kk-4", (g - 1) / (f * g - 1)).ok
    n, k, m = sympy.symbols("n k m", integer=True, nonnegative=True)
    assert check("boo-3", sympy.binomial(n - k, m) / sympy.binomial(n, m)).ok


def test_boo_survival_agrees_with_the_odds_module() -> None:
    from gamekit.titles.boo_party.checks import perfect_memory_survival

    odds = pytest.importorskip("gamekit.titles.boo_party.odds")
    for m in (2, 3, 4, 5):
        assert perfect_memory_survival(m) == odds.survival_perfect_memory(m)


def test_an_estimate_does_not_give_the_exact_answer_away() -> None:
    feedback = check("kk-1", 0.27, games=2000)
    assert feedback.kind == "estimate" and "3/11" not in feedback.message
    assert "Now find the exact answer" in feedback.message


def test_every_title_bank_is_found_next_to_its_rules() -> None:
    for title in gamekit.TITLES:
        module = gamekit.rules_for(title).title_module("checks")
        assert module is not None and module.__name__ in BANKS.values()
