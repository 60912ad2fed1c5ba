"""The rules pages: every English page has a French one with the same rulings, linked both ways."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
FRENCH = RULES / "fr"
ENGLISH_PAGES = sorted(RULES.glob("*.md"))
NBSP = "\u00a0\u202f"  # the no-break space and the narrow no-break space


def read(path: Path) -> str:
    return path.read_text(encoding="utf-8")


def ruling_ids(text: str, letters: str) -> set[str]:
    """Every ruling ID (a letter of ``letters`` and a number: K1, H11, ...) the text names."""
    return set(re.findall(rf"\b[{letters}]\d+\b", text))


def ruling_letters(english: str) -> str:
    """The letters of the rulings an English page names ("Ruling K1" -> "K")."""
    return "".join(sorted(set(re.findall(r"\bRulings? ([A-Z])\d+\b", english))))


def prose(markdown: str) -> list[str]:
    """The lines of a Markdown text outside code blocks, inline code removed."""
    lines, fenced = [], False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced:
            lines.append(re.sub(r"`[^`]*`", "", line))
    return lines


def test_there_are_rules_pages() -> None:
    assert {p.stem for p in ENGLISH_PAGES} >= {"knock-knock", "hats", "boo-party", "bloody-inn"}


def test_the_ruling_ids_are_found() -> None:
    text = "**Ruling K1:** ... (Ruling K2) ... K3 and K10; OK1 no, K1x no"
    assert ruling_letters(text) == "K"
    assert ruling_ids(text, "K") == {"K1", "K2", "K3", "K10"}


@pytest.mark.parametrize("english", ENGLISH_PAGES, ids=lambda p: p.stem)
def test_every_english_page_has_a_french_page_with_the_same_rulings(english: Path) -> None:
    french = FRENCH / english.name
    assert french.exists(), f"missing French rules page {french.relative_to(ROOT)}"
    letters = ruling_letters(read(english))
    assert letters, f"{english.name} names no ruling"
    assert ruling_ids(read(french), letters) == ruling_ids(read(english), letters)


def test_every_french_page_has_an_english_page() -> None:
    assert {p.name for p in FRENCH.glob("*.md")} == {p.name for p in ENGLISH_PAGES}


@pytest.mark.parametrize("english", ENGLISH_PAGES, ids=lambda p: p.stem)
def test_the_two_pages_link_to_each_other(english: Path) -> None:
    assert f"](fr/{english.name})" in read(english)
    assert f"](../{english.name})" in read(FRENCH / english.name)


@pytest.mark.parametrize("french", sorted(FRENCH.glob("*.md")), ids=lambda p: p.stem)
def test_french_typography(french: Path) -> None:
    """A no-break space before : ; ! ? and inside « » (code is left alone)."""
    for number, line in enumerate(prose(read(french)), start=1):
        where = f"{french.name}, line {number}: {line!r}"
        assert not re.search(r" [:;!?](\s|\*|$)", line), f"plain space before punctuation: {where}"
        assert not re.search(r"«[^" + NBSP + "]", line), f"« needs a no-break space: {where}"
        assert not re.search(r"[^" + NBSP + "]»", line), f"» needs a no-break space: {where}"
        assert '"' not in line, f"French quotes are « »: {where}"
