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
from functools import cache
from typing import Any

import sympy

from gamekit.core.i18n import Text, catalog
from gamekit.exercises import TRIALS, Exercise, Trial, register

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


def avoid_first_round() -> Any:
    """boo-1: 4 Monsters all avoid the 2 revealed Visions."""
    return avoid_formula().subs({"m": MONSTERS, "k": REVEALED, "n": COSTUMES})


def hits_distribution() -> Any:
    """How many of the 4 Monsters wear a revealed costume in the first round."""
    from gamekit.odds._common import hypergeom

    return {j: hypergeom(COSTUMES, REVEALED, MONSTERS, j) for j in range(REVEALED + 1)}


def expected_hits() -> Any:
    """boo-4: ``m k / n``."""
    from gamekit.odds._common import mean

    return mean(hits_distribution())


def _hits_variance() -> Any:
    from gamekit.odds._common import variance

    return variance(hits_distribution())


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


BANK = (
    Exercise(
        id="boo-1",
        title=Text(M("Boo Party!")),
        level="warm-up",
        question=Text(
            M(
                "5 players: the Seer and 4 Monsters, 18 costumes. When the Monsters first dress, "
                "2 Visions have been revealed. If the Monsters pick 4 different costumes at "
                "random (every set of 4 equally likely), what is the chance that none of them "
                "wears a revealed costume?"
            )
        ),
        expected=avoid_first_round,
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "The 4 costumes must all come from the 16 never revealed: "
                "C(16, 4) of the C(18, 4) sets."
            )
        ),
        estimates=True,
    ),
    Exercise(
        id="boo-2",
        title=Text(M("Boo Party!")),
        level="core",
        question=Text(
            M(
                "After a round, every Monster must change costume (Ruling B6). The 4 Monsters "
                "wore 4 different costumes last round; the 18 costumes are all back in the "
                "spread. In how many ways can the 4 Monsters dress now (a different card each, "
                "nobody in last round's costume)?"
            )
        ),
        expected=changed_assignments,
        form=Text(M("a whole number (a count; it must be exact)")),
        hint=Text(
            M(
                "Start from 18*17*16*15 ways to hand out 4 different costumes, then take away "
                "those where a Monster keeps its costume: inclusion-exclusion, "
                "sum over i of (-1)^i C(4, i) (18-i)!/(18-4)!."
            )
        ),
    ),
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
    Exercise(
        id="boo-4",
        title=Text(M("Boo Party!")),
        level="core",
        question=Text(
            M(
                "Same first round as boo-1 (4 Monsters, 18 costumes, 2 Visions revealed, a "
                "random set of 4 costumes). How many Monsters do you expect to wear a revealed "
                "costume?"
            )
        ),
        expected=expected_hits,
        form=Text(M("an expected value as a fraction")),
        hint=Text(M("Each Monster on its own wears a revealed costume with chance 2/18: add up.")),
        estimates=True,
    ),
    Exercise(
        id="boo-5",
        title=Text(M("Boo Party!")),
        level="challenge",
        question=Text(
            M(
                "Monsters with a perfect memory never wear a revealed costume: each takes, at "
                "random, a free costume that was never revealed and is not its own of last "
                "round. They can still lose if a Monster finds no costume to wear. The round "
                "of the last Vision is played in full (Ruling B3): the Monsters dress once more "
                "after the last Vision is revealed. With 4 Monsters and 18 costumes, what is the "
                "chance that they survive the whole deck?"
            )
        ),
        expected=perfect_memory_survival,
        form=Text(M("a probability as a fraction")),
        hint=Text(
            M(
                "Only the last round is dangerous: then exactly 4 costumes were never revealed. "
                "The last Vision may or may not be one a Monster wore; then follow the Monsters "
                "in seat order, counting the choices that leave the next one a costume."
            )
        ),
        estimates=True,
    ),
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
