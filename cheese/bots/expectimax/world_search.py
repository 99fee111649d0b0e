"""Depth-limited expectimax over one determinized world, max^n, with sound pruning.

**Convention: max^n.** At a decision node the seat to act takes the child that is best
for itself; a node's value is the whole reward vector of that child. (Paranoid search —
everyone against the searching seat — would allow deeper alpha-beta cuts but makes a bot
timid in games where the others mostly chase their own points, as here.)

**Chance.** A chance node is expanded exactly (weights as the engine gives them) as long
as the chance branches since the last decision multiply to at most ``chance_width``.
Beyond that, a node with decisions still to search follows the one outcome that the
world's own luck gives it (each world carries a luck seed; an event's outcome is drawn
from its chance key, so every move compared meets the same luck), and a node at the
depth limit is valued by the evaluator (evaluations handle chance nodes, e.g. the
distribution of a falling marble). ``depth`` counts decisions only. When the game
expands no chance at all (``chance_width`` 1), the last decision's candidate moves are
valued in one ``action_values`` call.

**Candidate moves.** A decision node searches the ``width`` moves with the best priors
(all when ``width`` is 0); at the last decision before the leaves, whose children are
valued in one ``action_values`` call, every move.

**Nodes the evaluation models.** Where the evaluator says its value already accounts
for a node (``values_directly``: Cheese Drop's draws, fall and gates, whose outcomes its
lane model integrates), the node is valued, not expanded. A move's child of that kind is
valued from the parent by ``action_values``, which works from what the mover knows: a
search that passes Cheese Drop's last bet of a round thus scores it by the lanes' law,
never by the hidden lanes of its determinization.

**Pruning** relies on two facts: every reward lies in [0, 1], and in games of two or more
seats the rewards add up to a constant ``S`` (``cheese.bots.search.rewards``). A caller passes a
*guard* (seat ``g``, value ``t``): it will only use this node's value if the value for
``g`` exceeds ``t``, so the node may stop as soon as that is impossible.

- At a chance node (Star1): after children of total weight ``w`` with summed value
  ``a`` for ``g``, the node's value for ``g`` is at most ``(a + (W - w)) / W``; stop when
  that is ≤ ``t``. Each child gets the guard it must beat for the node still to matter.
- At a decision node of seat ``m ≠ g`` (shallow max^n pruning): once ``m`` is sure of
  ``b``, ``g`` gets at most ``S - b``; stop when that is ≤ ``t``.
- At a decision node of ``g`` itself the guard is raised to the best value so far, as
  alpha is in alpha-beta.

Pruned values are only bounds, which the guard guarantees are never used.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from cheese.bots.search.evaluator import Evaluator, PlayoutPolicy
from cheese.bots.search.playouts import c_playout, c_playout_batch, engine_playout, mean_rewards
from cheese.bots.search.rewards import Rewards, reward_sum
from cheese.engine import Action, State
from cheese.engine.luck import keyed_hash, keyed_outcome

UPPER = 1.0
"""The largest reward (``cheese.bots.search.rewards``)."""
EPSILON = 1e-9
"""Slack for floating-point sums when testing a bound: far above their rounding errors,
far below any difference of rewards that matters."""
NO_SEAT = -1
"""The guard seat of a value that no caller guards."""
PLAYOUT_SEEDS = 1 << 62
"""Keys (with the world's luck seed) of the seeds of leaf playouts; far from chance keys."""


class OutOfTime(Exception):
    """The deadline passed in the middle of a search."""


class WorldSearch:
    """Expectimax of one depth over determinized worlds, sharing counters and a deadline."""

    __slots__ = ("evaluator", "width", "chance_width", "deadline", "nodes", "cut_by_depth",
                 "luck_seed", "playout", "leaf_playouts", "native", "batched", "_playout_seeds")

    def __init__(
        self, evaluator: Evaluator, width: int, chance_width: int, deadline: float | None,
        playout: PlayoutPolicy | None = None, leaf_playouts: int = 0, native: bool = False,
        batched: bool = False,
    ) -> None:
        self.evaluator = evaluator
        self.playout = playout
        """The playout policy that values leaves (random or heuristic), or None for the
        evaluation."""
        self.leaf_playouts = leaf_playouts
        """Playouts averaged at a leaf."""
        self.native = native
        """Whether the playouts run in C."""
        self.batched = batched
        """Whether a leaf's C playouts run in one call, from one seed drawn from the
        world's luck (several times faster; the default keeps a seed per playout, with
        which the game's levels were measured)."""
        self.width = width
        """Actions searched at a decision node (best priors first); 0 = all."""
        self.chance_width = chance_width
        self.deadline = deadline
        self.nodes = 0
        self.cut_by_depth = False
        """Whether some leaf was valued because the depth ran out (deeper may differ)."""
        self.luck_seed = 0
        self._playout_seeds: tuple[int, list[int]] | None = None
        """(luck seed, the leaf playouts' seeds drawn from it), kept while the world lasts."""
        """The luck of the world being searched (set per world by the root)."""

    def value(self, state: State, depth: int, guard_seat: int, guard: float,
              chance_branches: int = 1) -> Rewards:
        """The max^n value of ``state`` searching ``depth`` more decisions."""
        self.nodes += 1
        deadline = self.deadline
        if deadline is not None and not self.nodes & 63 and time.perf_counter() > deadline:
            raise OutOfTime
        if state.is_terminal():
            return self.evaluator.rewards(state)
        if self.evaluator.values_directly(state):
            return self.leaf_value(state)
        if state.is_chance_node():
            weights = state.chance_weights()
            branches = chance_branches * len(weights)
            if len(weights) == 1 or branches <= self.chance_width:
                return self.chance_value(state, weights, depth, guard_seat, guard, branches)
            if depth <= 0:
                self.cut_by_depth = True
                return self.leaf_value(state)
            return self.value(
                state.apply(self.world_luck(state, weights)), depth, guard_seat, guard, branches
            )
        if depth <= 0:
            self.cut_by_depth = True
            return self.leaf_value(state)
        return self.decision_value(state, depth, guard_seat, guard)

    def leaf_value(self, state: State) -> Rewards:
        """A leaf's value: the evaluation, or the mean of ``leaf_playouts`` playouts to
        the end (in C on native states, else through the engine).

        The playouts of every leaf of a world use the same seeds, drawn from the world's
        luck, so the moves compared at the root meet the same luck in their playouts too.
        """
        if not self.leaf_playouts or self.playout is None:
            return self.evaluator.rewards(state)
        if self.native and self.batched and not self.evaluator.advice.fresh_hidden:
            return c_playout_batch(
                state,
                self.playout,
                self.leaf_playouts,
                keyed_hash(self.luck_seed, PLAYOUT_SEEDS),
                self.evaluator,
            )
        seeds = self.playout_seeds()
        if self.evaluator.advice.fresh_hidden:
            starts = [state.determinize(0, random.Random(seed)) for seed in seeds]
        else:
            starts = [state] * len(seeds)
        if self.native:
            return mean_rewards(
                [
                    c_playout(start, self.playout, seed, self.evaluator)
                    for start, seed in zip(starts, seeds)
                ]
            )
        return mean_rewards(
            [
                engine_playout(start, self.playout, 0, self.evaluator, random.Random(seed))
                for start, seed in zip(starts, seeds)
            ]
        )

    def playout_seeds(self) -> list[int]:
        """The seeds of a leaf's playouts in the world being searched: the same at every
        leaf, so worked out once per world."""
        if self._playout_seeds is None or self._playout_seeds[0] != self.luck_seed:
            seeds = [
                keyed_hash(self.luck_seed, PLAYOUT_SEEDS + index)
                for index in range(self.leaf_playouts)
            ]
            self._playout_seeds = (self.luck_seed, seeds)
        return self._playout_seeds[1]

    def child_value(
        self, state: State, action: Action, depth: int, guard_seat: int, guard: float
    ) -> Rewards:
        """The value of the child of ``state`` by ``action``.

        A child the evaluation values directly is valued from ``state`` by
        ``action_values``, which knows what the move changes without the world's hidden
        draws: Cheese Drop's last bet of a round is scored by the lanes' law there, not by
        the lanes of one determinization.
        """
        child = state.apply(action)
        if self.playout is None and self.evaluator.values_directly(child):
            self.nodes += 1
            return self.evaluator.action_values(state, [action])[0]
        return self.value(child, depth, guard_seat, guard)

    def world_luck(self, state: State, weights: Sequence[tuple[Action, int]]) -> Action:
        """The outcome this world gives the chance event of ``state``.

        Like the game's paired luck but from the world's own seed: the same event gets
        the same outcome whatever was decided before it, so the moves compared at the
        root meet the same luck.
        """
        return keyed_outcome(self.luck_seed, state.chance_key(), weights)

    def chance_value(
        self,
        state: State,
        weights: Sequence[tuple[Action, int]],
        depth: int,
        guard_seat: int,
        guard: float,
        branches: int,
    ) -> Rewards:
        """The expectation over the outcomes, stopping early when it cannot beat the guard."""
        total = sum(weight for _, weight in weights)
        sums = [0.0] * state.num_players
        remaining = total
        for action, weight in sorted(weights, key=lambda pair: -pair[1]):
            child_guard = NO_SEAT
            child_threshold = 0.0
            if guard_seat != NO_SEAT:
                if sums[guard_seat] + remaining * UPPER <= guard * total - EPSILON:
                    return tuple(value / total for value in sums)
                child_guard = guard_seat
                child_threshold = (
                    guard * total - sums[guard_seat] - (remaining - weight) * UPPER
                ) / weight
            remaining -= weight
            child = self.value(state.apply(action), depth, child_guard, child_threshold, branches)
            for seat, value in enumerate(child):
                sums[seat] += weight * value
        return tuple(value / total for value in sums)

    def candidate_actions(self, state: State) -> list[Action]:
        """The actions searched at a decision: the best ``width`` by the priors."""
        legal = state.legal_actions()
        if not self.width or len(legal) <= self.width:
            return legal
        priors = self.evaluator.action_priors(state, legal)
        ranked = sorted(range(len(legal)), key=lambda index: -priors[index])
        return [legal[index] for index in ranked[: self.width]]

    def decision_value(self, state: State, depth: int, guard_seat: int, guard: float) -> Rewards:
        """The child best for the seat to act, stopping early when the guard is out of reach."""
        mover = state.current_player
        if depth == 1 and self.chance_width <= 1 and self.playout is None:
            # The children are leaves valued where they stand: all at once, and all of
            # them (ranking them by priors first would cost as much).
            legal = state.legal_actions()
            self.nodes += len(legal)
            self.cut_by_depth = True
            values = self.evaluator.action_values(state, legal)
            return max(values, key=lambda rewards: rewards[mover])
        candidates = self.candidate_actions(state)
        constant_sum = reward_sum(state.num_players) if state.num_players > 1 else None
        best: Rewards | None = None
        for action in candidates:
            if best is None:
                threshold = guard if mover == guard_seat else -UPPER
            else:
                threshold = max(guard, best[mover]) if mover == guard_seat else best[mover]
            child = self.child_value(state, action, depth - 1, mover, threshold)
            if best is None or child[mover] > best[mover]:
                best = child
            if (
                constant_sum is not None
                and guard_seat not in (NO_SEAT, mover)
                and constant_sum - best[mover] <= guard - EPSILON
            ):
                return best
        assert best is not None, "a decision node has at least one legal action"
        return best
