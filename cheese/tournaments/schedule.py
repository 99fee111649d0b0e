"""The order of a tournament's games: deals, each played in every seat rotation.

Who sits at which table is ``cheese.tournaments.seating``. In a duel, seats alternate
between the two bots, A B A B …. A *deal* is one deal seed played with
every distinct cyclic rotation of that pattern and, when the seat count is odd (so that A
holds one seat more than B), of the pattern with the roles swapped. Paired luck gives
every game of a deal the same cards, marbles and deflections, so within a deal each bot
meets the same luck from every seat: luck and seat order cancel.

Rotations that repeat an assignment already in the deal are left out: replaying the same
seats on the same deal would only redraw the bots' own randomness, while a fresh deal
also samples new luck. With 4 players a deal is therefore ``ABAB`` and ``BABA``; with 3
it is six games; with one seat (solitaire) it is A alone and B alone on the same seed.

>>> seat_sides(4)
((0, 1, 0, 1), (1, 0, 1, 0))
>>> seat_sides(3)
((0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1))
>>> seat_sides(1)
((0,), (1,))
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Container, Iterator

from cheese.engine.luck import GOLDEN_GAMMA, MASK64, mix64
from cheese.referee.jobs import SIDE_A, SIDE_B, GameJob, Plan, Side
from cheese.tournaments.seating import seatings


def seat_sides(num_players: int) -> tuple[tuple[Side, ...], ...]:
    """The seat assignments of one duel deal, in the order they are played."""
    return seatings((SIDE_A, SIDE_B), num_players)


def games_per_deal(num_players: int) -> int:
    """How many games one deal is: one per seat assignment.

    >>> [games_per_deal(n) for n in range(1, 6)]
    [2, 2, 6, 2, 10]
    """
    return len(seat_sides(num_players))


def deals_for_games(games: int, num_players: int) -> int:
    """The whole deals needed to play at least ``games`` games.

    >>> deals_for_games(100, 3)
    17
    """
    if games < 1:
        raise ValueError(f"a duel needs at least 1 game, not {games}")
    return math.ceil(games / games_per_deal(num_players))


def deal_seed(seed: int, deal: int) -> int:
    """The deal seed of deal number ``deal``: the ``deal``-th output of SplitMix64.

    Computed directly from the index, so any deal can be replayed on its own.

    >>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
    True
    """
    return mix64((seed + (deal + 1) * GOLDEN_GAMMA) & MASK64)


class Schedule:
    """A tournament's games in play order, numbered from 0, computed on demand.

    Jobs come deal by deal — the first deal of every table, then the second, … — each in
    rotation order, so stopping early leaves every table equally far. Deals are numbered
    over all tables (deal ``d`` of table ``t`` is number ``d · tables + t``) and each has
    its own seed; a duel is one table, so its deals are simply 0, 1, 2, …. Nothing is
    listed ahead: a job is worked out from its number, so a schedule of a billion games
    costs no more memory than one of ten.

    >>> from cheese.referee.jobs import DuelSetup
    >>> schedule = Schedule(DuelSetup("cheese-drop", 2, "a", "b", 3, 0, "reference").plan)
    >>> schedule.total(), [(job.deal, job.rotation) for _, job in schedule.jobs()][:3]
    (6, [(0, 0), (0, 1), (1, 0)])
    """

    __slots__ = ("_issued", "_plan", "_round", "_seatings", "_starts")

    def __init__(self, plan: Plan) -> None:
        self._plan = plan
        self._seatings = tuple(seatings(table, plan.num_players) for table in plan.tables)
        starts = [0]
        for table_seatings in self._seatings:
            starts.append(starts[-1] + len(table_seatings))
        self._starts = tuple(starts)
        """Where each table's games begin within a round of deals, and the round's size."""
        self._round = starts[-1]
        self._issued = 0

    def total(self) -> int:
        """How many games the whole tournament has."""
        return self._plan.deals * self._round

    def next(self) -> GameJob | None:
        """The next game to play, or ``None`` when every game has been handed out."""
        if self._issued >= self.total():
            return None
        self._issued += 1
        return self.job_at(self._issued - 1)

    def jobs(self, skip: Container[int] = ()) -> Iterator[tuple[int, GameJob]]:
        """Every game of the tournament with its number, in play order, leaving out the
        numbers in ``skip`` (games already stored)."""
        for number in range(self.total()):
            if number not in skip:
                yield number, self.job_at(number)

    def job_at(self, number: int) -> GameJob:
        """The game numbered ``number`` in play order."""
        if not 0 <= number < self.total():
            raise IndexError(f"game {number} is not in a schedule of {self.total()}")
        round_of_deals, offset = divmod(number, self._round)
        table = bisect.bisect_right(self._starts, offset) - 1
        deal = round_of_deals * len(self._plan.tables) + table
        return self.job(deal, offset - self._starts[table])

    def job(self, deal: int, rotation: int) -> GameJob:
        """The game of deal number ``deal`` played in seating ``rotation``."""
        plan = self._plan
        table = deal % len(plan.tables)
        sides = self._seatings[table][rotation]
        return GameJob(
            game=plan.game,
            options=plan.options,
            num_players=plan.num_players,
            seat_specs=tuple(plan.specs[side] for side in sides),
            sides=sides,
            deal_seed=deal_seed(plan.seed, deal),
            deal=deal,
            rotation=rotation,
            seed=plan.seed,
            backend=plan.backend,
            table=table,
            move_time=plan.move_time,
            time_control=plan.time_control,
            seat_bots=tuple(plan.bots[side] for side in sides) if plan.bots else (),
        )
