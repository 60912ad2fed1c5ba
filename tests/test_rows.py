"""``gamekit.table_of``: a game's summary shown as a table, with no pandas."""

from __future__ import annotations

from typing import Any

import pytest

import gamekit


def test_a_summary_shows_one_row_per_seat_with_its_values() -> None:
    game = gamekit.new_game("knock-knock", players=3, seed=4)
    table = gamekit.table_of(game.summary(), score=game.scores())
    lines = str(table).splitlines()
    assert lines[0].split() == ["seat", *game.summary()[0], "score"]
    for seat, line in enumerate(lines[1:]):
        row = game.summary()[seat]
        assert line.split() == [str(seat), *map(str, row.values()), str(game.scores()[seat])]
    assert len(lines) == 1 + game.players


def test_columns_pick_and_order_and_labels_name_the_rows() -> None:
    rows = [{"a": 1, "b": 2.5}, {"a": 30, "b": 4.0}]
    table = gamekit.table_of(rows, ["b", "a"], labels=["Ann", "Bob"])
    assert str(table) == "         b   a\nAnn  2.500   1\nBob  4.000  30"
    assert table.columns == ("b", "a") and table.labels == ("Ann", "Bob")


def test_a_float_shows_three_decimals_as_the_language_writes_them() -> None:
    from gamekit.core.i18n import language

    table = gamekit.table_of([{"rate": 0.155, "games": 200}])
    assert "0.155" in str(table) and "200" in str(table)
    with language("fr"):
        assert "0,155" in str(table) and "0,155" in table._repr_html_()


def test_html_escapes_every_cell_and_heading() -> None:
    html = gamekit.table_of([{"<b>": "<script>"}], labels=["&"])._repr_html_()
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "&lt;b&gt;" in html and "<td>&amp;</td>" in html


@pytest.mark.parametrize(
    ("rows", "kwargs", "says"),
    [
        ({"a": 1}, {}, "list of dicts"),
        ([1, 2], {}, "list of dicts"),
        ([{"a": 1}], {"score": [1, 2]}, "score needs one value per row \\(1\\), not 2"),
        ([{"a": 1}], {"score": "ab"}, "score must be a list of values"),
        ([{"a": 1}], {"score": 5}, "score must be a list of values"),
        ([{"a": 1}], {"labels": ["x", "y"]}, "labels must name each of the 1 rows"),
        ([{"a": 1}], {"columns": ["nope"]}, "no column named 'nope'"),
    ],
)
def test_bad_input_is_refused_with_a_clear_error(
    rows: Any, kwargs: dict[str, Any], says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        gamekit.table_of(rows, **kwargs)
