"""What other frameworks must be told up front about a game: sizes and bounds.

OpenSpiel and PettingZoo want fixed action spaces, chance-outcome counts, game lengths
and utility bounds before any state exists. Each game derives its own from the rules
(its package's ``facts.py``, cited there) for the player count and options, so they hold
for every play, not just the plays seen so far.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The fixed sizes and bounds of a game for a player count and option set."""

    num_players: int
    num_distinct_actions: int
    """Decision actions are ``0 .. num_distinct_actions - 1``."""
    max_chance_outcomes: int
    """Chance outcomes are ``0 .. max_chance_outcomes - 1``."""
    max_game_length: int
    """The most decisions (chance events not counted) a game can take."""
    max_points: int
    """No seat ends with more points; none ends with fewer than 0."""
