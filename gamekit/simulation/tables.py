"""Tables: the rows of consecutive games as a pandas DataFrame with compact dtypes.

pandas and NumPy are imported here on first use, never when the package is.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from gamekit.simulation.worker import Aggregate, Results, Rows

if TYPE_CHECKING:
    import pandas as pd

BASE_COLUMNS = ("game", "seed", "seat", "bot", "score", "rank", "winner", "decisions")
"""The columns every table starts with; the title's ``summary`` columns follow."""


def to_frame(rows: Rows, labels: Sequence[str]) -> pd.DataFrame:
    """Consecutive games' rows as a DataFrame with compact, stable dtypes.

    Games whose results are one shared object (rules whose :meth:`Rules.results`
    hands back the same results for games that ended alike) are worked out once
    and their rows repeated: the table of working out every game, for less work.
    """
    import numpy as np
    import pandas as pd

    players, games = rows.players, rows.stop - rows.start
    data: dict[str, Any] = {
        "game": np.repeat(np.arange(rows.start, rows.stop, dtype=np.int64), players),
        "seed": np.repeat(np.array(rows.seeds, dtype=np.uint64), players),
        "seat": np.tile(np.arange(players, dtype=np.int8), games),
        "bot": _bot_column(labels, games),
    }
    ids = list(map(id, rows.results))
    kinds = dict(zip(ids, rows.results, strict=True))  # first-seen order, one per object
    if len(kinds) * 2 > games:
        outcome = _outcome_columns(rows.results, players)
    else:
        number = dict(zip(kinds, range(len(kinds)), strict=False))
        codes = np.fromiter(map(number.__getitem__, ids), dtype=np.intp, count=games)
        where = (codes[:, None] * players + np.arange(players)).reshape(-1)
        outcome = _outcome_columns(list(kinds.values()), players)
        outcome = {name: values.take(where) for name, values in outcome.items()}
    data["score"] = outcome.pop("score")
    data["rank"] = outcome.pop("rank")
    data["winner"] = outcome.pop("winner")
    data["decisions"] = np.repeat(np.array(rows.decisions, dtype=np.int32), players)
    for name, values in outcome.items():
        data.setdefault(name, values)
    return pd.DataFrame(data, copy=False)


def _outcome_columns(results: Sequence[Results], players: int) -> dict[str, Any]:
    """Score, rank and winner of every seat of these games, then their summary columns."""
    import numpy as np

    games = len(results)
    scores = list(chain.from_iterable(map(itemgetter(0), results)))
    summaries = list(chain.from_iterable(map(itemgetter(2), results)))
    score = _array(scores)
    if score.dtype == object:
        score = score.astype("float64")
    winners = list(map(itemgetter(1), results))
    won = np.zeros((games, players), dtype=bool)
    counts = np.fromiter(map(len, winners), dtype=np.int64, count=games)
    seats = np.fromiter(chain.from_iterable(winners), dtype=np.int64, count=int(counts.sum()))
    won[np.repeat(np.arange(games), counts), seats] = True
    table = np.asarray(score).reshape(games, players)
    ahead = ((table[:, None, :] > table[:, :, None]) & ~won[:, None, :]).sum(axis=2)
    rank = np.where(won, 1, 1 + won.sum(axis=1, keepdims=True) + ahead)
    columns = {"score": score, "rank": rank.reshape(-1).astype(np.int8), "winner": won.reshape(-1)}
    for name, values in _flat_columns(summaries).items():
        columns.setdefault(name, values)
    return columns


@functools.lru_cache(maxsize=64)
def _bot_kind(labels: tuple[str, ...]) -> tuple[Any, Any]:
    """The categorical dtype of the ``bot`` column and each seat's code in it."""
    import numpy as np
    import pandas as pd

    categories = sorted(set(labels))
    codes = np.array([categories.index(label) for label in labels], dtype=np.int8)
    return pd.CategoricalDtype(categories), codes


def _bot_column(labels: Sequence[str], games: int) -> Any:
    import numpy as np
    import pandas as pd

    kind, codes = _bot_kind(tuple(labels))
    return pd.Categorical.from_codes(np.tile(codes, games), dtype=kind)


def _same_keys(summaries: Sequence[Mapping[str, Any]]) -> dict[str, Sequence[Any]] | None:
    """Column by column when every summary has the first one's keys (the usual case)."""
    keys = tuple(summaries[0])
    if not keys or sum(map(len, summaries)) != len(keys) * len(summaries):
        return None
    try:
        if len(keys) == 1:
            return {keys[0]: list(map(itemgetter(keys[0]), summaries))}
        return dict(zip(keys, zip(*map(itemgetter(*keys), summaries), strict=True), strict=True))
    except KeyError:
        return None


def _numbers(values: Sequence[Any]) -> Any:
    """``values`` as a numpy array if they are plain numbers or truth values, else None."""
    import numpy as np

    head = type(values[0])
    if head is not int and head is not float and head is not bool:
        return None
    try:
        array = np.array(values)
    except (OverflowError, TypeError, ValueError):
        return None
    return array if array.dtype.kind in ("b" if head is bool else "iuf") else None


@functools.lru_cache(maxsize=1)
def _text_dtype() -> Any:
    """The dtype pandas gives a column of text (``str`` in pandas 3, ``object`` before)."""
    import pandas as pd

    return pd.Series(["text"]).dtype


def _array(values: Sequence[Any]) -> Any:
    """``values`` as a column, with the dtype pandas would infer for them."""
    import pandas as pd

    numbers = _numbers(values) if values else None
    if numbers is not None:
        return numbers
    if set(map(type, values)) == {str}:
        return _texts(values)
    return pd.Series(list(values)).array


def _texts(values: Sequence[str]) -> Any:
    """A column of text, in the dtype pandas gives text."""
    import pandas as pd

    return pd.array(list(values), dtype=_text_dtype())


def _flat_columns(summaries: Sequence[Mapping[str, Any]], prefix: str = "") -> dict[str, Any]:
    """One array per summary key, in order of first appearance; dict values become
    ``outer_inner`` columns and a key missing from a row leaves it empty."""
    if not summaries:
        return {}
    columns = _same_keys(summaries)
    if columns is None:
        names = dict.fromkeys(key for summary in summaries for key in summary)
        columns = {key: [summary.get(key, _MISSING) for summary in summaries] for key in names}
    out: dict[str, Any] = {}
    for key, values in columns.items():
        numbers = _numbers(values)
        if numbers is not None:
            out[f"{prefix}{key}"] = numbers
            continue
        kinds = set(map(type, values))
        if kinds == {str}:
            out[f"{prefix}{key}"] = _texts(values)
            continue
        if not any(issubclass(kind, Mapping) for kind in kinds):
            out[f"{prefix}{key}"] = _array([None if v is _MISSING else v for v in values])
            continue
        nested = [isinstance(value, Mapping) for value in values]
        pairs = list(zip(values, nested, strict=True))
        plain = [None if n or v is _MISSING else v for v, n in pairs]
        inner = _flat_columns([v if n else {} for v, n in pairs], f"{prefix}{key}_")
        first_plain = next((i for i, (v, n) in enumerate(pairs) if not n and v is not _MISSING), -1)
        if first_plain < 0:
            out.update(inner)
        elif first_plain < nested.index(True):
            out[f"{prefix}{key}"] = _array(plain)
            out.update(inner)
        else:
            out.update(inner)
            out[f"{prefix}{key}"] = _array(plain)
    return out


_MISSING: Any = type("Missing", (), {"__repr__": lambda self: "<missing>"})()
"""A summary key that a row does not have (its cell stays empty)."""


def aggregate_frame(total: Aggregate, labels: Sequence[str]) -> pd.DataFrame:
    """The per-seat summary of an aggregate run: one row per seat."""
    import pandas as pd

    return pd.DataFrame(aggregate_rows(total, labels))


def aggregate_rows(total: Aggregate, labels: Sequence[str]) -> list[dict[str, Any]]:
    """The rows of :func:`aggregate_frame`, in plain Python: one dict per seat."""
    rows = []
    for seat, label in enumerate(labels):
        n = total.games[seat]
        mean = total.score_sum[seat] / n
        var = max(0.0, total.score_sq[seat] / n - mean * mean)
        row: dict[str, Any] = {
            "seat": seat,
            "bot": label,
            "games": n,
            "wins": total.wins[seat],
            "win_rate": total.wins[seat] / n,
            "score_mean": mean,
            "score_std": math.sqrt(var * n / (n - 1)) if n > 1 else 0.0,
            "score_min": total.score_min[seat],
            "score_max": total.score_max[seat],
            "rank_mean": total.rank_sum[seat] / n,
            "decisions_mean": total.decisions[seat] / n,
        }
        row.update({f"{k}_mean": v / n for k, v in total.extra[seat].items()})
        rows.append(row)
    return rows
