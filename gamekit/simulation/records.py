"""A simulation's table without pandas: one record (a dict) per game and seat.

Where pandas cannot be imported (the browser build has neither pandas nor NumPy),
:func:`gamekit.simulate` returns :class:`Records` instead of a DataFrame: the same
columns, and the same values in the same order as the DataFrame's rows
(``frame.to_dict("records")``, its numbers as Python numbers). The helpers below read
either kind of table, so a lesson needs no pandas code of its own.

>>> table = Records([{"seat": 0, "winner": True}, {"seat": 1, "winner": False},
...                  {"seat": 0, "winner": False}, {"seat": 1, "winner": False}])
>>> len(table), table.columns
(4, ('seat', 'winner'))
>>> by_seat(table, "winner"), wins_by_seat(table)
({0: 0.5, 1: 0.0}, {0: 1, 1: 0})
"""

from __future__ import annotations

import csv
import importlib.util
import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from html import escape
from itertools import chain
from operator import itemgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gamekit.simulation.tables import _MISSING, BASE_COLUMNS, _same_keys
from gamekit.simulation.worker import Aggregate, Rows

if TYPE_CHECKING:
    import pandas as pd

SHOWN_ROWS = 5
"""How many of the first rows a :class:`Records` shows."""


class Records:
    """Rows of one kind (dicts with the same keys), as :func:`gamekit.simulate` gives them
    where pandas is absent: ``columns`` (their names, in order) and ``rows`` (a tuple of
    dicts). It shows its first rows and says how many there are; it does nothing else
    (read it with :func:`by_seat`, :func:`wins_by_seat`, :func:`column_values` and the
    charts of :mod:`gamekit.charts`).

    >>> print(Records([{"seat": 0, "score": 3}, {"seat": 1, "score": 5}]))
    2 rows, 2 columns (seat, score); the first 2:
       seat  score
    0     0      3
    1     1      5
    >>> Records([{"seat": 0}], ["seat", "score"])
    Traceback (most recent call last):
    ValueError: row 0 has no column 'score'
    """

    def __init__(
        self, rows: Iterable[Mapping[str, Any]], columns: Sequence[str] | None = None
    ) -> None:
        if isinstance(rows, Mapping | str):
            raise ValueError("rows must be a list of dicts (records), one per game and seat")
        listed = list(rows)
        if not all(isinstance(row, Mapping) for row in listed):
            raise ValueError("rows must be a list of dicts (records), one per game and seat")
        if columns is None:
            columns = list(dict.fromkeys(key for row in listed for key in row))
        self.columns: tuple[str, ...] = tuple(columns)
        self.rows: tuple[dict[str, Any], ...] = tuple(
            {name: _cell(row, name, number) for name in self.columns}
            for number, row in enumerate(listed)
        )

    @classmethod
    def _made(cls, rows: list[dict[str, Any]], columns: Sequence[str]) -> Records:
        """Records of rows already built with exactly these columns (not copied again)."""
        made = cls([], columns)
        made.rows = tuple(rows)
        return made

    def __len__(self) -> int:
        return len(self.rows)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Records):
            return NotImplemented
        return self.columns == other.columns and self.rows == other.rows

    __hash__ = None  # type: ignore[assignment]  # compared by value, like a list

    def _heading(self) -> str:
        shown = min(len(self.rows), SHOWN_ROWS)
        size = f"{len(self.rows)} rows, {len(self.columns)} columns ({', '.join(self.columns)})"
        return f"{size}; the first {shown}:" if shown else f"{size}"

    def _first(self) -> Any:
        from gamekit.rows import table_of

        first = self.rows[:SHOWN_ROWS]
        return table_of(first, self.columns, labels=[str(i) for i in range(len(first))])

    def __repr__(self) -> str:
        return f"{self._heading()}\n{self._first()}" if self.rows else self._heading()

    def _repr_html_(self) -> str:
        heading = f"<p>{escape(self._heading())}</p>"
        return heading + (self._first()._repr_html_() if self.rows else "")


def _cell(row: Mapping[str, Any], name: str, number: int) -> Any:
    try:
        return row[name]
    except KeyError:
        raise ValueError(f"row {number} has no column {name!r}") from None


def pandas_missing() -> bool:
    """True where pandas cannot be imported (the browser build): tables are then
    :class:`Records`. Asks the import system only, never imports pandas."""
    try:
        return importlib.util.find_spec("pandas") is None
    except (ImportError, ValueError):  # a blocked import, or a module set to None
        return True


# -- a run's rows as records ----------------------------------------------------------
def to_records(rows: Rows, labels: Sequence[str]) -> Records:
    """Consecutive games' rows as :class:`Records`: the rows of
    :func:`~gamekit.simulation.to_frame`, worked out in plain Python."""
    players = rows.players
    results = rows.results
    scores = list(chain.from_iterable(map(itemgetter(0), results)))
    values, is_object = plain_values(scores)
    score = [math.nan if v is None else float(v) for v in values] if is_object else values
    summaries = list(chain.from_iterable(map(itemgetter(2), results)))
    extra = {
        name: column
        for name, column in summary_columns(summaries).items()
        if name not in BASE_COLUMNS
    }
    columns = [*BASE_COLUMNS, *extra]
    records = []
    for game, (seed, decisions, result) in enumerate(
        zip(rows.seeds, rows.decisions, results, strict=True)
    ):
        first = game * players
        table = score[first : first + players]
        won = {seat for seat in result[1] if 0 <= seat < players}
        for seat in range(players):
            at = first + seat
            row = {
                "game": rows.start + game,
                "seed": seed,
                "seat": seat,
                "bot": labels[seat],
                "score": table[seat],
                "rank": _rank(seat, table, won),
                "winner": seat in won,
                "decisions": decisions,
            }
            row.update({name: column[at] for name, column in extra.items()})
            records.append(row)
    return Records._made(records, columns)


def _rank(seat: int, scores: Sequence[Any], won: set[int]) -> int:
    """1 for a winner; else 1 + the winners + the other seats that scored more."""
    if seat in won:
        return 1
    mine = scores[seat]
    return 1 + len(won) + sum(1 for s, v in enumerate(scores) if s not in won and v > mine)


def aggregate_records(total: Aggregate, labels: Sequence[str]) -> Records:
    """The per-seat summary of an aggregate run as :class:`Records` (the rows of
    :func:`~gamekit.simulation.aggregate_frame`)."""
    from gamekit.simulation.tables import aggregate_rows

    rows = aggregate_rows(total, labels)
    columns = list(dict.fromkeys(key for row in rows for key in row))
    return Records([{name: row.get(name, math.nan) for name in columns} for row in rows])


def joined(parts: Sequence[Records]) -> Records:
    """Tables of consecutive chunks as one (their rows one after the other).

    >>> len(joined([Records([{"a": 1}]), Records([{"a": 2}, {"a": 3}])]))
    3
    """
    if not parts:
        raise ValueError("give at least one table to join")
    columns = parts[0].columns
    if any(part.columns != columns for part in parts):
        raise ValueError("the tables to join must have the same columns")
    return Records._made(list(chain.from_iterable(part.rows for part in parts)), columns)


# -- a column in plain Python, as pandas would hold it ----------------------------------
INT64 = range(-(2**63), 2**63)
"""The whole numbers a NumPy ``int64`` column holds."""


def plain_values(values: Sequence[Any]) -> tuple[list[Any], bool]:
    """A column's values as the DataFrame's ``to_dict("records")`` gives them, and
    whether pandas would hold them as plain objects (``object`` dtype).

    Whole numbers with a fraction among them become floats, a truth value among whole
    numbers becomes 0 or 1, a missing value (``None``) among numbers becomes ``nan``,
    among text too (pandas 3's text columns); other values stay as they came.

    >>> plain_values([1, 2.5]), plain_values([1, True]), plain_values([2, None])
    (([1.0, 2.5], False), ([1, 1], False), ([2.0, nan], False))
    >>> plain_values([True, None]), plain_values(["a", "b"])
    (([True, None], True), (['a', 'b'], False))
    """
    if not values:
        return [], True
    kinds = set(map(type, values))
    head = type(values[0])
    if kinds == {bool} or kinds == {str}:
        return list(values), False
    if head is not bool and kinds <= {int, float, bool} and _fits(values):
        return ([float(v) for v in values] if float in kinds else [int(v) for v in values]), False
    if kinds <= {int, float, type(None)} and kinds & {int, float} and _fits(values):
        return [math.nan if v is None else float(v) for v in values], False
    if str in kinds and kinds <= {str, float, type(None)} and _only_nan_floats(values):
        return [math.nan if v is None else v for v in values], False
    return list(values), True


def _fits(values: Sequence[Any]) -> bool:
    return all(v in INT64 for v in values if type(v) is int)


def _only_nan_floats(values: Sequence[Any]) -> bool:
    return all(math.isnan(v) for v in values if type(v) is float)


def summary_columns(summaries: Sequence[Mapping[str, Any]], prefix: str = "") -> dict[str, Any]:
    """The summary columns of :func:`~gamekit.simulation.to_frame` in plain Python: one
    list per key, in order of first appearance; dict values become ``outer_inner``
    columns and a key missing from a row leaves ``None`` (or ``nan``, as pandas does).

    >>> summary_columns([{"a": 1, "g": {"x": 2}}, {"a": 3, "g": {"x": 4, "y": "z"}}])
    {'a': [1, 3], 'g_x': [2, 4], 'g_y': [nan, 'z']}
    """
    return {name: plain_values(column)[0] for name, column in _flat(summaries, prefix).items()}


def _flat(summaries: Sequence[Mapping[str, Any]], prefix: str) -> dict[str, list[Any]]:
    """The flattened columns' raw values (``None`` where a row has no such key), in the
    order of ``tables._flat_columns``."""
    if not summaries:
        return {}
    columns = _same_keys(summaries)
    if columns is None:
        names = dict.fromkeys(key for summary in summaries for key in summary)
        columns = {key: [summary.get(key, _MISSING) for summary in summaries] for key in names}
    out: dict[str, list[Any]] = {}
    for key, values in columns.items():
        nested = [isinstance(value, Mapping) for value in values]
        if not any(nested):
            out[f"{prefix}{key}"] = [None if v is _MISSING else v for v in values]
            continue
        pairs = list(zip(values, nested, strict=True))
        plain = [None if n or v is _MISSING else v for v, n in pairs]
        inner = _flat([v if n else {} for v, n in pairs], f"{prefix}{key}_")
        first_plain = next((i for i, (v, n) in enumerate(pairs) if not n and v is not _MISSING), -1)
        if first_plain < 0:
            out.update(inner)
        elif first_plain < nested.index(True):
            out[f"{prefix}{key}"] = plain
            out.update(inner)
        else:
            out.update(inner)
            out[f"{prefix}{key}"] = plain
    return out


# -- reading either kind of table --------------------------------------------------------
def is_frame(table: Any) -> bool:
    """Whether ``table`` is a pandas DataFrame (never imports pandas)."""
    pandas = sys.modules.get("pandas")
    return pandas is not None and isinstance(table, pandas.DataFrame)


def check_table(table: Any) -> None:
    """A ``ValueError`` unless ``table`` is a simulation table of either kind.

    >>> check_table([{"seat": 0}])
    Traceback (most recent call last):
    ValueError: expected a table from gamekit.simulate (a pandas DataFrame, or \
gamekit.simulation.Records where pandas is absent), not a list
    """
    if not (isinstance(table, Records) or is_frame(table)):
        raise ValueError(
            "expected a table from gamekit.simulate (a pandas DataFrame, or "
            f"gamekit.simulation.Records where pandas is absent), not a {type(table).__name__}"
        )


def as_frame(table: pd.DataFrame | Records, what: str) -> pd.DataFrame:
    """``table`` itself when it is a DataFrame, for code that needs pandas (``what``
    names it); where pandas is absent, an ``ImportError`` that says so."""
    if isinstance(table, Records):
        raise ImportError(f"{what} needs pandas, which this Python cannot import")
    return table


def columns_of(table: pd.DataFrame | Records) -> tuple[str, ...]:
    """The column names of a table of either kind."""
    check_table(table)
    if isinstance(table, Records):
        return table.columns
    return tuple(str(name) for name in table.columns)


def column_values(table: pd.DataFrame | Records, name: str) -> list[Any]:
    """One column of a table of either kind, as a list of Python values (in row order).

    >>> column_values(Records([{"seat": 0}, {"seat": 1}]), "seat")
    [0, 1]
    >>> column_values(Records([{"seat": 0}]), "wins")
    Traceback (most recent call last):
    ValueError: the table has no column 'wins' (its columns: seat)
    """
    names = columns_of(table)
    if name not in names:
        raise ValueError(f"the table has no column {name!r} (its columns: {', '.join(names)})")
    if isinstance(table, Records):
        return [row[name] for row in table.rows]
    values: list[Any] = table[name].tolist()
    return values


def records_of(table: pd.DataFrame | Records) -> Records:
    """A table of either kind as :class:`Records` (itself when it is one): its rows as
    dicts of Python values, for a lesson's own loops, with or without pandas.

    >>> records_of(Records([{"seat": 0, "score": 3}])).rows
    ({'seat': 0, 'score': 3},)
    """
    if isinstance(table, Records):
        return table
    names = columns_of(table)
    columns = [column_values(table, name) for name in names]
    rows = [dict(zip(names, row, strict=True)) for row in zip(*columns, strict=True)]
    return Records._made(rows, names)


MISSING = frozenset(
    {"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
     "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}
)  # fmt: skip
"""The texts a CSV cell reads as missing (``nan``), as pandas' ``read_csv`` reads them."""


def read_table(path: str | Path, keep_empty: bool = False) -> pd.DataFrame | Records:
    """A CSV file of rows (a saved simulation, ``gamekit simulate --out``): a DataFrame
    (``pandas.read_csv``), or where pandas is absent :class:`Records` of the same values.

    Each column is read as pandas reads it: whole numbers as ``int``, ``True``/``False``
    as ``bool``, other numbers as ``float`` (a missing cell as ``nan``), the rest as
    text. ``keep_empty=True`` keeps empty cells as ``""`` (``keep_default_na=False``).
    """
    if not pandas_missing():
        import pandas as pd

        return pd.read_csv(path, keep_default_na=not keep_empty)
    with Path(path).open(newline="", encoding="utf-8") as file:
        lines = list(csv.reader(file))
    if not lines:
        raise ValueError(f"{path} is empty: a CSV file starts with its column names")
    names, cells = lines[0], [line for line in lines[1:] if line]
    if any(len(line) != len(names) for line in cells):
        raise ValueError(f"{path}: every row needs {len(names)} cells, one per column")
    missing = frozenset() if keep_empty else MISSING
    columns = [_read_column([line[i] for line in cells], missing) for i in range(len(names))]
    rows = [dict(zip(names, values, strict=True)) for values in zip(*columns, strict=True)]
    return Records._made(rows, names)


def _read_column(texts: list[str], missing: frozenset[str]) -> list[Any]:
    """One CSV column's values, of the one type pandas would give the column."""
    present = [text for text in texts if text not in missing]
    if len(present) == len(texts) and present and all(_is_int(t) for t in present):
        return [int(text) for text in texts]
    if len(present) == len(texts) and present and all(t.lower() in _BOOLS for t in present):
        return [text.lower() == "true" for text in texts]
    if all(_is_float(text) for text in present):
        return [math.nan if text in missing else float(text) for text in texts]
    return [math.nan if text in missing else text for text in texts]


_BOOLS = ("true", "false")  # True, TRUE, true: pandas reads them all as booleans


def _is_int(text: str) -> bool:
    return text.strip().lstrip("+-").isdigit()


def _is_float(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def by_seat(table: pd.DataFrame | Records, column: str) -> dict[int, float]:
    """Each seat's mean of ``column`` (in seat order), from a table of either kind: of
    ``"winner"``, each seat's win rate (shared wins count as wins).

    >>> by_seat(Records([{"seat": 1, "score": 4}, {"seat": 0, "score": 2},
    ...                  {"seat": 1, "score": 5}]), "score")
    {0: 2.0, 1: 4.5}
    """
    groups: dict[int, list[float]] = {}
    for seat, value in zip(column_values(table, "seat"), column_values(table, column), strict=True):
        number = _number(value, column)
        group = groups.setdefault(int(seat), [])
        if not math.isnan(number):  # a missing value is left out, as pandas does
            group.append(number)
    return {
        seat: math.fsum(values) / len(values) if values else math.nan
        for seat, values in sorted(groups.items())
    }


def wins_by_seat(table: pd.DataFrame | Records) -> dict[int, int]:
    """How many games each seat won (in seat order), shared wins counted: from a full
    table (its ``winner`` column) or an aggregate one (``wins``).

    >>> wins_by_seat(Records([{"seat": 0, "wins": 7}, {"seat": 1, "wins": 3}]))
    {0: 7, 1: 3}
    """
    column = "winner" if "winner" in columns_of(table) else "wins"
    wins: dict[int, int] = {}
    for seat, value in zip(column_values(table, "seat"), column_values(table, column), strict=True):
        wins[int(seat)] = wins.get(int(seat), 0) + int(value)
    return dict(sorted(wins.items()))


def _number(value: Any, column: str) -> float:
    if value is None:
        return math.nan
    if isinstance(value, str):
        raise ValueError(f"column {column!r} holds {value!r}: its mean needs numbers")
    return float(value)
