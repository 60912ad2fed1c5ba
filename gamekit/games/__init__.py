"""Per-title rules modules."""
