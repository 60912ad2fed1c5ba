"""Rooms over real sockets on loopback: a lobby on port 0, one client process per seat."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rooms_support import WAIT, Clock

import gamekit
from gamekit.core.errors import IllegalAction
from gamekit.rooms import join, serve
from gamekit.rooms.client import RemoteGame, RoomRefused
from gamekit.rooms.server import Lobby

ROOT = Path(__file__).resolve().parent.parent
PLAYER = Path(__file__).with_name("rooms_player.py")
TITLES = sorted(gamekit.all_titles())


def player(url: str, code: str, seed: int) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, str(PLAYER), url, code, str(seed)],
                            stdout=subprocess.PIPE, text=True, env=env)  # fmt: skip


def last_line(process: subprocess.Popen[str], lobby: Lobby | None = None) -> dict[str, object]:
    out, _ = process.communicate(timeout=WAIT)
    assert process.returncode == 0, (out, lobby.log() if lobby is not None else None)
    answer: dict[str, object] = json.loads(out.strip().splitlines()[-1])
    return answer


def moved_from(step: int, done: Callable[[RemoteGame], bool]) -> Callable[[RemoteGame], bool]:
    """The position left ``step``, or ``done`` holds."""
    return lambda g: g.step != step or done(g)


def reached(step: int) -> Callable[[RemoteGame], bool]:
    """The position is at ``step`` or later."""
    return lambda g: g.step >= step


@pytest.fixture
def lobbies() -> Iterator[list[Lobby]]:
    made: list[Lobby] = []
    yield made
    for lobby in made:
        lobby.stop()


def test_one_process_per_seat_plays_whole_games_of_every_title(
    lobbies: list[Lobby], tmp_path: Path
) -> None:
    started = []
    for number, title in enumerate(TITLES):
        lobby = serve(title, tables=1, seed=number + 1, port=0, records=tmp_path / title)
        lobbies.append(lobby)
        processes = [player(lobby.url, code, seed=s) for s, code in enumerate(lobby.codes[0])]
        started.append((title, lobby, processes))
    for title, lobby, processes in started:
        answers = [last_line(p, lobby) for p in processes]
        records = lobby.records()
        assert len(records) == 1
        kept = {key: value for key, value in records[0].items() if key != "seats"}
        assert records[0]["seats"] == [f"table 1, Player {s + 1}" for s in range(len(answers))]
        record = json.dumps(kept)
        for answer in answers:  # every seat got the same record, the one the room kept
            assert json.loads(str(answer["record"])) == kept
        replay = gamekit.load_game(record)
        assert replay.is_over and replay.title == title
        saved = sorted((tmp_path / title).glob("*.json"))
        assert [json.loads(p.read_text()) for p in saved] == records


def test_a_table_waiting_for_its_players_offers_no_moves(lobbies: list[Lobby]) -> None:
    """Seat 0 of a table still waiting for seats 1 and 2 sees the deal but may not play:
    a room once offered moves then, and a player that kept trying was dropped for flooding."""
    lobby = serve("knock-knock", players=3, tables=1, seed=5)
    lobbies.append(lobby)
    first = join(lobby.url, lobby.codes[0][0])
    try:
        assert first.status == "waiting" and first.to_move == 0
        assert not first.my_turn() and first.legal_actions() == []
        move = gamekit.new_game("knock-knock", players=3, seed=5).legal_actions()[0]
        with pytest.raises(IllegalAction, match="not started"):
            first.play(move)
        others = [join(lobby.url, code) for code in lobby.codes[0][1:]]
        assert first.wait_until(lambda g: g.my_turn(), WAIT)
        assert first.legal_actions() == gamekit.new_game("knock-knock", players=3,
                                                         seed=5).legal_actions()  # fmt: skip
        for other in others:
            other.close()
    finally:
        first.close()


def test_a_killed_laptop_gets_a_bot_after_the_grace_period_and_takes_its_seat_back(
    lobbies: list[Lobby],
) -> None:
    clock = Clock()
    lobby = serve("knock-knock", players=3, tables=1, seed=3, grace=60, clock=clock,
                  stand_in="random")  # fmt: skip
    lobbies.append(lobby)
    codes = lobby.codes[0]
    mine = [join(lobby.url, codes[0]), join(lobby.url, codes[1])]
    laptop = player(lobby.url, codes[2], seed=7)
    first = mine[0]
    assert first.wait_until(lambda g: g.status == "playing", WAIT)

    def play_mine_until(done: Callable[[RemoteGame], bool]) -> None:
        """The test's seats play (first legal move) until ``done(first)`` holds."""
        for _ in range(2000):
            if done(first) or first.is_over:
                return
            step = first.step
            ours = [g for g in mine if g.seat == first.to_move]
            if ours:  # our seat decides: once it has seen this position, it plays
                g = ours[0]
                assert g.wait_until(reached(step), WAIT)
                if g.step == step and g.my_turn():
                    with contextlib.suppress(IllegalAction):  # the position moved on
                        g.play(g.legal_actions()[0])
            assert first.wait_until(moved_from(step, done), WAIT), lobby.log()

    play_mine_until(lambda g: g.step >= 6)
    laptop.kill()
    laptop.wait(timeout=WAIT)
    assert first.wait_until(lambda g: not g.seats[2]["connected"], WAIT)
    play_mine_until(lambda g: g.to_move == 2)  # the game comes to the absent seat's turn
    step = first.step
    assert first.to_move == 2 and not first.seats[2]["stand_in"]
    assert not first.wait_until(lambda g: g.step > step, 0.5)  # the room waits for seat 2
    clock.now += 61  # the grace period passes on the room's clock
    assert first.wait_until(lambda g: g.seats[2]["stand_in"], WAIT)
    assert first.seats[2]["note"] == "bot until you return"
    assert first.wait_until(lambda g: g.step > step, WAIT)  # the bot played seat 2
    back = join(lobby.url, codes[2])
    assert back.step == first.step or back.wait_until(lambda g: g.step == first.step, WAIT)
    assert back.view() == back._payload["view"] and back.seat == 2
    assert first.wait_until(lambda g: not g.seats[2]["stand_in"] and g.seats[2]["connected"], WAIT)
    mine.append(back)  # the learner is back: the test plays seat 2 too, to the end
    play_mine_until(lambda g: g.is_over)
    assert first.wait_until(lambda g: g.is_over, WAIT)
    assert len(lobby.records()) == 1
    for g in mine:
        g.close()


def test_a_wrong_code_is_refused_and_a_spectator_cannot_play(lobbies: list[Lobby]) -> None:
    lobby = serve("hats", players=3, tables=2, seed=1, bots={2: "random"})
    lobbies.append(lobby)
    with pytest.raises(RoomRefused, match="code"):
        join(lobby.url, "x" * 24)
    watcher = join(lobby.url, lobby.spectator_codes[1], lang="fr")
    assert watcher.seat is None and watcher.view() == gamekit.new_game(
        "hats", players=3, seed=2).view(None)  # fmt: skip
    seat = join(lobby.url, lobby.codes[1][0])
    other = join(lobby.url, lobby.codes[1][1])
    assert seat.wait_until(lambda g: g.status == "playing", WAIT)
    with pytest.raises(IllegalAction, match="un spectateur regarde"):  # its own language
        watcher.play("anything")
    with pytest.raises(IllegalAction, match="turn"):
        other.play(seat.legal_actions()[0])
    seat.play(seat.legal_actions()[0])
    assert watcher.wait_until(lambda g: g.step >= 1, WAIT)
    states = [m["payload"] for m in watcher.messages if m["type"] == "state"]
    assert states and all(p["legal"] == [] and not p["view"].get("hand") for p in states)
    for g in (watcher, seat, other):
        g.close()


def test_the_lobby_shows_its_tables_and_codes(lobbies: list[Lobby]) -> None:
    lobby = serve("boo-party", players=5, tables=3, seed=1)
    lobbies.append(lobby)
    assert len({code for table in lobby.codes for code in table}) == 15
    assert all(len(code) >= 24 for table in lobby.codes for code in table)
    html = lobby._repr_html_()
    assert all(code in html for code in lobby.codes[2]) and "waiting" in html
    assert "3 tables of 5" in repr(lobby)
    assert [t["status"] for t in lobby.tables()] == ["waiting"] * 3
    lobby.start(1)
    assert [t["status"] for t in lobby.tables()] == ["waiting", "playing", "waiting"]
