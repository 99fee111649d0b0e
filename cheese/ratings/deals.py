"""Game results back into deals: whole deals, in deal order, reduced to their numbers.

Workers finish games in any order. A deal is counted only once all its rotations are in
and every earlier deal has been counted, so whatever the number of workers, the deals —
and everything computed from them, including where an SPRT stops — come in one order.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from statistics import fmean

from cheese.ratings.pairwise import PairTally, deal_pairs
from cheese.ratings.variance_shares import SeatedGame
from cheese.referee.jobs import SIDE_A, SIDE_B, Fault, GameResult


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal's games, in rotation order, reduced to what the report needs."""

    index: int
    pairs: PairTally
    points: tuple[tuple[int, ...], tuple[int, ...]]
    """Per side, the points of each seat it held, game by game (a forfeited game has
    none, for any seat: it was not played to the end)."""
    finished: tuple[tuple[bool, ...], tuple[bool, ...]]
    """Per side, whether each of its seats' games reached its natural end."""
    forfeits: tuple[tuple[Fault, ...], tuple[Fault, ...]] = ((), ())
    """Per side, the kind of each game it forfeited."""
    first_errors: tuple[str | None, str | None] = field(default=(None, None), compare=False)
    """Per side, why it forfeited the first of its games that it forfeited, in rotation
    order, in the referee's words (None: it forfeited none)."""
    replies: tuple[tuple[float, ...], tuple[float, ...]] = field(default=((), ()), compare=False)
    """Per side, the seconds of each of its decisions (seat by seat, game by game)."""
    seated: tuple[SeatedGame, ...] = field(default=(), compare=False)
    """Its games with the side in each seat, for the luck and skill shares."""

    @classmethod
    def of_games(cls, index: int, games: Sequence[GameResult]) -> Deal:
        points: tuple[list[int], list[int]] = ([], [])
        finished: tuple[list[bool], list[bool]] = ([], [])
        forfeits: tuple[list[Fault], list[Fault]] = ([], [])
        first_errors: list[str | None] = [None, None]
        replies: tuple[list[float], list[float]] = ([], [])
        for game in games:
            for seat, side in enumerate(game.job.sides):
                if game.points:
                    points[side].append(game.points[seat])
                finished[side].append(game.finished)
                if seat < len(game.replies):
                    replies[side].extend(game.replies[seat])
            if game.forfeit is not None and game.fault is not None:
                side = game.job.sides[game.forfeit]
                forfeits[side].append(game.fault)
                if first_errors[side] is None:
                    first_errors[side] = game.fault.why(game.error)
        return cls(
            index=index,
            pairs=deal_pairs(games),
            points=(tuple(points[SIDE_A]), tuple(points[SIDE_B])),
            finished=(tuple(finished[SIDE_A]), tuple(finished[SIDE_B])),
            forfeits=(tuple(forfeits[SIDE_A]), tuple(forfeits[SIDE_B])),
            first_errors=(first_errors[SIDE_A], first_errors[SIDE_B]),
            replies=(tuple(replies[SIDE_A]), tuple(replies[SIDE_B])),
            seated=tuple(_seated(index, game) for game in games),
        )

    @property
    def score(self) -> float:
        return self.pairs.score

    @property
    def points_difference(self) -> float:
        """A's mean points minus B's mean points over the deal's seats; a side whose every
        game of the deal was forfeited counts 0, the least a game scores."""
        return _mean_or_zero(self.points[SIDE_A]) - _mean_or_zero(self.points[SIDE_B])


def _seated(index: int, game: GameResult) -> SeatedGame:
    """A game with its seats labelled by side: two equal specs are still two bots."""
    points = tuple(float(value) for value in game.points) if game.points else None
    return SeatedGame(index, tuple(game.job.sides), tuple(game.ranking), points)


def _mean_or_zero(values: Sequence[int]) -> float:
    return fmean(values) if values else 0.0


class DealCollector:
    """Takes game results in any order and gives back whole deals in deal order."""

    __slots__ = ("_games_per_deal", "_next_deal", "_waiting")

    def __init__(self, games_per_deal: int) -> None:
        self._games_per_deal = games_per_deal
        self._next_deal = 0
        self._waiting: dict[int, dict[int, GameResult]] = {}

    def add(self, result: GameResult) -> list[Deal]:
        """Hold ``result``; return the deals that are now complete and next in order."""
        games = self._waiting.setdefault(result.job.deal, {})
        if result.job.rotation in games:
            raise ValueError(f"deal {result.job.deal} rotation {result.job.rotation} came twice")
        games[result.job.rotation] = result
        released: list[Deal] = []
        while len(self._waiting.get(self._next_deal, {})) == self._games_per_deal:
            complete = self._waiting.pop(self._next_deal)
            ordered = [complete[rotation] for rotation in range(self._games_per_deal)]
            released.append(Deal.of_games(self._next_deal, ordered))
            self._next_deal += 1
        return released


class DealScoreCounts:
    """How many deals scored each possible value ``k / 2P`` (``P`` pairs per deal), and
    the pairs in total: what the SPRT and the live result line need after every deal."""

    __slots__ = ("counts", "pairs")

    def __init__(self) -> None:
        self.counts: list[int] = []
        self.pairs = PairTally()

    def add(self, deal_pairs: PairTally) -> None:
        if not self.counts:
            self.counts = [0] * (2 * deal_pairs.pairs + 1)
        if len(self.counts) != 2 * deal_pairs.pairs + 1:
            raise ValueError(
                f"a deal of {deal_pairs.pairs} pairs among deals of {len(self.counts) // 2}"
            )
        self.counts[deal_pairs.half_points] += 1
        self.pairs += deal_pairs
