"""Cheese Drop's sizes and bounds for other frameworks, derived from the rules.

>>> from cheese.engine.cheese_drop.options import default_options
>>> facts = game_facts(2, default_options())
>>> facts.num_distinct_actions, facts.max_chance_outcomes, facts.max_game_length
(15625, 6, 30)
"""

from __future__ import annotations

from collections.abc import Mapping

from cheese.engine.api import OptionValue
from cheese.engine.cheese_drop.core import COLOURS, LANE_COUNT, ROUNDS
from cheese.engine.cheese_drop.gate import GATE_ACTIONS
from cheese.engine.cheese_drop.marbles import BAGS, drops_per_round
from cheese.engine.facts import GameFacts

EVENT_BONUS_PAIRS = 2
"""With 3 pieces and one per column, at most 2 (lane, event) pairs score."""
BEST_FIXED_EVENT = 5
"""The largest event bonus that does not grow with the marbles (event 1)."""


def game_facts(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    """The facts for ``num_players`` and the normalised ``options``."""
    pieces = 2 if options["simple"] else 3
    # Per round: base points count each apple and cheese once (one piece per column);
    # each of at most 2 scoring pairs earns at most max(5, 2 per marble) (events 1-7).
    max_points = sum(
        sum(bag) + EVENT_BONUS_PAIRS * max(BEST_FIXED_EVENT, 2 * sum(bag)) for bag in BAGS
    )
    return GameFacts(
        num_players=num_players,
        # Gates are the largest actions; deflections (lanes) and bets (columns) are fewer.
        num_distinct_actions=GATE_ACTIONS,
        max_chance_outcomes=max(len(COLOURS), LANE_COUNT),
        # Per round one gate per drop and one bet per piece.
        max_game_length=ROUNDS * (drops_per_round(num_players) + pieces * num_players),
        max_points=max_points,
    )
