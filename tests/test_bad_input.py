"""Bad input never corrupts a game: look-alike actions, wrong types, broken records.

Each bad input must be refused with the documented error (``IllegalAction``,
``BadRecord`` or ``ValueError``) and leave the game exactly as it was; a refused
look-alike is never stored, so every game saves and replays afterwards.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamekit
from gamekit.core.actions import Action

TITLES = gamekit.TITLES


def look_alikes(action: Action) -> list[Action]:
    """Copies of ``action`` whose whole-number fields are a float, a bool or a numpy int."""
    twins: list[Action] = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if type(value) is not int:
            continue
        for odd in (float(value), bool(value) if value in (0, 1) else None, np.int64(value)):
            if odd is not None:
                twins.append(dataclasses.replace(action, **{field.name: odd}))
    return twins


def snapshot(game: gamekit.Game) -> tuple[Any, ...]:
    return (game.step, game.state_dict(), [str(e) for e in game.log], game.to_json())


@pytest.mark.parametrize("title", TITLES)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_interleavings_of_good_and_bad_calls_change_nothing_when_refused(
    title: str, data: st.DataObject
) -> None:
    game = gamekit.new_game(title, seed=data.draw(st.integers(0, 2**32), label="seed"))
    tried = 0
    for _ in range(data.draw(st.integers(5, 40), label="moves")):
        if game.is_over:
            break
        move = data.draw(st.sampled_from(["play", "look-alike", "foreign", "undo", "goto"]))
        before = snapshot(game)
        legal = game.legal_actions()
        if move == "play":
            game.play(data.draw(st.sampled_from(legal)))
            continue
        if move == "undo" and game.step:
            game.undo()
            continue
        bad: list[Any] = []
        if move == "look-alike":
            bad = look_alikes(data.draw(st.sampled_from(legal)))
        elif move == "foreign":
            bad = [None, 3, 1.0, "", [], {"type": "x"}, object()]
        elif move == "goto":
            bad = [True, 1.5, -1, game.step + 10**6, "1"]
        for item in bad:
            tried += 1
            with pytest.raises((gamekit.IllegalAction, ValueError)):
                game.goto(item) if move == "goto" else game.play(item)
            assert snapshot(game) == before
    print(f"{title}: {tried} bad calls refused")  # counted for the closing note (-s shows it)
    again = gamekit.load_game(game.to_json())
    assert again.state_dict() == game.state_dict()
    assert all(type(a) in game.rules.action_types for a in game.history)


@pytest.mark.parametrize("title", TITLES)
def test_a_look_alike_is_never_stored_only_the_engines_own_action(title: str) -> None:
    game = gamekit.new_game(title, seed=3)
    for own in game.legal_actions():
        for twin in look_alikes(own):
            with pytest.raises(gamekit.IllegalAction, match="whole number"):
                game.play(twin)
    assert game.step == 0
    own = game.legal_actions()[0]
    twin = dataclasses.replace(own)  # an equal action made outside the engine
    game.play(twin)
    assert game.history[0] is own and game.history[0] is not twin


def test_bool_is_never_a_seat_a_step_or_a_player_count() -> None:
    game = gamekit.new_game("hats", players=2, seed=1)
    for call in (lambda: game.view(True), lambda: game.view(np.int64(0))):
        with pytest.raises(ValueError, match="seat must be"):
            call()
    for step in (True, 1.5, np.int64(0)):
        with pytest.raises(gamekit.IllegalAction, match="does not exist"):
            game.goto(step)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players must be a whole number"):
        gamekit.new_game("hats", players=True)
    for seed in (True, -1, 2**64, 1.0, "7"):
        with pytest.raises(ValueError, match="seed must be"):
            gamekit.new_game("hats", seed=seed)  # type: ignore[arg-type]


def _record(title: str = "knock-knock") -> dict[str, Any]:
    game = gamekit.new_game(title, seed=5)
    while game.step < 6 and not game.is_over:
        game.play(game.legal_actions()[-1])
    record: dict[str, Any] = json.loads(game.to_json())
    return record


BROKEN_RECORDS: list[Any] = [
    "",
    "[" * 600 + "]" * 600,
    '{"a":' * 5000 + "1" + "}" * 5000,
    '{"title": "knock-knock", "players": 3, "seed": ' + "9" * 4400 + ', "options": {}, '
    '"actions": []}',
    "x" * 6_000_000,
    b"\xff\xfe not utf-8",
    12,
    None,
    [],
    {**_record(), "title": ["knock-knock"]},
    {**_record(), "title": "k" * 10_000},
    {**_record(), "players": True},
    {**_record(), "players": 3.0},
    {**_record(), "seed": 2**80},
    {**_record(), "seed": True},
    {**_record(), "options": {"face_down": [1]}},
    {**_record(), "options": []},
    {**_record(), "actions": {"type": "knock"}},
    {**_record(), "actions": [{"type": ["knock"]}]},
    {**_record(), "actions": [[1, 2]]},
    *(
        {**_record(), "actions": [{**_record()["actions"][0], "target": odd}]}
        for odd in (1.0, True, {"a": 1})
    ),
    {**_record(), "actions": _record()["actions"][:-1]},
    {**_record(), "digest": "0" * 16},
]


@pytest.mark.parametrize("record", BROKEN_RECORDS, ids=range(len(BROKEN_RECORDS)))
def test_every_broken_record_gives_bad_record_and_a_short_message(record: Any) -> None:
    text = json.dumps(record) if isinstance(record, dict) else record
    with pytest.raises(gamekit.BadRecord) as refused:
        gamekit.load_game(text)
    assert len(str(refused.value)) < 400


def test_a_record_with_a_utf8_byte_order_mark_loads() -> None:
    text = json.dumps(_record())
    assert gamekit.load_game(b"\xef\xbb\xbf" + text.encode()).step == 6
    assert gamekit.load_game("\ufeff" + text).step == 6


@pytest.mark.parametrize("title", TITLES)
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_mutated_records_are_refused_or_replay_to_a_game_that_saves(
    title: str, data: st.DataObject
) -> None:
    record = _record(title)
    if not record["actions"]:
        return
    index = data.draw(st.integers(0, len(record["actions"]) - 1))
    action = dict(record["actions"][index])
    key = data.draw(st.sampled_from(sorted(action)))
    action[key] = data.draw(
        st.one_of(
            st.integers(-3, 100),
            st.floats(allow_nan=False),
            st.booleans(),
            st.text(max_size=8),
            st.none(),
            st.lists(st.integers(0, 5), max_size=3),
        )
    )
    record["actions"][index] = action
    try:
        game = gamekit.load_game(json.dumps(record))
    except gamekit.BadRecord:
        return
    assert gamekit.load_game(game.to_json()).state_dict() == game.state_dict()


def test_the_fingerprint_covers_the_header_and_every_action() -> None:
    record = _record()
    assert "fingerprint" in record and gamekit.load_game(json.dumps(record)).step == 6
    noted = {**record, "players_note": "edited by hand"}  # replays the same game
    with pytest.raises(gamekit.BadRecord, match="fingerprint does not match"):
        gamekit.load_game(json.dumps(noted))
    edited = {**record, "actions": [dict(a) for a in record["actions"]]}
    edited["actions"][0]["target"] = (edited["actions"][0]["target"] % 3) + 1
    with pytest.raises(gamekit.BadRecord):  # at its step, or by the digest or fingerprint
        gamekit.load_game(json.dumps(edited))
    old = {k: v for k, v in record.items() if k != "fingerprint"}
    assert gamekit.load_game(json.dumps(old)).step == 6, "records saved before fingerprints load"


def test_describe_takes_only_a_legal_action_or_its_text() -> None:
    game = gamekit.new_game("knock-knock", seed=2)
    first = game.legal_actions()[0]
    assert game.describe(first) == game.describe(str(first))
    for bad in (None, 3, "no such move", *look_alikes(first)):
        with pytest.raises(gamekit.IllegalAction):
            game.describe(bad)
    assert game.step == 0


# -- round three: bots, steps, options, records, names, conformance ------------------------
def test_bots_make_with_a_list_or_an_unknown_parameter_is_a_value_error() -> None:
    from gamekit import bots

    with pytest.raises(ValueError, match=r"not \['random'\]; choose from random"):
        bots.make("hats", ["random"])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="'random' takes no parameter 'foo'. It takes: seed"):
        bots.make("hats", "random", foo=1)
    with pytest.raises(ValueError, match="no parameter 'budgt'; did you mean 'budget'"):
        bots.make("hats", "search", budgt=10)
    assert bots.make("hats", "search", budget=10).name == "search"


@pytest.mark.parametrize("step", ["x", None, 1.0, True, -1])
def test_events_at_a_step_that_is_not_a_whole_number_is_a_value_error(step: Any) -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    with pytest.raises(ValueError, match="step must be a whole number from 0"):
        game.events_at(step)
    game.play(game.legal_actions()[0])
    assert game.events_at(5) == () and game.events_at(1)


@pytest.mark.parametrize("removed", [[["red"], "blue"], ["red", ["blue"]], [[1]], [None, "red"]])
def test_hats_removed_types_with_a_nested_list_is_a_value_error(removed: Any) -> None:
    with pytest.raises(ValueError, match="removed_types must be a list of two type names"):
        gamekit.new_game("hats", players=2, removed_types=removed)


def _nested(depth: int) -> dict[str, Any]:
    top: dict[str, Any] = {}
    inner = top
    for _ in range(depth):
        inner["a"] = {}
        inner = inner["a"]
    return top


@pytest.mark.parametrize("where", ["extra", "options", "actions"])
def test_a_dict_record_nested_5000_deep_is_a_bad_record(where: str) -> None:
    record = _record()
    record[where] = [_nested(5000)] if where == "actions" else _nested(5000)
    with pytest.raises(gamekit.BadRecord, match="nested too deeply"):
        gamekit.load_game(record)


def test_load_game_turns_a_registered_games_own_exceptions_into_bad_record(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    record = gamekit.new_game(toy_title, seed=1)
    record.play(record.legal_actions()[0])
    text = record.to_json()

    def broken_apply(self: Any, state: Any, action: Any, log: Any) -> None:
        raise KeyError("pile")

    monkeypatch.setattr(toy_game.ToyRules, "apply", broken_apply)
    with pytest.raises(gamekit.BadRecord, match=r"step 1: .*failed replaying it \(KeyError"):
        gamekit.load_game(text)

    def broken_start(self: Any, config: Any, seed: int) -> Any:
        raise ZeroDivisionError("deal")

    monkeypatch.setattr(toy_game.ToyRules, "initial_state", broken_start)
    with pytest.raises(gamekit.BadRecord, match=r"header: .*setting it up \(ZeroDivisionError"):
        gamekit.load_game(text)


@pytest.mark.parametrize("names", [["Ann", "Ann", "Bob"], ["Ann", " ann ", "Bob"]])
def test_duplicate_player_names_are_refused(names: list[str]) -> None:
    with pytest.raises(ValueError, match="two players are named"):
        gamekit.new_game("knock-knock", players=3, names=names)
    game = gamekit.new_game("knock-knock", players=3)
    with pytest.raises(ValueError, match="two players are named"):
        game.names = names
    assert game.names == ["Player 1", "Player 2", "Player 3"]


@pytest.mark.parametrize(
    "odd", ["Ann\u202eboB", "Ann\u200b", "\u2066Ann", "\x1b[31mAnn", "Ann\x07", "A\ud800"]
)
def test_invisible_names_and_terminal_escapes_are_refused(odd: str) -> None:
    with pytest.raises(ValueError, match="invisible or control character"):
        gamekit.new_game("knock-knock", players=3, names=[odd, "Bob", "Cy"])
    assert gamekit.new_game("knock-knock", players=3, names=["Zoé", "Zoë", "李"]).names


@pytest.mark.parametrize(
    ("title", "typo", "closest"),
    [("hats", "seeed", "seed"), ("knock-knock", "face_down", "face_down_deck"),
     ("hats", "player", "players"), ("bloody-inn", "lenght", "length")],
)  # fmt: skip
def test_unknown_new_game_keywords_name_the_closest_valid_one(
    title: str, typo: str, closest: str
) -> None:
    with pytest.raises(ValueError, match=f"has no option '{typo}'; did you mean {closest}\\?"):
        gamekit.new_game(title, **{typo: 1})


def test_an_unknown_option_a_title_lets_pass_is_still_refused(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    lenient = toy_game.ToyRules.make_config
    monkeypatch.setattr(toy_game.ToyRules, "make_config", lambda s, p, o: lenient(s, p, {}))
    with pytest.raises(ValueError, match="Highest card has no option 'colour'"):
        gamekit.new_game(toy_title, colour="red")


def _broken(name: str) -> Any:
    """One way a title's code breaks: (method name, replacement)."""

    def boom(self: Any, *args: Any) -> Any:
        raise KeyError("boom")

    kinds: dict[str, tuple[str, Any]] = {
        "apply raises": ("apply", boom),
        "initial_state raises": ("initial_state", boom),
        "legal_actions gives None": ("legal_actions", lambda self, s: None),
        "legal_actions gives texts": ("legal_actions", lambda self, s: ["Play the 1"]),
        "to_move gives a text": ("to_move", lambda self, s: "0"),
        "view gives a set": ("view", lambda self, s, seat: {1, 2}),
        "scores gives a text": ("scores", lambda self, s: "12"),
        "state_dict is not JSON": ("state_dict", lambda self, s: {"deck": {1, 2}}),
        "card_places raises": ("card_places", boom),
        "winners raises": ("winners", boom),
        "copy_state gives None": ("copy_state", lambda self, s: None),
        "resample_hidden raises": ("resample_hidden", boom),
    }
    return kinds[name]


BROKEN_GAMES = [
    "apply raises", "initial_state raises", "legal_actions gives None",
    "legal_actions gives texts", "to_move gives a text", "view gives a set",
    "scores gives a text", "state_dict is not JSON", "card_places raises", "winners raises",
    "copy_state gives None", "resample_hidden raises",
]  # fmt: skip


@pytest.mark.parametrize("kind", BROKEN_GAMES)
def test_conformance_reports_title_seed_and_step_for_a_broken_game(
    kind: str, toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    from gamekit.core.conformance import ConformanceError, check_title

    method, replacement = _broken(kind)
    monkeypatch.setattr(toy_game.ToyRules, method, replacement)
    with pytest.raises(ConformanceError, match=r"^toy seed=4 players=\S+ \{\} step=\S+: ") as err:
        check_title(toy_title, seeds=[4])
    assert len(str(err.value)) < 500


def test_conformance_stops_a_game_that_never_ends_at_its_step_limit(
    toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    from gamekit.core.conformance import MAX_STEPS, ConformanceError, check_title

    def endless_apply(self: Any, state: Any, action: Any, log: Any) -> None:
        state.turn += 1  # the card is never played: the game goes on for ever

    monkeypatch.setattr(toy_game.ToyRules, "apply", endless_apply)
    monkeypatch.setattr(toy_game.ToyRules, "recount", lambda self, s: self.scores(s), raising=False)
    with pytest.raises(ConformanceError, match=r"toy seed=0 .* step=60: .*not ended after 60"):
        check_title(toy_title, seeds=[0], max_steps=60)
    assert MAX_STEPS >= 1000


@pytest.mark.parametrize(
    ("method", "returned", "message"),
    [
        ("legal_actions", lambda self, s: None, r"legal_actions\(\) returned None; .*list of its"),
        (
            "legal_actions",
            lambda self, s: ["Play the 1"],
            r"legal_actions\(\) returned a list holding 'Play the 1'",
        ),
        ("legal_actions", lambda self, s: [], r"legal_actions\(\) returned \[\]; .*at least one"),
        ("to_move", lambda self, s: "0", r"to_move\(\) returned '0'; it must return None or a"),
        ("to_move", lambda self, s: 7, r"to_move\(\) returned 7; .*seat from 0 to 1"),
        ("scores", lambda self, s: ["12", "3"], r"scores\(\) returned \['12', '3'\]; .*2 numbers"),
        ("scores", lambda self, s: [1], r"scores\(\) returned \[1\]; .*one per seat"),
        ("winners", lambda self, s: [True], r"winners\(\) returned \[True\]; .*list of seats"),
        ("view", lambda self, s, seat: [1], r"view\(\) returned \[1\]; it must return a dict"),
    ],
)
def test_a_plugins_wrong_typed_return_names_the_method_and_what_it_returned(
    method: str, returned: Any, message: str, toy_title: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import toy_game

    from gamekit import bots

    monkeypatch.setattr(toy_game.ToyRules, method, returned)
    game = gamekit.new_game(toy_title, seed=1)
    calls = {
        "legal_actions": lambda: bots.make(toy_title).choose(game),
        "view": lambda: game.view(0),
        "scores": game.scores,
        "winners": game.winners,
        "to_move": lambda: game.to_move,
    }
    with pytest.raises(gamekit.ConfigError, match="^Highest card: " + message):
        calls[method]()


HOSTILE_BOT = "</script><script>alert('bot')</script>&"


def _chart_of_a_hostile_bot() -> Any:
    import altair as alt
    import pandas as pd

    data = pd.DataFrame({"bot": [HOSTILE_BOT, "greedy"], "win_rate": [0.4, 0.6]})
    return alt.Chart(data).mark_bar().encode(x="win_rate", y="bot")


def _script_holds_the_name_as_text(page: str) -> None:
    assert "<script>alert(" not in page and "</script><script>" not in page
    assert "\\u003c/script\\u003e\\u003cscript\\u003ealert('bot')" in page


def test_a_bots_name_is_escaped_in_a_saved_html_chart(tmp_path: Any) -> None:
    from gamekit import charts

    page = charts.save(_chart_of_a_hostile_bot(), tmp_path / "w.html").read_text("utf-8")
    _script_holds_the_name_as_text(page)


def test_a_bots_name_is_escaped_by_the_html_renderer() -> None:
    import altair as alt

    from gamekit import charts

    before = alt.renderers.active
    try:
        charts.enable("html")
        bundle = alt.renderers.get()(_chart_of_a_hostile_bot().to_dict())
    finally:
        alt.renderers.enable(before)
    _script_holds_the_name_as_text(bundle["text/html"])


def test_a_typed_move_that_is_not_allowed_gets_the_rules_reason_in_english_and_french() -> None:
    game = gamekit.new_game("knock-knock", seed=1)
    with pytest.raises(gamekit.IllegalAction) as refused:
        game.play("Knock at Player 1's door with a Vampire")
    assert refused.value.reason == (
        "Knock at Player 1's door with a Vampire is not allowed now: "
        "you cannot knock at your own door"
    )
    french = gamekit.new_game("knock-knock", seed=1, lang="fr")
    with pytest.raises(
        gamekit.IllegalAction, match="n’est pas permis maintenant\u202f: vous ne pouvez"
    ):
        french.play("Frapper à la porte du joueur 1 avec un vampire")
    with pytest.raises(gamekit.IllegalAction, match="Player 1 must first knock at a door"):
        game.play("open the door")
    assert game.step == 0 and french.step == 0


def test_a_typed_move_with_a_typo_names_the_closest_move_and_why() -> None:
    game = gamekit.new_game("knock-knock", seed=1, names=["Ann", "Bob", "Cy", "Di"])
    with pytest.raises(
        gamekit.IllegalAction, match="did you mean Knock at Bob's door with a Vampire"
    ):
        game.play("Knock at Bob's door with a Vampyre")
    with pytest.raises(
        gamekit.IllegalAction, match="the closest move, Knock at Ann's door .*own door"
    ):
        game.play("Knock at Anns door with a Vampire!")
    with pytest.raises(gamekit.IllegalAction, match="^no legal action reads 'xyz'. Legal now"):
        game.play("xyz")
    assert game.step == 0
