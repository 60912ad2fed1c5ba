"""Exact answers to the learners' probability and scoring questions, one module per title.

Each title keeps its odds in its own folder (``gamekit/titles/<title>/odds.py``);
``gamekit.odds.knock_knock``, ``.hats``, ``.boo_party`` and ``.bloody_inn`` name
those same modules. They hold SymPy functions: every answer is an exact
``Rational`` (or a formula in symbols) and every docstring states its question in
plain words. The modules load on first use, so ``import gamekit`` (and
``import gamekit.odds``) never imports SymPy. Shared helpers live in
``gamekit.odds._common``.

>>> import gamekit.odds
>>> sorted(gamekit.odds.MODULES)
['bloody_inn', 'boo_party', 'hats', 'knock_knock']
>>> gamekit.odds.hats.__name__
'gamekit.titles.hats.odds'
"""

from __future__ import annotations

import importlib
from types import ModuleType

from gamekit.titles import LESSON_ORDER

MODULES: tuple[str, ...] = tuple(title.replace("-", "_") for title in LESSON_ORDER)
"""The odds module of each of the kit's titles, in the order of ``gamekit.TITLES``."""

__all__ = list(MODULES)


def __getattr__(name: str) -> ModuleType:
    if name in MODULES:
        return importlib.import_module(f"gamekit.titles.{name}.odds")
    raise AttributeError(f"module 'gamekit.odds' has no attribute {name!r}")
