"""Fit the lines' round-end spreads (``RoundEndSpread``) to games against greedy.

Plays ``GAMES`` games of Cheese Drop with one seat of ``mcts`` (turning round the table)
and the others ``greedy``, then, for each round end before the last, fits by maximum
likelihood how the searching seat's lead over each rival at that round's end turns
into beating it at the game's end (a tie counts one half):

    P(beat) = logistic(lead / ahead) when leading, logistic(lead / behind) when behind

The spreads fitted are those of ``TWO_PLAYER_ROUND_END_SPREADS`` in
``cheese.bots.evaluation.cheese_drop.evaluator``. Run from a checkout of the project, with
cheese installed:

    python tools/cheese_drop_fit.py PLAYERS GAMES [--seed S] [--workers W]
    python -m tools.cheese_drop_fit PLAYERS GAMES [--seed S] [--workers W]

e.g. ``python tools/cheese_drop_fit.py 2 600``. It prints one line per round end: the
fitted spreads, and how the searching seat scored against rivals it was ahead of, level
with and behind then.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from cheese.bots.registry import make_bot
from cheese.engine import Action, State, load_game
from cheese.engine.cheese_drop.core import ROUNDS
from cheese.engine.cheese_drop.view import DropView
from cheese.referee.play import play_out
from cheese.referee.turn import TurnReferee

SPREADS_TRIED = tuple(0.1 * step for step in range(1, 301))
"""The spreads the fit chooses among (0.1 to 30)."""


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game: the searching seat and every seat's points in each round."""

    searcher: int
    round_points: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class PairResult:
    """The searching seat's lead over one rival after a round, and the pair's result
    at the end (1 won, 0.5 tied, 0 lost)."""

    lead: int
    result: float


def play_seated(players: int, seed: int, searcher_spec: str, others_spec: str) -> State:
    """The end of one game on deal ``seed``: ``searcher_spec`` in seat ``seed % players``,
    ``others_spec`` in every other seat."""
    searcher = seed % players
    bots = [make_bot(searcher_spec if seat == searcher else others_spec) for seat in range(players)]
    rngs = [random.Random(seed * players + seat) for seat in range(players)]

    referee = TurnReferee()

    def decide(state: State) -> Action:
        seat = state.current_player
        return referee.decide(bots[seat], state, rngs[seat]).action

    return play_out(load_game("cheese-drop").new_initial_state(players, seed=seed), decide)


def play_deal(players: int, seed: int, searcher_spec: str = "mcts") -> PlayedGame:
    """One game on deal ``seed``, the searching bot in seat ``seed % players`` against
    greedy."""
    view = play_seated(players, seed, searcher_spec, "greedy").view(0)
    assert isinstance(view, DropView)
    return PlayedGame(seed % players, tuple(tuple(result.points) for result in view.results))


def pair_results(games: Sequence[PlayedGame], rounds_played: int) -> list[PairResult]:
    """Every (searching seat, rival) pair's lead after ``rounds_played`` rounds and result."""
    pairs = []
    for game in games:
        seats = range(len(game.round_points[0]))
        played = game.round_points[:rounds_played]
        after = [sum(points[seat] for points in played) for seat in seats]
        final = [sum(points[seat] for points in game.round_points) for seat in seats]
        me = game.searcher
        for rival in seats:
            if rival != me:
                margin = final[me] - final[rival]
                result = 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0
                pairs.append(PairResult(after[me] - after[rival], result))
    return pairs


def negative_log_likelihood(pairs: Sequence[PairResult], spread: float) -> float:
    total = 0.0
    for pair in pairs:
        chance = 1.0 / (1.0 + math.exp(-pair.lead / spread))
        chance = min(max(chance, 1e-12), 1.0 - 1e-12)
        total -= pair.result * math.log(chance) + (1.0 - pair.result) * math.log(1.0 - chance)
    return total


def fitted_spread(pairs: Sequence[PairResult]) -> float:
    """The spread of ``SPREADS_TRIED`` most likely to give the pairs' results."""
    return min(SPREADS_TRIED, key=lambda spread: negative_log_likelihood(pairs, spread))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("players", type=int, choices=range(2, 6), metavar="PLAYERS")
    parser.add_argument("games", type=int, metavar="GAMES")
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=None, help="processes (one per core)")
    arguments = parser.parse_args(argv)
    seeds = range(arguments.seed, arguments.seed + arguments.games)
    with ProcessPoolExecutor(arguments.workers) as pool:
        games = list(pool.map(play_deal, [arguments.players] * len(seeds), seeds, chunksize=4))
    for rounds_played in range(1, ROUNDS):
        pairs = pair_results(games, rounds_played)
        leading = [pair for pair in pairs if pair.lead > 0]
        level = [pair for pair in pairs if pair.lead == 0]
        trailing = [pair for pair in pairs if pair.lead < 0]
        print(
            f"after round {rounds_played}: spread ahead {fitted_spread(leading):.1f}, "
            f"behind {fitted_spread(trailing):.1f}, one spread {fitted_spread(pairs):.1f}; "
            f"scored {describe(leading)} ahead, {describe(level)} level, "
            f"{describe(trailing)} behind"
        )


def describe(pairs: Sequence[PairResult]) -> str:
    """``score/pairs``, e.g. ``0.97/120``."""
    if not pairs:
        return "-/0"
    return f"{sum(pair.result for pair in pairs) / len(pairs):.2f}/{len(pairs)}"


if __name__ == "__main__":
    main()
