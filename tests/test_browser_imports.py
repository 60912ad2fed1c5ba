"""The browser build's import finder (:mod:`gamekit.browser`), off the browser: a package
of the site is loaded once, at its first top-level import, and nothing else changes."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamekit import browser
from gamekit.browser import SitePackages, install, lock_imports


def test_a_site_package_is_loaded_once_at_its_first_import(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """``load`` puts the package's files in place (as Pyodide unpacks a wheel into
    site-packages); the usual finders then import it."""
    loaded: list[str] = []

    def load(package: str) -> None:
        loaded.append(package)
        (tmp_path / "gamekit_site_probe.py").write_text("ANSWER = 42\n", encoding="utf-8")

    monkeypatch.syspath_prepend(str(tmp_path))
    finder = SitePackages({"gamekit_site_probe": "probe-package"}, load)
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    monkeypatch.delitem(sys.modules, "gamekit_site_probe", raising=False)
    import gamekit_site_probe  # type: ignore[import-not-found]

    assert gamekit_site_probe.ANSWER == 42 and loaded == ["probe-package"]
    del sys.modules["gamekit_site_probe"]
    import gamekit_site_probe as again  # type: ignore[import-not-found]

    assert again.ANSWER == 42 and loaded == ["probe-package"], "loaded once"
    del sys.modules["gamekit_site_probe"]


def test_an_import_the_site_does_not_have_fails_as_usual(monkeypatch: pytest.MonkeyPatch) -> None:
    loaded: list[str] = []
    monkeypatch.setattr(sys, "meta_path", [SitePackages({}, loaded.append), *sys.meta_path])
    with pytest.raises(ModuleNotFoundError):
        import gamekit_no_such_package  # type: ignore[import-not-found]  # noqa: F401
    assert loaded == []


def test_the_lock_gives_each_import_name_its_package_without_the_loaded_ones() -> None:
    lock = {
        "packages": {
            "pyyaml": {"imports": ["yaml"]},
            "sympy": {"imports": ["sympy"]},
            "ipython": {"imports": ["IPython"]},
            "odd": "not a package entry",
        }
    }
    assert lock_imports(lock, loaded=["ipython"]) == {"yaml": "pyyaml", "sympy": "sympy"}
    assert lock_imports({}) == {}


def test_off_the_browser_install_changes_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    before = list(sys.meta_path)
    monkeypatch.setattr(browser, "IN_BROWSER", False)
    assert install() is None
    assert sys.meta_path == before
