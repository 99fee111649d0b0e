"""cheese: three cheese-themed tabletop games, strong bots, duels and Elo tables."""

from __future__ import annotations

__version__ = "0.1.0"
