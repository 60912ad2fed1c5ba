"""Boo Party! probability exercises (``boo-1`` ... ``boo-6``), warm-up to challenge.

The default table: 5 players (the Seer and 4 Monsters), 18 costumes. In the first
round two Visions are revealed (one at set-up, one as the round starts). A
Monster who "chooses uniformly" takes any costume still free in the spread, each
as likely (Ruling B5: one after another, in seat order).

>>> from gamekit.exercises import check
>>> check("boo-1", "91/153").ok
True
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from fractions import Fraction
from functools import cache, partial
from typing import Any

import sympy

from gamekit.core.i18n import Text, catalog
from gamekit.exercises import TRIALS, Exercise, Trial, register, variant_rng

M = catalog("gamekit.titles.boo_party")


MONSTERS = 4
COSTUMES = 18
REVEALED = 2
"""Visions seen when the Monsters first dress."""


# -- exact answers -------------------------------------------------------------------


def avoid_formula() -> Any:
    """boo-3: ``C(n - k, m) / C(n, m)``."""
    m, k, n = sympy.symbols("m k n")
    return sympy.binomial(n - k, m) / sympy.binomial(n, m)


def avoid_first_round(monsters: int = MONSTERS, costumes: int = COSTUMES) -> Any:
    """boo-1: ``monsters`` Monsters all avoid the 2 revealed Visions among ``costumes``."""
    return avoid_formula().subs({"m": monsters, "k": REVEALED, "n": costumes})


def hits_distribution(monsters: int = MONSTERS, costumes: int = COSTUMES) -> Any:
    """How many of the Monsters wear a revealed costume in the first round."""
    from gamekit.odds._common import hypergeom

    return {j: hypergeom(costumes, REVEALED, monsters, j) for j in range(REVEALED + 1)}


def expected_hits(monsters: int = MONSTERS, costumes: int = COSTUMES) -> Any:
    """boo-4: ``m k / n``.

    >>> expected_hits(), expected_hits(3, 12)
    (4/9, 1/2)
    """
    from gamekit.odds._common import mean

    return mean(hits_distribution(monsters, costumes))


def _hits_variance(monsters: int = MONSTERS, costumes: int = COSTUMES) -> Any:
    from gamekit.odds._common import variance

    return variance(hits_distribution(monsters, costumes))


def changed_assignments(monsters: int = MONSTERS, costumes: int = COSTUMES) -> int:
    """boo-2: ways to dress ``m`` Monsters in distinct costumes, each different from its
    own of last round (inclusion-exclusion over the Monsters who break the rule).

    >>> changed_assignments(2, 3)
    3
    """
    return sum(
        (-1) ** i * math.comb(monsters, i) * math.perm(costumes - i, monsters - i)
        for i in range(monsters + 1)
    )


def last_round_survival(own: tuple[int | None, ...], free: tuple[int, ...]) -> Fraction:
    """Monsters dress in seat order, each uniformly among the ``free`` costumes left that
    are not its own of last round (``own[i]``; ``None`` when it is no danger): the
    chance that every Monster finds one.

    >>> last_round_survival((0, 1), (0, 1)), last_round_survival((None, 0), (0, 1))
    (Fraction(1, 1), Fraction(1, 2))
    """

    @cache
    def dress(i: int, left: frozenset[int]) -> Fraction:
        if i == len(own):
            return Fraction(1)
        options = [c for c in left if c != own[i]]
        if not options:
            return Fraction(0)
        return sum((dress(i + 1, left - {c}) for c in options), Fraction(0)) / len(options)

    return dress(0, frozenset(free))


def perfect_memory_survival(monsters: int = MONSTERS) -> Any:
    """boo-5: Monsters who remember every Vision survive the whole deck.

    Only the last round can corner them: ``m`` costumes were never revealed then.
    Last round they wore ``m`` of the ``m + 1`` unrevealed costumes; the last Vision
    is one of those ``m + 1``, each as likely. If it is the one nobody wore (chance
    ``1/(m+1)``), every Monster must avoid its own among the ``m`` left; else the
    Monster whose costume was revealed is free and one unworn costume joins.

    >>> perfect_memory_survival(2), perfect_memory_survival(4)
    (5/6, 13/15)
    """
    m = monsters
    everyone_bound = last_round_survival(tuple(range(m)), tuple(range(m)))
    one_free = (
        sum(
            (
                last_round_survival(
                    tuple(None if i == j else i for i in range(m)),
                    tuple(c for c in range(m + 1) if c != j),
                )
                for j in range(m)
            ),
            Fraction(0),
        )
        / m
    )
    total = Fraction(1, m + 1) * everyone_bound + Fraction(m, m + 1) * one_free
    return sympy.Rational(total.numerator, total.denominator)


def room_to_avoid(point: Any) -> bool:
    """boo-3's domain: the ``m`` Monsters fit among the costumes never revealed
    (``m + k <= n``; else the chance is 0 and some forms have no value)."""
    return bool(point["m"] + point["k"] <= point["n"])


# -- simulations on the engine ------------------------------------------------------------


def first_round_costumes(seed: int) -> tuple[list[int], list[int]]:
    """Play the first disguises of a seeded 5-player game, each Monster choosing
    uniformly among the free costumes; return (costumes worn, Visions revealed)."""
    import gamekit
    from gamekit.core.rng import Rng, derive_seed
    from gamekit.titles.boo_party.actions import Wear

    game = gamekit.new_game("boo-party", players=MONSTERS + 1, seed=seed)
    rng = Rng(derive_seed(seed, "dress"))
    worn: list[int] = []
    while game.to_move != 0:
        wear = [a for a in game.legal_actions() if isinstance(a, Wear)]
        choice = rng.choice(wear)
        worn.append(choice.costume)
        game.play(choice)
    return worn, list(game.view(0)["visions"])


def _hits(n: int, seed: int) -> Iterator[int]:
    from gamekit.core.rng import derive_seed

    for i in range(n):
        worn, visions = first_round_costumes(derive_seed(seed, "boo", i))
        yield sum(c in visions for c in worn)


def draw_avoid(n: int, seed: int) -> Iterator[int]:
    """1 when no Monster wears a revealed costume in the first round."""
    for hits in _hits(n, seed):
        yield int(hits == 0)


def draw_changed(n: int, seed: int) -> Iterator[int]:
    """Dress 4 Monsters uniformly in distinct costumes after a round where they wore
    costumes 0..3; 1 when every Monster changed (the share of valid assignments)."""
    from gamekit.core.rng import Rng, derive_seed

    for i in range(n):
        dressed = Rng(derive_seed(seed, "changed", i)).shuffled(range(COSTUMES))[:MONSTERS]
        yield int(all(c != last for last, c in enumerate(dressed)))


def play_remembering(seed: int) -> bool:
    """One whole seeded game: Monsters who remember every Vision dress at random among the
    allowed costumes never revealed (nothing when none is left); the Seer accuses
    only when a costume worn was revealed. True when the Monsters survive the deck."""
    import gamekit
    from gamekit.core.rng import Rng, derive_seed
    from gamekit.titles.boo_party.actions import Accuse, LetPartyGoOn, Wear, WearNothing

    game = gamekit.new_game("boo-party", players=MONSTERS + 1, seed=seed)
    rng = Rng(derive_seed(seed, "remember"))
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        visions = set(game.view(0)["visions"])
        if seat == 0:
            worn = game.view(0)["worn"]
            game.play(Accuse() if any(c in visions for c in worn[1:]) else LetPartyGoOn())
            continue
        own = game.view(seat)["last_worn"][seat]
        wear = [a for a in game.legal_actions() if isinstance(a, Wear)]
        safe = [a for a in wear if a.costume not in visions and a.costume != own]
        game.play(rng.choice(safe) if safe else WearNothing(seat))
    return bool(game.scores()[1] == 1)  # the Seer never accuses wrongly: a win is survival


def draw_survive(n: int, seed: int) -> Iterator[int]:
    """Whole games on the engine with Monsters who remember every Vision."""
    from gamekit.core.rng import derive_seed

    for i in range(n):
        yield int(play_remembering(derive_seed(seed, "survive", i)))


def party_for(seed: int, exercise_id: str = "boo-1") -> tuple[int, int]:
    """A learner's table for one exercise: 2 to 7 Monsters (3 to 8 players) and 12 to 24
    costumes (Rulings B1, B2). boo-1 and boo-4 share the learner's table (boo-4 asks
    about boo-1's first round).

    >>> party_for(7) == party_for(7, "boo-4"), party_for(7) == party_for(7)
    (True, True)
    """
    rng = variant_rng(seed, "boo-1" if exercise_id == "boo-4" else exercise_id)
    return 2 + int(rng.below(6)), 12 + int(rng.below(13))


def avoid_at(monsters: int, costumes: int) -> Exercise:
    """boo-1 with ``monsters`` Monsters and ``costumes`` costumes (the bank's: 4, 18).

    >>> "6 players: the Seer and 5 Monsters, 20 costumes" in avoid_at(5, 20).question
    True
    """
    never = costumes - REVEALED
    return Exercise(
        id="boo-1",
        title=Text(M("Boo Party!")),
        level="warm-up",
        question=Text(
            M(
                "{players} players: the Seer and {monsters} Monsters, {costumes} costumes. When "
                "the Monsters first dress, 2 Visions have been revealed. If the Monsters pick "
                "{monsters} different costumes at random (every set of {monsters} equally "
                "likely), what is the chance that none of them wears a revealed costume?",
                players=monsters + 1,
                monsters=monsters,
                costumes=costumes,
            )
        ),
        expected=partial(avoid_first_round, monsters, costumes),
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "The {monsters} costumes must all come from the {never} never revealed: "
                "C({never}, {monsters}) of the C({costumes}, {monsters}) sets.",
                monsters=monsters,
                never=never,
                costumes=costumes,
            )
        ),
        estimates=True,
        variant=lambda seed: avoid_at(*party_for(seed, "boo-1")),
    )


def changes_at(monsters: int, costumes: int) -> Exercise:
    """boo-2 with ``monsters`` Monsters and ``costumes`` costumes (the bank's: 4, 18).

    >>> "The 3 Monsters wore 3 different costumes" in changes_at(3, 12).question
    True
    """
    falling = "*".join(str(costumes - i) for i in range(monsters))
    return Exercise(
        id="boo-2",
        title=Text(M("Boo Party!")),
        level="core",
        question=Text(
            M(
                "After a round, every Monster must change costume (Ruling B6). The {monsters} "
                "Monsters wore {monsters} different costumes last round; the {costumes} "
                "costumes are all back in the spread. In how many ways can the {monsters} "
                "Monsters dress now (a different card each, nobody in last round's costume)?",
                monsters=monsters,
                costumes=costumes,
            )
        ),
        expected=partial(changed_assignments, monsters, costumes),
        form=Text(M("a whole number (a count; it must be exact)")),
        hint=Text(
            M(
                "Start from {falling} ways to hand out {monsters} different costumes, then take "
                "away those where a Monster keeps its costume: inclusion-exclusion, sum over i "
                "of (-1)^i C({monsters}, i) ({costumes}-i)!/({costumes}-{monsters})!.",
                falling=falling,
                monsters=monsters,
                costumes=costumes,
            )
        ),
        variant=lambda seed: changes_at(*party_for(seed, "boo-2")),
    )


def hits_at(monsters: int, costumes: int) -> Exercise:
    """boo-4 with ``monsters`` Monsters and ``costumes`` costumes (the bank's: 4, 18)."""
    return Exercise(
        id="boo-4",
        title=Text(M("Boo Party!")),
        level="core",
        question=Text(
            M(
                "Same first round as boo-1 ({monsters} Monsters, {costumes} costumes, 2 Visions "
                "revealed, a random set of {monsters} costumes). How many Monsters do you expect "
                "to wear a revealed costume?",
                monsters=monsters,
                costumes=costumes,
            )
        ),
        expected=partial(expected_hits, monsters, costumes),
        form=Text(M("an expected value as a fraction")),
        hint=Text(
            M(
                "Each Monster on its own wears a revealed costume with chance 2/{costumes}: "
                "add up.",
                costumes=costumes,
            )
        ),
        estimates=True,
        variant=lambda seed: hits_at(*party_for(seed, "boo-4")),
        variance=partial(_hits_variance, monsters, costumes),
    )


def memory_at(monsters: int, costumes: int) -> Exercise:
    """boo-5 with ``monsters`` Monsters and ``costumes`` costumes (the bank's: 4, 18; the
    answer does not depend on the costumes: only the last round can corner them)."""
    return Exercise(
        id="boo-5",
        title=Text(M("Boo Party!")),
        level="challenge",
        question=Text(
            M(
                "Monsters with a perfect memory never wear a revealed costume: each takes, at "
                "random, a free costume that was never revealed and is not its own of last "
                "round. They can still lose if a Monster finds no costume to wear. The round "
                "of the last Vision is played in full (Ruling B3): the Monsters dress once more "
                "after the last Vision is revealed. With {monsters} Monsters and {costumes} "
                "costumes, what is the chance that they survive the whole deck?",
                monsters=monsters,
                costumes=costumes,
            )
        ),
        expected=partial(perfect_memory_survival, monsters),
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Only the last round is dangerous: then exactly {monsters} costumes were never "
                "revealed. The last Vision may or may not be one a Monster wore; then follow "
                "the Monsters in seat order, counting the choices that leave the next one a "
                "costume.",
                monsters=monsters,
            )
        ),
        estimates=True,
        variant=lambda seed: memory_at(*party_for(seed, "boo-5")),
    )


BANK = (
    avoid_at(MONSTERS, COSTUMES),
    changes_at(MONSTERS, COSTUMES),
    Exercise(
        id="boo-3",
        title=Text(M("Boo Party!")),
        level="core",
        question=Text(
            M(
                "Make boo-1 a formula: m Monsters pick m different costumes at random among n, "
                "while k Visions are revealed. What is the chance that they all avoid the "
                "revealed costumes?"
            )
        ),
        expected=avoid_formula,
        form=Text(M("a formula in m, k and n (binomial(a, b) and factorial(a) are allowed)")),
        hint=Text(
            M(
                "Each set of m costumes is as likely: how many of the C(n, m) sets avoid the k "
                "revealed ones?"
            )
        ),
        symbols=("m", "k", "n"),
        domain=(("m", 1, 300), ("k", 0, 300), ("n", 1, 300)),
        where=room_to_avoid,
    ),
    hits_at(MONSTERS, COSTUMES),
    memory_at(MONSTERS, COSTUMES),
)

register(*BANK)
TRIALS.update(
    {
        "boo-1": Trial(draw_avoid),
        "boo-2": Trial(draw_changed, scale=math.perm(COSTUMES, MONSTERS)),
        "boo-3": Trial(draw_avoid, exact=avoid_first_round),
        "boo-4": Trial(_hits, variance=_hits_variance),
        "boo-5": Trial(draw_survive),
    }
)
