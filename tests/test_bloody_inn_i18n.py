"""The Bloody Inn in English and French (L'Auberge sanglante): moves, narration, reasons,
previews and results are messages; seats read as names; no card ids; one 40F cap message."""

from __future__ import annotations

import random
import re

import pytest
from test_bloody_inn import build, game_at, lodge, night, pass_turn, play, put, random_game

import gamekit
from gamekit.core.errors import IllegalAction
from gamekit.core.i18n import language
from gamekit.core.rng import Rng
from gamekit.titles.bloody_inn import flow
from gamekit.titles.bloody_inn.actions import (
    Act,
    BuryUnder,
    Dismiss,
    Launder,
    Pay,
    PayFine,
    Place,
    PlaceKey,
    Target,
)
from gamekit.titles.bloody_inn.cards import BARN_BASE, card_of
from gamekit.titles.bloody_inn.state import Gain

CAP = "cash is capped at 40F"
CAP_FR = "la monnaie est plafonnée à 40F"
ENGLISH = re.compile(r"\b(the|and|player|card|cards|pays|gains|room|takes|wins|cash)\b")


def played(players: int, seed: int, **options: object) -> gamekit.Game:
    """A whole random game (the kit's random choices), in the game's own language."""
    g = gamekit.new_game("bloody-inn", players=players, seed=seed, **options)  # type: ignore[arg-type]
    rng = Rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        g.play(legal[rng.below(len(legal))])
    return g


# -- moves ---------------------------------------------------------------------------


def test_moves_read_in_french() -> None:
    with language("fr"):
        assert str(Act("bribe")) == "Corrompre" and str(Act("bury")) == "Enterrer un cadavre"
        assert str(PlaceKey(2)) == "Poser votre clef sur la chambre 3"
        assert str(Place(0)) == "Installer le voyageur dans la chambre 1"
        assert str(Target(card_of("grocer"))) == "Viser l’épicière (rang 3)"
        assert str(Pay(card_of("abbot"))) == "Payer avec l’abbé"
        assert str(Dismiss(card_of("peasant"))) == "Renvoyer le paysan sans salaire"
        assert str(BuryUnder(card_of("duke"))) == "L’enterrer sous les Écuries"
        assert str(BuryUnder(BARN_BASE + 1)) == "L’enterrer sous la grange du joueur 2"
        assert str(Launder(2)) == "Changer 20F en 2 chèques"
        assert str(PayFine("cheque")) == "Payer 10F avec un chèque"


def test_play_accepts_the_french_move_text() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=1)  # an English game
    g.play("Poser votre clef sur la chambre 3")
    assert g.state.keys[2] == 0
    g.play("poser  votre CLEF sur la chambre 5")  # spaces and case do not matter
    assert g.state.keys[4] == 1
    s = night(2)
    corpse = put(s, "baron", s.corpses[0])
    g = game_at(s)
    play(g, Act("bury"), Target(corpse))
    g.play("L'enterrer sous la grange du joueur 2")  # a plain apostrophe too
    assert corpse in g.state.buried[BARN_BASE + 1]


def test_a_french_game_takes_english_moves_and_reads_french() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=1, lang="fr")
    assert g.read(g.legal_actions()[0]) == "Poser votre clef sur la chambre 1"
    events = g.play("Put your key on room 4")
    assert g.read(events[0]) == "Le joueur 1 pose sa clef sur la chambre 4. [I7]"
    assert events[0].text == "Le joueur 1 pose sa clef sur la chambre 4."


# -- narration -----------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_french_game_narrates_in_french_to_the_end(players: int) -> None:
    g = played(players, 40 + players, lang="fr")
    said = [e.text for e in g.log] + g.result_lines()
    assert said and not [t for t in said if ENGLISH.search(t)]
    assert any(t.startswith("La nuit tombe") for t in said)


def test_french_narration_of_a_night() -> None:
    s = night(2)
    guest = lodge(s, "grocer", 3)
    for _ in range(3):
        put(s, "peasant", s.hands[0])
    g = game_at(s)
    g.lang = "fr"
    events = play(g, Act("kill"), Target(guest), *[Pay(c) for c in s.hands[0]])
    said = [g.read(e) for e in events]
    assert said[0] == "Le joueur 1 tue l’épicière\u202f: cela coûte 3 cartes."
    assert said[1] == "Le paysan retourne au bistrot."


def test_custom_names_in_both_languages() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=1, names=["Ann", "Émile"])
    events = g.play(PlaceKey(0)) + g.play(PlaceKey(1))
    assert g.read(events[0]) == "Ann puts their key on room 1. [I7]"
    assert "Round 1: Ann welcomes the travellers." in [e.text for e in events]
    g.lang = "fr"
    assert g.log[1].text == "Émile pose sa clef sur la chambre 2."
    assert g.log[3].text == "Tour 1\u202f: Ann accueille les voyageurs."
    s = night(2)
    s.keys[0] = 1
    g = game_at(s)
    g.names, g.lang = ["Ann", "Émile"], "fr"
    events = pass_turn(g)
    assert events[0].text == "Ann passe."
    with pytest.raises(IllegalAction, match="^maintenant, Émile doit choisir une action"):
        g.play(PlaceKey(0))  # the reason names the seat too


def test_ruling_I1_names_the_first_player_by_name_and_result_lines_by_name() -> None:
    g = played(2, 7, names=["Ann", "Bob"])
    lines = g.result_lines()
    assert re.fullmatch(r"(Ann|Bob) wins with \d+F\.|Ann and Bob share the win .*", lines[0])
    assert lines[1].startswith("Ann: ") and "F of cash and" in lines[1]
    assert lines[2].startswith("Bob: ") and "under their own annexes" in lines[2]
    g.lang = "fr"
    assert g.result_lines()[1].startswith("Ann\u202f: ") and "de monnaie" in g.result_lines()[1]


def test_result_lines_tell_the_tie_break_and_the_solo_rating() -> None:
    s = night(2)
    s.step, s.cash, s.cheques = "over", [20, 20], [1, 1]
    s.buried[BARN_BASE + 1] = [put(s, "baron", [])]
    g = game_at(s)
    assert g.winners() == [1]
    assert g.result_lines()[0] == (
        "Player 2 wins with 30F, tied with Player 1 but ahead on corpses: 1 under their own "
        "annexes."
    )
    s = night(1)
    s.step, s.cash, s.cheques = "over", [35], [8]
    g = game_at(s)
    g.lang = "fr"
    assert g.result_lines()[0] == "Le joueur 1 termine avec 115F\u202f: aubergiste inquiétant."


def test_why_and_describe_in_french() -> None:
    s = night(2)
    guest = lodge(s, "priest", 4)
    lodge(s, "baron", 3)
    g = game_at(s)
    g.lang = "fr"
    g.play(Act("bribe"))
    with pytest.raises(IllegalAction) as refused:
        g.play(Target(guest))
    assert str(refused.value).startswith("pour corrompre le prêtre, vous devez jouer 3 cartes")
    with pytest.raises(IllegalAction, match="^vous ne pouvez blanchir qu’après avoir choisi"):
        g.play(Launder(1))
    s = night(2)
    corpse = put(s, "count", s.corpses[0])
    annex = build(s, 1, "duke")
    put(s, "peasant", s.hands[0])
    put(s, "peasant", s.hands[0])
    g = game_at(s)
    g.lang = "fr"
    play(g, Act("bury"), Target(corpse), *[Pay(c) for c in list(g.state.hands[0])])
    assert g.describe(BuryUnder(annex)) == (
        "Cacher le cadavre sous les Écuries, au joueur 2\u202f: vous gagnez 9F, et le joueur 2 "
        "autant."
    )


# -- no card numbers -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_narration_and_moves_name_travellers_without_card_numbers(lang: str) -> None:
    g = random_game(3, 11)
    g.lang = lang
    read = [e.text for e in g.log] + [g.read(a) for a in g.history]
    assert not [t for t in read if re.search(r"#\d|\(rank \d+, |\(rang \d+, ", t)]
    lodged = [e.text for e in g.log if e.kind == "lodge"]
    assert lodged and all(re.fullmatch(r"\S.* (takes room|s’installe dans la chambre) \d\.", t)
                          for t in lodged)  # fmt: skip


# -- the 40F cap: one message for every gain -----------------------------------------------


def test_gain_tells_the_cap_one_way() -> None:
    assert str(Gain(5, 5)) == "5F" and str(Gain(2, 5)) == f"2F (of 5F: {CAP})"
    with language("fr"):
        assert str(Gain(2, 5)) == f"2F (sur 5F\u202f: {CAP_FR})"


def test_ruling_I11_room_service_gain_is_capped_with_the_cap_message() -> None:
    s = night(2)
    s.service[2], s.cash[1], s.step = 1, 39, "place"
    put(s, "count", s.entrance)
    events = play(game_at(s), Place(2))
    assert f"Room Service: Player 2 gains 1F (of 2F: {CAP})." in [e.text for e in events]


def test_ruling_I12_travellers_leaving_and_gardens_gain_is_capped_with_the_cap_message() -> None:
    s = night(2)
    s.cash[0], s.turn = 39, 3
    s.seat = 1
    build(s, 0, "gardener")
    lodge(s, "baron", 0)
    events = pass_turn(game_at(s))
    assert f"Travellers leave: Player 1 earns 1F (of 3F: {CAP})." in [e.text for e in events]


def test_annex_gain_on_building_is_capped_with_the_cap_message() -> None:
    s = night(2)
    s.cash[0] = 38
    card = put(s, "baron", s.hands[0])
    events = play(game_at(s), Act("build"), Target(card))
    assert f"Player 1 gains 2F (of 4F: {CAP}) from the Grand Chandelier." in [
        e.text for e in events
    ]


def test_ruling_I13_end_of_game_annex_gain_is_capped_with_the_cap_message() -> None:
    s = night(2)
    s.cash[0], s.cheques[0] = 40, 2
    build(s, 0, "prince")
    s.last_round = True
    g = game_at(s)
    events = []
    while not g.is_over:
        events += (
            pass_turn(g) if g.state.step in ("act", "launder") else g.play(g.legal_actions()[0])
        )
    said = [e.text for e in events]
    assert f"End of the game: Player 1's Greenhouse pays 0F (of 6F: {CAP})." in said


def test_burial_gains_own_and_shared_are_capped_with_the_cap_message() -> None:
    s = night(2)
    s.cash = [39, 39]
    corpse = put(s, "baron", s.corpses[0])
    events = play(game_at(s), Act("bury"), Target(corpse), BuryUnder(BARN_BASE + 1))
    assert (
        f"Player 1 buries the Baron under Player 2's barn and gains 1F (of 4F: {CAP}); "
        f"Player 2 gets 1F (of 4F: {CAP})."
    ) in [e.text for e in events]
    s = night(2)
    s.cash[0] = 39
    corpse = put(s, "baron", s.corpses[0])
    events = play(game_at(s), Act("bury"), Target(corpse), BuryUnder(BARN_BASE))
    assert f"Player 1 buries the Baron under Player 1's barn and gains 1F (of 8F: {CAP})." in [
        e.text for e in events
    ]


def test_ruling_I3_cashing_cheques_is_capped_with_the_cap_message() -> None:
    s = night(2)
    s.cash[0], s.cheques[0] = 35, 1
    g = game_at(s)
    events = play(g, Act("pass"), Launder(-1))
    assert f"Player 1 cashes 1 cheque and gains 5F (of 10F: {CAP})." in [e.text for e in events]
    g.lang = "fr"
    assert f"5F (sur 10F\u202f: {CAP_FR})" in g.log[-1].text


def test_every_gain_event_states_the_cap_the_same_way() -> None:
    for seed in range(6):
        g = random_game(2, seed, unlimited_wealth=False)
        for e in g.log:
            if "40F" in e.text:
                assert CAP in e.text, e.text
    assert flow  # the flow module narrates the morning gains


@pytest.mark.parametrize("seed", [1, 2])
def test_a_french_game_played_by_its_french_moves_replays_in_english(seed: int) -> None:
    g = gamekit.new_game("bloody-inn", players=2 + seed, seed=seed, lang="fr", length="short")
    rng = Rng(seed)
    while not g.is_over:
        legal = g.legal_actions()
        for move in legal:
            assert not ENGLISH.search(g.read(move)), g.read(move)
            assert not ENGLISH.search(g.describe(move)), g.describe(move)
        chosen = legal[rng.below(len(legal))]
        g.play(g.read(chosen))  # the French text plays the move (the first of look-alikes)
    assert not [e.text for e in g.log if ENGLISH.search(e.text)]
    english = gamekit.load_game(g.to_json(), lang="en")
    assert english.state_dict() == g.state_dict()
    assert [e.msgid for e in english.log] == [e.msgid for e in g.log]


def test_exercise_hints_read_in_the_language_in_force() -> None:
    from gamekit.exercises import check
    from gamekit.titles.bloody_inn.checks import BANK

    assert BANK[0].hint.startswith("Removing cards unseen changes nothing")  # still the text
    assert "Not quite. Removing cards unseen" in check("inn-1", "1/3", hint=True).message
    with language("fr"):
        assert (
            "Retirer des cartes sans les regarder ne change rien"
            in check("inn-1", "1/3", hint=True).message
        )
        assert f"{BANK[2].form}" == "une espérance en F, en fraction"


def test_a_french_game_refuses_in_french_when_asked_to_describe() -> None:
    g = gamekit.new_game("bloody-inn", players=2, seed=1, lang="fr", names=["Ann", "Bob"])
    with pytest.raises(IllegalAction, match="^maintenant, Ann doit poser sa clef sur une chambre"):
        g.describe(Act("bribe"))


def test_a_look_alike_card_is_refused_as_interchangeable_not_as_absent() -> None:
    s = night(2)
    first = lodge(s, "baron", 2)
    other = next(c for c in range(first + 1, first + 4) if c not in s.rooms)
    g = game_at(s)
    g.play(Act("kill"))
    with pytest.raises(IllegalAction, match="^The Baron is interchangeable with another"):
        g.play(Target(other))


def _two_guests_alike() -> gamekit.Game:
    """A seeded 2-player game at a decision where two targets are guests of one kind."""
    game = gamekit.new_game("bloody-inn", players=2, seed=2)
    rng = random.Random(2)
    while True:
        legal = game.legal_actions()
        plain = [str(a) for a in legal if a.kind == "target"]
        if len(set(plain)) < len(plain):
            return game
        game.play(rng.choice(legal))


def test_two_guests_of_one_kind_read_apart_by_their_room() -> None:
    """Without card numbers two Viscounts would read alike: the move names the room."""
    game = _two_guests_alike()
    shown = [game.read(a) for a in game.legal_actions()]
    assert len(set(shown)) == len(shown)
    twins = [t for t in shown if " in room " in t]
    assert twins, shown
    for text in twins:
        chosen = next(a for a in game.legal_actions() if game.read(a) == text)
        copy = game.copy()
        copy.play(text)
        assert copy.history[-1] is chosen or copy.history[-1] == chosen
    with gamekit.language("fr"):
        assert any(" de la chambre " in game.read(a) for a in game.legal_actions())


def test_the_table_lists_two_guests_of_one_kind_apart() -> None:
    from gamekit.widgets import Table

    game = _two_guests_alike()
    table = Table(game, seat=game.to_move)
    texts = [row["text"] for row in table.legal]
    assert len(set(texts)) == len(texts) and any(" in room " in t for t in texts)
