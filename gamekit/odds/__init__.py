"""Exact answers to the learners' probability and scoring questions, one module per title.

``gamekit.odds.knock_knock``, ``.hats``, ``.boo_party`` and ``.bloody_inn`` hold
SymPy functions: every answer is an exact ``Rational`` (or a formula in symbols)
and every docstring states its question in plain words. The modules load on
first use, so ``import gamekit`` (and ``import gamekit.odds``) never imports SymPy.

>>> import gamekit.odds
>>> sorted(gamekit.odds.MODULES)
['bloody_inn', 'boo_party', 'hats', 'knock_knock']
"""

from __future__ import annotations

import importlib
from types import ModuleType

MODULES: tuple[str, ...] = ("knock_knock", "hats", "boo_party", "bloody_inn")
"""The odds module of each title, in the order of ``gamekit.TITLES``."""

__all__ = list(MODULES)


def __getattr__(name: str) -> ModuleType:
    if name in MODULES:
        return importlib.import_module(f"gamekit.odds.{name}")
    raise AttributeError(f"module 'gamekit.odds' has no attribute {name!r}")
