"""The maintainers' speed table (benchmarks/speed.py): its tables, meters and options.

It is not in the wheel: the tests load it from the checkout.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

import gamekit

ROOT = Path(__file__).resolve().parents[1]


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("speed", ROOT / "benchmarks" / "speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["speed"] = module
    spec.loader.exec_module(module)
    return module


bench = _load()


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    bench.main(["--versus-games", "0", *args])
    return capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seconds", "0"], "--seconds must be more than 0"),
        (["--rounds", "0"], "--rounds must be 1 or more"),
        (["--simulate-games", "0"], "--simulate-games must be 1 or more"),
        (["--versus-rounds", "0"], "--versus-rounds 1 or more"),
        (["--titles", "chess"], "invalid choice: 'chess'"),
    ],
)
def test_bad_options_give_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        bench.main(args)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err


def test_the_kit_has_no_bench_module_any_more() -> None:
    """The speed table left the package (and so the wheel) for benchmarks/."""
    folders = [Path(p) for p in gamekit.__path__]
    assert not [f for f in folders if (f / "simulation_bench.py").exists()]
    assert (ROOT / "benchmarks" / "speed.py").is_file()


def test_simulate_beside_crazy_eights_prints_a_row_per_title(
    capsys: pytest.CaptureFixture[str],
) -> None:
    pytest.importorskip("pyspiel")
    text = bench.versus_report(["knock-knock", "hats"], games=3, rounds=1, seconds=0.01)
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert rows[0].startswith("| title | simulate(workers=1) decisions/CPU s, 3 games")
    names = [r.split("|")[1].strip() for r in rows[1:]]
    assert names == ["Knock! Knock!", "Hats"]
    assert all(float(r.split("|")[4].strip().split("x")[0]) > 0 for r in rows[1:])


def test_bench_prints_the_speed_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--titles", "hats", "boo-party", "--seconds", "0.05", "--rounds", "2"]
    args += ["--no-references", "--simulate-games", "5", "20"]
    out = _run(args, capsys)
    assert "| title | lean decisions/s | lean games/s | full API decisions/s" in out
    rows = [line for line in out.splitlines() if line.startswith("| Hats") or "Boo Party" in line]
    assert len(rows) == 4  # the speed table and the simulate table
    head = next(line for line in out.splitlines() if "simulate ÷ lean" in line)
    assert "simulate ÷ lean, 5 games" in head and "simulate ÷ lean, 20 games" in head
    shares = [cell for cell in rows[-1].split("|") if "%" in cell]
    assert len(shares) == 2
    assert "OpenSpiel" not in out


def test_bench_without_simulate_runs(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--titles", "hats", "--seconds", "0.01", "--rounds", "1"]
    out = _run([*args, "--no-references", "--simulate-games"], capsys)
    assert "simulate ÷ lean" not in out


def test_run_meter_compares_the_same_games() -> None:
    meter = bench.RunMeter("knock-knock", 3)
    meter.round()
    meter.round()
    speed = meter.speed
    assert speed.games == 3 and speed.lean_decisions_per_s > 0
    assert speed.share == speed.simulate_decisions_per_s / speed.lean_decisions_per_s


def test_a_missing_reference_is_skipped_with_a_reason() -> None:
    def missing() -> bench.Play:
        import gamekit_no_such_library  # type: ignore[import-not-found]  # noqa: F401

        raise AssertionError

    ref = bench.Reference("Nothing", "none", missing)
    note = bench.measure_reference(ref, 0.01)
    assert note == (
        "Nothing: skipped, gamekit_no_such_library is not installed (pip install 'gamekit[bench]')"
    )


@pytest.mark.parametrize("ref", bench.REFERENCES, ids=lambda r: r.label)
def test_references_play_whole_random_games(ref: bench.Reference) -> None:
    found = bench.measure_reference(ref, 0.01)
    if isinstance(found, str):
        pytest.skip(found)
    assert found.games >= 1 and found.decisions >= found.games


def test_measure_counts_whole_games() -> None:
    speed = bench.measure("hats", bench.lean_player("hats"), 0.0)
    assert (
        speed.games == 1
        and speed.decisions == gamekit.simulate("hats", games=1, workers=1).decisions.iloc[0]
    )


def test_speed_table_goes_between_the_readme_markers() -> None:
    text = "# Kit\n## Speed\n<!-- speed-table:start -->\nold table\n<!-- speed-table:end -->\nend\n"
    updated = bench.put_between_markers(text, "| new |")
    assert updated == text.replace("old table", "| new |")
    assert bench.put_between_markers(updated, "| newer |").count("speed-table") == 2
    with pytest.raises(ValueError, match="no <!-- speed-table:start -->"):
        bench.put_between_markers("no markers", "x")


def test_measure_keeps_the_fastest_round_of_new_games() -> None:
    played: list[int] = []

    def play(i: int) -> int:
        played.append(i)
        return 3

    speed = bench.measure("fake", play, 0.0, rounds=4)
    assert played == [0, 1, 2, 3]  # one game a round (0 s), each a new game
    assert speed.games == 1 and speed.decisions == 3
