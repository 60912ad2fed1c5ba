"""A seeded fuzz of the rooms' protocol, without sockets: fake seats, random interleavings,
dropped, duplicated and stale moves, garbage, reconnects and absent players.

For every title: the finished record equals a local replay of the moves the seats
were told were played, and no payload to seat k ever holds what seat k may not
know (it equals ``view(k)``, and a twin game that differs only in what seat k
cannot see gives seat k the same bytes).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

import gamekit
from gamekit.core.rng import Rng
from gamekit.rooms.payload import seat_payload
from gamekit.rooms.protocol import dumps
from gamekit.rooms.room import SEAT, Classroom, Link, Room

TITLES = sorted(gamekit.all_titles())


@dataclass
class Clock:
    now: float = 0.0

    def __call__(self) -> float:
        return self.now


@dataclass
class FakeSeat:
    """One learner's laptop: the last position it was sent, what it was told."""

    room: Room
    code: str
    rnd: random.Random
    link: Link | None = None
    state: dict[str, Any] | None = None
    deaf: int = 0
    acks: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    sent: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    checked: int = 0
    twins: int = 0

    def connect(self, school: Classroom, now: float) -> None:
        self.link = Link(self.receive, lambda why: None, peer="fake")
        self.state = None
        school.receive(self.link, dumps({"type": "hello", "code": self.code}), now)

    def receive(self, text: str) -> None:
        message = json.loads(text)
        if message["type"] == "state":
            self.check(message, text)
            if self.deaf:  # this state never arrived
                self.deaf -= 1
                return
            self.state = message
        elif message["type"] == "played":
            self.acks.append(self.sent[message["id"]])

    def check(self, message: dict[str, Any], text: str) -> None:
        """What this seat was sent is what it may know, and nothing else."""
        game = self.room.game
        assert self.link is not None and self.link.role == SEAT
        seat = self.link.seat
        assert seat is not None
        payload = message["payload"]
        assert payload["view"] == game.view(seat)
        decides = seat == game.to_move and not self.room.bot_seat(seat)
        assert bool(payload["legal"]) == (decides and message["status"] == "playing")
        assert '"seed"' not in text or game.is_over
        self.checked += 1
        if game.is_over or self.rnd.random() > 0.3:
            return
        twin = game.copy()
        twin._state = game.rules.resample_hidden(game.state, seat, Rng(self.rnd.randrange(1 << 30)))
        twin._legal = None
        since, moves = payload["narration_from"], message["status"] == "playing"
        with gamekit.core.i18n.language(self.room.lang):
            mine = seat_payload(game, seat, since=since, moves=moves)
            other = seat_payload(twin, seat, since=since, moves=moves)
        assert mine == payload
        assert dumps(other) == dumps(mine)
        self.twins += 1

    def move(self, school: Classroom, now: float, number: int) -> None:
        """A move chosen from the last position this laptop saw (maybe stale)."""
        if self.link is None or self.state is None:
            return
        payload = self.state["payload"]
        legal = payload["legal"]
        index = self.rnd.randrange(len(legal)) if legal else self.rnd.randrange(5)
        how = self.rnd.random()
        if legal and how < 0.3:
            body: dict[str, Any] = {"action": legal[index]["action"]}
        elif legal and how < 0.4:
            body = {"text": legal[index]["text"]}
        else:
            body = {"index": index}
        message = {"type": "play", "id": number, "step": payload["step"], **body}
        if legal:
            self.sent[number] = (payload["step"], legal[index]["action"])
        if self.rnd.random() < 0.1:
            return  # the move was lost on the way
        for _ in range(2 if self.rnd.random() < 0.15 else 1):  # maybe duplicated
            school.receive(self.link, dumps(message), now)


GARBAGE = ["{", "[]", '{"type": "play"}', '{"type": "fly"}', '{"type": "play", "id": 1,'
           ' "step": 0, "index": true}', '{"type":"play","id":1,"step":0,"index":1,"text":"x"}',
           '{"type": "hello", "code": 5}', '{"type": "play", "id": 1, "step": 0, "action": '
           '{"type": [1, [2, {}]]}}', "x" * 9000]  # fmt: skip


def fuzz(title: str, seed: int) -> tuple[Classroom, list[FakeSeat]]:
    rnd = random.Random(seed)
    clock = Clock()
    players = gamekit.new_game(title, seed=seed).players
    bots = {players - 1: "random"} if seed % 2 else {}
    school = Classroom(title, tables=1, seed=seed, grace=5.0, stand_in="random",
                       bots=bots, clock=clock)  # fmt: skip
    room = school.rooms[0]
    seats = [
        FakeSeat(room, code, random.Random(rnd.random()))
        for s, code in enumerate(school.codes[0])
        if s not in bots
    ]
    for fake in seats:
        fake.connect(school, clock.now)
    assert room.status == "playing"
    for number in range(1, 6000):
        if room.game.is_over:
            break
        roll = rnd.random()
        fake = rnd.choice(seats)
        if roll < 0.75:
            fake.move(school, clock.now, number)
        elif roll < 0.79 and fake.link is not None:
            school.closed(fake.link, clock.now)
            fake.link = None
        elif roll < 0.85 and fake.link is None:
            fake.connect(school, clock.now)
        elif roll < 0.87:
            clock.now += 6.0  # the grace period passes: absent seats get a bot
            school.poll(clock.now)
        elif roll < 0.9 and fake.link is not None:
            fake.deaf += 1
        elif roll < 0.91 and fake.link is not None and fake.link.strikes < 3:
            school.receive(fake.link, rnd.choice(GARBAGE), clock.now)
        elif fake.link is not None and rnd.random() < 0.2:
            school.receive(fake.link, dumps({"type": "sync"}), clock.now)
        clock.now += 0.01
    return school, seats


@pytest.mark.parametrize("title", TITLES)
@pytest.mark.parametrize("seed", [1, 2])
def test_fuzzed_room_keeps_the_game_and_every_secret(title: str, seed: int) -> None:
    school, seats = fuzz(title, seed)
    room = school.rooms[0]
    assert room.game.is_over and room.status == "over"
    record = room.game.to_json()
    history = [a.to_json() for a in room.game.history]
    acked = [ack for fake in seats for ack in fake.acks]
    assert acked  # people did play
    for step, sent in acked:
        assert history[step] == sent  # what a seat was told was played, was played
    local = gamekit.new_game(title, players=room.game.players, seed=room.game.seed)
    for action in room.game.history:
        local.play(action)
    assert local.to_json() == record
    assert school.records() == [{**json.loads(record), "seats": room.players()}]
    assert sum(f.checked for f in seats) > 20 and sum(f.twins for f in seats) > 3
