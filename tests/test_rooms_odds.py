"""The odds panel at a room, over real sockets: the teacher switches it per table, the room
computes each seat's rows from that seat's own view, and no seat ever gets another's.

The panel is a stand-in (:mod:`odds_fake`) whose rows name the seat and a digest of the
view they were computed from. Every wait is for a state, bounded.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from odds_fake import FakePanel, fake_panel, rows_for
from rooms_support import WAIT

from gamekit.rooms import join, serve
from gamekit.rooms.client import ControlRefused, RemoteGame
from gamekit.rooms.server import Lobby
from gamekit.widgets import Table


@pytest.fixture
def panel(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakePanel]:
    with fake_panel(monkeypatch) as fake:
        yield fake


def _seats(made: list[Any], lobby: Lobby, table: int = 0) -> list[RemoteGame]:
    games = [join(lobby.url, code) for code in lobby.codes[table]]
    made.extend(games)
    return games


def _states(game: RemoteGame) -> list[dict[str, Any]]:
    return [m for m in list(game.messages) if m.get("type") == "state"]


def _own_rows_only(game: RemoteGame) -> None:
    """Every state this laptop got holds its own rows (its seat, its view) or none."""
    for message in _states(game):
        payload = message["payload"]
        rows = payload.get("odds", [])
        if not rows:
            continue
        assert message["odds"], "rows only while the teacher has the panel on"
        assert rows == rows_for(payload["view"], game.seat), (game.seat, rows[0]["given"])
        assert game.seat is None or payload["to_move"] == game.seat


def test_set_odds_reaches_the_seats_each_with_its_own_rows(
    made: list[Any], panel: FakePanel
) -> None:
    lobby = serve("knock-knock", players=3, tables=2, seed=1)
    made.append(lobby)
    seats = _seats(made, lobby)
    watcher = join(lobby.url, lobby.spectator_codes[0])
    other = _seats(made, lobby, table=1)
    made.append(watcher)
    assert seats[0].wait_until(lambda g: g.my_turn(), WAIT)
    assert all(not g.odds and g.odds_rows() == [] for g in [*seats, watcher])
    lobby.set_odds(True, table=0)
    for game in [*seats, watcher]:
        assert game.wait_until(lambda g: g.odds, WAIT)
    assert seats[0].odds_rows() == rows_for(seats[0].view(), 0)
    assert seats[1].odds_rows() == [] and seats[2].odds_rows() == []
    assert watcher.odds_rows() == rows_for(watcher.view(), None)
    assert all(not g.odds and g.odds_rows() == [] for g in other), "table 1 is left alone"
    assert [t["odds"] for t in lobby.tables()] == [True, False]
    for _move in range(4):  # the rows follow whoever decides
        mover = next(g for g in seats if g.my_turn())
        step = mover.step
        mover.play(mover.legal_actions()[0])
        for game in seats:
            assert game.wait_until(lambda g, s=step: g.step > s, WAIT)
        deciding = next(g for g in seats if g.my_turn())
        assert deciding.odds_rows() == rows_for(deciding.view(), deciding.seat)
        assert all(g.odds_rows() == [] for g in seats if g is not deciding)
    for game in [*seats, watcher, *other]:
        _own_rows_only(game)
    assert {seat for _title, seat, _view in panel.calls} <= {None, 0, 1, 2}
    lobby.set_odds(False)
    for game in [*seats, watcher]:
        assert game.wait_until(lambda g: not g.odds, WAIT)
        assert game.odds_rows() == []


def test_the_teacher_switches_the_panel_over_the_wire_per_table(
    made: list[Any], panel: FakePanel
) -> None:
    lobby = serve("hats", players=3, tables=2, seed=1, bots={1: "random", 2: "random"},
                  odds=[True, False])  # fmt: skip
    made.append(lobby)
    (on,) = _seats(made, lobby)[:1]
    (off,) = _seats(made, lobby, table=1)[:1]
    desk = join(lobby.url, lobby.teacher_code, table=1)
    made.append(desk)
    assert on.wait_until(lambda g: g.my_turn() and bool(g.odds_rows()), WAIT)
    assert off.wait_until(lambda g: g.my_turn(), WAIT) and not off.odds
    desk.control("odds_on", table=1)
    assert off.wait_until(lambda g: g.odds and bool(g.odds_rows()), WAIT)
    assert off.odds_rows() == rows_for(off.view(), 0)
    desk.control("odds_off")  # every table
    for game in (on, off):
        assert game.wait_until(lambda g: not g.odds and g.odds_rows() == [], WAIT)
    learner = on
    with pytest.raises(ControlRefused, match="teacher"):
        learner.control("odds_on")
    assert not on.odds


def test_bad_switches_are_refused(made: list[Any]) -> None:
    with pytest.raises(ValueError, match="odds must be"):
        serve("hats", players=3, odds=[])
    lobby = serve("hats", players=3, tables=1, seed=1)
    made.append(lobby)
    with pytest.raises(ValueError, match="on must be True or False"):
        lobby.set_odds("yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no table 3"):
        lobby.set_odds(True, table=3)
    assert not lobby.classroom.rooms[0].odds


def test_the_learners_remote_table_obeys_the_teacher(made: list[Any], panel: FakePanel) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=1, bots={1: "random", 2: "random"})
    made.append(lobby)
    seat = join(lobby.url, lobby.codes[0][0])
    made.append(seat)
    table = Table(seat)
    assert table.wait_until(lambda t: bool(t.legal), WAIT)
    assert not table.odds and table.odds_locked and table.odds_rows == []
    table.set_state({"odds": True})  # the page's toggle: the teacher decides at a room
    assert not table.odds and table.odds_rows == []
    assert table.error == "at a room the teacher switches the odds panel on or off"
    lobby.set_odds(True)
    assert table.wait_until(lambda t: t.odds and bool(t.odds_rows), WAIT)
    assert table.odds_rows == rows_for(table.view_data, 0) and not table.odds_locked
    table.error = ""
    table.set_state({"odds": False})
    assert table.odds and table.error.startswith("at a room the teacher")
    lobby.set_odds(False)
    assert table.wait_until(lambda t: not t.odds and t.odds_rows == [], WAIT)
    assert table.odds_locked
