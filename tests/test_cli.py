"""The gamekit command: simulate, replay; help, one-line errors, signals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import gamekit
from gamekit import bots
from gamekit.cli import main, narrate, parse_option


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(args)
    except SystemExit as stop:
        code = int(stop.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("command", [[], ["simulate"], ["replay"]])
def test_help_for_each_command(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run([*command, "--help"], capsys)
    assert code == 0
    assert out.startswith(f"usage: gamekit{' ' if command else ''}{' '.join(command)}")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "invalid choice: 'chess'"),
        (["simulate", "hats", "--games", "0"], "--games: must be 1 or more, not 0"),
        (["simulate", "hats", "--games", "many"], "expected a whole number, not 'many'"),
        (["simulate", "hats", "--players", "9", "--games", "2"], "9"),
        (["simulate", "hats", "--bots", "genius", "--games", "2"], "no bot 'genius'"),
        (["simulate", "hats", "--out", "x.txt", "--games", "2"], "--out must end in .csv"),
        (["simulate", "hats", "--option", "oops", "--games", "2"], "an option is KEY=VALUE"),
        (["simulate", "hats", "--option", "games=5"], "--option games=... is not a game option"),
        (["simulate", "hats", "--option", "backend=dask"], "--option backend=... is not a game"),
        (["simulate", "hats", "--option", "workers=64"], "--option workers=... is not a game"),
        (["simulate", "hats", "--option", "nope=1", "--games", "2"], "has no option 'nope'"),
        (["simulate", "hats", "--out", "/", "--games", "2"], "--out / is a folder"),
        (["simulate", "hats", "--out", "/no/such/dir/x.csv"], "the folder /no/such/dir does not"),
        (["fly"], "invalid choice: 'fly'"),
        ([], "the following arguments are required"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(args, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gamekit") and ": error: " in err
    assert message in err


def test_simulate_writes_the_same_table_as_the_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hats.csv"
    args = ["simulate", "hats", "--players", "3", "--games", "5", "--seed", "3"]
    code, printed, _ = _run([*args, "--workers", "1", "--out", str(out)], capsys)
    assert code == 0 and printed.strip() == f"wrote 15 rows to {out}"
    expected = gamekit.simulate("hats", games=5, players=3, seed=3, workers=1)
    written = pd.read_csv(out)
    assert list(written.columns) == list(expected.columns)
    assert written.score.tolist() == expected.score.tolist()
    assert written.seed.astype("uint64").tolist() == expected.seed.tolist()


def test_simulate_streams_parquet_in_chunks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "boo.parquet"
    names = bots.available("boo-party")
    lineup = ",".join(names[s % len(names)] for s in range(4))
    args = ["simulate", "boo-party", "--players", "4", "--games", "150", "--seed", "2"]
    code, _, _ = _run([*args, "--bots", lineup, "--workers", "2", "--out", str(out)], capsys)
    assert code == 0
    expected = gamekit.simulate(
        "boo-party", games=150, players=4, bots=lineup.split(","), seed=2, workers=1
    )
    pd.testing.assert_frame_equal(pd.read_parquet(out), expected, check_categorical=False)


def test_simulate_options_and_summary(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "boo-party", "--players", "4", "--games", "6", "--workers", "1"]
    code, out, _ = _run([*args, "--option", "costumes=12", "--no-progress"], capsys)
    assert code == 0
    summary = gamekit.simulate(
        "boo-party", games=6, players=4, workers=1, aggregate=True, costumes=12
    )
    assert out.split("\n")[0].split() == list(summary.columns)
    assert len(out.strip().split("\n")) == 1 + 4


def test_parse_option_values() -> None:
    assert parse_option("length=long") == ("length", "long")
    assert parse_option("p=0.5") == ("p", 0.5)
    assert parse_option("first_come_first_served=FALSE") == ("first_come_first_served", False)


def _saved_game(tmp_path: Path, moves: int | None = None) -> tuple[Path, gamekit.Game]:
    game = gamekit.new_game("knock-knock", players=3, seed=12)
    seats = [bots.make("knock-knock", "random", seed=s) for s in range(3)]
    while game.to_move is not None and (moves is None or game.step < moves):
        game.play(seats[game.to_move].choose(game))
    path = tmp_path / "game.json"
    path.write_text(game.to_json())
    return path, game


def test_replay_prints_the_narrated_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, game = _saved_game(tmp_path)
    code, out, _ = _run(["replay", str(path)], capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == f"Knock! Knock! - 3 players, seed 12, {game.step} moves"
    moves = [line for line in lines if line[:5].strip().rstrip(".").isdigit()]
    assert [m.split(": ", 1)[1] for m in moves] == [str(a) for a in game.history]
    for event in game.log:
        assert f"        {event}" in lines
    result = game.result_lines()
    assert len(result) == 1 + game.players and lines[-len(result) :] == result


def test_replay_of_an_unfinished_game(tmp_path: Path) -> None:
    path, game = _saved_game(tmp_path, moves=3)
    text = narrate(path.read_text())
    mover = game.read(gamekit.Seat(game.to_move))
    assert text.splitlines()[-1] == f"The game is not over: {mover} is to move."


def test_replay_narrates_in_french_with_players_numbered_from_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=12)
    game.play(game.legal_actions()[0])
    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    code, out, _ = _run(["replay", str(path), "--lang", "fr"], capsys)
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Toc Toc Toc - 3 joueurs, graine 12, 1 coup"
    assert lines[1].startswith("   1. Joueur 1\u202f: Frapper à la porte du joueur")
    assert lines[-1] == "La partie n’est pas finie\u202f: c’est au joueur 2 de jouer."


def test_replay_refuses_bad_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = _saved_game(tmp_path, moves=4)
    record = json.loads(path.read_text())
    record["actions"][2] = record["actions"][0] | {"type": "nonsense"}
    path.write_text(json.dumps(record))
    code, _, err = _run(["replay", str(path)], capsys)
    assert code == 1 and err.count("\n") == 1 and "unknown action type 'nonsense'" in err
    path.write_text("{not json")
    code, _, err = _run(["replay", str(path)], capsys)
    assert code == 1 and "not valid JSON" in err
    code, _, err = _run(["replay", str(tmp_path / "missing.json")], capsys)
    assert code == 1 and "cannot read" in err and err.count("\n") == 1


def test_console_script_runs_as_a_program() -> None:
    script = Path(sys.executable).parent / "gamekit"
    command = [str(script)] if script.exists() else [sys.executable, "-m", "gamekit.cli"]
    done = subprocess.run([*command, "simulate", "chess"], capture_output=True, text=True)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("gamekit simulate: error: argument TITLE: invalid choice")
    done = subprocess.run([*command, "--help"], capture_output=True, text=True, check=True)
    assert "simulate" in done.stdout and "replay" in done.stdout
    assert "bench" not in done.stdout, "the speed table is the maintainers' benchmarks/speed.py"


def _folder(path: Path) -> list[str]:
    return sorted(p.name for p in path.iterdir())


def test_out_never_replaces_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "hats.csv"
    out.write_text("my precious results\n")
    args = ["simulate", "hats", "--games", "3", "--workers", "1", "--out", str(out)]
    code, printed, err = _run(args, capsys)
    assert code == 2 and printed == "" and err.count("\n") == 1
    assert "exists; add --force to replace it" in err
    assert out.read_text() == "my precious results\n"
    code, printed, _ = _run([*args, "--force"], capsys)
    assert code == 0 and len(pd.read_csv(out)) == 9
    assert _folder(tmp_path) == ["hats.csv"]


@pytest.mark.parametrize("name", ["boo.csv", "boo.parquet"])
@pytest.mark.parametrize("aggregate", [False, True])
def test_ctrl_c_while_writing_leaves_no_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    aggregate: bool,
) -> None:
    """Interrupted mid-way: exit 130, one line, no half-written table, nothing left over."""
    from gamekit import simulation

    real_iter, real_simulate = simulation.iter_tables, simulation.simulate

    def interrupted_iter(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        chunks = real_iter(*args, **kwargs)  # type: ignore[arg-type]
        yield next(chunks)
        raise KeyboardInterrupt

    def interrupted_simulate(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        real_simulate(*args, **kwargs)  # type: ignore[arg-type]
        raise KeyboardInterrupt

    monkeypatch.setattr(simulation, "iter_tables", interrupted_iter)
    monkeypatch.setattr(simulation, "simulate", interrupted_simulate)
    out = tmp_path / name
    args = ["simulate", "boo-party", "--games", "300", "--workers", "1", "--out", str(out)]
    code, printed, err = _run([*args, *(["--aggregate"] if aggregate else [])], capsys)
    assert code == 130 and printed == "" and err == "gamekit simulate: interrupted\n"
    assert _folder(tmp_path) == []
    out.write_text("older results\n")
    code, _, _ = _run([*args, "--force"], capsys)
    assert code == 130 and out.read_text() == "older results\n"
    assert _folder(tmp_path) == [name]


def test_ctrl_c_stops_the_command_with_workers(tmp_path: Path) -> None:
    """A real SIGINT to ``gamekit simulate --workers 2``: status 130, one line, no file.

    The signal is sent once the run is in the state it must stop from (both workers
    running and the hidden file open), never after a pause: under load a pause may end
    before the pool exists, or long after."""
    import os
    import signal
    import time

    psutil = pytest.importorskip("psutil")
    out = tmp_path / "inn.parquet"
    code = (  # Ctrl-C as a terminal gives it, even when the tests' run ignores SIGINT
        "import signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
        "from gamekit.cli import main; sys.exit(main(sys.argv[1:]))"
    )
    args = ["simulate", "bloody-inn", "--games", "100000000", "--workers", "2"]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    child = subprocess.Popen(
        [sys.executable, "-c", code, *args, "--out", str(out), "--no-progress"],
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    me = psutil.Process(child.pid)

    def workers() -> int:
        try:
            found = me.children(recursive=True)
            return sum(
                1
                for p in found
                if p.status() != psutil.STATUS_ZOMBIE
                and "resource_tracker" not in " ".join(p.cmdline())
            )
        except psutil.NoSuchProcess:
            return 0

    try:
        deadline = time.monotonic() + 120  # a bound, not a pause: the loop ends on the state
        while not (workers() == 2 and any(tmp_path.iterdir())):
            assert time.monotonic() < deadline and child.poll() is None, "the run never started"
            time.sleep(0.05)
        child.send_signal(signal.SIGINT)
        _, err = child.communicate(timeout=180)  # a bound on the exit, under load
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    # the stopped pool's manager thread is kept away from the interpreter's exit hooks
    # (simulation.backends._forget_manager): no stray traceback after the line
    assert child.returncode == 130 and err == "gamekit simulate: interrupted\n"
    assert _folder(tmp_path) == []


@pytest.mark.parametrize(
    "content",
    [b"\xff\xfe\x00binary", b"[1, 2, 3]", b'{"title": "hats"}', b"", b'{"title": 5}'],
)
def test_replay_of_a_broken_file_is_one_line_and_status_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: bytes
) -> None:
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    code, out, err = _run(["replay", str(path)], capsys)
    assert code == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("gamekit replay: error: ")
    code, out, err = _run(["replay", str(tmp_path)], capsys)
    assert code == 1 and err.count("\n") == 1 and "cannot read" in err
