"""The title boards speak the table's language: every word of a ``board.js`` goes
through ``kit.t`` (its title's catalog) and the French catalog has it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po

import gamekit
from gamekit.core.i18n import placeholders

pytest.importorskip("anywidget")
from gamekit.widgets import Table  # noqa: E402
from gamekit.widgets.labels import BOARD_CALL, board_labels, board_msgids  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
BOARDS = sorted((ROOT / "gamekit" / "titles").glob("*/board.js"))
TITLE_IDS = [p.parent.name for p in BOARDS]

# Where a learner reads a literal: an attribute that shows (title=, aria-label=, a card's
# label or sub), the first argument of a piece that writes it (chip, emptySlot, zone,
# pile), or the first text child of an element.
SHOWN = (
    re.compile(
        r'(?:\btitle|"aria-label"|\blabel|\bsub|\btext):\s*(?P<q>["`])(?P<s>(?:(?!(?P=q)).)*)(?P=q)'
    ),
    re.compile(r'\b(?:chip|emptySlot|zone|pile)\(\s*(?P<q>["`])(?P<s>(?:(?!(?P=q)).)*)(?P=q)'),
    re.compile(r'\bh\("[\w-]+",\s*\{[^{}]*\},\s*(?P<q>["`])(?P<s>(?:(?!(?P=q)).)*)(?P=q)'),
)
LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')
"""Every string literal, in order (a template's ``${...}`` stays inside)."""
FRAGMENT = re.compile(r"^\s+(?!gk-)[A-Za-z]|[A-Za-z]\s+$")
"""A piece of a sentence glued to others: spaces before or after words (not a class name)."""


def _code(path: Path) -> str:
    """The module without its comments and without the message ids of ``kit.t``."""
    text = re.sub(r"^\s*//.*$", "", path.read_text("utf-8"), flags=re.MULTILINE)
    return str(BOARD_CALL.sub('kit.t("")', text))


def _english(literal: str) -> bool:
    """A literal with a word in it (``${...}`` parts left out; ``${folk}s`` counts)."""
    static = re.sub(r"\$\{[^}]*\}", "", literal)
    return bool(re.search(r"[A-Za-z]{2,}", static) or re.search(r"\}s\b|\bP\$\{", literal))


def _catalog(board: Path):  # type: ignore[no-untyped-def]
    title = board.parent.name
    with (board.parent / "locale" / "fr" / "LC_MESSAGES" / f"{title}.po").open("rb") as stream:
        return read_po(stream)


@pytest.mark.parametrize("board", BOARDS, ids=TITLE_IDS)
def test_every_board_word_is_in_the_titles_catalog_in_french(board: Path) -> None:
    msgids = board_msgids(board.read_text("utf-8"))
    assert len(msgids) > 10
    french = {m.id: m.string for m in _catalog(board) if m.id and m.context is None}
    for msgid in msgids:
        assert french.get(msgid), f"no French for {msgid!r} in {board.parent.name}'s catalog"
        assert placeholders(msgid) == placeholders(french[msgid]), (msgid, french[msgid])


@pytest.mark.parametrize("board", BOARDS, ids=TITLE_IDS)
def test_the_kit_reads_the_message_ids_as_babel_extracts_them(board: Path) -> None:
    """The page's rule (a double-quoted first argument of ``kit.t``) and pybabel's agree,
    and every call has such an argument (no variable, no template string)."""
    code = re.sub(r"^\s*//.*$", "", board.read_text("utf-8"), flags=re.MULTILINE)
    assert len(re.findall(r"\bkit\.t\(", code)) == len(BOARD_CALL.findall(code))
    method = "javascript"
    found = extract_from_file(method, str(board), keywords={"kit.t": None},
                              options={"template_string": False})  # fmt: skip
    extracted = {message for _line, message, _comments, _context in found}
    assert extracted == set(board_msgids(board.read_text("utf-8")))


@pytest.mark.parametrize("board", BOARDS, ids=TITLE_IDS)
def test_no_board_shows_an_english_literal(board: Path) -> None:
    code = _code(board)
    shown = [m.group("s") for pattern in SHOWN for m in pattern.finditer(code)]
    shown += [lit[1:-1] for lit in LITERAL.findall(code) if FRAGMENT.search(lit[1:-1])]
    assert shown, "the patterns find the literals"  # class names, paths and symbols at least
    english = [s for s in shown if _english(s)]
    assert english == [], f"{board.parent.name}: words outside kit.t: {english}"


def test_a_french_table_sends_the_board_words_and_card_names() -> None:
    table = Table(gamekit.new_game("knock-knock", players=3, seed=1), lang="fr")
    assert table.board_labels["party"] == "soirée" and table.board_labels["hand"] == "main"
    assert table.card_names["monster vamp"] == {"name": "Vamp monstre", "plural": "Vamps monstres"}
    table.lang = "en"
    assert table.board_labels == {}, "English: kit.t keeps the message id"
    assert table.card_names["monster vamp"]["name"] == "Monster vamp"
    boo = Table(gamekit.new_game("boo-party", seed=1), lang="fr")
    assert boo.board_labels["the Seer"] == "la Voyante"
    assert boo.card_names["9"] == {"name": "Chat noir"}
    assert board_labels(None, 'kit.t("hand")') == {}
