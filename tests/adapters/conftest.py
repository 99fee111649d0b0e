"""Shared helpers for the adapter tests: games and player counts."""

from __future__ import annotations

from cheese.adapters.speed import random_position

GAMES: tuple[tuple[str, int], ...] = (
    ("get-the-cheese", 4),
    ("get-the-cheese", 3),
    ("cheese-chasers", 1),
    ("cheese-drop", 2),
    ("cheese-drop", 5),
)
"""(game, players) pairs every adapter is checked on."""

__all__ = ["GAMES", "random_position"]
