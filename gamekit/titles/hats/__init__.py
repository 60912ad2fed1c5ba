"""Hats: rules and cards (H1-H11), bots, odds, exercise checks, picture, board."""
