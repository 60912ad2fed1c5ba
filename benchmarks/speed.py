"""The speed table: decisions and games per second, per title, on one core.

    python benchmarks/speed.py [--seconds 1] [--rounds 10] [--titles hats ...]
                               [--no-references] [--readme docs/performance.md]

A maintainers' benchmark (it is not in the wheel, and not a command of the kit).
Each title is played with random bots, first through the full API
(:class:`gamekit.Game`: history, narration, legality checks) and then on the
lean path (:func:`gamekit.core.lean.play_out`). When the ``bench`` extra is
installed, the same run also plays OpenSpiel's pure-Python ``python_liars_poker``
and C++ ``crazy_eights`` and RLCard's ``uno`` at random, and prints how many
times faster (or slower) each title's lean path is.

A second table puts ``simulate(title, games=n, workers=1)`` side by side with
the lean path playing the very same ``n`` games (runs of 200 and 2,000 games by
default, as the notebooks make them): the table, its rows and its pandas
conversions should cost little, so ``simulate`` should reach at least
:data:`SIMULATE_TARGET` of the lean path's decisions per second.

A third table measures the engine where lessons meet it: ``simulate(workers=1)``
decisions per CPU second on runs of :data:`VERSUS_GAMES` random games of each
title, beside OpenSpiel's C++ ``crazy_eights`` stepped from Python in the same
rounds (``--versus-games 0`` skips it).

``--readme`` writes the tables between the speed-table markers of a page.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import platform
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import gamekit
from gamekit import bots
from gamekit.core.lean import play_out
from gamekit.core.registry import rules_for
from gamekit.core.rng import derive_seed
from gamekit.titles import LESSON_ORDER as TITLES

LEAN_TARGET = {"knock-knock": 100_000, "hats": 100_000, "boo-party": 100_000, "bloody-inn": 50_000}
"""Decisions per second the lean path should reach on the project machine."""
SIMULATE_TARGET = 0.8
"""The share of the lean path's decisions per second that ``simulate`` should reach."""
SIMULATE_GAMES = (200, 2000)
"""The runs that ``simulate`` is measured on by default (games per run)."""
FULL_TARGET = {"knock-knock": 30_000, "hats": 30_000, "boo-party": 30_000, "bloody-inn": 20_000}
"""Decisions per second the full API should reach on the project machine."""


@dataclass(frozen=True)
class Speed:
    """One measurement: whole games played in ``seconds``."""

    label: str
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_s(self) -> float:
        """Decisions per second."""
        return self.decisions / self.seconds

    @property
    def games_per_s(self) -> float:
        """Games per second."""
        return self.games / self.seconds


Play = Callable[[int], int]
"""Plays one whole game from a seed and returns the number of decisions."""


class Meter:
    """One cell of the table: plays rounds of new games and keeps the fastest round.

    CPU time of this process, not wall time. As ``timeit`` advises, the fastest
    round is kept: slower rounds measure the machine's other tenants (a shared
    2-core machine here), not the code.
    """

    def __init__(self, label: str, play: Play) -> None:
        self.label, self.play = label, play
        self.next_game = 0
        self.best: Speed | None = None

    def round(self, seconds: float) -> Speed:
        """Play whole games for about ``seconds`` of CPU time (at least one)."""
        games = decisions = 0
        start = time.process_time()
        elapsed = 0.0
        while elapsed < seconds or games == 0:
            decisions += self.play(self.next_game + games)
            games += 1
            elapsed = time.process_time() - start
        self.next_game += games
        speed = Speed(self.label, games, decisions, max(elapsed, 1e-9))
        if self.best is None or speed.decisions_per_s > self.best.decisions_per_s:
            self.best = speed
        return speed

    @property
    def fastest(self) -> Speed:
        """The fastest round so far (play one round first)."""
        if self.best is None:
            raise ValueError(f"{self.label}: no round measured yet")
        return self.best


def measure(label: str, play: Play, seconds: float, rounds: int = 1) -> Speed:
    """The fastest of ``rounds`` rounds of about ``seconds`` CPU seconds of whole games."""
    meter = Meter(label, play)
    for _ in range(max(1, rounds)):
        meter.round(seconds)
    return meter.fastest


def measure_all(meters: Sequence[Meter], seconds: float, rounds: int) -> None:
    """Round ``r`` of every meter, then round ``r + 1``: each cell meets the quiet moments."""
    for _ in range(max(1, rounds)):
        for meter in meters:
            meter.round(seconds)


def lean_player(title: str, seed: int = 0) -> Play:
    """One lean-path game with random bots per call."""
    rules = rules_for(title)
    config = rules.make_config(None, {})
    players = int(config.players)
    make = bots.factory(title, "random")

    def play(i: int) -> int:
        seats = [make(seed=derive_seed(seed, "bot", i, s)) for s in range(players)]
        return play_out(rules, config, derive_seed(seed, "game", i), seats).decisions

    return play


def full_player(title: str, seed: int = 0) -> Play:
    """One full-API game (``Game.play`` with checks, history and narration) per call."""

    make = bots.factory(title, "random")

    def play(i: int) -> int:
        game = gamekit.new_game(title, seed=derive_seed(seed, "game", i))
        seats = [make(seed=derive_seed(seed, "bot", i, s)) for s in range(game.players)]
        while (seat := game.to_move) is not None:
            game.play(seats[seat].choose(game))
        return game.step

    return play


# -- the references (the ``bench`` extra) -------------------------------------------
@dataclass(frozen=True)
class Reference:
    """A game of another library, played at random in this process."""

    label: str
    engine: str
    make: Callable[[], Play]


def _openspiel(name: str) -> Play:
    pyspiel: Any = importlib.import_module("pyspiel")
    if name.startswith("python_"):
        importlib.import_module("open_spiel.python.games")  # registers the Python games
    game = pyspiel.load_game(name)
    rng = random.Random(0)

    def play(_: int) -> int:
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def _rlcard_uno() -> Play:
    rlcard: Any = importlib.import_module("rlcard")
    env = rlcard.make("uno", config={"seed": 0})
    rng = random.Random(0)

    def play(_: int) -> int:
        state, _player = env.reset()
        decisions = 0
        while not env.is_over():
            state, _player = env.step(rng.choice(list(state["legal_actions"])))
            decisions += 1
        return decisions

    return play


REFERENCES = (
    Reference(
        "OpenSpiel python_liars_poker", "pure Python", lambda: _openspiel("python_liars_poker")
    ),
    Reference("OpenSpiel crazy_eights", "C++ via pybind11", lambda: _openspiel("crazy_eights")),
    Reference("RLCard uno", "Python", _rlcard_uno),
)


def reference_meter(ref: Reference) -> Meter | str:
    """A meter for the reference, or a sentence saying why it cannot run here."""
    try:
        play = ref.make()
    except ImportError as err:
        missing = err.name or str(err)
        return f"{ref.label}: skipped, {missing} is not installed (pip install 'gamekit[bench]')"
    return Meter(ref.label, play)


def measure_reference(ref: Reference, seconds: float, rounds: int = 1) -> Speed | str:
    """The reference's speed, or a sentence saying why it cannot run here."""
    meter = reference_meter(ref)
    if isinstance(meter, str):
        return meter
    measure_all([meter], seconds, rounds)
    return meter.fastest


# -- simulate beside the lean path -------------------------------------------------
@dataclass(frozen=True)
class RunSpeed:
    """``simulate`` and the lean path on runs of ``games`` games: the fastest rounds' rates."""

    title: str
    games: int
    lean_decisions_per_s: float
    simulate_decisions_per_s: float

    @property
    def share(self) -> float:
        """``simulate``'s decisions per second as a share of the lean path's."""
        return self.simulate_decisions_per_s / self.lean_decisions_per_s


class RunMeter:
    """One title and run size: each round plays one new run both ways, in turn.

    Round ``r`` plays games ``0`` to ``games - 1`` of seed ``r`` on the lean path
    (the deals and bots of :func:`simulate`), then runs ``simulate(title, games,
    seed=r, workers=1)`` on them, table included. CPU time; the fastest round of
    each way is kept.
    """

    def __init__(self, title: str, games: int) -> None:
        self.title, self.games = title, games
        self.rounds = 0
        self.lean_best = self.simulate_best = 0.0

    def round(self) -> None:
        """Play one more run of ``games`` games both ways."""
        from gamekit.simulation import simulate

        seed, self.rounds = self.rounds, self.rounds + 1
        play = lean_player(self.title, seed)
        start = time.process_time()
        decisions = sum(play(i) for i in range(self.games))
        lean = time.process_time() - start
        start = time.process_time()
        simulate(self.title, games=self.games, seed=seed, workers=1, progress=False)
        simulated = time.process_time() - start
        self.lean_best = max(self.lean_best, decisions / max(lean, 1e-9))
        self.simulate_best = max(self.simulate_best, decisions / max(simulated, 1e-9))

    @property
    def speed(self) -> RunSpeed:
        """The fastest rounds so far (play one round first)."""
        if not self.rounds:
            raise ValueError(f"{self.title}: no run measured yet")
        return RunSpeed(self.title, self.games, self.lean_best, self.simulate_best)


def warm_up(titles: Sequence[str]) -> None:
    """One tiny run per title, so that imports and first calls are not measured."""
    from gamekit.simulation import simulate

    for title in titles:
        simulate(title, games=2, workers=1, progress=False)


def run_table(speeds: Sequence[RunSpeed]) -> str:
    """``simulate`` beside the lean path, as a Markdown table: one row per title."""
    sizes = sorted({s.games for s in speeds})
    head = "| title | " + " | ".join(
        f"simulate decisions/s, {n:,} games | simulate ÷ lean, {n:,} games" for n in sizes
    )
    lines = [head + " |", "|---|" + "---:|---:|" * len(sizes)]
    titles = list(dict.fromkeys(s.title for s in speeds))
    for title in titles:
        cells = []
        for n in sizes:
            found = [s for s in speeds if s.title == title and s.games == n]
            if not found:
                cells.append("| ")
                continue
            speed = found[0]
            low = "" if speed.share >= SIMULATE_TARGET else f" (below {SIMULATE_TARGET:.0%})"
            cells.append(f"{speed.simulate_decisions_per_s:,.0f} | {speed.share:.0%}{low}")
        lines.append(f"| {rules_for(title).name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


# -- simulate beside OpenSpiel's C++ crazy_eights ------------------------------------
VERSUS_GAMES = 1500
"""Games per ``simulate`` run in the table beside ``crazy_eights``."""
VERSUS_ROUNDS = 3
"""Rounds of that table (each plays one run per title and a round of ``crazy_eights``)."""
VERSUS_REFERENCE = "OpenSpiel crazy_eights"


class SimulateMeter:
    """``simulate(title, games, seed=r, workers=1)`` in round ``r``: decisions per CPU
    second of the whole call (its table included); the fastest round is kept."""

    def __init__(self, title: str, games: int) -> None:
        self.title, self.games = title, games
        self.rounds = 0
        self.best = 0.0

    def round(self) -> None:
        """Play one more run."""
        from gamekit.simulation import simulate

        seed, self.rounds = self.rounds, self.rounds + 1
        start = time.process_time()
        table = simulate(self.title, games=self.games, seed=seed, workers=1, progress=False)
        spent = time.process_time() - start
        decisions = int(table.decisions[table.seat == 0].sum())
        self.best = max(self.best, decisions / max(spent, 1e-9))


def versus_table(meters: Sequence[SimulateMeter], reference: Speed) -> str:
    """``simulate`` of each title beside the reference, as a Markdown table."""
    games = meters[0].games if meters else 0
    lines = [
        f"| title | simulate(workers=1) decisions/CPU s, {games:,} games "
        f"| {reference.label} decisions/CPU s | simulate ÷ it |",
        "|---|---:|---:|---:|",
    ]
    for meter in meters:
        ratio = meter.best / reference.decisions_per_s
        mark = "" if ratio >= 1 else " (behind)"
        lines.append(
            f"| {rules_for(meter.title).name} | {meter.best:,.0f} "
            f"| {reference.decisions_per_s:,.0f} | {ratio:.2f}x{mark} |"
        )
    return "\n".join(lines)


def versus_report(titles: Sequence[str], games: int, rounds: int, seconds: float) -> str:
    """Round by round: one ``simulate`` run per title, then a round of ``crazy_eights``."""
    ref = next(r for r in REFERENCES if r.label == VERSUS_REFERENCE)
    found = reference_meter(ref)
    if isinstance(found, str):
        return found
    warm_up(titles)
    meters = [SimulateMeter(title, games) for title in titles]
    for _ in range(max(1, rounds)):
        for meter in meters:
            meter.round()
        found.round(seconds)
    return "\n".join(
        [
            f"`simulate(title, games={games:,}, workers=1)` beside {VERSUS_REFERENCE} "
            f"stepped from Python at random, in the same {rounds} rounds (the fastest kept):",
            "",
            versus_table(meters, found.fastest),
        ]
    )


# -- the table ----------------------------------------------------------------------
@dataclass(frozen=True)
class TitleSpeed:
    """Both paths of one title."""

    title: str
    lean: Speed
    full: Speed


def title_meters(title: str) -> tuple[Meter, Meter]:
    """The lean path's and the full API's meters of ``title``."""
    return Meter(f"{title} lean", lean_player(title)), Meter(f"{title} full", full_player(title))


def _mark(value: float, target: int) -> str:
    return f"{value:,.0f}" + ("" if value >= target else f" (below {target:,})")


def title_table(rows: Sequence[TitleSpeed]) -> str:
    """The titles as a Markdown table."""
    lines = [
        "| title | lean decisions/s | lean games/s | full API decisions/s | full API games/s "
        "| decisions/game |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        name = rules_for(row.title).name
        lines.append(
            f"| {name} | {_mark(row.lean.decisions_per_s, LEAN_TARGET.get(row.title, 0))} "
            f"| {row.lean.games_per_s:,.0f} "
            f"| {_mark(row.full.decisions_per_s, FULL_TARGET.get(row.title, 0))} "
            f"| {row.full.games_per_s:,.0f} | {row.lean.decisions / row.lean.games:,.1f} |"
        )
    return "\n".join(lines)


def reference_table(rows: Sequence[TitleSpeed], refs: Sequence[Speed]) -> str:
    """The references as a Markdown table, with each title's lean speed ratio."""
    names = [rules_for(r.title).name for r in rows]
    head = "| reference | decisions/s | games/s | " + " | ".join(f"{n} lean ÷ it" for n in names)
    lines = [head + " |", "|---|---:|---:|" + "---:|" * len(names)]
    for ref in refs:
        ratios = " | ".join(f"{r.lean.decisions_per_s / ref.decisions_per_s:.2f}x" for r in rows)
        lines.append(
            f"| {ref.label} | {ref.decisions_per_s:,.0f} | {ref.games_per_s:,.0f} | {ratios} |"
        )
    return "\n".join(lines)


def machine() -> str:
    """The machine in a line: cores, CPU model, Python."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    from gamekit.simulation import local_cores

    return f"{local_cores()} cores, {model}, Python {platform.python_version()}"


def report(
    titles: Sequence[str],
    seconds: float,
    references: bool = True,
    rounds: int = 1,
    simulate_games: Sequence[int] = (),
    versus_games: int = 0,
    versus_rounds: int = VERSUS_ROUNDS,
) -> str:
    """Measure everything asked and return the dated tables as Markdown text.

    Rounds go round every cell in turn, so a slow spell of the machine slows
    one round of many cells rather than every round of one.
    """
    pairs = {title: title_meters(title) for title in titles}
    refs: list[Meter] = []
    notes: list[str] = []
    for ref in REFERENCES if references else ():
        found = reference_meter(ref)
        if isinstance(found, str):
            notes.append(found)
        else:
            refs.append(found)
    runs = [RunMeter(title, games) for games in simulate_games for title in titles]
    if runs:
        warm_up(titles)
    meters = [m for pair in pairs.values() for m in pair] + refs
    for _ in range(max(1, rounds)):
        measure_all(meters, seconds, 1)
        for run in runs:
            run.round()
    rows = [TitleSpeed(t, lean.fastest, full.fastest) for t, (lean, full) in pairs.items()]
    today = datetime.date.today().isoformat()
    how = (
        f"the fastest of {rounds} rounds of about {seconds:g} s of CPU time per cell, "
        "the rounds taken in turn across the cells"
        if rounds > 1
        else f"about {seconds:g} s of CPU time per cell"
    )
    parts = [
        f"Measured {today} on {machine()}; one core, random bots (made afresh for "
        f"every game, as `simulate` does), {how} (rates per CPU second).",
        "",
        title_table(rows),
    ]
    if refs:
        parts += ["", reference_table(rows, [m.fastest for m in refs])]
    if runs:
        parts += [
            "",
            "`simulate(title, games=n, workers=1)` beside the lean path playing the same "
            "games (its table included), the fastest of the rounds:",
            "",
            run_table([run.speed for run in runs]),
        ]
    if references and versus_games:
        parts += ["", versus_report(titles, versus_games, versus_rounds, seconds)]
    parts += ["", *notes] if notes else []
    return "\n".join(parts)


def parser(prog: str = "speed.py") -> argparse.ArgumentParser:
    """The parser of the speed table script."""
    ap = argparse.ArgumentParser(prog=prog, description="Print the speed table (one core).")
    add_options(ap)
    return ap


def add_options(ap: argparse.ArgumentParser) -> None:
    """The options of the speed table."""
    ap.add_argument(
        "--titles",
        nargs="+",
        default=list(TITLES),
        choices=TITLES,
        metavar="TITLE",
        help=f"titles to measure (default: all: {', '.join(TITLES)})",
    )
    ap.add_argument(
        "--seconds",
        type=float,
        default=1.0,
        help="CPU time of each round of a measurement (default: 1)",
    )
    ap.add_argument(
        "--rounds",
        type=int,
        default=10,
        help="rounds per measurement, taken in turn across cells; the fastest is kept "
        "(default: 10)",
    )
    ap.add_argument(
        "--simulate-games",
        nargs="*",
        type=int,
        default=list(SIMULATE_GAMES),
        metavar="N",
        help="also time simulate(workers=1) beside the lean path on runs of N games "
        "(default: 200 2000; none: skip)",
    )
    ap.add_argument(
        "--versus-games",
        type=int,
        default=VERSUS_GAMES,
        metavar="N",
        help="games per simulate run beside OpenSpiel's crazy_eights "
        f"(default: {VERSUS_GAMES:,}; 0: skip)",
    )
    ap.add_argument(
        "--versus-rounds",
        type=int,
        default=VERSUS_ROUNDS,
        help=f"rounds of that comparison (default: {VERSUS_ROUNDS})",
    )
    ap.add_argument(
        "--no-references",
        action="store_true",
        help="skip OpenSpiel and RLCard even when they are installed",
    )


def run(args: argparse.Namespace) -> str:
    """Measure with parsed options; refuses a non-positive duration."""
    if args.seconds <= 0:
        raise ValueError(f"--seconds must be more than 0, not {args.seconds}")
    if args.rounds < 1:
        raise ValueError(f"--rounds must be 1 or more, not {args.rounds}")
    if any(n < 1 for n in args.simulate_games):
        raise ValueError(f"--simulate-games must be 1 or more, not {min(args.simulate_games)}")
    if args.versus_games < 0 or args.versus_rounds < 1:
        raise ValueError("--versus-games must be 0 or more and --versus-rounds 1 or more")
    return report(
        args.titles,
        args.seconds,
        not args.no_references,
        args.rounds,
        args.simulate_games,
        args.versus_games,
        args.versus_rounds,
    )


START, END = "<!-- speed-table:start -->", "<!-- speed-table:end -->"
"""The README markers between which the speed table lives."""


def put_between_markers(text: str, table: str) -> str:
    r"""``text`` with ``table`` in place of whatever stood between the speed-table markers.

    >>> put_between_markers("a\n<!-- speed-table:start -->\nold\n<!-- speed-table:end -->", "new")
    'a\n<!-- speed-table:start -->\nnew\n<!-- speed-table:end -->'
    """
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        raise ValueError(f"the file has no {START} ... {END} markers")
    return f"{head}{START}\n{table}\n{END}{tail}"


def main(argv: Sequence[str] | None = None) -> None:
    """Print the speed table (``python benchmarks/speed.py --help``)."""
    ap = parser("speed.py")
    ap.add_argument("--readme", type=Path, help="also write the table into this README")
    args = ap.parse_args(argv)
    try:
        table = run(args)
        if args.readme is not None:
            text = args.readme.read_text(encoding="utf-8")
            args.readme.write_text(put_between_markers(text, table), encoding="utf-8")
    except ValueError as err:
        ap.error(str(err))
    print(table)


if __name__ == "__main__":
    main()
