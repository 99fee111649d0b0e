"""The expectimax bot: depth-limited max^n search averaged over determinizations.

The root draws ``samples`` determinizations of the seat's view (equal ones merged; one
when the game hides nothing a search reads) and values each of its ``root`` best moves
(by the evaluator's priors; all of them by default) by the mean, over those worlds, of
the acting seat's reward after a depth-limited expectimax search
(``cheese.bots.expectimax_search``: max^n, exact small chance nodes, Star1 and shallow
pruning). The worlds act like a chance node at the root, so a move is dropped as soon as
its partial mean can no longer beat the best move so far.

**Leaves** are valued by the game's evaluation (``leaf=eval``) or by the mean of
``playouts`` playouts to the end (``leaf=playout``: in C on the native backend, through
the engine otherwise). ``leaf=auto`` plays out where the game advises C playouts and the
backend is native — Get The Cheese!, whose one-ply evaluation cannot see the next seats'
replies that a playout plays, and Cheese Chasers, where only finishing counts and a
playout sees how a game ends better than the estimate — and uses the evaluation
elsewhere. Every leaf of a world is played out with the same seeds, so the moves
compared meet the same luck. ``playouts=0`` takes the game's advice (16 in Get The
Cheese!, 128 in Cheese Chasers).

**Depth** ``0`` (the default) takes the game's advice: one decision where leaves are
played out (below it, Cheese Chasers' next card is still an exact chance node), two in
Cheese Drop. Where the game models the lines that follow a decision
(``Evaluator.lines``: Cheese Drop's bets, to the end of the round's betting, the other
seats' replies predicted by their one-ply values, the finished round valued exactly
over the hidden rows), depth 0 searches those lines instead
(``cheese.bots.lines.full_search.best_line_values``, the seat trying the lines' own width
of moves at its later turns), and a decision the evaluation ranks best by itself
(``Evaluator.decided_by_one_ply``: Cheese Drop's gates) is played by the one-ply values,
as greedy plays it. An explicit depth searches every decision in the engine's tree.

Budget: ``depth=`` decisions; with ``time=`` the search deepens one decision at a time
(iterative deepening, best moves of the last depth searched first) until the time is up
or ``depth`` is reached, and plays the result of the deepest finished depth; it stops
early when a deeper search cannot change anything. If even depth 1 is cut short, the
best of the moves valued so far is played (moves are valued in the order of the
evaluator's priors).
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.bots.base import ConfiguredBot, Decision, Turn, best_valued, top_choices
from cheese.bots.evaluation import evaluator_for
from cheese.bots.expectimax_search import EPSILON, UPPER, OutOfTime, WorldSearch
from cheese.bots.lines.full_search import best_line_values
from cheese.bots.search.evaluator import Evaluator, SearchAdvice
from cheese.bots.search.one_ply import distinct_worlds, one_ply_decision, one_ply_values
from cheese.bots.search.plan import OnePly, SearchLines, plan_turn
from cheese.bots.spec import (
    ChoiceParameter,
    FloatParameter,
    IntParameter,
    Parameter,
    SettingValue,
    compose_spec,
    read_settings,
)
from cheese.engine import Action, State
from cheese.engine.registry import NATIVE

NAME = "expectimax"
DESCRIPTION = "depth-limited max^n expectimax with exact chance, over determinizations"
DEFAULT_SAMPLES = 4
DEFAULT_WIDTH = 8
DEFAULT_ROOT_WIDTH = 0
GAME_ADVICE = 0
AUTO = "auto"
EVALUATION = "eval"
PLAYOUT = "playout"
MAX_DEPTH = 50
PARAMETERS: tuple[Parameter, ...] = (
    IntParameter("depth", GAME_ADVICE, 0, MAX_DEPTH,
                 "decisions searched; 0 = the game's advice (Cheese Drop's bets: the "
                 "round's lines; with time=: the deepest allowed, default unlimited)"),
    FloatParameter("time", 0.0, 0.0, 3600.0,
                   "seconds per move, deepening one decision at a time; 0 = no time limit"),
    IntParameter("samples", DEFAULT_SAMPLES, 1, 1000,
                 "determinizations of the hidden cards averaged at the root"),
    IntParameter("root", DEFAULT_ROOT_WIDTH, 0, 10_000,
                 "moves searched at the root, best priors first; 0 = all"),
    IntParameter("width", DEFAULT_WIDTH, 0, 1000,
                 "moves searched at decisions below the root, best priors first; 0 = all"),
    IntParameter("chance", GAME_ADVICE, 0, 100_000,
                 "chance branches expanded exactly between two decisions; 0 = the game's advice"),
    ChoiceParameter("leaf", AUTO, (AUTO, EVALUATION, PLAYOUT),
                    "leaf values: the game's evaluation, or C playouts (native backend); "
                    "auto = playouts where the game plays them out in C"),
    IntParameter("playouts", GAME_ADVICE, 0, 10_000,
                 "playouts averaged per played-out leaf; 0 = the game's advice"),
)


@dataclass(frozen=True, slots=True)
class ExpectimaxConfig:
    """The settings of the expectimax bot, checked."""

    depth: int = GAME_ADVICE
    """Decisions searched; 0 takes the game's advice."""
    seconds: float | None = None
    samples: int = DEFAULT_SAMPLES
    root_width: int = DEFAULT_ROOT_WIDTH
    width: int = DEFAULT_WIDTH
    chance_width: int = GAME_ADVICE
    """0 takes the game's advice."""
    leaf: str = AUTO
    playouts: int = GAME_ADVICE
    """0 takes the game's advice."""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ExpectimaxConfig:
        settings = read_settings(NAME, PARAMETERS, params)
        seconds = settings.number("time") or None
        depth = settings.integer("depth")
        if seconds is not None and not settings.is_given("depth"):
            depth = MAX_DEPTH
        return cls(
            depth=depth,
            seconds=seconds,
            samples=settings.integer("samples"),
            root_width=settings.integer("root"),
            width=settings.integer("width"),
            chance_width=settings.integer("chance"),
            leaf=settings.choice("leaf"),
            playouts=settings.integer("playouts"),
        )

    @property
    def spec(self) -> str:
        changed: list[tuple[str, SettingValue]] = []
        if self.depth != (GAME_ADVICE if self.seconds is None else MAX_DEPTH):
            changed.append(("depth", self.depth))
        if self.seconds is not None:
            changed.append(("time", self.seconds))
        if self.samples != DEFAULT_SAMPLES:
            changed.append(("samples", self.samples))
        if self.root_width != DEFAULT_ROOT_WIDTH:
            changed.append(("root", self.root_width))
        if self.width != DEFAULT_WIDTH:
            changed.append(("width", self.width))
        if self.chance_width != GAME_ADVICE:
            changed.append(("chance", self.chance_width))
        if self.leaf != AUTO:
            changed.append(("leaf", self.leaf))
        if self.playouts != GAME_ADVICE:
            changed.append(("playouts", self.playouts))
        return compose_spec(NAME, changed)


@dataclass(frozen=True, slots=True)
class RootResult:
    """One finished (or cut-short) depth: the value of each action that was valued.

    The best value is exact; an action whose search was cut short by the pruning keeps a
    value that is only known not to beat the best (good enough to order the next depth).
    """

    depth: int
    values: dict[Action, float]
    complete: bool
    cut_by_depth: bool


def root_candidates(
    evaluator: Evaluator, worlds: Sequence[tuple[State, int]], legal: Sequence[Action], width: int
) -> list[Action]:
    """The root moves to search, best priors (summed over the worlds) first."""
    totals = [0.0] * len(legal)
    for world, weight in worlds[:1] if evaluator.advice.view_only else worlds:
        for index, prior in enumerate(evaluator.action_priors(world, legal)):
            totals[index] += weight * prior
    ranked = [legal[index] for index in sorted(range(len(legal)), key=lambda index: -totals[index])]
    return ranked[:width] if width else ranked


def search_depth(
    search: WorldSearch,
    worlds: Sequence[tuple[State, int, int]],
    order: Sequence[Action],
    seat: int,
    depth: int,
) -> RootResult:
    """Value the root actions in ``order`` at ``depth``; pruned actions are left out.

    ``worlds`` holds (determinization, weight, luck seed). Stops with ``complete=False``
    when the deadline passes.
    """
    total = sum(weight for _, weight, _ in worlds)
    values: dict[Action, float] = {}
    search.cut_by_depth = False
    if depth == 1 and search.chance_width <= 1 and search.playout is None:
        # One call per world values every move; an evaluation that reads only the
        # public view gives every world the same values, so one world does.
        evaluator = search.evaluator
        valued = worlds[:1] if evaluator.advice.view_only else worlds
        values_now = one_ply_values(
            evaluator, [(world, weight) for world, weight, _ in valued], seat, order
        )
        search.nodes += len(order) * len(valued)
        first = worlds[0][0]
        deeper = any(not evaluator.values_directly(first.apply(action)) for action in order)
        return RootResult(depth, dict(zip(order, values_now)), True, deeper)
    best = -UPPER
    try:
        for action in order:
            accumulated = 0.0
            remaining = total
            pruned = False
            for world, weight, luck in worlds:
                if values and accumulated + remaining * UPPER <= best * total - EPSILON:
                    pruned = True
                    break
                remaining -= weight
                threshold = (best * total - accumulated - remaining * UPPER) / weight
                search.luck_seed = luck
                child = search.child_value(
                    world, action, depth - 1, seat, threshold if values else -UPPER
                )
                accumulated += weight * child[seat]
            if pruned:
                continue
            mean = accumulated / total
            if not values or mean > best:
                best = mean
            values[action] = mean
    except OutOfTime:
        return RootResult(depth, values, False, search.cut_by_depth)
    return RootResult(depth, values, True, search.cut_by_depth)


def leaf_playout(config: ExpectimaxConfig, advice: SearchAdvice, native: bool) -> str | None:
    """The playout policy that values the leaves, or None for the evaluation.

    ``leaf=auto`` plays out in C where the game advises it (native backend only);
    ``leaf=playout`` always plays out (in C on native states, else through the engine
    with the evaluator's playout moves), with the game's C policy or uniform moves.
    """
    if config.leaf == EVALUATION:
        return None
    if config.leaf == PLAYOUT:
        return advice.native_playout or "heuristic"
    return advice.native_playout if native else None


def lines_decision(
    legal: int, moves: Sequence[Action], values: Sequence[float], rng: random.Random,
    started: float,
) -> Decision:
    """Of the ``moves`` searched (among ``legal`` moves), the one whose best line is
    worth most (exact ties: the rng)."""
    action, best_value = best_valued(moves, values, rng)
    return Decision(
        action,
        {
            "legal": legal,
            "depth": "lines",
            "value": round(best_value, 4),
            "elapsed": round(time.perf_counter() - started, 4),
        },
        top=top_choices({move: round(value, 4) for move, value in zip(moves, values)}),
        top_measure="value",
    )


class ExpectimaxBot(ConfiguredBot[ExpectimaxConfig]):
    """Expectimax over determinizations; see the module docstring."""

    __slots__ = ()

    config_type = ExpectimaxConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        started = time.perf_counter()
        config = self.config
        deadline = None if config.seconds is None else started + config.seconds
        evaluator = evaluator_for(turn.game)
        match plan_turn(turn, evaluator, rng, game_decides=config.depth == GAME_ADVICE):
            case OnePly():
                return one_ply_decision(turn, evaluator, rng, config.samples)
            case SearchLines(lines):
                # Ascending, as the legal moves are: the rng breaks exact ties alike.
                moves = sorted(lines.moves(lines.root))
                return lines_decision(
                    len(legal), moves, best_line_values(lines, moves), rng, started
                )
        samples = config.samples if evaluator.advice.hidden_information else 1
        merged = distinct_worlds(turn, rng, samples)
        worlds = [(world, weight, rng.getrandbits(64)) for world, weight in merged]
        chance_width = config.chance_width or evaluator.advice.chance_width
        native = turn.game.backend == NATIVE
        playout = leaf_playout(config, evaluator.advice, native)
        search = WorldSearch(
            evaluator,
            config.width,
            chance_width,
            deadline,
            playout,
            config.playouts or evaluator.advice.leaf_playouts,
            native,
        )
        order = root_candidates(evaluator, merged, legal, config.root_width)
        finished: RootResult | None = None
        for depth in range(1, (config.depth or evaluator.advice.expectimax_depth) + 1):
            result = search_depth(search, worlds, order, turn.seat, depth)
            if result.complete or finished is None:
                if result.values:
                    finished = result
            if not result.complete or not result.cut_by_depth:
                break
            # Search the best moves of this depth first next time: more pruning.
            order = sorted(order, key=lambda action: -result.values.get(action, -UPPER))
        if finished is None:
            # Not even one action was valued in time: trust the priors.
            finished = RootResult(0, {order[0]: 0.0}, False, True)
        valued = [action for action in order if action in finished.values]
        action, best_value = best_valued(
            valued, [finished.values[action] for action in valued], rng
        )
        return Decision(
            action,
            {
                "legal": len(legal),
                "candidates": len(order),
                "depth": finished.depth,
                "value": round(best_value, 4),
                "worlds": len(worlds),
                "nodes": search.nodes,
                "elapsed": round(time.perf_counter() - started, 4),
            },
            top=top_choices({move: round(value, 4) for move, value in finished.values.items()}),
            top_measure="value",
        )
