"""Small exact helpers shared by the odds modules: distributions and their moments.

A *distribution* is a dict from outcomes to SymPy ``Rational`` probabilities
that add up to 1.

>>> d = uniform([1, 2, 3, 4, 5, 6])
>>> mean(d), variance(d)
(7/2, 35/12)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import sympy

K = TypeVar("K", bound=Hashable)
Dist = dict[Any, sympy.Rational]


def rational(value: int | Fraction | sympy.Expr) -> sympy.Rational:
    """An exact SymPy number from an int, a ``Fraction`` or a SymPy rational.

    >>> rational(Fraction(3, 4))
    3/4
    """
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    out = sympy.nsimplify(value) if not isinstance(value, int) else sympy.Integer(value)
    return out


def uniform(outcomes: Iterable[K]) -> dict[K, sympy.Rational]:
    """Each outcome with the same chance (repeated outcomes add up).

    >>> uniform("aab")
    {'a': 2/3, 'b': 1/3}
    """
    return from_counts(Counter(outcomes))


def from_counts(counts: Mapping[K, int]) -> dict[K, sympy.Rational]:
    """Counts of equally likely items -> the chance of each outcome (zeros dropped).

    >>> from_counts({"kid": 5, "taxi": 3, "none": 0})
    {'kid': 5/8, 'taxi': 3/8}
    """
    total = sum(counts.values())
    if total <= 0:
        raise ValueError("there is nothing to choose from (every count is zero)")
    return {k: sympy.Rational(n, total) for k, n in counts.items() if n}


def from_fractions(weights: Mapping[K, Fraction]) -> dict[K, sympy.Rational]:
    """Exact ``Fraction`` weights (already adding up to 1) -> SymPy rationals, sorted keys.

    >>> from_fractions({2: Fraction(1, 3), 1: Fraction(2, 3)})
    {1: 2/3, 2: 1/3}
    """
    return {k: rational(weights[k]) for k in sorted(weights) if weights[k]}  # type: ignore[type-var]


def _as_fraction(value: Any) -> Fraction | None:
    """A plain number as a ``Fraction`` (``None`` for a symbolic expression)."""
    if isinstance(value, int | Fraction):
        return Fraction(value)
    if isinstance(value, sympy.Rational):
        return Fraction(int(value.p), int(value.q))
    return None


def _moments(dist: Mapping[Any, Any]) -> tuple[Fraction, Fraction] | None:
    """Mean and variance in exact plain arithmetic, when nothing is symbolic."""
    pairs = [(_as_fraction(x), _as_fraction(p)) for x, p in dist.items()]
    if any(x is None or p is None for x, p in pairs):
        return None
    m = sum((x * p for x, p in pairs), Fraction(0))  # type: ignore[operator]
    v = sum(((x - m) ** 2 * p for x, p in pairs), Fraction(0))  # type: ignore[operator]
    return m, v


def mean(dist: Mapping[Any, Any]) -> sympy.Expr:
    """The expected value of a distribution over numbers.

    >>> mean({0: sympy.Rational(1, 2), 10: sympy.Rational(1, 2)})
    5
    """
    fast = _moments(dist)
    if fast is not None:
        return rational(fast[0])
    total: Any = sympy.Integer(0)
    for x, p in dist.items():
        total += x * p
    return sympy.expand(total) if isinstance(total, sympy.Expr) else sympy.sympify(total)


def variance(dist: Mapping[Any, Any]) -> sympy.Expr:
    """The variance of a distribution over numbers.

    >>> variance({0: sympy.Rational(1, 2), 10: sympy.Rational(1, 2)})
    25
    """
    fast = _moments(dist)
    if fast is not None:
        return rational(fast[1])
    m = mean(dist)
    total: Any = sympy.Integer(0)
    for x, p in dist.items():
        total += (x - m) ** 2 * p
    return sympy.expand(total) if isinstance(total, sympy.Expr) else sympy.sympify(total)


def push(dist: Mapping[Any, Any], f: Callable[[Any], K]) -> dict[K, Any]:
    """The distribution of ``f(outcome)``.

    >>> push(uniform([1, 2, 3, 4]), lambda x: x % 2)
    {1: 1/2, 0: 1/2}
    """
    out: dict[K, Any] = {}
    for x, p in dist.items():
        y = f(x)
        out[y] = out.get(y, 0) + p
    return out


def hypergeom(population: int, successes: int, draws: int, k: int) -> sympy.Rational:
    """Chance of exactly ``k`` successes in ``draws`` cards taken without replacement.

    >>> hypergeom(52, 4, 5, 0)  # no ace in a poker hand
    35673/54145
    """
    if not 0 <= k <= draws:
        return sympy.Integer(0)
    ways = math.comb(successes, k) * math.comb(population - successes, draws - k)
    return sympy.Rational(ways, math.comb(population, draws))


def none_drawn(population: int, successes: int, draws: int) -> sympy.Rational:
    """Chance that ``draws`` cards taken without replacement miss all ``successes``.

    >>> none_drawn(10, 2, 3)
    7/15
    """
    return hypergeom(population, successes, draws, 0)


def standard_error(var: Any, n: int) -> float:
    """The standard error of a mean of ``n`` independent samples of variance ``var``.

    >>> standard_error(sympy.Rational(1, 4), 100)
    0.05
    """
    return math.sqrt(float(var) / n)


def tolerance(var: Any, n: int, z: float = 5.0) -> float:
    """How far a mean of ``n`` samples may stray from the exact mean: ``z`` standard errors.

    With ``z = 5`` an exact answer is wrongly rejected less than once in a
    million runs, while a wrong answer that is off by more is caught.

    >>> round(tolerance(sympy.Rational(1, 4), 2500), 3)
    0.05
    """
    return z * standard_error(var, n)


def gap_in_standard_errors(
    values: Iterable[float], means: Iterable[Any], variances: Iterable[Any]
) -> float:
    """How many standard errors separate simulated values from their exact means.

    Each value is one simulated outcome whose exact mean and variance are known
    (they may differ from one sample to the next, as when each simulated game
    asks its own question). The total gap ``sum(value - mean)`` is compared with
    its standard deviation ``sqrt(sum(variance))``; a correct exact answer stays
    within 5 in all but about one run in two million.

    >>> gap_in_standard_errors([1, 0, 1, 1], [sympy.Rational(1, 2)] * 4, [sympy.Rational(1, 4)] * 4)
    1.0
    """
    gap = 0.0
    spread = 0.0
    for value, m, v in zip(values, means, variances, strict=True):
        gap += float(value) - float(m)
        spread += float(v)
    if spread == 0:
        return 0.0 if gap == 0 else math.inf
    return abs(gap) / math.sqrt(spread)


@dataclass(frozen=True)
class Convergence:
    """A question for a convergence chart: the exact mean and variance of one simulated
    sample, and the simulated samples themselves (``gamekit.charts.convergence``).

    >>> c = bernoulli_convergence("heads", sympy.Rational(1, 2), [1, 0])
    >>> c.exact, c.variance, list(c.samples)
    (1/2, 1/4, [1.0, 0.0])
    """

    question: str
    exact: Any
    variance: Any
    samples: Iterator[float]


def convergence_of(
    questions: Mapping[str, Callable[[int, int], Convergence]], question: str, n: int, seed: int
) -> Convergence:
    """Look a question up by name, listing the known ones when it is unknown.

    >>> convergence_of({}, "coin", 1, 1)
    Traceback (most recent call last):
    ...
    KeyError: "unknown question 'coin'; known: "
    """
    if question not in questions:
        raise KeyError(f"unknown question {question!r}; known: {', '.join(sorted(questions))}")
    return questions[question](n, seed)


def bernoulli_convergence(question: str, p: Any, hits: Iterable[Any]) -> Convergence:
    """A yes/no question: chance ``p``, samples 1.0 or 0.0.

    >>> bernoulli_convergence("six", sympy.Rational(1, 6), [False]).variance
    5/36
    """
    return Convergence(question, p, p * (1 - p), (float(bool(h)) for h in hits))


def distribution_convergence(
    question: str, dist: Mapping[Any, Any], values: Iterable[Any]
) -> Convergence:
    """A numeric question: its exact distribution, samples as floats.

    >>> distribution_convergence("die", uniform(range(1, 7)), [3]).exact
    7/2
    """
    return Convergence(question, mean(dist), variance(dist), (float(v) for v in values))
