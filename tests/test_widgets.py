"""The interactive table and the static pictures, tested without a browser.

Front-end messages go through the widget's own message handler (as the comm
delivers them, with ``"buffers": []``). The browser half is in tests/browser/.
"""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

import gamekit
from gamekit import pictures
from gamekit.core.rng import Rng

pytest.importorskip("anywidget")
from gamekit.widgets import GOD, Table  # noqa: E402

STATIC = Path(gamekit.__file__).resolve().parent / "widgets" / "static"
SEEN = ("view_data", "seat_views", "legal", "narration", "scores", "winners", "to_move")


def send(table: Table, content: Any) -> None:
    """Deliver a message exactly as the page's ``model.send(content)`` would."""
    table._handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def advance(game: gamekit.Game, steps: int) -> gamekit.Game:
    for _ in range(steps):
        if game.is_over:
            break
        game.play(game.legal_actions()[0])
    return game


def synced(table: Table) -> dict[str, Any]:
    """Everything the page receives about the game (JSON, as sent)."""
    state = table.get_state()
    return json.loads(json.dumps({k: state[k] for k in SEEN}))


# -- traits -------------------------------------------------------------------------
@pytest.mark.parametrize("title", gamekit.TITLES)
def test_traits_describe_the_game(title: str) -> None:
    game = gamekit.new_game(title, seed=4)
    table = Table(game, seat=game.to_move, memory_mode=False)  # the raw view
    assert (table.title, table.players, table.seed, table.step) == (title, game.players, 4, 0)
    assert table.game_name == game.rules.name
    assert [row["text"] for row in table.legal] == [game.read(a) for a in game.legal_actions()]
    assert [row["index"] for row in table.legal] == list(range(len(game.legal_actions())))
    assert {row["seat"] for row in table.legal} == {game.to_move}
    assert table.view_data == game.view(game.to_move)
    assert table.scores == list(game.scores())
    assert table.catalogue or title == "boo-party"


def test_no_synced_trait_is_named_log() -> None:
    names = Table.class_trait_names(sync=lambda v: v)
    assert "log" not in names and "view_data" in names


def test_the_page_ships_in_the_package_without_a_cdn() -> None:
    script = (STATIC / "table.js").read_text()
    style = (STATIC / "table.css").read_text()
    assert str(Table._esm) == script and str(Table._css) == style
    assert not re.search(r"^\s*import\b", script, re.MULTILINE)
    urls = set(re.findall(r"https?://[^\s\"')]+", script + style))
    assert urls <= {"http://www.w3.org/2000/svg"}


# -- playing through messages -----------------------------------------------------
def test_a_clicked_index_is_played_through_the_game() -> None:
    game = gamekit.new_game("knock-knock", seed=7)
    table = Table(game, seat=0)
    expected = game.legal_actions()[3]
    send(table, {"type": "play", "index": 3, "step": 0})
    assert table.error == ""
    assert game.history == (expected,) and table.step == 1
    assert table.narration and table.narration[0]["step"] == 1
    assert any(row["ruling"] for row in table.narration) or table.narration[0]["text"]
    assert table.changed, "what changed since the previous step is marked"


def test_a_stale_index_shows_an_error_and_changes_nothing() -> None:
    game = gamekit.new_game("hats", players=3, seed=2)
    table = Table(game, seat=GOD)
    send(table, {"type": "play", "index": 0, "step": 0})
    record = game.to_json()
    send(table, {"type": "play", "index": 0, "step": 0})  # computed before the first click
    assert "step 0" in table.error and "step 1" in table.error
    assert game.to_json() == record and table.step == 1


@pytest.mark.parametrize("bad", [-1, 999, "2", None, True, 1.5])
def test_an_illegal_index_shows_an_error_and_changes_nothing(bad: Any) -> None:
    game = gamekit.new_game("boo-party", seed=3)
    table = Table(game, seat=game.to_move)
    before = synced(table)
    send(table, {"type": "play", "index": bad, "step": 0})
    assert table.error.startswith("There is no legal choice")
    assert game.step == 0 and synced(table) == before


@pytest.mark.parametrize(
    "content",
    [None, "play", 3, [], {}, {"type": 5}, {"type": "fly"}, {"type": "goto", "step": "x"}],
)
def test_nonsense_never_raises_into_the_connection(content: Any) -> None:
    table = Table(gamekit.new_game("knock-knock", seed=1), seat=0)
    send(table, content)
    assert table.error and table.step == 0


def test_a_seat_that_is_not_deciding_gets_no_choices_and_cannot_play() -> None:
    game = gamekit.new_game("knock-knock", seed=7)
    table = Table(game, seat=2)
    assert game.to_move == 0 and table.legal == []
    send(table, {"type": "play", "index": 0, "step": 0})
    assert "Player 1's decision" in table.error and game.step == 0
    assert "Legal now" not in table.error, "errors never list another seat's choices"


def test_undo_redo_goto_and_the_timeline() -> None:
    game = advance(gamekit.new_game("hats", players=2, seed=5), 6)
    table = Table(game, seat=GOD)
    send(table, {"type": "undo"})
    send(table, {"type": "undo"})
    assert (table.step, table.total_steps) == (4, 6)
    send(table, {"type": "redo"})
    assert table.step == 5
    send(table, {"type": "goto", "step": 1})
    assert game.step == 1 and table.total_steps == 6
    send(table, {"type": "goto", "step": 99})
    assert "does not exist" in table.error and game.step == 1
    send(table, {"type": "goto", "step": 6})
    assert table.step == 6 and table.error == ""


def test_bots_step_and_fill_any_seat() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=9)
    table = Table(game, seat=1, bots={0: "greedy", 2: "random"})
    assert table.bots == ["greedy", "", "random"]
    send(table, {"type": "step"})
    assert game.step == 1 and "greedy" in table.notice
    send(table, {"type": "bot", "seat": 1, "name": "random"})
    assert table.bots[1] == "random"
    send(table, {"type": "bot", "seat": 7, "name": "random"})
    assert "no seat" in table.error.lower()
    table.autoplay = True  # the page drives autoplay; the trait is synced
    assert table.get_state()["autoplay"] is True


def test_step_never_plays_for_a_person() -> None:
    game = gamekit.new_game("bloody-inn", seed=4)
    table = Table(game, seat=0, bots=[None, None])
    table.autoplay = True
    send(table, {"type": "step"})
    assert game.step == 0 and "played by a person" in table.error
    assert table.autoplay is False, "autoplay waits for the person to move"


def test_new_game_save_and_load() -> None:
    table = Table(gamekit.new_game("knock-knock", seed=1), seat=0)
    send(table, {"type": "new", "title": "hats", "players": "2", "seed": "8", "options": {}})
    assert (table.title, table.players, table.seed) == ("hats", 2, 8)
    send(table, {"type": "stand", "seat": 0})  # bots at both seats
    table.bot_step()
    table.bot_step()
    send(table, {"type": "save"})
    saved = table.saved_json
    assert json.loads(saved)["actions"] == [a.to_json() for a in table.game.history]
    send(table, {"type": "new", "title": "boo-party", "seed": 1})
    send(table, {"type": "load", "text": saved})
    assert table.title == "hats" and table.step == 2 and table.error == ""
    send(table, {"type": "load", "text": saved.replace('"seed": 8', '"seed": 9')})
    assert "broken" in table.error and table.seed == 8
    send(table, {"type": "new", "title": "chess"})
    assert "unknown title" in table.error.lower() and table.title == "hats"
    send(table, {"type": "new", "title": "hats", "players": 9})
    assert table.error and table.players == 2


# -- perspective: the page never receives what the seat may not see ------------------
def _hidden_twin(game: gamekit.Game, seat: int | None, seed: int) -> gamekit.Game:
    """The same game, but everything ``seat`` cannot see is dealt again at random."""
    twin = game.copy()
    twin._state = game.rules.resample_hidden(game.state, seat, Rng(seed))
    twin._legal = None
    return twin


@pytest.mark.parametrize("title", gamekit.TITLES)
@pytest.mark.parametrize("steps", [0, 7, 19])
def test_perspective_hides_what_the_seat_may_not_see(title: str, steps: int) -> None:
    game = advance(gamekit.new_game(title, seed=11 + steps), steps)
    for seat in [None, *range(game.players)]:
        table = Table(game, seat=seat, memory_mode=False)
        assert table.view_data == game.view(seat) and table.seat_views == []
        for seed in range(3):
            twin = Table(_hidden_twin(game, seat, seed), seat=seat, memory_mode=False)
            assert synced(twin) == synced(table), (title, seat, seed)


def test_the_god_view_is_the_state_dict() -> None:
    game = advance(gamekit.new_game("knock-knock", seed=2), 5)
    table = Table(game, seat=GOD)
    assert table.view_data == game.state_dict()
    assert table.seat_views == [game.view(s) for s in range(game.players)]
    assert [r["text"] for r in table.legal] == [game.read(a) for a in game.legal_actions()]


def test_changing_perspective_resends_only_that_view() -> None:
    game = gamekit.new_game("hats", players=3, seed=6)
    table = Table(game, seat=GOD)
    send(table, {"type": "seat", "seat": 2})
    assert table.seat == 2 and table.view_data == game.view(2) and table.seat_views == []
    send(table, {"type": "seat", "seat": 3})
    assert "seat must be" in table.error.lower() and table.seat == 2


def test_refresh_listeners_see_every_change() -> None:
    game = gamekit.new_game("hats", players=2, seed=1)
    table = Table(game, seat=GOD)
    steps: list[int] = []
    table.on_change(lambda t: steps.append(t.game.step))
    table.play_index(0, at_step=0)
    send(table, {"type": "undo"})
    assert steps == [1, 0]


# -- static pictures ----------------------------------------------------------------
@pytest.mark.parametrize("title", gamekit.TITLES)
def test_a_game_in_a_cell_shows_a_static_table(title: str) -> None:
    game = advance(gamekit.new_game(title, seed=3), 4)
    html = game._repr_html_()
    assert "<script" not in html.lower() and "<details>" in html
    assert "border-collapse:collapse'><tr><th" not in html.split("<details>")[0][-400:]
    assert game.rules.name in html and repr(game).startswith("<")


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_a_seat_picture_hides_what_the_seat_may_not_see(title: str) -> None:
    game = advance(gamekit.new_game(title, seed=5), 6)
    seat = 1
    pic = pictures.picture(game, seat)
    twin = pictures.picture(_hidden_twin(game, seat, 1), seat)
    assert pic._repr_html_() == twin._repr_html_()
    assert repr(pic) == repr(twin) and "Player 2 (seat 1)" in repr(pic)


def test_lab_server_connection_turns_nagle_off_before_connecting() -> None:
    from unittest import mock

    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    from gamekit.widgets.lab_server import SETTING, NoDelayConnection

    calls: list[object] = []
    handler = mock.Mock(set_nodelay=lambda on: calls.append(("nodelay", on)))
    connection = NoDelayConnection.__new__(NoDelayConnection)
    connection._trait_values["websocket_handler"] = handler  # no real websocket needed
    with mock.patch.object(
        ZMQChannelsWebsocketConnection, "connect", lambda self: calls.append("connect")
    ):
        connection.connect()
    assert calls == [("nodelay", True), "connect"]
    assert SETTING.endswith("=gamekit.widgets.lab_server.NoDelayConnection")


def test_kit_and_browser_tests_start_lab_with_the_no_delay_connection() -> None:
    root = Path(__file__).resolve().parent.parent
    name = "gamekit.widgets.lab_server.NoDelayConnection"
    assert name in (root / "kit").read_text()
    assert name in (root / "tests" / "browser" / "labserver.py").read_text()


@pytest.mark.parametrize("title", gamekit.TITLES)
def test_each_title_sends_its_own_board_module(title: str) -> None:
    table = Table(gamekit.new_game(title, seed=1), seat=0)
    package = gamekit.rules_for(title).title_package()
    assert package is not None
    on_disk = resources.files(package).joinpath("board.js").read_text("utf-8")
    assert table.board_js == on_disk and "export default function makeBoard(kit)" in on_disk
    assert 'BOARDS["' not in (STATIC / "table.js").read_text(), (
        "no title is drawn by the table itself"
    )


def test_a_game_without_a_board_module_gets_the_generic_board(toy_title: str) -> None:
    table = Table(gamekit.new_game(toy_title, seed=1), seat=0)
    assert table.board_js == "" and table.catalogue == {}


# -- a table a class can play -------------------------------------------------------
def test_table_g_seats_the_learner_at_seat_0_with_the_strongest_bots() -> None:
    game = gamekit.new_game("knock-knock", seed=7)
    table = Table(game)
    assert table.seat == 0 and table.humans == [0]
    strongest = list(gamekit.rules_for("knock-knock").bots())[-1]  # the planner
    assert table.bots == ["", strongest, strongest, strongest] and strongest == "planner"
    assert table.names == ["Player 1", "Player 2", "Player 3", "Player 4"]
    spectator = Table(game, seat=None)
    assert spectator.seat is None and spectator.humans == [] and "" not in spectator.bots
    inn = Table(gamekit.new_game("bloody-inn", seed=1))
    assert inn.bots == ["", "planner"], "the last bot of rules.bots() is the strongest"


def test_sit_and_stand_and_bad_seats() -> None:
    table = Table(gamekit.new_game("hats", players=3, seed=2))
    send(table, {"type": "sit", "seat": 2})
    assert table.humans == [0, 2] and table.bots[2] == "" and table.error == ""
    send(table, {"type": "stand", "seat": 2})
    assert table.humans == [0] and table.bots[2] == "greedy"
    for bad in [{"type": "sit", "seat": 9}, {"type": "sit", "seat": "1"}, {"type": "sit"}]:
        before = (table.humans, table.bots)
        send(table, bad)
        assert table.error and len(table.error) <= 200 and (table.humans, table.bots) == before
    send(table, {"type": "stand", "seat": 1})
    assert "bot" in table.error


def test_step_refuses_a_person_and_autoplay_stops_when_the_game_ends() -> None:
    game = gamekit.new_game("hats", players=2, seed=3)
    table = Table(game, seat=None)  # bots everywhere
    table.autoplay = True
    while not game.is_over:
        send(table, {"type": "step"})
        assert table.error == ""
    assert table.autoplay is False and "game is over" in table.notice
    send(table, {"type": "step"})
    assert table.error == "" and "game is over" in table.notice


def _to_human_turn(table: Table) -> None:
    while table.game.to_move not in table.humans and not table.game.is_over:
        send(table, {"type": "step"})


def test_pass_and_play_covers_the_screen_between_two_people() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7)
    table = Table(game, humans=[0, 1], classroom=True)
    assert table.seat == 0 and table.cover_for is None
    send(table, {"type": "play", "index": 0, "step": 0})  # 0 knocks at 1's door
    assert game.to_move == 1 and table.cover_for == 1
    assert table.view_data == game.view(None), "nothing of seat 1 (nor seat 0) is sent"
    assert table.legal == [] and not any(r["kind"].endswith("private") for r in table.narration)
    send(table, {"type": "play", "index": 0, "step": 1})
    assert game.step == 1 and "pass the screen" in table.error.lower()
    send(table, {"type": "uncover"})
    assert table.seat == 1 and table.cover_for is None and table.view_data == game.view(1)
    assert table.legal and {r["seat"] for r in table.legal} == {1}
    send(table, {"type": "uncover"})
    assert table.error


def test_classroom_hides_the_god_view_and_the_debug_messages() -> None:
    game = gamekit.new_game("hats", players=2, seed=1)
    table = Table(game, classroom=True)
    for message in [{"type": "seat", "seat": "god"}, {"type": "seat", "seat": 1}]:
        send(table, message)
        assert "classroom" in table.error and table.seat == 0
    send(table, {"type": "save"})
    assert "classroom" in table.error and table.saved_json == ""
    send(table, {"type": "load", "text": game.to_json()})
    assert "classroom" in table.error
    with pytest.raises(ValueError, match="classroom"):
        Table(game, seat=GOD, classroom=True)


def test_the_classroom_switch_applies_to_new_tables() -> None:
    from gamekit import widgets

    widgets.classroom(True)
    try:
        assert Table(gamekit.new_game("hats", players=2, seed=1)).classroom is True
    finally:
        widgets.classroom(False)
    assert Table(gamekit.new_game("hats", players=2, seed=1)).classroom is False


def test_names_reach_everything_a_learner_reads() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7, names=["Ann", "Bob", "Cy"])
    table = Table(game)
    assert table.names == ["Ann", "Bob", "Cy"]
    assert table.legal[0]["text"].startswith("Knock at Bob's door")
    send(table, {"type": "play", "index": 0, "step": 0})
    assert table.narration[-1]["text"].startswith("Ann lays a card face down at Bob's door")
    assert "player" not in " ".join(table.summary_lines).lower()
    other = Table(gamekit.new_game("hats", players=2, seed=1), names=["Zoe", "Yan"])
    assert other.names == ["Zoe", "Yan"] and "Zoe" in other.summary_lines[0]
    default = Table(gamekit.new_game("hats", players=2, seed=1))
    assert default.summary_lines == [
        "Scores so far: Player 1 has 0 points and Player 2 has 0 points."
    ]
    with pytest.raises(ValueError):
        Table(gamekit.new_game("hats", players=2, seed=1), names=["only one"])


def test_notices_never_tell_the_secret_of_a_move() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=7)
    table = Table(game)
    send(table, {"type": "play", "index": 0, "step": 0})
    card = str(game.history[0]).rsplit(" ", 1)[-1]
    assert card not in table.notice and "knock, knock" in table.notice


def test_the_setup_narration_reaches_the_panel() -> None:
    game = gamekit.new_game("boo-party", seed=1)
    table = Table(game)
    assert len(game.log) == 3 and [r["step"] for r in table.narration] == [0, 0, 0]


def test_memory_mode_hides_covered_visions_everywhere() -> None:
    game = advance(gamekit.new_game("boo-party", players=3, seed=1), 0)
    table = Table(game, seat=GOD)
    first = gamekit.rules_for("boo-party").state_dict(game.state)["visions"][0]
    name = game.view(None)["costume_names"][first]
    table.memory_mode = True
    assert table.view_data["visions"][0] is None and all(
        v["visions"][0] is None for v in table.seat_views
    )
    covered = [r["text"] for r in table.narration if r["kind"] == "vision"][:-1]
    assert covered and not any(name in text for text in covered)
    assert "remember" in covered[0]
    table.memory_mode = False
    assert table.view_data["visions"][0] == first


def test_memory_mode_hides_covered_visions_in_french_too() -> None:
    from gamekit.core.i18n import language
    from gamekit.titles.boo_party.rules import PARTY_ON
    from gamekit.titles.boo_party.terms import COSTUME_TERMS

    game = advance(gamekit.new_game("boo-party", players=3, seed=1, lang="fr"), 2)
    game.play(PARTY_ON)
    assert len(game.state.visions) == 3, "a second round: two Visions are covered"
    table = Table(game, seat=GOD, memory_mode=True)
    with language("fr"):
        words = [
            format(COSTUME_TERMS[v], form)
            for v in game.state.visions[:-1]
            for form in ("name", "the")
        ]
    rows = [r["text"] for r in table.narration if r["kind"] == "vision"]
    covered, top = rows[:-1], rows[-1]
    assert len(covered) == 2 and all("souvenez-vous" in text for text in covered)
    assert not any(word in text for word in words for text in covered)
    assert "Tour 2" in top and "souvenez-vous" not in top
    assert table.view_data["visions"][:2] == [None, None]


def test_rulings_options_schema_and_size() -> None:
    table = Table(gamekit.new_game("hats", players=2, seed=1), size="large")
    assert table.rulings["H6"].startswith("the cookie") and table.size == "large"
    schema = table.options_schema
    assert set(schema) == set(gamekit.TITLES)
    assert schema["knock-knock"][0]["kind"] == "bool"
    assert {"min": 4, "max": 24}.items() <= schema["boo-party"][0].items()
    assert schema["bloody-inn"][0]["choices"] == ["long", "short"]
    for rows in schema.values():
        for row in rows:
            assert {"name", "label", "kind", "default"} <= set(row)
    with pytest.raises(Exception):  # noqa: B017 - traitlets' own TraitError
        Table(gamekit.new_game("hats", players=2, seed=1), size="huge")


def test_a_failed_new_game_leaves_the_shown_game() -> None:
    table = Table(gamekit.new_game("hats", players=2, seed=1))
    for bad in [{"title": "boo-party", "options": {"costumes": 99}}, {"players": "two"}]:
        send(table, {"type": "new", **bad})
        assert table.error and table.title == "hats" and table.players == 2
        assert len(table.error) <= 200


def test_the_end_of_game_summary_names_the_winner_and_the_scores() -> None:
    game = advance(gamekit.new_game("hats", players=4, seed=1), 400)
    table = Table(game, names=["A", "B", "C", "D"])
    lines = table.summary_lines
    assert game.is_over and lines[0].endswith("win.") or lines[0].endswith("wins.")
    assert any(line.startswith("Team 1 (A and C)") for line in lines)
    assert sum(line.startswith(("A has ", "B has ", "C has ", "D has ")) for line in lines) == 4


def test_error_lines_are_short_and_plain() -> None:
    table = Table(gamekit.new_game("knock-knock", seed=1), seat=2)
    send(table, {"type": "play", "index": 0, "step": 0})
    assert table.error.startswith("It is Player 1's decision") and "Legal now" not in table.error
    send(table, {"type": "x" * 500})
    assert len(table.error) <= 200


def test_traits_given_to_the_constructor_work() -> None:
    game = gamekit.new_game("boo-party", players=4, seed=3)
    table = Table(game, memory_mode=True, classroom=True, size="large")
    assert table.memory_mode and table.classroom and table.size == "large"


# -- French and English ---------------------------------------------------------
FRENCH_BUTTONS = {"new_game": "Nouvelle partie", "undo": "↶ Annuler", "step_btn": "Avancer"}


def test_the_page_gets_its_words_in_the_tables_language() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    english = Table(game)
    french = Table(gamekit.new_game("knock-knock", players=3, seed=1), lang="fr")
    assert english.labels["new_game"] == "New game" and english.labels["lang"] == "en"
    assert french.lang == "fr" and french.labels["lang"] == "fr"
    assert FRENCH_BUTTONS.items() <= french.labels.items()
    assert set(french.labels) == set(english.labels), "every word of the page, in both languages"
    fields = re.compile(r"\{\w+\}").findall
    for key, text in english.labels.items():
        if isinstance(text, str):
            same = sorted(fields(text)) == sorted(fields(french.labels[key]))
            assert same, f"{key}: the page fills the same placeholders"
    seat = french.labels["seats"][1]
    assert seat["name"] == "Joueur 2" and seat["cover_title"] == "Passez l’écran au joueur 2"
    assert seat["decides"] == "Le joueur 2 décide"
    named = Table(gamekit.new_game("knock-knock", players=3, seed=1), names=["Ann", "Bob", "Eve"],
                  lang="fr")  # fmt: skip
    assert named.labels["seats"][0]["cover_title"] == "Passez l’écran à Ann"
    assert named.labels["seats"][0]["sit_aria"] == "s’asseoir ici à la place d’Ann"
    named.names = ["Zoé", "Bob", "Eve"]  # names set on the page's trait: the seat texts follow
    assert named.labels["seats"][0]["i_am"] == "Je suis Zoé"


def test_a_french_table_narrates_notices_and_errors_in_french() -> None:
    table = Table(gamekit.new_game("knock-knock", players=3, seed=1), lang="fr")
    assert table.names == ["Joueur 1", "Joueur 2", "Joueur 3"]
    assert table.legal[0]["text"].startswith("Frapper à la porte du joueur 2")
    assert table.summary_lines[0].startswith("Scores pour l’instant\u202f: le joueur 1 a")
    table.play_index(0)
    assert table.notice.startswith("Le joueur 1 a joué\u202f: Le joueur 1 pose une carte")
    table.bot_step()
    assert table.notice.startswith("Le joueur 2 (robot «\u00a0stratège\u00a0») a joué")
    table.play_index(99)
    assert table.error == (
        "C’est au joueur 2 de décider, et cette table est vue depuis la place du joueur 1."
    )
    send(table, ["not", "a", "request"])
    assert table.error == "La table a reçu un message qu’elle ne comprend pas."
    assert "Player" not in json.dumps(table.labels, ensure_ascii=False)
    table.lang = "en"  # switched on the way: everything follows
    assert table.labels["new_game"] == "New game" and table.names[0] == "Player 1"
    texts = [row["text"] for row in table.narration]
    assert any(text.startswith("Player 2 opens") for text in texts)
    assert not any("joueur" in text for text in texts)
    with pytest.raises(Exception):  # noqa: B017 - traitlets' own TraitError
        table.lang = "de"


def test_a_table_follows_the_kernels_language() -> None:
    table = Table(gamekit.new_game("hats", players=2, seed=1))
    try:
        gamekit.set_language("fr")
        table.refresh()
        assert table.labels["new_game"] == "Nouvelle partie" and table.names[0] == "Joueur 1"
    finally:
        gamekit.set_language("en")
    table.refresh()
    assert table.labels["new_game"] == "New game"


def test_bots_have_french_display_names_and_keep_their_api_names() -> None:
    from gamekit import bots
    from gamekit.core.i18n import language
    from gamekit.widgets.labels import bot_label

    every = {name for title in gamekit.TITLES for name in bots.names(title)} | {"best"}
    with language("fr"):
        shown = {name: bot_label(name) for name in every}
    assert all(shown[name] != name for name in every), f"a bot without a French name: {shown}"
    assert shown["greedy"] == "glouton" and shown["random"] == "hasard"
    assert bot_label("my-own-bot") == "my-own-bot" and bot_label("greedy") == "greedy"
    table = Table(gamekit.new_game("knock-knock", players=3, seed=1), lang="fr")
    assert table.bots[1] == "planner" and table.bot_choices == ["random", "greedy", "planner"]
    assert table.labels["bots"] == {"greedy": "glouton", "planner": "stratège", "random": "hasard"}
    send(table, {"type": "stand", "seat": 0})
    assert table.notice == "Le joueur 1 est maintenant joué par le robot «\u00a0stratège\u00a0»"


def test_hats_removed_types_is_a_form_field_of_two_menus() -> None:
    table = Table(gamekit.new_game("hats", players=2, seed=1))
    (field,) = table.options_schema["hats"]
    assert field["name"] == "removed_types" and field["kind"] == "choices"
    assert field["count"] == 2 and field["players"] == [2] and field["default"] is None
    assert field["choices"] == ["red", "orange", "yellow", "green", "blue", "purple", "pink"]
    json.dumps(table.options_schema)  # the page gets plain JSON
    send(table, {"type": "new", "title": "hats", "players": 2,
                 "options": {"removed_types": ["pink", "red"]}})  # fmt: skip
    assert table.error == "" and table.game.view(0)["removed_types"] == ["pink", "red"]
    for bad in (["red"], ["red", "red"], ["red", "mauve"]):
        send(table, {"type": "new", "title": "boo-party", "players": 2,
                     "options": {"removed_types": bad}})  # fmt: skip
        assert table.error and table.title == "hats"


def test_options_schema_reads_field_metadata() -> None:
    import dataclasses

    from gamekit.core.rules import Rules, option_hints

    @dataclasses.dataclass(frozen=True)
    class Config:
        players: int = 2
        pair: tuple[str, ...] | None = dataclasses.field(
            default=None, metadata=option_hints(choices=("a", "b", "c"), count=2, label="Pair")
        )
        level: str = dataclasses.field(default="b", metadata={"choices": ("a", "b")})
        depth: int = dataclasses.field(default=2, metadata={"min": 1, "max": 5})

    class Toy:  # only what options_schema reads
        def make_config(self, players: Any, options: Any) -> Config:
            return Config()

    rows = {row["name"]: row for row in Rules.options_schema(Toy())}  # type: ignore[arg-type]
    assert rows["pair"] == {"name": "pair", "label": "Pair", "default": None, "kind": "choices",
                            "choices": ["a", "b", "c"], "count": 2}  # fmt: skip
    assert rows["level"]["kind"] == "choice" and rows["level"]["choices"] == ["a", "b"]
    assert (rows["depth"]["min"], rows["depth"]["max"]) == (1, 5)
    with pytest.raises(ValueError, match="unknown option hints"):
        option_hints(colour="red")


def test_the_page_hard_codes_no_english() -> None:
    """table.js draws its words from the labels trait: no English text in its calls."""
    source = (STATIC / "table.js").read_text(encoding="utf-8")
    english = re.findall(r'(?:"aria-label"|title|placeholder|text): "[A-Za-z][a-z]+ [a-z]', source)
    assert english == []
    keys = set(re.findall(r'\bt\("(\w+)"', source))
    table = Table(gamekit.new_game("hats", players=2, seed=1))
    assert keys and keys <= set(table.labels), keys - set(table.labels)


def test_the_page_may_change_only_its_own_settings() -> None:
    """A page that sets the seat or the humans directly (devtools) changes nothing."""
    game = gamekit.new_game("knock-knock", players=3, seed=1)
    table = Table(game)
    table.set_state({"seat": 1, "humans": [0, 1, 2], "speed_ms": 300})
    assert table.seat == 0 and table.humans == [0] and table.speed_ms == 300
    assert "cannot change" in table.error
    table.set_state({"speed_ms": "fast"})
    assert table.speed_ms == 300


def test_in_classroom_mode_the_memory_mode_is_the_teachers() -> None:
    game = gamekit.new_game("boo-party", players=4, seed=1)
    table = Table(game, classroom=True, memory_mode=False)
    table.set_state({"memory_mode": True})
    assert table.memory_mode is False
    table.set_state({"autoplay": True})
    assert table.autoplay is True


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_static_picture_clips_no_long_name_the_card_widens(lang: str) -> None:
    with gamekit.language(lang):
        names = {str(n) for info in pictures.card_catalogue("bloody-inn").values()
                 for n in (info["name"], info["annex"]) if n}  # fmt: skip
    assert ("Peacekeeper" in names) == (lang == "en")
    for name in names:
        card = pictures.card_html(name)
        width = int(re.search(r"width:(\d+)px", card).group(1))  # type: ignore[union-attr]
        size = int(re.search(r"<b style='[^']*font-size:(\d+)px", card).group(1))  # type: ignore[union-attr]
        # a word wraps only at a space or after a hyphen, so the longest one must fit; in
        # DejaVu Sans Bold, a wide fallback font, "Peacekeeper" is 80 px at 11 px
        longest = max(pictures.text_em(word) for word in name.replace("-", "- ").split())
        assert (width - 2 * pictures.CARD_PADDING) >= longest * size, name
        assert width >= 58 and size >= 8
    wide = pictures.card_html("Peacekeeper")
    assert "width:58px" not in wide and "overflow-wrap:anywhere" in wide


def test_readme_says_which_bot_table_g_seats_per_title() -> None:
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([^|`]+) \| `(\w+)` \| `(\w+)` \|$", readme, flags=re.M)
    said = {name.strip(): (seated, best) for name, seated, best in rows}
    assert len(said) == len(gamekit.TITLES)
    for title in gamekit.TITLES:
        game = gamekit.new_game(title, seed=1)
        seated, best = said[str(game.rules.name)]
        table = Table(game)
        assert {b for b in table.bots if b} == {seated}, title
        assert gamekit.bots.best(title) == best, title
        strongest = Table(gamekit.new_game(title, seed=1), bots="best")
        assert {b for b in strongest.bots if b} == {best}, title
