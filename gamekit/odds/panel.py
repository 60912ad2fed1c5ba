"""The engine of the table's odds panel: "What are my chances?" for the seat that decides.

A title asks its questions in ``gamekit/titles/<title>/panel.py`` (``QUESTIONS``, a
tuple of :class:`OddsQuestion`, read by ``Rules.odds_questions()``); each answers from
one seat's view only (``game.view(seat)``) with an exact :class:`OddsAnswer`.
:func:`odds_panel` makes one JSON-able row per question that applies now, in the
language the texts are read in:

>>> import gamekit
>>> g = gamekit.new_game("knock-knock", players=4, seed=3)
>>> [row["key"] for row in odds_panel_of(g, 0)]
['deck']
>>> row = odds_panel_of(g, 0)[0]
>>> row["fraction"], row["percent"], row["exercise"]
('7/41', '17.1 %', 'kk-6')
>>> g.lang = "fr"
>>> odds_panel_of(g, 0)[0]["percent"]
'17,1\u202f%'

Answers are cached per (title, view, seat): the table asks at every redraw.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gamekit.core.questions import OddsAnswer, OddsQuestion, as_fraction, percent_message

if TYPE_CHECKING:
    from gamekit.core.game import Game
    from gamekit.core.rules import Rules

__all__ = [
    "KEYS",
    "OddsAnswer",
    "OddsQuestion",
    "answers",
    "clear_cache",
    "odds_panel",
    "odds_panel_of",
]

KEYS: tuple[str, ...] = ("key", "question", "given", "fraction", "percent", "exercise", "why")
"""The keys of every row, in this order."""

Reader = Callable[[object], str]


def odds_panel(
    rules: Rules[Any], view: Mapping[str, Any], seat: int | None, read: Reader | None = None
) -> list[dict[str, Any]]:
    """One row per question of ``rules``' title that applies to ``seat`` (``None``: a
    spectator) seeing ``view``; texts read by ``read`` (default: the language in force).

    A row's keys are :data:`KEYS`: ``fraction`` is ``"3/11"``, ``percent`` one decimal
    (``"27.3 %"``, French ``"27,3 %"``), ``exercise`` an exercise id or ``None``.
    ``[]`` for a title without questions.
    """
    reader: Reader = str if read is None else read
    rows: list[dict[str, Any]] = []
    for question, answer in answers(rules, view, seat):
        value = as_fraction(answer.value)
        rows.append(
            {
                "key": question.key,
                "question": reader(question.question),
                "given": reader(answer.given),
                "fraction": f"{value.numerator}/{value.denominator}",
                "percent": reader(percent_message(value)),
                "exercise": answer.exercise,
                "why": answer.why,
            }
        )
    return rows


def odds_panel_of(game: Game, seat: int | None, *, memory: bool = False) -> list[dict[str, Any]]:
    """:func:`odds_panel` for ``game`` now, read as the game reads (its language).

    ``memory=True``: the title's memory mode, answered from ``Rules.memory_view`` (what
    it covers is then unknown to the answers too, as it is to the learner)."""
    view = game.view(seat)
    if memory:
        view = game.rules.memory_view(view, seat)
    return odds_panel(game.rules, view, seat, game.read)


def answers(
    rules: Rules[Any], view: Mapping[str, Any], seat: int | None
) -> tuple[tuple[OddsQuestion, OddsAnswer], ...]:
    """The questions that apply and their answers (cached per title, view and seat)."""
    questions = tuple(rules.odds_questions())
    if not questions:
        return ()
    try:
        key = json.dumps(view, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):  # not JSON-able: answer without the cache
        return _answer(questions, view, seat)
    slot = (questions, key, seat)
    found = _CACHE.get(slot)
    if found is None:
        found = _answer(questions, view, seat)
        if len(_CACHE) >= CACHE_SIZE:
            del _CACHE[next(iter(_CACHE))]  # the oldest entry goes
        _CACHE[slot] = found
    return found


CACHE_SIZE = 256
"""How many (questions, view, seat) answers :func:`answers` keeps."""
_CACHE: dict[tuple[Any, ...], tuple[tuple[OddsQuestion, OddsAnswer], ...]] = {}


def clear_cache() -> None:
    """Forget every cached answer (a test that swaps a title's questions needs it)."""
    _CACHE.clear()


def _answer(
    questions: tuple[OddsQuestion, ...], view: Mapping[str, Any], seat: int | None
) -> tuple[tuple[OddsQuestion, OddsAnswer], ...]:
    out: list[tuple[OddsQuestion, OddsAnswer]] = []
    for question in questions:
        answer = question.answer(view, seat)
        if answer is not None:
            out.append((question, answer))
    return tuple(out)
