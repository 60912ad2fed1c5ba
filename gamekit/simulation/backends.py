"""Where the chunks of a run are played: here, in worker processes, or on dask.

Every backend yields the parts in chunk order, so a run gives the same table
whatever its backend and workers. With the default workers a run starts in the
caller's process: the first chunk is played here, and worker processes start
only when what is left is worth their start-up (:data:`POOL_WORTH_SECONDS`).
"""

from __future__ import annotations

import importlib
import logging
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from gamekit.simulation.plan import Bound, Plan, RunOptions
from gamekit.simulation.worker import Part, Rows, Runner, run_chunk, worker_run, worker_start

if TYPE_CHECKING:  # imported when a pool starts: a run played here never needs them
    from concurrent.futures import ProcessPoolExecutor

POOL_WORTH_SECONDS = {"fork": 0.3, "spawn": 3.0, "forkserver": 1.0}
"""CPU seconds of games left (estimated from the first chunk) above which a run with
the default workers starts worker processes; below, it ends in the caller's process."""

MERGED_GAMES = 256
"""Games played at a time in one process when the chunks are joined anyway."""

DASK_NO_WORKERS_SECONDS = 30.0
"""How long a dask run waits for a worker once its cluster has none, before it says so."""


def start_method() -> str:
    """The start method the next run's worker processes use (see
    :data:`gamekit.simulation.START_METHOD`)."""
    import multiprocessing

    chosen: str | None = getattr(sys.modules["gamekit.simulation"], "START_METHOD", None)
    if chosen is not None:
        return chosen
    chosen = multiprocessing.get_start_method(allow_none=True)
    if chosen is not None:
        return chosen
    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"


def dumps_plan(plan: Plan) -> bytes:
    """The plan as bytes for the workers; classes defined in a notebook travel by value.

    A ``Bot`` subclass or a ``Rules`` object defined in a notebook cell lives in
    ``__main__``, which a spawned worker cannot import: cloudpickle (installed with
    the ``jupyter`` extra) ships such classes whole. Without it, plain pickle.
    """
    try:
        cloudpickle: Any = importlib.import_module("cloudpickle")
    except ImportError:  # pragma: no cover - cloudpickle comes with the jupyter extra
        import pickle

        return pickle.dumps(plan)
    return bytes(cloudpickle.dumps(plan))


# -- the run, part by part ----------------------------------------------------------
def parts(plan: Plan, run: RunOptions) -> Iterator[Part]:
    """The parts of a run in chunk order, with a progress bar if asked."""
    results = local_parts(plan, run) if run.backend == "processes" else dask_parts(plan, run)
    bar = progress_bar(run.games, plan.title, run.progress)
    try:
        for part in results:
            if bar is not None:
                bar.update(part.stop - part.start if isinstance(part, Rows) else part.games[0])
            yield part
    finally:
        results.close()
        if bar is not None:
            bar.close()


def local_parts(plan: Plan, run: RunOptions) -> Generator[Part, None, None]:
    """The parts played here, or in worker processes when they are worth it."""
    bounds = run.bounds()
    processes = run.processes()
    runner = Runner(plan)
    if processes <= 1:
        yield from _here(runner, bounds, run.merge)
        return
    if run.workers is None:  # the default: start here, workers only if worth it
        first = next(bounds)
        began = time.process_time()
        part = runner.run(*first)
        spent = time.process_time() - began
        yield part
        left = run.games - first[1]
        if not left:
            return
        if not _worth_a_pool(spent * left / (first[1] - first[0])):
            yield from _here(runner, bounds, run.merge)
            return
    yield from pool_parts(plan, bounds, processes)


def _worth_a_pool(seconds: float) -> bool:
    """Whether ``seconds`` of CPU work left are worth starting worker processes."""
    if seconds < min(POOL_WORTH_SECONDS.values()):  # surely not (multiprocessing unread)
        return False
    return seconds >= POOL_WORTH_SECONDS.get(start_method(), 1.0)


def _here(runner: Runner, bounds: Iterator[Bound], merge: bool) -> Iterator[Part]:
    for start, stop in _merged(bounds, MERGED_GAMES) if merge else bounds:
        yield runner.run(start, stop)


def pool_parts(plan: Plan, bounds: Iterator[Bound], processes: int) -> Generator[Part, None, None]:
    """The parts played by ``processes`` worker processes (stopped at once on any exit)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = start_method()
    context = multiprocessing.get_context(method)
    parent = os.getpid() if method in ("fork", "spawn") else None
    pool = ProcessPoolExecutor(
        max_workers=processes,
        mp_context=context,
        initializer=worker_start,
        initargs=(dumps_plan(plan), parent),
    )

    def submit(bound: Bound) -> Any:
        # A submit may fork a worker: Python ignores an exception raised in an at-fork
        # hook (logging has one), so a signal handled there would be lost. Hold them.
        with interrupts_held():
            return pool.submit(worker_run, *bound)

    try:
        yield from in_order(submit, bounds, processes * 2, then=_table_imports)
    except BaseException:  # Ctrl-C, the kernel's stop button, an error, or the reader left
        stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def _table_imports() -> None:
    """While the workers play: import what the tables need (pandas, the first time).

    A Ctrl-C, or a ``SIGTERM``/``SIGHUP`` that a handler turns into an exception (as
    ``gamekit simulate`` does), waits until the import is whole: an import cut in half
    leaves NumPy half-loaded, and every later run in that kernel would fail to import it.
    """
    from gamekit.simulation.records import pandas_missing

    if "pandas" not in sys.modules and not pandas_missing():  # the tables are Records then
        with interrupts_held():
            importlib.import_module("pandas")


HELD_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")
"""The signals :func:`interrupts_held` holds (``SIGINT`` always; the others when a
Python handler is in force for them)."""


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C (and the ending signals a Python handler catches) inside the block,
    then handle the first one that came as it would have been handled."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    previous = {number: signal.getsignal(number) for number in _holdable()}
    for number in previous:
        signal.signal(number, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)
    if caught:
        _raise_held_signal(caught[0], previous[caught[0]])


def _holdable() -> list[int]:
    """``SIGINT``, and the ending signals whose handler is a Python function."""
    numbers = [getattr(signal, name) for name in HELD_SIGNALS if hasattr(signal, name)]
    return [n for n in numbers if n == signal.SIGINT or callable(signal.getsignal(n))]


def _raise_held_signal(number: int, handler: Any) -> None:
    """Do what the handler in force when the signal came would have done."""
    if callable(handler):
        handler(number, None)
    elif handler != signal.SIG_IGN:
        raise KeyboardInterrupt


def stop_pool(pool: ProcessPoolExecutor, grace: float = 0.5) -> None:
    """Stop a pool now: cancel what waits, end the workers (terminate, then kill)."""
    found = dict(getattr(pool, "_processes", None) or {})  # shutdown forgets them
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if not found and callable(terminate):  # pragma: no cover - newer Pythons only
        terminate()
        return
    _forget_manager(pool)
    pool.shutdown(wait=False, cancel_futures=True)
    workers = list(found.values())
    for process in workers:
        if process.is_alive():
            process.terminate()
    for process in workers:
        process.join(grace)
        if process.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
            process.kill()
            process.join(grace)
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(grace)


def _forget_manager(pool: ProcessPoolExecutor) -> None:
    """Keep Python's exit hooks away from the pool's manager thread, which ends by itself
    once it sees the stopped workers.

    At exit, ``concurrent.futures`` wakes every manager thread it knows through a
    pipe, and ``threading`` waits for every thread that is not a daemon; after the
    workers were stopped that pipe may be gone, and either hook then prints a stray
    traceback ("Bad file descriptor", ``threading._shutdown``) after our one clear
    line. The thread is forgotten before the workers are stopped, and made a daemon.
    """
    manager = getattr(pool, "_executor_manager_thread", None)
    if manager is None:
        return
    from concurrent.futures import process as futures_process

    wakeups = getattr(futures_process, "_threads_wakeups", None)
    if wakeups is not None:
        wakeups.pop(manager, None)
    lock = getattr(manager, "_tstate_lock", None)
    locks = getattr(sys.modules["threading"], "_shutdown_locks", None)
    if lock is not None and locks is not None:
        locks.discard(lock)  # threading._shutdown no longer waits for it


def in_order(
    submit: Callable[[Bound], Any],
    bounds: Iterator[Bound],
    ahead: int,
    result: Callable[[Any], Any] = lambda future: future.result(),
    then: Callable[[], None] | None = None,
) -> Iterator[Any]:
    """Submit chunks a few at a time and yield their results in order (bounded memory);
    ``then`` runs once the first chunks are submitted, while they are played."""
    pending: deque[Any] = deque()
    for bound in bounds:
        pending.append(submit(bound))
        if len(pending) >= ahead:
            break
    if then is not None:
        then()
    while pending:
        yield result(pending.popleft())
        nxt = next(bounds, None)
        if nxt is not None:
            pending.append(submit(nxt))


def _merged(bounds: Iterator[Bound], at_least: int) -> Iterator[Bound]:
    """Consecutive chunks joined into chunks of ``at_least`` games or more (the last may
    be smaller): fewer, larger parts where chunks only cost time.

    >>> list(_merged(iter([(0, 2), (2, 4), (4, 6), (6, 7)]), 3))
    [(0, 4), (4, 7)]
    """
    start = stop = None
    for first, last in bounds:
        if start is None:
            start = first
        stop = last
        if stop - start >= at_least:
            yield start, stop
            start = None
    if start is not None and stop is not None:
        yield start, stop


# -- dask ---------------------------------------------------------------------------
def dask_parts(plan: Plan, run: RunOptions) -> Generator[Part, None, None]:
    """The parts played on a dask cluster: a LocalCluster of at most one worker per
    chunk, or the scheduler (or ``Client``) at ``run.address``."""
    from gamekit.simulation.plan import local_cores

    distributed: Any = importlib.import_module("dask.distributed")
    cluster = None
    address = run.address
    if isinstance(address, distributed.Client):
        client, own = address, False
    elif address is None:
        wanted = local_cores() if run.workers is None else run.workers
        cluster = distributed.LocalCluster(
            n_workers=max(1, min(wanted, run.chunks)),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.ERROR,
        )
        client, own = distributed.Client(cluster), True
    else:
        client, own = distributed.Client(address), True
    submitted: list[Any] = []
    try:
        ahead = max(4, 3 * _dask_workers(client))

        def submit(bound: Bound) -> Any:
            future = client.submit(run_chunk, plan, *bound, pure=False)
            submitted.append(future)
            del submitted[: -2 * ahead]
            return future

        yield from in_order(submit, run.bounds(), ahead, lambda f: dask_result(f, client))
    except BaseException:
        client.cancel(submitted)
        raise
    finally:
        if own:
            client.close()
        if cluster is not None:
            cluster.close()


def _dask_workers(client: Any) -> int:
    return len(client.scheduler_info(n_workers=-1).get("workers", {}))


def dask_result(future: Any, client: Any, poll: float = 0.5) -> Any:
    """The future's result; a ``RuntimeError`` once the cluster has had no worker for
    :data:`DASK_NO_WORKERS_SECONDS` (dask itself would wait for one forever)."""
    alone_since: float | None = None
    while True:
        try:
            return future.result(timeout=poll)
        except TimeoutError:
            pass
        if _dask_workers(client):
            alone_since = None
            continue
        now = time.monotonic()
        alone_since = now if alone_since is None else alone_since
        if now - alone_since >= DASK_NO_WORKERS_SECONDS:
            raise RuntimeError(
                f"the dask cluster has had no worker for {DASK_NO_WORKERS_SECONDS:g} s: "
                "start workers, or simulate with backend='processes'"
            )


# -- the progress bar ---------------------------------------------------------------
BAR_DELAY_SECONDS = 0.5
"""With ``progress=None`` a run's bar appears only once the run has lasted this long
(wall clock): a short run shows none and never imports tqdm (nor, in a notebook,
ipywidgets, about 0.1 CPU second that a 20-game run does not need)."""


def progress_bar(games: int, title: str, progress: bool | None) -> Any:
    """A progress bar for ``games`` games, or None. ``progress=True``: a tqdm bar at
    once; ``None``: when not under a test and in a notebook or a terminal, a bar made
    only after :data:`BAR_DELAY_SECONDS` (:class:`LateBar`)."""
    if progress is None:
        if "PYTEST_CURRENT_TEST" in os.environ or not (_in_notebook() or sys.stderr.isatty()):
            return None
        return LateBar(games, title)
    return tqdm_bar(games, title) if progress else None


def tqdm_bar(games: int, title: str) -> Any:
    """A tqdm bar (the notebook's own in a notebook) for ``games`` games of ``title``."""
    if sys.platform == "emscripten":  # the browser build: tqdm.auto sees no notebook there
        from tqdm.notebook import tqdm

        _threadless(tqdm)
    elif _in_notebook():
        from tqdm.auto import tqdm
    else:
        from tqdm import tqdm
    return tqdm(total=games, desc=title, unit="game", file=sys.stderr)


def _threadless(bar_class: Any) -> None:
    """Keep tqdm from what the browser build cannot do: starting its monitor thread (it
    would warn) and making a ``multiprocessing`` lock (a lock for threads does)."""
    bar_class.monitor_interval = 0
    if not hasattr(bar_class, "_lock"):
        bar_class.set_lock(threading.RLock())


class LateBar:
    """A progress bar that exists only once a run is still going after ``delay`` seconds.

    Until then :meth:`update` only counts; a run that ends first makes no bar.

    >>> ticks = iter([0.0, 0.1, 0.9])
    >>> bar = LateBar(10, "hats", delay=0.5, clock=lambda: next(ticks))
    >>> bar.update(4); bar.bar is None
    True
    """

    def __init__(
        self,
        games: int,
        title: str,
        delay: float = BAR_DELAY_SECONDS,
        clock: Callable[[], float] = time.monotonic,
        make: Callable[[int, str], Any] = tqdm_bar,
    ) -> None:
        self.games, self.title, self.delay, self.clock, self.make = games, title, delay, clock, make
        self.started, self.done = clock(), 0
        self.bar: Any = None

    def update(self, games: int) -> None:
        """Count ``games`` more games; make the bar if the run has lasted long enough."""
        self.done += games
        if self.bar is not None:
            self.bar.update(games)
        elif self.done < self.games and self.clock() - self.started >= self.delay:
            self.bar = self.make(self.games, self.title)
            self.bar.update(self.done)

    def close(self) -> None:
        """Close the bar, if there is one."""
        if self.bar is not None:
            self.bar.close()


def _in_notebook() -> bool:
    """True in a Jupyter kernel: the desktop's (IPython's ZMQ shell) or the browser
    build's (the Pyodide kernel's shell)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = getattr(shell, "get_ipython", lambda: None)()
    if ip is None:
        return False
    kind = type(ip)
    return kind.__name__ == "ZMQInteractiveShell" or kind.__module__.startswith("pyodide_kernel")
