"""The speed of the MCTS loop in C beside the engine's figures (``cheese bench``).

The MCTS figure is iterations per second of the C search (``cheese.bots.mcts.native.search``)
from the game's first decision (the deal resolved by paired luck), in searches of
``MCTS_ITERATIONS`` iterations with uniformly random playouts, so it compares directly
with the native playout rate: ``mcts_share`` is the part of that rate the search keeps
(1/2 means the search's own work costs as much as its playouts). The two are timed in
alternating rounds and the share is the median of the rounds' ratios (``paired_rates``).
Time is CPU time on one core, as in ``cheese.engine.benchmark``.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cheese.engine.benchmark import (
    ENGINE_FIGURES,
    EngineSpeed,
    bench_players,
    native_playout_round,
)
from cheese.engine.luck import advance_chance
from cheese.engine.registry import NATIVE, load_game

if TYPE_CHECKING:
    from cheese.bots.mcts.native.search import SearchResult
    from cheese.engine.native import NativeState

MCTS_ITERATIONS = 10_000
"""Iterations per timed search: the same work every round, twice a default search of a
move in C."""
MCTS_EXPLORATION = 0.7
"""The timed searches' UCB exploration: the Python loop's default, fixed here so that the
figure stays comparable."""
MCTS_WIDEN = 2.0
"""The timed searches' progressive widening: the Python loop's default, fixed here so that
the figure stays comparable."""


@dataclass(frozen=True, slots=True)
class Speed:
    """One game's engine figures and the C search's (per second, one core)."""

    engine: EngineSpeed
    mcts_iterations_per_s: float
    mcts_share: float
    """MCTS iterations per second over native random playouts per second: the median of
    the rounds' ratios, each round of searches timed just after a round of playouts
    (``paired_rates``)."""

    def as_json(self) -> dict[str, float | int]:
        return {
            **self.engine.as_json(),
            "mcts_iterations_per_s": round(self.mcts_iterations_per_s, 1),
            "mcts_share": round(self.mcts_share, 3),
        }


def bench_search(first: NativeState, iterations: int, seed: int) -> SearchResult:
    """The bench's search: the C search from ``first`` for its seat to move, ``iterations``
    iterations with uniformly random playouts at the bench's exploration and widening."""
    from cheese.bots.mcts.native.search import search

    return search(
        first,
        first.current_player,
        iterations=iterations,
        seconds=None,
        exploration=MCTS_EXPLORATION,
        widen=MCTS_WIDEN,
        policy=0,
        seed=seed,
        solitaire_scale=30.0,  # read only with one seat: Cheese Chasers' points scale
    )


def first_decision(slug: str, players: int) -> NativeState:
    """The native game's first decision at ``players`` seats (deal seed 1, the deal
    resolved by paired luck), where the bench searches."""
    from cheese.engine.native import NativeState

    first = advance_chance(
        load_game(slug, backend=NATIVE).new_initial_state(num_players=players, seed=1)
    )
    assert isinstance(first, NativeState)
    return first


def mcts_round(slug: str, players: int, seconds: float) -> Callable[[], tuple[int, float]]:
    """A timed round of C searches from the game's first decision: each call runs
    searches for ``seconds`` of CPU time and gives (iterations, seconds)."""
    first = first_decision(slug, players)
    seeds = iter(range(1, 1 << 62))

    def one_search() -> int:
        return bench_search(first, MCTS_ITERATIONS, next(seeds)).iterations

    def measure_round() -> tuple[int, float]:
        count = 0
        start = time.process_time()
        while True:
            count += one_search()
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return count, elapsed

    one_search()  # warm the caches and the code path
    return measure_round


@dataclass(frozen=True, slots=True)
class PairedRates:
    """The native playout rate and the search's, measured in alternating rounds, and the
    median of each round's search rate over its playout rate."""

    playouts_per_s: float
    iterations_per_s: float
    share: float


def paired_rates(slug: str, players: int, seconds: float, rounds: int) -> PairedRates:
    """``rounds`` rounds of playouts, each followed at once by a round of searches: the
    share is the median of the rounds' ratios, so a machine whose pace drifts between
    rounds moves both rates of a ratio alike."""
    playout_round = native_playout_round(slug, players, seconds)
    search_round = mcts_round(slug, players, seconds)
    playout_rates: list[float] = []
    search_rates: list[float] = []
    for _ in range(rounds):
        playouts, playout_seconds = playout_round()
        iterations, search_seconds = search_round()
        playout_rates.append(playouts / playout_seconds)
        search_rates.append(iterations / search_seconds)
    shares = [search / playout for search, playout in zip(search_rates, playout_rates)]
    return PairedRates(
        statistics.median(playout_rates), statistics.median(search_rates), statistics.median(shares)
    )


FIGURE_COUNT = len(ENGINE_FIGURES) + 2
"""Timed figures per game: the engine's own, and the paired playouts and search."""


def measure_speed(
    slug: str,
    seconds: float = 0.5,
    rounds: int = 3,
    on_figure: Callable[[str, str, float], None] | None = None,
) -> Speed:
    """The engine's figures and the search's for one game (medians of ``rounds`` rounds of
    ``seconds``); ``on_figure(slug, name, value)`` hears of each as soon as it is measured:
    the paired playouts, search and share first, then the other engine figures."""

    def report(name: str, value: float) -> None:
        if on_figure is not None:
            on_figure(slug, name, value)

    players = bench_players(slug)
    paired = paired_rates(slug, players, seconds, rounds)
    report("native_playouts_per_s", paired.playouts_per_s)
    report("mcts_iterations_per_s", paired.iterations_per_s)
    report("mcts_share", paired.share)
    values = {"native_playouts_per_s": paired.playouts_per_s}
    for name, measure in ENGINE_FIGURES:
        values[name] = measure(slug, players, seconds, rounds)
        report(name, values[name])
    engine = EngineSpeed(
        slug=slug,
        players=players,
        native_playouts_per_s=values["native_playouts_per_s"],
        reference_playouts_per_s=values["reference_playouts_per_s"],
        apply_per_s=values["apply_per_s"],
    )
    return Speed(engine, paired.iterations_per_s, paired.share)
