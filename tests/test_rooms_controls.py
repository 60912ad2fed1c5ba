"""The teacher's controls over the wire, and Boo Party!'s party timer on the room's clock.

A lobby on port 0 and real connections: the teacher's (the teacher's code) and the
learners'. Every wait is for a state, bounded; the room's clock is the test's.
"""

from __future__ import annotations

from typing import Any

import pytest
from rooms_support import WAIT, Clock

import gamekit
from gamekit.core.errors import IllegalAction
from gamekit.rooms import join, serve
from gamekit.rooms.client import ControlRefused, RemoteGame
from gamekit.rooms.server import Lobby


def seats(made: list[Any], lobby: Lobby, table: int = 0) -> list[RemoteGame]:
    games = [join(lobby.url, code) for code in lobby.codes[table]]
    made.extend(games)
    return games


def test_the_teacher_pauses_resumes_and_opens_the_god_view_over_the_wire(
    made: list[Any],
) -> None:
    lobby = serve("knock-knock", players=3, tables=2, seed=1, bots={2: "random"})
    made.append(lobby)
    g0, g1, _ = seats(made, lobby)
    teacher = join(lobby.url, lobby.teacher_code, table=0)
    made.append(teacher)
    assert g0.wait_until(lambda g: g.my_turn(), WAIT)
    assert teacher.view() == teacher._payload["view"] and teacher._payload["seat"] is None
    move = g0.legal_actions()[0]
    teacher.control("pause", table=0)
    assert g0.wait_until(lambda g: g.status == "paused", WAIT)
    assert [t["status"] for t in lobby.tables()] == ["paused", "waiting"]  # table 1 untouched
    assert not g0.my_turn() and g0.legal_actions() == []  # a paused table offers no moves
    with pytest.raises(IllegalAction, match="paused"):
        g0.play(move)  # a move chosen before the pause
    assert teacher.wait_until(lambda g: g._payload["seat"] == "god", WAIT)  # paused: everything
    assert len(teacher._payload["seat_views"]) == 3
    teacher.control("resume", table=0)
    assert g0.wait_until(lambda g: g.status == "playing", WAIT)
    assert teacher.wait_until(lambda g: g._payload["seat"] is None, WAIT)  # closed again
    g0.play(g0.legal_actions()[0])
    assert g1.wait_until(lambda g: g.step >= 1, WAIT)


def test_the_teacher_restarts_a_table_and_ends_all_over_the_wire(made: list[Any]) -> None:
    lobby = serve("hats", players=3, tables=2, seed=1, bots={1: "random", 2: "random"})
    made.append(lobby)
    (g0,) = seats(made, lobby)[:1]
    teacher = join(lobby.url, lobby.teacher_code, table=1)
    made.append(teacher)
    assert g0.wait_until(lambda g: g.my_turn(), WAIT)
    g0.play(g0.legal_actions()[0])
    assert g0.wait_until(lambda g: g.step >= 1, WAIT)
    first = g0._state["game"]
    teacher.control("restart", table=0)
    assert g0.wait_until(lambda g: g._state["game"] == first + 1 and g.step == 0, WAIT)
    fresh = gamekit.new_game("hats", players=3, seed=1 + 1 * 2)  # the next seed of table 0
    assert g0.view() == fresh.view(0)
    teacher.control("end_all")
    assert g0.wait_until(lambda g: g.status == "ended", WAIT)
    assert [t["status"] for t in lobby.tables()] == ["ended", "ended"]
    with pytest.raises(IllegalAction, match="ended"):
        g0.play(g0.legal_actions()[0] if g0.legal_actions() else "x")


def test_only_the_teachers_code_opens_the_controls(made: list[Any]) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=1)
    made.append(lobby)
    g0, *_ = seats(made, lobby)
    watcher = join(lobby.url, lobby.spectator_codes[0])
    teacher = join(lobby.url, lobby.teacher_code, table=0)
    made += [watcher, teacher]
    for who in (g0, watcher):
        with pytest.raises(ControlRefused, match="teacher"):
            who.control("pause")
    with pytest.raises(ControlRefused, match="no table 5"):
        teacher.control("pause", table=5)
    with pytest.raises(ControlRefused, match="which table"):
        teacher.control("restart")
    assert lobby.tables()[0]["status"] == "playing"
    assert any("refused, pause" in line for line in lobby.log())


def test_the_move_timer_is_set_over_the_wire_and_plays_on_the_rooms_clock(
    made: list[Any],
) -> None:
    clock = Clock()
    lobby = serve("knock-knock", players=3, tables=1, seed=2, clock=clock, stand_in="random")
    made.append(lobby)
    g0, *_ = seats(made, lobby)
    teacher = join(lobby.url, lobby.teacher_code, table=0)
    made.append(teacher)
    assert g0.wait_until(lambda g: g.my_turn() and g._state["timer"] is None, WAIT)
    teacher.control("timer", seconds=30)
    assert g0.wait_until(lambda g: g._state["timer"] == 30.0, WAIT)
    clock.now += 31  # the seat to move lets its time run out
    assert g0.wait_until(lambda g: g.step >= 1, WAIT)
    assert any("timer ran out" in line for line in lobby.log())
    teacher.control("timer", seconds=0)
    assert g0.wait_until(lambda g: g._state["timer"] is None, WAIT)


def test_boo_partys_party_timer_runs_on_the_rooms_clock(made: list[Any]) -> None:
    """Only a Monster choosing a costume is timed; when time is up they wear nothing."""
    clock = Clock()
    lobby = serve("boo-party", players=3, tables=1, seed=1, clock=clock, party_timer=5)
    made.append(lobby)
    games = seats(made, lobby)
    room = lobby.classroom.rooms[0]
    rules = gamekit.rules_for("boo-party")

    def timed_now() -> bool:
        game = room.game
        move = rules.timeout_action(game.state, game.to_move) if game.to_move is not None else None
        return move is not None and move in game.legal_actions()

    for _ in range(200):  # the seats play until a Monster chooses a costume
        first = games[0]
        assert first.wait_until(lambda g: g.status == "playing", WAIT)
        if lobby._call(timed_now):
            break
        assert first._state["timer"] is None  # no timer for any other move
        mover = [g for g in games if g.seat == first.to_move][0]
        assert mover.wait_until(lambda g, s=first.step: g.step == s and g.my_turn(), WAIT)
        mover.play(mover.legal_actions()[0])
    else:
        pytest.fail("no Monster came to choose a costume")
    step, mover = games[0].step, games[0].to_move
    assert mover is not None
    timed = rules.timeout_action(room.game.state, mover)
    assert games[0].wait_until(lambda g: g._state["timer"] == 5.0, WAIT)
    clock.now += 6
    assert games[0].wait_until(lambda g: g.step == step + 1, WAIT)
    assert lobby._call(lambda: room.game.history[-1]) == timed  # they wear nothing
    assert any("timer ran out" in line for line in lobby.log())
