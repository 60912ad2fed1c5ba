"""The Bloody Inn (L'Auberge sanglante): rules in modules, cards, bots, odds, checks, picture.

``rules`` holds the engine's ``RULES``; ``cards`` the card list (``cards.csv``);
``state``, ``flow``, ``night`` and ``actions`` the game's parts; ``why`` the
sentences that explain a refusal or preview a move.
"""
