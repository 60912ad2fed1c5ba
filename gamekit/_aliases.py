"""Older import paths that keep working, with a ``DeprecationWarning``.

The one public path of a title's modules is ``gamekit.titles.<title>.<module>``
(``from gamekit.titles.hats import rules, cards, bots, odds, checks``). Before the
titles moved to ``gamekit/titles/<title>/``, their modules were
``gamekit.games.hats`` (rules), ``gamekit.games.hats_bots``,
``gamekit.games.bloody_inn_cards``, ``gamekit.odds.hats`` and
``gamekit.exercises.hats``. Notebooks and users' code wrote those names, so an
import of one of them gives the module it became (the very same object), and
warns once, naming the new path:

>>> import sys, warnings
>>> _ = sys.modules.pop("gamekit.games.hats_cards", None)  # as if never imported
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     import gamekit.games.hats_cards as old
>>> from gamekit.titles.hats import cards as new
>>> old is new, str(caught[0].message)
(True, 'gamekit.games.hats_cards is an old name: import gamekit.titles.hats.cards')

``gamekit.titles`` is the package of the kit's own titles (its modules import
as ``from gamekit.titles.hats import rules``); ``gamekit.all_titles()`` lists
every playable title, the plugins' too.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
import types
import warnings
from collections.abc import Sequence

TITLES_PACKAGE = "gamekit.titles"
PACKAGE_ALIASES = {"gamekit.games": "rules"}
"""Old packages that no longer exist -> the title module a bare ``<title>`` meant."""
MODULE_ALIASES = {"gamekit.games": "rules", "gamekit.odds": "odds", "gamekit.exercises": "checks"}
"""Old package -> the module of the title's folder that ``<package>.<title>`` names."""


def new_name(old: str) -> str | None:
    """The module an old dotted name now is, or ``None`` when it is not an old name.

    >>> new_name("gamekit.games.bloody_inn_cards"), new_name("gamekit.odds.hats")
    ('gamekit.titles.bloody_inn.cards', 'gamekit.titles.hats.odds')
    """
    package, _, leaf = old.rpartition(".")
    if package not in MODULE_ALIASES or not leaf:
        return None
    if _is_title(leaf):
        return f"{TITLES_PACKAGE}.{leaf}.{MODULE_ALIASES[package]}"
    if package == "gamekit.games":
        title, _, part = leaf.rpartition("_")
        if title and _is_title(title) and _exists(f"{TITLES_PACKAGE}.{title}.{part}"):
            return f"{TITLES_PACKAGE}.{title}.{part}"
    return None


def _is_title(name: str) -> bool:
    return name.isidentifier() and _exists(f"{TITLES_PACKAGE}.{name}")


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


def deprecated(old: str, new: str) -> None:
    """Warn that ``old`` is an old name of module ``new`` (pointing at the importing code)."""
    warnings.warn(
        f"{old} is an old name: import {new}", DeprecationWarning, stacklevel=_outside_imports()
    )


def _outside_imports() -> int:
    """The ``stacklevel`` of the first frame that is neither the import machinery nor us.

    ``warnings`` does not count the frames of ``importlib._bootstrap``, so neither do we.
    """
    frame, level = sys._getframe(2), 2
    while frame is not None:
        name = frame.f_code.co_filename
        if not ("importlib" in name and "_bootstrap" in name):
            if name not in (__file__, importlib.__file__) and frame.f_globals.get(
                "__name__"
            ) not in ("gamekit.odds",):
                return level
            level += 1
        frame = frame.f_back  # type: ignore[assignment]
    return level


class _Alias(importlib.abc.Loader):
    """Loads an old name as the module it became (or an empty stand-in package)."""

    def __init__(self, target: str | None) -> None:
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType:
        if self.target is None:
            package = types.ModuleType(spec.name, f"Old name of {TITLES_PACKAGE}.")
            package.__path__ = []
            return package
        deprecated(spec.name, self.target)
        return importlib.import_module(self.target)

    def exec_module(self, module: types.ModuleType) -> None:
        """Nothing to run: the module is already imported."""


class AliasFinder(importlib.abc.MetaPathFinder):
    """Finds the old names (installed once, by ``import gamekit``)."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname in PACKAGE_ALIASES:
            return importlib.util.spec_from_loader(fullname, _Alias(None), is_package=True)
        if not fullname.startswith(tuple(f"{p}." for p in MODULE_ALIASES)):
            return None
        found = new_name(fullname)
        return importlib.util.spec_from_loader(fullname, _Alias(found)) if found else None


def install() -> None:
    """Put the finder on ``sys.meta_path`` (once)."""
    if not any(isinstance(f, AliasFinder) for f in sys.meta_path):
        sys.meta_path.append(AliasFinder())
