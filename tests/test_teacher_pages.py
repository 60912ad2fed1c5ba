"""The teacher's printable pages: worksheets, answers to "why" and the Inn's rules digest,
in English and French, linked from the guides and the lessons, each within one page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXERCISES = ROOT / "exercises"
WORKSHEETS = {
    "knock-knock": "toc-toc-toc",
    "hats": "hats",
    "boo-party": "boo-party",
    "bloody-inn": "auberge-sanglante",
}
ENGLISH = [EXERCISES / "worksheets" / f"{name}.md" for name in WORKSHEETS]
FRENCH = [EXERCISES / "fr" / "fiches" / f"{name}.md" for name in WORKSHEETS.values()]
ANSWERS = (EXERCISES / "answers-to-why.md", EXERCISES / "fr" / "reponses-aux-pourquoi.md")
DIGESTS = (ROOT / "docs/rules/bloody-inn-digest.md", ROOT / "docs/rules/fr/bloody-inn-digest.md")
ROOMS = (ROOT / "docs/rooms.md", ROOT / "docs/fr/rooms.md")
"""The guide to running a class with rooms, in English and French."""
GUIDES = (EXERCISES / "README.md", EXERCISES / "fr" / "README.md")
PAGE_LINES = 75
"""A printed page holds about this many lines of Markdown (a table row is one line)."""


def links(path: Path) -> list[str]:
    """The relative targets of a page's Markdown links, without their ``#anchor``."""
    found = re.findall(r"\]\(([^)#\s]+)(?:#[^)\s]*)?\)", path.read_text(encoding="utf-8"))
    return [target for target in found if not re.match(r"[a-z]+:", target)]


def test_links_keep_the_file_of_an_anchored_link() -> None:
    page = ROOT / "docs/fr/rooms.md"
    assert "../performance.md" in links(page) and "../rooms.md" in links(page)


@pytest.mark.parametrize(
    ("guide", "pages"),
    [
        (GUIDES[0], [*ENGLISH, ANSWERS[0], DIGESTS[0], ROOMS[0]]),
        (GUIDES[1], [*FRENCH, ANSWERS[1], DIGESTS[1], ROOMS[1]]),
    ],
    ids=["en", "fr"],
)
def test_the_teachers_guide_links_every_page(guide: Path, pages: list[Path]) -> None:
    linked = {(guide.parent / target).resolve() for target in links(guide)}
    missing = [p.relative_to(ROOT).as_posix() for p in pages if p.resolve() not in linked]
    assert not missing, f"{guide.relative_to(ROOT)} does not link {missing}"


@pytest.mark.parametrize("page", [*ENGLISH, *FRENCH], ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_worksheet_fits_one_page_and_has_blanks(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= PAGE_LINES, f"{page.name} is longer than a page"
    assert text.count("______") >= 5, "a worksheet leaves blanks to fill"
    assert "```python" in text, "a worksheet ends with the kit's check"


@pytest.mark.parametrize(
    "page",
    [*ENGLISH, *FRENCH, *ANSWERS, *DIGESTS, *ROOMS, *GUIDES],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_the_pages_links_resolve(page: Path) -> None:
    for target in links(page):
        assert (page.parent / target).resolve().exists(), f"{page.name}: {target}"


@pytest.mark.parametrize("page", [*FRENCH, ANSWERS[1]], ids=lambda p: p.name)
def test_french_pages_typography(page: Path) -> None:
    fenced = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        prose = re.sub(r"`[^`]*`", "", line)
        if fenced:
            continue
        assert not re.search(r" [:;!?](\s|\*|$)", prose), (
            f"plain space before punctuation: {line!r}"
        )
        assert not re.search("«[^\u00a0\u202f]|[^\u00a0\u202f]»", prose), f"« » spacing: {line!r}"


def test_the_answers_follow_one_another_in_both_languages() -> None:
    """Each answer page asks the same questions, lesson by lesson."""
    english, french = (re.findall(r"^\*\*(\d\d) ·", p.read_text(), re.M) for p in ANSWERS)
    assert english == french and len(english) >= 10


@pytest.mark.parametrize(
    "lesson",
    ["notebooks/40-bloody-inn-walkthrough.ipynb", "notebooks/fr/40-auberge-sanglante.ipynb"],
)
def test_lesson_40_links_the_rules_digest(lesson: Path) -> None:
    nb = json.loads((ROOT / lesson).read_text())
    first = "".join(nb["cells"][0]["source"])
    assert "bloody-inn-digest.md)" in first


def test_the_french_lesson_70_links_the_french_rooms_guide() -> None:
    notebook = ROOT / "notebooks/fr/70-jouer-ensemble.ipynb"
    cells = json.loads(notebook.read_text())["cells"]
    targets = {
        (notebook.parent / target).resolve()
        for cell in cells
        if cell["cell_type"] == "markdown"
        for target in re.findall(r"\]\(([^)#\s]+)\)", "".join(cell["source"]))
    }
    assert ROOMS[1].resolve() in targets


@pytest.mark.parametrize("rules", ["docs/rules/bloody-inn.md", "docs/rules/fr/bloody-inn.md"])
def test_the_rules_page_links_its_digest(rules: str) -> None:
    assert "](bloody-inn-digest.md)" in (ROOT / rules).read_text()


NUMBERS = ("00", "10", "11", "12", "20", "21", "30", "31", "40", "41", "50", "51", "60", "70")
"""The lessons held to goals and a recap here."""
LESSONS = sorted(
    p
    for folder in ("notebooks", "notebooks/fr")
    for n in NUMBERS
    for p in (ROOT / folder).glob(f"{n}-*.ipynb")
)
RECAP = re.compile(r"^## (?:Recap|Ce qu’il faut retenir)\n\n((?:- .*\n?)+)", re.M)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_a_lesson_opens_with_its_goals_and_closes_with_a_short_recap(lesson: Path) -> None:
    cells = json.loads(lesson.read_text())["cells"]
    first = "".join(cells[0]["source"])
    assert "**Learning goals.**" in first or "**Objectifs.**" in first, "no learning goals"
    found = [
        (i, RECAP.search("".join(c["source"])))
        for i, c in enumerate(cells)
        if c["cell_type"] == "markdown"
    ]
    recaps = [(i, m) for i, m in found if m]
    assert recaps, "no recap"
    where, match = recaps[-1]
    assert all(c["cell_type"] == "markdown" for c in cells[where:]), "code after the recap"
    assert 3 <= len(match.group(1).strip().splitlines()) <= 4, "a recap has three or four lines"


def test_every_lesson_number_has_both_languages() -> None:
    assert len(LESSONS) == 2 * len(NUMBERS)
