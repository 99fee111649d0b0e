"""Game-specific knowledge for the bots: leaf values, playout moves and move priors.

One module per game (``get_the_cheese``, ``cheese_chasers``, ``cheese_drop``) offers an
``Evaluator`` (``cheese.bots.search.evaluator``, the interface the searches call);
``evaluator_for`` picks the one a game's description names (``GameDescription.evaluation``)
and falls back to the generic evaluator (points so far, uniform playouts) for any other
game; ``game_evaluators`` lists the games with one of their own (for the defaults each
game advises, shown by ``cheese bots``).
"""

from __future__ import annotations

from cheese.bots.evaluation.select import evaluator_for, game_evaluators

__all__ = ["evaluator_for", "game_evaluators"]
