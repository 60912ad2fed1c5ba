"""Golden playthroughs: one seeded game per title, written step by step as text.

Each step records who decides, the legal actions, the chosen one (as a learner
reads it and as a record saves it), the narration and every seat's view; the end
records the scores, the winners and the result lines in English and French.
``python tests/golden/playthrough.py`` rewrites the files after a deliberate rules
change; ``test_golden.py`` compares. ``format-1/`` keeps the same games saved in
the first record format (old action kinds), which must still load.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import gamekit
from gamekit.bots import RandomBot
from gamekit.core.game import RECORD_FORMAT

HERE = Path(__file__).parent

CASES: dict[str, dict[str, Any]] = {
    "knock-knock": {"players": 4, "seed": 2026},
    "hats": {"players": 3, "seed": 2026},
    "boo-party": {"players": 5, "seed": 2026},
    "bloody-inn": {"players": 2, "seed": 2026},
}


def golden_game(title: str) -> gamekit.Game:
    """The seeded random game of ``title``'s case, played to its end."""
    game, bot = _start(title)
    while not game.is_over:
        game.play(bot.choose(game))
    return game


def _start(title: str) -> tuple[gamekit.Game, RandomBot]:
    case = CASES[title]
    game = gamekit.new_game(title, players=case["players"], seed=case["seed"])
    return game, RandomBot(seed=case["seed"])


def playthrough(title: str) -> str:
    """The golden text of ``title``'s case: every decision of a seeded random game."""
    game, bot = _start(title)
    lines = [f"title: {title}", f"players: {game.players}", f"seed: {game.seed}"]
    lines += [f"format: {RECORD_FORMAT}", ""]
    lines += [f"setup: {event}" for event in game.events_at(0)]
    lines += [""] if game.events_at(0) else []
    while not game.is_over:
        lines += _step_lines(game, bot)
    lines += ["game over", f"scores: {game.scores()}", f"winners: {game.winners()}"]
    lines += [f"result: {line}" for line in game.result_lines()]
    french = gamekit.load_game(game.to_json(), lang="fr")
    lines += [f"result (fr): {line}" for line in french.result_lines()]
    return "\n".join([*lines, ""])


def _step_lines(game: gamekit.Game, bot: RandomBot) -> list[str]:
    legal = game.legal_actions()
    seat = game.to_move
    views = [
        f"  view {s}: {json.dumps(game.view(s), sort_keys=True)}"
        for s in [None, *range(game.players)]
    ]
    action = bot.choose(game)
    events = game.play(action)
    return [
        f"step {game.step}: player {seat} decides",
        "  legal: " + " | ".join(str(a) for a in legal),
        *views,
        f"  chosen: {action}",
        f"  saved: {json.dumps(action.to_json(), sort_keys=True)}",
        *(f"  event: {e}" for e in events),
        "",
    ]


def path_for(title: str) -> Path:
    """Where the golden file of ``title`` lives."""
    return HERE / f"{title}.txt"


def format_1_path(name: str) -> Path:
    """A golden game saved in the first record format (``hats``, ``hats-4-players``...)."""
    return HERE / "format-1" / f"{name}.json"


if __name__ == "__main__":
    for name in sys.argv[1:] or list(CASES):
        path_for(name).write_text(playthrough(name))
        print("wrote", path_for(name))
