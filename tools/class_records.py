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


# -- Hats: the card left on the tea table ----------------------------------------------
def _exchanges(view: Mapping[str, Any], legal: Sequence[Action]) -> list[Any]:
    return [a for a in legal if a.kind == "exchange"] if view["decision"] == "main" else []


def _number(card: int) -> int:
    return card % 6 + 1


def ada_puts_down_high_hats(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Ada exchanges her highest hat (then for the highest hat on the table)."""
    moves = _exchanges(view, legal)
    return max(moves, key=lambda a: (_number(a.card), _number(a.take), -a.space), default=None)


def bob_puts_down_low_hats(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Bob exchanges his lowest hat (then for the highest hat on the table)."""
    moves = _exchanges(view, legal)
    return max(moves, key=lambda a: (-_number(a.card), _number(a.take), -a.space), default=None)


def cy_takes_the_highest_hat(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Cy takes the highest hat on the table, with her lowest hat that can."""
    moves = _exchanges(view, legal)
    return max(moves, key=lambda a: (_number(a.take), -_number(a.card), -a.space), default=None)


# -- Boo Party!: the costume -------------------------------------------------------------
def _free(view: Mapping[str, Any]) -> list[int]:
    """The costumes this Monster may wear: free, and not its own of last round."""
    if view["role"] != "monster" or view["phase"] != "disguise" or view["spread"] is None:
        return []
    return [c for c in view["spread"] if c != view["last_worn"][view["seat"]]]


def _wear(legal: Sequence[Action], costume: int) -> Action:
    return next(a for a in legal if getattr(a, "costume", None) == costume)


def _remembers(last: int | None) -> Rule:
    """A Monster who remembers the ``last`` Visions (``None``: all of them) and wears the
    first free costume among the others (else the first free one)."""

    def rule(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
        free = _free(view)
        if not free:
            return None
        kept = set(view["visions"][-last:] if last else view["visions"])
        safe = [c for c in free if c not in kept]
        return _wear(legal, (safe or free)[0])

    return rule


def cy_takes_the_next_costume(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Cy takes the costume the next Monster wore last round (the team's plan), unless it
    is on the top Vision or taken; else the first free costume off the top Vision."""
    free = _free(view)
    if not free:
        return None
    seat, last = view["seat"], view["last_worn"]
    following = last[seat % (len(last) - 1) + 1]
    if following in free and following != view["top_vision"]:
        return _wear(legal, following)
    return _wear(legal, next((c for c in free if c != view["top_vision"]), free[0]))


def eve_likes_the_last_costumes(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Eve ignores the Visions and wears the last free costume of the spread."""
    free = _free(view)
    return _wear(legal, free[-1]) if free else None


# -- The Bloody Inn: the welcome --------------------------------------------------------
def _lodge(view: Mapping[str, Any], legal: Sequence[Action], own_first: bool) -> Action | None:
    if view["step"] != "place":
        return None
    rooms = [a for a in legal if a.kind == "place"]
    if own_first:
        mine = [a for a in rooms if view["keys"][getattr(a, "room", -1)] == view["seat"]]
        rooms = mine or rooms
    return rooms[0] if rooms else None


def ada_lodges_by_the_door(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Ada lodges every traveller in the first empty room."""
    return _lodge(view, legal, own_first=False)


def bob_fills_his_rooms(view: Mapping[str, Any], legal: Sequence[Action]) -> Action | None:
    """Bob lodges every traveller in one of his own rooms while he has one empty."""
    return _lodge(view, legal, own_first=True)


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
    "hats": Class(
        "hats",
        players=3,
        games_per_table=4,
        seats=[
            [
                Learner("Ada", ada_puts_down_high_hats),
                Learner("Bob", bob_puts_down_low_hats),
                "greedy",
            ],
            [Learner("Cy", cy_takes_the_highest_hat), "random", "greedy"],
        ],
    ),
    "boo-party": Class(
        "boo-party",
        players=5,
        games_per_table=5,
        seats=[
            [
                "team",
                Learner("Ada", _remembers(None), helper="memory"),
                Learner("Bob", _remembers(1), helper="memory"),
                Learner("Cy", cy_takes_the_next_costume, helper="memory"),
                "memory",
            ],
            [
                "memory",
                Learner("Dee", _remembers(3), helper="memory"),
                "team",
                Learner("Eve", eve_likes_the_last_costumes, helper="memory"),
                "random",
            ],
        ],
    ),
    "bloody-inn": Class(
        "bloody-inn",
        players=3,
        games_per_table=3,
        seats=[
            [
                Learner("Ada", ada_lodges_by_the_door, helper="innkeeper"),
                Learner("Bob", bob_fills_his_rooms, helper="innkeeper"),
                "planner",
            ],
            [Learner("Cy", bob_fills_his_rooms, helper="planner"), "innkeeper", "random"],
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
