"""The candidate levels of each game: the bot specs a calibration plays, weakest first.

A calibration plays them all and keeps the strongest, then, going down, each candidate
whose 95% interval lies wholly below the last one kept (``cheese.levels.calibration``), so the
shipped levels are apart by measurement, not by hope. The candidates were chosen by hand
from short pilot tournaments: greedy with a softmax temperature spans random play to
greedy's (a person who sees roughly, not exactly, how good each move is), then searches
of growing budgets up to the game's strongest bot at a speed a person waits for (well
under a second a move here: ``pytest tests/benchmarks/test_bot_move_time.py``).

Each game's description names its ladder here (``GameDescription.ladder``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.games import GAMES
from cheese.levels.table import LevelError

MIN_LEVELS = 6
"""Fewest levels a calibration ships unless its ladder says otherwise: fewer means the
candidates were too close for the games played (play more, or space them further apart)."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """A game's candidates, the seats per calibration game, the games a calibration plays
    unless told otherwise, and the fewest levels it may ship."""

    game: str
    candidates: tuple[str, ...]
    players: int
    default_games: int
    min_levels: int = MIN_LEVELS


GET_THE_CHEESE = Ladder(
    "get-the-cheese",
    (
        "greedy:temperature=0.15",
        "greedy:temperature=0.06",
        "greedy:temperature=0.02",
        "greedy",
        "mcts:iterations=500",
        "mcts:iterations=1500",
        "mcts",
        "mcts:iterations=15000",
    ),
    players=4,
    default_games=1960,
)
CHEESE_CHASERS = Ladder(
    "cheese-chasers",
    (
        "greedy:temperature=0.03",
        "greedy:temperature=0.015",
        "greedy:temperature=0.007",
        "greedy",
        "mcts:iterations=500",
        "mcts:iterations=1200",
        "expectimax",
    ),
    players=1,
    default_games=3150,
    # Completion rates 5 to 10 points apart need several hundred deals to be told
    # apart by their Wilson intervals: 450 deals leave room for four to seven.
    min_levels=4,
)
CHEESE_DROP = Ladder(
    "cheese-drop",
    (
        "greedy:temperature=0.1",
        "greedy:temperature=0.045",
        "greedy:temperature=0.022",
        "greedy:temperature=0.011",
        "greedy:temperature=0.005",
        "mcts",
    ),
    players=2,
    default_games=1200,
    # Two-seat Cheese Drop is mostly luck: greedy at 0.1 to mcts spans some 400 Elo,
    # room for four or five levels apart at 1,200 games.
    min_levels=4,
)


def ladder_of(game: str) -> Ladder:
    """The candidates of ``game`` (its description's ``ladder``); ``LevelError`` for a game
    without any."""
    for description in GAMES:
        if description.slug == game and description.ladder is not None:
            return description.ladder.load(Ladder)
    with_levels = [description.slug for description in GAMES if description.ladder is not None]
    raise LevelError(f"no levels for {game!r}; the games are: {', '.join(with_levels)}")
