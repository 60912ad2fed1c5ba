"""One learner's laptop as a process: join a room, play random legal moves to the end.

``python tests/rooms_player.py URL CODE SEED`` prints one JSON line when the game
is over: the record the room sent, and how many messages it received.
"""

from __future__ import annotations

import json
import random
import sys

from gamekit.core.errors import IllegalAction
from gamekit.rooms import join


def main(url: str, code: str, seed: int) -> int:
    rnd = random.Random(seed)
    game = join(url, code)
    print(json.dumps({"joined": game.seat}), flush=True)
    while True:
        ready = game.wait_until(
            lambda g: g.my_turn() or g.is_over or g.closed_reason is not None, timeout=300
        )
        if not ready or game.closed_reason is not None:
            print(json.dumps({"gone": game.closed_reason}), flush=True)
            return 1
        if game.is_over:
            break
        legal = game.legal_actions()
        try:
            game.play(legal[rnd.randrange(len(legal))] if rnd.random() < 0.8 else
                      game.legal_texts()[0])  # fmt: skip
        except IllegalAction:
            continue  # the position moved on (a stale move): choose again
    print(json.dumps({"record": game.to_json(), "messages": len(game.messages)}), flush=True)
    game.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3])))
