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
        "cheese-drop": "cheese.bots.evaluation.cheese_drop.evaluator",
    }
)
"""The module of each game's own evaluation (its ``make_evaluator``), by slug."""


def evaluator_for(game: Game) -> Evaluator:
    """The evaluation written for ``game``, or the generic one for any other game."""
    return evaluator_of(game.info.slug)


def evaluator_of(slug: str) -> Evaluator:
    """The evaluation written for the game ``slug``, or the generic one."""
    module_name = EVALUATION_MODULES.get(slug)
    if module_name is None:
        return GenericEvaluator()
    evaluator: Evaluator = importlib.import_module(module_name).make_evaluator()
    return evaluator


def game_evaluators() -> tuple[tuple[str, Evaluator], ...]:
    """Every game with an evaluation of its own (slug, evaluation), in table order."""
    return tuple((slug, evaluator_of(slug)) for slug in EVALUATION_MODULES)
