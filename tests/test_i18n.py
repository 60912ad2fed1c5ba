"""English and French: the catalogs are complete and compiled, and Knock! Knock! plays
in French from start to end, then replays in English."""

from __future__ import annotations

import io
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import gamekit
from gamekit.core.i18n import (
    LANGUAGES,
    get_language,
    language,
    placeholders,
    set_language,
)

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = sorted(p for p in (ROOT / "gamekit").rglob("locale/*/LC_MESSAGES/*.po"))
NNBSP, NBSP = "\u202f", "\u00a0"

GIVEAWAYS = re.compile(
    r"\b(player|players|door|knock|knocks|card|cards|party|opens|draws|guest|guests|folk|"
    r"monster|monsters|ghost|ghosts|scarecrow|kid|hearse|the|and|or|takes|joins|won|wins|"
    r"keeps|chooses|skipped|discarded|lures|flee|flees|goes|home|nothing|legal)\b",
    re.IGNORECASE,
)
"""English words that would give away a text left untranslated."""


def read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as stream:
        return read_po(stream)


def test_there_are_catalogs_for_the_core_and_knock_knock() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in CATALOGS}
    assert "gamekit/locale/fr/LC_MESSAGES/gamekit.po" in names
    assert "gamekit/titles/knock_knock/locale/fr/LC_MESSAGES/knock_knock.po" in names
    assert "gamekit/titles/boo_party/locale/fr/LC_MESSAGES/boo_party.po" in names


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.parent.parent.name)
def test_every_message_has_a_translation_with_the_same_placeholders(po: Path) -> None:
    catalog = read(po)
    pot = read(po.parent.parent.parent / f"{po.stem}.pot")
    assert {(m.context, m.id) for m in pot if m.id} == {
        (m.context, m.id) for m in catalog if m.id
    }, f"{po} is behind its template: run ./kit i18n"
    for message in catalog:
        if not message.id:
            continue
        assert "fuzzy" not in message.flags, f"fuzzy translation of {message.id!r}"
        if isinstance(message.id, tuple):  # a counted message: singular and plural
            _check_plural(message.id, message.string)
            continue
        assert message.string, f"no French for {message.id!r} ({po.name})"
        assert placeholders(message.id) == placeholders(message.string), (
            f"placeholders differ: {message.id!r} -> {message.string!r}"
        )


def _check_plural(ids: tuple[str, str], forms: tuple[str, ...]) -> None:
    """Two French forms (``Plural-Forms: nplurals=2``), each with the English plural's
    placeholders; the singular may spell the count out (« qu’un voyageur »)."""
    assert len(forms) == 2 and all(forms), f"French needs two forms for {ids!r}: {forms!r}"
    assert placeholders(ids[0]) == placeholders(ids[1]), f"English forms differ: {ids!r}"
    assert placeholders(forms[1]) == placeholders(ids[1]), f"placeholders differ: {forms!r}"
    assert len(placeholders(ids[1]) - placeholders(forms[0])) <= 1, (
        f"the singular drops more than its count: {forms!r}"
    )


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.parent.parent.name)
def test_french_typography(po: Path) -> None:
    """A (narrow) no-break space before : ; ! ?, inside « », and never a plain one."""
    for message in read(po):
        if not message.id:
            continue
        for text in message.string if isinstance(message.string, tuple) else [message.string]:
            _check_typography(text)


def _check_typography(text: str) -> None:
    assert not re.search(r" [:;!?]", text), f"plain space before punctuation: {text!r}"
    assert not re.search(r"[^\s\u202f\u00a0][;!?]", text), f"no space before ;!?: {text!r}"
    assert "'" not in text, f"a typewriter apostrophe (use ’): {text!r}"
    assert '"' not in text, f"English quotes (use « »): {text!r}"


@pytest.mark.parametrize("po", CATALOGS, ids=lambda p: p.parent.parent.parent.parent.name)
def test_compiled_catalogs_are_up_to_date(po: Path) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, read(po))
    assert po.with_suffix(".mo").read_bytes() == buffer.getvalue(), (
        f"{po.with_suffix('.mo')} is older than its .po: run ./kit i18n compile"
    )


def test_set_language_and_the_context_manager() -> None:
    assert get_language() == "en" and LANGUAGES == ("en", "fr")
    with pytest.raises(ValueError, match="en, fr"):
        gamekit.set_language("de")
    try:
        gamekit.set_language("fr")
        assert get_language() == "fr"
        with language("en"):
            assert str(gamekit.new_game("knock-knock", seed=1).legal_actions()[0]).startswith(
                "Knock"
            )
        assert str(gamekit.new_game("knock-knock", seed=1).legal_actions()[0]).startswith("Frapper")
    finally:
        set_language("en")


def test_a_bad_lang_is_refused() -> None:
    with pytest.raises(gamekit.ConfigError, match="en, fr"):
        gamekit.new_game("knock-knock", lang="de")
    record = gamekit.new_game("knock-knock", seed=1).to_json()
    with pytest.raises(ValueError, match="en, fr"):
        gamekit.load_game(record, lang="de")


def test_play_accepts_the_move_in_either_language() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7)
    game.play(game.legal_actions()[0])
    assert game.play("Ouvrir la porte")[0].text == "Player 2 opens the door."
    game = gamekit.new_game("knock-knock", players=3, seed=7, lang="fr")
    first = game.legal_actions()[0]
    spaced = "  " + game.text(first).upper().replace(" ", f"{NNBSP} ") + " "
    assert game.play(spaced)[0].text.startswith("Le joueur 1 pose une carte")
    assert game.play("open the door")[0].text == "Le joueur 2 ouvre la porte."
    refused = "aucun coup permis ne s’écrit «\xa0fermer\xa0»"
    with pytest.raises(gamekit.IllegalAction, match=refused):
        game.play("fermer")


def _random_game(lang: str, seed: int) -> gamekit.Game:
    game = gamekit.new_game("knock-knock", players=4, seed=seed, lang=lang)
    moves = random.Random(seed)
    while not game.is_over:
        action = moves.choice(game.legal_actions())
        for legal in game.legal_actions():
            words = game.text(legal)
            assert not GIVEAWAYS.findall(words), words
            assert not GIVEAWAYS.findall(game.describe(legal)), game.describe(legal)
        game.play(game.text(action))  # the move's French text plays it
    return game


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_a_french_game_is_french_to_the_end_and_replays_in_english(seed: int) -> None:
    game = _random_game("fr", seed)
    kinds = set()
    for event in game.log:
        kinds.add(event.kind)
        assert not GIVEAWAYS.findall(event.text), event.text
        assert event.msgid and event.msgid != event.text
    for line in game.result_lines():
        assert not GIVEAWAYS.findall(line), line
    assert {"knock", "open", "decline", "reveal", "end"} <= kinds
    english = gamekit.load_game(game.to_json(), lang="en")
    assert english.state_dict() == game.state_dict()
    assert [e.msgid for e in english.log] == [e.msgid for e in game.log]
    assert [e.params for e in english.log] == [e.params for e in game.log]
    assert english.log[-1].text.startswith("No hand holds a card: the game is over.")
    assert [e.text for e in gamekit.load_game(game.to_json(), lang="fr").log] == [
        e.text for e in game.log
    ]


def test_every_narration_kind_reads_in_french() -> None:
    """Vamps, kids, taxis, choices and cards without effect, over many games."""
    kinds: set[str] = set()
    for seed in range(40):
        game = _random_game("fr", 100 + seed) if seed < 3 else None
        if game is None:
            game = gamekit.new_game("knock-knock", players=4, seed=100 + seed, lang="fr")
            moves = random.Random(seed)
            while not game.is_over:
                game.play(moves.choice(game.legal_actions()))
        for event in game.log:
            kinds.add(event.kind)
            assert not GIVEAWAYS.findall(event.text), event.text
    assert {"vamp", "kid", "taxi", "ask", "choice", "no effect"} <= kinds


def test_why_illegal_and_errors_in_french() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7, lang="fr")
    with pytest.raises(gamekit.IllegalAction) as refused:
        game.undo()
    assert str(refused.value).startswith("il n’y a rien à annuler. Coups permis\u202f: Frapper")
    from gamekit.titles.knock_knock.rules import Knock, Open

    with language("fr"):
        reasons = [game.rules.why_illegal(game._state, a) for a in (Open(), Knock("kid", 0))]
    assert reasons == [
        "personne n’a encore de choix à faire\u202f: le joueur 1 doit d’abord frapper à une porte",
        "vous ne pouvez pas frapper à votre propre porte",
    ]
    with language("fr"), pytest.raises(gamekit.ConfigError, match="il faut de 3 à 5 joueurs"):
        gamekit.new_game("knock-knock", players=9)


def test_the_game_language_overrides_the_kernel_and_names_read_in_french() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7, lang="fr", names=["Ann", "Bob", "Cy"])
    assert game.lang == "fr" and gamekit.new_game("knock-knock").lang == "en"
    events = game.play(game.legal_actions()[0])
    assert game.read(events[0]) == (
        "Ann pose une carte face cachée devant la porte de Bob\u202f: toc toc toc\u202f!"
    )
    assert str(events[0]) == game.read(events[0])  # the game's language, kernel "en"
    assert events[0].to_json()["text"].startswith("Ann pose")
    game.lang = None
    assert game.log[0].text == "Ann lays a card face down at Bob's door: knock, knock!"


def test_seats_read_player_1_to_n_in_the_log_moves_and_results() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7)
    knock = game.legal_actions()[0]
    assert knock.target == 1 and str(knock).startswith("Knock at Player 2's door")
    game.play(knock)
    assert game.log[0].text.startswith("Player 1 lays a card face down at Player 2's door")
    with language("fr"):
        told = game.log[0].text
        assert told.startswith("Le joueur 1 pose une carte face cachée devant la porte du joueur 2")


def test_french_names_elide_de_before_a_vowel() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7, lang="fr", names=["Bob", "Eve", "Cy"])
    knock = next(a for a in game.legal_actions() if a.target == 1)
    assert game.read(knock).startswith("Frapper à la porte d’Eve avec")
    game.play(game.read(knock))
    assert game.history[-1] == knock


def test_the_end_of_the_game_tells_scores_as_a_sentence() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    end = game.log[-1].text
    assert "[" not in end and "Scores: Player 1 has" in end and " and Player 3 has " in end


def test_import_gamekit_stays_light() -> None:
    code = "import sys, gamekit; print('babel' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_every_message_is_made_where_babel_can_find_it() -> None:
    """``pybabel extract`` finds ``M(...)`` and ``CORE(...)`` calls, not ``M.text(...)``
    nor a call inside an f-string."""
    method = re.compile(r"\b(M|CORE)\.text\(\s*[\"']")
    in_f_string = re.compile(r"\bf([\"'])[^\"']*\{[^}]*\b(M|CORE)\(")
    hidden = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in (ROOT / "gamekit").rglob("*.py")
        for number, line in enumerate(path.read_text("utf-8").splitlines(), 1)
        if method.search(line) or in_f_string.search(line)
    ]
    assert not hidden, f"use str(M(...)): babel does not extract these: {hidden}"


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_every_ruling_summary_reads_in_french(title: str) -> None:
    """The table shows a ruling's summary on hover: it follows the language too."""
    rulings = gamekit.rules_for(title).rulings
    english = {key: str(text) for key, text in rulings.items()}
    with language("fr"):
        french = {key: str(text) for key, text in rulings.items()}
    assert all(french[key] != english[key] for key in rulings), "a ruling kept its English"
    assert all(text == english[key] for key, text in rulings.items())  # the value is English


def test_the_errors_a_learner_meets_read_in_french() -> None:
    """Bad set-ups, bad saved games and bad seats say what is wrong in French too."""
    with language("fr"):
        with pytest.raises(gamekit.ConfigError, match="il faut de 1 à 4 joueurs, pas 9"):
            gamekit.new_game("bloody-inn", players=9)
        with pytest.raises(gamekit.ConfigError, match="titre inconnu"):
            gamekit.new_game("nope")
        with pytest.raises(gamekit.BadRecord, match="ce n’est pas du JSON valide"):
            gamekit.load_game("{")
        with pytest.raises(ValueError, match="la place doit être None ou de 0 à 2, pas 7"):
            gamekit.new_game("hats", seed=1).view(7)
        with pytest.raises(ValueError, match="names doit donner 3 noms"):
            gamekit.new_game("hats", seed=1, names=["Ann"])
