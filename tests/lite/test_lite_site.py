"""The browser build (JupyterLite, Pyodide) runs the lessons and exercises offline.

The test builds the site with ``./kit lite`` (reused while none of its inputs
changed), serves it with ``python -m http.server`` on 127.0.0.1, opens it in
Debian's Chromium with every request to another host aborted and counted (the
count must be 0), runs lessons (English and French) and compares the outputs of
their checked cells (tag ``nbval-check-output``) with the stored ones, after the
project's nbval sanitize patterns (and with runs of blanks folded: a table shows
as HTML in the page, as text in the file). The exercises run too, and every cell
shows what the same notebook shows on the desktop; every exercise's exact answer
is marked right in the browser. The site holds no solutions.

``./kit test`` runs it; alone: ``./kit test -m lite`` (it is also ``slow``: the
first build downloads the wheels and the Pyodide core from the package registries).
By default one walkthrough per language, the odds lesson and one exercise notebook
per language run; ``--thorough`` runs every walkthrough and exercise notebook.
At the start-here lesson's table it also plays a move with the mouse, saves and loads;
in the site's console SymPy and Altair load on import and a chart is drawn, and a
simulation shows the notebook's progress bar (a widget) to its last game.
"""

from __future__ import annotations

import configparser
import hashlib
import json
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote, urlsplit

import pytest

T = TypeVar("T")

pytestmark = [pytest.mark.lite, pytest.mark.slow, pytest.mark.xdist_group("lite")]

REPO = Path(__file__).resolve().parents[2]
SITE = REPO / "build" / "lite-test"
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]
INPUTS = ["gamekit", "notebooks", "exercises", "docs/rules", "docs/img", "docs/rooms.md",
          "docs/fr/rooms.md", "docs/browser.md",
          "tools/lite.py", "pyproject.toml", "kit"]  # fmt: skip
NOTEBOOKS = ["notebooks/00-start-here.ipynb", "notebooks/fr/00-commencer-ici.ipynb"]
THOROUGH = pytest.mark.thorough
LESSONS = [
    "notebooks/10-knock-knock-walkthrough.ipynb",
    "notebooks/fr/40-auberge-sanglante.ipynb",
    "notebooks/12-odds-at-the-table.ipynb",
    "notebooks/60-make-your-own-game.ipynb",
    *(
        pytest.param(name, marks=THOROUGH)
        for name in (
            "notebooks/20-hats-walkthrough.ipynb",
            "notebooks/30-boo-party-walkthrough.ipynb",
            "notebooks/40-bloody-inn-walkthrough.ipynb",
            "notebooks/fr/10-toc-toc-toc.ipynb",
            "notebooks/fr/20-hats.ipynb",
            "notebooks/fr/30-boo-party.ipynb",
            "notebooks/fr/12-les-chances-a-la-table.ipynb",
            "notebooks/fr/60-inventer-son-jeu.ipynb",
            "notebooks/50-write-your-own-bot.ipynb",
            "notebooks/fr/50-ecrire-son-robot.ipynb",
            "notebooks/21-hats-analysis.ipynb",
            "notebooks/fr/21-hats-analyse.ipynb",
            "notebooks/41-bloody-inn-analysis.ipynb",
            "notebooks/fr/41-auberge-sanglante-analyse.ipynb",
        )
    ),
]
"""The lessons beyond the start-here one that run in the browser (the odds lesson, the
write-your-own-bot and the make-your-own-game lessons draw charts, the last two from a
pandas-free ``simulate``); the others under ``--thorough``."""
EXERCISES = [
    "exercises/knock-knock.ipynb",
    "exercises/fr/auberge-sanglante.ipynb",
    *(
        pytest.param(name, marks=THOROUGH)
        for name in (
            "exercises/hats.ipynb",
            "exercises/boo-party.ipynb",
            "exercises/bloody-inn.ipynb",
            "exercises/fr/toc-toc-toc.ipynb",
            "exercises/fr/hats.ipynb",
            "exercises/fr/boo-party.ipynb",
        )
    ),
]
CHECK_TAG = "nbval-check-output"

# JupyterLite exposes no ``window.jupyterapp``: the test reads the page itself. The
# indicator says "idle" before the kernel exists ("No Kernel"), and cells sent then may be
# lost: the kernel is ready when it is named and idle after its start.
_KERNEL_IDLE = """() => {
  const e = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const name = document.querySelector('.jp-NotebookPanel .jp-KernelName')?.innerText ?? '';
  return !!e && e.dataset.status === 'idle' && name !== '' && !/No Kernel/.test(name)
    && document.querySelectorAll('.jp-CodeCell').length > 0;
}"""

# The prompts of the code cells: '[ ]' unrun, '[*]' queued or running, '[n]' run.
_PROMPTS = """() => [...document.querySelectorAll('.jp-CodeCell .jp-InputArea-prompt')]
  .map((p) => p.textContent.replace(/[\\s:]/g, ''))"""
_CLEARED = (
    f"() => {{ const p = ({_PROMPTS})(); return p.length > 0 && p.every((x) => x === '[]'); }}"
)
_STARTED = f"() => ({_PROMPTS})().some((x) => x !== '[]')"

# Where a run from the Run menu stands: 'done' when every prompt shows a number and the
# kernel is idle; 'stopped' when nothing is queued and a cell is unrun (an error ends a
# run and unqueues the cells after it; the indicator may still say busy then); else
# null (still running).
_RUN_STATE = f"""() => {{
  const e = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const p = ({_PROMPTS})();
  if (p.length === 0 || p.includes('[*]')) return null;
  if (!p.every((x) => /^\\[\\d+\\]$/.test(x))) return 'stopped';
  return e && e.dataset.status === 'idle' ? 'done' : null;
}}"""

_CELL_OUTPUTS = """() => [...document.querySelectorAll('.jp-CodeCell')].map((c) =>
  [...c.querySelectorAll('.jp-OutputArea-output')].map((o) => o.innerText).join(''))"""


def _digest() -> str:
    """A hash of every file the site is built from."""
    sha = hashlib.sha256()
    for name in INPUTS:
        path = REPO / name
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            if "__pycache__" in file.parts or ".ipynb_checkpoints" in file.parts:
                continue
            sha.update(str(file.relative_to(REPO)).encode() + b"\0" + file.read_bytes())
    return sha.hexdigest()


@pytest.fixture(scope="module")
def site() -> Path:
    """The built site, rebuilt only when one of its inputs changed."""
    stamp = SITE / ".gamekit-inputs"
    digest = _digest()
    if not (stamp.exists() and stamp.read_text() == digest):
        subprocess.run(["bash", str(REPO / "kit"), "lite", str(SITE)], check=True, cwd=REPO)
        stamp.write_text(digest)
    return SITE


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """``python -m http.server`` on 127.0.0.1 serving the site; stopped by its PID."""
    port = _free_port()
    cmd = [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port)]
    proc = subprocess.Popen(cmd, cwd=site, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(600):  # until the port answers (or the server died)
            if proc.poll() is not None:
                raise AssertionError("http.server exited")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _sanitize(text: str) -> str:
    """The project's nbval sanitize patterns, applied in order."""
    config = configparser.ConfigParser()
    config.read(REPO / "tests" / "nbval_sanitize.cfg")
    for section in config.sections():
        text = re.sub(config[section]["regex"], config[section]["replace"], text)
    return text


def _shown(text: str) -> str:
    """Text as compared: sanitized, each line's runs of blanks folded to one space (a
    table reads as tab-separated cells in the page, as aligned text in the file)."""
    lines = (" ".join(line.split()) for line in _sanitize(text).splitlines())
    return "\n".join(lines).strip()


def _stored_text(cell: dict[str, Any]) -> str:
    """What a stored code cell's outputs show: streams, results' text/plain, errors."""
    parts = []
    for out in cell["outputs"]:
        if out["output_type"] == "stream":
            text = out["text"]
        elif out["output_type"] in ("execute_result", "display_data"):
            text = out.get("data", {}).get("text/plain", "")
        else:
            text = f"{out.get('ename')}: {out.get('evalue')}"
        parts.append("".join(text) if isinstance(text, list) else text)
    return "".join(parts)


def _offline_page(play: Any, aborted: list[str]) -> tuple[Any, Any]:
    """Chromium with every request to another host aborted and counted in ``aborted``."""

    def route(request_route: Any) -> None:
        host = urlsplit(request_route.request.url).hostname or ""
        if host in ("127.0.0.1", "localhost"):
            request_route.continue_()
        else:
            aborted.append(request_route.request.url)
            request_route.abort()

    browser = play.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
    context = browser.new_context(viewport={"width": 1400, "height": 2000})
    context.route("**/*", route)
    return browser, context.new_page()


def _browsing(work: Callable[[Any], T]) -> tuple[T, list[str]]:
    """``work(page)`` in an offline page (see :func:`_offline_page`); its result and the
    requests aborted. Playwright runs in a thread of its own: another browser test of
    this worker may hold a Playwright session, whose event loop counts as running in
    the main thread, where the sync API then refuses to start."""
    from playwright.sync_api import sync_playwright

    aborted: list[str] = []

    def session() -> T:
        with sync_playwright() as play:
            browser, page = _offline_page(play, aborted)
            try:
                return work(page)
            finally:
                browser.close()

    with ThreadPoolExecutor(1, thread_name_prefix="lite-browser") as pool:
        return pool.submit(session).result(), aborted


def _console(served: str, code: str, done: str) -> tuple[str, list[str]]:
    """``code`` run in the site's console until ``done`` (JavaScript) holds: every
    output's text, and the requests aborted."""

    def work(page: Any) -> str:
        page.goto(f"{served}/repl/index.html?kernel=python&code={quote(code)}")
        page.wait_for_function(done, timeout=300_000, polling=500)
        return "\n".join(page.evaluate(_CELL_OUTPUTS_ANYWHERE))

    return _browsing(work)


# The kernel starts without SymPy and Altair: the first import of each loads it from
# the site (gamekit.browser), then the chart is drawn by JupyterLab's own Vega renderer.
_ODDS_AND_CHART = """import gamekit
from gamekit.odds.panel import odds_panel_of
g = gamekit.new_game("knock-knock", players=3, seed=1)
print("PANEL", [row["fraction"] for row in odds_panel_of(g, 0)])
import altair as alt
from gamekit import charts
print("RENDERER", charts.enable())
wins = [{"seat": "Player 1", "wins": 3}, {"seat": "Player 2", "wins": 5}]
alt.Chart(alt.Data(values=wins)).mark_bar().encode(x="seat:N", y="wins:Q")"""

_CHART_DRAWN = """() => [...document.querySelectorAll('.jp-OutputArea-output')].some((o) =>
  o.querySelector('svg.marks, canvas.marks, .vega-embed svg, .vega-embed canvas'))"""


def test_sympy_and_altair_load_on_import_and_a_chart_is_drawn_offline(served: str) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    from gamekit.odds.panel import odds_panel_of

    desktop = [row["fraction"] for row in odds_panel_of(_knock_knock(), 0)]
    texts, aborted = _console(served, _ODDS_AND_CHART, _CHART_DRAWN)
    assert aborted == []
    assert f"PANEL {desktop}" in texts, texts
    assert "RENDERER jupyterlab-vega-lite" in texts and "Traceback" not in texts


_SIMULATE_WITH_A_BAR = """import gamekit
table = gamekit.simulate("hats", games=300, players=3, seed=1, progress=True)
print("ROWS", len(table))"""
# The notebook's own bar (a widget: tqdm.notebook), at its end: every game counted.
_BAR_AT_THE_END = """() => {
  const bar = document.querySelector('.jp-OutputArea-output .widget-hprogress');
  const texts = [...document.querySelectorAll('.jp-OutputArea-output')].map((o) => o.innerText);
  return !!bar && texts.some((t) => t.includes('300/300')) && texts.some((t) => t.includes('ROWS'));
}"""


def test_a_simulation_shows_its_progress_bar_in_the_browser(served: str) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    texts, aborted = _console(served, _SIMULATE_WITH_A_BAR, _BAR_AT_THE_END)
    assert aborted == []
    assert "ROWS 900" in texts and "Traceback" not in texts, texts
    assert "hats" in texts and "100%" in texts, texts


_STEP = "() => Number(document.querySelector('.gk-root')?.dataset.step ?? -1)"
# The notebook draws only the cells near the screen: scroll on down until the lesson's
# table is drawn (each call scrolls one screen further).
_TABLE_IN_VIEW = """() => {
  const root = document.querySelector('.gk-root .gk-board');
  if (root) return true;
  const outer = document.querySelector('.jp-NotebookPanel .jp-WindowedPanel-outer');
  if (outer) outer.scrollTop += outer.clientHeight;
  return false;
}"""
_MY_MOVE = "() => !!document.querySelector('.gk-root .gk-action:not([disabled])')"


def _play_save_and_load(page: Any) -> tuple[int, int, str, int]:
    """At the lesson's table: a move by mouse, Save, another move, then Load of what was
    saved. Returns the steps before and after the move, the saved text and the step
    after Load. Every wait is for the page to show a state."""
    page.wait_for_function(_TABLE_IN_VIEW, timeout=120_000, polling=250)
    table = page.locator(".gk-root").last
    table.scroll_into_view_if_needed()
    page.wait_for_function(_MY_MOVE, timeout=120_000, polling=250)
    first = int(page.evaluate(_STEP))
    table.locator(".gk-action:not([disabled])").first.click()
    page.wait_for_function(f"() => ({_STEP})() > {first}", timeout=120_000, polling=250)
    moved = int(page.evaluate(_STEP))
    table.locator(".gk-save").click()
    saved = table.locator(".gk-saved-text").input_value(timeout=60_000)
    page.wait_for_function(_MY_MOVE, timeout=120_000, polling=250)
    table.locator(".gk-action:not([disabled])").first.click()
    page.wait_for_function(f"() => ({_STEP})() > {moved}", timeout=120_000, polling=250)
    files = [{"name": "saved.json", "mimeType": "application/json", "buffer": saved.encode()}]
    table.locator("input[type=file]").set_input_files(files)
    page.wait_for_function(f"() => ({_STEP})() === {moved}", timeout=120_000, polling=250)
    return first, moved, saved, int(page.evaluate(_STEP))


def _knock_knock() -> Any:
    import gamekit

    return gamekit.new_game("knock-knock", players=3, seed=1)


_CELL_OUTPUTS_ANYWHERE = """() => [...document.querySelectorAll('.jp-OutputArea-output')]
  .map((o) => o.innerText)"""


def _run_all(served: str, notebook: str, then: Any = None) -> tuple[list[str], list[str], Any]:
    """Open ``notebook`` in the offline page, run every cell from the Run menu and wait
    until each prompt shows a number; the cells' outputs as the page shows them, the
    requests aborted, and what ``then(page)`` gave (run before the page closes)."""

    def work(page: Any) -> tuple[list[str], Any]:
        page.goto(f"{served}/lab/index.html?path={quote(notebook)}")
        page.wait_for_function(_KERNEL_IDLE, timeout=300_000, polling=500)
        _run_every_cell(page)
        return page.evaluate(_CELL_OUTPUTS), then(page) if then is not None else None

    (fresh, after), aborted = _browsing(work)
    return fresh, aborted, after


def _menu(page: Any, menu: str, item: str) -> None:
    page.click(f"li.lm-MenuBar-item:has-text('{menu}')")
    page.click(f".lm-Menu-item:has-text('{item}')")


def _run_every_cell(page: Any) -> None:
    """Clear the stored outputs (their prompts show numbers too), run all cells from the
    Run menu and wait until every prompt shows a number. A run that stops on a cell fails
    at once, naming it."""
    _menu(page, "Edit", "Clear Outputs of All Cells")
    page.wait_for_function(_CLEARED, timeout=60_000, polling=250)
    _menu(page, "Run", "Run All Cells")
    page.wait_for_function(_STARTED, timeout=60_000, polling=250)
    state = page.wait_for_function(_RUN_STATE, timeout=900_000, polling=500).json_value()
    if state != "done":
        prompts = page.evaluate(_PROMPTS)
        unrun = [i + 1 for i, prompt in enumerate(prompts) if prompt == "[]"]
        outputs = page.evaluate(_CELL_OUTPUTS)
        last = max((i for i, prompt in enumerate(prompts) if prompt != "[]"), default=0)
        pytest.fail(f"the run stopped: code cells {unrun} unrun; code cell {last + 1} "
                    f"shows {outputs[last][-1500:]!r}")  # fmt: skip


def _code_cells(notebook: str) -> list[dict[str, Any]]:
    stored = json.loads((REPO / notebook).read_text())
    return [c for c in stored["cells"] if c["cell_type"] == "code"]


def _assert_checked_outputs_match(notebook: str, fresh: list[str]) -> None:
    """Every checked cell shows what the stored notebook shows; no cell a traceback."""
    code = _code_cells(notebook)
    assert len(fresh) == len(code)
    checked = [i for i, c in enumerate(code) if CHECK_TAG in c["metadata"].get("tags", [])]
    assert checked, "the lesson has no checked cell"
    for i in checked:
        assert _shown(fresh[i]) == _shown(_stored_text(code[i])), f"code cell {i + 1}"
    assert [text for text in fresh if "Traceback" in text] == []


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_start_here_runs_offline_in_the_browser(served: str, notebook: str) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    then = _play_save_and_load if notebook == NOTEBOOKS[0] else None
    fresh, aborted, played = _run_all(served, notebook, then)
    assert aborted == []
    if played is not None:  # the lesson's table, by mouse: a move, Save, then Load
        first, moved, saved, loaded = played
        assert moved > first, "the click played a move"
        assert '"title": "knock-knock"' in saved or '"title":"knock-knock"' in saved
        assert loaded == moved, "Load went back to the saved step"
    _assert_checked_outputs_match(notebook, fresh)


@pytest.mark.parametrize("notebook", LESSONS)
def test_a_lesson_runs_offline_in_the_browser(served: str, notebook: str) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    charted = any(f"/{number}-" in notebook for number in (12, 50, 60))
    drawn = (lambda page: page.evaluate(_CHART_DRAWN)) if charted else None
    fresh, aborted, chart = _run_all(served, notebook, drawn)
    assert aborted == []
    _assert_checked_outputs_match(notebook, fresh)
    if drawn is not None:
        assert chart, "the lesson's chart was drawn by JupyterLab's Vega-Lite renderer"


_RUN_ON_THE_DESKTOP = """import json, sys
import nbclient, nbformat
path = sys.argv[1]
book = nbformat.read(path, as_version=4)
folder = {"metadata": {"path": path.rsplit("/", 1)[0]}}
nbclient.NotebookClient(book, timeout=600, kernel_name="python3", resources=folder).execute()
print(json.dumps([cell.outputs for cell in book.cells if cell.cell_type == "code"]))"""


def _desktop_outputs(notebook: str) -> list[str]:
    """The notebook run on the desktop (a kernel of this environment, in the notebook's
    folder), each code cell's outputs as text. It runs in a process of its own: the
    notebook client leaves an event loop behind, where Playwright's sync API refuses
    to start."""
    run = subprocess.run(
        [sys.executable, "-c", _RUN_ON_THE_DESKTOP, str(REPO / notebook)],
        capture_output=True,
        text=True,
        timeout=900,
        check=True,
    )
    outputs = json.loads(run.stdout.splitlines()[-1])
    return [_stored_text({"outputs": cell}) for cell in outputs]


@pytest.mark.parametrize("notebook", EXERCISES)
def test_an_exercise_notebook_runs_in_the_browser_as_on_the_desktop(
    served: str, notebook: str
) -> None:
    # The learners' notebooks keep no outputs: the same notebook run on the desktop is
    # the reference (unanswered checks, estimates from simulated deals, formula points).
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    fresh, aborted, _ = _run_all(served, notebook)
    desktop = _desktop_outputs(notebook)
    assert aborted == []
    assert len(fresh) == len(desktop)
    for i, (here, there) in enumerate(zip(fresh, desktop, strict=True)):
        assert _shown(here) == _shown(there), f"code cell {i + 1}"
    assert any("✔" in text for text in fresh), "an estimate was checked"
    assert [text for text in fresh if "Traceback" in text] == []


def _exact_answers() -> dict[str, Any]:
    """Every exercise's exact answer as a learner could type it: fractions and formulas
    as text, distributions as dicts of such text."""
    from gamekit.exercises import EXERCISES as BANK
    from gamekit.exercises import _expected, load_banks

    load_banks()
    answers: dict[str, Any] = {}
    for name, ex in BANK.items():
        expected = _expected(ex)
        if isinstance(expected, dict):
            answers[name] = {int(k): str(v) for k, v in expected.items()}
        else:
            answers[name] = str(expected)
    return answers


_CHECK_ALL = """from gamekit.exercises import check
for name, answer in ANSWERS.items():
    print("CHECK", name, "right" if check(name, answer) else "wrong")
print("CHECK", "kk-1", "right" if check("kk-1", "1/2") else "wrong", "(a wrong answer)")
print("CHECKED")"""


def test_every_exercise_is_marked_right_in_the_browser(served: str) -> None:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is not installed")
    answers = _exact_answers()
    code = f"ANSWERS = {answers!r}\n{_CHECK_ALL}"
    done = f"() => ({_CELL_OUTPUTS_ANYWHERE})().some((t) => t.includes('CHECKED'))"
    texts, aborted = _console(served, code, done)
    assert aborted == []
    marked = re.findall(r"^CHECK (\S+) (right|wrong)", texts, re.MULTILINE)
    assert marked[:-1] == [(name, "right") for name in answers]
    assert marked[-1] == ("kk-1", "wrong")


def test_the_site_is_the_learners_set_without_solutions(site: Path) -> None:
    files = site / "files" / "exercises"
    assert (files / "knock-knock.ipynb").is_file() and (files / "fr" / "hats.ipynb").is_file()
    for left_out in (
        "solutions",
        "fr/solutions",
        "answers-to-why.md",
        "fr/reponses-aux-pourquoi.md",
    ):
        assert not (files / left_out).exists(), left_out
    shipped = [p.name for p in site.rglob("*.ipynb")]
    assert not [name for name in shipped if "solutions" in name or "corriges" in name]


_LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


def _texts_with_links(files: Path) -> Iterator[tuple[Path, str]]:
    """Every page of the site's files and every markdown cell of its notebooks."""
    for page in files.rglob("*.md"):
        yield page, page.read_text()
    for book in files.rglob("*.ipynb"):
        for cell in json.loads(book.read_text())["cells"]:
            if cell["cell_type"] == "markdown":
                yield book, "".join(cell["source"])


def test_every_link_in_the_site_leads_to_one_of_its_files(site: Path) -> None:
    files = site / "files"
    broken = set()
    for where, text in _texts_with_links(files):
        for target in _LINK_TARGET.findall(text):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue  # a web address or a place on the same page
            if not (where.parent / target.split("#")[0]).resolve().exists():
                broken.add(f"{where.relative_to(files)} -> {target}")
    assert broken == set()
    readme = (files / "exercises" / "README.md").read_text()
    assert "knock-knock-solutions.ipynb (in the teacher's copy of the kit)" in readme
    assert "(dans l’exemplaire de l’enseignant)" in (files / "exercises/fr/README.md").read_text()
