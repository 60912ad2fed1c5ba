"""Every example in the kit's docstrings runs and prints what it shows.

Each module's doctests run here once, so a docstring cannot drift from the code.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import gamekit

MODULES = sorted(m.name for m in pkgutil.walk_packages(gamekit.__path__, "gamekit."))


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_of(name: str) -> None:
    module = importlib.import_module(name)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    result = doctest.testmod(module, optionflags=flags, report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples fail in {name}"
