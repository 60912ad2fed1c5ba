"""The party timer runs on the kernel's clock, for the seat that is waited for only.

The clock is a :class:`~gamekit.widgets.timer.ManualClock`: time moves when a test
says so, so no test sleeps. A ``timeout`` from the page is a hint the kernel checks
against its own countdown; it never plays anything by itself. Also here: the
other title features the table asks for (its controls, the search bot's budget).
"""

from __future__ import annotations

from typing import Any

import pytest

import gamekit

pytest.importorskip("anywidget")
from gamekit.widgets import Table  # noqa: E402
from gamekit.widgets.timer import ManualClock, PartyTimer  # noqa: E402

BOO = "boo-party"
INN = "bloody-inn"
BOOT = "gamekit.new_game('boo-party', players=4, seed=2).state"
"""The state a kernel cell rebuilds to ask for the timed move of the first Monster."""


def send(table: Table, content: Any) -> None:
    """Deliver a message exactly as the page's ``model.send(content)`` would."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def monster_table(clock: ManualClock, timer: bool = True, **kwargs: Any) -> Table:
    """Boo Party! for 4, the learner at the Monster who decides first (seat 1)."""
    game = gamekit.new_game(BOO, players=4, seed=2)
    assert game.to_move == 1
    table = Table(game, seat=1, clock=clock, **kwargs)
    table.party_timer = timer
    return table


def test_the_table_sends_the_titles_features() -> None:
    assert Table(gamekit.new_game(BOO, seed=1)).features == ["memory", "timer"]
    assert Table(gamekit.new_game(INN, seed=1)).features == []


def test_the_party_timer_plays_the_timed_move_on_the_kernels_clock() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    game = table.game
    timed = game.rules.timeout_action(game.state, 1)
    assert table.timer_seat == 1 and clock.waiting == 1
    clock.advance(4.9)
    assert game.step == 0, "not before the time is up"
    clock.advance(0.1)
    assert game.step == 1 and game.history[0] == timed
    assert "time is up" in table.notice.lower() and not table.error
    assert table.timer_seat is None and clock.waiting == 0, "the next seat is a bot's"


def test_the_timed_move_is_the_titles_own_not_a_guess_from_its_text() -> None:
    rules = gamekit.rules_for(BOO)
    game = gamekit.new_game(BOO, players=4, seed=2)
    timed = rules.timeout_action(game.state, 1)
    assert timed in game.legal_actions() and timed.seat == 1  # type: ignore[union-attr]
    assert rules.timeout_action(game.state, 2) is None, "only the seat to move"
    assert gamekit.rules_for(INN).timeout_action(gamekit.new_game(INN).state, 0) is None


def test_a_page_timeout_alone_plays_nothing() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    send(table, {"type": "timeout", "step": 0})  # early: the kernel's time is not up
    assert table.game.step == 0 and not table.error


def test_a_page_timeout_for_a_bot_seat_changes_nothing() -> None:
    clock = ManualClock()
    game = gamekit.new_game(BOO, players=4, seed=2)
    table = Table(game, seat=None, clock=clock)  # every seat a bot
    table.party_timer = True
    assert table.timer_seat is None and clock.waiting == 0
    clock.advance(60)
    send(table, {"type": "timeout", "step": 0})
    assert game.step == 0 and not table.error


def test_a_page_timeout_for_the_seer_changes_nothing() -> None:
    clock = ManualClock()
    game = gamekit.new_game(BOO, players=3, seed=2)
    table = Table(game, humans=[0], seat=0, clock=clock)
    table.party_timer = True
    while game.to_move != 0:
        table.bot_step()
    step = game.step
    assert table.timer_seat is None, "the Seer has no timed move"
    clock.advance(60)
    send(table, {"type": "timeout", "step": step})
    assert game.step == step


def test_a_page_timeout_with_the_timer_off_changes_nothing() -> None:
    clock = ManualClock()
    table = monster_table(clock, timer=False)
    assert table.timer_seat is None and clock.waiting == 0
    clock.advance(60)
    send(table, {"type": "timeout", "step": 0})
    assert table.game.step == 0


def test_a_stale_or_early_page_timeout_changes_nothing() -> None:
    clock = ManualClock(calls_back=False)  # a kernel whose loop cannot call back
    table = monster_table(clock)
    game = table.game
    clock.advance(4)
    send(table, {"type": "timeout", "step": 0})
    assert game.step == 0, "early: the kernel's deadline has not passed"
    clock.advance(1)
    send(table, {"type": "timeout", "step": 5})
    send(table, {"type": "timeout", "step": "0"})
    send(table, {"type": "timeout"})
    assert game.step == 0, "another position's timer"
    send(table, {"type": "timeout", "step": 0})
    assert game.step == 1 and game.history[0] == game.rules.timeout_action(
        gamekit.new_game(BOO, players=4, seed=2).state, 1
    ), "the hint, checked against the kernel's own deadline, is honoured"


def test_a_move_in_time_cancels_the_countdown() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    table.play_index(0)
    assert table.game.step == 1 and table.timer_seat is None and clock.waiting == 0
    clock.advance(60)
    assert table.game.step == 1


def test_switching_the_timer_off_cancels_the_countdown() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    table.party_timer = False
    assert table.timer_seat is None and clock.waiting == 0
    clock.advance(60)
    assert table.game.step == 0
    table.party_timer = True
    assert table.timer_seat == 1, "switched on again: a fresh countdown"
    clock.advance(5)
    assert table.game.step == 1


def test_undo_cancels_and_restarts_the_countdown() -> None:
    clock = ManualClock()
    table = monster_table(clock, humans=[1, 2])
    clock.advance(3)
    table.play_index(0)
    send(table, {"type": "undo"})
    assert table.game.step == 0 and table.timer_seat == 1
    clock.advance(3)
    assert table.game.step == 0, "the countdown started again at the undo"
    clock.advance(2)
    assert table.game.step == 1


def test_a_covered_screen_runs_no_countdown() -> None:
    clock = ManualClock()
    table = monster_table(clock, humans=[1, 2])
    table.play_index(0)
    assert table.cover_for == 2 and table.timer_seat is None and clock.waiting == 0
    clock.advance(60)
    assert table.game.step == 1, "the next player has not seen their cards yet"
    send(table, {"type": "uncover"})
    assert table.timer_seat == 2
    clock.advance(5)
    assert table.game.step == 2


def test_after_new_game_the_bloody_inn_is_never_played_by_a_timer() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    clock.advance(2)
    send(table, {"type": "new", "title": INN, "players": 2, "seed": 3})
    assert table.title == INN and table.features == [] and table.party_timer
    assert table.timer_seat is None and clock.waiting == 0
    game = table.game
    chosen = 0
    while not game.is_over:
        clock.advance(60)
        send(table, {"type": "timeout", "step": game.step})
        assert game.step == chosen, "no move but the ones chosen below"
        if game.to_move in table.humans:
            table.play_index(0)
        else:
            table.bot_step()
        chosen += 1
        assert game.step == chosen and not table.error
    assert clock.waiting == 0


def test_a_new_game_of_the_same_title_starts_a_fresh_countdown() -> None:
    clock = ManualClock()
    table = monster_table(clock)
    clock.advance(4)
    send(table, {"type": "new", "title": BOO, "players": 4, "seed": 2})
    clock.advance(4)
    assert table.game.step == 0, "the last game's countdown did not carry over"
    clock.advance(1)
    assert table.game.step == 1


def test_the_party_timer_rings_once_and_only_for_its_key() -> None:
    clock = ManualClock()
    rung: list[str] = []
    timer = PartyTimer(clock)
    timer.start("a", 5, lambda: rung.append("a"))
    timer.start("b", 5, lambda: rung.append("b"))
    clock.advance(10)
    assert rung == ["b"] and not timer.running("b")
    timer.start("c", 1, lambda: rung.append("c"))
    timer.cancel()
    clock.advance(10)
    assert rung == ["b"] and not timer.due("c")


def test_the_party_timer_rings_on_a_real_kernels_event_loop() -> None:
    """The default clock: a Jupyter kernel's own loop plays the timed move between cells."""
    import os
    import time
    from pathlib import Path

    manager_module = pytest.importorskip("jupyter_client.manager")
    root = str(Path(__file__).resolve().parent.parent)
    manager = manager_module.KernelManager(kernel_name="python3")
    manager.start_kernel(env={**os.environ, "PYTHONPATH": root})
    client = manager.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)

        def run(code: str) -> str:
            reply = client.execute_interactive(code, timeout=60, output_hook=hooked)
            assert reply["content"]["status"] == "ok", reply["content"]
            return "".join(printed)

        printed: list[str] = []

        def hooked(msg: dict[str, Any]) -> None:
            if msg["msg_type"] == "stream":
                printed.append(msg["content"]["text"])

        run(
            "import gamekit\nfrom gamekit.widgets import Table\n"
            "g = gamekit.new_game('boo-party', players=4, seed=2)\n"
            "t = Table(g, seat=1, timer_seconds=1)\nt.party_timer = True\n"
            "print(gamekit.__file__, t.timer_seat, g.step)\n"
        )
        assert printed[0].split() == [str(Path(root) / "gamekit" / "__init__.py"), "1", "0"]
        deadline = time.monotonic() + 60  # a bound on a wait for a state, not a timing
        while time.monotonic() < deadline:
            printed.clear()
            if run(f"print(g.step, list(g.history) == [g.rules.timeout_action({BOOT}, 1)])") == (
                "1 True\n"
            ):
                break
            time.sleep(0.2)
        assert "".join(printed) == "1 True\n", "the kernel's loop played the timed move"
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def test_a_table_seats_the_search_bot_with_the_titles_demo_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from gamekit.core.rules import SearchDefaults

    rules = gamekit.rules_for("hats")
    hats = Table(gamekit.new_game("hats", seed=1), bots="search")._bot_for(1)
    assert hats.budget == rules.search_defaults.demo_budget == 1500  # type: ignore[attr-defined]
    monkeypatch.setattr(type(rules), "search_defaults", SearchDefaults(4500))
    assert Table(gamekit.new_game("hats", seed=1), bots="search")._bot_for(1).budget is None
    monkeypatch.setattr(type(rules), "search_defaults", SearchDefaults(4500, demo_budget=300))
    table = Table(gamekit.new_game("hats", seed=1), bots="search")
    assert table._bot_for(1).budget == 300  # type: ignore[attr-defined]
    best = Table(gamekit.new_game("hats", seed=1), bots="best")._bot_for(1)
    assert best.name == "search" and best.budget == 300  # type: ignore[attr-defined]
    assert Table(gamekit.new_game("hats", seed=1), bots="greedy")._bot_for(1).name == "greedy"
