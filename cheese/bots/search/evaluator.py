"""What a game's evaluation offers the searches, and what it need not write itself.

An ``Evaluator`` answers a few questions about a full (determinized) state: how good it
is for every seat (``rewards``, exact once the game is over), how good it is after each
move (``action_values``, the one-ply values greedy compares), which moves look worth
trying first (``action_priors``), and which move a quick playout should make
(``playout_action``). Searches call nothing else game-specific, so the C search loop can
mirror them with the same hooks.

A game's evaluation subclasses ``Evaluator`` and writes ``rewards``; every other hook has
a default that fits a game with nothing special to say (apply each move and evaluate,
the mover's one-ply values as priors, uniform playouts, search every decision in the
engine's tree). A game overrides a hook where it knows better, and says through its
``advice`` how the searches should use it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Literal, Protocol, TypeAlias

from cheese.bots.base import Bot, Sighting, Turn
from cheese.bots.lines.model import Lines
from cheese.bots.search.rewards import Rewards, solitaire_reward, terminal_rewards_of
from cheese.engine import Action, Game, State

SOLITAIRE_SCALE = 10.0
"""Points at which a solitaire game's reward reaches one half, for evaluations that give
no scale of their own; set by hand with the generic evaluation."""


class PlayoutPolicy(StrEnum):
    """How a playout moves; the values are the words of the bots' specs."""

    RANDOM = "random"
    """Uniform among the legal moves."""
    HEURISTIC = "heuristic"
    """The game's playout move (in C: its fast heuristic)."""
    NONE = "none"
    """No move at all: the leaf is valued by the evaluation."""


CPlayoutPolicy: TypeAlias = Literal[PlayoutPolicy.RANDOM, PlayoutPolicy.HEURISTIC]
"""The playout policies the C code has: uniform moves, or the game's fast heuristic."""


@dataclass(frozen=True, slots=True)
class CSearchAdvice:
    """What the MCTS loop in C takes where a spec leaves a setting open.

    The values here are those of a game that says nothing of its own; ``cheese bots``
    shows each game's.
    """

    iterations: int = 5000
    """Iterations per move, chosen with duels against greedy so that a default duel (100
    four-player Get The Cheese! games) takes under a minute on two cores."""
    playout: CPlayoutPolicy = PlayoutPolicy.HEURISTIC
    """The leaves' playout policy: the game's fast heuristic, which beat uniform playouts
    in duels against greedy in every game."""
    exploration: float = 0.3
    """The UCB exploration constant, which played better than the Python loop's 0.7 in
    duels against greedy (rewards lie in [0, 1], most moves clearly worse than the best)."""
    widen: float | None = None
    """Progressive widening; ``None``: the Python loop's."""
    prior_visits: int = 0
    """Virtual visits of each root move at its one-ply value; 0: none."""
    root_width: int = 0
    """Root moves searched, best one-ply values first (with priors); 0: all."""
    chance_nodes: bool = False
    """Whether the tree is keyed by chance outcomes too: right only where the searching
    seat sees every outcome (a solitaire game without hidden cards)."""


@dataclass(frozen=True, slots=True)
class SearchAdvice:
    """How the searches should use this evaluation, when their specs leave it open.

    ``playout`` and ``playout_depth``: the MCTS playout policy and how many decisions it
    plays before the leaf is evaluated (0: to the end; policy ``NONE`` evaluates at
    once). ``chance_width``: how many chance branches expectimax expands exactly between
    two decisions before it lets the evaluation value the chance node (1: never expand,
    for evaluations that already take the expectation). ``view_only``: the evaluation
    reads nothing but the public view, so one determinization is enough for a one-ply
    comparison. ``hidden_information``: determinizations differ in something a search
    reads (cards, unseen lanes), so expectimax averages over several; without it (the
    only secret is the order of a deck, which the searches treat as chance) one will do.
    """

    playout: PlayoutPolicy = PlayoutPolicy.RANDOM
    playout_depth: int = 0
    chance_width: int = 8
    view_only: bool = False
    hidden_information: bool = True
    native_playout: CPlayoutPolicy | None = None
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
    c_search: CSearchAdvice = CSearchAdvice()
    """The MCTS loop in C (native backend)."""


class EndValue(StrEnum):
    """How a game's lines value a line's end before the game's last round (the spec's
    ``value=``)."""

    LEAD = "lead"
    """By the lead it leaves each seat, as the game's evaluation turns a lead into places."""
    PLACES = "places"
    """By each seat's chances of each final place, from play-outs of the rounds to come."""
    ODDS = "odds"
    """By each seat's normal chance of beating each rival at the end, from the mean and
    spread of the rounds to come in the play-outs."""


@dataclass(frozen=True, slots=True)
class MoveRead:
    """What a model made of another seat's move (``PlayReading.read``)."""

    odds: Mapping[tuple[int, int], Sequence[int]]
    """Per hidden card the move placed (keyed by its place on the table), a weight per
    kind for each card of that kind the watcher has not seen; none where the model never
    moved alike (its cards are dealt blind)."""
    alike: int
    """The worlds in which the model moved as the player did: how well it explains it."""


class PlayReading(Protocol):
    """A game's reading of another seat's move (``Evaluator.play_reading``)."""

    def read(
        self,
        sighting: Sighting,
        model: Bot,
        worlds: int,
        rng: random.Random,
        earlier: Mapping[tuple[int, int], Sequence[int]] | None = None,
    ) -> MoveRead:
        """The move of ``sighting`` as ``model`` explains it: what it played in
        ``worlds`` worlds dealt from the watcher's view (the hidden cards of
        ``earlier`` by its odds, when given), the hidden cards of those in which it
        played as the player did."""
        ...

    def card_odds(self, odds: Mapping[tuple[int, int], Sequence[int]], game: Game) -> list[int]:
        """``odds`` laid out as the C search of ``game`` takes them (``card_odds``)."""
        ...


class Evaluator(ABC):
    """Game knowledge used by greedy, MCTS and expectimax; see the module docstring."""

    __slots__ = ()

    advice: ClassVar[SearchAdvice] = SearchAdvice()
    """What the searches use for the settings their specs leave to the game."""
    solitaire_scale: ClassVar[float] = SOLITAIRE_SCALE
    """With one seat, the points at which a finished game's reward is half of what is
    left above ``solitaire_finish`` (``cheese.bots.search.rewards.solitaire_reward``)."""

    @property
    def solitaire_finish(self) -> float:
        """With one seat, what any points at all are worth: the reward rises from it toward
        1 as the points grow (none is worth 0)."""
        return 0.0
    end_values: ClassVar[tuple[EndValue, ...]] = (EndValue.LEAD,)
    """The ways this game's lines can value their ends (``lines``' ``value``)."""

    @abstractmethod
    def rewards(self, state: State) -> Rewards:
        """Per seat, the expected reward (see ``cheese.bots.search.rewards``) of ``state``.

        Works on any state (decision, chance or terminal); exact at terminal states.
        """

    def rewards_of_points(self, points: Sequence[float]) -> Rewards:
        """The rewards of a finished game known only by its final points (a C playout).

        By default the game is ranked by points alone, and one seat's reward is
        ``solitaire_reward`` of its points at the evaluation's scale and finish.
        """
        if len(points) == 1:
            return (solitaire_reward(points[0], self.solitaire_scale, self.solitaire_finish),)
        return terminal_rewards_of(points, points)

    def with_solitaire_finish(self, finish: float) -> Evaluator | None:
        """This evaluation with a finished one-seat game worth ``finish`` before its
        points count (``solitaire_finish``), or None when the game has no such reward
        to change (by default)."""
        return None

    def finishing(self) -> Evaluator | None:
        """This evaluation aiming at finishing a one-seat game alone (a finished game is
        worth 1 whatever its points, a lost one 0), or None when the game has no such
        aim (by default)."""
        return None

    def action_values(self, state: State, actions: Sequence[Action]) -> list[Rewards]:
        """``rewards(state.apply(action))`` for each action, however it is fastest found
        (by default: apply each and evaluate the result)."""
        return values_by_applying(self, state, actions)

    def values_directly(self, state: State) -> bool:
        """Whether ``rewards(state)`` already accounts for what happens at this node (a
        chance event it integrates, a decision it models), so that a search should value
        the node rather than expand it (by default: never)."""
        return False

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """A cheap score per action for the seat to act (higher first); same order. By
        default the mover's one-ply values."""
        seat = state.current_player
        return [rewards[seat] for rewards in self.action_values(state, actions)]

    def decided_by_one_ply(self, view: object) -> bool:
        """Whether the searches should play this decision (the acting seat's ``view``) by
        the one-ply values, as greedy does, rather than search it: the evaluation already
        integrates what follows up to the next decision worth searching, and its values
        rank the moves more finely than sampled playouts can tell them apart (by default:
        never)."""
        return False

    def has_fitted_leaf_value(self) -> bool:
        """Whether the C search can weigh in the game's fitted value of a leaf beside its
        playouts (``mcts:value=``; Cheese Chasers: ``chs_value_weights.h``); by default
        not."""
        return False

    def hides_moves(self) -> bool:
        """Whether some moves are seen only in part by the other seats, so that the C
        search can key the others' moves as the searching seat sees them
        (``mcts:others=seen``; Get The Cheese!: face-down cards); by default not."""
        return False

    def hidden_card_weights(self) -> tuple[int, ...] | None:
        """The integer weights with which the game's weighted determinization draws the
        others' hidden cards, from a model of what players hide (``mcts:infer=model``);
        ``None`` where the game has no such model (by default: none)."""
        return None

    def play_reading(self) -> PlayReading | None:
        """The game's reading of the others' moves for policy-based inference
        (``mcts:infer=policy``): which hidden cards a model of the player would have
        played as it did; ``None`` where the game has none (by default: none)."""
        return None

    def lines(
        self, turn: Turn, rng: random.Random, value: EndValue = EndValue.LEAD
    ) -> Lines[Any] | None:
        """The game's model of the lines that follow this decision, for the searches to
        search instead of the engine's tree (Cheese Drop: a bet, to the end of the round's
        betting), their ends valued as ``value`` says (one of ``end_values``); ``None``
        where the game has none for this decision (by default: none)."""
        return None

    def move_reason(
        self, state: State, played: Action, best: Action, others_gain: float
    ) -> str | None:
        """In a few words, why ``played`` is worse than ``best`` for the seat to act in the
        full (determinized) ``state``, where the game can name it; ``others_gain``: the
        other seats' expected points won by ``played`` over ``best`` (a move's analysis
        shows it). By default the game names nothing."""
        return None

    def playout_action(self, state: State, rng: random.Random) -> Action:
        """The move of a quick playout for the seat to act, a decision node (by default:
        uniform among the legal moves)."""
        legal = state.legal_actions()
        return legal[rng.randrange(len(legal))]


def values_by_applying(
    evaluator: Evaluator, state: State, actions: Sequence[Action]
) -> list[Rewards]:
    """``action_values`` the plain way: apply each action and evaluate the result."""
    return [evaluator.rewards(state.apply(action)) for action in actions]
