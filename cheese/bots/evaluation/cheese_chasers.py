"""Cheese Chasers: score potential, trap risk and room for the next card.

A game is won only by placing all 40 cards, so the value of a position is an estimate
of ``P(finish) × reward(final score)``:

- **Reward** of a finished game: ``0.5 + 0.5 * s / (s + 30)`` for score ``s``; a lost
  game is worth 0. Finishing is worth half on its own because a duel compares two bots'
  scores on the same deck, and any finished game beats a lost one.
- **Score potential**: the table's score now (nice points, cheese bonus, surrounded
  groups) plus what the cards still to come usually add — a point and a bit per mouse,
  and part of the surround bonus of every cheese group still open on all sides.
- **Trap risk**: three active traps lose. The estimate counts the active traps, those
  that can never be switched off (a side taken by anything but an active mouse, which
  stays forever), the mice still missing around the others, the traps still in the deck
  and the ready holes (empty cells with four active mice around, where a trap is off at
  once).
- **Room**: a previous card with no empty neighbour loses at the next draw; one or two
  empty neighbours are a squeeze.

These combine as a logistic estimate of finishing (``finish_chance``). Placements are
valued by applying them (eight at most), and the playout policy takes the best one.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.bots.base import best_valued
from cheese.bots.search.evaluator import (
    CSearchAdvice,
    Evaluator,
    PlayoutPolicy,
    SearchAdvice,
)
from cheese.bots.search.rewards import Rewards, solitaire_reward
from cheese.engine import Action, State
from cheese.engine.cheese_chasers.board import DIRECTION_OFFSETS, Cell
from cheese.engine.cheese_chasers.cards import CAT, CHEESE, MOUSE, TRAP, Kind
from cheese.engine.cheese_chasers.state import ChasersState
from cheese.engine.cheese_chasers.view import VIEW_TYPE, ChasersView

Table = Mapping[Cell, Kind]

SCORE_SCALE = 30.0
"""Points at which a finished game's reward is three quarters, set by hand with the first
version of this evaluation."""
FINISH_WEIGHT = 0.5
"""The reward of finishing with no points (the other half grows with the score): half,
because any finished game beats a lost one in a duel on the same deck."""
POINTS_PER_MOUSE_LEFT = 1.3
"""Points a mouse still to come is expected to add, set by hand with the first version of
this evaluation."""
SURROUND_SHARE = 0.35
"""Part of a still-open cheese group's surround bonus counted as potential, set by hand
with the first version of this evaluation."""
LOSING_TRAPS = 3
"""Active traps that end the game lost, as the rules say."""
ORTHOGONAL = ((0, -1), (-1, 0), (1, 0), (0, 1))
"""The four sides of a cell, as (dx, dy)."""


@dataclass(frozen=True, slots=True)
class RiskWeights:
    """Coefficients of the logistic estimate of finishing the game, set by hand with the
    first version of this evaluation."""

    bias: float = 4.0
    per_excess_trap: float = 1.3
    """Per trap beyond the two that may stay active: active now or still to come."""
    per_stuck_trap: float = 1.6
    """Per active trap that can never be switched off."""
    per_missing_mouse: float = 0.25
    """Per active mouse still missing around the switchable active traps."""
    per_ready_hole: float = 0.7
    """Per ready hole (a trap placed there is off at once), at most two counted."""
    per_near_hole: float = 0.3
    """Per empty cell with three active mice around and the fourth side empty (at most
    two counted): one mouse away from a ready hole."""
    per_step_away: float = 0.3
    """Per step (beyond the first) from the previous card to the nearest cell still
    needing a mouse around an active trap."""
    squeeze: tuple[float, ...] = (2.0, 0.8, 0.3)
    """Penalty by the number of empty cells around the previous card (1, 2, 3); with
    none the next card cannot be placed and the game is lost."""


RISK = RiskWeights()
"""The weights the evaluation plays with: ``RiskWeights``' own."""


def reward_of_score(score: float, finish: float = FINISH_WEIGHT) -> float:
    """The reward of a finished game with ``score`` points, of which finishing alone is
    worth ``finish``."""
    return finish + (1.0 - finish) * solitaire_reward(score, SCORE_SCALE)


def sides(cell: Cell) -> list[Cell]:
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in ORTHOGONAL]


def active_mice(table: Table) -> set[Cell]:
    """The cells of the mice with no cat on any side."""
    return {
        cell
        for cell, kind in table.items()
        if kind == MOUSE and all(table.get(side) != CAT for side in sides(cell))
    }


@dataclass(frozen=True, slots=True)
class TrapReport:
    """The traps on a table: how many are active, stuck, and the mice still missing."""

    active: int
    stuck: int
    missing_mice: int
    wanted: tuple[Cell, ...]
    """The empty sides of the active traps that are not stuck: where mice are needed."""


def trap_report(table: Table, active: set[Cell]) -> TrapReport:
    """Active traps; those stuck (a side held by anything but an active mouse, forever);
    and the active mice still missing around the others."""
    active_traps = stuck = missing = 0
    wanted: list[Cell] = []
    for cell, kind in table.items():
        if kind != TRAP:
            continue
        around = sides(cell)
        absent = [side for side in around if side not in active]
        if not absent:
            continue
        active_traps += 1
        if any(side in table for side in absent):
            stuck += 1
        else:
            missing += len(absent)
            wanted.extend(absent)
    return TrapReport(active_traps, stuck, missing, tuple(wanted))


def holes(table: Table, active: set[Cell]) -> tuple[int, int]:
    """Ready holes (empty cells with an active mouse on every side: a trap placed there
    is off at once) and near holes (three active mice, the fourth side empty)."""
    candidates = {side for cell in active for side in sides(cell) if side not in table}
    ready = near = 0
    for cell in candidates:
        around = sides(cell)
        mice = sum(1 for side in around if side in active)
        if mice == 4:
            ready += 1
        elif mice == 3 and sum(1 for side in around if side not in table) == 1:
            near += 1
    return ready, near


def steps_to(cell: Cell, targets: Sequence[Cell]) -> int:
    """King-move distance from ``cell`` to the nearest of ``targets``."""
    x, y = cell
    return min(max(abs(x - tx), abs(y - ty)) for tx, ty in targets)


def empty_neighbours(table: Table, cell: Cell) -> int:
    x, y = cell
    return sum(1 for dx, dy in DIRECTION_OFFSETS if (x + dx, y + dy) not in table)


def cheese_groups(table: Table) -> list[list[Cell]]:
    groups: list[list[Cell]] = []
    seen: set[Cell] = set()
    for start, kind in table.items():
        if kind != CHEESE or start in seen:
            continue
        group = [start]
        seen.add(start)
        index = 0
        while index < len(group):
            for side in sides(group[index]):
                if table.get(side) == CHEESE and side not in seen:
                    seen.add(side)
                    group.append(side)
            index += 1
        groups.append(group)
    return groups


def group_bonus(size: int) -> int:
    return 10 if size == 1 else 20 * size


def score_parts(table: Table, active: set[Cell]) -> tuple[int, float]:
    """The table's score now, and the surround bonus still within reach."""
    nice = len(active)
    bonus = sum(1 for cell in active for side in sides(cell) if table.get(side) == CHEESE)
    surrounded = 0
    reachable = 0.0
    for group in cheese_groups(table):
        members = set(group)
        outside = [side for cell in group for side in sides(cell) if side not in members]
        if all(side in active for side in outside):
            surrounded += group_bonus(len(group))
        elif all(side not in table or side in active for side in outside):
            filled = sum(1 for side in outside if side in table) / len(outside)
            reachable += group_bonus(len(group)) * (0.3 + 0.7 * filled) * SURROUND_SHARE
    return nice + bonus + surrounded, reachable


def finish_chance(
    view: ChasersView, table: Table, active: set[Cell], weights: RiskWeights
) -> float:
    """The logistic estimate of placing every card from this position."""
    traps = trap_report(table, active)
    if traps.active >= LOSING_TRAPS:
        return 0.0
    traps_to_come = view.left[TRAP] + (1 if view.pending == TRAP else 0)
    excess = max(0, traps.active + traps_to_come - (LOSING_TRAPS - 1))
    logit = (
        weights.bias
        - weights.per_excess_trap * excess
        - weights.per_stuck_trap * traps.stuck
        - weights.per_missing_mouse * traps.missing_mice
    )
    if traps_to_come:
        ready, near = holes(table, active)
        logit += weights.per_ready_hole * min(2, ready) + weights.per_near_hole * min(2, near)
    if traps.wanted and view.last is not None:
        logit -= weights.per_step_away * max(0, steps_to(view.last, traps.wanted) - 1)
    cards_to_come = sum(view.left) + (1 if view.pending is not None else 0)
    if view.last is not None and cards_to_come:
        room = empty_neighbours(table, view.last)
        if room == 0:
            return 0.0
        if room <= len(weights.squeeze):
            logit -= weights.squeeze[room - 1]
    if logit >= 0.0:
        return 1.0 / (1.0 + math.exp(-logit))
    exponential = math.exp(logit)
    return exponential / (1.0 + exponential)


def chasers_view(state: State) -> ChasersView:
    """The player's view of ``state``, which the searches hold as a state of any game."""
    return VIEW_TYPE.of(state.view(0))


class CheeseChasersEvaluator(Evaluator):
    """``P(finish) × reward(score)`` estimated from the table; see the module doc."""

    __slots__ = ("weights", "finish")

    # Uniform playouts almost never finish: play the heuristic for a stretch, then let
    # the estimate judge. The next card has at most four kinds: expand it. Expectimax
    # (native backend) plays its leaves out to the end with the C heuristic: finishing is
    # all that counts, and a playout sees how a game ends better than the estimate does.
    # Every draw is seen, so the C search keys its tree by the drawn cards too.
    advice = SearchAdvice(
        playout=PlayoutPolicy.HEURISTIC,
        playout_depth=6,
        chance_width=4,
        view_only=True,
        hidden_information=False,
        native_playout=PlayoutPolicy.HEURISTIC,
        expectimax_depth=1,
        leaf_playouts=128,
        c_search=CSearchAdvice(iterations=3000, chance_nodes=True),
    )
    # A finished game known only by its points (a C playout) is worth its score's
    # reward; no points means lost (or, rarely, finished bare).
    solitaire_scale = SCORE_SCALE

    def __init__(self, weights: RiskWeights = RISK, finish: float = FINISH_WEIGHT) -> None:
        self.weights = weights
        self.finish = finish
        """What finishing alone is worth (``reward_of_score``)."""

    @property
    def solitaire_finish(self) -> float:
        return self.finish

    def with_solitaire_finish(self, finish: float) -> CheeseChasersEvaluator:
        return CheeseChasersEvaluator(self.weights, finish)

    def value(self, view: ChasersView, table: Table) -> float:
        """The estimated reward of the position ``view`` shows (``table`` its cards)."""
        active = active_mice(table)
        if view.ending is not None:
            if view.ending != "complete":
                return 0.0
            score, _ = score_parts(table, active)
            return reward_of_score(score, self.finish)
        score, reachable = score_parts(table, active)
        mice_to_come = view.left[MOUSE] + (1 if view.pending == MOUSE else 0)
        expected = score + reachable + POINTS_PER_MOUSE_LEFT * mice_to_come
        chance = finish_chance(view, table, active, self.weights)
        return chance * reward_of_score(expected, self.finish)

    def has_fitted_leaf_value(self) -> bool:
        """The C search's leaf value, fitted to a search's games by
        ``tools/chasers_value_fit.py``."""
        return True

    def rewards(self, state: State) -> Rewards:
        view = chasers_view(state)
        table = state.table if isinstance(state, ChasersState) else view.table()
        return (self.value(view, table),)

    def finishing(self) -> ChasersFinishEvaluator:
        """The evaluation that values finishing alone: the measure of the game's levels."""
        return ChasersFinishEvaluator(self.weights)

    def playout_action(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        return best_valued(legal, self.action_priors(state, legal), rng)[0]


class ChasersFinishEvaluator(CheeseChasersEvaluator):
    """Finishing alone: a finished game is worth 1 whatever its points (a C playout's
    finished game with no points at all counts as lost: rare, and never worse than
    having lost), a lost one 0, and a position its estimated chance of finishing."""

    __slots__ = ()

    def __init__(self, weights: RiskWeights = RISK) -> None:
        super().__init__(weights, finish=1.0)

    def value(self, view: ChasersView, table: Table) -> float:
        if view.ending is not None:
            return 1.0 if view.ending == "complete" else 0.0
        return finish_chance(view, table, active_mice(table), self.weights)

    def finishing(self) -> ChasersFinishEvaluator:
        return self


def make_evaluator() -> CheeseChasersEvaluator:
    return CheeseChasersEvaluator(RISK)
