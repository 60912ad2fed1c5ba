"""``Table(gamekit.rooms.join(url, code))`` in JupyterLab and Chromium: a seat at a room.

The lobby runs in the test's process; the notebook's kernel joins seat 0, the test
plays seat 1 through its own connection, and the room's bot plays seat 2. The page
must show the moves of the others by itself, and none of the local table's
controls that a room does not allow. A screenshot goes to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from labserver import Lab

from gamekit.rooms import join, serve

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WAIT = 120.0
_STEP = "() => Number(document.querySelector('.gk-root').dataset.step)"
_SHOWN = """(sel) => [...document.querySelectorAll('.gk-root ' + sel)]
  .filter((e) => e.getClientRects().length).length"""


def test_a_seat_at_a_room_plays_in_the_browser_and_sees_the_others_moves(
    page: Any, lab: Lab
) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=22, bots={2: "greedy"})
    other = join(lobby.url, lobby.codes[0][1])
    try:
        cell = (
            "import gamekit\nfrom gamekit.widgets import Table\n"
            f"t = Table(gamekit.rooms.join({lobby.url!r}, {lobby.codes[0][0]!r}))\nt"
        )
        lab.write_notebook("room-table.ipynb", [cell])
        lab.open_and_run(page, "room-table.ipynb")
        page.wait_for_function(
            "() => !!document.querySelector('.gk-root .gk-board[data-board=title] .gk-playable')"
            " && !!document.querySelector('.gk-root .gk-action')",
            timeout=90_000,
        )
        hidden = (".gk-undo", ".gk-redo", ".gk-new", ".gk-step-one", ".gk-timeline",
                  ".gk-bot-select", ".gk-sit", ".gk-stand", ".gk-seed", ".gk-save")  # fmt: skip
        for control in hidden:
            assert page.evaluate(_SHOWN, control) == 0, control
        notes = page.locator(".gk-root .gk-seat-note").all_inner_texts()
        assert notes[2] == "bot “greedy”"
        assert "table 1" in page.locator(".gk-game-name").inner_text()
        page.locator(".gk-root .gk-action").first.click()
        page.wait_for_function(f"() => ({_STEP})() >= 1", timeout=60_000)
        for _ in range(100):  # seat 1 plays from elsewhere (and the bot seat 2) until seat 0
            assert other.wait_until(lambda g: g.my_turn() or g.to_move == 0 or g.is_over, WAIT)
            if other.to_move == 0 or other.is_over:
                break
            other.play(other.legal_actions()[0])
        reached = other.step
        assert reached >= 2 and other.to_move == 0
        # Nothing is clicked: the kernel is idle, and the page shows the others' moves.
        page.wait_for_function(f"() => ({_STEP})() >= {reached}", timeout=60_000)
        page.wait_for_function("() => !!document.querySelector('.gk-root .gk-action')")
        text = page.locator(".gk-root .gk-narration").inner_text()
        assert "Player 2 opens the door" in text and "Player 2 lays a card" in text
        assert page.locator(".gk-root.gk-broken").count() == 0
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        page.mouse.move(1, 1)
        page.locator(".gk-root").screenshot(path=str(lab.artifact("room-table-seat-0.png")))
    finally:
        other.close()
        lobby.stop()
