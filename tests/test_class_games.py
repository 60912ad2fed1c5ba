"""gamekit.load_games: the class's saved games as simulate's tidy table, plus who played
each seat; the same as replaying the records one by one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit.core.errors import BadRecord
from gamekit.core.rng import Rng
from gamekit.simulation import flatten
from gamekit.teacher import load_games


def played(title: str, players: int, seed: int) -> dict[str, Any]:
    """A whole game with seeded random moves, as a saved record."""
    game = gamekit.new_game(title, players=players, seed=seed)
    pick = Rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.play(legal[pick.below(len(legal))])
    record: dict[str, Any] = json.loads(game.to_json())
    return record


def replayed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of each record, replayed alone through the Game API."""
    rows = []
    for number, record in enumerate(records):
        game = gamekit.load_game({k: v for k, v in record.items() if k != "seats"})
        scores, winners = game.scores(), set(game.winners())
        summaries = game.rules.summary(game.state)
        for seat in range(game.players):
            ahead = sum(1 for o, s in enumerate(scores) if o not in winners and s > scores[seat])
            rank = 1 if seat in winners else 1 + len(winners) + ahead
            rows.append(
                {
                    "game": number,
                    "seed": game.seed,
                    "seat": seat,
                    "score": scores[seat],
                    "rank": rank,
                    "winner": seat in winners,
                    "decisions": len(game.history),
                    **flatten(summaries[seat]),
                }
            )
    return rows


@pytest.mark.parametrize("title, players", [("hats", 3), ("knock-knock", 3)])
def test_load_games_equals_replaying_them_one_by_one(
    tmp_path: Path, title: str, players: int
) -> None:
    records = [played(title, players, seed) for seed in (1, 2, 3)]
    records[1]["seats"] = ["Ada", {"bot": "random"}, "Grace"]
    for number, record in enumerate(records):
        (tmp_path / f"game-{number}.json").write_text(json.dumps(record), encoding="utf-8")
    table = gamekit.load_games(tmp_path)
    assert len(table) == 3 * players
    for row, want in zip(table.to_dict("records"), replayed(records), strict=True):
        assert {k: row[k] for k in want} == want
    seats = table[table.game == 1]
    assert list(seats.player) == ["Ada", "random", "Grace"]
    assert list(seats.bot.astype(object).isna()) == [True, False, True]
    assert table[table.game == 0].player.isna().all(), "a bare record names nobody"
    assert list(table.record.unique()) == ["game-0.json", "game-1.json", "game-2.json"]
    same = load_games(records)
    assert same.drop(columns="record").equals(table.drop(columns="record"))


def test_load_games_has_simulates_columns() -> None:
    simulated = gamekit.simulate("hats", players=3, games=2, seed=1, progress=False)
    table = load_games([played("hats", 3, 5)])
    assert list(simulated.columns) == [c for c in table.columns if c not in ("player", "record")]


def test_load_games_names_the_record_that_does_not_replay(tmp_path: Path) -> None:
    record = played("hats", 2, 1)
    record["actions"] = record["actions"][:-1] + [record["actions"][0]]
    (tmp_path / "broken.json").write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(BadRecord, match="broken.json"):
        load_games(tmp_path)
    with pytest.raises(ValueError, match="one kind of game"):
        load_games([played("hats", 2, 1), played("hats", 3, 1)])
    with pytest.raises(BadRecord, match="one player per seat"):
        load_games([{**played("hats", 2, 1), "seats": ["Ada"]}])
