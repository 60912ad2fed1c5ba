"""Hats in English and French, with seats read as names: moves, narration, refusals,
result lines, the picture and the exercise texts."""

from __future__ import annotations

import random
import re

import pytest

import gamekit
from gamekit.core.i18n import language
from gamekit.exercises import check, exercise
from gamekit.titles.hats.rules import END_TURN, BlackHat, Exchange, GiveBack, Swap, can_take

NNBSP = "\u202f"

GIVEAWAYS = re.compile(
    r"\b(player|players|card|cards|hat|hats|space|spaces|deck|discards|takes|plays|puts|"
    r"draws|the|and|or|your|their|wins|win|tie|ties|team|swap|give|cookie decides|"
    r"collection for|favourite|black|exchange|turn|ends)\b",
    re.IGNORECASE,
)
"""English words that would give away a text left untranslated ("cookie" and
"collection" are French words too)."""


def _random_game(lang: str, players: int, seed: int, **kwargs: object) -> gamekit.Game:
    game = gamekit.new_game("hats", players=players, seed=seed, lang=lang, **kwargs)  # type: ignore[arg-type]
    moves = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        action = moves.choice(legal)
        if lang == "fr":
            for candidate in legal:
                assert not GIVEAWAYS.findall(game.text(candidate)), game.text(candidate)
                assert not GIVEAWAYS.findall(game.describe(candidate)), game.describe(candidate)
        game.play(game.text(action))  # the move's text (French in a French game) plays it
    return game


def test_moves_read_in_french_and_play_by_their_french_text() -> None:
    game = gamekit.new_game("hats", players=2, seed=1)
    first = game.legal_actions()[0]
    black = next(a for a in game.legal_actions() if isinstance(a, BlackHat))
    assert isinstance(first, Exchange)
    with language("fr"):
        french = str(first)
    assert french == "Échanger votre 4 rouge contre le 2 rose de la case 2"
    assert str(first) == "Exchange your red 4 for the pink 2 on space 2"
    events = game.play("échanger votre 4 ROUGE contre le 2  rose de la case 2")  # loosely
    assert game.history == (first,)
    assert events[0].text == (
        "Player 1 plays the red 4 on space 2 and takes the pink 2 into their collection."
    )
    with language("fr"):
        assert str(END_TURN) == "Finir votre tour"
        assert str(black).startswith("Faire un chapeau noir avec votre ")


def test_play_by_french_text_in_a_french_game() -> None:
    game = gamekit.new_game("hats", players=4, seed=3, lang="fr")
    swap = next(a for a in game.legal_actions() if isinstance(a, Swap))
    text = game.text(swap)
    assert text.startswith("Échanger votre ") and text.endswith(" avec votre partenaire")
    events = game.play(text)
    assert game.history == (swap,)
    assert events[0].text == (
        "Le joueur 1 propose une carte face cachée à son partenaire, le joueur 3."
    )
    give = game.legal_actions()[0]
    assert isinstance(give, GiveBack) and game.text(give).startswith("Rendre votre ")
    assert game.describe(give).startswith("Le joueur 3 rendrait le ")
    assert game.describe(give).endswith(" face cachée au joueur 1.")
    with language("en"):
        english = str(give)
    events = game.play(english)  # a French game takes the English text too
    assert game.history == (swap, give)
    assert events[0].text == f"Le joueur 3 rend une carte face cachée{NNBSP}: l’échange est fait."


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_french_game_is_french_to_the_end_and_replays_in_english(players: int, seed: int) -> None:
    game = _random_game("fr", players, seed)
    for event in game.log:
        assert not GIVEAWAYS.findall(event.text), event.text
        assert event.msgid != event.text
    lines = game.result_lines()
    for line in lines:
        assert not GIVEAWAYS.findall(line), line
    assert re.match(r"Le joueur \d( et le joueur \d)* gagne(nt)?\.", lines[0]), lines
    english = gamekit.load_game(game.to_json(), lang="en")
    assert english.state_dict() == game.state_dict()
    assert [e.msgid for e in english.log] == [e.msgid for e in game.log]
    assert english.log[-1].text.startswith("The game is over. Points: Player 1 has ")


def test_every_narration_kind_reads_in_french() -> None:
    kinds: set[str] = set()
    for seed in range(6):
        for players in (2, 3, 4):
            game = gamekit.new_game("hats", players=players, seed=seed, lang="fr")
            moves = random.Random(seed)
            while not game.is_over:
                game.play(moves.choice(game.legal_actions()))
            for event in game.log:
                kinds.add(event.kind)
                assert not GIVEAWAYS.findall(event.text), event.text
    expected = {"exchange", "black-hat", "discard-draw", "reshuffle", "swap", "give-back"}
    assert expected | {"end-turn", "cookie", "clean-up", "favourite", "end"} <= kinds


def test_the_narration_reads_the_names_given() -> None:
    game = gamekit.new_game("hats", players=2, seed=1, names=["Ann", "Bob"])
    game.play(game.legal_actions()[0])
    moves = random.Random(1)
    while not game.is_over:
        game.play(moves.choice(game.legal_actions()))
    texts = [e.text for e in game.log]
    assert texts[0] == "Ann plays the red 4 on space 2 and takes the pink 2 into their collection."
    assert "Ann's favourite hat is the " in " ".join(texts)
    assert texts[-1].startswith("The game is over. Points: Ann has ")
    assert " and Bob has " in texts[-1]
    assert not any(re.search(r"\b[Pp]layers? \d", t) for t in texts)
    lines = game.result_lines()
    assert lines[0] in ("Ann wins.", "Bob wins.", "Ann and Bob win.")
    assert lines[1].startswith("Ann has ") and lines[2].startswith("Bob has ")
    assert not any("layer" in line for line in lines)
    game.lang = "fr"
    assert (
        game.log[0].text
        == "Ann pose le 4 rouge sur la case 2 et prend le 2 rose dans sa collection."
    )
    favourites = [e.text for e in game.log if e.kind == "favourite"]
    assert favourites[0].startswith("Le chapeau préféré d’Ann est le ")
    assert favourites[1].startswith("Le chapeau préféré de Bob est le ")
    assert game.result_lines()[1].startswith("Ann a ")


def test_result_lines_tell_every_score_in_a_sentence() -> None:
    game = gamekit.new_game("hats", players=4, seed=5)
    moves = random.Random(5)
    while not game.is_over:
        game.play(moves.choice(game.legal_actions()))
    rows = game.summary()
    lines = game.result_lines()
    for seat, row in enumerate(rows):
        assert lines[1 + seat] == (
            f"Player {seat + 1} has {row['total']} points: {row['collection']} for the "
            f"collection, {row['black_hats']} for the black hats, {row['favourite']} for the "
            f"favourite hat and {row['cookie']} for the cookie."
        )
    assert lines[5] == f"Team 1 (Player 1 and Player 3) has {rows[0]['team_score']} points."
    assert lines[6] == f"Team 2 (Player 2 and Player 4) has {rows[1]['team_score']} points."
    game.lang = "fr"
    lines = game.result_lines()
    assert lines[1].startswith(f"Le joueur 1 a {rows[0]['total']} points{NNBSP}: ")
    assert lines[1].endswith(f" et {rows[0]['cookie']} pour le cookie.")
    assert lines[5] == f"L’équipe 1 (Joueur 1 et Joueur 3) a {rows[0]['team_score']} points."
    if len(game.winners()) == 2:  # one team: "Le joueur 2 et le joueur 4 gagnent."
        assert " et le joueur " in lines[0]


def test_refusals_and_previews_in_french() -> None:
    game = gamekit.new_game("hats", players=3, seed=2026, lang="fr")
    state = game.state
    hand, table = state.hands[0], state.table
    bad = next(
        Exchange(card, space, take)
        for card in hand
        for space, take in enumerate(table, start=1)
        if not can_take(card, take)
    )
    with pytest.raises(gamekit.IllegalAction) as refused:
        game.play(bad)
    assert "d’un autre type" in refused.value.reason and "(arbitrage H3)" in refused.value.reason
    with pytest.raises(gamekit.IllegalAction, match="d’abord faire votre action principale"):
        game.play(END_TURN)
    with pytest.raises(gamekit.IllegalAction, match="il n’y a pas de carte 99 dans Hats"):
        game.play(BlackHat(99))
    with pytest.raises(gamekit.IllegalAction, match="personne ne vous a proposé d’échange"):
        game.play(GiveBack(hand[0]))
    preview = game.describe(next(a for a in game.legal_actions() if isinstance(a, BlackHat)))
    assert preview.startswith("Le joueur 1 poserait le ") and preview.endswith(
        f" face cachée{NNBSP}: un chapeau noir."
    )
    with language("fr"), pytest.raises(gamekit.ConfigError, match="Hats se joue de 2 à 4 joueurs"):
        gamekit.new_game("hats", players=9)


def test_a_waiting_swap_names_the_partner() -> None:
    game = gamekit.new_game("hats", players=4, seed=14, names=["Ann", "Bob", "Cy", "Di"])
    offered = game.state.hands[0][0]
    game.play(Swap(offered))
    with pytest.raises(
        gamekit.IllegalAction, match="Cy must first choose a card to give back to Ann"
    ):
        game.play(BlackHat(game.state.hands[0][0]))
    game.lang = "fr"
    with pytest.raises(
        gamekit.IllegalAction, match="Cy doit d’abord choisir une carte à rendre à Ann"
    ):
        game.play(BlackHat(game.state.hands[0][0]))


def test_the_picture_speaks_french() -> None:
    game = gamekit.new_game("hats", players=3, seed=1)
    with language("fr"):
        html = game.rules.render_html(game.view(0)) or ""
    for words in ("la table à thé", "case 1", "dans la pioche", "la serviette", "chapeau ", "main"):
        assert words in html, words
    english = game.rules.render_html(game.view(0)) or ""
    assert "the tea table" in english and "space 1" in english and "the napkin" in english


def test_the_exercise_texts_speak_french_and_stay_english_texts() -> None:
    ex = exercise("hats-3")
    assert isinstance(ex.hint, str) and ex.hint.startswith("No number beats a 6")
    with language("fr"):
        assert str(ex.question).startswith("Le 6 rouge est sur la table à thé.")
        feedback = check("hats-3", "1/2", hint=True)
    assert not feedback.ok
    assert f"Aucun numéro ne bat un 6{NNBSP}: seuls les 5 autres rouges" in feedback.message
    assert ex.hint in check("hats-3", "1/2", hint=True).message
    with language("fr"):
        assert f"{exercise('hats-5').form}".startswith("un dictionnaire {valeur: probabilité}")
    assert exercise("hats-5").form == "a dict {value: probability} for the values 0 to 6"
