"""benchmarks/rooms.py runs end to end on a small lobby (a measurement: no time is asserted)."""

from __future__ import annotations

import asyncio
import concurrent.futures
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_rooms_benchmark_plays_every_table_to_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = importlib.util.spec_from_file_location("rooms_bench", ROOT / "benchmarks" / "rooms.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules["rooms_bench"] = bench
    spec.loader.exec_module(bench)
    out = tmp_path / "rooms.json"
    argv = ["--tables", "2", "--players", "3", "--games", "2", "--out", str(out)]

    async def from_a_running_loop() -> int:  # as in a notebook, or after a Playwright session
        return int(bench.main(argv))

    # A thread of its own whose loop is running, whatever this thread already runs.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, from_a_running_loop()).result() == 0
    figures = json.loads(out.read_text())
    assert figures["clients"] == 6 and figures["records"] == 4  # 2 games at each table
    assert figures["moves"] > 20 and figures["median_ms"] <= figures["p95_ms"]
    assert "move -> every seat updated" in capsys.readouterr().out
