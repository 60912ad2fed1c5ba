"""A projector's screen: the hand, the moves and the newest narration line on one screen.

For every title, a ``Table(game)`` as the lessons build it (a learner seated, the bots
playing by themselves) is opened in JupyterLab at 1280×720 and at 800×720 (file
browser closed), at size normal and at size large. At the learner's first decision
and again once the bots have moved, the table's top is scrolled to the top of the
notebook, and then the learner's hand, the whole list of moves (its title, its first
and its last button) and the newest narration line must each be inside the screen:
inside the notebook's visible area and inside every box that clips them (the board,
the narration), and not covered by anything. Screenshots go to ``GAMEKIT_SHOTS``
(default ``test-artifacts/``). Every wait is for a state, never for a time.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from labserver import PUT_RECORD, Lab, read_record

import gamekit

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEEDS = {"knock-knock": 7, "hats": 3, "boo-party": 5, "bloody-inn": 2}
PLAYERS = {"knock-knock": 4, "hats": 4, "boo-party": 5, "bloody-inn": 4}


def _shots() -> Path:
    folder = os.environ.get("GAMEKIT_SHOTS")
    if not folder:
        return Lab.artifact("fit")
    path = Path(folder)
    path.mkdir(parents=True, exist_ok=True)
    return path


def _notebook(title: str) -> list[str]:
    return [
        "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"game = gamekit.new_game({title!r}, players={PLAYERS[title]}, seed={SEEDS[title]})\n"
        "table = Table(game)\n"
        "table.speed_ms = 60  # the bots' pause between their moves, short for the test\n"
        "table",
    ]


_MY_TURN = """() => { const root = document.querySelector('.gk-root');
  return !!root && !!root.querySelector('.gk-board[data-board="title"]')
    && !!root.querySelector('.gk-status.gk-yours') && !!root.querySelector('.gk-action'); }"""

_MY_TURN_AFTER = """(step) => { const root = document.querySelector('.gk-root');
  return Number(root.dataset.step) > step && !!root.querySelector('.gk-status.gk-yours')
    && !!root.querySelector('.gk-action'); }"""

_SIZE = """(size) => { const root = document.querySelector('.gk-root');
  return root.classList.contains('gk-large') === (size === 'large'); }"""

# The table's top at the top of the notebook; then each part's box against what clips
# it: the notebook's scroller, the window, and any clipping box between it and the table.
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
    firstMove: moves[0], lastMove: moves[moves.length - 1], newestLine: events[events.length - 1] };
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
  const out = { tableHeight: Math.round(root.getBoundingClientRect().height),
    screen: Math.round(scroller.getBoundingClientRect().height), moves: moves.length, parts: {} };
  for (const [name, el] of Object.entries(parts)) {
    if (!el) { out.parts[name] = { missing: true, inside: false }; continue; }
    const r = el.getBoundingClientRect();
    const c = clip(el);
    const inside = r.height > 0 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1
      && r.left >= c.left - 1 && r.right <= c.right + 1;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 10));
    out.parts[name] = { top: Math.round(r.top), bottom: Math.round(r.bottom),
      clip: [Math.round(c.top), Math.round(c.bottom)], inside,
      uncovered: !!hit && (hit === el || el.contains(hit) || hit.contains(el)) };
  }
  return out;
}"""


def _check(page: Any, title: str, width: int, size: str, moment: str) -> dict[str, Any]:
    page.locator(".gk-size-select").select_option(size)
    page.wait_for_function(_SIZE, arg=size)
    found: dict[str, Any] = page.evaluate(_ON_SCREEN)
    page.mouse.move(1, 1)
    page.screenshot(path=str(_shots() / f"fit-{title}-{width}-{size}-{moment}.png"))
    return found


def _failures(found: dict[str, Any], moment: str, size: str) -> list[str]:
    bad = {k: v for k, v in found["parts"].items() if not (v["inside"] and v["uncovered"])}
    if not bad:
        return []
    where = {k: (v.get("top"), v.get("bottom"), v.get("clip")) for k, v in bad.items()}
    return [
        f"{moment}/{size}: {where} (table {found['tableHeight']} px, "
        f"screen {found['screen']} px, {found['moves']} moves)"
    ]


def _open(page: Any, lab: Any, name: str, cells: list[str], width: int) -> None:
    lab.write_notebook(f"{name}.ipynb", cells)
    lab.open_and_run(page, f"{name}.ipynb")  # at 1280 px: a narrow toolbar hides the status
    page.set_viewport_size({"width": width, "height": 720})
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_function(_MY_TURN, timeout=90_000)


@pytest.mark.parametrize("width", [1280, 800])
@pytest.mark.parametrize("title", gamekit.TITLES)
def test_hand_moves_and_newest_line_on_one_projector_screen(
    title: str, width: int, browser: Any, lab: Any
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(30_000)
    try:
        _open(page, lab, f"fit-{title}-{width}", _notebook(title), width)
        failures = []
        for moment in ("first", "later"):
            for size in ("normal", "large"):
                failures += _failures(_check(page, title, width, size, moment), moment, size)
            if moment == "first":  # one move by the learner; then the bots' moves
                step = int(page.locator(".gk-root").get_attribute("data-step"))
                page.locator(".gk-size-select").select_option("normal")
                page.wait_for_function(_SIZE, arg="normal")
                page.locator(".gk-actions .gk-action").first.click()
                page.wait_for_function(_MY_TURN_AFTER, arg=step, timeout=90_000)
        assert not failures, failures
    finally:
        page.context.close()
        lab.stop_kernels()


_FOCUSED = """() => { const a = document.activeElement;
  if (!a || !a.closest('.gk-root')) return null;
  return [a.className, a.dataset.card || a.dataset.index || '']; }"""


def _history(record: Path) -> list[Any]:
    """The kernel's record once it holds a move (it writes after each refresh)."""
    return list(read_record(record, bool))


def test_hats_moves_pick_the_card_then_its_move(browser: Any, lab: Any) -> None:
    """Hats' 46 opening moves: the list names each card once, a card picked by keyboard
    shows only its moves, and Enter on one plays it (the kernel agrees)."""
    record = lab.root / "pick.json"
    cells = _notebook("hats")
    head, _, _last = cells[0].rpartition("\ntable")
    cells[0] = head + (
        "\n" + PUT_RECORD + f"record = pathlib.Path({str(record)!r})\n"
        "table.on_change(lambda t: put(record, [a.to_json() for a in t.game.history]))\n"
        "table"
    )
    game = gamekit.new_game("hats", players=PLAYERS["hats"], seed=SEEDS["hats"])
    legal = game.legal_actions()
    cards = list(dict.fromkeys(a.to_json()["card"] for a in legal))
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    page.set_default_timeout(30_000)
    try:
        _open(page, lab, "pick", cells, 1280)
        assert (
            page.locator(".gk-actions-title").inner_text().startswith(f"Your moves ({len(legal)})")
        )
        picks = page.locator(".gk-actions .gk-pick")
        assert sorted(
            int(c) for c in picks.evaluate_all("(b) => b.map((e) => e.dataset.card)")
        ) == (sorted(cards)), "one choice per card in the hand"
        shown = page.locator(".gk-actions .gk-action").count()
        assert shown < len(legal) // 3, f"{shown} move buttons at once"
        third = picks.nth(2)
        key = int(str(third.get_attribute("data-card")))
        third.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(f".gk-pick[data-card='{key}'][aria-pressed='true']")
        moves = page.locator(".gk-actions .gk-action")
        indexes = [int(i) for i in moves.evaluate_all("(b) => b.map((e) => e.dataset.index)")]
        assert indexes and {legal[i].to_json()["card"] for i in indexes} == {key}
        assert len(indexes) == sum(a.to_json()["card"] == key for a in legal), "all its moves"
        for _tab in range(len(cards) + 2):  # from the card's button to its first move
            page.keyboard.press("Tab")
            if "gk-action" in (page.evaluate(_FOCUSED) or [""])[0]:
                break
        focused = page.evaluate(_FOCUSED)
        assert focused and "gk-action" in focused[0], focused
        page.keyboard.press("Enter")
        page.wait_for_function("() => Number(document.querySelector('.gk-root').dataset.step) >= 1")
        played = legal[int(focused[1])].to_json()
        assert _history(record)[0] == played
    finally:
        page.context.close()
        lab.stop_kernels()
