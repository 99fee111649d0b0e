"""The order of a duel's games: deals, each played in every seat rotation.

Seats alternate between the two bots, A B A B …. A *deal* is one deal seed played with
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

import math

from cheese.engine.luck import GOLDEN_GAMMA, MASK64, mix64
from cheese.tournaments.records import SIDE_A, SIDE_B, DuelSetup, GameJob, Side


def seat_sides(num_players: int) -> tuple[tuple[Side, ...], ...]:
    """The seat assignments of one deal, in the order they are played.

    Rotation ``r`` gives seat ``s`` the side that seat ``s - r`` has in the base pattern;
    the rotations of the base pattern come first, then those of the swapped pattern.
    """
    if num_players < 1:
        raise ValueError(f"a game needs at least 1 seat, not {num_players}")
    base = tuple(SIDE_A if seat % 2 == 0 else SIDE_B for seat in range(num_players))
    swapped = tuple(SIDE_B if side == SIDE_A else SIDE_A for side in base)
    assignments: list[tuple[Side, ...]] = []
    for pattern in (base, swapped):
        for shift in range(num_players):
            rotated = pattern[num_players - shift :] + pattern[: num_players - shift]
            if rotated not in assignments:
                assignments.append(rotated)
    return tuple(assignments)


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


def deal_seed(duel_seed: int, deal: int) -> int:
    """The deal seed of deal number ``deal``: the ``deal``-th output of SplitMix64.

    Computed directly from the index, so any deal can be replayed on its own.

    >>> deal_seed(0, 0) == deal_seed(0, 0) != deal_seed(0, 1)
    True
    """
    return mix64((duel_seed + (deal + 1) * GOLDEN_GAMMA) & MASK64)


class Schedule:
    """The duel's games in play order: ``next()`` gives the next job, ``total()`` counts.

    Jobs come deal by deal, each deal in rotation order, so the first jobs handed out are
    the first ones the results are aggregated by.
    """

    __slots__ = ("_assignments", "_issued", "_setup")

    def __init__(self, setup: DuelSetup) -> None:
        self._setup = setup
        self._assignments = seat_sides(setup.num_players)
        self._issued = 0

    def total(self) -> int:
        """How many games the whole duel has."""
        return self._setup.deals * len(self._assignments)

    def next(self) -> GameJob | None:
        """The next game to play, or ``None`` when every game has been handed out."""
        if self._issued >= self.total():
            return None
        deal, rotation = divmod(self._issued, len(self._assignments))
        self._issued += 1
        return self.job(deal, rotation)

    def job(self, deal: int, rotation: int) -> GameJob:
        """The game of ``deal`` played in seat assignment ``rotation``."""
        setup = self._setup
        sides = self._assignments[rotation]
        return GameJob(
            game=setup.game,
            options=setup.options,
            num_players=setup.num_players,
            seat_specs=tuple(setup.spec_of(side) for side in sides),
            sides=sides,
            deal_seed=deal_seed(setup.seed, deal),
            deal=deal,
            rotation=rotation,
            duel_seed=setup.seed,
            backend=setup.backend,
        )
