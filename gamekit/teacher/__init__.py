"""The teacher's desk: hand the kit's exercises out and grade them with otter-grader or
nbgrader, one variant per learner.

>>> from gamekit.teacher import seed_for, verdict
>>> seed_for("course secret", "alice") == seed_for("course secret", "alice")
True
>>> verdict("kk-1", "3/11")
(True, 'Correct! (kk-1)')
>>> verdict("kk-1", "1/2")[0]
False

:func:`assign` writes the notebooks (``gamekit assign`` on the command line); the tests
it writes call :func:`verdict`, which grades with the kit's ``check`` and answers with
its hint, never with the answer. The tools themselves come with the ``grading`` extra
(``pip install "gamekit[grading]"``).
"""

from gamekit.teacher.assign import FORMATS, assign, select
from gamekit.teacher.games import load_games
from gamekit.teacher.grading import LEVEL_POINTS, parts, solution, verdict
from gamekit.teacher.seeds import read_roster, seed_for

__all__ = [
    "FORMATS",
    "LEVEL_POINTS",
    "assign",
    "load_games",
    "parts",
    "read_roster",
    "seed_for",
    "select",
    "solution",
    "verdict",
]
