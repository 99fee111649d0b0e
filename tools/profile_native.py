"""Run one C hot path of the engine or the search, alone, for a profiler to watch.

    python tools/profile_native.py GAME playouts [COUNT]   # batched random playouts
    python tools/profile_native.py GAME mcts [ITERATIONS]  # one C search, random playouts
    python tools/profile_native.py GAME mcts-default [ITERATIONS]  # the bot's C settings

The states are those of ``cheese bench`` (the initial state for playouts, the first
decision for the search, 4 seats or as many as the game allows). Under callgrind, count
only the C call (the interpreter's start-up is left out):

    valgrind --tool=callgrind --toggle-collect='ch_playouts' \\
        python tools/profile_native.py get-the-cheese playouts 20000
    valgrind --tool=callgrind --toggle-collect='ch_search' \\
        python tools/profile_native.py cheese-drop mcts 20000
    callgrind_annotate --inclusive=yes callgrind.out.PID

With an extension built with ``-g`` (``CFLAGS=-g python cheese/native_build.py`` in a copy
of the checkout), ``callgrind_annotate --auto=yes`` adds the cost of every source line,
inlined functions included.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from cheese.bots.benchmark import bench_search
from cheese.bots.evaluation import evaluator_for
from cheese.bots.mcts.config import MctsConfig
from cheese.bots.mcts.native.search import search
from cheese.bots.search.playouts import C_POLICIES
from cheese.engine.benchmark import bench_players
from cheese.engine.luck import advance_chance
from cheese.engine.native import NativeState, playouts
from cheese.engine.registry import NATIVE, load_game

WHAT = ("playouts", "mcts", "mcts-default")


def run(slug: str, what: str, count: int) -> str:
    """Runs ``what`` ``count`` times over ``slug`` and says what ran."""
    players = bench_players(slug)
    initial = load_game(slug, backend=NATIVE).new_initial_state(num_players=players, seed=1)
    assert isinstance(initial, NativeState)
    if what == "playouts":
        totals = playouts(initial, count, 1)
        return f"{totals.playouts} playouts"
    first = advance_chance(initial)
    assert isinstance(first, NativeState)
    if what == "mcts":
        result = bench_search(first, count, seed=1)
    else:
        evaluator = evaluator_for(first.game)
        settings = MctsConfig(iterations=count).native_search(evaluator.advice.c_search)
        assert settings is not None, f"the bot does not search {slug} in C"
        result = search(
            first,
            first.current_player,
            iterations=count,
            seconds=None,
            exploration=settings.exploration,
            widen=settings.widen,
            policy=C_POLICIES[settings.playout],
            seed=1,
            solitaire_scale=evaluator.solitaire_scale,
            solitaire_finish=evaluator.solitaire_finish,
            chance_nodes=settings.chance_nodes,
            leaf_playouts=settings.leaf_playouts,
        )
    return f"{result.iterations} iterations, {result.nodes} nodes"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("what", choices=WHAT)
    parser.add_argument("count", type=int, nargs="?", default=20_000)
    args = parser.parse_args(argv)
    print(run(args.game, args.what, args.count))


if __name__ == "__main__":
    main()
