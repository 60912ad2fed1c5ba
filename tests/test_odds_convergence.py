"""Every convergence question of every odds module: its seeded engine samples land
within 5 standard errors of the exact value (what the notebooks chart)."""

from __future__ import annotations

import importlib

import pytest

from gamekit.odds import MODULES
from gamekit.odds._common import gap_in_standard_errors

QUESTIONS = [
    (name, question)
    for name in MODULES
    for question in importlib.import_module(f"gamekit.odds.{name}")._QUESTIONS
]


@pytest.mark.parametrize(("module", "question"), QUESTIONS)
def test_convergence_question(module: str, question: str) -> None:
    odds = importlib.import_module(f"gamekit.odds.{module}")
    run = odds.convergence(question, 1000, seed=2024)
    samples = list(run.samples)
    assert len(samples) == 1000
    n = len(samples)
    assert gap_in_standard_errors(samples, [run.exact] * n, [run.variance] * n) <= 5.0


def test_unknown_question_lists_the_known_ones() -> None:
    odds = importlib.import_module("gamekit.titles.hats.odds")
    with pytest.raises(KeyError, match="all types differ"):
        odds.convergence("how many hats", 10, seed=1)
