"""Interactive Jupyter tables (anywidget); loaded lazily."""
