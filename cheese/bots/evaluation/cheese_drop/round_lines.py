"""Cheese Drop: the rest of a round's betting, as lines to the round's end.

At a bet nothing is left to chance but where the marbles under the cover land, and
nobody has seen that: every seat knows what every other seat knows. So the rest of the
round is a game of the bets alone, followed by one chance event that decides the
points. This module models it for the seat to bet, as the lines the searches search
(``cheese.bots.lines.model.Lines``, searched by ``cheese.bots.lines``):

- **the other seats' replies** are predicted: each places the piece the evaluation's
  one-ply values like best for it (the evaluation's ``bet_rewards``: what greedy
  plays, and a model of any player who values its bets by their expected worth);
- **the searching seat's own later pieces** are left to the search, which tries its
  ``width`` best one-ply moves — but with two seats in the last round, a seat ahead
  that has copied its rival's every piece so far copies the next one too
  (``mirror_column``): its lead then holds whatever the rival bets and wherever the
  marbles fall, which no prediction of the rival's bets can better;
- **a finished round is valued exactly** over ``samples`` draws of the hidden rows (the
  same draws for every line, so lines are compared on the same luck): in the last round
  the rewards of the final places (``cheese.bots.search.rewards``), before it the estimated
  rewards of the totals, each rival beaten with a logistic chance of the lead whose
  spread (``RoundEndSpread``) the evaluation gives per player count and rounds to come.

Unlike the one-ply estimate, the exact value sees the risk of a line: the points of two
seats on the same lane rise and fall together, and in the last round a seat ahead can
copy its rival's lanes while a seat behind needs lanes the leader does not hold.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from cheese.bots.search.rewards import PAIRWISE_WEIGHT, POINTS_WEIGHT, Rewards
from cheese.engine.cheese_drop.betting import (
    bettor,
    column_event,
    column_lane,
    is_lane_column,
    legal_columns,
    place_piece,
)
from cheese.engine.cheese_drop.core import (
    APPLE,
    CAT,
    CHEESE,
    LANE_COUNT,
    MOUSE,
    Bets,
    Column,
)
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.view import DropView, RevealedDropView, betting_order_of

FloatArray = npt.NDArray[np.float64]
BetRewards = Callable[[DropView, DropOptions, int, Column], Rewards]
"""The evaluation's one-ply value of a bet: the estimated rewards once the seat places a
piece on the column (``CheeseDropEvaluator.bet_rewards``, what greedy compares)."""

EndRewards = Callable[[FloatArray], FloatArray]
"""Per seat, the mean over draws of the rewards of a round's end before the last round,
from the totals then (``[k, seat]``): another valuation than the lead's spread
(``future_rounds.place_rewards``)."""

DEFAULT_SAMPLES = 256
"""Draws of the hidden rows a finished round is valued over, set with the first lines
(four times as many did no better in four-player duels against greedy)."""
DEFAULT_WIDTH = 5
"""The searching seat's moves tried at each of its later pieces, best one-ply first, set
with the first lines (every move scored the same with three players, much slower)."""


@dataclass(frozen=True, slots=True)
class RoundEndSpread:
    """How surely the searching seat turns a lead over a rival at a round's end into
    beating it at the game's end: ``logistic(lead / ahead)`` when it leads,
    ``logistic(lead / behind)`` when it trails (a tie is a half).

    The two may differ because the seat plays the rounds to come and its rivals do
    not play like it: with two players, a seat searching the lines copies its rival's
    lanes in the last round and keeps any lead, while the rival ahead of it does not.
    """

    ahead: float
    behind: float

    @classmethod
    def even(cls, spread: float) -> RoundEndSpread:
        """The same spread either way (``cheese.bots.search.rewards.estimated_rewards``)."""
        return cls(spread, spread)


@dataclass(frozen=True, slots=True)
class LaneDraws:
    """Points per lane in each of ``K`` draws of the hidden rows: ``base[k, lane]`` and
    ``events[k, event, lane]``."""

    base: FloatArray
    events: FloatArray


def draw_lanes(
    view: DropView, options: DropOptions, samples: int, rng: np.random.Generator
) -> LaneDraws:
    """``samples`` draws of where this round's marbles end, scored per lane.

    Each marble continues from the lane everyone saw over the rows left (1/4 left, 1/2
    straight, 1/4 right; walls merged), as in the rules' model of the fall.
    """
    cells = samples * LANE_COUNT * 4
    draws = np.arange(samples)
    # Each marble adds one to its (draw, lane, colour) cell.
    cells_hit = [np.zeros(0, dtype=np.int64)]
    for marble in view.marbles:
        lane = np.full(samples, marble.seen_lane, dtype=np.int64)
        for _ in range(options.rows - min(marble.rows_fallen, options.visible_rows)):
            step = rng.random(samples)
            lane = np.clip(lane - (step < 0.25) + (step >= 0.75), 0, LANE_COUNT - 1)
        cells_hit.append((draws * LANE_COUNT + lane) * 4 + marble.colour)
    counts = np.bincount(np.concatenate(cells_hit), minlength=cells).reshape(samples, LANE_COUNT, 4)
    return scored_lanes(counts)


def true_lanes(revealed: RevealedDropView) -> LaneDraws:
    """The one draw that is the truth: where this round's marbles really ended, scored
    per lane. No seat knows it before the round is scored; a diagnostic that measures
    what knowing it is worth values the lines over it (``RoundLines``'s ``lanes``).

    At a bet every marble has fallen every row, so its real lane is its final lane.
    """
    counts = np.zeros((1, LANE_COUNT, 4), dtype=np.int64)
    for marble, lane in zip(revealed.views[0].marbles, revealed.lanes):
        counts[0, lane, marble.colour] += 1
    return scored_lanes(counts)


def scored_lanes(counts: npt.NDArray[np.int64]) -> LaneDraws:
    """The points per lane of ``counts[k, lane, colour]``, the marbles of each colour that
    ended in each lane in each draw."""
    cheese, apples = counts[..., CHEESE], counts[..., APPLE]
    mice, cats = counts[..., MOUSE], counts[..., CAT]
    has_cat = cats > 0
    # The rules' base points and the seven events, in the order of scoring.EVENTS.
    base = apples + np.where((mice == 0) | has_cat, cheese, 0)
    events = np.stack(
        [
            np.where(has_cat & (mice > 0), 5, 0),
            apples,
            cheese,
            2 * mice,
            np.where(has_cat, apples + cheese, 0),
            np.where(cheese > apples, 2, 0),
            np.where(apples > cheese, 3, 0),
        ],
        axis=1,
    )
    return LaneDraws(base.astype(np.float64), events.astype(np.float64))


def drawn_points(bets: Bets, lanes: LaneDraws) -> FloatArray:
    """``[k, seat]``: each seat's points for the round in each draw."""
    points = np.zeros((lanes.base.shape[0], len(bets)))
    for seat, columns in enumerate(bets):
        bet_lanes = [column_lane(column) for column in columns if is_lane_column(column)]
        bet_events = [column_event(column) for column in columns if not is_lane_column(column)]
        for lane in bet_lanes:
            points[:, seat] += lanes.base[:, lane]
            for event in bet_events:
                points[:, seat] += lanes.events[:, event, lane]
    return points


def mean_rewards(totals: FloatArray, spread: RoundEndSpread | None) -> FloatArray:
    """Per seat, the mean over draws (rows of ``totals``) of the rewards of
    ``cheese.bots.search.rewards``: exact places when ``spread`` is None (the game ends with
    this round), else each seat's chances of beating the others at that spread, read
    as the spread of the seat whose reward it is (with an uneven spread the rewards of
    all seats no longer add up to ``reward_sum``; the lines read one seat's)."""
    draws, seats = totals.shape
    beaten = np.zeros((draws, seats))
    for seat in range(seats):
        for other in range(seats):
            if other == seat:
                continue
            lead = totals[:, seat] - totals[:, other]
            if spread is None:
                beaten[:, seat] += (lead > 0) + 0.5 * (lead == 0)
            else:
                scale = np.where(lead > 0, spread.ahead, spread.behind)
                beaten[:, seat] += 1.0 / (1.0 + np.exp(-lead / scale))
    return rewards_of_beaten(beaten, totals)


def rewards_of_beaten(beaten: FloatArray, totals: FloatArray) -> FloatArray:
    """Per seat, the mean over rows of the rewards of ``cheese.bots.search.rewards`` when
    ``beaten[k, seat]`` rivals are beaten (chances add up) and the points are ``totals``:
    the pairwise part from the rivals beaten, the points part from the seat's share."""
    seats = totals.shape[1]
    positive = np.maximum(totals, 0.0)
    scored = positive.sum(axis=1, keepdims=True)
    shares = np.where(scored > 0, positive / np.where(scored > 0, scored, 1.0), 1.0 / seats)
    rewards = PAIRWISE_WEIGHT * beaten / (seats - 1) + POINTS_WEIGHT * shares
    result: FloatArray = rewards.mean(axis=0)
    return result


def mirror_column(
    bets: Bets, seat: int, totals: Sequence[int], options: DropOptions
) -> Column | None:
    """With two seats in the game's last round: the column that makes ``seat``'s win sure.

    A seat ahead bets after its rival in every lap (lower totals bet first), and with
    two cells a column it can take every column its rival takes: the same columns score
    the same points on every fall, so the lead it has is the lead it ends with. The
    column is the rival's one piece not yet copied, when the seat's pieces copy all its
    rival's others; None when there is no such sure line (no lead, a piece of the
    seat's own elsewhere, no free cell left in the column, or more than two seats).
    """
    if len(bets) != 2:
        return None
    rival = 1 - seat
    if totals[seat] <= totals[rival]:
        return None
    uncopied = [column for column in bets[rival] if column not in bets[seat]]
    if len(uncopied) != 1 or len(bets[seat]) != len(bets[rival]) - 1:
        return None
    if uncopied[0] not in legal_columns(bets, seat, options):
        return None
    return uncopied[0]


class RoundLines:
    """The rest of one round's betting as lines for the seat to bet in ``view``
    (``cheese.bots.lines.model.Lines``; nodes are the bets); see the module doc.

    ``lanes``, when given, are the draws of the hidden rows a finished round is valued
    over instead of ``samples`` fresh ones (``true_lanes``: a diagnostic's truth)."""

    __slots__ = (
        "_bet_rewards", "_end_rewards", "_end_values", "_lanes", "_one_ply", "_order",
        "_pieces", "_spread", "_totals", "options", "seat", "view", "width",
    )

    def __init__(
        self,
        view: DropView,
        options: DropOptions,
        bet_rewards: BetRewards,
        spread: RoundEndSpread | None,
        rng: random.Random,
        samples: int = DEFAULT_SAMPLES,
        width: int = DEFAULT_WIDTH,
        end_rewards: EndRewards | None = None,
        lanes: LaneDraws | None = None,
    ) -> None:
        self.view = view
        self.options = options
        self.seat = view.current_player
        self.width = width
        self._bet_rewards = bet_rewards
        self._order = betting_order_of(view, options.start_player)
        self._pieces = view.num_players * options.pieces_per_player
        # Given lanes (the truth, for a diagnostic) replace the draws of the hidden rows.
        if lanes is None:
            lanes = draw_lanes(view, options, samples, np.random.default_rng(rng.getrandbits(64)))
        self._lanes = lanes
        self._totals = np.array(view.totals, dtype=np.float64)
        self._spread = spread
        self._end_rewards = end_rewards
        self._one_ply: dict[tuple[Bets, int], list[tuple[float, Column]]] = {}
        self._end_values: dict[Bets, float] = {}

    @property
    def root(self) -> Bets:
        """The bets now, the searching seat to place its next piece."""
        return self.view.bets

    def one_ply(self, bets: Bets, seat: int) -> list[tuple[float, Column]]:
        """``seat``'s legal columns with their one-ply values, best first (ties: the
        lower column)."""
        found = self._one_ply.get((bets, seat))
        if found is not None:
            return found
        now = replace(self.view, bets=bets)
        valued = [
            (self._bet_rewards(now, self.options, seat, column)[seat], column)
            for column in legal_columns(bets, seat, self.options)
        ]
        valued.sort(key=lambda item: (-item[0], item[1]))
        self._one_ply[(bets, seat)] = valued
        return valued

    def reply(self, bets: Bets, seat: int) -> Column:
        """The piece ``seat`` is predicted to place next."""
        return self.one_ply(bets, seat)[0][1]

    def moves(self, bets: Bets) -> list[Column]:
        """The searching seat's columns at ``bets`` (its turn), best one-ply value first;
        in the last round only the ``mirror_column`` when there is one."""
        if self._spread is None:
            mirror = mirror_column(bets, self.seat, self.view.totals, self.options)
            if mirror is not None:
                return [mirror]
        return [column for _, column in self.one_ply(bets, self.seat)]

    def after(self, bets: Bets, column: Column) -> Bets:
        """The searching seat's piece on ``column``, then the other seats' predicted
        pieces up to its next turn or the end of the round."""
        bets = place_piece(bets, self.seat, column)
        placed = sum(len(columns) for columns in bets)
        while placed < self._pieces and bettor(self._order, placed) != self.seat:
            seat = bettor(self._order, placed)
            bets = place_piece(bets, seat, self.reply(bets, seat))
            placed += 1
        return bets

    def is_end(self, bets: Bets) -> bool:
        return sum(len(columns) for columns in bets) == self._pieces

    def end_value(self, bets: Bets) -> float:
        """The searching seat's exact reward once every piece of ``bets`` is placed."""
        found = self._end_values.get(bets)
        if found is None:
            totals = drawn_points(bets, self._lanes) + self._totals
            if self._end_rewards is None or self._spread is None:
                rewards = mean_rewards(totals, self._spread)
            else:
                rewards = self._end_rewards(totals)
            found = self._end_values[bets] = float(rewards[self.seat])
        return found
