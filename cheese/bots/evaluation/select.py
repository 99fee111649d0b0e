"""Which evaluation a game uses."""

from __future__ import annotations

import importlib
from types import MappingProxyType

from cheese.bots.evaluation.generic import GenericEvaluator
from cheese.bots.search.evaluator import Evaluator
from cheese.engine import Game

EVALUATION_MODULES = MappingProxyType(
    {
        "get-the-cheese": "cheese.bots.evaluation.get_the_cheese",
        "cheese-chasers": "cheese.bots.evaluation.cheese_chasers",
        "cheese-drop": "cheese.bots.evaluation.cheese_drop",
    }
)


def evaluator_for(game: Game) -> Evaluator:
    """The evaluation written for ``game``, or the generic one for any other game."""
    module_name = EVALUATION_MODULES.get(game.info.slug)
    if module_name is None:
        return GenericEvaluator()
    evaluator: Evaluator = importlib.import_module(module_name).make_evaluator()
    return evaluator
