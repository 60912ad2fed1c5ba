"""One public path for a title's modules, ``gamekit.titles.<title>.<module>``: the old
names still import the same module, with a ``DeprecationWarning``, and no lesson,
exercise or doc example uses them."""

from __future__ import annotations

import importlib
import json
import re
import sys
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OLD = {
    "gamekit.games.hats": "gamekit.titles.hats.rules",
    "gamekit.games.bloody_inn_cards": "gamekit.titles.bloody_inn.cards",
    "gamekit.odds.knock_knock": "gamekit.titles.knock_knock.odds",
    "gamekit.exercises.boo_party": "gamekit.titles.boo_party.checks",
}
OLD_IMPORT = re.compile(
    r"gamekit\.games\b|gamekit\.(odds|exercises)\.(knock_knock|hats|boo_party|bloody_inn)\b"
    r"|from gamekit\.(odds|exercises) import [^\n]*\b(knock_knock|hats|boo_party|bloody_inn)\b"
)


@pytest.mark.parametrize(("old", "new"), OLD.items())
def test_an_old_path_warns_and_gives_the_same_module(old: str, new: str) -> None:
    sys.modules.pop(old, None)
    with pytest.warns(DeprecationWarning, match=f"{re.escape(old)} is an old name: import {new}"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)


def test_the_odds_attribute_warns_once_and_names_the_new_path() -> None:
    import gamekit.odds

    vars(gamekit.odds).pop("hats", None)
    with pytest.warns(DeprecationWarning, match="import gamekit.titles.hats.odds"):
        module = gamekit.odds.hats
    assert module is importlib.import_module("gamekit.titles.hats.odds")


def test_the_public_path_is_silent() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from gamekit.titles.bloody_inn import cards
        from gamekit.titles.hats import odds, rules

    assert rules.RULES.title == "hats" and odds.__name__.endswith("hats.odds") and cards.MONEY


def notebook_code(path: Path) -> str:
    cells = json.loads(path.read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")


TEACHING = sorted(
    p
    for folder in ("notebooks", "exercises")
    for p in (ROOT / folder).rglob("*.ipynb")
    if ".ipynb_checkpoints" not in p.parts
)


@pytest.mark.parametrize("path", TEACHING, ids=[str(p.relative_to(ROOT)) for p in TEACHING])
def test_lessons_and_exercises_import_titles_by_the_public_path(path: Path) -> None:
    assert not OLD_IMPORT.findall(notebook_code(path))


def test_the_readme_and_the_api_page_show_the_public_path() -> None:
    for page in ("README.md", "docs/api.md"):
        code = "\n".join(re.findall(r"```python\n(.*?)```", (ROOT / page).read_text(), re.S))
        assert not OLD_IMPORT.findall(code), page
