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
