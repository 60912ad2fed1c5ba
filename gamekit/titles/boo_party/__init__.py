"""Boo Party!: rules (B1-B7), bots, odds, exercise checks, picture, board."""
