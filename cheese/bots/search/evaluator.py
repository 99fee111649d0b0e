"""What a game's evaluation offers the searches.

An ``Evaluator`` answers a few questions about a full (determinized) state: how good it
is for every seat (``rewards``, exact once the game is over), how good it is after each
move (``action_values``, the one-ply values greedy compares), which moves look worth
trying first (``action_priors``), and which move a quick playout should make
(``playout_action``). Searches call nothing else game-specific, so the C search loop can
mirror them with the same hooks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, TypeAlias

from cheese.bots.base import Turn
from cheese.bots.lines.model import Lines
from cheese.bots.search.rewards import Rewards, solitaire_reward, terminal_rewards_of
from cheese.engine import Action, State

SOLITAIRE_SCALE = 10.0
"""Points at which a solitaire game's reward reaches one half (games without their own)."""

PlayoutPolicy: TypeAlias = Literal["random", "heuristic", "none"]
PLAYOUT_POLICIES: tuple[PlayoutPolicy, ...] = ("random", "heuristic", "none")


@dataclass(frozen=True, slots=True)
class SearchAdvice:
    """How the searches should use this evaluation, when their specs leave it open.

    ``playout`` and ``playout_depth``: the MCTS playout policy and how many decisions it
    plays before the leaf is evaluated (0: to the end; policy ``"none"`` evaluates at
    once). ``chance_width``: how many chance branches expectimax expands exactly between
    two decisions before it lets the evaluation value the chance node (1: never expand,
    for evaluations that already take the expectation). ``view_only``: the evaluation
    reads nothing but the public view, so one determinization is enough for a one-ply
    comparison. ``hidden_information``: determinizations differ in something a search
    reads (cards, unseen lanes), so expectimax averages over several; without it (the
    only secret is the order of a deck, which the searches treat as chance) one will do.
    """

    playout: PlayoutPolicy
    playout_depth: int
    chance_width: int
    view_only: bool = False
    hidden_information: bool = True
    native_playout: PlayoutPolicy | None = None
    """With the native backend: play every leaf out to the end in C with this policy
    (its fast heuristic or uniform moves) instead; ``None`` keeps the advice above."""
    expectimax_depth: int = 2
    """The decisions expectimax searches when its spec leaves the depth open."""
    leaf_playouts: int = 16
    """The playouts expectimax averages at a leaf it plays out, when its spec leaves
    that open."""
    fresh_hidden: bool = False
    """What is hidden is hidden from every seat alike and nobody has seen it yet (Cheese
    Drop's lanes under the cover): each leaf playout draws it afresh from its own seed
    instead of reading its world's draw, so averaging playouts averages over it too."""


class Evaluator(Protocol):
    """Game knowledge used by greedy, MCTS and expectimax."""

    @property
    def advice(self) -> SearchAdvice:
        """What the searches use for the settings their specs leave to the game."""
        ...

    def rewards(self, state: State) -> Rewards:
        """Per seat, the expected reward (see ``cheese.bots.search.rewards``) of ``state``.

        Works on any state (decision, chance or terminal); exact at terminal states.
        """
        ...

    def rewards_of_points(self, points: Sequence[float]) -> Rewards:
        """The rewards of a finished game known only by its final points (a C playout)."""
        ...

    def action_values(self, state: State, actions: Sequence[Action]) -> list[Rewards]:
        """``rewards(state.apply(action))`` for each action, however it is fastest found."""
        ...

    def values_directly(self, state: State) -> bool:
        """Whether ``rewards(state)`` already accounts for what happens at this node (a
        chance event it integrates, a decision it models), so that a search should value
        the node rather than expand it."""
        ...

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """A cheap score per action for the seat to act (higher first); same order."""
        ...

    def decided_by_one_ply(self, view: object) -> bool:
        """Whether the searches should play this decision (the acting seat's ``view``) by
        the one-ply values, as greedy does, rather than search it: the evaluation already
        integrates what follows up to the next decision worth searching, and its values
        rank the moves more finely than sampled playouts can tell them apart."""
        ...

    def lines(self, turn: Turn, rng: random.Random) -> Lines[Any] | None:
        """The game's model of the lines that follow this decision, for the searches to
        search instead of the engine's tree (Cheese Drop: a bet, to the end of the round's
        betting); ``None`` where the game has none for this decision."""
        ...

    def playout_action(self, state: State, rng: random.Random) -> Action:
        """The move of a quick playout for the seat to act (a decision node)."""
        ...


def rewards_by_points(points: Sequence[float]) -> Rewards:
    """``rewards_of_points`` for games ranked by points alone: the points are the keys."""
    if len(points) == 1:
        return (solitaire_reward(points[0], SOLITAIRE_SCALE),)
    return terminal_rewards_of(points, points)


def values_by_applying(
    evaluator: Evaluator, state: State, actions: Sequence[Action]
) -> list[Rewards]:
    """``action_values`` the plain way: apply each action and evaluate the result."""
    return [evaluator.rewards(state.apply(action)) for action in actions]
