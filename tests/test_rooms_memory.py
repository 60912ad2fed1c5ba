"""Memory mode in rooms, over real sockets: a covered Vision never leaves the room."""

from __future__ import annotations

import random
from typing import Any

import pytest
from rooms_support import WAIT

from gamekit.rooms import join, serve
from gamekit.rooms.client import ControlRefused, RemoteGame

BOTS = {1: "random", 2: "random", 3: "random"}


def play_out(seat: RemoteGame, seed: int) -> None:
    """Seat 0 plays random legal moves until its game is over (the bots play the rest)."""
    rng = random.Random(seed)
    for _ in range(500):
        assert seat.wait_until(lambda g: g.is_over or g.my_turn(), WAIT)
        if seat.is_over:
            return
        seat.play(rng.choice(seat.legal_actions()))
    raise AssertionError("the game did not end")


def states(seat: RemoteGame) -> list[dict[str, Any]]:
    return [m for m in seat.messages if m["type"] == "state"]


def covered_everywhere(message: dict[str, Any]) -> bool:
    """Only the newest Vision is in the message: the older ones are ``None`` in the view
    and told without their costume in the narration."""
    payload = message["payload"]
    views = [payload["view"], *payload["seat_views"]]
    for view in views:
        visions = view.get("visions", [])
        if any(v is not None for v in visions[:-1]):
            return False
    told = [r["text"] for r in payload["narration"] if r["kind"] == "vision"]
    return all("covered" in text for text in told[:-1])


def test_memory_mode_covers_every_older_vision_in_what_a_seat_receives(made: list[Any]) -> None:
    lobby = serve("boo-party", players=4, tables=2, seed=2, bots=BOTS, memory=[True, False])
    made.append(lobby)
    remembering, plain = join(lobby.url, lobby.codes[0][0]), join(lobby.url, lobby.codes[1][0])
    watcher = join(lobby.url, lobby.spectator_codes[0])
    made.extend([remembering, plain, watcher])
    for number in range(4):  # a few games, until one showed at least two Visions
        play_out(remembering, number)
        play_out(plain, number)
        seen = [m for m in states(remembering) if len(m["payload"]["view"]["visions"]) >= 2]
        if seen and any(len(m["payload"]["view"]["visions"]) >= 2 for m in states(plain)):
            break
        lobby.restart(0)
        lobby.restart(1)
        assert remembering.wait_until(lambda g: not g.is_over, WAIT)
        assert plain.wait_until(lambda g: not g.is_over, WAIT)
    assert seen, "no game showed two Visions"
    assert remembering.memory and not plain.memory
    assert watcher.wait_until(lambda g: g.is_over or g.step >= seen[0]["payload"]["step"], WAIT)
    for seat in (remembering, watcher):
        assert all(m["memory"] and covered_everywhere(m) for m in states(seat) if
                   not m["payload"]["is_over"])  # fmt: skip
    # Without memory mode the same checks fail: the older Visions are sent.
    assert not all(covered_everywhere(m) for m in states(plain))
    # What this laptop kept: one Vision told, the older ones covered.
    told = [e.text for e in remembering.log if e.kind == "vision"]
    assert len(told) >= 2 and all("covered" in t for t in told[:-1])
    assert "covered" not in told[-1]


def test_the_teacher_switches_memory_mode_at_one_table(made: list[Any]) -> None:
    lobby = serve("boo-party", players=4, tables=2, seed=4, bots=BOTS)
    made.append(lobby)
    seat, other = join(lobby.url, lobby.codes[0][0]), join(lobby.url, lobby.codes[1][0])
    desk = join(lobby.url, lobby.teacher_code, table=0)
    made.extend([seat, other, desk])
    assert seat.wait_until(lambda g: g.status == "playing", WAIT) and not seat.memory
    desk.control("memory_on", table=0)
    assert seat.wait_until(lambda g: g.memory, WAIT)
    count = len(states(seat))
    play_out(seat, 1)
    assert all(covered_everywhere(m) for m in states(seat)[count:] if not m["payload"]["is_over"])
    assert not other.memory and all(not m["memory"] for m in states(other))
    lobby.set_memory(False, 0)
    assert seat.wait_until(lambda g: not g.memory, WAIT)


def test_memory_mode_only_for_a_title_that_has_it(made: list[Any]) -> None:
    with pytest.raises(ValueError, match="no memory mode"):
        serve("knock-knock", players=3, memory=True)
    with pytest.raises(ValueError, match="memory must be"):
        serve("boo-party", players=4, memory=[])
    lobby = serve("knock-knock", players=3, bots={1: "random", 2: "random"})
    made.append(lobby)
    desk = join(lobby.url, lobby.teacher_code, table=0)
    made.append(desk)
    with pytest.raises(ControlRefused, match="no memory mode"):
        desk.control("memory_on")
    with pytest.raises(ValueError, match="no memory mode"):
        lobby.set_memory(True)
    assert all(not m.get("memory") for m in desk.messages if m["type"] == "state")
