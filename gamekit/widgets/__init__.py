"""Interactive Jupyter tables (anywidget); loaded lazily by ``gamekit.widgets``.

>>> from gamekit.widgets import Table  # doctest: +SKIP

The table itself (and anywidget) is imported on first use, so the page's words
(:mod:`gamekit.widgets.labels`) serve the offline replay without Jupyter installed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gamekit.widgets.table import GOD, Table, classroom

__all__ = ["GOD", "Table", "classroom"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from gamekit.widgets import table

        return getattr(table, name)
    raise AttributeError(f"module 'gamekit.widgets' has no attribute {name!r}")
