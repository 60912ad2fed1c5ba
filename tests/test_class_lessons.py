"""The analysis lessons on the class's own games: each title's analyses of saved records
(worked by hand on small records), the sample class files the lessons read, and bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from math import comb
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit.core.errors import BadRecord
from gamekit.simulation import flatten
from gamekit.teacher.games import decisions
from gamekit.titles.bloody_inn import analyses as inn
from gamekit.titles.bloody_inn.cards import IS_POLICE
from gamekit.titles.boo_party import analyses as boo
from gamekit.titles.hats import analyses as hats
from gamekit.titles.knock_knock import analyses as kk
from tools import class_records

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "notebooks" / "data"
NAMES = ["Ada", "Bob", "Cy", "Dee"]


def record_of(game: gamekit.Game, seats: list[Any]) -> dict[str, Any]:
    """A game's record as a room keeps it: ``to_json()`` and who played each seat."""
    return {**json.loads(game.to_json()), "seats": seats}


def replayed(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of each record, replayed alone through the Game API."""
    rows = []
    for number, record in enumerate(records):
        game = gamekit.load_game({k: v for k, v in record.items() if k != "seats"})
        scores, winners = game.scores(), set(game.winners())
        summaries = game.rules.summary(game.state)
        for seat in range(game.players):
            ahead = sum(1 for o, s in enumerate(scores) if o not in winners and s > scores[seat])
            name = record["seats"][seat]
            rows.append(
                {
                    "game": number,
                    "seed": game.seed,
                    "seat": seat,
                    "player": name if isinstance(name, str) else name["bot"],
                    "score": scores[seat],
                    "rank": 1 if seat in winners else 1 + len(winners) + ahead,
                    "winner": seat in winners,
                    "decisions": len(game.history),
                    **flatten(summaries[seat]),
                }
            )
    return rows


# -- the sample class files ------------------------------------------------------------
@pytest.mark.parametrize("title", sorted(class_records.CLASSES))
def test_the_sample_class_loads_as_replaying_its_records_one_by_one(title: str) -> None:
    path = DATA / f"class-{title}.json"
    records = json.loads(path.read_text(encoding="utf-8"))
    assert 6 <= len(records) <= 12
    table = gamekit.load_games(path)
    want = replayed(records)
    assert len(table) == len(want)
    for row, expected in zip(table.to_dict("records"), want, strict=True):
        assert {k: row[k] for k in expected} == expected
    assert set(table.record) == {f"{path.name}[{n}]" for n in range(len(records))}
    learners = {n for r in records for n in r["seats"] if isinstance(n, str)}
    assert learners and table.bot.notna().any(), "learners and bots share the tables"


@pytest.mark.parametrize("title", sorted(class_records.CLASSES))
def test_the_sample_class_is_what_the_tool_writes(title: str) -> None:
    """Seeded: the tool writes the committed file again, record for record, in the format
    a room keeps (``to_json()`` keys plus ``"seats"``)."""
    written = json.loads((DATA / f"class-{title}.json").read_text(encoding="utf-8"))
    assert class_records.play(class_records.CLASSES[title]) == written
    game = gamekit.load_game({k: v for k, v in written[0].items() if k != "seats"})
    assert set(written[0]) == set(json.loads(game.to_json())) | {"seats"}


# -- Knock! Knock!: the doors ----------------------------------------------------------
def first_door(answer: str) -> gamekit.Game:
    """Seed 3, four players: Ada knocks at Bob's door, and Bob answers."""
    game = gamekit.new_game("knock-knock", players=4, seed=3)
    game.play(game.legal_actions()[0])
    game.play(answer)
    return game


def test_a_door_worked_by_hand() -> None:
    """Bob's party is a monster and a vampire, no brute. He sees 14 cards: the eight first
    guests, his five cards (one a monster vamp) and the face-up ghost vamp; 41 are unseen,
    and Ada's card is any of them. Opening costs him points with a monster vamp (5 - 1
    unseen), a vampire vamp (5), a kid (5: it takes one of his tied guests) or a taxi (3);
    a ghost vamp finds no ghost (K4). So 17/41."""
    before = gamekit.new_game("knock-knock", players=4, seed=3).view(1)
    assert before["parties"][1] == ["monster", "vampire"] and before["hand"].count("monster vamp")
    assert before["deck_top"] == "ghost vamp"
    opened = record_of(first_door("Open the door"), NAMES)  # a record may stop anywhere
    closed = record_of(first_door("Keep the door closed"), NAMES)
    doors = kk.door_decisions([opened, closed])
    rows = doors.to_dict("records")
    assert [(r["game"], r["step"], r["seat"], r["player"], r["knocker"]) for r in rows] == [
        (0, 2, 1, "Bob", 0),
        (1, 2, 1, "Bob", 0),
    ]
    assert [Fraction(str(r["bad"])) for r in rows] == [Fraction(17, 41)] * 2
    assert [r["odds_say"] for r in rows] == ["decline", "decline"]
    assert [r["opened"] for r in rows] == [True, False]
    table = kk.doors_by_player(doors).to_dict("records")
    assert table == [
        {
            "player": "Bob",
            "doors": 2,
            "opened": 1,
            "odds_say_decline": 2,
            "opened_anyway": 1,
            "declined_anyway": 0,
            "bad_when_opened": round(17 / 41, 3),
        }
    ]


def test_doors_of_a_record_that_names_nobody_are_the_seats() -> None:
    game = first_door("Open the door")
    bare = json.loads(game.to_json())
    assert list(kk.door_decisions([bare]).player) == ["seat 1"]


def test_the_doors_are_the_answers_of_the_sample_class() -> None:
    path = DATA / "class-knock-knock.json"
    doors = kk.door_decisions(path)
    answers = [d for d in decisions(path) if d.action.kind in ("open", "decline")]
    assert len(doors) == len(answers) > 0
    by_player = kk.doors_by_player(doors).set_index("player")
    assert by_player.loc["Ada", "opened"] == by_player.loc["Ada", "doors"], "Ada opens all"
    assert by_player.loc["Eve", "opened"] == 0, "Eve opens none"
    assert by_player.doors.sum() == len(doors)


# -- Hats: the takes left to the next player ------------------------------------------
def test_an_exchange_worked_by_hand() -> None:
    """Seed 1, three players: Ada puts her purple 6 on space 1 (for the orange 3). She sees
    15 cards (the table, her hand, her collection); 27 are unseen, and Bob's 9 cards are any
    9 of them. Only another purple takes a 6 (Ruling H3): the purple 1 is in her hand, the
    purple 2 on the table, so 3 purples are unseen: 1 - C(24, 9) / C(27, 9). Bob takes it."""
    game = gamekit.new_game("hats", players=3, seed=1)
    assert sorted(game.view(0)["hand"])[-1] == 35 and 30 in game.view(0)["hand"]
    assert 31 in game.view(0)["table"]
    game.play("Exchange your purple 6 for the orange 3 on space 1")
    game.play("End your turn")
    game.play("Exchange your purple 3 for the purple 6 on space 1")
    moves = hats.exchange_decisions([record_of(game, ["Ada", "Bob", "Cy"])])
    rows = moves.to_dict("records")
    assert [
        (r["step"], r["player"], r["card"], r["space"], r["next"], r["taken"]) for r in rows
    ] == [
        (1, "Ada", "purple 6", 1, 1, True),
        (3, "Bob", "purple 3", 1, 2, False),
    ]
    by_hand = 1 - Fraction(comb(24, 9), comb(27, 9))
    assert Fraction(str(rows[0]["take_chance"])) == by_hand == Fraction(703, 975)
    table = hats.takes_by_player(moves).set_index("player")
    assert table.loc["Ada"].to_dict() == {
        "exchanges": 1,
        "likely_takes": 1,
        "taken": 1,
        "mean_chance": round(703 / 975, 3),
    }
    assert table.loc["Bob", "taken"] == 0


def test_the_exchanges_are_those_of_the_sample_class() -> None:
    path = DATA / "class-hats.json"
    moves = hats.exchange_decisions(path)
    assert len(moves) == sum(d.action.kind == "exchange" for d in decisions(path)) > 0
    assert moves.take_chance.map(lambda p: 0 <= p <= 1).all()
    assert hats.takes_by_player(moves).exchanges.sum() == len(moves)


# -- Boo Party!: the costumes ------------------------------------------------------------
def test_costume_choices_worked_by_hand() -> None:
    """Seed 1, four players: the Werewolf and the Witch are on the two revealed Visions.
    Ada (seat 1) may wear any of the 18 costumes, 2 of them seen: 2/18. She wears the
    Werewolf (seen). Bob may wear the 17 left, 1 of them seen (the Witch): 1/17; he wears
    the Ghost. Cy may wear 16, the Witch among them: 1/16; he wears nothing (Ruling B6)."""
    game = gamekit.new_game("boo-party", players=4, seed=1)
    assert game.view(1)["visions"] == [4, 2]
    for move in ("Player 2 puts on the Werewolf", "Player 3 puts on the Ghost"):
        game.play(move)
    game.play("Player 4 wears nothing")
    choices = boo.costume_choices([record_of(game, [{"bot": "team"}, "Ada", "Bob", "Cy"])])
    worn = [c if isinstance(c, str) else None for c in choices.costume]  # nothing: missing
    rows = [
        (r["seat"], r["player"], r["visions"], worn[n], r["seen"], r["mistake"])
        for n, r in enumerate(choices.to_dict("records"))
    ]
    assert rows == [
        (1, "Ada", 2, "Werewolf", True, False),
        (2, "Bob", 2, "Ghost", False, False),
        (3, "Cy", 2, None, False, True),
    ]
    assert [Fraction(str(p)) for p in choices.seen_chance] == [
        Fraction(2, 18),
        Fraction(1, 17),
        Fraction(1, 16),
    ]
    table = boo.costumes_by_player(choices).set_index("player")
    assert table.loc["Ada"].to_dict() == {
        "choices": 1,
        "seen": 1,
        "seen_if_random": 0.11,
        "mistakes": 0,
    }
    assert table.loc["Cy", "mistakes"] == 1


# -- The Bloody Inn: the police ---------------------------------------------------------
def test_a_police_evening_worked_by_hand() -> None:
    """Seed 1, two players: five rooms (two keys, three white keys). Of the 70 travellers
    the first player sees the entrance pile's top card (no police): 69 unseen, 14 of them
    police, and the other four travellers of the evening are any four of them:
    1 - C(55, 4) / C(69, 4)."""
    game = gamekit.new_game("bloody-inn", players=2, seed=1)
    came = False
    while game.view(game.to_move)["step"] != "act" or game.view(None)["round"] == 0:
        came |= any(IS_POLICE[c] for c in game.view(None)["rooms"] if c >= 0)
        game.play(game.legal_actions()[0])
    came |= any(IS_POLICE[c] for c in game.view(None)["rooms"] if c >= 0)
    evenings = inn.police_evenings([record_of(game, ["Ada", {"bot": "planner"}])])
    assert len(evenings) == 1
    one = evenings.iloc[0]
    assert (one["round"], one["seat"], one["player"], bool(one["came"])) == (1, 0, "Ada", came)
    by_hand = 1 - Fraction(comb(55, 4), comb(69, 4))
    assert Fraction(str(one["chance"])) == by_hand == Fraction(15862, 26197)
    table = inn.police_by_player(evenings).to_dict("records")
    assert table == [
        {
            "player": "Ada",
            "evenings": 1,
            "expected": round(15862 / 26197, 2),
            "came": int(came),
            "unknown": 0,
        }
    ]


def test_the_police_evenings_are_those_of_the_sample_class() -> None:
    path = DATA / "class-bloody-inn.json"
    evenings = inn.police_evenings(path)
    table = gamekit.load_games(path)
    rounds = {
        (d.game, d.rules.round_of(d.before)) for d in decisions(path) if d.view()["step"] == "place"
    }
    assert len(evenings) == len(rounds) and len(evenings) > table.game.nunique()
    assert evenings.chance.notna().any() and evenings.came.any()


# -- bad input -------------------------------------------------------------------------
def test_bad_input_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no such file or folder"):
        gamekit.load_games(tmp_path / "missing.json")
    with pytest.raises(ValueError, match="no such file or folder"):
        kk.door_decisions(tmp_path / "missing")
    (tmp_path / "notes.json").write_text('{"title": "knock-knock"}', encoding="utf-8")
    with pytest.raises(BadRecord, match="notes.json"):
        kk.door_decisions(tmp_path)
    with pytest.raises(BadRecord, match="a saved game is a JSON object"):
        kk.door_decisions([42])  # type: ignore[list-item]
    with pytest.raises(BadRecord, match="not JSON"):
        list(decisions(["not a record"]))
    with pytest.raises(ValueError, match="no saved game found"):
        kk.door_decisions([])
    with pytest.raises(ValueError, match="no such file or folder"):
        hats.exchange_decisions(tmp_path / "missing")
    with pytest.raises(BadRecord, match="notes.json"):
        boo.costume_choices(tmp_path / "notes.json")
    with pytest.raises(BadRecord, match="not JSON"):
        inn.police_evenings(["{"])
    game = first_door("Open the door")
    with pytest.raises(BadRecord, match="one player per seat"):
        kk.door_decisions([record_of(game, ["Ada"])])


# -- the lessons' one cell -------------------------------------------------------------
LESSONS = {
    "knock-knock": ("11-knock-knock-analysis.ipynb", "fr/11-toc-toc-toc-analyse.ipynb"),
    "hats": ("21-hats-analysis.ipynb", "fr/21-hats-analyse.ipynb"),
    "boo-party": ("31-boo-party-analysis.ipynb", "fr/31-boo-party-analyse.ipynb"),
    "bloody-inn": ("41-bloody-inn-analysis.ipynb", "fr/41-auberge-sanglante-analyse.ipynb"),
}


@pytest.mark.parametrize(
    ("title", "name"), [(t, n) for t, names in LESSONS.items() for n in names], ids=str
)
def test_a_lesson_reads_the_class_in_one_cell(title: str, name: str) -> None:
    """One code cell sets ``CLASS_RECORDS`` (the sample class, found from the notebook's
    folder) and loads it with ``gamekit.load_games``; the title's analyses read it."""
    path = ROOT / "notebooks" / name
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    code = ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    setting = [c for c in code if "CLASS_RECORDS = " in c]
    assert len(setting) == 1, f"{name}: {len(setting)} cells set CLASS_RECORDS"
    (cell,) = setting
    records = cell.split('CLASS_RECORDS = "', 1)[1].split('"', 1)[0]
    assert (path.parent / records).resolve() == DATA / f"class-{title}.json"
    assert "gamekit.load_games(CLASS_RECORDS)" in cell
    analyses = gamekit.rules_for(title).analyses()
    assert any(f"{analysis}(CLASS_RECORDS)" in cell for analysis in analyses)
    assert sum("CLASS_RECORDS" in c for c in code) == 1, "the other cells use what it loaded"
