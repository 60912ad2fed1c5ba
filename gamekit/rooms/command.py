"""``gamekit room serve TITLE --players N --tables K``: a lobby from a terminal.

It prints the address and every code, then the teacher's log, until Ctrl-C. With
``--hub --seats FILE`` it is a JupyterHub managed service (the hub's ``command``):
its address comes from the hub, and each hub user sits at the seat FILE gives them.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from gamekit.core.i18n import LANGUAGES


def add_parser(commands: Any, titles: list[str]) -> None:
    """The ``room`` command and its ``serve`` subcommand."""
    room = commands.add_parser("room", help="serve a lobby of tables to a class")
    actions = room.add_subparsers(dest="room_command", required=True, parser_class=type(room))
    serve = actions.add_parser(
        "serve",
        help="start a lobby and print its codes",
        description="Start a lobby of tables, print each seat's join code, run until Ctrl-C.",
    )
    serve.add_argument("title", choices=titles, metavar="TITLE", help=", ".join(titles))
    serve.add_argument("--players", type=int, default=None, help="seats per table")
    serve.add_argument("--tables", type=int, default=1, help="tables (1)")
    serve.add_argument("--seed", type=int, default=1, help="table t deals seed + t (1)")
    serve.add_argument("--port", type=int, default=8765, help="the port (8765; 0: any free)")
    serve.add_argument(
        "--host", default="127.0.0.1", help="the address (127.0.0.1; 0.0.0.0: the network)"
    )
    serve.add_argument(
        "--bot", action="append", default=[], metavar="SEAT=BOT",
        help="a bot at that seat of every table, for example --bot 3=best (repeatable)",
    )  # fmt: skip
    serve.add_argument("--lang", choices=LANGUAGES, default="en", help="the tables' language")
    serve.add_argument("--grace", type=float, default=60.0, help="seconds before a stand-in (60)")
    serve.add_argument("--move-timer", type=float, default=None, help="seconds per move (none)")
    serve.add_argument(
        "--party-timer", type=float, default=None,
        help="seconds for a title's timed move (Boo Party!'s costumes; none)",
    )  # fmt: skip
    serve.add_argument("--bot-delay", type=float, default=0.7, help="seconds between bot moves")
    serve.add_argument("--records", type=Path, default=None, help="a folder for the records")
    serve.add_argument(
        "--memory", action="store_true",
        help="memory mode at every table (Boo Party!'s covered Visions are not sent)",
    )  # fmt: skip
    serve.add_argument(
        "--odds", action="store_true",
        help="the odds panel at every table (each seat's chances, from its own view)",
    )  # fmt: skip
    serve.add_argument(
        "--hub", action="store_true",
        help="run as a JupyterHub service: hub users sit at their --seats (address from the hub)",
    )  # fmt: skip
    serve.add_argument(
        "--seats", type=Path, default=None, metavar="FILE",
        help="each hub user's seat: lines NAME TABLE SEAT, or JSON {\"ada\": [0, 1]}",
    )  # fmt: skip


def seat_bots(entries: list[str]) -> dict[int, str]:
    """``["3=best"]`` as ``{3: "best"}``.

    >>> seat_bots(["3=best", "0=random"])
    {3: 'best', 0: 'random'}
    """
    out: dict[int, str] = {}
    for entry in entries:
        seat, _, name = entry.partition("=")
        if not seat.strip().isdigit() or not name.strip():
            raise ValueError(f"--bot takes SEAT=BOT, for example 3=best, not {entry!r}")
        out[int(seat)] = name.strip()
    return out


def run(args: argparse.Namespace) -> str:
    """Serve until Ctrl-C; returns the last line."""
    import os

    from gamekit.rooms.hub import read_seats, service_from
    from gamekit.rooms.server import run_forever, serve

    where: dict[str, Any] = {"port": args.port, "host": args.host}
    if args.hub:
        service = service_from(os.environ)
        where = {"port": service.port, "host": service.host, "prefix": service.prefix,
                 "hub": service.hub}  # fmt: skip
    elif args.seats is not None:
        raise ValueError("--seats gives hub users their seats: it needs --hub")
    seats = read_seats(args.seats) if args.seats is not None else None
    lobby = serve(
        args.title, args.players, args.tables, seed=args.seed, bots=seat_bots(args.bot),
        lang=args.lang, grace=args.grace, move_timer=args.move_timer, seats=seats,
        party_timer=args.party_timer, bot_delay=args.bot_delay, records=args.records,
        memory=args.memory, odds=args.odds, **where,
    )  # fmt: skip
    run_forever(lobby)
    return f"{len(lobby.records())} finished games"
