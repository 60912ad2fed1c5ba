"""``gamekit assign``: the command line of :func:`gamekit.teacher.assign`.

    gamekit assign --format otter kk-1 kk-6 course/
    gamekit assign --format nbgrader --lang fr --roster roster.csv --secret ... all course/

The course secret may come from the environment variable ``GAMEKIT_COURSE_SECRET``
instead of ``--secret`` (a command line is visible to other users of the machine).
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from gamekit.core.i18n import LANGUAGES

SECRET_VARIABLE = "GAMEKIT_COURSE_SECRET"


def add_options(parser: argparse.ArgumentParser) -> None:
    """The options of ``gamekit assign``."""
    from gamekit.teacher.assign import FORMATS

    parser.add_argument("--format", choices=FORMATS, required=True, help="the grading tool")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the learners' language")
    parser.add_argument("--roster", type=Path, help="one learner id a line: a variant each")
    parser.add_argument(
        "--secret", help=f"the course secret of the learners' seeds (or ${SECRET_VARIABLE})"
    )
    parser.add_argument(
        "--assignment", default="exercises", help="nbgrader's assignment name (exercises)"
    )
    parser.add_argument("names", nargs="+", metavar="EXERCISES", help="ids, title keys or all")
    parser.add_argument("out", type=Path, metavar="OUT", help="the folder to write (a course)")


def run(args: Any) -> str:
    """Write the assignment; the notebooks to hand out, one a line."""
    from gamekit.teacher.assign import assign
    from gamekit.teacher.seeds import read_roster

    roster = None
    if args.roster is not None:
        try:
            roster = read_roster(args.roster)
        except OSError as err:
            raise ValueError(f"cannot read the roster {args.roster}: {err.strerror}") from None
    secret = args.secret or os.environ.get(SECRET_VARIABLE)
    paths = assign(
        args.names,
        args.out,
        format=args.format,
        lang=args.lang,
        roster=roster,
        secret=secret,
        assignment=args.assignment,
    )
    return "\n".join(str(path) for path in paths)
