"""The MCTS bot's search on the native backend: the whole loop in C
(``cheese.bots.native.search``).

The C loop (``cheese/bots/native/search.c``) is the same information-set MCTS as
``cheese.bots.mcts_tree``: a fresh determinization of the seat's view every iteration,
nodes keyed by the actions from the root, availability-counted UCB, progressive widening
by the game's priors, rewards per seat as ``cheese.bots.search.rewards``. Its leaves are played
out to the end by the game's C playout policy (uniform or its fast heuristic), so leaf
evaluations cut at a depth stay with the Python loop.

The bot hands C nothing but a determinization drawn through the ``Turn``: every
iteration re-draws the hidden part of it from the seat's view, so the search cannot see
the true state. Root priors (virtual visits at each move's one-ply value, the values
greedy compares) steer the first iterations toward the moves the evaluation likes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots.base import Turn
from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.one_ply import one_ply_values
from cheese.bots.search.playouts import C_POLICIES
from cheese.engine import Action
from cheese.engine.registry import NATIVE

OUT_OF_SEARCH = -1.0
"""The prior value of a root move outside the root width: below every reward, so its
virtual visits keep the search off it."""
PRIOR_WORLDS = 4
"""Determinizations the root moves' one-ply values are averaged over (one when the
evaluation reads only the public view)."""


def runs_in_c(turn: Turn) -> bool:
    """Whether the turn's game is native, so that the search can run in C."""
    return turn.game.backend == NATIVE


@dataclass(frozen=True, slots=True)
class NativeSearch:
    """The settings of one C search (see ``cheese.bots.native.search.search``)."""

    iterations: int
    seconds: float | None
    exploration: float
    widen: float
    playout: str
    prior_visits: int
    leaf_playouts: int
    chance_nodes: bool
    root_width: int = 0


def root_prior_values(
    turn: Turn, evaluator: Evaluator, legal: Sequence[Action], rng: random.Random
) -> list[float]:
    """The one-ply values of the root moves over ``PRIOR_WORLDS`` determinizations (one
    when the evaluation reads only the public view), which seed the root of a search."""
    draws = 1 if evaluator.advice.view_only else PRIOR_WORLDS
    worlds = [(turn.determinize(rng), 1) for _ in range(draws)]
    return one_ply_values(evaluator, worlds, turn.seat, legal)


def search_in_c(
    turn: Turn, settings: NativeSearch, evaluator: Evaluator, seed: int
) -> tuple[int, float, tuple[tuple[Action, int, float], ...]]:
    """One C search of ``turn``: (iterations, seconds, (action, visits, reward sum) per
    root move). All randomness comes from ``seed``."""
    from cheese.bots.native.search import search
    from cheese.engine.native import NativeState

    rng = random.Random(seed)
    world = turn.determinize(rng)
    assert isinstance(world, NativeState), f"not a native state: {world!r}"
    priors = None
    if settings.prior_visits:
        legal = turn.legal_actions()
        values = root_prior_values(turn, evaluator, legal, rng)
        if 0 < settings.root_width < len(legal):
            ranked = sorted(range(len(legal)), key=lambda index: -values[index])
            for index in ranked[settings.root_width:]:
                values[index] = OUT_OF_SEARCH
        priors = dict(zip(legal, values))
    result = search(
        world,
        turn.seat,
        iterations=settings.iterations,
        seconds=settings.seconds,
        exploration=settings.exploration,
        widen=settings.widen,
        policy=C_POLICIES[settings.playout],
        seed=rng.getrandbits(64),
        solitaire_scale=evaluator.solitaire_scale,
        solitaire_finish=evaluator.solitaire_finish,
        priors=priors,
        prior_visits=settings.prior_visits,
        chance_nodes=settings.chance_nodes,
        leaf_playouts=settings.leaf_playouts,
    )
    return result.iterations, result.elapsed, result.children
