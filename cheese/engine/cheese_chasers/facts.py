"""Cheese Chasers' sizes and bounds for other frameworks, derived from the rules.

>>> from cheese.engine.cheese_chasers.options import default_options
>>> game_facts(1, default_options()).num_distinct_actions
8
"""

from __future__ import annotations

from collections.abc import Mapping

from cheese.engine.api import OptionValue
from cheese.engine.cheese_chasers.board import DIRECTION_OFFSETS
from cheese.engine.cheese_chasers.cards import KINDS
from cheese.engine.facts import GameFacts

POINTS_PER_MOUSE = 5
"""1 nice point plus at most 4 cheese-bonus points per active mouse."""
POINTS_PER_CHEESE = 20
"""A surrounded group scores at most 20 per cheese card."""


def game_facts(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    """The facts for ``num_players`` and the normalised ``options``."""
    mice, cheese = options["mice"], options["cheese"]
    counts = [options[name] for name in ("mice", "cats", "cheese", "traps")]
    assert isinstance(mice, int) and isinstance(cheese, int)
    total = sum(count for count in counts if isinstance(count, int))
    return GameFacts(
        num_players=num_players,
        num_distinct_actions=len(DIRECTION_OFFSETS),
        max_chance_outcomes=len(KINDS),
        # One decision places one drawn card.
        max_game_length=total,
        max_points=max(1, POINTS_PER_MOUSE * mice + POINTS_PER_CHEESE * cheese),
    )
