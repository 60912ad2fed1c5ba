"""The class's own games as one table: ``load_games(folder or records)``.

The same tidy table as :func:`gamekit.simulate` (one row per game and seat: ``game``,
``seed``, ``seat``, ``bot``, ``score``, ``rank``, ``winner``, ``decisions`` and the
title's summary columns), plus ``player``: who played the seat, a learner's name or a
bot's, and ``record``: where the game came from (the file, or its place in the list).

A record is what ``game.to_json()`` saves. A record may also name its seats under
``"seats"``: one entry per seat, a learner's name, or ``{"bot": NAME}`` for a bot (the
names are no part of the game: the record replays without them). A file holds one
record or a list of them.

:func:`decisions` replays the same records decision by decision, for a title's own
lessons on the class's games (``rules.analyses()``): each :class:`Decision` holds the
state before and after one action, who took it and where the game came from.

>>> import gamekit
>>> game = gamekit.new_game("hats", players=2, seed=4)
>>> while not game.is_over:
...     _ = game.play(game.legal_actions()[0])
>>> table = load_games([{**json.loads(game.to_json()), "seats": ["Ada", {"bot": "random"}]}])
>>> list(table["player"]), list(table["bot"].astype(object).fillna("-"))
(['Ada', 'random'], ['-', 'random'])
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.core.actions import Action
from gamekit.core.errors import BadRecord
from gamekit.core.game import Game, load_game
from gamekit.core.rules import Rules

if TYPE_CHECKING:
    from gamekit.simulation.records import Records

Record = str | bytes | Mapping[str, Any]


def load_games(source: str | Path | Iterable[Record]) -> Any:
    """The tidy table of saved games: a folder of ``*.json`` records (sorted by name), one
    file, or an iterable of records (JSON text or dicts). Every game must be of one title
    and one number of players; a record that does not replay raises
    :class:`~gamekit.core.errors.BadRecord` naming where it came from."""
    from gamekit.simulation import Rows, to_frame
    from gamekit.simulation.records import pandas_missing, to_records

    found = list(_records(source))
    if not found:
        raise ValueError("no saved game found")
    games = [(where, _replay(where, record), _seats(where, record)) for where, record in found]
    first = games[0][1]
    for where, game, _ in games:
        if (game.title, game.players) != (first.title, first.players):
            raise ValueError(
                f"{where}: a {game.title} game of {game.players} players among "
                f"{first.title} games of {first.players}: load one kind of game at a time"
            )
    rows = Rows(0, len(games), first.players)
    for _, game, _ in games:
        rows.seeds.append(game.seed)
        rows.decisions.append(len(game.history))
        rows.results.append(game.rules.results(game.state))
    seats = [seat for _, _, names in games for seat in names]
    wheres: list[str | None] = [where for where, _, _ in games for _ in range(first.players)]
    if pandas_missing():
        return _games_records(to_records(rows, ["?"] * first.players), seats, wheres)
    table = to_frame(rows, ["?"] * first.players)
    table["bot"] = _category([bot for _, bot in seats])
    table.insert(table.columns.get_loc("bot") + 1, "player", [name for name, _ in seats])
    table["player"] = table["player"].astype("string")
    table["record"] = _category(wheres)
    return table


def _games_records(
    table: Records, seats: list[tuple[str | None, str | None]], wheres: list[str | None]
) -> Records:
    """:func:`load_games`' table where pandas is absent: the same columns, a missing bot
    or player ``None``."""
    from gamekit.simulation.records import Records

    at = table.columns.index("bot") + 1
    columns = [*table.columns[:at], "player", *table.columns[at:], "record"]
    rows = [
        {**row, "bot": bot, "player": name, "record": where}
        for row, (name, bot), where in zip(table.rows, seats, wheres, strict=True)
    ]
    return Records(rows, columns)


@dataclass(frozen=True)
class Decision:
    """One decision of a saved game: the state before and after ``action``, a copy each.

    ``game`` numbers the games as :func:`load_games` does (its ``game`` column), ``step``
    is the action's 1-based place in the record, ``player`` who played ``seat`` (a name, a
    bot's name, or ``None`` for a record that names nobody).
    """

    record: str
    game: int
    step: int
    seat: int
    player: str | None
    rules: Rules[Any]
    before: Any
    action: Action
    after: Any

    def view(self) -> dict[str, Any]:
        """What the deciding seat knew when it decided (its view before the action)."""
        return self.rules.view(self.before, self.seat)

    def where(self) -> dict[str, Any]:
        """The first columns of an analysis row about this decision: ``record``, ``game``,
        ``step``, ``seat`` and ``player`` (``"seat N"`` for a record that names nobody)."""
        return {
            "record": self.record,
            "game": self.game,
            "step": self.step,
            "seat": self.seat,
            "player": self.player or f"seat {self.seat}",
        }


def decisions(source: str | Path | Iterable[Record]) -> Iterator[Decision]:
    """Every decision of the saved games of ``source`` (as :func:`load_games` reads it), in
    order: each record is checked whole first (a :class:`~gamekit.core.errors.BadRecord`
    names it), then replayed through its title's rules.

    >>> import gamekit
    >>> game = gamekit.new_game("hats", players=2, seed=4)
    >>> while not game.is_over:
    ...     _ = game.play(game.legal_actions()[0])
    >>> record = {**json.loads(game.to_json()), "seats": ["Ada", {"bot": "random"}]}
    >>> steps = list(decisions([record]))
    >>> len(steps) == len(game.history), steps[0].player, steps[0].step
    (True, 'Ada', 1)
    """
    found = list(_records(source))
    if not found:
        raise ValueError("no saved game found")
    for number, (where, record) in enumerate(found):
        game, names = _replay(where, record), _seats(where, record)
        rules = game.rules
        state = rules.initial_state(game.config, game.seed)
        for step, action in enumerate(game.history, start=1):
            seat = rules.to_move(state)
            assert seat is not None, "a replayed record moves only while the game goes on"
            before = rules.copy_state(state)
            rules.apply(state, action, None)
            yield Decision(
                where, number, step, seat, names[seat][0], rules, before, action,
                rules.copy_state(state),
            )  # fmt: skip


def _category(values: list[str | None]) -> Any:
    import pandas as pd

    return pd.Categorical(values, categories=sorted({v for v in values if v is not None}))


def _records(source: str | Path | Iterable[Record]) -> Iterable[tuple[str, Record]]:
    """(where it came from, the record) for each saved game of ``source``."""
    if isinstance(source, str | Path):
        path = Path(source)
        if not path.exists():
            raise ValueError(f"{path}: no such file or folder of saved games")
        files = sorted(path.glob("*.json")) if path.is_dir() else [path]
        for file in files:
            try:
                data = json.loads(file.read_text(encoding="utf-8"))
            except (OSError, ValueError) as err:
                raise BadRecord(f"{file}: not a saved game ({err})", step=0) from None
            items = data if isinstance(data, list) else [data]
            for number, record in enumerate(items):
                yield (file.name if len(items) == 1 else f"{file.name}[{number}]"), record
        return
    for number, record in enumerate(source):
        yield f"[{number}]", record


def _replay(where: str, record: Record) -> Game:
    if isinstance(record, str | bytes):
        try:
            record = json.loads(record)
        except ValueError as err:
            raise BadRecord(f"{where}: not JSON ({err})", step=0) from None
    if not isinstance(record, Mapping):
        raise BadRecord(f"{where}: a saved game is a JSON object", step=0)
    try:
        return load_game({k: v for k, v in record.items() if k != "seats"})
    except BadRecord as err:
        raise BadRecord(f"{where}: {err.reason}", step=err.step) from None


def _seats(where: str, record: Record) -> list[tuple[str | None, str | None]]:
    """(the seat's player, the bot's name if a bot played it) for each seat."""
    data = json.loads(record) if isinstance(record, str | bytes) else record
    players = int(data["players"])
    names = data.get("seats")
    if names is None:
        return [(None, None)] * players
    if not isinstance(names, list) or len(names) != players:
        raise BadRecord(f"{where}: 'seats' must list one player per seat ({players})", step=0)
    out: list[tuple[str | None, str | None]] = []
    for name in names:
        if isinstance(name, str):
            out.append((name, None))
        elif isinstance(name, Mapping) and isinstance(name.get("bot"), str):
            out.append((name["bot"], name["bot"]))
        else:
            raise BadRecord(f"{where}: a seat is a name or {{'bot': NAME}}, not {name!r}", step=0)
    return out
