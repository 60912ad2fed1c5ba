"""Two tables in one notebook, an English one and a French one, in JupyterLab and Chromium.

Each table on the page is its own instance (``table.js``'s ``Table``): its words,
names, card names and its board's kit are its own. Both tables play the same title,
so they share one board module; each draws with its own words however the two
redraw in turn. Screenshots at 1280×720 go to ``test-artifacts/``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from labserver import Lab

import gamekit
from gamekit.widgets import Table

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEED = 7
FRENCH_BOARD = ("pioche et défausse", "dans la pioche", "décision")
ENGLISH_BOARD = ("deck and discard", "in the deck", "decision")
STATIC = Path(gamekit.__file__).parent / "widgets" / "static"


def _notebook() -> list[str]:
    make = (
        "import gamekit\n"
        "from gamekit.widgets import Table\n"
        "def table(lang):\n"
        f"    t = Table(gamekit.new_game('knock-knock', seed={SEED}), lang=lang)\n"
        "    t.speed_ms = 60  # the bots' pause between their moves, short for the test\n"
        "    return t\n"
    )
    return [make + "english = table('en')\nenglish", "french = table('fr')\nfrench"]


def _labels(lang: str) -> dict[str, Any]:
    return dict(Table(gamekit.new_game("knock-knock", seed=SEED), lang=lang).labels)


_TEXT = "(i) => document.querySelectorAll('.gk-root')[i].innerText"
_MY_TURN_AGAIN = """(i) => { const root = document.querySelectorAll('.gk-root')[i];
  return root.dataset.step !== '0'
    && !!root.querySelector('.gk-action, .gk-result:not([hidden])'); }"""
_AT_TOP = """(i) => { const root = document.querySelectorAll('.gk-root')[i];
  const scroller = root.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const top = root.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  scroller.scrollTop += top - 4; }"""


def _speaks(
    page: Any, i: int, own: tuple[str, ...], other: tuple[str, ...], labels: dict[str, Any]
) -> None:
    """Table ``i`` shows its own language's words and none of the other's."""
    root = page.locator(".gk-root").nth(i)
    assert root.locator(".gk-side-title").inner_text() == labels["what_happened"]
    step = root.get_attribute("data-step")
    assert root.locator(".gk-step").inner_text() == labels["step_n"].replace("{step}", step)
    board = root.locator(".gk-board").text_content() or ""
    for word in own:
        assert word in board, f"{word!r} not on table {i}"
    for word in other:
        assert word not in board, f"{word!r} on table {i}"


def _menu_speaks(page: Any, i: int, labels: dict[str, Any]) -> None:
    """A card of table ``i`` with several moves opens a menu in that table's words.

    The menu is made on the click, after the other table drew last: its words must
    still be this table's."""
    root = page.locator(".gk-root").nth(i)
    root.locator(".gk-board .gk-playable[aria-haspopup='menu']").first.click()
    menu = root.locator(".gk-menu")
    menu.wait_for()
    assert menu.locator(".gk-menu-close").inner_text() == labels["cancel"]
    count = menu.locator(".gk-menu-item").count()
    assert menu.get_attribute("aria-label") == labels["choose_move"].replace("{count}", str(count))
    page.keyboard.press("Escape")
    menu.wait_for(state="detached")


def _move_and_wait(page: Any, i: int) -> None:
    """Table ``i``'s learner plays a move; the bots play theirs until the learner's turn."""
    page.locator(".gk-root").nth(i).locator(".gk-action").first.click()
    page.wait_for_function(_MY_TURN_AGAIN, arg=i, timeout=60_000)


def _saved_link_speaks(page: Any, i: int, labels: dict[str, Any]) -> None:
    root = page.locator(".gk-root").nth(i)
    root.locator(".gk-save").click()
    assert root.locator(".gk-download").inner_text() == labels["download"]


def test_two_tables_in_two_languages_show_their_own_words(browser: Any, lab: Any) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.set_default_timeout(30_000)
    english, french = _labels("en"), _labels("fr")
    assert english["what_happened"] != french["what_happened"]
    try:
        lab.write_notebook("two-tables.ipynb", _notebook())
        lab.open_and_run(page, "two-tables.ipynb")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.gk-root .gk-board')]"
            ".filter((b) => b.dataset.board === 'title').length === 2",
            timeout=60_000,
        )
        page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
        for i in (0, 1):  # the learner's first turn, on each table
            page.wait_for_function(
                "(i) => !!document.querySelectorAll('.gk-root')[i].querySelector('.gk-action')",
                arg=i,
            )
        _speaks(page, 0, ENGLISH_BOARD, FRENCH_BOARD, english)
        _speaks(page, 1, FRENCH_BOARD, ENGLISH_BOARD, french)

        # What a table makes on a click (a menu, the saved game's link) after the
        # other table drew last is still in its own words.
        _move_and_wait(page, 1)  # the French table draws last
        _menu_speaks(page, 0, english)
        _move_and_wait(page, 0)  # the English table draws last
        _saved_link_speaks(page, 1, french)
        _speaks(page, 0, ENGLISH_BOARD, FRENCH_BOARD, english)
        _speaks(page, 1, FRENCH_BOARD, ENGLISH_BOARD, french)
        assert page.locator(".gk-root.gk-broken").count() == 0

        for i, lang in ((0, "en"), (1, "fr")):
            page.evaluate(_AT_TOP, i)
            page.mouse.move(1, 1)
            page.screenshot(path=str(lab.artifact(f"two-tables-{lang}-1280x720.png")))
        assert "Player 1" in page.evaluate(_TEXT, 0)
        assert "Joueur 1" in page.evaluate(_TEXT, 1) and "Player 1" not in page.evaluate(_TEXT, 1)
    finally:
        context.close()
        lab.stop_kernels()


# One module instance, two tables: the page's own models stand in for the kernel's
# (their traits are real tables' states), so this runs without a kernel, in seconds.
_MOUNT = """async ({ source, states }) => {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const mod = await import(url);
  const model = (state) => {
    const handlers = {};
    return { get: (k) => state[k], set: (k, v) => { state[k] = v; }, save_changes() {}, send() {},
      on: (name, fn) => { (handlers[name] = handlers[name] || []).push(fn); },
      change(name, value) {
        state[name] = value;
        for (const fn of handlers['change:' + name] || []) fn();
      } };
  };
  window.models = states.map(model);
  for (const [i, m] of window.models.entries()) {
    const el = document.createElement('div');
    document.body.appendChild(el);
    await mod.default.render({ model: m, el });
  }
}"""
_FRENCH_DRAWS = "() => window.models[1].change('revision', 1000)"
_ENGLISH_SAVES = "() => window.models[0].change('saved_json', '{}')"


def _state(lang: str) -> dict[str, Any]:
    state = Table(gamekit.new_game("knock-knock", seed=SEED), lang=lang).get_state()
    return json.loads(
        json.dumps({k: v for k, v in state.items() if not k.startswith("_")}, default=str)
    )


def test_one_page_module_draws_two_tables_in_their_own_words(browser: Any) -> None:
    """The page module loaded once draws an English and a French table: whichever drew
    last, what each makes later (a card's menu, the saved game's link) is in its words."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_style_tag(content=(STATIC / "table.css").read_text(encoding="utf-8"))
        source = (STATIC / "table.js").read_text(encoding="utf-8")
        english, french = _state("en"), _state("fr")
        page.evaluate(_MOUNT, {"source": source, "states": [english, french]})
        page.wait_for_function(
            "() => [...document.querySelectorAll('.gk-board')]"
            ".filter((b) => b.dataset.board === 'title').length === 2"
        )
        page.evaluate(_FRENCH_DRAWS)
        page.wait_for_selector(".gk-root[data-revision='1000']")
        roots = page.locator(".gk-root")
        assert (
            roots.nth(0).locator(".gk-side-title").inner_text()
            == english["labels"]["what_happened"]
        )
        assert (
            roots.nth(1).locator(".gk-side-title").inner_text() == french["labels"]["what_happened"]
        )
        _menu_speaks(page, 0, english["labels"])
        page.evaluate(_ENGLISH_SAVES)
        assert roots.nth(0).locator(".gk-download").inner_text() == english["labels"]["download"]
        for i, own, other in ((0, ENGLISH_BOARD, FRENCH_BOARD), (1, FRENCH_BOARD, ENGLISH_BOARD)):
            board = roots.nth(i).locator(".gk-board").text_content() or ""
            assert all(w in board for w in own) and not any(w in board for w in other), board
        page.screenshot(path=str(Lab.artifact("one-module-two-tables-1280x720.png")))
    finally:
        context.close()
