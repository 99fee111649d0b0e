"""Which evaluation a game uses: the one its description names, else the generic one."""

from __future__ import annotations

from cheese.bots.evaluation.generic import GenericEvaluator
from cheese.bots.search.evaluator import Evaluator
from cheese.engine import Game
from cheese.engine.games import GAMES, registered


def evaluator_for(game: Game) -> Evaluator:
    """The evaluation written for ``game``, or the generic one for any other game."""
    return evaluator_of(game.info.slug)


def evaluator_of(slug: str) -> Evaluator:
    """The evaluation written for the game ``slug`` (``GameDescription.evaluation``), or
    the generic one."""
    description = registered(slug)
    evaluation = None if description is None else description.evaluation
    if evaluation is None:
        return GenericEvaluator()
    # The abstract base is the type to check against: what is built is a game's subclass.
    return evaluation.build(Evaluator)  # type: ignore[type-abstract]


def game_evaluators() -> tuple[tuple[str, Evaluator], ...]:
    """Every game with an evaluation of its own (slug, evaluation), in the games' order."""
    return tuple(
        (game.slug, evaluator_of(game.slug)) for game in GAMES if game.evaluation is not None
    )
