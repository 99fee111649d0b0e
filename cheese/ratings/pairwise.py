"""Games decomposed into pairs of seats — the one place it is done — and a duel's deal of
A-against-B pairs added up.

In a game with several seats, every seat is compared with every seat held by another
player (``seat_pair_points``; the tournament's ratings, the duel and the live standings
all take their pairs from it). In a duel that is every seat held by A against every seat
held by B:
the better place wins the pair, equal places (a shared place) draw. Seats of the same bot
are never compared. With one seat (solitaire), each of A's games of a deal is compared
with each of B's games on the same seed: the higher score wins the pair, equal scores draw.

The pairs of one game, and of one deal, are correlated — they share the luck and the other
seats — so they are added up per deal and the deal is the statistical unit
(``cheese.ratings.stats``).

>>> seat_pairs((0, 1, 0, 1), (1, 2, 2, 4))
PairTally(wins=3, draws=1, losses=0)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from dataclasses import dataclass

from cheese.referee.jobs import SIDE_A, SIDE_B, GameResult, Side


@dataclass(frozen=True, slots=True)
class PairTally:
    """Wins, draws and losses of A against B over some pairs."""

    wins: int = 0
    draws: int = 0
    losses: int = 0

    @property
    def pairs(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def points(self) -> tuple[float, float]:
        """A's points and B's points over these pairs (a draw is half a point each).

        >>> PairTally(wins=2, draws=1, losses=1).points
        (2.5, 1.5)
        """
        return self.wins + self.draws / 2, self.losses + self.draws / 2

    @property
    def half_points(self) -> int:
        """A's points in half points: 2 per win, 1 per draw (an exact integer)."""
        return 2 * self.wins + self.draws

    @property
    def score(self) -> float:
        """A's fraction of the points, (wins + draws / 2) / pairs."""
        if self.pairs == 0:
            raise ValueError("a tally of no pairs has no score")
        return self.half_points / (2 * self.pairs)

    def __add__(self, other: PairTally) -> PairTally:
        return PairTally(
            self.wins + other.wins, self.draws + other.draws, self.losses + other.losses
        )


def compare(a_better: bool, b_better: bool) -> PairTally:
    """One pair's outcome for A."""
    if a_better:
        return PairTally(wins=1)
    if b_better:
        return PairTally(losses=1)
    return PairTally(draws=1)


def seat_pair_points(
    owners: Sequence[Hashable], places: Sequence[int]
) -> Iterator[tuple[int, int, float]]:
    """Every pair of seats held by different owners, once: ``(seat, other, points)`` with
    ``seat < other`` and ``points`` the seat's — 1 for the better place, ½ for a shared
    one, 0 for the worse — ``places`` counting from 1 for the first.

    >>> list(seat_pair_points(("a", "b", "a"), (2, 1, 2)))
    [(0, 1, 0.0), (1, 2, 1.0)]
    """
    if len(owners) != len(places):
        raise ValueError(f"{len(owners)} seats for {len(places)} places")
    for seat in range(len(owners)):
        for other in range(seat + 1, len(owners)):
            if owners[seat] == owners[other]:
                continue
            if places[seat] < places[other]:
                yield seat, other, 1.0
            elif places[seat] > places[other]:
                yield seat, other, 0.0
            else:
                yield seat, other, 0.5


def seat_pairs(sides: Sequence[Side], ranking: Sequence[int]) -> PairTally:
    """Every A seat against every B seat of one game; ``ranking`` is places, 1 = first.

    >>> seat_pairs((0, 1, 1, 0, 0), (1, 1, 3, 3, 5))
    PairTally(wins=1, draws=2, losses=3)
    """
    wins = draws = losses = 0
    for seat, _, points in seat_pair_points(sides, ranking):
        a_points = points if sides[seat] == SIDE_A else 1.0 - points
        if a_points == 1.0:
            wins += 1
        elif a_points == 0.0:
            losses += 1
        else:
            draws += 1
    return PairTally(wins, draws, losses)


def solo_pair(points_a: int | None, points_b: int | None) -> PairTally:
    """A's solitaire game against B's on the same seed: the higher score wins; a forfeited
    game (``None``) is below every score.

    >>> solo_pair(0, 0), solo_pair(None, 0).losses
    (PairTally(wins=0, draws=1, losses=0), 1)
    """
    a = -1 if points_a is None else points_a
    b = -1 if points_b is None else points_b
    return compare(a > b, b > a)


def deal_pairs(games: Sequence[GameResult]) -> PairTally:
    """All A-against-B pairs of one deal's games."""
    if not games:
        raise ValueError("a deal has at least one game")
    if games[0].job.num_players > 1:
        tally = PairTally()
        for game in games:
            tally += seat_pairs(game.job.sides, game.ranking)
        return tally
    a_points = [_solo_points(game) for game in games if game.job.sides[0] == SIDE_A]
    b_points = [_solo_points(game) for game in games if game.job.sides[0] == SIDE_B]
    tally = PairTally()
    for points_a in a_points:
        for points_b in b_points:
            tally += solo_pair(points_a, points_b)
    return tally


def _solo_points(game: GameResult) -> int | None:
    return game.points[0] if game.points else None
