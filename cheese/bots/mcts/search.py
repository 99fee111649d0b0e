"""One MCTS search: of the engine's tree from a turn, in C on the native backend (when the
spec allows) or in Python, or of a game's lines; what it learnt about the root moves.

**The engine's tree in C** (``native/search.c``) is the same information-set MCTS as the
Python loop (``tree``): a fresh determinization of the seat's view every iteration,
nodes keyed by the actions from the root, availability-counted UCB, progressive widening
by the game's priors, rewards per seat as ``cheese.bots.search.rewards``. Its leaves are
played out to the end by the game's C playout policy (uniform or its fast heuristic), so
leaf evaluations cut at a depth stay with the Python loop. The bot hands C nothing but a
determinization drawn through the ``Turn``: every iteration re-draws the hidden part of
it from the seat's view, so the search cannot see the true state. Root priors (virtual
visits at each move's one-ply value, the values greedy compares) steer the first
iterations toward the moves the evaluation likes.

**A game's lines** (``Evaluator.lines``, Cheese Drop's bets) are searched by UCT on the
searching seat's moves (``cheese.bots.lines.uct``), the other seats' replies predicted,
every end valued exactly. Lines are far smaller than the engine's tree (no chance left
but at the ends, one predicted reply per other seat), so a few hundred iterations see
the lines worth seeing. Root parallelism does not apply: the search is one process.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from cheese.bots.base import Turn
from cheese.bots.evaluation import evaluator_for
from cheese.bots.lines.model import Lines
from cheese.bots.lines.uct import UctLines
from cheese.bots.mcts.config import (
    Inference,
    KeptWorld,
    MctsConfig,
    NativeSearch,
    OthersMoves,
)
from cheese.bots.mcts.tree import Node, run_iteration, seed_root
from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, one_ply_values
from cheese.bots.search.playouts import C_POLICIES
from cheese.engine import Action, Game, State
from cheese.engine.registry import NATIVE

OTHERS_IN_C = {OthersMoves.EXACT: 0, OthersMoves.SEEN: 1, OthersMoves.TREES: 2}
"""``others=`` as ``search.c``'s ``others_seen`` setting."""
OUT_OF_SEARCH = -1.0
"""The prior value of a root move outside the root width: below every reward, so its
virtual visits keep the search off it."""


class SearchLoop(StrEnum):
    """Which loop ran a search (a decision's ``info["loop"]``)."""

    C = "c"
    """The engine's tree, in C."""
    PYTHON = "python"
    """The engine's tree, in Python."""
    LINES = "lines"
    """A game's lines, by UCT."""


@dataclass(frozen=True, slots=True)
class TrueRoot:
    """The state behind a turn, and what of it a clairvoyant search keeps as it is: the
    root of a measuring instrument's search (``tools/gtc_ceiling.py``), which no bot
    spec reaches."""

    state: State
    kept: KeptWorld = KeptWorld.WORLD
    redraw: float = 0.0
    """With ``KeptWorld.TABLE``: the chance an iteration draws the whole world as a blind
    search does instead of keeping the table; with ``KeptWorld.CARDS``, the chance each
    hidden card on the table is dealt so instead of kept (a table known in part)."""


@dataclass(frozen=True, slots=True)
class RootStats:
    """What one search learnt about the root moves: (action, visits, reward sum)."""

    iterations: int
    elapsed: float
    children: tuple[tuple[Action, int, float], ...]
    loop: SearchLoop = SearchLoop.PYTHON


def root_prior_values(
    turn: Turn, evaluator: Evaluator, legal: Sequence[Action], rng: random.Random
) -> list[float]:
    """The one-ply values of the root moves over as many determinizations as greedy
    draws (one when the evaluation reads only the public view), which seed the root of a
    search."""
    draws = 1 if evaluator.advice.view_only else ONE_PLY_SAMPLES
    worlds = [(turn.determinize(rng), 1) for _ in range(draws)]
    return one_ply_values(evaluator, worlds, turn.seat, legal)


def configured_evaluator(game: Game, config: MctsConfig) -> Evaluator:
    """The game's evaluation with the rewards ``config`` asks for (``finish=``, in a game
    that has such a reward; others keep their own)."""
    evaluator = evaluator_for(game)
    if config.finish is None:
        return evaluator
    changed = evaluator.with_solitaire_finish(config.finish)
    return evaluator if changed is None else changed


def search(
    turn: Turn, config: MctsConfig, seed: int, card_odds: Sequence[int] | None = None
) -> RootStats:
    """One search of ``turn``'s tree within its budget, all randomness from ``seed``: in C
    on the native backend (when the spec allows), else in Python. ``card_odds``, the odds
    of the others' hidden cards (``infer=policy``), deal those cards in C."""
    evaluator = configured_evaluator(turn.game, config)
    native = turn.game.backend == NATIVE
    settings = config.native_search(evaluator.advice.c_search) if native else None
    if settings is not None:
        return search_in_c(turn, settings, evaluator, seed, card_odds=card_odds)
    return search_in_python(turn, config, evaluator, seed)


def search_in_python(
    turn: Turn, config: MctsConfig, evaluator: Evaluator, seed: int
) -> RootStats:
    """One search of ``turn``'s tree by the Python loop (``tree``).

    With ``config.prior`` the root is first seeded with the moves' one-ply values.
    """
    rng = random.Random(seed)
    policy = config.tree_policy(evaluator.advice, turn.game.backend == NATIVE)
    root = Node()
    stopwatch = config.budget.start()
    if config.prior:
        legal = turn.legal_actions()
        seed_root(root, legal, root_prior_values(turn, evaluator, legal, rng))
    while True:  # at least one iteration, however short the time limit
        run_iteration(root, turn.determinize(rng), evaluator, policy, rng)
        stopwatch.done += 1
        if stopwatch.exhausted():
            break
    children = tuple(
        (action, child.visits, child.reward_sum) for action, child in sorted(root.children.items())
    )
    return RootStats(stopwatch.done, stopwatch.elapsed(), children)


def search_in_c(
    turn: Turn,
    settings: NativeSearch,
    evaluator: Evaluator,
    seed: int,
    *,
    truth: TrueRoot | None = None,
    card_odds: Sequence[int] | None = None,
) -> RootStats:
    """One search of ``turn``'s tree by the C loop (``native.search``).

    With ``truth`` the search is clairvoyant: its root is the state behind the turn, with
    what ``truth.kept`` says kept as it is in every iteration. ``card_odds``, odds over
    the others' hidden cards (``infer=policy``, or a measuring instrument's posterior;
    ``native.search``), deals them by its odds in every iteration."""
    from cheese.bots.mcts.native.search import search as c_search
    from cheese.engine.native import NativeState

    rng = random.Random(seed)
    world = turn.determinize(rng) if truth is None else truth.state
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
    weights = None
    if settings.infer is Inference.MODEL:
        weights = evaluator.hidden_card_weights()
        if weights is None:
            raise ValueError(
                f"mcts:infer=model: {turn.game.info.slug} has no model of hidden cards; "
                "use infer=none"
            )
    if settings.others is not OthersMoves.EXACT and not evaluator.hides_moves():
        raise ValueError(
            f"mcts:others={settings.others.value}: {turn.game.info.slug} hides nothing of a "
            "move; use others=exact"
        )
    if settings.leaf_value and not evaluator.has_fitted_leaf_value():
        raise ValueError(
            f"mcts:value={settings.leaf_value:g}: {turn.game.info.slug} has no fitted leaf "
            "value; use value=0"
        )
    result = c_search(
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
        determinize_weights=weights,
        leaf_value=settings.leaf_value,
        others=OTHERS_IN_C[settings.others],
        keep_world=KeptWorld.NONE if truth is None else truth.kept,
        redraw_table=0.0 if truth is None else truth.redraw,
        card_odds=card_odds,
    )
    return RootStats(result.iterations, result.elapsed, result.children, SearchLoop.C)


def search_lines(lines: Lines[Any], config: MctsConfig) -> tuple[UctLines, float]:
    """A UCT search of ``lines`` within the config's budget, and the seconds it took."""
    settings = config.lines_search()
    watch = settings.budget.start()
    uct = UctLines(lines, lines.moves(lines.root), settings.exploration, settings.widen)
    while not watch.exhausted():
        uct.iterate()
        watch.done += 1
    return uct, watch.elapsed()
