"""The ``gamekit`` command: simulate many games, replay a saved game, print the speed table.

    gamekit simulate hats --players 3 --games 10000 --bots random --seed 1 --out hats.parquet
    gamekit replay game.json
    gamekit bench --seconds 1

Every error is one line on stderr (``gamekit simulate: error: ...``), never a
traceback. Exit status:

- 0: done;
- 1: ``replay`` of a file that cannot be read or is not a saved game that replays,
  or ``--out`` could not be written;
- 2: bad arguments (an unknown title or bot, a bad number, an option that is not
  the game's, an ``--out`` that is a folder, in a missing folder or already there
  without ``--force``);
- 130: interrupted (Ctrl-C); ``--out`` is then left as it was.

``--out`` is written to a hidden temporary file next to it, renamed at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import secrets
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NoReturn

from gamekit import all_titles
from gamekit.core.actions import Action
from gamekit.core.errors import GamekitError
from gamekit.core.game import Game
from gamekit.core.i18n import CORE, LANGUAGES, language
from gamekit.core.names import Seat


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: ``prog: error: message``."""

    def error(self, message: str) -> NoReturn:
        """Print the error in one line and exit with status 2."""
        self.exit(2, f"{self.prog}: error: {message}\n")


def build_parser() -> Parser:
    """The ``gamekit`` parser with its three commands."""
    from gamekit import simulation_bench

    top = Parser(prog="gamekit", description="Four tabletop card games: simulate, replay, bench.")
    commands = top.add_subparsers(dest="command", required=True, parser_class=Parser)
    _add_simulate(commands)
    replay = commands.add_parser(
        "replay", help="print the narrated game of a saved record", description=replay_doc()
    )
    replay.add_argument("file", type=Path, help="a record saved with game.to_json()")
    replay.add_argument(
        "--lang", choices=LANGUAGES, default=None, help="the narration's language (default: en)"
    )
    bench = commands.add_parser(
        "bench",
        help="print the speed table",
        description="Measure decisions/s and games/s per title on one core "
        "(full API and lean path), with OpenSpiel and RLCard when installed.",
    )
    simulation_bench.add_options(bench)
    return top


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


@contextlib.contextmanager
def atomic_output(path: Path, force: bool) -> Iterator[Path]:
    """A hidden temporary file next to ``path``, renamed to ``path`` once written.

    If anything goes wrong (Ctrl-C included) the temporary file is removed and
    ``path`` is left as it was.
    """
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}.partial")
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
        table = simulation.simulate(args.title, aggregate=True, **common, **options)
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
    return narrate(text, lang=args.lang)


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
    head = CORE("{players} players, seed {seed}", players=game.players, seed=game.seed)
    count = CORE("1 move") if moves == 1 else CORE("{count} moves", count=moves)
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
        if args.command == "simulate":
            output = simulate_command(args)
        elif args.command == "replay":
            output = replay_command(args)
        else:
            from gamekit import simulation_bench

            output = simulation_bench.run(args)
    except KeyboardInterrupt:
        sys.stderr.write(f"{prefix}: interrupted\n")
        return 130
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


def _one_line(err: BaseException) -> str:
    return " ".join(str(err).split())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
