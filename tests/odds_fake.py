"""A stand-in odds panel (``gamekit.odds.panel``'s contract) for the table's and the rooms' tests.

Its rows say which seat they were computed for and a digest of the very view they were
computed from, so a test can tell that a seat got its own rows, from its own view.
"""

from __future__ import annotations

import hashlib
import json
import sys
import types
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from gamekit.core.rules import Rules

MODULE = "gamekit.odds.panel"


def digest(view: Any) -> str:
    """A short digest of a view (what a row's ``given`` names)."""
    return hashlib.sha1(json.dumps(view, sort_keys=True, default=str).encode()).hexdigest()[:10]


def rows_for(view: Any, seat: int | None) -> list[dict[str, Any]]:
    """The rows the stand-in computes for ``seat`` from ``view``."""
    return [
        {
            "key": "win",
            "question": "Will I win this round?",
            "given": f"seat {seat} view {digest(view)}",
            "fraction": "3/11",
            "percent": "27.3 %",
            "exercise": "kk-1",
            "why": "from sympy import Rational\nRational(3, 11)",
        },
        {
            "key": "next",
            "question": "Is the next card a Monster?",
            "given": "",
            "fraction": "1/2",
            "percent": "50.0 %",
            "exercise": None,
            "why": "",
        },
    ]


class FakePanel:
    """Records every call ``(title, seat, view)``; ``fail=True`` raises inside the panel."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, int | None, Any]] = []
        self.fail = False

    def odds_panel(
        self, rules: Any, view: Any, seat: int | None, read: Any = None
    ) -> list[dict[str, Any]]:
        self.calls.append((rules.title, seat, json.loads(json.dumps(view))))
        if self.fail:
            raise RuntimeError("a question that cannot be answered")
        return rows_for(view, seat)


@contextmanager
def fake_panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePanel]:
    """Install the stand-in as ``gamekit.odds.panel`` and give every title a question."""
    fake = FakePanel()
    module = types.ModuleType(MODULE)
    module.odds_panel = fake.odds_panel  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, MODULE, module)
    monkeypatch.setattr(Rules, "odds_questions", lambda self: ("win",), raising=False)
    yield fake
