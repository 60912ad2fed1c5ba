"""Click -> re-render latency of the table in a real JupyterLab and Chromium.

For each title a notebook shows ``Table(game, seat="god")``; the page clicks the
first legal action, then Undo, again and again. One sample is the time
from the click to just after the first frame painted once the table redrew
with the kernel's answer (the round trip page -> kernel -> page, plus drawing);
``draw`` is the page's own drawing time within it.
Target: median <= 100 ms. A measurement, not a test: nothing asserts on time.

``--learner``: the table of a learner at seat 0 instead (the bots wait their longest, so
Undo always comes first), where the odds panel has rows to draw; ``--odds on`` turns the
panel on (``Table(..., odds=True)``): "undo" then redraws the learner's decision with its
questions answered, "play" the bots' turn without them.

    .venv/bin/python benchmarks/widget_latency.py [--clicks 30] [--out latency.json]
    .venv/bin/python benchmarks/widget_latency.py --learner --odds on
    .venv/bin/python benchmarks/widget_latency.py --odds both   # side by side
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from labserver import CHROMIUM, LAUNCH_ARGS, start_lab  # noqa: E402

import gamekit  # noqa: E402

MEASURE = """async ([selectors, clicks]) => {
  const root = document.querySelector('.gk-root');
  const times = [];
  const draws = [];
  for (let i = 0; i < clicks; i++) {
    const target = document.querySelector(selectors[i % selectors.length]);
    if (!target) break;
    const before = root.dataset.revision;
    const changed = new Promise((done) => {
      const watch = new MutationObserver(() => {
        if (root.dataset.revision !== before) { watch.disconnect(); done(); }
      });
      watch.observe(root, { attributes: true });
    });
    const t0 = performance.now();
    target.click();
    await changed;
    await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    times.push(performance.now() - t0);
    draws.push(Number(root.dataset.drawMs));
  }
  return [times, draws];
}"""


def _notebook(title: str, learner: bool = False, odds: bool = False) -> list[str]:
    if not learner:
        table = f"table = Table(gamekit.new_game({title!r}, seed=1), seat='god', bots=None)\n"
    else:
        table = (
            f"table = Table(gamekit.new_game({title!r}, seed=1), seat=0, humans=[0], odds={odds})\n"
            "table.speed_ms = 10_000  # the bots wait: the next click is always the learner's\n"
        )
    return ["import gamekit\nfrom gamekit.widgets import Table\n" + table + "table"]


def measure(
    title: str, lab: Any, browser: Any, clicks: int, learner: bool = False, odds: bool = False
) -> dict[str, list[float]]:
    """Click the first legal action then Undo, ``clicks`` times; return the samples (ms)."""
    lab.write_notebook(f"{title}.ipynb", _notebook(title, learner, odds))
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.set_default_timeout(60_000)
    try:
        lab.open_and_run(page, f"{title}.ipynb")
        page.wait_for_selector(".gk-root .gk-action")
        page.evaluate(MEASURE, [[".gk-action", ".gk-undo"], 4])  # warm up
        times, draws = page.evaluate(MEASURE, [[".gk-action", ".gk-undo"], 2 * clicks])
    finally:
        page.close()
        lab.stop_kernels()
    return {"play": times[0::2], "undo": times[1::2], "draw": draws}


def summary(samples: list[float]) -> dict[str, float]:
    """Median, 90th percentile, mean and count of a list of milliseconds."""
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))] if ordered else float("nan")
    return {
        "n": len(ordered),
        "median_ms": round(statistics.median(ordered), 1) if ordered else float("nan"),
        "p90_ms": round(p90, 1),
        "mean_ms": round(statistics.fmean(ordered), 1) if ordered else float("nan"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=30)
    parser.add_argument("--titles", nargs="*", default=list(gamekit.TITLES))
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--learner", action="store_true", help="a learner at seat 0, not god")
    parser.add_argument(
        "--odds", choices=("off", "on", "both"), default="off",
        help="the odds panel (both: off then on, title by title, in the same session)",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is not installed: nothing measured")
        return 1
    from playwright.sync_api import sync_playwright

    results: dict[str, Any] = {}
    with (
        tempfile.TemporaryDirectory() as folder,
        start_lab(Path(folder)) as lab,
        sync_playwright() as play,
    ):
        browser = play.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        modes = {"off": [False], "on": [True], "both": [False, True]}[args.odds]
        for title in args.titles:
            for on in modes:
                name = f"{title} odds {'on' if on else 'off'}" if args.odds == "both" else title
                samples = measure(title, lab, browser, args.clicks, args.learner or on, on)
                results[name] = {kind: summary(s) for kind, s in samples.items()}
                results[name]["click->redraw"] = summary(samples["play"] + samples["undo"])
                print(f"{name:12s} " + "  ".join(
                    f"{kind}: median {r['median_ms']} ms, p90 {r['p90_ms']} ms (n={r['n']})"
                    for kind, r in results[name].items()
                ), flush=True)  # fmt: skip
        browser.close()
    if args.out:
        args.out.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
