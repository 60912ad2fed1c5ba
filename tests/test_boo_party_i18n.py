"""Boo Party! in English and French: moves, narration, refusals and results read in the
game's language, seats read as names, moves play by their text in either language,
and memory mode keeps covered Visions hidden in both."""

from __future__ import annotations

import random
import re

import pytest

import gamekit
from gamekit.core.i18n import language
from gamekit.core.names import seat_names
from gamekit.titles.boo_party.rules import (
    COSTUMES,
    RULES,
    SEER,
    Accuse,
    LetPartyGoOn,
    Wear,
    WearNothing,
)
from gamekit.titles.boo_party.terms import COSTUME_TERMS

NNBSP = "\u202f"

ENGLISH = re.compile(
    r"\b(player|players|seer|monster|monsters|wears|puts|nothing|party|the|and|or|wins|"
    r"win|round|left|chooses|accuses|reveals|rating|disguise|lose)\b",
    re.IGNORECASE,
)
"""English words that would give away a French text left untranslated ("Boo Party"
aside: the title keeps its name)."""


def fr(costume: int, spec: str = "name") -> str:
    """A costume's name in French (``spec``: the form)."""
    with language("fr"):
        return format(COSTUME_TERMS[costume], spec)


def new(players: int = 3, seed: int = 1, **kwargs: object) -> gamekit.Game:
    return gamekit.new_game("boo-party", players=players, seed=seed, **kwargs)  # type: ignore[arg-type]


def safe(game: gamekit.Game) -> list[int]:
    """Costumes in no revealed Vision, in number order."""
    return [c for c in range(game.state.costumes) if c not in game.state.visions]


def dress(game: gamekit.Game, costumes: list[int]) -> None:
    for seat, costume in enumerate(costumes, start=1):
        game.play(Wear(seat, costume))


def is_french(text: str) -> bool:
    """No English word left (the title's name aside)."""
    return not ENGLISH.findall(text.replace("Boo Party", ""))


# -- moves ---------------------------------------------------------------------


def test_moves_name_seats_from_player_1() -> None:
    game = new(3, seed=1)
    texts = [game.text(a) for a in game.legal_actions()]
    assert texts[0] == "Player 2 puts on the Ghost" and texts[-1] == "Player 2 wears nothing"
    assert str(Accuse()) == "Accuse the Monsters" and str(LetPartyGoOn()) == "Let the party go on"
    assert RULES.names_seats


def test_moves_in_french() -> None:
    game = new(3, seed=1, lang="fr")
    texts = [game.text(a) for a in game.legal_actions()]
    assert texts[0] == "Le joueur 2 se déguise en fantôme"
    assert texts[2] == "Le joueur 2 se déguise en sorcière"
    assert texts[-1] == "Le joueur 2 ne porte rien"
    with language("fr"):
        assert str(Accuse()) == "Accuser les Monstres"
        assert str(LetPartyGoOn()) == "Laisser la fête continuer"
        assert str(Wear(2, 17)) == "Le joueur 3 se déguise en épouvantail"


def test_play_accepts_the_move_text_in_either_language() -> None:
    game = new(3, seed=1)
    free = safe(game)
    french_text = f"Le joueur 2 se déguise en {fr(free[0])}"
    events = game.play(french_text)
    assert game.history[-1] == Wear(1, free[0])
    assert events[0].text == "Player 2 chooses while the Seer's eyes are closed."
    game.play(f"  le JOUEUR{NNBSP}3 se déguise en {fr(free[1])} ")
    assert game.to_move == SEER
    game.play("Laisser la fête continuer")
    assert game.history[-1].kind == LetPartyGoOn.kind
    other = new(3, seed=1, lang="fr")
    other.play(f"Player 2 puts on the {COSTUMES[free[0]]}")
    assert other.log[-1].text == "Le joueur 2 choisit pendant que la Voyante a les yeux fermés."
    other.play("Le joueur 3 ne porte rien")
    assert other.history[-1] == WearNothing(2) and other.is_over
    with pytest.raises(
        gamekit.IllegalAction, match="^«\xa0Accuser les Monstres\xa0» n’est pas permis maintenant"
    ):
        new(3, seed=1, lang="fr").play("Accuser les Monstres")


def test_play_by_name_in_french() -> None:
    game = new(3, seed=1, lang="fr", names=["Ann", "Bob", "Cy"])
    free = safe(game)
    game.play(f"Bob se déguise en {fr(free[0])}")
    assert game.read(game.log[-1]) == "Bob choisit pendant que la Voyante a les yeux fermés. [B5]"
    game.play("Cy ne porte rien")
    assert game.is_over and game.winners() == [SEER]


# -- narration -----------------------------------------------------------------


def test_french_narration_of_a_round() -> None:
    game = new(3, seed=5, lang="fr")
    a, b, c = safe(game)[:3]
    setup = [e.text for e in game.log]
    assert setup[0] == "2 Visions quittent la partie sans avoir été vues, une par Monstre."
    first, top = (fr(v, "the") for v in game.state.visions)
    assert setup[1] == f"Avant la fête, la Voyante révèle une Vision{NNBSP}: {first}."
    assert setup[2].startswith(f"Tour 1{NNBSP}: la Voyante révèle une Vision{NNBSP}: {top} (")
    dress(game, [a, b])
    reveal = game.log[-1].text
    assert reveal == (
        f"La Voyante ouvre les yeux et voit{NNBSP}: le joueur 2 en "
        f"{fr(a)} et le joueur 3 en {fr(b)}."
    )
    assert game.describe(Accuse()).startswith(f"Accuser{NNBSP}: la Voyante gagne")
    events = game.play(LetPartyGoOn())
    assert events[0].text == (
        f"La Voyante laisse la fête continuer{NNBSP}; les Déguisements retournent dans l’étalage."
    )
    assert game.describe(Wear(1, a)).endswith("(chaque Monstre doit changer, arbitrage B6)")
    dress(game, [a, c])  # the second Monster keeps its costume
    mistake = game.log[-2]
    assert mistake.ruling == "B6" and mistake.text == (
        f"Le joueur 2 était déjà en {fr(a)} au tour précédent et "
        f"n’a pas changé{NNBSP}: les Monstres perdent immédiatement."
    )
    assert game.log[-1].text.startswith(f"Évaluation des Monstres{NNBSP}: 3 Visions révélées")
    for event in game.log:
        assert is_french(event.text), event.text
        assert event.msgid != event.text
    english = gamekit.load_game(game.to_json(), lang="en")
    assert [e.msgid for e in english.log] == [e.msgid for e in game.log]
    assert english.log[-2].text.startswith("Player 2 wore the ")


@pytest.mark.parametrize("seed", range(8))
def test_a_french_game_is_french_to_the_end(seed: int) -> None:
    game = new(4 + seed % 3, seed=seed, lang="fr")
    moves = random.Random(seed)
    while not game.is_over:
        for legal in game.legal_actions():
            assert is_french(game.text(legal)), game.text(legal)
            assert is_french(game.describe(legal)), game.describe(legal)
        action = moves.choice(game.legal_actions())
        game.play(game.text(action))  # the French text plays the move
    for event in game.log:
        assert is_french(event.text), event.text
    for line in game.result_lines():
        assert is_french(line), line


def test_refusals_in_french() -> None:
    game = new(4, seed=1, lang="fr")
    game.play(Wear(1, 3))
    with pytest.raises(gamekit.IllegalAction) as refused:
        game.play(Wear(2, 3))
    assert str(refused.value).startswith(
        f"le joueur 2 porte déjà la momie{NNBSP}: deux Monstres ne portent jamais la même carte"
    )
    with pytest.raises(gamekit.IllegalAction, match="c’est au joueur 3 de choisir un déguisement"):
        game.play(Wear(3, 2))
    with pytest.raises(gamekit.IllegalAction, match="pas à la Voyante"):
        game.play(Wear(0, 2))
    with pytest.raises(gamekit.IllegalAction, match=r"\(le joueur 3 choisit en ce moment\)"):
        game.play(Accuse())
    with language("fr"), pytest.raises(gamekit.ConfigError, match="il faut de 3 à 8 joueurs"):
        new(9)
    with language("fr"), pytest.raises(gamekit.ConfigError, match="sa seule option est"):
        new(5, visions=3)


# -- results -------------------------------------------------------------------


def ended(ending: str, **kwargs: object) -> gamekit.Game:
    """A 3-player game (Seer, two Monsters) ended the given way."""
    game = new(3, seed=4, costumes=4, **kwargs)  # the last Vision is revealed at once
    free = safe(game)
    if ending == "mistake":
        game.play(Wear(1, free[0]))
        game.play(WearNothing(2))
    elif ending == "caught":
        dress(game, [free[0], game.state.visions[0]])
        game.play(Accuse())
    else:
        dress(game, free)
        game.play(Accuse() if ending == "false-accusation" else LetPartyGoOn())
    assert game.summary()[0]["ending"] == ending
    return game


def test_result_lines_say_who_won_in_english() -> None:
    assert ended("caught").result_lines() == [
        "The Seer, Player 1, wins: Player 3 wore a costume seen in a Vision.",
        "Monsters' rating: 2 of 2 Visions revealed.",
    ]
    assert ended("mistake").result_lines()[0] == (
        "The Seer, Player 1, wins: Player 3 made a mistake (no costume, or the same as last round)."
    )
    assert ended("false-accusation").result_lines()[0] == (
        "The Monsters, Player 2 and Player 3, win: the Seer accused them, but no costume "
        "worn was in a Vision."
    )
    assert ended("survived").result_lines()[0] == (
        "The Monsters, Player 2 and Player 3, win: they survived the whole party."
    )


def test_result_lines_in_french() -> None:
    assert ended("caught", lang="fr").result_lines() == [
        f"Victoire du joueur 1, la Voyante{NNBSP}: une Vision montrait le costume porté par "
        "le joueur 3.",
        f"Évaluation des Monstres{NNBSP}: 2 Visions révélées sur 2.",
    ]
    assert ended("mistake", lang="fr").result_lines()[0] == (
        f"Victoire du joueur 1, la Voyante{NNBSP}: faute du joueur 3 (pas de costume, ou le "
        "même qu’au tour précédent)."
    )
    assert ended("survived", lang="fr").result_lines()[0] == (
        f"Les Monstres, le joueur 2 et le joueur 3, gagnent{NNBSP}: ils ont survécu à toute "
        "la fête."
    )


def test_custom_names_in_the_log_and_the_results() -> None:
    names = ["Ann", "Bob", "Cy"]
    game = ended("mistake", names=names)
    log = [game.read(e) for e in game.log]
    assert "Bob chooses while the Seer's eyes are closed. [B5]" in log
    assert "Cy wears no costume: the Monsters lose at once. [B6]" in log
    assert game.result_lines()[0] == (
        "The Seer, Ann, wins: Cy made a mistake (no costume, or the same as last round)."
    )
    game = ended("survived", names=names)
    assert game.result_lines()[0] == "The Monsters, Bob and Cy, win: they survived the whole party."
    french = ended("mistake", lang="fr", names=names)
    assert french.result_lines()[0].startswith(f"Victoire d’Ann, la Voyante{NNBSP}: faute de Cy (")
    assert french.read(french.log[-2]) == (
        f"Cy ne porte aucun costume{NNBSP}: les Monstres perdent immédiatement. [B6]"
    )
    assert not any("joueur" in french.read(e) for e in french.log)
    start = new(3, seed=4, costumes=4)
    with language("fr"), seat_names(names):
        reason = RULES.why_illegal(start.state, Wear(2, safe(start)[0]))
    assert reason == "c’est à Bob de choisir un déguisement, pas à Cy"


# -- memory mode ---------------------------------------------------------------


def _covered_round(lang: str) -> gamekit.Game:
    game = new(3, seed=1, lang=lang)
    dress(game, safe(game)[:2])
    game.play(LetPartyGoOn())
    return game


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_memory_text_hides_every_covered_vision(lang: str) -> None:
    game = _covered_round(lang)
    texts = [e.text for e in game.log]
    kinds = [e.kind for e in game.log]
    hidden = [v for v in game.state.visions[:-1]]
    for in_force in ("en", "fr"):  # the game's language, whatever the kernel speaks
        with language(in_force):
            covered = RULES.memory_text(texts, kinds)
        visions = [t for t, k in zip(covered, kinds, strict=True) if k == "vision"]
        assert len(visions) == 3
        for text in visions[:-1]:
            for costume in hidden:
                assert COSTUMES[costume] not in text
                assert fr(costume) not in text and fr(costume, "the") not in text
            assert ("remember it" if lang == "en" else "souvenez-vous-en") in text
        assert visions[-1] == [t for t, k in zip(texts, kinds, strict=True) if k == "vision"][-1]
    with language(lang):
        cover = RULES.memory_text(texts, kinds)
    if lang == "fr":
        assert cover[1] == (
            f"Avant la fête, la Voyante révèle une Vision (maintenant cachée{NNBSP}: "
            "souvenez-vous-en)."
        )
    else:
        assert cover[1] == "Before the party the Seer reveals a Vision (now covered: remember it)."


def test_memory_text_covers_a_vision_it_cannot_read() -> None:
    texts = ["The Seer sees a Ghost somewhere.", "Round 9: the Seer reveals a Vision: the Bat (x)."]
    covered = RULES.memory_text(texts, ["vision", "vision"])
    assert covered == ["The Seer revealed a Vision (now covered: remember it).", texts[1]]
    assert "Ghost" not in covered[0]
