"""How a turn is searched: by its one-ply values, through the engine's tree, or along the
lines the game models. Every search asks here, so they all take a turn the same way.

The game's evaluation decides (``Evaluator.decided_by_one_ply``, ``Evaluator.lines``)
unless the bot's spec names how to search, which then holds for every turn.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, TypeAlias

from cheese.bots.base import Turn
from cheese.bots.lines.model import Lines
from cheese.bots.search.evaluator import EndValue, Evaluator


@dataclass(frozen=True, slots=True)
class OnePly:
    """Play the best one-ply value, as greedy does: the evaluation already integrates what
    follows up to the next decision worth searching, more finely than a search can."""


@dataclass(frozen=True, slots=True)
class SearchTree:
    """Search the engine's tree of the game."""


@dataclass(frozen=True, slots=True)
class SearchLines:
    """Search the game's model of the lines after this decision instead of the tree."""

    lines: Lines[Any]


TurnPlan: TypeAlias = OnePly | SearchTree | SearchLines


def plan_turn(
    turn: Turn,
    evaluator: Evaluator,
    rng: random.Random,
    *,
    game_decides: bool = True,
    end_value: EndValue = EndValue.LEAD,
) -> TurnPlan:
    """How to search ``turn``: as the game's evaluation advises, or through the engine's
    tree whatever it advises when not ``game_decides`` (a spec that names how to search).
    Modelling the lines may draw from ``rng``; their ends are valued as ``end_value``
    says."""
    if not game_decides:
        return SearchTree()
    if evaluator.decided_by_one_ply(turn.view):
        return OnePly()
    lines = evaluator.lines(turn, rng, end_value)
    return SearchTree() if lines is None else SearchLines(lines)
