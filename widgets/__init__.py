"""Interactive Jupyter tables (anywidget); loaded lazily by ``gamekit.widgets``.

>>> from gamekit.widgets import Table  # doctest: +SKIP
"""

from gamekit.widgets.table import GOD, Table, classroom

__all__ = ["GOD", "Table", "classroom"]
