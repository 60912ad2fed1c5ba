"""The table a learner meets, by keyboard and on a projector, in JupyterLab and Chromium.

- When the learner's turn comes back after the bots' moves, keyboard focus is on the
  first glowing card (no Tabs through the seat menus).
- A seat's "who plays" menu never changes on an arrow key or a letter alone.
- The newest narration line is always in view in the "What happened" box.

Each test waits for a state of the page or of the kernel, never for a time. The
tables are ``Table(game)``: a learner at seat 0, bots elsewhere, playing by
themselves (``speed_ms`` short). Screenshots at 1280×720 go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from labserver import PUT_RECORD, read_record

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _notebook(record: Path, extra: str = "") -> list[str]:
    return [
        PUT_RECORD + "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"record = pathlib.Path({str(record)!r})\n"
        "def write(table):\n"
        "    g = table.game\n"
        "    put(record, {'step': g.step, 'bots': list(table.bots),\n"
        "                      'humans': list(table.humans), 'error': table.error})\n"
        f"table = Table(gamekit.new_game('knock-knock', seed=7){extra})\n"
        "table.speed_ms = 60  # the bots' pause between their moves, short for the test\n"
        "table.on_change(write)\n"
        "write(table)\n"
        "table",
    ]


def _open(page: Any, lab: Any, name: str, extra: str = "") -> Path:
    record = lab.root / f"{name}.json"
    lab.write_notebook(f"{name}.ipynb", _notebook(record, extra))
    lab.open_and_run(page, f"{name}.ipynb")
    page.wait_for_selector(".gk-root .gk-board[data-board='title'] .gk-playable")
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    return record


def _sized_page(browser: Any, width: int = 1280, height: int = 720) -> Any:
    page = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(30_000)
    return page


_FOCUSED = """() => { const a = document.activeElement;
  if (!a || !a.closest('.gk-root')) return 'outside';
  if (a.matches('.gk-menu-item')) return 'menu';
  if (a.matches('.gk-board .gk-playable')) return 'card';
  return a.className; }"""
_FIRST_CARD = """() => { const first = [...document.querySelectorAll('.gk-board .gk-playable')]
  .find((e) => e.getClientRects().length);
  return !!first && document.activeElement === first; }"""
_MY_TURN_AFTER = """(step) => { const root = document.querySelector('.gk-root');
  return Number(root.dataset.step) > step
    && !!root.querySelector('.gk-status.gk-yours, .gk-result:not([hidden])'); }"""
_AT_TOP = """() => { const root = document.querySelector('.gk-root');
  const scroller = root.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const top = root.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  scroller.scrollTop += top - 4; }"""


def _step(page: Any) -> int:
    return int(page.locator(".gk-root").get_attribute("data-step"))


def _over(page: Any) -> bool:
    return page.locator(".gk-result:not([hidden])").count() > 0


def _play_by_keyboard(page: Any) -> None:
    """The focused card's move, by Enter (in a card's menu: Enter on its first move)."""
    page.keyboard.press("Enter")
    if page.evaluate(_FOCUSED) == "menu":
        page.keyboard.press("Enter")


def test_focus_goes_to_the_first_glowing_card_when_the_learners_turn_comes(
    browser: Any, lab: Any
) -> None:
    page = _sized_page(browser)
    try:
        _open(page, lab, "focus")
        page.locator(".gk-board .gk-playable").first.focus()  # the learner is at the table
        turns = 0
        while turns < 4 and not _over(page):
            assert page.evaluate(_FOCUSED) == "card"
            before = _step(page)
            _play_by_keyboard(page)
            page.wait_for_function(_MY_TURN_AFTER, arg=before, timeout=60_000)
            if _over(page):
                break
            page.wait_for_function(_FIRST_CARD)  # no Tab needed: focus is on the first card
            turns += 1
        assert turns >= 2, "the learner's turn came back at least twice"
        page.evaluate(_AT_TOP)
        page.screenshot(path=str(lab.artifact("focus-first-card-1280x720.png")))
    finally:
        page.context.close()
        lab.stop_kernels()


def test_focus_is_not_taken_by_a_table_the_learner_has_not_used(browser: Any, lab: Any) -> None:
    """A table drawn at the learner's turn leaves the focus where it was (the notebook)."""
    page = _sized_page(browser)
    try:
        _open(page, lab, "focus-outside")
        page.wait_for_selector(".gk-status.gk-yours")
        assert page.evaluate(_FOCUSED) == "outside"
    finally:
        page.context.close()
        lab.stop_kernels()


_MENU_KEYS = ["ArrowDown", "ArrowDown", "ArrowUp", "ArrowRight", "End", "Home", "PageDown", "h"]


def test_an_arrow_key_alone_never_changes_a_seat_menu(browser: Any, lab: Any) -> None:
    page = _sized_page(browser)
    try:
        record = _open(page, lab, "menus")
        kernel = json.loads(record.read_text())
        menu = page.locator(".gk-seat[data-seat='1'] .gk-bot-select")
        shown = menu.input_value()
        assert shown == kernel["bots"][1] != ""
        menu.focus()
        for key in _MENU_KEYS:
            page.keyboard.press(key)
            assert menu.input_value() == shown, f"{key} changed the menu"
        seen = page.locator(".gk-persp-select")
        seen.focus()
        for key in _MENU_KEYS:
            page.keyboard.press(key)
            assert seen.input_value() == "0", f"{key} changed the perspective"
        revision = page.locator(".gk-root").get_attribute("data-revision")
        assert json.loads(record.read_text())["bots"] == kernel["bots"]
        # The menu still changes when a choice is made in its list.
        menu.select_option("")  # "human"
        page.wait_for_function(
            "(r) => document.querySelector('.gk-root').dataset.revision !== r", arg=revision
        )
        page.wait_for_selector(".gk-seat[data-seat='1'] .gk-stand")  # a person sits there now
        read_record(record, lambda r: 1 in r["humans"])
    finally:
        page.context.close()
        lab.stop_kernels()


_NEWEST_IN_VIEW = """async () => {
  // what the learner sees: the page as painted, two frames on
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const list = document.querySelector('.gk-root .gk-narration');
  const rows = list.querySelectorAll('.gk-event');
  const last = rows[rows.length - 1].getBoundingClientRect();
  const box = list.getBoundingClientRect();
  return { inside: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
           last: [Math.round(last.top), Math.round(last.bottom)],
           box: [Math.round(box.top), Math.round(box.bottom)], rows: rows.length,
           scroll: [list.scrollTop, list.scrollHeight - list.clientHeight] }; }"""


@pytest.mark.parametrize("size", ["normal", "large"])
def test_the_newest_narration_line_is_always_in_view(size: str, browser: Any, lab: Any) -> None:
    page = _sized_page(browser)
    try:
        _open(page, lab, f"news-{size}", extra=f", size={size!r}")
        seen = []
        for _turn in range(8):
            if _over(page):
                break
            before = _step(page)
            page.locator(".gk-action").first.click()
            page.wait_for_function(_MY_TURN_AFTER, arg=before, timeout=60_000)
            seen.append(page.evaluate(_NEWEST_IN_VIEW))
        assert len(seen) >= 4 and seen[-1]["rows"] > 8, seen
        hidden = [s for s in seen if not s["inside"]]
        assert not hidden, f"the newest line was out of the box: {hidden}"
        page.evaluate(_AT_TOP)
        page.screenshot(path=str(lab.artifact(f"newest-line-{size}-1280x720.png")))
    finally:
        page.context.close()
        lab.stop_kernels()
