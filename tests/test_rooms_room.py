"""The room's rules of conduct, without sockets: what it refuses, drops, and plays itself."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest

from gamekit.rooms.protocol import MAX_MESSAGE_BYTES, dumps
from gamekit.rooms.room import BURST, STRIKES, Classroom, Link


@dataclass
class Laptop:
    got: list[dict[str, Any]] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)
    link: Link = field(init=False)

    def __post_init__(self) -> None:
        self.link = Link(lambda text: self.got.append(json.loads(text)), self.closed.append)

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m in self.got if m["type"] == kind][-1]

    @property
    def payload(self) -> dict[str, Any]:
        payload: dict[str, Any] = self.last("state")["payload"]
        return payload


def classroom(**options: Any) -> tuple[Classroom, list[Laptop]]:
    school = Classroom("knock-knock", players=3, tables=1, seed=4, clock=lambda: 0.0, **options)
    laptops = [Laptop() for _ in range(3)]
    for laptop, code in zip(laptops, school.codes[0], strict=True):
        school.receive(laptop.link, dumps({"type": "hello", "code": code}), 0.0)
    return school, laptops


def play(school: Classroom, laptop: Laptop, ident: int = 1, **body: Any) -> dict[str, Any]:
    message = {"type": "play", "id": ident, "step": laptop.payload["step"], **body}
    school.receive(laptop.link, dumps(message), 0.0)
    return [m for m in laptop.got if m.get("id") == ident][-1]


def test_codes_are_long_random_and_distinct() -> None:
    school = Classroom("hats", players=4, tables=6)
    codes = [c for table in school.codes for c in table]
    assert len(set(codes)) == 24 and min(map(len, codes)) >= 24
    assert school.find("nope") is None and school.find(codes[7])[2] == 3  # type: ignore[index]


def test_the_game_starts_when_every_seat_of_a_person_is_taken() -> None:
    school, laptops = classroom()
    assert school.rooms[0].status == "playing"
    assert laptops[0].payload["legal"] and not laptops[1].payload["legal"]


def test_a_seat_cannot_act_for_another() -> None:
    school, laptops = classroom()
    answer = play(school, laptops[1], index=0)
    assert answer["type"] == "refused" and "turn" in answer["reason"]
    assert school.rooms[0].game.step == 0


def test_a_stale_move_is_refused_and_the_position_sent_again() -> None:
    school, laptops = classroom()
    stale = dict(laptops[0].payload)
    assert play(school, laptops[0], index=0)["type"] == "played"
    before = len(laptops[1].got)
    message = {"type": "play", "id": 9, "step": stale["step"], "index": 0}
    mover = school.rooms[0].game.to_move
    laptop = laptops[mover or 0]
    school.receive(laptop.link, dumps(message), 0.0)
    answer = laptop.last("refused")
    assert "step 0" in answer["reason"] and "nothing was played" in answer["reason"]
    assert laptop.got[-1]["type"] == "state" and laptop.payload["step"] == 1
    assert len(laptops[1].got) >= before and school.rooms[0].game.step == 1


def test_a_move_may_be_an_index_an_action_or_its_text_in_the_seats_language() -> None:
    school, laptops = classroom(lang="fr")
    legal = laptops[0].payload["legal"]
    assert play(school, laptops[0], text=legal[0]["text"])["type"] == "played"
    mover = school.rooms[0].game.to_move or 0
    row = laptops[mover].payload["legal"][-1]
    assert play(school, laptops[mover], 2, action=row["action"])["type"] == "played"
    refused = play(school, laptops[school.rooms[0].game.to_move or 0], 3, index=99)
    assert refused["type"] == "refused" and "99" in refused["reason"]


def test_an_oversized_message_drops_the_client_with_a_log_line_and_the_game_unharmed() -> None:
    school, laptops = classroom()
    before = school.rooms[0].game.to_json()
    school.receive(laptops[0].link, "x" * (MAX_MESSAGE_BYTES + 1), 0.0)
    assert laptops[0].closed and "dropped" in school.log[-1] and "bytes" in school.log[-1]
    assert school.rooms[0].game.to_json() == before
    assert not school.rooms[0].seats[0].links


def test_malformed_messages_are_answered_then_the_client_is_dropped() -> None:
    school, laptops = classroom()
    for number in range(STRIKES):
        school.receive(laptops[1].link, '{"type": "play", "id": "x"}', float(number))
    errors = [m for m in laptops[1].got if m["type"] == "error"]
    assert len(errors) == STRIKES - 1 and "could not read" in errors[0]["reason"]
    assert laptops[1].closed and "could not read" in school.log[-1]
    assert school.rooms[0].game.step == 0


def test_a_flooding_client_is_dropped() -> None:
    school, laptops = classroom()
    for _ in range(int(BURST) + 2):
        school.receive(laptops[2].link, dumps({"type": "ping"}), 5.0)
    assert laptops[2].closed and "flooding" in school.log[-1]
    assert school.rooms[0].status == "playing"


def test_a_client_must_say_hello_with_a_code_that_opens_a_seat() -> None:
    school = Classroom("hats", players=3)
    laptop = Laptop()
    school.receive(laptop.link, dumps({"type": "ping"}), 0.0)
    assert laptop.last("error")
    school.receive(laptop.link, dumps({"type": "hello", "code": "guess" * 5}), 0.0)
    assert laptop.last("bye") and laptop.closed and "opens nothing" in school.log[-1]


def test_a_disconnected_seat_is_played_by_the_best_bot_after_the_grace_and_taken_back() -> None:
    school, laptops = classroom(grace=60.0)
    room = school.rooms[0]
    school.closed(laptops[0].link, 10.0)
    school.poll(69.0)
    assert room.game.step == 0 and not room.seats[0].stand_in  # still waited for
    school.poll(70.0)
    assert room.seats[0].stand_in and room.game.step > 0 and room.game.to_move != 0
    seen = laptops[1].last("state")["seats"][0]
    assert seen["stand_in"] and seen["note"] == "bot until you return"
    back = Laptop()
    school.receive(back.link, dumps({"type": "hello", "code": school.codes[0][0]}), 71.0)
    assert not room.seats[0].stand_in and back.payload["step"] == room.game.step
    assert back.payload["view"] == room.game.view(0)


def test_pause_refuses_moves_and_opens_the_teachers_god_view() -> None:
    school, laptops = classroom()
    teacher = Laptop()
    hello = {"type": "hello", "code": school.teacher_code, "table": 0}
    school.receive(teacher.link, dumps(hello), 0.0)
    assert teacher.payload["seat"] is None
    assert teacher.payload["view"] == school.rooms[0].game.view(None)
    school.rooms[0].pause()
    assert teacher.payload["seat"] == "god" and teacher.payload["seat_views"]
    assert laptops[0].payload["seat"] == 0  # the learners still see their own seat only
    assert "paused" in play(school, laptops[0], index=0)["reason"]
    school.rooms[0].resume(1.0)
    assert teacher.payload["seat"] is None
    assert play(school, laptops[0], 2, index=0)["type"] == "played"


def test_restart_deals_a_new_game_to_the_same_seats() -> None:
    school, laptops = classroom()
    first = school.rooms[0].game.seed
    play(school, laptops[0], index=0)
    school.rooms[0].restart(1.0)
    state = laptops[0].last("state")
    assert state["game"] == 2 and state["payload"]["step"] == 0 and state["status"] == "playing"
    assert school.rooms[0].game.seed != first


def test_the_move_timer_plays_for_the_seat_that_is_waited_for() -> None:
    school, laptops = classroom(move_timer=30.0, stand_in="random")
    school.poll(29.0)
    assert school.rooms[0].game.step == 0 and laptops[0].last("state")["timer"] is not None
    school.poll(31.0)
    assert school.rooms[0].game.step == 1 and "timer" in school.log[-1]


def test_bad_settings_are_refused_before_any_table_exists() -> None:
    with pytest.raises(ValueError, match="every seat"):
        Classroom("hats", players=3, bots={0: "random", 1: "random", 2: "random"})
    with pytest.raises(ValueError, match="no bot"):
        Classroom("hats", players=3, bots={1: "nobody"})
    with pytest.raises(ValueError, match="tables"):
        Classroom("hats", tables=0)


def test_a_hub_user_sits_only_at_the_seat_given_to_their_name() -> None:
    school = Classroom("knock-knock", players=3, seed=4, clock=lambda: 0.0,
                       bots={2: "random"}, seats={"ada": (0, 1), "bob": (0, 0)})  # fmt: skip
    ada, eve, bob, anon = Laptop(), Laptop(), Laptop(), Laptop()
    ada.link.user, eve.link.user, bob.link.user = "ada", "eve", "bob"
    school.receive(ada.link, dumps({"type": "hello", "code": school.codes[0][0]}), 0.0)
    assert ada.last("bye") and ada.closed  # a seat's code is no way round the teacher's seats
    school.receive(eve.link, dumps({"type": "hello"}), 0.0)
    assert "no seat here is given to eve" in eve.last("bye")["reason"] and eve.closed
    school.receive(anon.link, dumps({"type": "hello"}), 0.0)
    assert "needs code" in anon.last("error")["reason"] and not anon.closed
    assert school.rooms[0].status == "waiting" and not any(s.links for s in school.rooms[0].seats)
    ada = Laptop()
    ada.link.user = "ada"
    for laptop in (ada, bob):
        school.receive(laptop.link, dumps({"type": "hello"}), 0.0)
    assert (ada.last("welcome")["seat"], bob.last("welcome")["seat"]) == (1, 0)
    assert school.rooms[0].status == "playing"
    assert "(ada, " in school.log[-2] and "joined as ada" in school.log[-2]


@pytest.mark.parametrize(
    ("seats", "why"),
    [
        ({"ada": (1, 0)}, "the tables are 0 to 0"),
        ({"ada": (0, 2)}, "is a bot's"),
        ({"ada": (0, 0), "bob": (0, 0)}, "is given to 'ada' and 'bob'"),
        ({"ada": (0,)}, "must be \\[table, seat\\]"),
    ],
)
def test_bad_hub_seats_are_refused_before_any_table_exists(seats: dict[str, Any], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        Classroom("knock-knock", players=3, bots={2: "random"}, seats=seats)


@pytest.mark.parametrize(
    ("argv", "why"),
    [
        (["--seats", "seats.txt"], "--seats gives hub users their seats: it needs --hub"),
        (["--hub"], "JUPYTERHUB_SERVICE_URL, JUPYTERHUB_API_URL not set"),
    ],
)
def test_the_hub_options_say_what_they_need_before_anything_listens(
    argv: list[str], why: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gamekit.cli import main

    for name in ("JUPYTERHUB_SERVICE_URL", "JUPYTERHUB_API_URL"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(SystemExit) as ended:
        main(["room", "serve", "knock-knock", *argv])
    assert ended.value.code == 2 and why in capsys.readouterr().err
