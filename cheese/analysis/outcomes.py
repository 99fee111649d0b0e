"""Sampled ends of a game: a world played out, and what its end means for one seat.

A move's value is measured in worlds drawn from what its seat saw (``State.determinize``):
each world, after the move, is played out to the end by the game's playout policy (in C
on the native backend) and the seat's points, place and win are read off its end.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots.search.evaluator import Evaluator, PlayoutPolicy
from cheese.bots.search.playouts import C_POLICIES
from cheese.engine import Seat, State
from cheese.engine.luck import sample_chance


@dataclass(frozen=True, slots=True)
class Outcome:
    """How one sampled world ended for the analysed seat."""

    points: float
    others_points: float
    """The other seats' points added up."""
    place: int
    """1 is first; tied seats share the better place, as the game ranks them."""
    win: float
    """1 for first place alone, 1/k when k seats share it; with one seat, 1 when the game
    scored (Cheese Chasers scores only a completed table)."""
    standing: float
    """The share of the other seats the seat finished ahead of, a tie counting one half
    (how ratings count a game); with one seat, its win."""


def outcome_of(points: Sequence[float], rank_keys: Sequence[Sequence[int]], seat: Seat) -> Outcome:
    """The end ``points``/``rank_keys`` (every seat's) as ``seat`` finished it.

    >>> outcome_of((5, 7, 5), ((5, 1), (7, 0), (5, 1)), 0)
    Outcome(points=5, others_points=12, place=2, win=0.0, standing=0.25)
    """
    own = tuple(rank_keys[seat])
    others = [tuple(key) for index, key in enumerate(rank_keys) if index != seat]
    if not others:
        scored = 1.0 if points[seat] > 0 else 0.0
        return Outcome(points[seat], 0, 1, scored, scored)
    ahead = sum(1 for key in others if key > own)
    tied = sum(1 for key in others if key == own)
    beaten = sum(1 for key in others if key < own)
    place = 1 + ahead
    win = 1.0 / (1 + tied) if place == 1 else 0.0
    others_points = sum(points) - points[seat]
    return Outcome(points[seat], others_points, place, win, (beaten + tied / 2) / len(others))


def play_out(
    state: State, seed: int, policy: PlayoutPolicy, evaluator: Evaluator
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...]]:
    """Every seat's points and rank key at the end of one playout of ``state`` by
    ``policy`` (all its luck from ``seed``): in C for a native state, else through the
    engine."""
    if state.is_terminal():
        return tuple(map(float, state.scores())), state.rank_keys()
    native = _native_outcome(state, seed, policy)
    if native is not None:
        return native
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(sample_chance(state, rng))
        elif policy == PlayoutPolicy.HEURISTIC:
            state = state.apply(evaluator.playout_action(state, rng))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return tuple(map(float, state.scores())), state.rank_keys()


def _native_outcome(
    state: State, seed: int, policy: PlayoutPolicy
) -> tuple[tuple[float, ...], tuple[tuple[int, ...], ...]] | None:
    try:
        from cheese.engine.native import NativeState, playout_outcomes
    except ImportError:
        return None
    if not isinstance(state, NativeState) or policy not in C_POLICIES:
        return None
    (outcome,) = playout_outcomes(state, 1, seed, C_POLICIES[policy])
    return tuple(map(float, outcome.points)), outcome.rank_keys


@dataclass(frozen=True, slots=True)
class Estimate:
    """A move's value over its sampled worlds."""

    points: float
    others_points: float
    win: float
    place: float
    places: tuple[float, ...]
    """The chance of each place, first place first."""
    standing: float


def estimate(outcomes: Sequence[Outcome], players: int) -> Estimate:
    """The means of ``outcomes``; ``players`` places."""
    count = len(outcomes)
    return Estimate(
        points=statistics.fmean(outcome.points for outcome in outcomes),
        others_points=statistics.fmean(outcome.others_points for outcome in outcomes),
        win=statistics.fmean(outcome.win for outcome in outcomes),
        place=statistics.fmean(outcome.place for outcome in outcomes),
        places=tuple(
            sum(1 for outcome in outcomes if outcome.place == place) / count
            for place in range(1, players + 1)
        ),
        standing=statistics.fmean(outcome.standing for outcome in outcomes),
    )


def paired_drop(best: Sequence[Outcome], played: Sequence[Outcome]) -> tuple[float, float]:
    """The mean standing lost by the played move in the same worlds, and its standard
    error (0 for fewer than two worlds)."""
    differences = [b.standing - p.standing for b, p in zip(best, played, strict=True)]
    mean = statistics.fmean(differences)
    if len(differences) < 2:
        return mean, 0.0
    return mean, statistics.stdev(differences) / len(differences) ** 0.5
