"""Boo Party! odds: each answer checked by brute force on a reduced case and by a
seeded simulation with the engine (tolerance: 5 standard errors of the exact variance)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest
import sympy

import gamekit
from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import gap_in_standard_errors, mean, variance
from gamekit.titles.boo_party import odds
from gamekit.titles.boo_party import rules as game

RULES = game.RULES


def close(values: Iterable[float], means: Iterable[Any], variances: Iterable[Any]) -> None:
    values, means, variances = list(values), list(means), list(variances)
    assert len(values) >= 1000
    assert gap_in_standard_errors(values, means, variances) <= 5.0


def close_p(hits: Iterable[bool], p: Any) -> None:
    hits = [float(h) for h in hits]
    close(hits, [p] * len(hits), [p * (1 - p)] * len(hits))


# -- 1. avoiding the Visions ------------------------------------------------------------


@pytest.mark.parametrize(("m", "k", "n"), [(2, 2, 6), (3, 2, 7), (4, 3, 9), (2, 5, 7)])
def test_avoid_all_brute_force(m: int, k: int, n: int) -> None:
    picks = list(itertools.permutations(range(n), m))
    good = sum(all(c >= k for c in pick) for pick in picks)
    assert odds.avoid_all(m, k, n) == sympy.Rational(good, len(picks))
    formula = odds.avoid_all(*sympy.symbols("m k n")).subs({"m": m, "k": k, "n": n})
    assert sympy.simplify(formula - sympy.Rational(good, len(picks))) == 0


def sequential_avoid(n: int, revealed: set[int], last: Sequence[int | None]) -> Fraction:
    """Brute force: every costume choice, one Monster after another."""

    def go(i: int, taken: frozenset[int]) -> Fraction:
        if i == len(last):
            return Fraction(1)
        allowed = [c for c in range(n) if c not in taken and c != last[i]]
        if not allowed:
            return Fraction(0)
        good = [go(i + 1, taken | {c}) for c in allowed if c not in revealed]
        return sum(good, Fraction(0)) / len(allowed)

    return go(0, frozenset())


@pytest.mark.parametrize(
    ("k", "n", "flags"),
    [
        (2, 6, (False, False)),
        (3, 7, (True, False)),
        (3, 7, (False, True, False)),
        (4, 8, (False,) * 3),
    ],
)
def test_avoid_all_changed_brute_force(k: int, n: int, flags: tuple[bool, ...]) -> None:
    revealed = set(range(k))
    spare = iter(range(k, n))
    last = [0 if hit else next(spare) for hit in flags]
    expected = sequential_avoid(n, revealed, last)
    assert odds.avoid_all_changed(k, n, list(flags)) == sympy.Rational(expected)


def play_round(g: gamekit.Game, rng: Rng) -> None:
    """Every Monster chooses uniformly among the costumes the rules allow."""
    while g.to_move not in (0, None):
        seat = g.to_move
        costume = odds.monster_choice(g.view(seat), seat, rng, remember=False)
        assert costume is not None
        g.play(game.Wear(seat, costume))


def test_avoid_all_simulation_first_round() -> None:
    hits = []
    for i in range(1500):
        g = gamekit.new_game("boo-party", players=5, seed=derive_seed(61, i))
        play_round(g, Rng(i))
        view = g.view(0)
        hits.append(not set(view["worn"][1:]) & set(view["visions"]))
    close_p(hits, odds.avoid_all(4, 2, 18))


def test_avoid_all_changed_simulation_second_round() -> None:
    """Round 2 on the engine: each game asks its own question (which Monster's costume
    of round 1 was just revealed)."""
    values, means, variances = [], [], []
    for i in range(1500):
        g = gamekit.new_game("boo-party", players=5, seed=derive_seed(62, i), costumes=12)
        rng = Rng(i)
        play_round(g, rng)
        g.play(game.LetPartyGoOn())
        view = g.view(1)
        flags = [view["last_worn"][s] in view["visions"] for s in range(1, 5)]
        p = odds.avoid_all_changed(len(view["visions"]), 12, flags)
        play_round(g, rng)
        seen = g.view(0)
        values.append(float(not set(seen["worn"][1:]) & set(seen["visions"])))
        means.append(p)
        variances.append(p * (1 - p))
    close(values, means, variances)


# -- 2. counting disguises ---------------------------------------------------------------------


@pytest.mark.parametrize(("m", "n", "r"), [(2, 4, 2), (3, 5, 3), (3, 6, 1), (4, 6, 4), (3, 5, 0)])
def test_disguise_assignments_brute_force(m: int, n: int, r: int) -> None:
    last = list(range(m))  # the first r Monsters must change from costume i
    count = sum(
        all(pick[i] != last[i] for i in range(r)) for pick in itertools.permutations(range(n), m)
    )
    assert odds.disguise_assignments(m, n, r) == count
    formula = odds.disguise_assignments(*sympy.symbols("m n r"))
    assert formula.subs({"m": m, "n": n, "r": r}).doit() == count


def test_disguise_assignments_engine_tree() -> None:
    """Every sequence of legal costume choices in round 2 that the engine lets pass."""
    g = gamekit.new_game("boo-party", players=4, seed=3, costumes=6)
    play_round(g, Rng(1))
    g.play(game.LetPartyGoOn())

    def count(state: game.State) -> int:
        if state.turn in (0, None):
            return int(state.ending is None)  # None: every Monster changed (no B6 loss)
        total = 0
        for action in RULES.legal_actions(state):
            if isinstance(action, game.Wear):
                trial = RULES.copy_state(state)
                RULES.apply(trial, action, None)
                total += count(trial)
        return total

    assert count(RULES.copy_state(g.state)) == odds.disguise_assignments(3, 6)


# -- 3. surviving the whole deck -----------------------------------------------------------------


def brute_perfect_memory(n: int, m: int) -> Fraction:
    """Fixed Vision order (every order is alike by symmetry of the costumes); Monsters
    choose one after another among free, unrevealed costumes not their own."""
    deck = list(range(n - m))  # Vision order; costumes n-m .. n-1 are boxed

    def round_(r: int, last: tuple[int | None, ...]) -> Fraction:
        if r > n - m - 1:
            return Fraction(1)
        revealed = set(deck[: r + 1])

        def pick(i: int, taken: tuple[int, ...]) -> Fraction:
            if i == m:
                return round_(r + 1, taken)
            allowed = [c for c in range(n) if c not in taken and c not in revealed and c != last[i]]
            if not allowed:
                return Fraction(0)
            return sum((pick(i + 1, (*taken, c)) for c in allowed), Fraction(0)) / len(allowed)

        return pick(0, ())

    return round_(1, (None,) * m)


@pytest.mark.parametrize(("n", "m"), [(5, 2), (6, 2), (6, 3), (7, 3)])
def test_survival_perfect_memory_brute_force(n: int, m: int) -> None:
    assert odds.survival_perfect_memory(m, n) == sympy.Rational(brute_perfect_memory(n, m))


@pytest.mark.parametrize(("players", "costumes"), [(4, 7), (5, 8)])
def test_survival_perfect_memory_simulation(players: int, costumes: int) -> None:
    p = odds.survival_perfect_memory(players - 1, costumes)
    runs = odds.simulate_party(
        1200, seed=players, players=players, costumes=costumes, memory=0.5, monsters="remember"
    )
    close_p((ok for ok, _ in runs), p)


def brute_seer(n: int, m: int, memory: Fraction) -> dict[int, Fraction]:
    """Rating distribution (and, at key 0, survival) by brute force: fixed Vision order,
    every memory draw, every valid plan (each as likely) in every round."""
    deck = list(range(n - m))
    rounds = n - m - 1
    out: dict[int, Fraction] = {}

    def round_(
        r: int, last: tuple[int, ...] | None, remembered: frozenset[int], w: Fraction
    ) -> None:
        if r > rounds:
            out[n - m] = out.get(n - m, Fraction(0)) + w
            out[0] = out.get(0, Fraction(0)) + w  # key 0: survived the whole deck
            return
        covered = deck[r - 1]
        for kept, q in ((True, memory), (False, 1 - memory)):
            if not q:
                continue
            known = (remembered | {covered}) if kept else remembered
            spotted = known | {deck[r]}
            plans = [
                pick
                for pick in itertools.permutations(range(n), m)
                if last is None or all(a != b for a, b in zip(pick, last, strict=True))
            ]
            for pick in plans:
                share = w * q / len(plans)
                if set(pick) & spotted:
                    out[r + 1] = out.get(r + 1, Fraction(0)) + share
                else:
                    round_(r + 1, pick, frozenset(known), share)

    round_(1, None, frozenset(), Fraction(1))
    return out


@pytest.mark.parametrize(("n", "m"), [(5, 2), (6, 2), (6, 3)])
@pytest.mark.parametrize("memory", [Fraction(1), Fraction(1, 3)])
def test_survival_against_seer_brute_force(n: int, m: int, memory: Fraction) -> None:
    brute = brute_seer(n, m, memory)
    survived = sympy.Rational(brute.pop(0, Fraction(0)))
    expected = {k: sympy.Rational(v) for k, v in sorted(brute.items()) if v}
    party = odds.survival_against_seer(m, n, memory=sympy.Rational(memory))
    assert party.rating == expected
    assert party.survive == survived
    symbolic = odds.survival_against_seer(m, n)
    assert sympy.expand(symbolic.survive.subs("p", sympy.Rational(memory)) - party.survive) == 0


@pytest.mark.parametrize(("players", "costumes", "memory"), [(3, 6, 0.5), (5, 10, 0.25)])
def test_survival_against_seer_simulation(players: int, costumes: int, memory: float) -> None:
    party = odds.survival_against_seer(players - 1, costumes, memory=sympy.Rational(memory))
    runs = list(
        odds.simulate_party(1500, seed=9, players=players, costumes=costumes, memory=memory)
    )
    ratings = [float(r) for _, r in runs]
    close(ratings, [mean(party.rating)] * len(runs), [variance(party.rating)] * len(runs))
    close_p((ok for ok, _ in runs), party.survive)


# -- 4. costumes never revealed ------------------------------------------------------------------


@pytest.mark.parametrize(("m", "k", "n"), [(2, 2, 6), (3, 2, 7), (2, 4, 6)])
def test_never_revealed_brute_force(m: int, k: int, n: int) -> None:
    """Over every shuffle: given costume 0 is not among the first k Visions revealed,
    the chance it lies in the box (the first m cards of the shuffle)."""
    orders = list(itertools.permutations(range(n)))
    # the engine boxes shuffle[:m]; the deck is shuffle[m:], revealed from its end
    unseen = [o for o in orders if 0 not in o[len(o) - k :]]
    boxed = sum(0 in o[:m] for o in unseen)
    assert odds.never_revealed(m, k, n) == sympy.Rational(boxed, len(unseen))


def test_never_revealed_simulation() -> None:
    hits = []
    for i in range(4000):
        state = RULES.initial_state(RULES.make_config(5, {}), derive_seed(71, i))
        if 0 not in state.visions:
            hits.append(0 in state.removed)
    close_p(hits, odds.never_revealed(4, 2, 18))
