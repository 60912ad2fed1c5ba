"""The first chart of a kernel: CPU seconds from ``charts.enable()`` to the first SVG.

    python benchmarks/first_chart.py [--rounds 5] [--bytecode cached|source|installed]

Each try is a fresh interpreter that first loads what a kernel has loaded before
a lesson's first chart (``ipykernel``, ``gamekit``, pandas and a 20-game
``simulate`` table, not counted), then counts CPU seconds (all its threads) for:

- **before**: what ``charts.enable()`` did before: ``import altair`` (jsonschema
  with all its optional format checkers, ``rfc3987_syntax`` building its Lark
  parsers) and Altair's SVG renderer; then the first chart drawn to SVG, which
  starts vl-convert's JavaScript engine;
- **after, drawn at once**: ``charts.enable()`` (Altair without the format
  checkers its schema never uses, and the warm-up thread) and the chart cell run
  straight after it;
- **after, with a pause**: the same, the chart cell run once the warm-up is done
  (as when a learner reads before running the next cell): the chart cell's wall
  time is what the learner waits for.

The ways are taken in turn, ``--rounds`` times; the table gives each way's
fastest try. The charts are compared too: every way must draw the same SVG.

``--bytecode cached`` (the default) runs every try with the modules' bytecode
already written, as in every kernel after the first (Python writes each module's
bytecode the first time it imports it): the tries share a bytecode cache of
their own (``PYTHONPYCACHEPREFIX``, a temporary folder) that one uncounted try
per way fills first. ``--bytecode source`` compiles every module from source in
every try (an empty cache that nothing writes to), as a kernel does when its
Python may not write bytecode (``PYTHONDONTWRITEBYTECODE``, a read-only
environment) and nothing was compiled. ``--bytecode installed`` reads the
environment's own bytecode and writes none: what ``./kit setup`` compiled (it
byte-compiles the packages of a lesson's first chart), as the very first kernel
after setting up, or any kernel that may not write bytecode.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence

TRY = """
import hashlib, json, resource, sys, time

def cpu():
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime

import ipykernel.kernelapp  # what a kernel has loaded before its first cell
import pandas
import gamekit
from gamekit import charts
table = gamekit.simulate("hats", games=20, seed=1, workers=1, progress=False)
way = sys.argv[1]
start = cpu()
if way == "before":
    import altair as alt
    alt.renderers.enable("svg")
else:
    charts.enable()
enabled = cpu()
if way == "pause":
    charts.warm_up().join()
paused = cpu()
wall = time.perf_counter()
bundle = charts.win_rates(table)._repr_mimebundle_()
svg = (bundle[0] if isinstance(bundle, tuple) else bundle)["image/svg+xml"]
wall = time.perf_counter() - wall
if way != "before":
    charts.warm_up().join()
done = cpu()
print(json.dumps({
    "enable": paused - start, "cell": done - paused, "wall": wall, "total": done - start,
    "svg": hashlib.sha256(svg.encode()).hexdigest(),
    "rfc3987_syntax": "rfc3987_syntax" in sys.modules,
}))
"""

WAYS = {
    "before": "before: import altair, first SVG",
    "at-once": "after: charts.enable(), chart drawn at once",
    "pause": "after: charts.enable(), chart drawn after the warm-up",
}


BYTECODE = {
    "cached": "modules' bytecode cached",
    "source": "every module compiled from source",
    "installed": "the bytecode ./kit setup compiled, nothing written",
}


def bytecode_env(bytecode: str, cache: str) -> dict[str, str]:
    """The tries' environment: ``cache`` as their only bytecode folder, written to
    (``"cached"``) or left empty (``"source"``); or (``"installed"``) the environment's
    own bytecode, read and never written (what ``./kit setup`` compiled, and nothing else:
    the rest is compiled from source at every try)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "PYTHONPYCACHEPREFIX": cache}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if bytecode == "installed":
        env.pop("PYTHONPYCACHEPREFIX")
    if bytecode in ("source", "installed"):
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def one_try(way: str, env: Mapping[str, str]) -> dict[str, float | str | bool]:
    """One fresh interpreter's figures for ``way``."""
    done = subprocess.run(
        [sys.executable, "-c", TRY, way], capture_output=True, text=True, check=True, env=env
    )
    found: dict[str, float | str | bool] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def report(rounds: int, bytecode: str = "cached") -> str:
    """The table as Markdown text."""
    tries: dict[str, list[dict[str, float | str | bool]]] = {way: [] for way in WAYS}
    with tempfile.TemporaryDirectory(prefix="first-chart-bytecode-") as cache:
        env = bytecode_env(bytecode, cache)
        if bytecode == "cached":
            for way in WAYS:
                one_try(way, env)  # writes the bytecode; not counted
        for _ in range(max(1, rounds)):
            for way in WAYS:
                tries[way].append(one_try(way, env))
    pictures = {str(t["svg"]) for found in tries.values() for t in found}
    lines = [
        f"{os.cpu_count()} cores, Python {sys.version.split()[0]}, load average "
        f"{os.getloadavg()[0]:.1f}, {BYTECODE[bytecode]}; the fastest of {max(1, rounds)} "
        "fresh interpreters per way, the ways taken in turn. "
        f"Same SVG in every try: {len(pictures) == 1}.",
        "",
        "| way | enable (+ warm-up) CPU s | chart cell CPU s | chart cell wall s "
        "| first chart CPU s | rfc3987_syntax loaded |",
        "|---|---:|---:|---:|---:|---|",
    ]
    for way, label in WAYS.items():
        found = tries[way]

        def best(key: str, found: list[dict[str, float | str | bool]] = found) -> float:
            return min(float(t[key]) for t in found)

        loaded = {bool(t["rfc3987_syntax"]) for t in found}
        lines.append(
            f"| {label} | {best('enable'):.3f} | {best('cell'):.3f} | {best('wall'):.3f} "
            f"| {best('total'):.3f} | {'yes' if loaded == {True} else 'no'} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Print the table (``python benchmarks/first_chart.py --help``)."""
    ap = argparse.ArgumentParser(prog="first_chart.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=5, help="fresh interpreters per way (5)")
    ap.add_argument(
        "--bytecode",
        choices=BYTECODE,
        default="cached",
        help="cached: as every kernel after the first (default); source: compile every "
        "module; installed: the bytecode ./kit setup compiled, as a kernel that writes none",
    )
    args = ap.parse_args(argv)
    print(report(args.rounds, args.bytecode))


if __name__ == "__main__":
    main()
