"""The table's odds panel: the questions a title asks for the seat that decides.

A title lists them as ``QUESTIONS`` in its ``panel`` module (read by
:meth:`gamekit.core.rules.Rules.odds_questions`); :mod:`gamekit.odds.panel` turns
them into the rows the table shows. These two types live in the core (standard
library only) so that the rules contract can name them.

>>> from fractions import Fraction
>>> from gamekit.core.i18n import CORE
>>> answer = OddsAnswer(Fraction(3, 11), Text(CORE("and")), None, "from sympy import Rational")
>>> answer.value, answer.exercise
(Fraction(3, 11), None)
>>> percent_text(Fraction(3, 11))
'27.3 %'
>>> from gamekit.core.i18n import language
>>> with language("fr"):
...     percent_text(Fraction(3, 11))
'27,3\u202f%'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from gamekit.core.i18n import CORE, Message, Number, Text

__all__ = ["OddsAnswer", "OddsQuestion", "as_fraction", "percent_message", "percent_text"]


@dataclass(frozen=True)
class OddsAnswer:
    """One exact answer, for one seat at one moment.

    ``value``: the chance (a SymPy ``Rational`` or a ``Fraction``); ``given``: what it
    conditions on, as a translatable text; ``exercise``: the id of the exercise
    that teaches it (``"kk-6"``) or ``None``; ``why``: a few lines of SymPy a
    learner can copy that compute ``value`` from the counts.
    """

    value: Any
    given: Text
    exercise: str | None
    why: str


@dataclass(frozen=True)
class OddsQuestion:
    """A question of the panel: ``key`` (stable, for the page), ``question`` (the text),
    and ``answer(view, seat)``, computed from that seat's view only (``None`` is a
    spectator), ``None`` when the question does not apply at this moment."""

    key: str
    question: Text
    answer: Callable[[Mapping[str, Any], int | None], OddsAnswer | None]


def as_fraction(value: Any) -> Fraction:
    """An exact chance as a ``Fraction``: from a ``Fraction``, an ``int`` or a SymPy
    rational (anything with ``p`` and ``q``); a ``ValueError`` for anything else.

    >>> as_fraction(Fraction(1, 2)), as_fraction(1)
    (Fraction(1, 2), Fraction(1, 1))
    >>> as_fraction(0.5)
    Traceback (most recent call last):
    ...
    ValueError: an odds answer must be exact (a Fraction or a SymPy Rational), not 0.5
    """
    if isinstance(value, Fraction):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Fraction(value)
    p, q = getattr(value, "p", None), getattr(value, "q", None)
    if isinstance(p, int) and isinstance(q, int):
        return Fraction(p, q)
    raise ValueError(
        f"an odds answer must be exact (a Fraction or a SymPy Rational), not {value!r}"
    )


def percent_message(value: Any) -> Message:
    """The chance ``value`` as a percentage with one decimal, read in the language in
    force when it is read (French: a decimal comma and a narrow no-break space)."""
    share = as_fraction(value) * 100
    return CORE("{percent} %", percent=Number(float(share), ".1f"))


def percent_text(value: Any) -> str:
    """:func:`percent_message` read now."""
    return str(percent_message(value))
