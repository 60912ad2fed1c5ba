"""Boo Party!'s questions for the table's odds panel ("What are my chances?").

- ``seen``: a Monster choosing a disguise: if it takes any costume it may wear (a free
  one that is not its own of last round), each as likely, the chance that costume was
  already seen in a Vision (exercise ``boo-1``).
- ``accuse``: the Seer deciding: the chance an accusation now is right, that is that
  at least one costume worn now was already seen (exercise ``boo-3``).

Both answer from the seat's view only. With every Vision in the view the Visions are
known and the answers count them; in memory mode (``Rules.memory_view``: only the top
Vision shows) each covered Vision is any costume not shown, each set as likely, so the
answers become real chances. Give the panel the memory view in memory mode
(``odds_panel_of(game, seat, memory=True)``), or it tells what was covered.

>>> import gamekit
>>> g = gamekit.new_game("boo-party", players=5, seed=1)
>>> seen_odds(g.view(1), 1).value
Fraction(1, 9)
>>> seen_odds(g.rules.memory_view(g.view(1), 1), 1).value
Fraction(1, 9)
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from gamekit.core.i18n import Text
from gamekit.core.questions import OddsAnswer, OddsQuestion
from gamekit.titles.boo_party.terms import M


def _visions(view: Mapping[str, Any]) -> tuple[set[int], int, int]:
    """The costumes seen for sure, how many Visions are covered, and among how many
    costumes each covered one may be (every costume not seen for sure)."""
    shown = {c for c in view["visions"] if c is not None}
    covered = sum(c is None for c in view["visions"])
    return shown, covered, view["costumes"] - len(shown)


def seen_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """A Monster choosing: the chance a costume it may wear, taken at random, was seen."""
    if seat is None or view["phase"] != "disguise" or view["to_move"] != seat:
        return None
    if view["spread"] is None or seat == view["seer"]:
        return None
    allowed = [c for c in view["spread"] if c != view["last_worn"][seat]]
    if not allowed:
        return None
    shown, covered, pool = _visions(view)
    sure = sum(c in shown for c in allowed)
    value = Fraction(sure, len(allowed))
    if covered:
        value += Fraction(len(allowed) - sure, len(allowed)) * Fraction(covered, pool)
        given = M(
            "given the costumes you may wear ({allowed} in all; seen for sure: {sure}) and "
            "the covered Visions ({covered}), each any costume not shown ({pool} in all) "
            "as likely",
            allowed=len(allowed),
            sure=sure,
            covered=covered,
            pool=pool,
        )
        why = (
            "from sympy import Rational\n"
            f"allowed, sure, covered, pool = {len(allowed)}, {sure}, {covered}, {pool}\n"
            "Rational(sure, allowed) + Rational(allowed - sure, allowed) * Rational(covered, pool)"
        )
    else:
        given = M(
            "given the costumes you may wear ({allowed} in all), each as likely, and the "
            "Visions revealed so far ({seen} of them among your costumes)",
            allowed=len(allowed),
            seen=sure,
        )
        why = (
            "from sympy import Rational\n"
            f"allowed, seen = {len(allowed)}, {sure}\n"
            "Rational(seen, allowed)"
        )
    return OddsAnswer(value, Text(given), "boo-1", why)


def accuse_odds(view: Mapping[str, Any], seat: int | None) -> OddsAnswer | None:
    """The Seer deciding: the chance that an accusation now is right."""
    if seat is None or seat != view["seer"] or view["phase"] != "accuse":
        return None
    if view["to_move"] != seat or view["worn"] is None:
        return None
    worn = {c for s, c in enumerate(view["worn"]) if s != view["seer"] and c is not None}
    worn = {c for c in worn if 0 <= c < view["costumes"]}
    shown, covered, pool = _visions(view)
    if worn & shown or not covered:
        hit = int(bool(worn & shown))
        given = M(
            "given the costumes worn now ({worn} in all) and the Visions you see ({seen} of "
            "them among those costumes)",
            worn=len(worn),
            seen=len(worn & shown),
        )
        why = (
            "from sympy import Integer\n"
            f"seen = {len(worn & shown)}  # costumes worn now that a Vision showed\n"
            "Integer(1 if seen else 0)"
        )
        return OddsAnswer(Fraction(hit), Text(given), "boo-3", why)
    value = 1 - Fraction(math.comb(pool - len(worn), covered), math.comb(pool, covered))
    given = M(
        "given the costumes worn now ({worn} in all, none of them shown) and the covered "
        "Visions ({covered}), each set of costumes not shown ({pool} in all) as likely",
        worn=len(worn),
        covered=covered,
        pool=pool,
    )
    why = (
        "from sympy import Rational, binomial\n"
        f"pool, worn, covered = {pool}, {len(worn)}, {covered}\n"
        "1 - Rational(binomial(pool - worn, covered), binomial(pool, covered))"
    )
    return OddsAnswer(value, Text(given), "boo-3", why)


QUESTIONS: tuple[OddsQuestion, ...] = (
    OddsQuestion(
        "seen",
        Text(M("If I pick any costume I may wear, what are the chances it was already seen?")),
        seen_odds,
    ),
    OddsQuestion(
        "accuse",
        Text(M("If I accuse now, what are the chances a costume worn was already seen?")),
        accuse_odds,
    ),
)
"""The questions of the odds panel, read by ``Rules.odds_questions()``."""
