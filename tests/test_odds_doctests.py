"""The odds modules' doctests run as tests, and the odds stay out of ``import gamekit``."""

from __future__ import annotations

import doctest
import importlib
import subprocess
import sys

import pytest

import gamekit.odds

MODULES = ["gamekit.odds", "gamekit.odds._common"] + [
    f"gamekit.titles.{name}.odds" for name in gamekit.odds.MODULES
]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0


def test_import_gamekit_does_not_import_sympy() -> None:
    code = "import gamekit, gamekit.odds, sys; print('sympy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("name", MODULES)
def test_every_public_function_states_a_question_with_a_doctest(name: str) -> None:
    import inspect

    module = importlib.import_module(name)
    missing = [
        key
        for key, value in vars(module).items()
        if not key.startswith("_")
        and (inspect.isfunction(value) or inspect.isclass(value))
        and value.__module__ == module.__name__
        and ">>>" not in (value.__doc__ or "")
    ]
    assert not missing, f"no doctest in {missing}"
