"""The odds panel in JupyterLab and Chromium: "What are my chances?" between the narration
and the moves, on one projector screen with the hand.

For every title a ``Table(game, odds=True)`` as the lessons build it (a learner seated,
the bots playing by themselves) is opened at 1280×720 and at 800×720 (file browser
closed). At the learner's decision the table's top is put at the notebook's top; the
hand, the moves (title, first and last), the newest narration line and the panel's title
must each be inside the screen and uncovered. The first "why" is opened with the
keyboard (its SymPy lines in a focusable <pre>), axe-core must find no serious or
critical violation in the table, the toggle hides and shows the panel, and after one
move and the bots' turns the learner's panel is back. The rows are the engine's own
(``gamekit.odds.panel``). Screenshots go to ``GAMEKIT_SHOTS`` (default
``test-artifacts/odds``). Every wait is for a state.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from labserver import Lab, axe_violations

import gamekit

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEEDS = {"knock-knock": 7, "hats": 3, "boo-party": 5, "bloody-inn": 2}
PLAYERS = {"knock-knock": 4, "hats": 4, "boo-party": 5, "bloody-inn": 4}


def _shots() -> Path:
    folder = os.environ.get("GAMEKIT_SHOTS")
    path = Path(folder) if folder else Lab.artifact("odds")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _notebook(title: str, before: str = "", lang: str = "en") -> list[str]:
    return [
        "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"{before}"
        f"game = gamekit.new_game({title!r}, players={PLAYERS[title]}, seed={SEEDS[title]})\n"
        f"table = Table(game, odds=True, lang={lang!r})\n"
        "table.speed_ms = 60  # the bots' pause between their moves, short for the test\n"
        "table",
    ]


_MY_TURN = """(step) => { const root = document.querySelector('.gk-root');
  return !!root && Number(root.dataset.step) > step
    && !!root.querySelector('.gk-board[data-board="title"]')
    && !!root.querySelector('.gk-status.gk-yours') && !!root.querySelector('.gk-action'); }"""
_WITH_ODDS = "() => !!document.querySelector('.gk-odds-box:not([hidden]) .gk-odds-row')"

# The table's top at the top of the notebook; then each part's box against what clips it.
_ON_SCREEN = """async () => {
  const root = document.querySelector('.gk-root');
  const scroller = root.closest('.jp-WindowedPanel-outer, .jp-Notebook')
    || document.scrollingElement;
  scroller.scrollTop += root.getBoundingClientRect().top - scroller.getBoundingClientRect().top - 2;
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const seat = root.querySelector('.gk-seat.gk-me')?.dataset.seat;
  const hand = root.querySelector(`.gk-board .gk-area[data-seat="${seat}"] .gk-hand`)
    || root.querySelector('.gk-board .gk-hand');
  const moves = [...root.querySelectorAll('.gk-actions .gk-action')];
  const events = root.querySelectorAll('.gk-narration .gk-event');
  const parts = { hand, movesTitle: root.querySelector('.gk-actions-title'),
    firstMove: moves[0], lastMove: moves[moves.length - 1], newestLine: events[events.length - 1],
    oddsTitle: root.querySelector('.gk-odds-title'),
    firstQuestion: root.querySelector('.gk-odds-question') };
  const firstLineOnly = new Set(['firstQuestion']); // a long question scrolls in its box
  const clip = (el) => {
    let r = { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
    for (let a = el.parentElement; a; a = a.parentElement) {
      const style = getComputedStyle(a);
      const clips = style.overflowY !== 'visible' || style.overflowX !== 'visible';
      if (a !== scroller && !clips) continue;
      const b = a.getBoundingClientRect();
      r = { top: Math.max(r.top, b.top), bottom: Math.min(r.bottom, b.bottom),
            left: Math.max(r.left, b.left), right: Math.min(r.right, b.right) };
      if (a === scroller) break;
    }
    return r;
  };
  const out = {};
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out[name] = { missing: true }; continue; }
    const r = el.getBoundingClientRect();
    const c = clip(el);
    const bottom = firstLineOnly.has(name) ? Math.min(r.bottom, r.top + 18) : r.bottom;
    const inside = r.height > 0 && r.top >= c.top - 1 && bottom <= c.bottom + 1
      && r.left >= c.left - 1 && r.right <= c.right + 1;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 8));
    const uncovered = !!hit && (hit === el || el.contains(hit) || hit.contains(el));
    if (!inside || !uncovered) out[name] = { top: Math.round(r.top), bottom: Math.round(r.bottom),
      clip: [Math.round(c.top), Math.round(c.bottom)], inside, uncovered };
  }
  return out;
}"""


def _open(page: Any, lab: Any, name: str, cells: list[str], width: int) -> None:
    lab.write_notebook(f"{name}.ipynb", cells)
    lab.open_and_run(page, f"{name}.ipynb")  # at 1280 px: a narrow toolbar hides the status
    page.set_viewport_size({"width": width, "height": 720})
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_function(_MY_TURN, arg=-1, timeout=90_000)
    assert page.evaluate(_WITH_ODDS), "the learner's first decision asks a question"


def _hidden_by_the_panel(page: Any, moment: str, off_screen: dict[str, Any]) -> dict[str, Any]:
    """What is off the screen because of the panel: a part that is on the screen once the
    panel is switched off. (A long narration line and a long list of moves may not fit
    a narrow screen even without the panel; the panel must not be why.) Then on again."""
    if not off_screen:
        return {}
    toggle = page.locator(".gk-odds-switch")
    toggle.uncheck()
    page.wait_for_selector(".gk-odds-box", state="hidden")
    without = page.evaluate(_ON_SCREEN)
    page.screenshot(path=str(_shots() / f"{moment}-panel-off.png"))
    toggle.check()
    page.wait_for_selector(".gk-odds-box:not([hidden]) .gk-odds-row")
    odds_parts = {"oddsTitle", "firstQuestion"}
    return {k: v for k, v in off_screen.items() if k in odds_parts or k not in without}


_DARK = """() => window.jupyterapp.commands.execute(
  'apputils:change-theme', {theme: 'JupyterLab Dark'})"""


@pytest.mark.parametrize("width", [1280, 800])
@pytest.mark.parametrize("title", gamekit.TITLES)
def test_the_odds_panel_fits_beside_the_hand_and_passes_axe(
    title: str, width: int, browser: Any, lab: Any
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(30_000)
    shots = _shots()
    try:
        _open(page, lab, f"odds-{title}-{width}", _notebook(title), width)
        off_screen = page.evaluate(_ON_SCREEN)
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"odds-{title}-{width}-first.png"))
        assert off_screen == {}, off_screen  # the first decision: everything fits
        # The first "why", by keyboard: its SymPy lines in a <pre> the learner can copy.
        summary = page.locator(".gk-odds-why summary").first
        summary.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(".gk-odds-why[open] pre.gk-odds-code")
        code = page.locator(".gk-odds-why[open] pre.gk-odds-code").first
        assert "sympy" in code.inner_text().lower() and code.get_attribute("tabindex") == "0"
        code.scroll_into_view_if_needed()
        page.screenshot(path=str(shots / f"odds-{title}-{width}-why.png"))
        bad = axe_violations(page)
        assert bad == [], bad
        if width == 1280:  # and in JupyterLab's dark theme (the table follows it)
            page.evaluate(_DARK)
            page.wait_for_selector(".gk-root.gk-dark .gk-odds-why[open]")
            page.screenshot(path=str(shots / f"odds-{title}-{width}-why-dark.png"))
            bad = axe_violations(page)
            page.evaluate(_DARK.replace("Dark", "Light"))  # the lab's setting, for the others
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'true'")
            assert bad == [], ("dark", bad)
        # The toggle hides the panel and shows it again (a page setting, like the size).
        toggle = page.locator(".gk-odds-switch")
        assert toggle.is_checked()
        toggle.uncheck()
        page.wait_for_selector(".gk-odds-box", state="hidden")
        toggle.check()
        page.wait_for_selector(".gk-odds-box:not([hidden]) .gk-odds-row")
        # Moves, the bots' turns, until a later decision of the learner's asks a question
        # again (not every question applies at every decision): the panel is back.
        for _decision in range(8):
            step = int(str(page.locator(".gk-root").get_attribute("data-step")))
            page.locator(".gk-actions .gk-action").first.click()
            page.wait_for_function(_MY_TURN, arg=step, timeout=90_000)
            if page.evaluate(_WITH_ODDS):
                break
        assert page.evaluate(_WITH_ODDS), "no later decision asked a question"
        off_screen = page.evaluate(_ON_SCREEN)
        page.mouse.move(1, 1)
        page.screenshot(path=str(shots / f"odds-{title}-{width}-later.png"))
        blamed = _hidden_by_the_panel(page, f"odds-{title}-{width}-later", off_screen)
        assert blamed == {}, (blamed, off_screen)
    finally:
        page.context.close()
        lab.stop_kernels()


def test_the_teachers_switch_refuses_the_toggle_and_says_why(browser: Any, lab: Any) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(30_000)
    cells = _notebook("knock-knock", "gamekit.widgets.classroom(True, odds=False)\n")
    try:
        lab.write_notebook("odds-classroom.ipynb", cells)
        lab.open_and_run(page, "odds-classroom.ipynb")
        page.wait_for_selector(".gk-root .gk-status.gk-yours")
        assert page.locator(".gk-odds-box").is_hidden()
        label = page.locator(".gk-odds-toggle")
        assert "switched off by the teacher" in label.inner_text()
        page.locator(".gk-error .gk-dismiss").click()  # the table said why at its start
        label.locator("input").click()  # the kernel unchecks it again at once
        page.wait_for_function(
            "() => !document.querySelector('.gk-error').hidden"
            " && !document.querySelector('.gk-odds-switch').checked"
        )
        assert "teacher switched the odds panel off" in page.locator(".gk-error").inner_text()
        assert page.locator(".gk-odds-box").is_hidden()
        page.locator(".gk-error").scroll_into_view_if_needed()
        page.screenshot(path=str(_shots() / "odds-classroom-refused.png"))
    finally:
        page.context.close()
        lab.stop_kernels()


def test_the_panel_speaks_french_at_a_french_table(browser: Any, lab: Any) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(30_000)
    try:
        _open(page, lab, "odds-fr", _notebook("boo-party", lang="fr"), 1280)
        panel = page.locator(".gk-odds-box")
        assert panel.locator(".gk-odds-title").inner_text() == "Quelles sont mes chances\u202f?"
        assert "Pourquoi" in panel.locator("summary").first.inner_text()
        assert "%" in panel.locator(".gk-odds-percent").first.inner_text()
        assert "," in panel.locator(".gk-odds-percent").first.inner_text(), "a decimal comma"
        assert page.locator(".gk-odds-label").inner_text() == "panneau des chances"
        page.mouse.move(1, 1)
        page.screenshot(path=str(_shots() / "odds-boo-party-1280-fr.png"))
    finally:
        page.context.close()
        lab.stop_kernels()
