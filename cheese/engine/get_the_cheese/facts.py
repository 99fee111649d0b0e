"""Get The Cheese!'s sizes and bounds for other frameworks, derived from the rules.

>>> from cheese.engine.get_the_cheese.options import default_options
>>> game_facts(4, default_options()).num_distinct_actions
2745
"""

from __future__ import annotations

from collections.abc import Mapping

from cheese.engine.api import OptionValue
from cheese.engine.facts import GameFacts
from cheese.engine.get_the_cheese.cards import CARD_VALUES, KIND_COUNT
from cheese.engine.get_the_cheese.moves import PLAY_BASE, TRIPLES_PER_START
from cheese.engine.get_the_cheese.options import CHEESES_PER_PLAYER


def game_facts(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    """The facts for ``num_players`` and the normalised ``options``."""
    composition = options["composition"]
    cheese_values = options["cheese_values"]
    assert isinstance(composition, tuple) and isinstance(cheese_values, tuple)
    cards_per_seat = sum(composition)
    cheeses = CHEESES_PER_PLAYER * num_players
    return GameFacts(
        num_players=num_players,
        # "draw 3" and a play of three kinds from any cheese of the circle.
        num_distinct_actions=PLAY_BASE + cheeses * TRIPLES_PER_START,
        # A cheese card deals its number; a card draw deals a kind.
        max_chance_outcomes=max(max(cheese_values) + 1, KIND_COUNT),
        # Every decision moves at least one card, from deck to hand or hand to table,
        # and a card makes each of those moves once.
        max_game_length=2 * cards_per_seat * num_players,
        # A score pile holds at most every mouse and cat on the table.
        max_points=num_players * sum(
            count * value for count, value in zip(composition, CARD_VALUES)
        ),
    )
