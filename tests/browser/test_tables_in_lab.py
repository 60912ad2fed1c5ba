"""The tables in a real JupyterLab and Chromium: click, agree with Python, undo, screenshot.

For each title a notebook builds a god-view table with no learner seated, so no
bot moves by itself (only Autoplay or a click moves the game): every state the
test waits for is one both the page and the kernel hold, never a race with the
table's own bots. The kernel writes the game's step and history to a JSON file
after every refresh. The test clicks a legal action on the page, checks that the
page and the kernel agree on the new step and on the action played, clicks undo,
checks again, and saves a screenshot under ``test-artifacts/``. One more test
drives the game controls: Save (the downloaded JSON is the kernel's game), New
game, Load, and a broken file.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from labserver import PUT_RECORD, read_record

import gamekit

# One worker runs them all under pytest-xdist (--dist loadgroup): one JupyterLab server.
pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

SEEDS = {"knock-knock": 7, "hats": 3, "boo-party": 5, "bloody-inn": 2}


def _table_notebook(title: str, record: Path, seat: str = "'god'") -> list[str]:
    return [
        PUT_RECORD + "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"game = gamekit.new_game({title!r}, seed={SEEDS[title]})\n"
        f"record = pathlib.Path({str(record)!r})\n"
        "def write(table):\n"
        "    g = table.game\n"
        "    data = {'step': g.step, 'history': [a.to_json() for a in g.history],\n"
        "            'error': table.error}\n"
        "    put(record, data)\n"
        f"table = Table(game, seat={seat}, memory_mode=False)\n"  # the test turns it on
        "table.on_change(write)\n"
        "write(table)\n"
        "table",
    ]


def _read(record: Path, step: int) -> dict[str, Any]:
    """The kernel's record once it reaches ``step`` (it writes after each refresh)."""
    return dict(read_record(record, lambda r: r["step"] == step))


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_table_click_agrees_with_python_then_undo(title: str, page: Any, lab: Any) -> None:
    record = lab.root / f"{title}.json"
    lab.write_notebook(f"{title}.ipynb", _table_notebook(title, record))
    lab.open_and_run(page, f"{title}.ipynb")
    root = page.locator(".gk-root")
    root.wait_for()
    page.wait_for_selector(".gk-root[data-step='0'] .gk-action")
    # the title's own board module (gamekit/titles/<title>/board.js) drew the board
    page.wait_for_selector(".gk-board[data-board='title']")
    assert _read(record, 0)["history"] == []

    first = page.locator(".gk-action").first
    index = int(first.get_attribute("data-index"))
    expected = gamekit.new_game(title, seed=SEEDS[title]).legal_actions()[index]
    first.click()
    page.wait_for_selector(".gk-root[data-step='1']")
    assert page.locator(".gk-step").inner_text() == "step 1"
    after = _read(record, 1)
    assert after["history"] == [expected.to_json()]
    assert after["error"] == ""
    assert page.locator(".gk-event").count() >= 1

    page.locator(".gk-undo").click()
    page.wait_for_selector(".gk-root[data-step='0']")
    assert _read(record, 0)["history"] == []
    page.wait_for_selector(".gk-action")
    root.screenshot(path=str(lab.artifact(f"table-{title}.png")))
    assert page.locator(".gk-root.gk-broken").count() == 0
    if title == "boo-party":
        _memory_mode_shows_only_the_top_vision(page, lab)
    if title == "knock-knock":
        _autoplay_lets_the_bots_play(page, record)


def _autoplay_lets_the_bots_play(page: Any, record: Path) -> None:
    page.locator(".gk-action").first.click()  # a knock; then the bots play on
    page.wait_for_selector(".gk-root[data-step='1']")
    page.locator(".gk-autoplay").click()
    page.wait_for_function(
        "() => Number(document.querySelector('.gk-root').dataset.step) >= 3", timeout=60_000
    )
    page.locator(".gk-autoplay").click()  # pause
    page.wait_for_selector(".gk-autoplay:not(.gk-on)")
    # A step asked just before the pause may still come: wait until the page and the
    # kernel show the same step, then that step stays (Autoplay is off, nobody seated).
    shown = _settled_step(page, record)
    assert _read(record, shown)["step"] == shown
    assert int(page.locator(".gk-root").get_attribute("data-step")) == shown


def _settled_step(page: Any, record: Path) -> int:
    """The step the page and the kernel's record agree on (polled until they do)."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        shown = int(page.locator(".gk-root").get_attribute("data-step"))
        if record.exists() and json.loads(record.read_text())["step"] == shown:
            return shown
        page.wait_for_timeout(100)  # poll interval only: the condition is the state above
    raise AssertionError("the page and the kernel never showed the same step")


def test_the_party_timer_plays_the_titles_timed_move(page: Any, lab: Any) -> None:
    """Boo Party! lists the "timer" feature: the page shows its switch; once on, the
    kernel's clock plays ``Rules.timeout_action`` for the learner's seat, which waits."""
    title = "boo-party"
    record = lab.root / "timer.json"
    lab.write_notebook("timer.ipynb", _table_notebook(title, record, seat="game.to_move"))
    lab.open_and_run(page, "timer.ipynb")
    page.wait_for_selector(".gk-root[data-step='0'] .gk-action")
    game = gamekit.new_game(title, seed=SEEDS[title])
    timed = game.rules.timeout_action(game.state, game.to_move)
    assert timed is not None and timed in game.legal_actions()
    page.locator(".gk-timer").check()
    page.wait_for_selector(".gk-party-timer")
    # The bots play on after the timed move: wait for the first move, not for a step.
    history = read_record(record, lambda r: r["history"])["history"]
    assert history[0] == timed.to_json(), history


def _memory_mode_shows_only_the_top_vision(page: Any, lab: Any) -> None:
    visions = page.locator(".gk-visions .gk-card")
    face_up = page.locator(".gk-visions .gk-card:not(.gk-face-down)")
    assert visions.count() >= 2 and face_up.count() == visions.count()
    page.locator(".gk-memory").check()
    page.wait_for_function(
        "() => document.querySelectorAll('.gk-visions .gk-card:not(.gk-face-down)').length === 1"
    )
    assert page.locator(".gk-visions .gk-top-vision").count() == 1
    page.locator(".gk-root").screenshot(path=str(lab.artifact("table-boo-party-memory.png")))


def _controls_notebook(record: Path) -> list[str]:
    return [
        PUT_RECORD + "import gamekit\n"
        "from gamekit.widgets import Table\n"
        f"record = pathlib.Path({str(record)!r})\n"
        "def write(table):\n"
        "    g = table.game\n"
        "    data = {'title': g.title, 'players': g.players, 'seed': g.seed, 'step': g.step,\n"
        "            'history': [a.to_json() for a in g.history], 'error': table.error}\n"
        "    put(record, data)\n"
        "table = Table(gamekit.new_game('knock-knock', seed=7), seat='god', bots=None)\n"
        "table.on_change(write)\n"
        "write(table)\n"
        "table",
    ]


def _wait_record(record: Path, **want: Any) -> dict[str, Any]:
    """The kernel's record once every field in ``want`` has the wanted value."""
    return dict(read_record(record, lambda r: all(r.get(k) == v for k, v in want.items())))


def test_save_new_game_and_load_through_the_page(page: Any, lab: Any) -> None:
    """Save downloads the game as JSON; New game deals another; Load brings the save back."""
    record = lab.root / "controls.json"
    lab.write_notebook("controls.ipynb", _controls_notebook(record))
    lab.open_and_run(page, "controls.ipynb")
    page.wait_for_selector(".gk-root[data-step='0'] .gk-action")
    page.locator(".gk-action").first.click()
    page.wait_for_selector(".gk-root[data-step='1']")
    played = _wait_record(record, step=1)

    page.locator(".gk-save").click()
    with page.expect_download() as download:
        page.locator(".gk-download").click()
    saved = Path(download.value.path()).read_text()
    assert page.locator(".gk-saved-text").input_value() == saved
    restored = gamekit.load_game(saved)
    assert [a.to_json() for a in restored.history] == played["history"]
    assert (restored.title, restored.seed) == ("knock-knock", 7)

    page.locator(".gk-new-title").select_option("hats")
    page.locator(".gk-new-players").fill("2")
    page.locator(".gk-new-seed").fill("4")
    page.locator(".gk-new").click()
    dealt = _wait_record(record, title="hats", step=0)
    assert (dealt["players"], dealt["seed"], dealt["error"]) == (2, 4, "")
    page.wait_for_function("() => document.querySelector('.gk-game-name').textContent === 'Hats'")
    page.wait_for_selector(".gk-board[data-board='title'] .gk-card")  # Hats' own board loaded
    assert page.locator(".gk-root[data-step='0'] .gk-action").count() > 0

    page.locator(".gk-load-file").set_input_files(
        files=[{"name": "saved.json", "mimeType": "application/json", "buffer": saved.encode()}]
    )
    loaded = _wait_record(record, title="knock-knock", step=1)
    assert loaded["history"] == played["history"] and loaded["error"] == ""
    page.wait_for_selector(".gk-root[data-step='1']")
    assert page.locator(".gk-game-name").inner_text() == "Knock! Knock!"
    page.locator(".gk-root").screenshot(path=str(lab.artifact("table-controls-loaded.png")))

    page.locator(".gk-load-file").set_input_files(
        files=[{"name": "bad.json", "mimeType": "application/json", "buffer": b"{not json"}]
    )
    error = page.locator(".gk-error:not([hidden])")
    error.wait_for()
    assert "JSON" in error.inner_text()
    assert page.locator(".gk-root").get_attribute("data-step") == "1"  # nothing changed


def _chart_notebook() -> list[str]:
    setup = (
        "import altair as alt\n"
        "import pandas as pd\n"
        "import gamekit.charts\n"
        "data = pd.DataFrame({'seat': ['0', '1', '2'], 'wins': [41, 33, 26]})\n"
        "chart = alt.Chart(data).mark_bar().encode(x='seat', y='wins')\n"
    )
    return [
        setup + "gamekit.charts.enable('interactive')\nchart",
        "gamekit.charts.enable('svg')\nchart",
    ]


_TWO_CHARTS = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .filter((out) => out.querySelector('canvas, svg, .jp-RenderedSVG img')).length >= 2"""


def test_offline_altair_charts_render(page: Any, lab: Any) -> None:
    """gamekit.charts' offline renderers draw a chart element in JupyterLab, no error text."""
    lab.write_notebook("chart.ipynb", _chart_notebook())
    lab.open_and_run(page, "chart.ipynb")
    page.wait_for_function(_TWO_CHARTS, timeout=60_000)
    outputs = " ".join(page.locator(".jp-OutputArea-output").all_inner_texts())
    assert "error" not in outputs.lower()
    assert page.locator(".jp-OutputArea-output[data-mime-type*='stderr']").count() == 0
    page.locator(".jp-Notebook").screenshot(path=str(lab.artifact("charts.png")))
