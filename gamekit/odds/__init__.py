"""Exact answers to the learners' probability and scoring questions, one module per title.

Each title keeps its odds in its own folder (``gamekit/titles/<title>/odds.py``):
import them as ``from gamekit.titles.hats import odds``. The older names
``gamekit.odds.knock_knock``, ``.hats``, ``.boo_party`` and ``.bloody_inn`` give
those same modules with a ``DeprecationWarning``. They hold SymPy functions: every
answer is an exact ``Rational`` (or a formula in symbols) and every docstring states its question in
plain words. The modules load on first use, so ``import gamekit`` (and
``import gamekit.odds``) never imports SymPy. Shared helpers live in
``gamekit.odds._common``.

>>> import gamekit.odds
>>> sorted(gamekit.odds.MODULES)
['bloody_inn', 'boo_party', 'hats', 'knock_knock']
>>> from gamekit.titles.hats import odds
>>> odds.__name__
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
        from gamekit._aliases import deprecated

        deprecated(f"gamekit.odds.{name}", f"gamekit.titles.{name}.odds")
        module = importlib.import_module(f"gamekit.titles.{name}.odds")
        globals()[name] = module  # warned once: found as an attribute from now on
        return module
    raise AttributeError(f"module 'gamekit.odds' has no attribute {name!r}")
