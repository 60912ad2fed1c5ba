"""The rules pages: every English page has a French one with the same rulings, linked both ways;
and the teacher's pages in ``docs/fr``, each the French side of an English page in ``docs``."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
FRENCH = RULES / "fr"
ENGLISH_PAGES = sorted(RULES.glob("*.md"))
DOCS_FR = sorted((ROOT / "docs" / "fr").glob("*.md"))
"""The teacher's pages in French (``docs/fr/rooms.md``)."""
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
        if line.lstrip().startswith("```"):  # a fence, at the margin or in a list item
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


def test_prose_leaves_out_a_fenced_block_in_a_list_item() -> None:
    text = 'Ouvrez le salon\u202f:\n\n   ```python\n   serve("knock-knock")\n   ```\nFin `x = "y"`.'
    assert prose(text) == ["Ouvrez le salon\u202f:", "", "Fin ."]


def test_the_teachers_pages_are_found() -> None:
    assert ROOT / "docs" / "fr" / "rooms.md" in DOCS_FR


@pytest.mark.parametrize("french", DOCS_FR, ids=lambda p: p.stem)
def test_a_french_teachers_page_and_its_english_page_link_to_each_other(french: Path) -> None:
    english = ROOT / "docs" / french.name
    assert english.exists(), f"{french.relative_to(ROOT)} has no English page"
    assert f"](fr/{french.name})" in read(english)
    assert f"](../{french.name})" in read(french)


@pytest.mark.parametrize("french", DOCS_FR, ids=lambda p: p.stem)
def test_a_french_teachers_page_has_typographic_apostrophes(french: Path) -> None:
    for number, line in enumerate(prose(read(french)), start=1):
        assert "'" not in line, f"say ’ in French prose: {french.name}, line {number}: {line!r}"


@pytest.mark.parametrize(
    "french",
    [*sorted(FRENCH.glob("*.md")), *DOCS_FR],
    ids=lambda p: p.relative_to(ROOT).as_posix(),
)
def test_french_typography(french: Path) -> None:
    """A no-break space before : ; ! ? and inside « » (code is left alone)."""
    for number, line in enumerate(prose(read(french)), start=1):
        where = f"{french.name}, line {number}: {line!r}"
        assert not re.search(r" [:;!?](\s|\*|$)", line), f"plain space before punctuation: {where}"
        assert not re.search(r"«[^" + NBSP + "]", line), f"« needs a no-break space: {where}"
        assert not re.search(r"[^" + NBSP + "]»", line), f"» needs a no-break space: {where}"
        assert '"' not in line, f"French quotes are « »: {where}"


# -- docs/api.md says what the code does -----------------------------------------------
API = ROOT / "docs" / "api.md"


def _api_prose() -> str:
    return " ".join(read(API).split())


def test_api_md_documents_the_conformance_step_limit() -> None:
    from gamekit.core import conformance

    text = _api_prose()
    assert f"`gamekit.core.conformance.MAX_STEPS` = {conformance.MAX_STEPS} by default" in text
    with pytest.raises(conformance.ConformanceError) as stopped:  # a real game, cut short
        conformance.check_game("knock-knock", 1, 3, {}, max_steps=5)
    assert "the game has not ended after 5 decisions (max_steps=5)" in str(stopped.value)
    assert "seed=1" in str(stopped.value)
    said = "the game has not ended after 5000 decisions (max_steps=5000): is_over never becomes"
    assert said.replace("5000", str(conformance.MAX_STEPS)) in text


def test_api_md_documents_the_name_rules() -> None:
    import gamekit
    from gamekit.core import names

    text = _api_prose()
    listed = "Cc, Cf, Cs, Co, Cn, Zl, Zp"
    assert f"Unicode categories {listed}" in text and set(listed.split(", ")) == names._UNSEEN  # noqa: SIM905
    for bad, said in [
        (["Ann", "ann ", "Cy"], "two players are named 'ann': every seat needs its own name, "
                                "or moves would read alike"),
        (["Ann", "Bob", "C\u202ey"], "holds an invisible or control character (U+202E)"),
        (["Ann", "Bob", "C\u200by"], "(U+200B)"),
    ]:  # fmt: skip
        with pytest.raises(ValueError, match=re.escape(said)):
            gamekit.new_game("knock-knock", players=3, seed=1, names=bad)
    assert "two players are named 'ann'" in text and "U+202E" in text and "U+200B" in text
    long = gamekit.new_game("knock-knock", players=3, seed=1, names=["A" * 60, "B  b", "C"])
    assert long.names == ["A" * 40, "B b", "C"] and "cut at 40 characters" in text


def test_api_md_documents_graded_hints_with_hint_after() -> None:
    from gamekit import exercises
    from gamekit.exercises import check

    text = _api_prose()
    assert exercises.HINT_AFTER == 3 and "`gamekit.exercises.HINT_AFTER`-th (3rd)" in text
    exercises._TRIES.clear()
    nudges = [check("kk-1", "1/2").message for _ in range(exercises.HINT_AFTER - 1)]
    nudge = "Not quite. Read the question again: what exactly is counted? (check(..., " \
            "hint=True) gives the method.)"  # fmt: skip
    assert nudges == [nudge] * (exercises.HINT_AFTER - 1) and nudge in text
    method = check("kk-1", "1/2").message
    assert method.startswith("Not quite. Whatever your first guest is")
    assert check("kk-1", "1/2", hint=False).message == nudge
    assert "that looks like a percentage" in check("kk-1", "300/11").message
    assert check("kk-1", "C(3, 1) * C(3, 1) / C(11, 2)").kind != "form"
    exercises._TRIES.clear()
    assert check("kk-1", "1/2", hint=True).message == method
    exercises._TRIES.clear()


def public_names(module: str) -> list[str]:
    """A module's public names: its ``__all__``, else what its own source defines at the top
    (functions, classes, constants) and takes from its own submodules, no leading ``_``."""
    import ast
    import importlib

    found = importlib.import_module(module)
    if hasattr(found, "__all__"):
        return list(found.__all__)
    assert found.__file__ is not None
    tree = ast.parse(Path(found.__file__).read_text(encoding="utf-8"))
    names: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            names.append(node.name)
        elif isinstance(node, ast.Assign):
            names += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.append(node.target.id)
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(module + "."):
            names += [alias.asname or alias.name for alias in node.names]
    return [name for name in names if not name.startswith("_")]


def api_code() -> str:
    """What docs/api.md shows as code: its fenced blocks and inline code spans."""
    return "\n".join(re.findall(r"```.*?```|`[^`\n]+`", read(API), flags=re.S))


def undocumented(names: list[str], code: str) -> list[str]:
    return [n for n in names if not re.search(rf"(?<![\w]){re.escape(n)}(?!\w)", code)]


@pytest.mark.parametrize("module", ["gamekit.exercises", "gamekit.teacher"])
def test_api_md_names_every_public_name_of_the_exercises_and_the_teachers_desk(
    module: str,
) -> None:
    names = public_names(module)
    assert {"variant_rng", "with_variants", "variant_of", "check"} <= set(names) or (
        {"assign", "verdict", "select"} <= set(names)
    )
    assert undocumented(names, api_code()) == [], f"docs/api.md does not show {module}'s"
    # a name said only in prose does not count; one missing from the code is found
    assert undocumented(["with_variants"], "with variants") == ["with_variants"]


def test_api_md_lists_every_field_of_an_exercise() -> None:
    import dataclasses

    from gamekit.exercises import Exercise

    code = api_code()
    built = re.search(r"`Exercise\(([^`]*)\)`", code)
    assert built, "docs/api.md shows no Exercise(...) with its fields"
    for field in dataclasses.fields(Exercise):
        assert f"{field.name}=" in built.group(1), f"Exercise.{field.name} is not in docs/api.md"
    for name in ("variant_rng", "with_variants", "variant_of", "Exercise.variance"):
        assert f"`{name}" in read(API), name
