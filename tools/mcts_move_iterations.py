"""Iterations a time-limited MCTS bot's search runs per move, in each game.

Asks ``mcts:time=SECONDS`` for a move at fixed positions of every game (the first
decision with two legal moves or more after each count of seeded random moves, the
game's default player count), and prints per game the median of the iterations each
move's search ran and how the moves were searched (``c`` the engine's tree in C,
``lines`` a game's lines, ``one-ply``):

    python tools/mcts_move_iterations.py [--seconds 0.05] [--moves 3 6 9 …]

Run it in two checkouts (``PYTHONPATH=OTHER_CHECKOUT python tools/…``), alternating, to
compare the search's pace before and after a change on a noisy machine.
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence

from cheese.bots import Turn, make_bot
from cheese.engine import GAME_SLUGS, State, load_game
from cheese.engine.luck import resolve_chance

DEFAULT_MOVES = (3, 6, 9, 12, 15, 18, 21, 24, 27, 30)
"""Random moves before each position asked."""


def position(slug: str, moves: int) -> State | None:
    """The first decision with two legal moves or more after ``moves`` seeded random
    decisions (chance by the deal seed), the positions of
    tests/benchmarks/test_bot_move_time.py too; None when the game ends first."""
    rng = random.Random(moves)
    state = load_game(slug).new_initial_state(seed=moves)
    made = 0
    while True:
        while state.is_chance_node():
            state = state.apply(resolve_chance(state))
        if state.is_terminal():
            return None
        legal = state.legal_actions()
        if made >= moves and len(legal) > 1:
            return state
        state = state.apply(legal[rng.randrange(len(legal))])
        made += 1


def move_iterations(slug: str, seconds: float, moves: Sequence[int]) -> dict[str, list[int]]:
    """The iterations of each position's move, by the way the move was searched."""
    bot = make_bot(f"mcts:time={seconds}")
    counts: dict[str, list[int]] = {}
    for count in moves:
        state = position(slug, count)
        if state is None:
            continue
        decision = bot.choose(Turn(state, state.current_player), random.Random(0))
        loop = str(decision.info.get("loop", "one-ply"))
        counts.setdefault(loop, []).append(int(decision.info.get("iterations", 0)))
    return counts


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.05)
    parser.add_argument("--moves", type=int, nargs="+", default=list(DEFAULT_MOVES))
    args = parser.parse_args(argv)
    for slug in GAME_SLUGS:
        for loop, counts in sorted(move_iterations(slug, args.seconds, args.moves).items()):
            median = statistics.median(counts)
            print(f"{slug} [{loop}]: median {median:.0f} iterations per move: {counts}")


if __name__ == "__main__":
    main()
