"""Worker processes never outlive their run: a simulation or a ``gamekit simulate`` ended
by a signal leaves no process and no file behind, and says so in one line.

Real subprocesses, checked with psutil; every wait is for a state, bounded.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

psutil = pytest.importorskip("psutil")
pd = pytest.importorskip("pandas")

RUN = r"""
import signal, sys
import gamekit
from gamekit import simulation
if __name__ == "__main__":
    signal.signal(signal.SIGHUP, signal.SIG_DFL)  # as a kernel has it, even under nohup
    simulation.START_METHOD = sys.argv[1]
    print("ready", flush=True)
    gamekit.simulate("bloody-inn", games=10**12, workers=2, aggregate=True, progress=False)
"""

CLI = (
    "import faulthandler, signal, sys; "
    "signal.signal(signal.SIGINT, signal.default_int_handler); "
    "faulthandler.register(signal.SIGUSR1, all_threads=True); "
    "from gamekit.cli import main; sys.exit(main(sys.argv[1:]))"
)
"""The command as a terminal starts it: Ctrl-C raises KeyboardInterrupt even when the
run that started the tests ignores SIGINT (a background job of a non-interactive shell).
``SIGUSR1`` prints every thread's stack: what a test shows of a command that never ends."""

ENDING_SECONDS = 120.0
"""How long a signalled command may take to end: about 1-4 s here, even with both cores
busy; the bound is only there so that a command that never ends fails the test."""


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}


def _endless_cli_run(out: Path) -> subprocess.Popen[str]:
    """``gamekit simulate`` of The Bloody Inn with two workers, far too long to finish."""
    args = ["simulate", "bloody-inn", "--games", "100000000", "--workers", "2"]
    return subprocess.Popen(
        [sys.executable, "-c", CLI, *args, "--out", str(out), "--no-progress"],
        stderr=subprocess.PIPE,
        text=True,
        env=_env(),
    )


def _wait_for(check: Callable[[], bool], seconds: float = 60.0) -> bool:
    """Wait (bounded) until ``check()`` holds; whether it did."""
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _ended(child: subprocess.Popen[str]) -> str:
    """What the signalled command wrote on stderr once it ended; if it never ends, a
    failure that shows where each of its threads stood."""
    try:
        return child.communicate(timeout=ENDING_SECONDS)[1]
    except subprocess.TimeoutExpired:
        child.send_signal(signal.SIGUSR1)
        with contextlib.suppress(subprocess.TimeoutExpired):  # the stacks, written at once
            child.communicate(timeout=5)
        child.kill()
        stacks = child.communicate()[1]
        raise AssertionError(f"the command did not end; its threads:\n{stacks}") from None


def _workers_of(process: Any) -> list[Any]:
    """The live worker processes under ``process`` (not multiprocessing's resource tracker)."""
    found = []
    try:
        children = process.children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    for child in children:
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "resource_tracker" not in " ".join(
                child.cmdline()
            ):
                found.append(child)
        except psutil.NoSuchProcess:
            pass
    return found


def _still_running(processes: list[Any]) -> list[Any]:
    """The processes that are still there after they were given (bounded) time to end."""
    _, alive = psutil.wait_procs(processes, timeout=15)
    alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    for process in alive:  # never leave them to the next test
        process.kill()
    return alive


@pytest.mark.parametrize(
    ("method", "name"),
    [("fork", "SIGKILL"), ("fork", "SIGTERM"), ("fork", "SIGHUP"), ("spawn", "SIGKILL")],
)
def test_workers_end_with_a_simulation_whose_process_is_ended(
    tmp_path: Path, method: str, name: str
) -> None:
    """A kernel restart kills the kernel: its run's workers go with it."""
    script = tmp_path / "run.py"
    script.write_text(RUN)
    child = subprocess.Popen(
        [sys.executable, str(script), method], stdout=subprocess.PIPE, text=True, env=_env()
    )
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        me = psutil.Process(child.pid)
        assert _wait_for(lambda: len(_workers_of(me)) == 2)
        workers = _workers_of(me)
        child.send_signal(getattr(signal, name))
        child.wait(30)
        assert _still_running(workers) == []
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


@pytest.mark.parametrize("name", ["SIGTERM", "SIGHUP", "SIGINT"])
def test_the_command_ended_by_a_signal_says_so_and_leaves_nothing(
    tmp_path: Path, name: str
) -> None:
    """``gamekit simulate --out``: one line, status 128 + the signal (130 for Ctrl-C), no
    hidden ``.partial`` file, no worker, no stray traceback after the line."""
    out = tmp_path / "inn.parquet"
    child = _endless_cli_run(out)
    try:
        me = psutil.Process(child.pid)
        started = _wait_for(lambda: len(_workers_of(me)) == 2 and any(tmp_path.iterdir()))
        assert started, "the run did not start its workers and its hidden file"
        workers = _workers_of(me)
        number = getattr(signal, name)
        child.send_signal(number)
        err = _ended(child)
        word = "interrupted" if name == "SIGINT" else f"ended by {name}"
        assert err == f"gamekit simulate: {word}\n"
        assert child.returncode == (130 if name == "SIGINT" else 128 + number)
        assert sorted(p.name for p in tmp_path.iterdir()) == []
        assert _still_running(workers) == []
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


AT_FORK = r"""
import os, signal, sys
from gamekit.cli import main
sent = []
def signal_while_forking():
    if not sent:  # the first worker's fork: the signal lands in an at-fork hook
        sent.append(True)
        os.kill(os.getpid(), getattr(signal, sys.argv[1]))
os.register_at_fork(after_in_parent=signal_while_forking)
sys.exit(main(["simulate", "bloody-inn", "--games", "100000000", "--workers", "2",
               "--out", sys.argv[2], "--no-progress"]))
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_signal_that_lands_while_a_worker_is_forked_still_ends_the_command(
    tmp_path: Path, name: str
) -> None:
    """Python ignores an exception raised in an at-fork hook (logging has one): a signal
    handled there was lost, and the run went on forever. The pool's forks hold the
    signals, which then end the command as anywhere else."""
    script = tmp_path / "at_fork.py"
    script.write_text(AT_FORK)
    out = tmp_path / "inn.parquet"
    child = subprocess.Popen(
        [sys.executable, str(script), name, str(out)], stderr=subprocess.PIPE, text=True, env=_env()
    )
    try:
        err = _ended(child)
        word = "interrupted" if name == "SIGINT" else f"ended by {name}"
        assert err == f"gamekit simulate: {word}\n"
        assert sorted(p.name for p in tmp_path.iterdir()) == ["at_fork.py"]
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_signal_handlers_come_back_after_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    from gamekit.cli import main

    before = signal.getsignal(signal.SIGTERM)
    assert main(["simulate", "hats", "--games", "2", "--workers", "1", "--no-progress"]) == 0
    assert signal.getsignal(signal.SIGTERM) is before
    assert "hats" not in capsys.readouterr().err


def test_partial_file_after_sigkill_is_removed_by_the_next_run_and_never_read(
    tmp_path: Path,
) -> None:
    """``SIGKILL`` runs no handler, so the killed run's hidden ``.partial`` file stays; the
    next run writing into the folder removes it (its process is gone), and keeps the file
    of a run still going."""
    from gamekit.cli import PARTIAL, main

    out = tmp_path / "inn.csv"
    child = _endless_cli_run(out)
    try:
        me = psutil.Process(child.pid)

        def writing() -> bool:
            files = list(tmp_path.iterdir())
            return len(_workers_of(me)) == 2 and any(f.stat().st_size > 0 for f in files)

        assert _wait_for(writing, 120), "the run did not start writing its hidden file"
        workers = _workers_of(me)
        child.send_signal(signal.SIGKILL)
        child.wait(30)
        assert _still_running(workers) == []
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    (left,) = tmp_path.iterdir()  # SIGKILL: nothing could remove it
    assert PARTIAL.match(left.name) and left.name.startswith(".inn.csv.")
    assert int(PARTIAL.match(left.name)["pid"]) == child.pid  # type: ignore[index]
    going = tmp_path / f".other.parquet.{os.getpid()}-0123abcd.partial"  # a live run's
    going.write_text("")
    again = ["simulate", "hats", "--games", "3", "--workers", "1", "--no-progress"]
    assert main([*again, "--out", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [going.name, "inn.csv"]
    rows = pd.read_csv(out)  # the new run's rows (3 games of 3 seats), none of the killed one's
    assert len(rows) == 9 and set(rows.game) == {0, 1, 2}
