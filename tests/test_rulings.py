"""Every ruling named in the learners' rules pages has a test named after it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES_PAGES = {
    "knock-knock": "K",
    "hats": "H",
    "boo-party": "B",
    "bloody-inn": "I",
}


def ruling_ids(title: str) -> list[str]:
    """Ruling ids ('K1', ...) named in docs/rules/<title>.md."""
    text = (ROOT / "docs" / "rules" / f"{title}.md").read_text()
    prefix = RULES_PAGES[title]
    return sorted(set(re.findall(rf"\bRuling ({prefix}\d+)\b", text)), key=lambda r: int(r[1:]))


def all_test_names() -> list[str]:
    """All test function names in the test suite."""
    names: list[str] = []
    for path in (ROOT / "tests").rglob("test_*.py"):
        names += re.findall(r"^\s*def (test_\w+)", path.read_text(), flags=re.M)
    return names


@pytest.mark.parametrize("title", list(RULES_PAGES))
def test_every_ruling_has_a_test(title: str) -> None:
    ids = ruling_ids(title)
    assert ids, f"docs/rules/{title}.md names no ruling"
    names = all_test_names()
    missing = [r for r in ids if not any(n.startswith(f"test_{r.lower()}_") for n in names)]
    assert not missing, f"rulings without a test named test_<id>_...: {missing}"
