"""The exported replay opens from disk in Chromium with no network and scrubs to the end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from labserver import Lab

import gamekit
from gamekit import bots

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]


def _finished(title: str, seed: int) -> gamekit.Game:
    game = gamekit.new_game(title, seed=seed)
    players = [bots.make(title, "random", seed=s) for s in range(game.players)]
    while not game.is_over:
        game.play(players[game.to_move or 0].choose(game))
    return game


@pytest.mark.parametrize(("title", "lang"), [("knock-knock", "fr"), ("bloody-inn", "en")])
def test_the_replay_opens_offline_and_its_last_step_shows_the_final_scores(
    browser: Any, tmp_path: Path, title: str, lang: str
) -> None:
    game = _finished(title, seed=4)
    out = gamekit.export_html(game, tmp_path / "replay.html", seat=1, lang=lang)
    page_url = out.resolve().as_uri()
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    requested: list[str] = []

    def refuse(route: Any) -> None:
        """Every request but the page itself is aborted and counted."""
        if route.request.url == page_url:
            route.continue_()
            return
        requested.append(route.request.url)
        route.abort()

    context.route("**/*", refuse)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        page.goto(page_url)
        page.wait_for_selector("#gk-replay[data-ready='true'] .gk-board *")
        assert page.locator(".gk-root").get_attribute("data-step") == "0"
        assert page.locator(".gk-result").is_hidden()
        last = game.step
        page.locator(".gk-timeline").evaluate(
            "(el, last) => { el.value = String(last); el.dispatchEvent(new Event('change')); }",
            last,
        )
        page.wait_for_selector(f".gk-root[data-step='{last}'] .gk-result:not([hidden])")
        shown = page.locator(".gk-result").inner_text()
        with gamekit.language(lang):
            final = [game.read(line) for line in game.rules.result_lines(game.state)]
        assert final and all(line in shown for line in final)
        page.locator(".gk-undo").click()
        page.wait_for_selector(f".gk-root[data-step='{last - 1}']")
        assert page.locator(".gk-result").is_hidden()
        page.locator(".gk-timeline").evaluate(
            "(el, last) => { el.value = String(last); el.dispatchEvent(new Event('change')); }",
            last,
        )
        page.wait_for_selector(f".gk-root[data-step='{last}'] .gk-result:not([hidden])")
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(Lab.artifact(f"replay-{title}-{lang}.png")))
        assert errors == []
        assert requested == []
    finally:
        context.close()


def _serious(page: Any) -> list[Any]:
    """axe-core's serious and critical violations on the page (its own copy, no network)."""
    from axe_playwright_python.sync_playwright import Axe

    page.wait_for_function(
        "() => document.getAnimations().every((a) => a.playState !== 'running')", timeout=10_000
    )
    results = Axe().run(page)
    return [
        (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_the_replay_passes_axe_at_its_first_and_last_step(
    browser: Any, tmp_path: Path, title: str
) -> None:
    game = _finished(title, seed=5)
    out = gamekit.export_html(game, tmp_path / "replay.html", seat=None)
    page = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    try:
        page.goto(out.resolve().as_uri())
        page.wait_for_selector("#gk-replay[data-ready='true'] .gk-board *")
        assert _serious(page) == [], "step 0"
        page.locator(".gk-timeline").evaluate(
            "(el, last) => { el.value = String(last); el.dispatchEvent(new Event('change')); }",
            game.step,
        )
        page.wait_for_selector(f".gk-root[data-step='{game.step}'] .gk-result:not([hidden])")
        assert _serious(page) == [], "last step"
    finally:
        page.context.close()
