"""The core engine: standard library only."""
