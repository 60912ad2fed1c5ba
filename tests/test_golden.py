"""Each title's seeded playthrough must match its golden file to the letter."""

from __future__ import annotations

import pytest
from golden.playthrough import CASES, path_for, playthrough


@pytest.mark.parametrize("title", list(CASES))
def test_golden_playthrough(title: str) -> None:
    expected = path_for(title).read_text()
    actual = playthrough(title)
    assert actual == expected, (
        f"{title} no longer plays its golden game; if the change is deliberate run "
        f"'python tests/golden/playthrough.py {title}' and review the diff"
    )
