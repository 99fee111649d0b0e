"""Seconds a bot takes for one move with its default settings (skipped by default).

    pytest tests/benchmarks/test_bot_move_time.py --benchmark-only \\
        --benchmark-columns=median,max --benchmark-sort=name

``cheese play`` lets the strongest default bot that answers within about a second a
move play the person's opponents (docs/playing.md); these are the figures behind it.
Positions: the first decision with a real choice (two legal moves or more) after 3, 12
and 24 random moves of a game with the game's default player count.
"""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.engine import GAME_SLUGS
from tools.mcts_move_iterations import position

ROUNDS = 3


@pytest.mark.parametrize("moves", [3, 12, 24])
@pytest.mark.parametrize("spec", ["greedy", "mcts", "expectimax"])
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_one_move(benchmark: object, slug: str, spec: str, moves: int) -> None:
    state = position(slug, moves)
    assert state is not None and not state.is_chance_node()
    bot = make_bot(spec)
    turn = Turn(state, state.current_player)
    decision = benchmark.pedantic(  # type: ignore[attr-defined]
        lambda: bot.choose(turn, random.Random(0)), rounds=ROUNDS, iterations=1
    )
    assert decision.action in state.legal_actions()
