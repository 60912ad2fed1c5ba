"""Boo Party!: exact answers to a learner's questions.

``n`` costumes (18 by default), ``m`` Monsters (the players but the Seer), ``k``
Visions revealed. The Monsters choose one after another in seat order (Ruling
B5); a Monster who "chooses uniformly" takes any free costume it is allowed with
the same chance: never a card another Monster took, never its own costume of
last round (Ruling B6).

>>> avoid_all(4, 2, 18)
91/153
>>> m, k, n = sympy.symbols("m k n")
>>> avoid_all(m, k, n)
binomial(-k + n, m)/binomial(n, m)
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Any

import sympy

from gamekit.core.rng import Rng, derive_seed
from gamekit.odds._common import (
    Convergence,
    bernoulli_convergence,
    convergence_of,
    distribution_convergence,
    rational,
)

# Where a Monster's costume of last round lies now (for the one choosing):
TOP = 0  # it is a Vision the Seer sees or remembers: wearing it again is caught...
FORGOTTEN = 1  # a revealed Vision the Seer forgot
UNREVEALED = 2  # never revealed
FREE = 3  # no costume last round, or another Monster already took it this round

Weights = dict[tuple[int, ...], Fraction]


# -- 1. avoiding the Visions ------------------------------------------------------


def avoid_all(monsters: Any, revealed: Any, costumes: Any = 18) -> Any:
    """In the first round, what is the chance that ``m`` Monsters who choose uniformly
    all avoid the ``k`` revealed Visions?

    Choosing one after another without repeats makes every set of ``m``
    costumes as likely, so the chance is ``C(n - k, m) / C(n, m)``, that is
    ``(n-k)/n * (n-k-1)/(n-1) * ...``: each Monster in turn must miss the Visions
    among the costumes still free. Symbols give the formula.

    Conditions on ``k`` only: which costumes are Visions, not what any Monster saw or wore before.

    >>> avoid_all(4, 2, 18)
    91/153
    >>> avoid_all(2, 3, 6)
    1/5
    """
    if all(isinstance(v, int) for v in (monsters, revealed, costumes)):
        return sympy.Rational(
            math.comb(costumes - revealed, monsters), math.comb(costumes, monsters)
        )
    return sympy.binomial(costumes - revealed, monsters) / sympy.binomial(costumes, monsters)


def avoid_all_changed(
    revealed: int, costumes: int, last_revealed: Sequence[bool]
) -> sympy.Rational:
    """In a later round, when every Monster must change costume, what is the chance
    that Monsters who choose uniformly all avoid the ``k`` revealed Visions?

    ``last_revealed[i]`` says whether the ``i``-th Monster in seat order wore,
    last round, a costume that is now revealed (after a survived round, only
    the newest Vision can be one). Exact, by following the choices in order.

    Conditions on ``k`` and ``last_revealed`` only, with Monsters who choose
    uniformly and remember nothing else.

    >>> avoid_all_changed(3, 18, [False] * 4)
    1175141/2774400
    >>> avoid_all_changed(3, 18, [True, False, False, False])
    734313/1618400
    """
    classes = tuple(TOP if hit else UNREVEALED for hit in last_revealed)
    outcomes = _round(revealed, 0, costumes - revealed, classes)
    return rational(sum(outcomes.values(), Fraction(0)))


@cache
def _round(caught: int, forgotten: int, unrevealed: int, last: tuple[int, ...]) -> Weights:
    """Monsters choose in order among free costumes, each not its own last one.

    ``caught`` costumes make the Seer win (the top Vision and those remembered),
    ``forgotten`` are revealed but forgotten, ``unrevealed`` never revealed;
    ``last`` gives where each Monster's last costume lies. Returns, for every way
    to avoid the caught costumes, where each Monster's new costume lies
    (``FORGOTTEN`` or ``UNREVEALED``) -> its chance.
    """
    if not last:
        return {(): Fraction(1)}
    own, rest = last[0], last[1:]
    allowed = caught + forgotten + unrevealed - (own != FREE)
    if allowed <= 0:
        return {}  # cornered: no costume to wear, the Monsters lose (Ruling B6)
    out: Weights = {}
    for side, free in ((FORGOTTEN, forgotten), (UNREVEALED, unrevealed)):
        plain = free - (own == side) - sum(1 for c in rest if c == side)
        branches = [(plain, rest)] + [
            (1, rest[:j] + (FREE,) + rest[j + 1 :]) for j, c in enumerate(rest) if c == side
        ]
        left = (forgotten - (side == FORGOTTEN), unrevealed - (side == UNREVEALED))
        for ways, after in branches:
            if ways <= 0:
                continue
            for key, w in _round(caught, left[0], left[1], after).items():
                full = (side, *key)
                out[full] = out.get(full, Fraction(0)) + Fraction(ways, allowed) * w
    return out


# -- 2. counting disguises -----------------------------------------------------------


def disguise_assignments(monsters: Any, costumes: Any = 18, changing: Any = None) -> Any:
    """In how many ways can the Monsters dress this round (distinct cards, each Monster
    in a different costume from last round)?

    With ``r`` Monsters bound to change (all of them after the first round; none
    in the first), inclusion-exclusion over those who break the rule gives
    ``sum_i (-1)^i C(r, i) (n-i)! / (n-m)!``. Symbols give the formula.

    >>> disguise_assignments(4, 18, changing=0), disguise_assignments(4, 18)
    (73440, 58501)
    >>> disguise_assignments(*sympy.symbols("m n r"))
    Sum((-1)**i*binomial(r, i)*factorial(-i + n)/factorial(-m + n), (i, 0, r))
    """
    changing = monsters if changing is None else changing
    numbers = (monsters, costumes, changing)
    if all(isinstance(v, int) for v in numbers):
        return sum(
            (-1) ** i * math.comb(changing, i) * math.perm(costumes - i, monsters - i)
            for i in range(changing + 1)
        )
    i = sympy.Symbol("i")
    term = sympy.binomial(changing, i) * sympy.factorial(costumes - i)
    return sympy.Sum((-1) ** i * term / sympy.factorial(costumes - monsters), (i, 0, changing))


# -- 3. surviving the whole deck -------------------------------------------------------


@dataclass(frozen=True)
class Party:
    """A whole game's odds: ``survive`` (the Monsters outlast the deck) and ``rating``,
    the number of Visions revealed when the game ends (Ruling B4) -> chance.

    >>> Party(sympy.Rational(1, 2), {3: sympy.Rational(1, 2), 4: sympy.Rational(1, 2)}).survive
    1/2
    """

    survive: Any
    rating: dict[int, Any]


def rounds_in_game(monsters: int, costumes: int = 18) -> int:
    """How many rounds does a full game last? ``n - m`` Visions stay in the deck; one is
    revealed at set-up, then one per round.

    >>> rounds_in_game(4)
    13
    """
    return costumes - monsters - 1


def survival_perfect_memory(monsters: int, costumes: int = 18) -> sympy.Rational:
    """Monsters who remember every Vision and choose uniformly among the costumes still
    allowed (free, never revealed, not their own of last round): what is the
    chance that they survive the whole deck?

    Whatever the Seer's memory, they are never caught: their only danger is to
    be cornered in the last round, when exactly ``m`` costumes were never
    revealed and the last Monster may find only its own costume left. The
    answer does not depend on ``n``.

    Conditions on the rules only: no knowledge of where the unrevealed Visions lie.

    >>> survival_perfect_memory(4)
    13/15
    >>> [survival_perfect_memory(m) for m in (2, 3, 7)]
    [5/6, 5/6, 54931/60480]
    """
    if rounds_in_game(monsters, costumes) <= 1:
        return sympy.Integer(1)
    m = monsters
    unrevealed = (UNREVEALED,) * m
    cases = [unrevealed] + [unrevealed[:i] + (FREE,) + unrevealed[i + 1 :] for i in range(m)]
    total = sum((sum(_round(0, 0, m, c).values(), Fraction(0)) for c in cases), Fraction(0))
    return rational(total / (m + 1))


def survival_against_seer(monsters: int, costumes: int = 18, memory: Any = None) -> Party:
    """Monsters without memory against a Seer who remembers each covered Vision with
    chance ``p`` (and always sees the top one): what is the chance that the
    Monsters survive the whole deck? And the rating? Polynomials in ``p``.

    Each round the Monsters agree on a disguise plan, any of the
    :func:`disguise_assignments` as likely (distinct cards, each Monster
    changing costume); revealed costumes are allowed by the rules, so they may
    wear one. The Seer accuses as soon as a costume worn is the top Vision or
    one it remembers, and never otherwise. ``memory=1`` is a perfect Seer.

    Conditions on the rules and on ``memory`` only, with Monsters who remember nothing.

    >>> party = survival_against_seer(2, 6)
    >>> sympy.factor(party.survive)
    -(397*p**3 - 2330*p**2 + 3923*p - 2011)/6615
    >>> survival_against_seer(2, 6, memory=1).survive
    1/315
    >>> survival_against_seer(2, 6, memory=sympy.Rational(1, 2)).rating
    {2: 7/15, 3: 383/1260, 4: 289/1260}
    """
    survived, caught = _survival_weights(monsters, costumes)
    total = _polynomial(survived.items(), memory)
    by_rating: dict[int, list[tuple[tuple[int, int], Fraction]]] = {}
    for (r, a, b), w in caught.items():
        by_rating.setdefault(r + 1, []).append(((a, b), w))
    rating = {k: _polynomial(v, memory) for k, v in sorted(by_rating.items())}
    rating[costumes - monsters] = total + rating.get(costumes - monsters, 0)
    return Party(total, {k: v for k, v in rating.items() if v != 0})


def _polynomial(terms: Any, memory: Any) -> Any:
    """``sum w p^a (1-p)^b`` expanded exactly, as a polynomial in ``p`` (or its value)."""
    coeffs: dict[int, Fraction] = {}
    for (a, b), w in terms:
        for i in range(b + 1):
            c = w * math.comb(b, i) * (-1) ** i
            coeffs[a + i] = coeffs.get(a + i, Fraction(0)) + c
    if memory is not None and not isinstance(memory, sympy.Basic):
        x = Fraction(memory)
        return rational(sum((c * x**k for k, c in coeffs.items()), Fraction(0)))
    p = sympy.Symbol("p") if memory is None else memory
    return sympy.Add(*(rational(c) * p**k for k, c in sorted(coeffs.items()) if c))


@cache
def plans(
    forgotten: int,
    unrevealed: int,
    last_forgotten: int,
    last_unrevealed: int,
    monsters: int,
    in_forgotten: int,
) -> int:
    """Disguise plans that avoid every caught costume and put exactly ``in_forgotten``
    Monsters in forgotten Visions (the rest in unrevealed costumes), each Monster
    changing costume. ``last_forgotten`` / ``last_unrevealed`` Monsters wore, last
    round, a costume that is now forgotten / unrevealed (inclusion-exclusion over
    the Monsters who would keep theirs).

    >>> plans(0, 5, 0, 2, 2, 0)  # 2 Monsters, 5 free costumes, both must change
    13
    """
    total = 0
    for sf in range(last_forgotten + 1):
        for su in range(last_unrevealed + 1):
            rest, j = monsters - sf - su, in_forgotten - sf
            if j < 0 or j > rest:
                continue
            ways = (
                math.comb(last_forgotten, sf)
                * math.comb(last_unrevealed, su)
                * math.comb(rest, j)
                * math.perm(forgotten - sf, j)
                * math.perm(unrevealed - su, rest - j)
            )
            total += (-1) ** (sf + su) * ways
    return total


def _survival_weights(
    monsters: int, costumes: int
) -> tuple[dict[tuple[int, int], Fraction], dict[tuple[int, int, int], Fraction]]:
    """Follow the game round by round. A state: (Visions the Seer remembers, forgotten
    ones, Monsters now in forgotten Visions, whether the new Vision shows a costume
    worn last round); its weight leaves out ``p^remembered (1-p)^forgotten``,
    the same for every path to it. Weights are whole numbers over one common
    denominator per round (fast exact arithmetic)."""
    m = monsters
    rounds = rounds_in_game(m, costumes)
    states: dict[tuple[int, int, int, int], int] = {(0, 0, -1, 0): 1}
    denominator = 1
    caught: dict[tuple[int, int, int], Fraction] = {}
    for r in range(1, rounds + 1):
        unrevealed = costumes - r - 1  # after this round's Vision
        every = disguise_assignments(m, costumes, 0 if r == 1 else m)
        draw = unrevealed if r < rounds else 1  # the next Vision, drawn after this round
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (a, b, j, hit), w in states.items():
            lf, lu = (0, 0) if j < 0 else (j, m - j - hit)
            for a2, b2 in ((a + 1, b), (a, b + 1)):  # the covered Vision: kept, forgotten
                safe = 0
                for j2 in range(m + 1):
                    good = plans(b2, unrevealed, lf, lu, m, j2)
                    safe += good
                    if not good:
                        continue
                    worn_u = m - j2
                    splits = ((1, worn_u), (0, unrevealed - worn_u)) if r < rounds else ((0, 1),)
                    for h, q in splits:
                        if q:
                            key = (a2, b2, j2, h)
                            nxt[key] = nxt.get(key, 0) + w * good * q
                lost = (r, a2, b2)
                share = Fraction(w * (every - safe), denominator * every)
                caught[lost] = caught.get(lost, Fraction(0)) + share
        states = nxt
        denominator *= every * draw
    survived: dict[tuple[int, int], Fraction] = {}
    for (a, b, _, _), w in states.items():
        survived[(a, b)] = survived.get((a, b), Fraction(0)) + Fraction(w, denominator)
    return survived, caught


# -- 4. costumes never revealed ---------------------------------------------------------


def never_revealed(monsters: Any, revealed: Any, costumes: Any = 18) -> Any:
    """A costume not revealed yet: what is the chance that it never will be?

    Its Vision is one of the ``n - k`` unrevealed ones, and ``m`` of those lie in
    the box, so the chance is ``m / (n - k)``: it grows as the deck shrinks.

    Conditions on ``k`` only: not on which costumes were worn without being caught,
    which a Seer with memory also knows.

    >>> never_revealed(4, 2), never_revealed(4, 14)
    (1/4, 1)
    """
    if all(isinstance(v, int) for v in (monsters, revealed, costumes)):
        if revealed > costumes - monsters:
            raise ValueError("at most n - m Visions are ever revealed")
        return sympy.Rational(monsters, costumes - revealed)
    return monsters / (costumes - revealed)


# -- simulation helpers --------------------------------------------------------------------


def monster_choice(view: dict[str, Any], seat: int, rng: Rng, remember: bool) -> int | None:
    """A Monster's uniform choice: a free costume that is not its own of last round (and
    never revealed, when it remembers the Visions); ``None`` when none is left.

    >>> view = {"worn": [None, 0, None], "visions": [1, 2], "last_worn": [None, 3, 4],
    ...         "costumes": 5}
    >>> monster_choice(view, 2, Rng(1), remember=True)
    3
    """
    taken = set(c for c in view["worn"] if c is not None and c >= 0)
    banned = set(view["visions"]) if remember else set()
    own = view["last_worn"][seat]
    allowed = [
        c for c in range(view["costumes"]) if c not in taken and c not in banned and c != own
    ]
    return rng.choice(allowed) if allowed else None


def random_plan(last: Sequence[int | None], costumes: int, rng: Rng) -> list[int]:
    """A disguise plan drawn uniformly among the valid ones: distinct costumes, each
    Monster's different from its ``last`` (rejection sampling).

    >>> plan = random_plan([0, 1, 2], 4, Rng(3))
    >>> len(set(plan)) == 3 and all(c != old for c, old in zip(plan, [0, 1, 2]))
    True
    """
    while True:
        picks = rng.shuffled(range(costumes))[: len(last)]
        if all(c != old for c, old in zip(picks, last, strict=True)):
            return picks


def simulate_party(
    n: int,
    seed: int,
    players: int = 5,
    costumes: int = 18,
    memory: float = 1.0,
    monsters: str = "plan",
) -> Iterator[tuple[bool, int]]:
    """Play ``n`` games on the engine and yield ``(the Monsters survived, rating)``.

    The Seer remembers each covered Vision with chance ``memory`` (decided once,
    when it gets covered) and accuses when it spots a costume it knows. The
    Monsters: ``"plan"``, a valid plan drawn uniformly each round (no memory);
    ``"forget"``, one after another uniformly among the allowed costumes;
    ``"remember"``, the same but never a revealed costume.

    >>> [ok for ok, _ in simulate_party(3, seed=1, players=3, costumes=5, monsters="remember")]
    [True, True, True]
    """
    import gamekit
    from gamekit.titles.boo_party.actions import Accuse, LetPartyGoOn, Wear, WearNothing
    from gamekit.titles.boo_party.state import SURVIVED

    for i in range(n):
        rng = Rng(derive_seed(seed, "party", i))
        game = gamekit.new_game(
            "boo-party", players=players, seed=derive_seed(seed, i), costumes=costumes
        )
        memo: dict[int, bool] = {}
        plan: list[int] = []
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if seat != 0:
                if monsters == "plan":
                    if seat == 1:
                        plan = random_plan(view["last_worn"][1:], costumes, rng)
                    costume: int | None = plan[seat - 1]
                else:
                    costume = monster_choice(view, seat, rng, monsters == "remember")
                game.play(WearNothing(seat) if costume is None else Wear(seat, costume))
                continue
            visions = view["visions"]
            for covered in visions[:-1]:
                if covered not in memo:  # decided once, when the Vision gets covered
                    memo[covered] = rng.random() < memory
            known = {v for v in visions[:-1] if memo[v]} | {visions[-1]}
            spotted = any(c in known for c in view["worn"][1:])
            game.play(Accuse() if spotted else LetPartyGoOn())
        yield game.state.ending == SURVIVED, len(game.state.visions)


# -- questions for convergence charts ----------------------------------------------------


def convergence(question: str, n: int, seed: int) -> Convergence:
    """A question's exact mean and variance with ``n`` seeded engine samples, for
    ``gamekit.charts.convergence``. Questions: ``"first round avoided"`` (5 players),
    ``"perfect memory survives"`` (5 players, 8 costumes), ``"survives a Seer with
    memory 1/2"`` (3 players, 6 costumes), ``"rating against a Seer with memory
    1/2"`` (5 players, 10 costumes).

    >>> c = convergence("perfect memory survives", 20, seed=1)
    >>> c.exact, len(list(c.samples))
    (13/15, 20)
    """
    return convergence_of(_QUESTIONS, question, n, seed)


def _first_round(n: int, seed: int) -> Iterator[bool]:
    import gamekit

    for i in range(n):
        rng = Rng(derive_seed(seed, "first", i))
        game = gamekit.new_game("boo-party", players=5, seed=derive_seed(seed, "game", i))
        yield first_disguises_avoid_the_visions(game, rng)


def first_disguises_avoid_the_visions(game: Any, rng: Rng) -> bool:
    """Play the Monsters' first disguises of a fresh ``game`` (each chooses uniformly
    among the costumes free to it, with ``rng``): True when none wears a Vision.

    How often do the first disguises of 100 games of five avoid every Vision (the
    exact chance is 91/153, about 59 %)?

    >>> import gamekit
    >>> from gamekit.core.rng import derive_seed
    >>> sum(first_disguises_avoid_the_visions(gamekit.new_game("boo-party", players=5,
    ...     seed=s), Rng(derive_seed(s, "dress"))) for s in range(100))
    54
    """
    from gamekit.titles.boo_party.actions import Wear

    while game.to_move not in (0, None):
        seat = game.to_move
        assert seat is not None
        costume = monster_choice(game.view(seat), seat, rng, remember=False)
        assert costume is not None
        game.play(Wear(seat, costume))
    view = game.view(0)
    return not set(view["worn"][1:]) & set(view["visions"])


def _half_memory(players: int, costumes: int) -> Party:
    return survival_against_seer(players - 1, costumes, memory=sympy.Rational(1, 2))


_QUESTIONS: dict[str, Any] = {
    "first round avoided": lambda n, seed: bernoulli_convergence(
        "first round avoided", avoid_all(4, 2, 18), _first_round(n, seed)
    ),
    "perfect memory survives": lambda n, seed: bernoulli_convergence(
        "perfect memory survives",
        survival_perfect_memory(4, 8),
        (ok for ok, _ in simulate_party(n, seed, 5, 8, 0.5, "remember")),
    ),
    "survives a Seer with memory 1/2": lambda n, seed: bernoulli_convergence(
        "survives a Seer with memory 1/2",
        _half_memory(3, 6).survive,
        (ok for ok, _ in simulate_party(n, seed, 3, 6, 0.5)),
    ),
    "rating against a Seer with memory 1/2": lambda n, seed: distribution_convergence(
        "rating against a Seer with memory 1/2",
        _half_memory(5, 10).rating,
        (r for _, r in simulate_party(n, seed, 5, 10, 0.5)),
    ),
}
