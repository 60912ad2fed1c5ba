"""Knock! Knock! (Toc Toc Toc): rules (K1-K7), bots, odds, exercise checks, picture, board."""
