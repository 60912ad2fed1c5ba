"""The Bloody Inn's class analyses without pandas (the browser build has none):
``police_evenings`` and ``police_by_player`` give Records of the rows their data frames
hold, and ``police_by_player`` counts what pandas' groupby counted."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from without_pandas import run_without_pandas

from gamekit import simulation
from gamekit.simulation import Records
from gamekit.titles.bloody_inn import analyses as inn

CLASS = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "class-bloody-inn.json"


def grouped_by_pandas(evenings: pd.DataFrame) -> pd.DataFrame:
    """``police_by_player`` as it was written with pandas: the reference."""
    chance = evenings.chance.map(lambda p: float("nan") if p is None else float(p))
    marks = pd.DataFrame(
        {
            "player": evenings.player,
            "evenings": 1,
            "expected": chance.fillna(0.0),
            "came": (evenings.came & chance.notna()).astype(int),
            "unknown": chance.isna().astype(int),
        }
    )
    table = marks.groupby("player").sum()
    table["expected"] = table.expected.round(2)
    return table.reset_index()


def test_police_evenings_without_pandas_are_the_rows_of_the_data_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = inn.police_evenings(CLASS)
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    evenings = inn.police_evenings(CLASS)
    assert isinstance(frame, pd.DataFrame) and isinstance(evenings, Records)
    assert evenings == simulation.records_of(frame)
    assert any(row["chance"] is None for row in evenings.rows)  # the unknown ones stay None


def test_police_by_player_counts_as_pandas_grouped() -> None:
    """The same table from a data frame (dtypes too), and its rows from Records."""
    frame = inn.police_evenings(CLASS)
    expected = grouped_by_pandas(frame)
    pd.testing.assert_frame_equal(inn.police_by_player(frame), expected)
    records = inn.police_by_player(simulation.records_of(frame))
    assert isinstance(records, Records)
    assert records.rows == simulation.records_of(expected).rows
    assert sum(row["evenings"] for row in records.rows) == len(frame)


def test_an_unknown_chance_is_none_or_nan() -> None:
    """A data frame of float chances holds an unknown one as nan: counted apart too."""
    rows = [
        {"player": "Bob", "chance": float("nan"), "came": True},
        {"player": "Ada", "chance": 0.25, "came": True},
        {"player": "Ada", "chance": None, "came": True},
        {"player": "Bob", "chance": 1, "came": False},
    ]
    assert inn.police_rows(rows) == [
        {"player": "Ada", "evenings": 2, "expected": 0.25, "came": 1, "unknown": 1},
        {"player": "Bob", "evenings": 2, "expected": 1.0, "came": 0, "unknown": 1},
    ]


BLOCKED = r"""
import json, sys
from gamekit.titles.bloody_inn.analyses import police_by_player, police_evenings

evenings = police_evenings(sys.argv[1])
table = police_by_player(evenings)
print(json.dumps({
    "kinds": [type(evenings).__name__, type(table).__name__],
    "rows": list(table.rows),
    "known": [str(row["chance"]) for row in evenings.rows if row["chance"] is not None],
    "modules": [m for m in ("pandas", "numpy") if m in sys.modules],
}))
"""


def test_with_pandas_and_numpy_blocked_the_class_evenings_are_the_same() -> None:
    found = run_without_pandas(BLOCKED, str(CLASS))
    frame = inn.police_evenings(CLASS)
    assert found["kinds"] == ["Records", "Records"] and found["modules"] == []
    assert found["rows"] == grouped_by_pandas(frame).to_dict("records")
    assert found["known"] == [str(p) for p in frame.chance if p is not None]
