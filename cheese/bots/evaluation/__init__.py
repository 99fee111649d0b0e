"""Game-specific knowledge for the bots: leaf values, playout moves and move priors.

One module per game (``get_the_cheese``, ``cheese_chasers``, ``cheese_drop``) offers an
``Evaluator``; ``evaluator_for`` picks the one for a game and falls back to the generic
evaluator (points so far, uniform playouts) for any other game.
"""

from __future__ import annotations

from cheese.bots.evaluation.base import Evaluator, SearchAdvice
from cheese.bots.evaluation.select import evaluator_for

__all__ = ["Evaluator", "SearchAdvice", "evaluator_for"]
