"""A list of records shown as a table: the seat-by-seat summaries of a game.

``gamekit.table_of(g.summary())`` shows one row per seat, in a notebook as an HTML
table and elsewhere as aligned text. It is a picture, not a data frame: it only
shows the rows it is given, so a lesson needs no pandas for it (the browser build
has none).

>>> import gamekit
>>> print(gamekit.table_of([{"cards": 3, "points": 12}, {"cards": 5, "points": 7}]))
seat  cards  points
   0      3      12
   1      5       7
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from gamekit.core.i18n import format_number

Row = Mapping[str, Any]


class RowsTable:
    """Records shown as a table, one row per record, labelled by ``labels`` (by default
    numbered from 0, as seats are, under the heading ``seat``).

    >>> t = table_of([{"a": 1}], b=["x"])
    >>> t.columns, t.rows
    (('a', 'b'), ({'a': 1, 'b': 'x'},))
    """

    def __init__(
        self, rows: Sequence[Row], columns: Sequence[str], labels: Sequence[str] | None = None
    ) -> None:
        self.columns = tuple(columns)
        self.rows = tuple(dict(row) for row in rows)
        self.labels = tuple(map(str, range(len(self.rows)) if labels is None else labels))
        self.heading = "seat" if labels is None else ""

    def _cells(self) -> list[list[str]]:
        """Every row's cells as text, the index first (an absent value is blank)."""
        return [
            [label] + [_text(row.get(name, "")) for name in self.columns]
            for label, row in zip(self.labels, self.rows, strict=True)
        ]

    def __str__(self) -> str:
        header = [self.heading, *self.columns]
        lines = [header, *self._cells()]
        widths = [max(len(line[k]) for line in lines) for k in range(len(header))]
        return "\n".join(
            "  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True))
            for line in lines
        )

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{escape(name)}</th>" for name in (self.heading, *self.columns))
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in cells) + "</tr>"
            for cells in self._cells()
        )
        return (
            '<table class="gamekit-rows"><thead><tr>'
            f"{head}</tr></thead><tbody>{body}</tbody></table>"
        )


def table_of(
    rows: Sequence[Row],
    columns: Sequence[str] | None = None,
    labels: Sequence[str] | None = None,
    **added: Sequence[Any],
) -> RowsTable:
    """``rows`` (records: dicts of one kind) as a table, one row each.

    ``columns`` picks and orders the columns (by default every key, in the order
    first seen); each keyword adds a column, one value per row, after them; ``labels``
    name the rows (such as ``g.names``; by default they are numbered from 0, as seats).

    >>> print(table_of([{"a": 1, "b": 2}, {"a": 3, "b": 4}], ["b"], score=[9, 10]))
    seat  b  score
       0  2      9
       1  4     10
    >>> table_of([{"a": 1}], score=[1, 2])
    Traceback (most recent call last):
    ValueError: score needs one value per row (1), not 2
    >>> table_of([{"a": 1}], ["c"])
    Traceback (most recent call last):
    ValueError: no column named 'c' in these rows
    >>> print(table_of([{"a": 1}, {"a": 22}], labels=["Ann", "Bob"]))
          a
    Ann   1
    Bob  22
    """
    if isinstance(rows, Mapping) or not all(isinstance(row, Mapping) for row in rows):
        raise ValueError("rows must be a list of dicts (records), such as g.summary()")
    records = [dict(row) for row in rows]
    for name, values in added.items():
        if isinstance(values, str) or not isinstance(values, Sequence):
            raise ValueError(f"{name} must be a list of values, one per row")
        if len(values) != len(records):
            raise ValueError(f"{name} needs one value per row ({len(records)}), not {len(values)}")
        for record, value in zip(records, values, strict=True):
            record[name] = value
    if labels is not None and (isinstance(labels, str) or len(labels) != len(records)):
        raise ValueError(f"labels must name each of the {len(records)} rows")
    if columns is None:
        names = list(dict.fromkeys(key for record in rows for key in record))
    else:
        names = list(columns)
        missing = [name for name in names if not any(name in record for record in rows)]
        if missing:
            raise ValueError(f"no column named {missing[0]!r} in these rows")
    return RowsTable(records, [*names, *added], labels)


def _text(value: Any) -> str:
    """A cell as text: floats to 3 places as the language in force writes them (``0,155``
    in French), the rest as ``str``."""
    if isinstance(value, float):
        return format_number(value, ".3f")
    return str(value)
