"""What other frameworks must be told up front about a game: sizes and bounds.

Each game derives its own from the rules (``GameDescription.facts``, in the game's
package); this is the adapters' one way to ask for them by slug.

>>> from cheese.engine import load_game
>>> facts = game_facts("cheese-drop", 2, load_game("cheese-drop").default_options())
>>> facts.num_distinct_actions, facts.max_chance_outcomes, facts.max_game_length
(15625, 6, 30)
"""

from __future__ import annotations

from collections.abc import Mapping

from cheese.engine.api import OptionValue
from cheese.engine.facts import GameFacts
from cheese.engine.games import describe

__all__ = ["GameFacts", "game_facts"]


def game_facts(slug: str, num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    """The facts of ``slug`` for ``num_players`` and the normalised ``options``."""
    return describe(slug).facts(num_players, options)
