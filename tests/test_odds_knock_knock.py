"""Knock! Knock! odds: each answer checked by brute force on a reduced case and by a
seeded simulation with the engine (tolerance: 5 standard errors of the exact variance)."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

import pytest
import sympy

from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import mean, push, tolerance, variance
from gamekit.titles.knock_knock import odds
from gamekit.titles.knock_knock import rules as kk

RULES = kk.RULES


def assert_close(samples: Iterable[float], exact_mean: Any, exact_var: Any) -> None:
    """The sample mean lies within 5 standard errors of the exact mean."""
    values = list(samples)
    n = len(values)
    gap = abs(sum(values) / n - float(exact_mean))
    assert gap <= tolerance(exact_var, n), (sum(values) / n, float(exact_mean))
    # Tight: with n >= 1000 the band is at most 5/sqrt(n) < 0.16 standard deviations.
    assert n >= 1000


def indicator_check(hits: Iterable[bool], p: Any) -> None:
    assert_close([float(h) for h in hits], p, p * (1 - p))


# -- engine drivers -------------------------------------------------------------


def random_state(seed: int, steps: int, players: int = 4, **options: Any) -> kk.State:
    """An engine state after ``steps`` random decisions (stops early at the end)."""
    config = RULES.make_config(players, options)
    state = RULES.initial_state(config, seed)
    rng = Rng(derive_seed(seed, "play"))
    for _ in range(steps):
        if RULES.is_over(state):
            break
        RULES.apply(state, rng.choice(RULES.legal_actions(state)), None)
    return state


def state_at_answer(seed: int, steps: int, players: int = 4, **options: Any) -> kk.State:
    """Play randomly ``steps`` decisions, then on to the next door waiting for an answer."""
    state = random_state(seed, steps, players, **options)
    rng = Rng(derive_seed(seed, "to-answer"))
    while state.phase != kk.ANSWER:
        assert not RULES.is_over(state)
        RULES.apply(state, rng.choice(RULES.legal_actions(state)), None)
    return state


def best_for_competitor(state: kk.State) -> None:
    """Resolve a pending vamp/kid/taxi choice: the option best for the competitor's lead."""
    while state.phase in (kk.TAKE_GUEST, kk.CHOOSE_FOLK):
        options = RULES.legal_actions(state)
        best = max(range(len(options)), key=lambda i: (lead(state, options[i]), -i))
        RULES.apply(state, options[best], None)


def lead(state: kk.State, action: Any) -> int:
    """The competitor's lead over the revealer after ``action``."""
    revealer, competitor = state.revealer, state.competitor
    trial = RULES.copy_state(state)
    RULES.apply(trial, action, None)
    scores = RULES.scores(trial)
    return int(scores[competitor] - scores[revealer])


def door_change(state: kk.State, opened: bool) -> tuple[int, int]:
    """Apply open/decline on the engine; the changes of the target's and knocker's scores."""
    trial = RULES.copy_state(state)
    knocker, target = trial.turn, trial.target
    before = RULES.scores(trial)
    RULES.apply(trial, kk.OPEN if opened else kk.DECLINE, None)
    best_for_competitor(trial)
    after = RULES.scores(trial)
    return int(after[target] - before[target]), int(after[knocker] - before[knocker])


# -- 1. starting guests ------------------------------------------------------------


def test_starting_guests_brute_force() -> None:
    for per_folk in (2, 3, 4):
        cards = [f for f in range(3) for _ in range(per_folk)]
        pairs = list(itertools.permutations(range(len(cards)), 2))
        same = Fraction(sum(cards[a] == cards[b] for a, b in pairs), len(pairs))
        assert odds.starting_guests(per_folk)["one folk"] == sympy.Rational(same)
        formula = odds.starting_pair_formula().subs({"g": per_folk, "f": 3})
        assert formula == sympy.Rational(same)


def test_pairs_at_table_brute_force() -> None:
    for per_folk, players in ((2, 2), (3, 3), (2, 3)):
        cards = [f for f in range(3) for _ in range(per_folk)]
        counts: Counter[int] = Counter()
        deals = list(itertools.permutations(range(len(cards)), 2 * players))
        for deal in deals:
            folks = [cards[c] for c in deal]
            counts[sum(folks[2 * i] == folks[2 * i + 1] for i in range(players))] += 1
        brute = {k: sympy.Rational(n, len(deals)) for k, n in sorted(counts.items())}
        assert odds.pairs_at_table(players, per_folk) == brute


def test_starting_guests_simulation() -> None:
    p = odds.starting_guests()["one folk"]
    indicator_check((bool(x) for x in odds.simulate_starting_guests(4000, seed=11)), p)


def test_pairs_at_table_simulation() -> None:
    exact = odds.pairs_at_table(5)
    samples = []
    for i in range(3000):
        state = RULES.initial_state(RULES.make_config(5, {}), derive_seed(21, i))
        samples.append(sum(len({kk.CATALOGUE[c] for c in p}) == 1 for p in state.parties))
    assert_close(samples, mean(exact), variance(exact))


# -- 2. starting hand --------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_starting_hand_brute_force(players: int) -> None:
    """Reduced case: enumerate the first-guest deal folk by folk, then count hands."""
    dist = odds.starting_hand(["ghost", "kid"], players)
    assert sum(dist.values()) == 1
    # Brute force the mean: every card of the 55 (less box and first guests) is
    # equally likely to be in the hand; count ghosts left over every first deal.
    firsts = [f for f in range(3) for _ in range(4)]
    deals = list(itertools.combinations(range(12), 2 * players))
    ghosts_left = Fraction(sum(7 - sum(firsts[c] == 1 for c in d) for d in deals), len(deals))
    size = 55 - (3 if players == 3 else 0) - 2 * players
    assert mean(dist) == sympy.Rational(5 * (ghosts_left + 5) / size)


@pytest.mark.parametrize(("kinds", "players"), [(["kid"], 4), (["ghost", "ghost vamp"], 3)])
def test_starting_hand_simulation(kinds: list[str], players: int) -> None:
    dist = odds.starting_hand(kinds, players)
    samples = list(odds.simulate_starting_hand(kinds, 3000, seed=5, players=players))
    assert_close(samples, mean(dist), variance(dist))
    indicator_check((s == 0 for s in samples), dist[0])


# -- 3. unseen cards -----------------------------------------------------------------


def hidden_layout(state: kk.State, seat: int | None) -> tuple[list[str], list[str]]:
    """The slots ``seat`` cannot see (labelled) and the kinds lying in them."""
    view = RULES.view(state, seat)
    slots: list[str] = []
    cards: list[str] = []
    for s in range(state.players):
        if s == seat:
            continue
        known = Counter(view["known"][s])
        holding = list(state.hands[s]) + (
            [state.knocked] if state.knocked >= 0 and s == state.turn else []
        )
        for c in holding:
            name = kk.KIND_NAMES[kk.CATALOGUE[c]]
            if known[name]:
                known[name] -= 1
                continue
            slots.append(f"hand {s}")
            cards.append(name)
    face_down = state.deck if state.face_down_deck else state.deck[:-1]
    for i, c in enumerate(face_down):
        slots.append(f"deck {len(face_down) - 1 - i}")  # deck 0 = the next face-down card
        cards.append(kk.KIND_NAMES[kk.CATALOGUE[c]])
    return slots, cards


def arrangements(cards: list[str]) -> Iterable[tuple[str, ...]]:
    return set(itertools.permutations(cards))


def small_state() -> tuple[kk.State, int]:
    """A late game where seat 0 cannot see only a few cards (some in hands, some in the deck)."""
    for seed, steps in itertools.product(range(20), (52, 54, 56)):
        state = random_state(seed, steps, players=3)
        if RULES.is_over(state) or not state.deck[:-1]:
            continue
        if state.phase != kk.KNOCK:
            continue
        slots, _ = hidden_layout(state, 0)
        if 5 <= len(slots) <= 8 and len(set(hidden_layout(state, 0)[1])) >= 3:
            return state, 0
    raise AssertionError("no small state found")


def test_next_deck_card_brute_force() -> None:
    state, seat = small_state()
    view = RULES.view(state, seat)
    slots, cards = hidden_layout(state, seat)
    assert len(slots) == odds.hidden_slots(view) == sum(odds.unseen_cards(view).values())
    where = slots.index("deck 0")
    layouts = arrangements(cards)
    counts = Counter(layout[where] for layout in layouts)
    brute = {k: sympy.Rational(n, len(layouts)) for k, n in counts.items()}
    assert odds.next_deck_card(view) == {k: brute[k] for k in odds.next_deck_card(view)}


def test_knocked_card_brute_force() -> None:
    state, seat = small_state()
    view = RULES.view(state, seat)
    knocker = state.turn if state.turn != seat else (seat + 1) % state.players
    slots, cards = hidden_layout(state, seat)
    known = Counter(view["known"][knocker])
    holding = view["hand_sizes"][knocker]
    layouts = arrangements(cards)
    total: dict[str, Fraction] = {}
    for layout in layouts:
        hand = known + Counter(
            k for s, k in zip(slots, layout, strict=True) if s == f"hand {knocker}"
        )
        for kind, n in hand.items():
            total[kind] = total.get(kind, Fraction(0)) + Fraction(n, holding * len(layouts))
    assert odds.knocked_card(view, knocker) == {
        k: sympy.Rational(total[k]) for k in sorted(total, key=odds.KIND_OF.__getitem__)
    }


@pytest.mark.parametrize(("seed", "steps", "face_down"), [(2, 7, False), (9, 30, True)])
def test_next_deck_card_simulation(seed: int, steps: int, face_down: bool) -> None:
    state = random_state(seed, steps, players=4, face_down_deck=face_down)
    seat = 1
    exact = odds.next_deck_card(RULES.view(state, seat))
    samples = list(odds.simulate_next_deck_card(state, seat, 3000, seed=seed))
    for kind, p in exact.items():
        indicator_check((s == kind for s in samples), p)
    assert set(samples) <= set(exact)


@pytest.mark.parametrize(("seed", "steps"), [(4, 0), (8, 25), (15, 50)])
def test_knocked_card_simulation(seed: int, steps: int) -> None:
    """Engine states re-dealt uniformly behind the target's back give the prior."""
    state = state_at_answer(seed, steps)
    target = state.target
    exact = odds.knocked_card(RULES.view(state, target))
    samples = list(odds.simulate_knocked_card(state, target, 2500, seed))
    for kind, p in exact.items():
        indicator_check((s == kind for s in samples), p)


# -- 4. open or decline ----------------------------------------------------------------


@pytest.mark.parametrize(("seed", "steps"), [(4, 0), (8, 25), (15, 50), (23, 70)])
def test_door_outcomes_brute_force(seed: int, steps: int) -> None:
    """Each card kind the target might face, played through the engine itself."""
    state = state_at_answer(seed, steps)
    view = RULES.view(state, state.target)
    dist = odds.knocked_card(view)
    for opened in (True, False):
        brute: dict[tuple[int, int], Any] = {}
        for kind, p in dist.items():
            trial = RULES.copy_state(state)
            swap_in(trial, odds.KIND_OF[kind])
            change = door_change(trial, opened)
            brute[change] = brute.get(change, 0) + p
        assert odds.door_outcomes(view, opened) == {k: brute[k] for k in sorted(brute)}
    choice = odds.open_or_decline(view)
    outcomes = odds.door_outcomes(view, True)
    assert choice.open == mean(push(outcomes, lambda d: d[0]))


def swap_in(state: kk.State, kind: int) -> None:
    """Put a card of ``kind`` at the door, swapping with wherever one lies (not a party)."""
    if kk.CATALOGUE[state.knocked] == kind:
        return
    places = [state.deck, *state.hands, state.discard, state.box]
    for place in places:
        for i, c in enumerate(place):
            if kk.CATALOGUE[c] == kind:
                place[i], state.knocked = state.knocked, c
                return
    for party in state.parties:
        for i, c in enumerate(party):
            if kk.CATALOGUE[c] == kind:
                party[i], state.knocked = state.knocked, c
                return
    raise AssertionError(kind)


@pytest.mark.parametrize(("seed", "steps"), [(8, 25), (15, 50)])
def test_open_or_decline_simulation(seed: int, steps: int) -> None:
    state = state_at_answer(seed, steps)
    target = state.target
    view = RULES.view(state, target)
    for opened in (True, False):
        exact = push(odds.door_outcomes(view, opened), lambda d: d[0] - d[1])
        samples = []
        for i in range(1500):
            redealt = odds.redeal(state, target, Rng(derive_seed(seed, opened, i)))
            d_target, d_knocker = door_change(redealt, opened)
            samples.append(d_target - d_knocker)
        assert_close(samples, mean(exact), variance(exact))


def test_open_or_decline_without_pending_knock() -> None:
    state = random_state(3, 0)
    view = RULES.view(state, 2)
    choice = odds.open_or_decline(view, knocker=0, target=2)
    assert choice.better in ("open", "decline")
    with pytest.raises(ValueError):
        odds.open_or_decline(view)


# -- 5. party score ----------------------------------------------------------------------


def test_party_score_formula_brute_force() -> None:
    """Every small party (up to 4 cards of any joining kind) against the engine's count."""
    joining = [
        k for k in range(len(kk.COPIES)) if kk.KIND_TYPES[k] not in (kk.VAMP, kk.KID, kk.TAXI)
    ]
    for size in range(5):
        for kinds in itertools.combinations_with_replacement(joining, size):
            counts = Counter(kinds)
            if any(n > kk.COPIES[k] for k, n in counts.items()):
                continue
            cards = [kk.CATALOGUE.index(k) + i for k, n in counts.items() for i in range(n)]
            names = [kk.KIND_NAMES[k] for k in kinds]
            assert odds.party_points(names) == kk.party_score(cards)


def test_party_score_simulation() -> None:
    """Whole random games: the formula gives the engine's final scores."""
    for seed in range(30):
        state = random_state(seed, 10_000, players=3 + seed % 3)
        assert RULES.is_over(state)
        for seat, party in enumerate(state.parties):
            names = [kk.KIND_NAMES[kk.CATALOGUE[c]] for c in party]
            assert odds.party_points(names) == RULES.scores(state)[seat]


def test_musician_gain() -> None:
    for guests in range(5):
        before = ["ghost"] * guests
        assert odds.musician_gain(guests) == odds.party_points(
            [*before, "ghost musician"]
        ) - odds.party_points(before)


def test_redeal_keeps_the_view() -> None:
    """The re-deal changes only what the seat cannot see."""
    for seed in range(6):
        state = state_at_answer(seed, 5 * seed)
        for seat in (None, state.turn, state.target):
            redealt = odds.redeal(state, seat, Rng(seed))
            assert RULES.view(redealt, seat) == RULES.view(state, seat)


def test_unseen_count_equals_hidden_places() -> None:
    """In every phase of random games, for every seat and the spectator, the unseen cards
    fill exactly the places the seat cannot see."""
    checked = 0
    for seed in range(12):
        state = RULES.initial_state(RULES.make_config(3 + seed % 3, {}), seed)
        rng = Rng(seed)
        while not RULES.is_over(state):
            for seat in (None, *range(state.players)):
                view = RULES.view(state, seat)
                assert sum(odds.unseen_cards(view).values()) == odds.hidden_slots(view)
                checked += 1
            RULES.apply(state, rng.choice(RULES.legal_actions(state)), None)
    assert checked > 1000
