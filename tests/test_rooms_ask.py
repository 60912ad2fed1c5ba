"""Ask the class (:mod:`gamekit.rooms.ask`): the teacher freezes the tables, each seated
learner answers their own question on their own screen, the room tallies, reveals the
exact odds and the bots' moves, and keeps the tally with the records.

Over real loopback sockets with several clients (two tables, learners in two languages,
the teacher and a projector), then without sockets for what needs a clock the test moves,
and a twin-game check that no card tells a seat what it may not know. Every wait is for
a state, bounded.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from rooms_support import WAIT

import gamekit
from gamekit import bots
from gamekit.core.errors import IllegalAction
from gamekit.core.i18n import language
from gamekit.core.rng import Rng, derive_seed
from gamekit.odds.panel import odds_panel_of
from gamekit.rooms import join, serve
from gamekit.rooms.ask import freeze, seat_card, watcher_card
from gamekit.rooms.client import RemoteGame
from gamekit.rooms.protocol import BadMessage, dumps, parse
from gamekit.rooms.room import Classroom, Link
from gamekit.rooms.server import Lobby

TITLE = "knock-knock"


def _asked(game: RemoteGame, number: int) -> bool:
    ask = game.question
    return ask is not None and ask["id"] == number


def _revealed(game: RemoteGame) -> bool:
    ask = game.question
    return ask is not None and bool(ask["revealed"])


def _game_now(lobby: Lobby, table: int) -> gamekit.Game:
    """A replay of ``table``'s game as it stands (read on the lobby's own thread)."""
    record = lobby._call(lambda: lobby.classroom.rooms[table].game.to_json())
    return gamekit.load_game(record)


def _cards(game: RemoteGame) -> str:
    """Every question card this screen was ever sent, as one text."""
    return json.dumps([m.get("ask") for m in list(game.messages) if m.get("type") == "state"])


def test_ask_the_class_end_to_end_over_sockets(made: list[Any], tmp_path: Path) -> None:
    lobby = serve(TITLE, players=3, tables=2, seed=3, bots={2: "greedy"}, records=tmp_path)
    made.append(lobby)
    learners = [
        join(lobby.url, lobby.codes[0][0]),
        join(lobby.url, lobby.codes[0][1]),
        join(lobby.url, lobby.codes[1][0], lang="fr"),
        join(lobby.url, lobby.codes[1][1]),
    ]
    teacher = join(lobby.url, lobby.teacher_code, table=0)
    projector = join(lobby.url, lobby.spectator_codes[0])
    made.extend([*learners, teacher, projector])
    for seat in learners:
        assert seat.wait_until(lambda g: g.status == "playing" and g.to_move == 0, WAIT)
    mover, other, mover_fr, other_fr = learners
    moves = mover.legal_texts()

    lobby.ask()
    for screen in [*learners, teacher, projector]:
        assert screen.wait_until(lambda g: _asked(g, 1), WAIT), screen
    games = [_game_now(lobby, 0), _game_now(lobby, 1)]

    # Each seat its own question: the seat to move its moves (and its chances), the other
    # seat the chances from what everyone sees; the bot's seat none.
    card = mover.question
    assert card is not None and card["move"]["choices"] == moves and card["move"]["answer"] is None
    assert card["chance"]["question"] == odds_panel_of(games[0], 0)[0]["question"]
    assert "fraction" not in card["chance"] and "bots" not in card["move"], (
        "nothing before the reveal"
    )
    side = other.question
    assert side is not None and "move" not in side and side["chance"]["public"]
    assert side["asked"] == 2, "the bot's seat is not asked"
    with pytest.raises(IllegalAction, match="asking the class"):
        mover.play(moves[0])
    assert mover.step == 0

    # Answers: refused when wrong, each learner's own, changed until the reveal.
    for wrong in [{"choice": 99}, {"guess": 101}, {"guess": -1}]:
        with pytest.raises(IllegalAction):
            mover.answer(**wrong)
    with pytest.raises(IllegalAction, match="no move"):
        other.answer(choice=0)
    with pytest.raises(IllegalAction, match="cannot answer"):
        projector.answer(guess=10)
    mover.answer(choice=0, guess=40)
    mover.answer(choice=1)
    other.answer(guess=20)
    mover_fr.answer(guess=15)
    assert teacher.wait_until(lambda g: (g.question or {}).get("answered") == 2, WAIT)
    rows = teacher.question["rows"]  # type: ignore[index]
    assert rows[0]["move"]["answer"] == 1 and rows[0]["chance"]["answer"] == 40
    assert "move" not in json.dumps(projector.question), "the projector sees who answered only"

    lobby.reveal()
    for screen in [*learners, teacher, projector]:
        assert screen.wait_until(_revealed, WAIT), screen
    revealed = mover.question or {}
    step = games[0].step
    for bot in revealed["move"]["bots"]:
        made_bot = bots.make(
            TITLE, bot["bot"], seed=derive_seed(games[0].seed, 0, bot["bot"], step)
        )
        assert games[0].legal_actions()[bot["choice"]] == made_bot.choose(games[0]), bot
    assert [b["bot"] for b in revealed["move"]["bots"]] == bots.names(TITLE)[1:]
    assert revealed["chance"]["fraction"] == odds_panel_of(games[0], 0)[0]["fraction"]
    assert (other.question or {})["chance"]["fraction"] == odds_panel_of(games[0], None)[0][
        "fraction"
    ]
    french = mover_fr.question or {}
    with language("fr"):
        expected = odds_panel_of(games[1], 0)[0]
    assert french["chance"]["question"] == expected["question"] != card["chance"]["question"]
    assert french["chance"]["percent"] == expected["percent"] and "," in french["chance"]["percent"]
    with pytest.raises(IllegalAction, match="closed"):
        other.answer(guess=30)

    # Hidden stays hidden: the moves of the seat to move reach its own screen and the
    # teacher's only, before and after the reveal.
    for screen in (other, projector, other_fr):
        assert not any(move in _cards(screen) for move in moves), screen
    assert "fraction" not in json.dumps(projector.question)

    # The tally: kept by the lobby and saved with the records, one per table.
    tallies = lobby.asks()
    assert [(t["ask"], t["table"], t["answered"], t["asked"]) for t in tallies] == [
        (1, 0, 2, 2),
        (1, 1, 0, 2),
    ]
    assert tallies[1]["rows"][0]["guess"] == 15 and tallies[1]["rows"][0]["choice"] is None, (
        "half an answer"
    )
    first = tallies[0]["rows"]
    assert (
        first[0]["choice"] == 1
        and first[0]["guess"] == 40
        and first[0]["player"] == "table 1, Player 1"
    )
    assert first[0]["bots"] == {b["bot"]: b["choice"] for b in revealed["move"]["bots"]}
    assert first[1]["guess"] == 20 and first[1]["public"] is True
    saved = json.loads(
        (tmp_path / "asks" / "ask-01-table-01-knock-knock.json").read_text(encoding="utf-8")
    )
    assert saved == tallies[0]
    assert (tmp_path / "asks" / "ask-01-table-02-knock-knock.json").exists()

    # Play on: the question is gone, the move goes through, the next question is number 2.
    lobby.resume()
    assert mover.wait_until(lambda g: g.question is None and g.my_turn(), WAIT)
    mover.play(moves[1])
    assert mover.step >= 1
    teacher.control("ask", table=1)
    assert mover_fr.wait_until(lambda g: _asked(g, 2), WAIT)
    assert mover.question is None, "table 1 only"
    lobby.resume()


def test_ask_and_reveal_say_when_there_is_nothing_to_do(made: list[Any]) -> None:
    lobby = serve(TITLE, players=3, tables=1, seed=1)
    made.append(lobby)
    with pytest.raises(ValueError, match="no table is playing"):
        lobby.ask()  # nobody sat down: the game waits
    with pytest.raises(ValueError, match="no table has an open question"):
        lobby.reveal()
    with pytest.raises(ValueError, match="no table 5"):
        lobby.ask(5)
    assert lobby.asks() == []


def test_an_answer_message_is_checked_before_the_room_sees_it() -> None:
    assert parse(dumps({"type": "answer", "id": 1, "ask": 1, "guess": 30}))["guess"] == 30
    for bad in [
        {"type": "answer", "id": 1, "ask": 1},
        {"type": "answer", "id": 1, "guess": 3},
        {"type": "answer", "id": 1, "ask": 1, "guess": "30"},
        {"type": "answer", "id": 1, "ask": 1, "choice": True},
        {"type": "answer", "id": 1, "ask": 1, "guess": 2**60},
    ]:
        with pytest.raises(BadMessage):
            parse(dumps(bad))


class Laptop:
    def __init__(self) -> None:
        self.got: list[dict[str, Any]] = []
        self.link = Link(lambda text: self.got.append(json.loads(text)), lambda why: None)

    def state(self) -> dict[str, Any]:
        return [m for m in self.got if m["type"] == "state"][-1]


def test_a_frozen_table_runs_no_bot_and_no_timer_until_it_resumes() -> None:
    now = [0.0]
    school = Classroom(
        TITLE,
        players=3,
        seed=2,
        bots={1: "greedy", 2: "greedy"},
        bot_delay=5.0,
        move_timer=30.0,
        clock=lambda: now[0],
    )
    learner = Laptop()
    school.receive(learner.link, dumps({"type": "hello", "code": school.codes[0][0]}), 0.0)
    room = school.rooms[0]
    step = room.game.step
    school.receive(learner.link, dumps({"type": "play", "id": 1, "step": step, "index": 0}), 0.0)
    assert room.game.to_move == 1  # the bot's turn, due at 5 s
    school.control("ask", None, 1.0)
    assert room.status == "asking" and learner.state()["timer"] is None
    school.poll(100.0)
    assert room.game.step == step + 1, "no bot moves while the class answers"
    school.control("reveal", None, 101.0)
    school.control("resume", None, 102.0)
    school.poll(110.0)
    assert room.game.step > step + 1 and learner.state()["ask"] is None


def _twin(game: gamekit.Game, seat: int, rnd: random.Random) -> gamekit.Game:
    twin = game.copy()
    twin._state = game.rules.resample_hidden(game.state, seat, Rng(rnd.randrange(1 << 30)))
    twin._legal = None
    return twin


@pytest.mark.parametrize("title", sorted(gamekit.all_titles()))
def test_no_card_tells_a_seat_what_it_may_not_know(title: str) -> None:
    """A twin game that differs only in what seat k cannot see gives seat k the same card,
    before and after the reveal; a spectator's card is the same whatever the hands."""
    rnd = random.Random(title)
    checked = 0
    for seed in range(3):
        game = gamekit.new_game(title, seed=seed)
        for _ in range(rnd.randrange(2, 12)):
            if game.is_over:
                break
            game.play(rnd.choice(game.legal_actions()))
        if game.is_over:
            continue
        people = range(game.players)
        for seat in people:
            twin = _twin(game, seat, rnd)
            asked, twin_asked = freeze(game, 1, 1, people), freeze(twin, 1, 1, people)
            for revealed in (False, True):
                asked.revealed = twin_asked.revealed = revealed
                if seat != game.to_move or not revealed:  # the bots' moves: the mover's view
                    assert seat_card(asked, game, seat, False) == seat_card(
                        twin_asked, twin, seat, False
                    )
                spectator = watcher_card(asked, game, teacher=False, memory=False)
                assert spectator == watcher_card(twin_asked, twin, teacher=False, memory=False)
                checked += 1
    assert checked >= 4
