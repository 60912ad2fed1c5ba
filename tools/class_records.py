"""Sample class records for the analysis lessons: ``python tools/class_records.py [TITLE ...]``.

Plays a small, seeded, room-like class (two tables, a few games each, the same people in
the same seats from game to game, as ``lobby.restart`` keeps them) and writes
``notebooks/data/class-<title>.json``: a list of records exactly as a room keeps them
(``game.to_json()`` plus ``"seats"``: a learner's name, or ``{"bot": NAME}``). A room
writes a learner as their place (``"table 1, Player 2"``); these samples give names.

The learners are made up. Each plays one decision by a plain rule of their own, read from
their own view only (the decision the title's lesson asks about), and the rest like the
title's ``greedy`` bot (seeded, so every run writes the same file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gamekit  # noqa: E402
from gamekit import bots  # noqa: E402
from gamekit.core.actions import Action  # noqa: E402
from gamekit.core.rng import derive_seed  # noqa: E402

Rule = Callable[[Mapping[str, Any], Sequence[Action]], Action | None]
"""A learner's own rule: an action for this view, or ``None`` (then they play like
``greedy``)."""


@dataclass(frozen=True)
class Learner:
    name: str
    rule: Rule
    helper: str = "greedy"


@dataclass(frozen=True)
class Class:
    """``tables`` tables of ``players``; ``seats[t][s]``: a Learner or a bot's name."""

    title: str
    players: int
    games_per_table: int
    seats: Sequence[Sequence[Learner | str]]
    seed: int = 1


# -- Knock! Knock!: the door ----------------------------------------------------------
def _knock_answer(view: Mapping[str, Any], legal: Sequence[Action], opens: bool) -> Action:
    want = "open" if opens else "decline"
    return next(a for a in legal if a.kind == want)


def _at_door(view: Mapping[str, Any]) -> bool:
    knock = view.get("knock")
    return bool(knock) and knock["target"] == view["seat"]


def ada_opens_every_door(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    return _knock_answer(view, legal, True) if _at_door(view) else None


def bob_opens_small_parties(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Bob opens while his party is small (fewer than five guests): little to lose."""
    if not _at_door(view):
        return None
    return _knock_answer(view, legal, len(view["parties"][view["seat"]]) < 5)


def cy_declines_leaders(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Cy keeps the door closed to a knocker who is ahead of her: they must be up to
    something."""
    if not _at_door(view):
        return None
    scores, me = view["scores"], view["seat"]
    return _knock_answer(view, legal, scores[view["knock"]["knocker"]] <= scores[me])


def dee_counts_bad_cards(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Dee opens unless the knocker is known to hold a vamp, a kid or a taxi (they drew it
    face up): then it is probably that."""
    if not _at_door(view):
        return None
    known = view["known"][view["knock"]["knocker"]]
    bad = any(k.endswith("vamp") or k in ("kid", "hearse taxi") for k in known)
    return _knock_answer(view, legal, not bad)


def eve_declines_every_door(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    return _knock_answer(view, legal, False) if _at_door(view) else None


CLASSES: dict[str, Class] = {
    "knock-knock": Class(
        "knock-knock",
        players=4,
        games_per_table=4,
        seats=[
            [
                Learner("Ada", ada_opens_every_door),
                Learner("Bob", bob_opens_small_parties),
                Learner("Cy", cy_declines_leaders),
                "greedy",
            ],
            [
                Learner("Dee", dee_counts_bad_cards),
                "random",
                Learner("Eve", eve_declines_every_door),
                "planner",
            ],
        ],
    ),
}


def play(spec: Class) -> list[dict[str, Any]]:
    """The class's records, table by table, game by game (seeds as a lobby deals them)."""
    records = []
    tables = len(spec.seats)
    for table, seats in enumerate(spec.seats):
        for number in range(spec.games_per_table):
            seed = spec.seed + table + number * tables
            game = gamekit.new_game(spec.title, players=spec.players, seed=seed)
            helpers = [
                bots.make(
                    spec.title,
                    seat.helper if isinstance(seat, Learner) else seat,
                    seed=derive_seed(seed, s),
                )
                for s, seat in enumerate(seats)
            ]
            while (mover := game.to_move) is not None:
                seat = seats[mover]
                action = None
                if isinstance(seat, Learner):
                    action = seat.rule(game.view(mover), game.legal_actions())
                game.play(action if action is not None else helpers[mover].choose(game))
            record: dict[str, Any] = json.loads(game.to_json())
            record["seats"] = [
                s.name if isinstance(s, Learner) else {"bot": s} for s in seats
            ]  # what a room keeps (Room.players), with names for places
            records.append(record)
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("titles", nargs="*", default=list(CLASSES), choices=list(CLASSES))
    parser.add_argument("--out", type=Path, default=ROOT / "notebooks" / "data")
    args = parser.parse_args(argv)
    for title in args.titles:
        path = args.out / f"class-{title}.json"
        records = play(CLASSES[title])
        path.write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
        print(f"{path}: {len(records)} games")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
