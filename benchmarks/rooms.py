"""Rooms under a class's load: move -> every seat updated, messages/s, memory per table.

A lobby of ``--tables`` tables of ``--players`` seats (Knock! Knock!, by default 8 x 5)
runs in a process of its own (the teacher's laptop); one client process holds every
seat (``--tables`` x ``--players`` WebSockets over loopback, one asyncio loop), and
each seat plays a random legal move when its turn comes, after ``--think`` seconds.
One sample is the time from a seat's sending a move to the moment every seat of
that table has received the position after it (the clients share one clock).
Memory per table: the server's RSS growth from before the lobby to the end of the
games, divided by the tables, and the Python heap (tracemalloc) of a lobby of the
same tables built without the network. Target: p95 < 50 ms at 40 clients.
A measurement, not a test: nothing asserts on time.

    .venv/bin/python benchmarks/rooms.py [--tables 8] [--players 5] [--games 1]
        [--think 0.0] [--seed 1] [--out rooms.json]
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import json
import os
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
TITLE = "knock-knock"


# -- the server's process ---------------------------------------------------------------
def _rss_kib() -> int:
    """This process's resident memory (Linux ``/proc``), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _heap_per_table(tables: int, players: int, seed: int) -> float:
    """Python heap of a classroom of ``tables`` tables (no network), per table, in KiB."""
    from gamekit.rooms.room import Classroom

    Classroom(TITLE, players, 1, seed)  # imports and caches first, outside the count
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    school = Classroom(TITLE, players, tables, seed)
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del school
    return (after - before) / tables / 1024


def serve_main(tables: int, players: int, seed: int) -> int:
    """The teacher's laptop: print the lobby's address and codes, answer ``rss``, ``stop``."""
    import gamekit.rooms

    heap = _heap_per_table(tables, players, seed)
    rss_before = _rss_kib()
    lobby = gamekit.rooms.serve(TITLE, players=players, tables=tables, seed=seed, port=0)
    print(json.dumps({"url": lobby.url, "codes": lobby.codes, "teacher": lobby.teacher_code,
                      "heap_kib_per_table": heap, "rss_before_kib": rss_before}),
          flush=True)  # fmt: skip
    for line in sys.stdin:
        if line.strip() == "rss":
            print(json.dumps({"rss_kib": _rss_kib(), "records": len(lobby.records()),
                              "cpu_s": time.process_time()}), flush=True)  # fmt: skip
        elif line.strip() == "stop":
            break
    lobby.stop()
    return 0


# -- the clients' process ----------------------------------------------------------------
@dataclass
class Table:
    """One table's seats as the clients see them, and its moves' samples."""

    number: int
    players: int
    games_left: int
    sent: dict[tuple[int, int], float] = field(default_factory=dict)
    """(game, step reached by the move) -> when the move was sent."""
    reached: dict[tuple[int, int], set[int]] = field(default_factory=dict)
    samples: list[float] = field(default_factory=list)
    done: asyncio.Event = field(default_factory=asyncio.Event)

    def saw(self, seat: int, game: int, step: int, now: float) -> None:
        """Seat ``seat`` received the position at ``step`` of game ``game``."""
        for key in [k for k in self.sent if k[0] == game and k[1] <= step]:
            seen = self.reached.setdefault(key, set())
            seen.add(seat)
            if len(seen) == self.players:
                self.samples.append(now - self.sent.pop(key))
                del self.reached[key]


@dataclass
class Counts:
    received: int = 0
    sent: int = 0


async def _connect(url: str) -> Any:
    import tornado.websocket

    from gamekit.rooms.client import _socket_url

    sock = await tornado.websocket.websocket_connect(_socket_url(url), max_message_size=1 << 24)
    stream = getattr(sock.protocol, "stream", None)
    if stream is not None:
        stream.set_nodelay(True)
    return sock


async def _seat(url: str, code: str, seat: int, table: Table, teacher: Any, think: float,
                rnd: random.Random, counts: Counts) -> None:  # fmt: skip
    sock = await _connect(url)
    await sock.write_message(json.dumps({"type": "hello", "code": code}))
    counts.sent += 1
    ident = 0
    played: tuple[int, int] | None = None  # a position is played once (states may repeat)
    while True:
        text = await sock.read_message()
        if text is None:
            return
        counts.received += 1
        message = json.loads(text)
        if message["type"] != "state":
            continue
        payload, game = message["payload"], message["game"]
        table.saw(seat, game, payload["step"], time.perf_counter())
        if payload["is_over"] and seat == 0 and message["status"] == "over":
            table.games_left -= 1
            if table.games_left <= 0:
                table.done.set()
            else:
                again = {"type": "control", "id": game, "do": "restart", "table": table.number}
                await teacher.write_message(json.dumps(again))
        if table.done.is_set():
            sock.close()
            return
        if (
            payload["legal"]
            and message["status"] == "playing"
            and played != (game, payload["step"])
        ):
            played = (game, payload["step"])
            if think:
                await asyncio.sleep(rnd.uniform(0, 2 * think))
            ident += 1
            move = {"type": "play", "id": ident, "step": payload["step"],
                    "index": rnd.randrange(len(payload["legal"]))}  # fmt: skip
            table.sent[(game, payload["step"] + 1)] = time.perf_counter()
            await sock.write_message(json.dumps(move))
            counts.sent += 1


async def _drain(sock: Any) -> None:
    while await sock.read_message() is not None:
        pass


async def clients(lobby: dict[str, Any], games: int, think: float, seed: int) -> dict[str, Any]:
    """Every seat of every table plays until each table has finished ``games`` games."""
    codes: list[list[str]] = lobby["codes"]
    tables = [Table(n, len(seats), games) for n, seats in enumerate(codes)]
    counts = Counts()
    teachers = []
    for number in range(len(codes)):
        sock = await _connect(lobby["url"])
        await sock.write_message(json.dumps({"type": "hello", "code": lobby["teacher"],
                                             "table": number}))  # fmt: skip
        teachers.append(sock)
    drains = [asyncio.ensure_future(_drain(s)) for s in teachers]
    tasks = [
        asyncio.ensure_future(
            _seat(
                lobby["url"],
                code,
                seat,
                table,
                teachers[table.number],
                think,
                random.Random(seed * 1000 + 10 * table.number + seat),
                counts,
            )
        )  # fmt: skip
        for table, seats in zip(tables, codes, strict=True)
        for seat, code in enumerate(seats)
    ]
    start = time.perf_counter()  # a table starts once its last seat has joined
    await asyncio.wait_for(asyncio.gather(*(t.done.wait() for t in tables)), timeout=3600)
    wall = time.perf_counter() - start
    for task in tasks + drains:
        task.cancel()
    for sock in teachers:
        sock.close()
    samples = [s for t in tables for s in t.samples]
    return {"samples_ms": [round(s * 1000, 3) for s in samples], "wall_s": wall,
            "received": counts.received, "sent": counts.sent}  # fmt: skip


# -- the whole run ---------------------------------------------------------------------
def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def _run_on_a_loop_of_its_own(coroutine: Coroutine[Any, Any, dict[str, Any]]) -> dict[str, Any]:
    """Run the clients on a new loop in a thread of their own.

    ``asyncio.run`` refuses to start where a loop is already running in this thread:
    in a notebook's kernel, or after a browser test's Playwright session.
    """
    with concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="rooms-bench") as pool:
        return pool.submit(asyncio.run, coroutine).result()


def run(tables: int, players: int, games: int, think: float, seed: int) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, __file__, "--serve", "--tables", str(tables), "--players",
               str(players), "--seed", str(seed)]  # fmt: skip
    load_before = os.getloadavg()
    server = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                              env=env)  # fmt: skip
    assert server.stdin is not None and server.stdout is not None
    lobby = json.loads(server.stdout.readline())
    cpu_before = time.process_time()
    result = _run_on_a_loop_of_its_own(clients(lobby, games, think, seed))
    client_cpu = time.process_time() - cpu_before
    server.stdin.write("rss\n")
    server.stdin.flush()
    memory = json.loads(server.stdout.readline())
    server.stdin.write("stop\n")
    server.stdin.flush()
    server.wait(timeout=60)
    samples = result["samples_ms"]
    wall = result["wall_s"]
    return {
        "title": TITLE, "tables": tables, "players": players, "clients": tables * players,
        "games_per_table": games, "think_s": think, "moves": len(samples),
        "median_ms": statistics.median(samples), "p95_ms": _percentile(samples, 0.95),
        "max_ms": max(samples), "wall_s": round(wall, 2),
        "messages_per_s": round((result["received"] + result["sent"]) / wall),
        "received_per_s": round(result["received"] / wall),
        "moves_per_s": round(len(samples) / wall, 1),
        "client_cpu_s": round(client_cpu, 2),
        "server_cpu_s": round(memory["cpu_s"], 2),
        "records": memory["records"],
        "rss_kib_per_table": round((memory["rss_kib"] - lobby["rss_before_kib"]) / tables, 1),
        "heap_kib_per_table": round(lobby["heap_kib_per_table"], 1),
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "cpus": os.cpu_count(),
    }  # fmt: skip


def report(out: dict[str, Any]) -> str:
    return (
        f"{out['tables']} tables x {out['players']} seats ({out['clients']} clients), "
        f"{out['moves']} moves, think {out['think_s']} s: move -> every seat updated "
        f"median {out['median_ms']:.1f} ms, p95 {out['p95_ms']:.1f} ms, "
        f"max {out['max_ms']:.1f} ms; "
        f"{out['messages_per_s']} messages/s ({out['moves_per_s']} moves/s) in {out['wall_s']} s, "
        f"CPU s server {out['server_cpu_s']}, clients {out['client_cpu_s']}; "
        f"memory per table {out['rss_kib_per_table']} KiB RSS, {out['heap_kib_per_table']} KiB "
        f"heap; load {out['load_before']} -> {out['load_after']} on {out['cpus']} CPUs"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--games", type=int, default=1, help="games per table (1)")
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a seat waits before its move (0)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="a JSON file for the figures")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve_main(args.tables, args.players, args.seed)
    if args.tables < 1 or args.games < 1 or args.think < 0:
        parser.error("--tables and --games must be 1 or more, --think 0 or more")
    out = run(args.tables, args.players, args.games, args.think, args.seed)
    print(report(out))
    if args.out is not None:
        args.out.write_text(json.dumps(out, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
