"""The page's pure JavaScript helpers, unit-tested by Node's own runner (``node --test``).

``tests/js/*.test.mjs`` import ``gamekit/widgets/static/table.js`` without a DOM and
run in milliseconds. Each file is one pytest test here, so a failure shows in
pytest's closing line. Skipped only where no Node can be had (``./kit test``
installs Debian's ``nodejs`` when ``node`` is missing).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

import gamekit

ROOT = Path(__file__).resolve().parent.parent
JS_TESTS = sorted((ROOT / "tests" / "js").glob("*.test.mjs"))
PAGE = ROOT / "gamekit" / "widgets" / "static" / "table.js"


def _node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def test_there_are_node_tests() -> None:
    assert len(JS_TESTS) >= 2


@pytest.mark.parametrize("path", JS_TESTS, ids=lambda p: p.name)
def test_node_test_passes(path: Path) -> None:
    node = _node()
    if node is None:
        pytest.skip("node is not installed (Debian: apt-get install nodejs; ./kit test does it)")
    run = subprocess.run(
        [node, "--test", str(path.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-4000:]
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    assert passed and int(passed.group(1)) > 0, report[-4000:]


def test_the_page_names_no_title() -> None:
    """table.js asks the title (the ``features`` trait) and never names one."""
    source = PAGE.read_text(encoding="utf-8")
    strings = set(re.findall(r"\"([^\"\n]*)\"|'([^'\n]*)'", source))
    literals = {a or b for a, b in strings}
    keys = set(gamekit.TITLES)
    assert not keys & literals, keys & literals
    assert not re.search(r"title\s*[!=]==", source), "no test of the title shown"


def test_kit_installs_node_and_check_leaves_out_the_slow_runs() -> None:
    """``./kit test`` and ``./kit check`` install Debian's nodejs when node is missing;
    check runs ruff, mypy and the unit tests, never the browser, wheel or slow ones."""
    kit = (ROOT / "kit").read_text(encoding="utf-8")
    assert "apt_install nodejs" in kit
    check = kit.split("run_check() {", 1)[1].split("\n}\n", 1)[0]
    assert 'ruff" check .' in check and 'mypy" --strict gamekit' in check
    assert '-m "not browser and not wheel and not slow"' in check
    assert "--ignore=tests/browser" in check
    assert "check) run_check" in kit
