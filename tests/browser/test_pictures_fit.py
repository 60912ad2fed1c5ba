"""The static picture of a game clips no name: every word of every card fits its card.

Chromium lays out the pictures of sampled game states of every title, in English and
French, next to every card name a title has, and measures each card's text against its
box: no text overflows its card ("Peacekee(per)" was clipped at 58 px) and no word is
broken across two lines.
"""

from __future__ import annotations

from typing import Any

import pytest

import gamekit
from gamekit import bots
from gamekit.pictures import card_catalogue, card_html, view_html
from gamekit.titles.knock_knock.terms import CARDS

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("browser")]

TITLES = ("knock-knock", "hats", "boo-party", "bloody-inn")

MEASURE = """() => {
  const cards = [...document.querySelectorAll("span[title]")];
  const bad = [];
  for (const card of cards) {
    const box = card.getBoundingClientRect();
    for (const text of card.querySelectorAll("b, span")) {
      if (text.scrollWidth > text.clientWidth + 0.5 && text.clientWidth > 0) {
        bad.push(["overflows", card.title, text.textContent, text.scrollWidth, text.clientWidth]);
      }
      const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.parentElement !== text) continue;
        const re = /[^\\s-]+-?/g;
        for (let m = re.exec(node.data); m; m = re.exec(node.data)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0);
          const right = Math.max(...rects.map((r) => r.right));
          if (rects.length > 1) bad.push(["broken", card.title, m[0], rects.length, 0]);
          if (right > box.right + 0.5) bad.push(["clipped", card.title, m[0], right, box.right]);
        }
      }
    }
  }
  return [cards.length, bad];
}"""


def _pictures(title: str, lang: str) -> list[str]:
    """Pictures of a seeded game of ``title`` every few steps, for every seat."""
    game = gamekit.new_game(title, seed=3, lang=lang)
    bot = bots.make(title, "random", seed=3)
    pictures = []
    while not game.is_over:
        if game.step % 7 == 0:
            with gamekit.language(lang):
                pictures += [view_html(title, game.view(s)) for s in range(game.players)]
        game.play(bot.choose(game))
    return pictures


def _every_name(lang: str) -> list[str]:
    """Every card name of Knock! Knock! and The Bloody Inn (names, annexes, families)."""
    with gamekit.language(lang):
        cards = [card_html(format(term, "name"), "sky", "circle") for term in CARDS.values()]
        for info in card_catalogue("bloody-inn").values():
            sub = f"{info['family_name']} {info['money']}F"
            cards += [card_html(info["name"], sub=sub), card_html(info["annex"], sub="2/3")]
    return cards


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_static_picture_clips_no_long_name(browser: Any, lang: str) -> None:
    html = [*_every_name(lang)]
    for title in TITLES:
        html += _pictures(title, lang)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    try:
        page.set_content("<body style='font-family:sans-serif'>" + "".join(html) + "</body>")
        count, bad = page.evaluate(MEASURE)
    finally:
        page.close()
    assert count > 200
    assert bad == []
