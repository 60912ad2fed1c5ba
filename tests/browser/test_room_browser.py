"""Two learners and the projector at one room, each in their own Chromium context.

One JupyterLab, three 1280×720 browser contexts, each with its own notebook and
kernel: two learners run ``Table(gamekit.rooms.join(url, code))`` and play a
Knock! Knock! game to the end with the mouse, beside the room's random bot; the
third context is the projector, joined with the table's spectator code. The
test follows the room through a spectator connection of its own and clicks a
learner's page only once that page shows the room's current step with a move
enabled, so it never races the bot. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from labserver import Lab, open_room_table, room_cell, shoot_table

from gamekit import load_game
from gamekit.rooms import join, serve

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WAIT = 120.0
MOVES = 400
_STEP = "() => Number(document.querySelector('.gk-root')?.dataset.step ?? -1)"
_READY = """(step) => {
  const root = document.querySelector('.gk-root');
  return !!root && Number(root.dataset.step) === step
    && !!root.querySelector('.gk-action:not([disabled])');
}"""
_SHOWN = """(sel) => [...document.querySelectorAll('.gk-root ' + sel)]
  .filter((e) => e.getClientRects().length).length"""


def test_two_learners_and_the_projector_play_a_room_to_the_end(
    screens: list[Any], lab: Lab
) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=31, bots={2: "random"})
    watcher = join(lobby.url, lobby.spectator_codes[0])
    learners, projector = screens[:2], screens[2]
    try:
        for seat, page in enumerate(learners):
            cell = room_cell(lobby.url, lobby.codes[0][seat])
            open_room_table(lab, page, f"room-seat-{seat}.ipynb", cell)
        cell = room_cell(lobby.url, lobby.spectator_codes[0])
        open_room_table(lab, projector, "room-projector.ipynb", cell)
        for seat, page in enumerate(learners):  # each learner holds five cards, seen by no one else
            assert page.evaluate(_SHOWN, ".gk-hand") == 1, f"seat {seat} sees one hand, its own"
            assert page.locator(".gk-root .gk-hand > *").count() == 5
        assert projector.evaluate(_SHOWN, ".gk-hand") == 0, "the projector sees no hand"
        shoot_table(lab, learners[0], "room-two-learners-seat-0-start.png")
        shoot_table(lab, projector, "room-two-learners-projector-start.png")
        for _ in range(MOVES):
            assert watcher.wait_until(lambda g: g.is_over or g.to_move in (0, 1), WAIT)
            if watcher.is_over:
                break
            seat, step = watcher.to_move, watcher.step
            assert seat is not None
            page = learners[seat]
            page.wait_for_function(_READY, arg=step, timeout=90_000)
            page.locator(".gk-root .gk-action:not([disabled])").first.click()
            assert watcher.wait_until(lambda g, s=step: g.step > s, WAIT)
        assert watcher.is_over, "the game did not end"
        final = watcher.step
        for page in screens:
            page.wait_for_function(f"() => ({_STEP})() === {final}", timeout=90_000)
            page.wait_for_function(
                "() => !!document.querySelector('.gk-root .gk-result:not([hidden])')",
                timeout=60_000,
            )
            assert page.locator(".gk-root.gk-broken").count() == 0
        for seat, page in enumerate(learners):
            page.locator(".gk-root .gk-result").scroll_into_view_if_needed()
            assert page.locator(".gk-root .gk-result").is_visible()
            shoot_table(lab, page, f"room-two-learners-seat-{seat}-end.png")
        assert projector.evaluate(_SHOWN, ".gk-hand") == 0, "the projector sees no hand"
        assert projector.evaluate(_SHOWN, ".gk-action") == 0, "the projector has no moves"
        shoot_table(lab, projector, "room-two-learners-projector-end.png")
        (record,) = lobby.records()
        kept = load_game(record)
        assert kept.is_over and kept.step == final and kept.winners() == watcher.winners()
    finally:
        watcher.close()
        lobby.stop()
