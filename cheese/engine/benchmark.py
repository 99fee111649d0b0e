"""Engine speed, measured in one run for both backends: playouts per second and apply.

A playout starts from the initial state (chance included) and plays uniformly random
legal moves to the end. The native figure comes from the batched C loop (the path the
bots use); the reference figure from the same game played through the Python API. Each
figure is the median of several timed rounds, so a noisy machine moves it less.

Time is this process's CPU time (``time.process_time``): the work is single-threaded, so
that is time on one core, and other programs competing for the machine do not count
against it the way they would against the wall clock.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from cheese.engine.api import Action, State
from cheese.engine.luck import sample_chance
from cheese.engine.registry import NATIVE, REFERENCE, game_info, load_game

BENCH_SEATS = 4
"""Seats per benchmarked game, or as many as it allows when fewer (4-player Get The
Cheese and Cheese Drop, solitaire Cheese Chasers)."""


@dataclass(frozen=True, slots=True)
class EngineSpeed:
    """One game's figures (per second, one core)."""

    slug: str
    players: int
    native_playouts_per_s: float
    reference_playouts_per_s: float
    apply_per_s: float

    @property
    def ratio(self) -> float:
        """How many times faster the native playouts are than the reference ones."""
        return self.native_playouts_per_s / self.reference_playouts_per_s

    def as_json(self) -> dict[str, float | int]:
        return {
            "players": self.players,
            "native_playouts_per_s": round(self.native_playouts_per_s, 1),
            "reference_playouts_per_s": round(self.reference_playouts_per_s, 1),
            "ratio": round(self.ratio, 1),
            "apply_per_s": round(self.apply_per_s, 1),
        }


def bench_players(slug: str) -> int:
    """The seats the game ``slug`` is benchmarked with.

    >>> bench_players("cheese-chasers")
    1
    """
    return min(game_info(slug).max_players, BENCH_SEATS)


def median_rate(measure_round: Callable[[], tuple[int, float]], rounds: int) -> float:
    """The median of ``rounds`` rates, each a (count, seconds) round of ``measure_round``."""
    rates = []
    for _ in range(rounds):
        count, seconds = measure_round()
        rates.append(count / seconds)
    return statistics.median(rates)


def random_playout(state: State, rng: random.Random) -> tuple[State, list[Action]]:
    """Play uniformly random moves (chance sampled from ``rng``) to the end."""
    actions: list[Action] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        actions.append(action)
        state = state.apply(action)
    return state, actions


def reference_playouts_per_s(slug: str, players: int, seconds: float, rounds: int) -> float:
    """Random playouts per second through the reference backend's Python API."""
    initial = load_game(slug, backend=REFERENCE).new_initial_state(num_players=players, seed=1)
    rng = random.Random(1)

    def measure_round() -> tuple[int, float]:
        count = 0
        start = time.process_time()
        while True:
            random_playout(initial, rng)
            count += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return count, elapsed

    return median_rate(measure_round, rounds)


def native_playout_round(
    slug: str, players: int, seconds: float
) -> Callable[[], tuple[int, float]]:
    """A timed round of random playouts in the C batch loop (policy 0: uniform random):
    each call plays batches for ``seconds`` of CPU time and gives (playouts, seconds)."""
    from cheese.engine.native import NativeState, playouts

    initial = load_game(slug, backend=NATIVE).new_initial_state(num_players=players, seed=1)
    assert isinstance(initial, NativeState)
    batch = 256
    seeds = iter(range(1, 1 << 62))

    def measure_round() -> tuple[int, float]:
        count = 0
        start = time.process_time()
        while True:
            count += playouts(initial, batch, next(seeds)).playouts
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return count, elapsed

    playouts(initial, batch, 0)  # warm the caches and the code path
    return measure_round


def native_apply_per_s(slug: str, players: int, seconds: float, rounds: int) -> float:
    """``State.apply`` calls per second from Python on the native backend.

    A recorded random game is replayed over and over, so only ``apply`` is timed (no move
    choice, no legality list).
    """
    initial = load_game(slug, backend=NATIVE).new_initial_state(num_players=players, seed=1)
    _, actions = random_playout(initial, random.Random(2))

    def measure_round() -> tuple[int, float]:
        count = 0
        start = time.process_time()
        while True:
            state = initial
            for action in actions:
                state = state.apply(action)
            count += len(actions)
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return count, elapsed

    return median_rate(measure_round, rounds)


RateFunction = Callable[[str, int, float, int], float]
"""A figure's measurement: (slug, players, seconds per round, rounds) to its median rate."""

ENGINE_FIGURES: tuple[tuple[str, RateFunction], ...] = (
    ("reference_playouts_per_s", reference_playouts_per_s),
    ("apply_per_s", native_apply_per_s),
)
"""The engine's figures timed on their own, in the order they are measured, each named as
in ``EngineSpeed``; the native playouts are timed in turn with the search's rounds
(``native_playout_round``, ``cheese.bots.benchmark.paired_rates``)."""
