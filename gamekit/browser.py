"""The browser build (JupyterLite, Pyodide): packages loaded from the site when imported.

The site's kernel starts with what the first lesson needs (IPython, the widgets and
the kit); SymPy, Altair and the rest of the site's wheels are listed in its
``pyodide-lock.json`` but not loaded. :func:`install` (run by ``import gamekit`` when
``sys.platform == "emscripten"``) adds an import finder that loads such a package from
the site itself the first time a cell imports it, so ``import sympy`` or
``gamekit.odds`` just works: no ``%pip install``, and nothing is asked of any other
machine. Elsewhere it does nothing.

>>> calls = []
>>> finder = SitePackages({"probe": "probe-package"}, calls.append)
>>> finder.find_spec("probe"), finder.find_spec("probe"), finder.find_spec("probe.core", [])
(None, None, None)
>>> calls                  # loaded once, for the top-level import only
['probe-package']
>>> lock_imports({"packages": {"sympy": {"imports": ["sympy"]}, "pyyaml": {"imports": ["yaml"]}}})
{'sympy': 'sympy', 'yaml': 'pyyaml'}
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import Any

IN_BROWSER = sys.platform == "emscripten"
"""This interpreter is the browser build's kernel (Pyodide)."""

__all__ = ["IN_BROWSER", "SitePackages", "install", "lock_imports"]


class SitePackages(importlib.abc.MetaPathFinder):
    """An import finder that loads a top-level package from the site before the usual
    finders look for it (``imports``: import name -> the site's package name; ``load``:
    loads one package by name, synchronously). It finds nothing itself: once the package
    is in place, the normal finders import it."""

    def __init__(self, imports: Mapping[str, str], load: Callable[[str], None]) -> None:
        self.imports = dict(imports)
        self.load = load

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if path is not None or fullname in sys.modules:
            return None  # a submodule: its package was loaded with its top level
        package = self.imports.pop(fullname, None)
        if package is not None:
            self.load(package)
            importlib.invalidate_caches()
        return None


def lock_imports(lock: Mapping[str, Any], loaded: Iterable[str] = ()) -> dict[str, str]:
    """Import name -> package name for every package of a ``pyodide-lock.json`` (its
    ``imports``), without the packages in ``loaded``."""
    skip = set(loaded)
    out: dict[str, str] = {}
    for package, entry in dict(lock.get("packages", {})).items():
        if package in skip or not isinstance(entry, Mapping):
            continue
        for name in entry.get("imports", ()):
            out.setdefault(str(name), str(package))
    return out


def _load_from_site(package: str) -> None:
    """Load ``package`` (and what it depends on) from the site, waiting for it: Pyodide's
    ``loadPackage`` run to its end on this call's own stack (JavaScript promise
    integration); where that cannot be done, the import goes on and fails as usual."""
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import can_run_sync, run_sync, to_js  # type: ignore[import-not-found]

    if can_run_sync():
        run_sync(pyodide_js.loadPackage(to_js([package])))


def install() -> SitePackages | None:
    """In the browser build, add the :class:`SitePackages` finder (once) for the site's
    packages not loaded yet, and return it; elsewhere ``None``."""
    if not IN_BROWSER:
        return None
    for finder in sys.meta_path:
        if isinstance(finder, SitePackages):
            return finder
    import pyodide_js

    lock = pyodide_js.lockfile.to_py()
    loaded = dict(pyodide_js.loadedPackages.to_py())
    finder = SitePackages(lock_imports(lock, loaded), _load_from_site)
    sys.meta_path.insert(0, finder)
    return finder
