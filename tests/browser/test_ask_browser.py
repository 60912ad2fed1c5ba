"""Ask the class in real Chromium: the teacher freezes the table, two learners answer on
their own screens (one with the mouse at 1280×720, one with the keyboard at 800 px), the
teacher's screen counts the answers, then the reveal shows each learner the exact answer.

One JupyterLab, three browser contexts, each with its own notebook and kernel. Every
wait is for a state the page shows (the card's question number, its answered count),
never for a time; the room's only bot sits at a seat that does not move at step 0, and a
frozen table plays nothing. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from typing import Any

import pytest
from labserver import Lab, axe_violations, open_room_table, room_cell, shoot_table

from gamekit.rooms import join, serve

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

WAIT = 120.0
_CARD = """(want) => {
  const card = document.querySelector('.gk-root .gk-ask');
  if (!card) return want === null;
  const shown = card.getClientRects().length > 0;
  return shown && card.dataset.ask === String(want.id)
    && card.dataset.revealed === String(want.revealed);
}"""
_GONE = "() => !document.querySelector('.gk-root .gk-ask')"
_STATUS = "() => document.querySelector('.gk-root .gk-ask-status')?.textContent ?? ''"


def test_two_learners_answer_the_teachers_question_and_see_the_reveal(
    screens: list[Any], lab: Lab
) -> None:
    lobby = serve("knock-knock", players=3, tables=1, seed=7, bots={2: "greedy"}, odds=False)
    watcher = join(lobby.url, lobby.spectator_codes[0])
    mover, other, teacher = screens
    try:
        open_room_table(lab, mover, "ask-seat-0.ipynb", room_cell(lobby.url, lobby.codes[0][0]))
        open_room_table(
            lab, other, "ask-seat-1.ipynb", room_cell(lobby.url, lobby.codes[0][1]), 800
        )
        desk = room_cell(lobby.url, lobby.teacher_code, 0)
        open_room_table(lab, teacher, "ask-teacher.ipynb", desk)
        assert watcher.wait_until(lambda g: g.status == "playing" and g.to_move == 0, WAIT)
        mover.wait_for_function(
            "() => !!document.querySelector('.gk-root .gk-action:not([disabled])')", timeout=90_000
        )
        lobby.ask()
        for page in screens:
            page.wait_for_function(_CARD, arg={"id": 1, "revealed": False}, timeout=90_000)
        assert mover.locator(".gk-root .gk-action:not([disabled])").count() == 0, "frozen"
        choices = mover.locator(".gk-root .gk-ask-choice").all_inner_texts()
        assert len(choices) >= 2
        assert other.locator(".gk-root .gk-ask-choice").count() == 0, "no move of another seat"
        seen_by_other = [other.locator(".gk-root").inner_text()]
        for page, name in [(mover, "mover"), (other, "other")]:
            assert axe_violations(page, ".gk-ask") == [], name
        shoot_table(lab, mover, "ask-mover-1280.png")
        shoot_table(lab, other, "ask-other-800.png")

        # The mover with the mouse: a guess typed, sent by its button, then a move.
        mover.locator(".gk-root .gk-ask-input").fill("30")
        mover.locator(".gk-root .gk-ask-send").click()
        mover.wait_for_function("() => !!document.querySelector('.gk-root .gk-ask-sent')")
        mover.locator(".gk-root .gk-ask-choice").nth(1).click()
        mover.wait_for_function(
            "() => document.querySelector('.gk-root .gk-ask-choice[aria-pressed=true]')"
            "?.dataset.choice === '1'"
        )
        # The other learner with the keyboard: Tab to the field, type, Enter.
        field = other.locator(".gk-root .gk-ask-input")
        field.focus()
        other.keyboard.type("15")
        other.keyboard.press("Enter")
        other.wait_for_function("() => !!document.querySelector('.gk-root .gk-ask-sent')")
        teacher.wait_for_function(f"() => ({_STATUS})().startsWith('2 of 2')", timeout=90_000)
        assert "✓" in teacher.locator(".gk-root .gk-ask-rows").inner_text()
        shoot_table(lab, teacher, "ask-teacher-answers.png")

        lobby.reveal()
        for page in screens:
            page.wait_for_function(_CARD, arg={"id": 1, "revealed": True}, timeout=90_000)
        assert "%" in mover.locator(".gk-root .gk-ask-exact").inner_text()
        assert mover.locator(".gk-root .gk-ask-bots li").count() >= 2
        assert other.locator(".gk-root .gk-ask-bots").count() == 0
        assert "30 %" in mover.locator(".gk-root .gk-ask-off").inner_text()
        shoot_table(lab, mover, "ask-mover-revealed-1280.png")
        shoot_table(lab, other, "ask-other-revealed-800.png")
        seen_by_other.append(other.locator(".gk-root").inner_text())
        (tally,) = lobby.asks()
        assert tally["rows"][0]["moves"] == choices, "the mover was asked its own legal moves"
        assert not any(m in text for m in choices for text in seen_by_other), "no leak"
        assert [(r["seat"], r.get("choice"), r["guess"]) for r in tally["rows"]] == [
            (0, 1, 30),
            (1, None, 15),
        ]

        lobby.resume()
        for page in screens:
            page.wait_for_function(_GONE, timeout=90_000)
        mover.wait_for_function(
            "() => !!document.querySelector('.gk-root .gk-action:not([disabled])')", timeout=90_000
        )
        for page in screens:
            assert page.locator(".gk-root.gk-broken").count() == 0
    finally:
        watcher.close()
        lobby.stop()
