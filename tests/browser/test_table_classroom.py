"""Classroom mode and pass-and-play, in JupyterLab and Chromium: what the page offers.

- Classroom mode (``Table(game, classroom=True)``): no seed in the header and no seed
  to type, no "sit here" at a bot's seat, no seat menu (the teacher's bots stay), no
  Undo, Redo or timeline, no god view or bot's seat to be seen from.
- Pass-and-play (``humans=[0, 1]``): no god view and no bot's seat in the "seen from"
  menu; choosing the other human's seat while one decides shows nothing of it (the
  decider's view stays); the cover comes between
  the two players' turns, hides every hand and covers the seat buttons; stand + sit at
  the other human's seat does not skip the cover.

The kernel writes what it holds after every refresh; every wait is for a state of the
page or of that record, never for a time. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from labserver import PUT_RECORD, read_record

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _notebook(record: Path, table: str) -> list[str]:
    return [
        PUT_RECORD + "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"record = pathlib.Path({str(record)!r})\n"
        "def write(t):\n"
        "    put(record, {'step': t.game.step, 'seat': t.seat,\n"
        "        'cover': t.cover_for, 'humans': list(t.humans), 'bots': list(t.bots),\n"
        "        'seed': t.game.seed, 'error': t.error})\n"
        f"table = {table}\n"
        "table.speed_ms = 60  # the bots' pause between their moves, short for the test\n"
        "table.on_change(write)\n"
        "write(table)\n"
        "table",
    ]


def _open(page: Any, lab: Any, name: str, table: str) -> Path:
    record = lab.root / f"{name}.json"
    lab.write_notebook(f"{name}.ipynb", _notebook(record, table))
    lab.open_and_run(page, f"{name}.ipynb")
    page.wait_for_selector(".gk-root .gk-board[data-board]")
    return record


def _record(record: Path, check: Any = lambda r: True) -> dict[str, Any]:
    """The kernel's record once ``check`` holds (it writes after each refresh)."""
    return dict(read_record(record, check))


_SEEN_FROM = """() => [...document.querySelectorAll('.gk-persp-select option')]
  .map((o) => o.value)"""


def test_classroom_mode_offers_no_seed_sit_undo_or_bot_choice(page: Any, lab: Any) -> None:
    record = _open(
        page,
        lab,
        "classroom-real",
        "Table(gamekit.new_game('knock-knock', players=4, seed=77), classroom=True)",
    )
    page.wait_for_selector(".gk-root.gk-classroom .gk-status.gk-yours")
    kernel = _record(record)
    assert kernel["seed"] == 77 and kernel["humans"] == [0]
    html = page.locator(".gk-root").evaluate("(el) => el.outerHTML")
    assert (
        page.locator(".gk-seed").count() == 0
        and "77" not in page.locator(".gk-header").inner_text()
    )
    assert not page.locator(".gk-new-seed").is_visible(), "no seed to type"
    assert page.locator(".gk-sit").count() == 0, "no 'sit here' at a bot's seat"
    assert page.locator(".gk-bot-select").count() == 0, "the teacher's bots cannot be changed"
    for control in (".gk-undo", ".gk-redo", ".gk-timeline", ".gk-save"):
        assert not page.locator(control).is_visible(), f"{control} offered in classroom mode"
    assert page.evaluate(_SEEN_FROM) in (["0"], ["", "0"]), "no god view, no bot's seat"
    assert "god" not in html
    step = kernel["step"]
    page.locator(".gk-actions .gk-action").first.click()
    after = _record(record, lambda r: r["step"] > step)
    assert after["error"] == "" and after["bots"] == kernel["bots"]
    page.wait_for_selector(".gk-root.gk-classroom .gk-status.gk-yours")
    assert page.locator(".gk-seed").count() == 0
    page.locator(".gk-new").click()  # New game in classroom mode: a seed nobody sees
    fresh = _record(record, lambda r: r["step"] == 0 and r["seed"] != 77)
    assert fresh["error"] == ""
    page.wait_for_selector(".gk-root[data-step='0'] .gk-status.gk-yours")
    assert page.locator(".gk-seed").count() == 0
    assert str(fresh["seed"]) not in page.locator(".gk-header").inner_text()
    page.screenshot(path=str(lab.artifact("classroom-knock-knock.png")))


_STATE = """() => { const root = document.querySelector('.gk-root');
  if (root.querySelector('.gk-cover:not([hidden])')) return 'cover';
  if (root.querySelector('.gk-status.gk-yours')) return 'mine';
  return 'wait'; }"""
_COVERED_ELSEWHERE = """(sel) => { const el = document.querySelector(sel);
  const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return !!hit && !!hit.closest('.gk-cover'); }"""


_SHOWS_ONE_HAND = """(me) => {
  const mine = document.querySelector('.gk-board .gk-area.gk-mine');
  return !!mine && mine.dataset.seat === me && document.querySelectorAll('.gk-hand').length === 1;
}"""


_SETTLED_AFTER = f"""(after) => {{ const root = document.querySelector('.gk-root');
  const state = ({_STATE})();
  const step = Number(root.dataset.step);
  return state !== 'wait' && step > after ? [state, step] : null; }}"""


def _next_state(page: Any, after: int) -> tuple[str, int]:
    """The page's state ('cover' or 'mine') and step, once it has drawn a step past
    ``after``: a page still showing the move just played is never read as the next turn."""
    settled = page.wait_for_function(_SETTLED_AFTER, arg=after, timeout=90_000).json_value()
    return str(settled[0]), int(settled[1])


def _seat_shown(page: Any) -> str | None:
    mine = page.locator(".gk-board .gk-area.gk-mine")
    return mine.first.get_attribute("data-seat") if mine.count() else None


def test_pass_and_play_shows_no_other_seat(page: Any, lab: Any) -> None:
    record = _open(
        page, lab, "pass-and-play", "Table(gamekit.new_game('knock-knock', players=3, seed=1), "
        "humans=[0, 1])",
    )  # fmt: skip
    covers: list[str] = []
    stood = swapped = False
    played = -1  # the page's step before the last move played here
    for _decision in range(10):
        state, shown = _next_state(page, played)
        kernel = _record(record, lambda r, s=shown: r["step"] == s)  # waits for a human
        if state == "cover":
            assert page.locator(".gk-hand").count() == 0, "a hand behind the cover"
            assert page.locator(".gk-board .gk-playable").count() == 0
            assert page.evaluate(_COVERED_ELSEWHERE, ".gk-seat[data-seat='1']"), "seats reachable"
            covers.append(page.locator(".gk-cover-title").inner_text())
            if len(covers) == 1:
                page.screenshot(path=str(lab.artifact("pass-and-play-cover.png")))
            page.locator(".gk-uncover").click()
            page.wait_for_function(f"() => ({_STATE})() === 'mine'", timeout=60_000)
            played = shown - 1  # the same step, now uncovered
            continue
        me = str(kernel["seat"])
        # The redraw that shows this seat, whole: its area and its one hand (checked at once,
        # in the page, so a later redraw cannot come between two reads).
        page.wait_for_function(_SHOWS_ONE_HAND, arg=me, timeout=60_000)
        assert set(page.evaluate(_SEEN_FROM)) <= {"", "0", "1"}, "no god view, no bot's seat"
        if not swapped:  # the other human's seat chosen while this one decides: no change
            swapped = True
            other = "1" if me == "0" else "0"
            revision = page.locator(".gk-root").get_attribute("data-revision")
            page.locator(".gk-persp-select").select_option(other)
            page.wait_for_function(
                "(r) => document.querySelector('.gk-root').dataset.revision !== r", arg=revision
            )
            assert _record(record)["seat"] == int(me)
            assert page.evaluate(_STATE) == "mine" and _seat_shown(page) == me
            assert page.locator(".gk-hand").count() == 1
            assert page.locator(".gk-persp-select").input_value() == me
        if me == "0" and not stood:  # stand + sit at the other human's seat
            stood = True
            page.locator(".gk-stand[data-seat='1']").click()
            page.wait_for_selector(".gk-sit[data-seat='1']")
            page.locator(".gk-sit[data-seat='1']").click()
            page.wait_for_selector(".gk-stand[data-seat='1']")
            assert _record(record, lambda r: 1 in r["humans"])["seat"] == 0
            assert _seat_shown(page) == "0" and page.locator(".gk-hand").count() == 1
        step = _record(record)["step"]
        page.locator(".gk-actions .gk-action").first.click()
        _record(record, lambda r, s=step: r["step"] > s)
        played = step
    assert stood, "seat 0 decided at least once"
    assert {"Pass the screen to Player 1", "Pass the screen to Player 2"} <= {
        c.split("\n")[0] for c in covers
    }, covers
