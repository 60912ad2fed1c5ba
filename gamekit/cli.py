"""The ``gamekit`` command: simulate many games, replay a saved game.

    gamekit simulate hats --players 3 --games 10000 --bots random --seed 1 --out hats.parquet
    gamekit replay game.json
    gamekit replay --html game.html --seat 1 game.json
    gamekit assign --format otter --roster roster.csv kk-1 kk-6 course/
    gamekit room serve knock-knock --players 4 --tables 6

(The maintainers' speed table is ``python benchmarks/speed.py``, outside the kit.)

Every error is one line on stderr (``gamekit simulate: error: ...``), never a
traceback. Exit status:

- 0: done;
- 1: ``replay`` of a file that cannot be read or is not a saved game that replays,
  or ``--out`` could not be written;
- 2: bad arguments (an unknown title or bot, a bad number, an option that is not
  the game's, an ``--out`` that is a folder, in a missing folder or already there
  without ``--force``);
- 130: interrupted (Ctrl-C); ``--out`` is then left as it was;
- 128 + the signal's number: ended by ``SIGTERM`` (143) or ``SIGHUP`` (129), with one
  line saying so; ``--out`` is left as it was and the worker processes are stopped.

``--out`` is written to a hidden temporary file next to it, renamed at the end, and
removed on any error, Ctrl-C or ``SIGTERM``/``SIGHUP``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import secrets
import signal
import sys
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from gamekit import all_titles
from gamekit.core.actions import Action
from gamekit.core.errors import GamekitError
from gamekit.core.game import Game
from gamekit.core.i18n import CORE, CORE_N, LANGUAGES, language
from gamekit.core.names import Seat


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``prog: error: message``."""

    def error(self, message: str) -> NoReturn:
        """Print the error in one line and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> Parser:
    """The ``gamekit`` parser with its commands."""
    top = Parser(prog="gamekit", description="Four tabletop card games: simulate, replay, assign.")
    commands = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    _add_simulate(commands)
    replay = commands.add_parser(
        "replay", help="print the narrated game of a saved record", description=replay_doc()
    )
    replay.add_argument("file", type=Path, help="a record saved with game.to_json()")
    replay.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="the narration's language (default: en)"
    )
    replay.add_argument(
        "--html",
        type=Path,
        default=None,
        metavar="OUT.html",
        help="write the game as one offline HTML page (a timeline, no kernel) instead",
    )
    replay.add_argument(
        "--seat",
        type=int,
        default=None,
        metavar="N",
        help="with --html: the seat whose view the page shows, from 0 (default: a spectator)",
    )
    _add_assign(commands)
    from gamekit.rooms import command as room_command

    room_command.add_parser(commands, all_titles())
    return top


def _add_assign(commands: Any) -> None:
    from gamekit.teacher import command

    assign = commands.add_parser(
        "assign",
        help="hand the exercises out for otter-grader or nbgrader",
        description="Write the kit's exercises as an otter-grader or nbgrader assignment "
        "(questions, solutions, tests calling the kit's check), one variant per learner "
        "with --roster. Needs the grading extra: pip install 'gamekit[grading]'.",
    )
    command.add_options(assign)


def replay_doc() -> str:
    """The description of ``gamekit replay``."""
    return "Replay a saved game (checking every step) and print what happened, move by move."


def _add_simulate(commands: Any) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play many bot games and save the table",
        description="Play seeded bot games on the lean path; one row per game and seat.",
    )
    known = all_titles()
    sim.add_argument("title", choices=known, metavar="TITLE", help=", ".join(known))
    sim.add_argument("--players", type=int, default=None, help="seats (default: the title's)")
    sim.add_argument("--games", type=_positive, default=1000, help="games to play (1000)")
    sim.add_argument(
        "--bots",
        nargs="+",
        default=["random"],
        help="one bot for every seat, or one per seat (space or comma separated)",
    )
    sim.add_argument("--seed", type=_natural, default=0, help="the run's seed (0)")
    sim.add_argument(
        "--workers", type=_positive, default=None, help="processes (default: every core)"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, for example --option length=long (repeatable)",
    )
    sim.add_argument(
        "--aggregate", action="store_true", help="keep one summary row per seat (any size)"
    )
    sim.add_argument(
        "--out", type=Path, default=None, help="results.csv or results.parquet (else: summary)"
    )
    sim.add_argument(
        "--force", action="store_true", help="replace --out if it exists (never by default)"
    )
    sim.add_argument("--no-progress", action="store_true", help="hide the progress bar")


def _positive(text: str) -> int:
    value = _natural(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {text}")
    return value


def _natural(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, not {text!r}") from None


def parse_option(text: str) -> tuple[str, Any]:
    """``"key=value"`` -> ``("key", value)`` with numbers and true/false understood.

    >>> parse_option("length=long"), parse_option("costumes=12"), parse_option("memory=true")
    (('length', 'long'), ('costumes', 12), ('memory', True))
    """
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise ValueError(f"an option is KEY=VALUE, not {text!r}")
    lowered = raw.lower()
    if lowered in ("true", "false"):
        return key, lowered == "true"
    for kind in (int, float):
        try:
            return key, kind(raw)
        except ValueError:
            pass
    return key, raw


def _bot_list(raw: Sequence[str]) -> list[str]:
    names = [name for item in raw for name in item.split(",") if name]
    return names


class WriteError(Exception):
    """The output could not be written (exit status 1)."""


class Ended(BaseException):
    """The command was ended by a signal (``SIGTERM``, ``SIGHUP``): like Ctrl-C, it
    unwinds everything (worker processes stopped, temporary file removed)."""

    def __init__(self, number: int) -> None:
        super().__init__(number)
        self.number = number

    @property
    def name(self) -> str:
        """The signal's name, for example ``"SIGTERM"``."""
        return signal.Signals(self.number).name


ENDING_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""The signals that end a command cleanly (``SIGKILL`` cannot be caught)."""


@contextlib.contextmanager
def ended_by_signals() -> Iterator[None]:
    """While the block runs, ``SIGTERM`` and ``SIGHUP`` raise :class:`Ended` (main thread
    only; the handlers in force before come back afterwards)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def end(number: int, _frame: Any) -> None:
        raise Ended(number)

    before = {number: signal.signal(number, end) for number in ENDING_SIGNALS}
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


# -- the commands -------------------------------------------------------------------
def simulate_parameters() -> frozenset[str]:
    """The names ``--option`` may not use: ``simulate``'s own parameters."""
    import inspect

    from gamekit import simulation

    names = set(inspect.signature(simulation.simulate).parameters) - {"options"}
    return frozenset(names)


def check_options(options: dict[str, Any]) -> None:
    """Refuse ``--option`` keys that would set a parameter of ``simulate`` itself."""
    clash = sorted(set(options) & simulate_parameters())
    if clash:
        raise ValueError(
            f"--option {clash[0]}=... is not a game option but a setting of simulate "
            "(see gamekit simulate --help for its flags)"
        )


def check_out(path: Path, force: bool) -> None:
    """Refuse an ``--out`` that cannot be written safely, before any game is played."""
    if path.is_dir():
        raise ValueError(f"--out {path} is a folder; give a file such as {path / 'results.csv'}")
    if path.suffix.lower() not in (".csv", ".parquet"):
        raise ValueError(f"--out must end in .csv or .parquet, not {path.name!r}")
    if not path.parent.is_dir():
        raise ValueError(f"--out {path}: the folder {path.parent} does not exist")
    if path.exists() and not force:
        raise ValueError(f"--out {path} exists; add --force to replace it")


PARTIAL = re.compile(r"^\.(?P<name>.+\.(?:csv|parquet))\.(?P<pid>\d+)-[0-9a-f]{8}\.partial$")
"""The hidden file a run writes before it renames it: ``.NAME.PID-TOKEN.partial``."""


def _partial_name(path: Path) -> Path:
    """A new hidden temporary name next to ``path``, with this process's id in it."""
    return path.with_name(f".{path.name}.{os.getpid()}-{secrets.token_hex(4)}.partial")


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` is running (on a system that cannot tell: assume so)."""
    if os.name != "posix":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # someone else's process: alive
        return True
    return True


def remove_stale_partials(folder: Path) -> list[Path]:
    """Remove the hidden ``.partial`` files of runs whose process is gone; returns them.

    A run killed with ``SIGKILL`` (no handler runs) leaves its temporary file; the next
    run writing into the same folder removes it. The file of a run still going (its
    process is alive) stays. A ``.partial`` file is never read as results.
    """
    removed = []
    with contextlib.suppress(OSError):
        for candidate in folder.iterdir():
            found = PARTIAL.match(candidate.name)
            if found and not _alive(int(found["pid"])):
                with contextlib.suppress(OSError):
                    candidate.unlink()
                    removed.append(candidate)
    return removed


@contextlib.contextmanager
def atomic_output(path: Path, force: bool) -> Iterator[Path]:
    """A hidden temporary file next to ``path``, renamed to ``path`` once written.

    If anything goes wrong (Ctrl-C included) the temporary file is removed and
    ``path`` is left as it was. The file is named after this process
    (:data:`PARTIAL`), so after a ``SIGKILL`` the next run removes it
    (:func:`remove_stale_partials`).
    """
    remove_stale_partials(path.parent)
    temporary = _partial_name(path)
    try:
        temporary.open("x").close()
    except OSError as err:
        raise WriteError(f"cannot write in {path.parent}: {err.strerror}") from None
    try:
        yield temporary
        if path.exists() and not force:
            raise ValueError(f"--out {path} appeared meanwhile; add --force to replace it")
        os.replace(temporary, path)
    except OSError as err:
        raise WriteError(f"cannot write {path}: {err.strerror}") from None
    finally:
        with contextlib.suppress(OSError):
            temporary.unlink()


def simulate_command(args: argparse.Namespace) -> str:
    """Run ``gamekit simulate``; returns what to print."""
    from gamekit import simulation

    options = dict(parse_option(text) for text in args.option)
    check_options(options)
    bots = _bot_list(args.bots)
    chosen: str | list[str] = bots[0] if len(bots) == 1 else bots
    common = dict(
        games=args.games,
        players=args.players,
        bots=chosen,
        seed=args.seed,
        workers=args.workers,
        progress=False if args.no_progress else None,
    )
    if args.out is not None:
        check_out(args.out, args.force)
    if args.aggregate or args.out is None:
        table = simulation.as_frame(
            simulation.simulate(args.title, aggregate=True, **common, **options), "gamekit simulate"
        )
        if args.out is None:
            return str(table.to_string(index=False))
        with atomic_output(args.out, args.force) as temporary:
            _write_whole(table, temporary, args.out.suffix.lower())
        return f"wrote {len(table)} rows to {args.out}"
    chunks = simulation.iter_tables(args.title, **common, **options)
    with atomic_output(args.out, args.force) as temporary:
        rows = write_chunks(chunks, temporary, args.out.suffix.lower())
    return f"wrote {rows} rows to {args.out}"


def _write_whole(table: Any, path: Path, kind: str) -> None:
    if kind == ".csv":
        table.to_csv(path, index=False)
    else:
        table.to_parquet(path, index=False)


def write_chunks(chunks: Any, path: Path, kind: str | None = None) -> int:
    """Stream DataFrame chunks to a CSV or Parquet file; returns the rows written.

    ``kind`` is ``".csv"`` or ``".parquet"`` (default: the suffix of ``path``).
    """
    rows = 0
    if (kind or path.suffix.lower()) == ".csv":
        with path.open("w", encoding="utf-8", newline="") as out:
            for number, chunk in enumerate(chunks):
                chunk.to_csv(out, index=False, header=number == 0)
                rows += len(chunk)
        return rows
    import pyarrow as pa
    import pyarrow.parquet as pq

    writer = None
    try:
        for chunk in chunks:
            table = pa.Table.from_pandas(chunk, preserve_index=False)
            if writer is None:
                writer = pq.ParquetWriter(path, table.schema)
            writer.write_table(table.cast(writer.schema))
            rows += len(chunk)
    finally:
        if writer is not None:
            writer.close()
    return rows


def replay_command(args: argparse.Namespace) -> str:
    """Run ``gamekit replay``; returns the narrated game."""
    try:
        text = args.file.read_text(encoding="utf-8")
    except OSError as err:
        raise ValueError(f"cannot read {args.file}: {err.strerror}") from None
    if args.html is None:
        if args.seat is not None:
            raise ValueError("--seat chooses the view of --html: give --html OUT.html too")
        return narrate(text, lang=args.lang)
    return export_record(text, args.html, seat=args.seat, lang=args.lang)


def export_record(record: str, out: Path, seat: int | None, lang: str | None) -> str:
    """``gamekit replay --html``: the record as one offline page; returns the line said."""
    from gamekit.core.game import load_game
    from gamekit.export import export_html

    game = load_game(record)
    written = export_html(game, out, seat=seat, lang=lang)
    who = "a spectator" if seat is None else f"seat {seat}"
    return f"wrote {written} ({game.step} steps, seen by {who})"


def narrate(record: str, lang: str | None = None) -> str:
    """The narrated game of a saved record: each move, what it caused, the result.

    >>> import gamekit
    >>> g = gamekit.new_game("knock-knock", players=3, seed=4)
    >>> _ = g.play(g.legal_actions()[0])
    >>> print(narrate(g.to_json()).splitlines()[0])
    Knock! Knock! - 3 players, seed 4, 1 move
    >>> narrate(g.to_json(), lang="fr").splitlines()[1].startswith("   1. Joueur 1\u202f: Frap")
    True
    """
    from gamekit.core.game import load_game, new_game

    checked = load_game(record)
    game = new_game(checked.title, players=checked.players, seed=checked.seed, **checked.options)
    with language(lang):
        return "\n".join(_narration(game, checked.history))


def _narration(game: Game, history: Sequence[Action]) -> list[str]:
    read = game.read
    moves = len(history)
    with language(game.lang):
        name = game.rules.display_name()
    head = CORE_N(
        "{players} player, seed {seed}",
        "{players} players, seed {seed}",
        game.players,
        players=game.players,
        seed=game.seed,
    )
    count = CORE_N("{count} move", "{count} moves", moves, count=moves)
    lines = [f"{name} - {read(head)}, {read(count)}"]
    for step, action in enumerate(history, start=1):
        seat = game.to_move
        events = game.play(action)
        mover = read(CORE("{seat}: {action}", seat=Seat(seat or 0), action=action))
        lines.append(f"{step:>4}. {mover}")
        lines.extend(f"        {read(event)}" for event in events)
    lines += game.result_lines() if game.is_over else []
    if not game.is_over:
        lines.append(
            read(CORE("The game is not over: {seat} is to move.", seat=Seat(game.to_move or 0)))
        )
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """The ``gamekit`` console script. Returns the exit status (see the module's doc)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    prefix = f"gamekit {args.command}"
    try:
        with ended_by_signals():
            commands = {
                "simulate": simulate_command,
                "replay": replay_command,
                "assign": assign_command,
                "room": room_command,
            }
            output = commands[args.command](args)
    except KeyboardInterrupt:
        sys.stderr.write(f"{prefix}: interrupted\n")
        return 130
    except Ended as ended:
        sys.stderr.write(f"{prefix}: ended by {ended.name}\n")
        return 128 + ended.number
    except WriteError as err:
        parser.exit(1, f"{prefix}: error: {_one_line(err)}\n")
    except (GamekitError, ValueError) as err:
        parser.exit(2 if args.command != "replay" else 1, f"{prefix}: error: {_one_line(err)}\n")
    try:
        print(output)
    except BrokenPipeError:  # the reader stopped early (| head): not an error
        # Python's documented recipe: the rest of the output goes nowhere.
        sys.stdout = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115
    return 0


def room_command(args: argparse.Namespace) -> str:
    """``gamekit room serve``: a lobby until Ctrl-C (see :mod:`gamekit.rooms.command`)."""
    from gamekit.rooms import command

    return command.run(args)


def assign_command(args: argparse.Namespace) -> str:
    """``gamekit assign``: a grading tool that fails is an output not written (status 1)."""
    from gamekit.teacher import command

    try:
        return command.run(args)
    except (RuntimeError, OSError) as err:
        raise WriteError(str(err)) from None


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
