"""Hats' class analyses without pandas (the browser build has none):
``exchange_decisions`` and ``takes_by_player`` give Records of the rows their data frames
hold, and ``takes_by_player`` counts what pandas' groupby counted."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from without_pandas import run_without_pandas

from gamekit import simulation
from gamekit.simulation import Records
from gamekit.titles.hats import analyses as hats

CLASS = Path(__file__).resolve().parent.parent / "notebooks" / "data" / "class-hats.json"


def grouped_by_pandas(moves: pd.DataFrame) -> pd.DataFrame:
    """``takes_by_player`` as it was written with pandas: the reference."""
    chance = moves.take_chance.astype(float)
    marks = pd.DataFrame(
        {
            "player": moves.player,
            "exchanges": 1,
            "likely_takes": (chance > 0.5).astype(int),
            "taken": moves.taken.astype(int),
            "chance": chance,
        }
    )
    table = marks.groupby("player").agg(
        exchanges=("exchanges", "sum"),
        likely_takes=("likely_takes", "sum"),
        taken=("taken", "sum"),
        mean_chance=("chance", "mean"),
    )
    table["mean_chance"] = table.mean_chance.round(3)
    return table.reset_index()


def test_exchange_decisions_without_pandas_are_the_rows_of_the_data_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    frame = hats.exchange_decisions(CLASS)
    monkeypatch.setattr(simulation.records, "pandas_missing", lambda: True)
    moves = hats.exchange_decisions(CLASS)
    assert isinstance(frame, pd.DataFrame) and isinstance(moves, Records)
    assert moves == simulation.records_of(frame)
    assert moves.columns == tuple(frame.columns)


def test_takes_by_player_counts_as_pandas_grouped() -> None:
    """The same table from a data frame (dtypes too), and its rows from Records."""
    frame = hats.exchange_decisions(CLASS)
    expected = grouped_by_pandas(frame)
    pd.testing.assert_frame_equal(hats.takes_by_player(frame), expected)
    records = hats.takes_by_player(simulation.records_of(frame))
    assert isinstance(records, Records)
    assert records.rows == simulation.records_of(expected).rows
    assert sum(row["exchanges"] for row in records.rows) == len(frame)


def test_take_rows_count_a_chance_of_one_half_as_not_likely() -> None:
    """``likely_takes``: a chance above 1/2 only; an empty hand's chance is 0."""
    rows = [
        {"player": "Bob", "take_chance": 0.5, "taken": True},
        {"player": "Ada", "take_chance": 0, "taken": False},
        {"player": "Bob", "take_chance": 1, "taken": False},
    ]
    assert hats.take_rows(rows) == [
        {"player": "Ada", "exchanges": 1, "likely_takes": 0, "taken": 0, "mean_chance": 0.0},
        {"player": "Bob", "exchanges": 2, "likely_takes": 1, "taken": 1, "mean_chance": 0.75},
    ]


BLOCKED = r"""
import json, sys
from gamekit.titles.hats.analyses import exchange_decisions, takes_by_player

moves = exchange_decisions(sys.argv[1])
table = takes_by_player(moves)
print(json.dumps({
    "kinds": [type(moves).__name__, type(table).__name__],
    "rows": list(table.rows),
    "chances": [str(row["take_chance"]) for row in moves.rows],
    "modules": [m for m in ("pandas", "numpy") if m in sys.modules],
}))
"""


def test_with_pandas_and_numpy_blocked_the_class_exchanges_are_the_same() -> None:
    found = run_without_pandas(BLOCKED, str(CLASS))
    frame = hats.exchange_decisions(CLASS)
    assert found["kinds"] == ["Records", "Records"] and found["modules"] == []
    assert found["rows"] == grouped_by_pandas(frame).to_dict("records")
    assert found["chances"] == [str(p) for p in frame.take_chance]
