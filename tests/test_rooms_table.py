"""``Table(gamekit.rooms.join(url, code))``: the learner's table at a room, over real sockets.

A lobby on port 0; the tables are driven from Python as the page would drive them
(``play_index`` and the page's messages); every wait is for a state, bounded.
"""

from __future__ import annotations

import asyncio
import os
import threading
from pathlib import Path
from typing import Any

import pytest
from rooms_support import WAIT, Clock

import gamekit
from gamekit.rooms import join, serve
from gamekit.rooms.client import RemoteGame
from gamekit.rooms.server import Lobby

pytest.importorskip("anywidget")
from gamekit.widgets import Table, remote  # noqa: E402
from gamekit.widgets.remote import RemoteTable  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def no_borrowed_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playwright's sync API (the browser tests on this worker) leaves its event loop
    "running" in the main thread between calls. A table made there would hand its updates
    to that loop, which turns only while Playwright is called: hide it, as a script has none.
    """
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return
    real = remote._running_loop
    main = threading.main_thread()
    monkeypatch.setattr(
        remote, "_running_loop", lambda: None if threading.current_thread() is main else real()
    )


def seated(made: list[Any], lobby: Lobby, seats: list[int], **options: Any) -> list[RemoteGame]:
    games = [join(lobby.url, lobby.codes[0][s], **options) for s in seats]
    made.extend(games)
    return games


def send(table: Table, content: Any) -> None:
    """Deliver a message exactly as the page's ``model.send(content)`` would."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_a_seat_at_a_room_gets_a_table_locked_to_that_seat(made: list[Any]) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=1, bots={2: "random"})
    made.append(lobby)
    g0, g1 = seated(made, lobby, [0, 1])
    table = Table(g1)
    assert isinstance(table, RemoteTable) and table.game is g1 and table.remote
    assert table.wait_until(lambda t: t.step == 0 and t.to_move == 0, WAIT)
    assert table.seat == 1 and table.perspectives == [1] and table.humans == [1]
    assert table.seed < 0 and table.bots == ["", "", ""] and table.features == []
    assert table.view_data == g1.view() and table.legal == []  # seat 0 decides
    assert table.seat_notes == ["", "", "bot “random”"]
    assert table.scores == [2, 2, 2] and "table 1" in table.game_name
    for wrong in ({"seat": 0}, {"seat": "god"}, {"bots": "random"}, {"humans": [0, 1]},
                  {"god_view": True}, {"memory_mode": True}, {"lang": "fr"}):  # fmt: skip
        with pytest.raises(ValueError, match="room|joined"):
            Table(g1, **wrong)


def test_the_moves_of_others_appear_by_themselves_and_no_other_hand(made: list[Any]) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=4, bots={2: "random"})
    made.append(lobby)
    g0, g1 = seated(made, lobby, [0, 1])
    mine, theirs = Table(g0), Table(g1, lang="en")
    assert mine.wait_until(lambda t: t.legal != [], WAIT)
    local = gamekit.new_game("knock-knock", players=3, seed=4)
    chosen = local.legal_actions()[2]
    mine.play_index(2)
    local.play(chosen)
    assert theirs.wait_until(lambda t: t.step >= 1, WAIT)
    assert theirs.narration[-1]["step"] == 1 and theirs.narration[-1]["seat"] == 0
    assert theirs.view_data == local.view(1)  # seat 1's view, the same as a local game's
    assert theirs.view_data["hand"] != local.view(0)["hand"]  # and not seat 0's hand
    assert mine.wait_until(lambda t: t.step >= 1, WAIT)
    assert mine.view_data == local.view(0) and mine.changed  # what changed, for the page
    assert mine.error == ""


def test_a_refused_move_shows_the_rooms_reason_and_changes_nothing(made: list[Any]) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=2, lang="fr", bots={2: "random"})
    made.append(lobby)
    g0, g1 = seated(made, lobby, [0, 1])
    first, second = Table(g0), Table(g1)
    assert second.wait_until(lambda t: t.to_move == 0, WAIT)
    second.play_index(0)  # not seat 1's turn: the room says why, in the table's language
    assert second.wait_until(lambda t: t.error != "", WAIT)
    assert "joueur 1" in second.error.lower() and second.step == 0
    first.play_index(0)
    assert first.wait_until(lambda t: t.step >= 1, WAIT)
    assert second.wait_until(lambda t: t.step >= 1 and t.legal != [], WAIT)
    send(second, {"type": "play", "index": 0, "step": 0})  # a click on the old position
    assert second.wait_until(lambda t: "étape 0" in t.error, WAIT)
    assert lobby.tables()[0]["step"] == 1 and second.step == 1  # nothing was played
    send(second, {"type": "play", "index": True, "step": 1})  # bad shapes never reach the room
    assert "choix" in second.error and lobby.tables()[0]["step"] == 1


def test_the_page_cannot_undo_or_start_a_new_game_at_a_room(made: list[Any]) -> None:
    lobby = serve("hats", players=3, tables=1, seed=1, bots={1: "random", 2: "random"})
    made.append(lobby)
    (g0,) = seated(made, lobby, [0])
    table = Table(g0)
    assert table.wait_until(lambda t: t.legal != [], WAIT)
    table.play_index(0)
    assert table.wait_until(lambda t: t.step >= 1, WAIT)
    assert lobby.tables()[0]["step"] >= 1
    for request in ({"type": "undo"}, {"type": "redo"}, {"type": "goto", "step": 0},
                    {"type": "new", "title": "hats", "seed": 3}, {"type": "save"},
                    {"type": "load", "text": "{}"}, {"type": "sit", "seat": 1},
                    {"type": "stand", "seat": 0}, {"type": "bot", "seat": 1, "name": "greedy"},
                    {"type": "seat", "seat": 1}, {"type": "step"}):  # fmt: skip
        table.error = ""
        send(table, request)
        assert "room" in table.error, request
    table.error = ""
    send(table, {"type": "step", "auto": True})  # the page's autoplay: nothing to do
    assert table.error == ""
    table.set_state({"memory_mode": True, "party_timer": True})
    assert not table.memory_mode and "settings" in table.error
    assert table.game.seat == 0 and table.seat == 0


def test_updates_are_made_on_the_kernels_loop_while_it_is_idle(made: list[Any]) -> None:
    """The connection's thread hands each update to the loop the table was made on."""
    lobby = serve("knock-knock", players=3, tables=1, seed=5, bots={2: "random"})
    made.append(lobby)
    g0, g1 = seated(made, lobby, [0, 1])
    loop = asyncio.new_event_loop()
    kernel = threading.Thread(target=loop.run_forever, name="the-kernel", daemon=True)
    kernel.start()

    async def make() -> RemoteTable:
        table = Table(g1)
        assert isinstance(table, RemoteTable)
        return table

    table = asyncio.run_coroutine_threadsafe(make(), loop).result(timeout=WAIT)
    threads: list[str] = []
    table.on_change(lambda _t: threads.append(threading.current_thread().name))
    assert g0.wait_until(lambda g: g.my_turn(), WAIT)
    g0.play(g0.legal_actions()[0])
    assert table.wait_until(lambda t: t.step >= 1, WAIT)
    assert threads and set(threads) == {"the-kernel"}
    loop.call_soon_threadsafe(loop.stop)
    kernel.join(timeout=WAIT)
    loop.close()


def test_an_absent_seat_is_marked_bot_until_you_return(made: list[Any]) -> None:
    clock = Clock()
    lobby = serve("knock-knock", players=3, tables=1, seed=3, grace=60, clock=clock,
                  stand_in="random")  # fmt: skip
    made.append(lobby)
    g0, g1, g2 = seated(made, lobby, [0, 1, 2])
    table = Table(g0)
    assert table.wait_until(lambda t: "waiting" not in t.game_name, WAIT)
    g2.close()
    assert table.wait_until(lambda t: t.seat_notes[2] == "away", WAIT)
    clock.now += 61  # the grace period passes on the room's clock
    assert table.wait_until(lambda t: t.seat_notes[2] == "bot until you return", WAIT)
    back = join(lobby.url, lobby.codes[0][2])
    made.append(back)
    assert table.wait_until(lambda t: t.seat_notes[2] == "", WAIT)


def test_the_rooms_move_timer_and_pause_show_on_the_table(made: list[Any]) -> None:
    clock = Clock()
    lobby = serve("boo-party", players=3, tables=1, seed=1, move_timer=20, clock=clock)
    made.append(lobby)
    games = seated(made, lobby, [0, 1, 2])
    table = Table(games[0])
    assert table.wait_until(lambda t: t.party_timer, WAIT)
    assert table.timer_seat == table.to_move and table.timer_seconds == 20
    lobby.pause()
    assert table.wait_until(lambda t: "paused by the teacher" in t.game_name, WAIT)
    assert not table.party_timer and table.timer_seat is None
    lobby.resume()
    assert table.wait_until(lambda t: t.party_timer and "paused" not in t.game_name, WAIT)


def test_a_whole_game_played_through_tables_ends_as_a_local_replay(made: list[Any]) -> None:
    lobby = serve("bloody-inn", players=2, tables=1, seed=7)
    made.append(lobby)
    tables = [Table(g) for g in seated(made, lobby, [0, 1])]
    for _ in range(5000):
        if tables[0].is_over:
            break
        step = tables[0].step
        mover = [t for t in tables if t.seat == tables[0].to_move]
        if mover and mover[0].wait_until(lambda t, s=step: t.step == s and t.legal != [], WAIT):
            mover[0].play_index(len(mover[0].legal) - 1, at_step=step)
        assert tables[0].wait_until(lambda t, s=step: t.step != s or t.is_over, WAIT)
    assert all(t.wait_until(lambda t: t.is_over, WAIT) for t in tables)
    (record,) = lobby.records()
    replay = gamekit.load_game(record)
    for table in tables:
        assert table.scores == [int(s) for s in replay.scores()]
        assert table.winners == list(replay.winners())
        assert table.summary_lines == replay.rules.result_lines(replay.state)
        assert table.view_data == replay.view(table.seat)


def test_in_a_real_kernel_the_moves_of_others_appear_while_it_is_idle(made: list[Any]) -> None:
    """An ipykernel: the table is made in a cell, another seat plays, and the table has
    the move by the next cell, updated on the kernel's own (main) thread."""
    manager = pytest.importorskip("jupyter_client.manager")
    lobby = serve("knock-knock", players=3, tables=1, seed=6, bots={2: "random"})
    made.append(lobby)
    (g0,) = seated(made, lobby, [0])
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    km, kc = manager.start_new_kernel(kernel_name="python3", startup_timeout=WAIT, env=env)
    try:
        code = lobby.codes[0][1]
        cell = (
            "import threading, gamekit\nfrom gamekit.widgets import Table\n"
            f"t = Table(gamekit.rooms.join({lobby.url!r}, {code!r}))\nseen = []\n"
            "t.on_change(lambda _t: seen.append(threading.current_thread().name))\n"
            "print(type(t).__name__, t.seat, t.step)"
        )
        assert _run(kc, cell) == "RemoteTable 1 0"
        assert g0.wait_until(lambda g: g.my_turn(), WAIT)
        g0.play(g0.legal_actions()[0])
        shown = ""
        for _ in range(600):  # each cell leaves the kernel idle until the next
            shown = _run(kc, "print(t.step, sorted(set(seen)), len(t.legal))")
            if not shown.startswith("0 "):
                break
        assert shown == f"1 ['MainThread'] {len(_seat_1_legal(seed=6))}"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def _seat_1_legal(seed: int) -> list[Any]:
    """Seat 1's legal moves after seat 0's first legal move (the room's game, replayed)."""
    local = gamekit.new_game("knock-knock", players=3, seed=seed)
    local.play(local.legal_actions()[0])
    return list(local.legal_actions())


def _run(kc: Any, code: str) -> str:
    """Run ``code`` in the kernel; its printed output (stripped), failing on an error."""
    out: list[str] = []

    def take(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        elif msg["msg_type"] == "error":
            out.append("\n".join(msg["content"]["traceback"]))

    reply = kc.execute_interactive(code, timeout=WAIT, output_hook=take)
    assert reply["content"]["status"] == "ok", "".join(out)
    return "".join(out).strip()


def test_a_table_whose_loop_cannot_turn_still_shows_the_room_while_it_waits(
    made: list[Any],
) -> None:
    """A loop marked running on this thread that cannot turn while the thread waits (a
    notebook cell that calls ``wait_until``; the browser tests' Playwright session): the
    table draws the room's messages itself while it waits, instead of waiting for ever."""
    lobby = serve("knock-knock", players=3, tables=1, seed=5, bots={1: "random", 2: "random"})
    made.append(lobby)
    (g0,) = seated(made, lobby, [0])
    stuck = asyncio.new_event_loop()
    asyncio.events._set_running_loop(stuck)
    try:
        table = Table(g0)
        assert table.wait_until(lambda t: bool(t.legal), WAIT)
        g0.play(g0.legal_actions()[0])
        assert table.wait_until(lambda t: t.step >= 1, WAIT)
    finally:
        asyncio.events._set_running_loop(None)
        stuck.close()


def test_the_teachers_question_shows_on_the_table_and_the_page_answers_it(
    made: list[Any],
) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=5, bots={2: "greedy"})
    made.append(lobby)
    g0, g1 = seated(made, lobby, [0, 1])
    mover, watcher = Table(g0), Table(g1)
    assert mover.wait_until(lambda t: t.legal != [], WAIT) and mover.ask == {}
    lobby.ask()
    assert mover.wait_until(lambda t: t.ask.get("move") is not None and t.legal == [], WAIT)
    assert "the teacher's question" in mover.game_name
    assert watcher.wait_until(lambda t: "chance" in t.ask, WAIT) and "move" not in watcher.ask
    send(mover, {"type": "answer", "choice": 1})
    assert mover.wait_until(lambda t: t.ask["move"]["answer"] == 1, WAIT)
    for wrong in ({"type": "answer", "guess": "many"}, {"type": "answer", "guess": True},
                  {"type": "answer"}):  # fmt: skip
        send(mover, wrong)
        assert mover.error != "", wrong
    send(watcher, {"type": "answer", "choice": 0})  # no move asked of this seat: the room says so
    assert watcher.wait_until(lambda t: "no move" in t.error, WAIT)
    send(watcher, {"type": "answer", "guess": 12})
    assert watcher.wait_until(lambda t: t.ask["chance"]["answer"] == 12, WAIT)
    lobby.reveal()
    assert mover.wait_until(lambda t: t.ask.get("revealed") and "bots" in t.ask["move"], WAIT)
    assert watcher.wait_until(lambda t: "exact" in t.ask["chance"], WAIT)
    assert [row["answer"] for row in [mover.ask["move"]]] == [1]
    lobby.resume()
    assert mover.wait_until(lambda t: t.ask == {} and t.legal != [], WAIT)
