"""Cheese Drop: the rounds still to come, played out fast, to value a round's end by places.

The game is decided by the final places, and each round's betting order comes from the
totals before it (the lower total bets first, and so takes the better columns). So the
worth of a round's end to a seat is not its lead alone: it is its chance of each final
place once the rounds to come are played, each in the betting order its totals set.

**A round to come, played out** (``played_rounds``, numpy, many at once): the round's
bag shuffled and drawn, each drop's marbles put behind random distinct gate slots, each
marble falling through the pin rows (1/4 left, 1/2 straight, 1/4 right; walls merged);
then every piece is placed in betting order, each on the column whose expected points,
given the lanes everyone sees above the cover, are highest for its bettor (the
evaluation's ``best_column``, what greedy and the C heuristic playouts bet, its chances of
"more cheese than apples" taken as normal); then the round is scored by the rules. Each
play-out keeps the points of the seat that bet first, second, … (**by betting
position**): the seats are alike but for their place in the order.

**A round's end valued** (``place_rewards``): in each draw of the round's end, each round
to come adds the points of one play-out, given seat by seat in the betting order the
totals then set (rules, step 3: lower total first, ties to the seat nearer the round's
start player counter-clockwise); the finished totals give the rewards of the final places
(``cheese.bots.search.rewards``, exact). Draw ``k`` of every line meets the same play-outs,
so lines are compared on the same luck to come.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from cheese.bots.evaluation.cheese_drop.outlook import lane_distributions
from cheese.bots.evaluation.cheese_drop.round_lines import (
    FloatArray,
    mean_rewards,
    rewards_of_beaten,
    scored_lanes,
)
from cheese.engine.cheese_drop.core import (
    APPLE,
    CAT,
    CHEESE,
    COLOURS,
    LANE_COUNT,
    MOUSE,
    ROUNDS,
    SLOT_COUNT,
)
from cheese.engine.cheese_drop.marbles import (
    bag_for_round,
    draws_per_drop,
    drops_per_round,
    round_start_player,
)
from cheese.engine.cheese_drop.options import DropOptions

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]

_erfc = np.frompyfunc(math.erfc, 1, 1)


@dataclass(frozen=True, slots=True)
class FutureRounds:
    """Play-outs of the rounds after ``first_round - 1``: ``points[i][k, p]`` is what the
    seat betting ``p``-th scored in play-out ``k`` of round ``first_round + i``."""

    first_round: int
    points: tuple[FloatArray, ...]


def seen_values(
    seen: IntArray, colours: IntArray, hidden_rows: int
) -> tuple[FloatArray, FloatArray]:
    """``[k, lane]`` expected base points and ``[k, event, lane]`` expected bonuses of
    the marbles seen in lanes ``seen[k, m]`` above the cover, of colours
    ``colours[k, m]``, each still to fall ``hidden_rows`` rows (as ``outlook``)."""
    spread = np.array(lane_distributions(hidden_rows)[hidden_rows])  # [seen lane, lane]
    chances = spread[seen]  # [k, m, lane]
    expected = []
    absent = []
    for colour in COLOURS:
        of_colour = chances * (colours == colour)[..., None]
        expected.append(of_colour.sum(axis=1))
        absent.append(np.prod(1.0 - of_colour, axis=1))
    cheese, apples, mice = expected[CHEESE], expected[APPLE], expected[MOUSE]
    mouse = 1.0 - absent[MOUSE]
    cat = 1.0 - absent[CAT]
    step = chances * ((colours == CHEESE).astype(np.float64) - (colours == APPLE))[..., None]
    lead_mean = step.sum(axis=1)
    lead_variance = (np.abs(step) - step * step).sum(axis=1)
    base = apples + cheese * (1.0 - mouse * (1.0 - cat))
    bonuses = np.stack(
        [
            5.0 * cat * mouse,
            apples,
            cheese,
            2.0 * mice,
            cat * (apples + cheese),
            2.0 * normal_above(lead_mean, lead_variance),
            3.0 * normal_above(-lead_mean, lead_variance),
        ],
        axis=1,
    )
    return base, bonuses


def normal_above(mean: FloatArray, variance: FloatArray) -> FloatArray:
    """P(X > 0) for integers X of these means and variances (normal, continuity-corrected;
    ``outlook.normal_above`` on arrays)."""
    sure = (mean > 0.5).astype(np.float64)
    spread = np.sqrt(2.0 * np.maximum(variance, 1e-12))
    chance = 0.5 * np.asarray(_erfc(-(mean - 0.5) / spread), dtype=np.float64)
    result: FloatArray = np.where(variance <= 1e-12, sure, chance)
    return result


def played_rounds(
    num_players: int,
    round_index: int,
    options: DropOptions,
    samples: int,
    rng: np.random.Generator,
) -> FloatArray:
    """``[k, p]``: the points of the seat betting ``p``-th in ``samples`` play-outs of
    round ``round_index`` (see the module doc)."""
    per_drop = draws_per_drop(num_players, round_index)
    drops = drops_per_round(num_players)
    bag = np.repeat(np.arange(len(COLOURS)), bag_for_round(round_index))
    colours = rng.permuted(np.tile(bag, (samples, 1)), axis=1)[:, : drops * per_drop]
    slots = np.concatenate(
        [np.argsort(rng.random((samples, SLOT_COUNT)), axis=1)[:, :per_drop] for _ in range(drops)],
        axis=1,
    )
    lanes = slots.astype(np.int64)
    seen = lanes
    for row in range(options.rows):
        if row == options.visible_rows:
            seen = lanes
        step = rng.random(lanes.shape)
        lanes = np.clip(lanes - (step < 0.25) + (step >= 0.75), 0, LANE_COUNT - 1)
    if options.visible_rows >= options.rows:
        seen = lanes
    base, bonuses = seen_values(seen, colours, options.rows - options.visible_rows)
    own = bet_round(base, bonuses, num_players, options)
    cells = (np.arange(samples)[:, None] * LANE_COUNT + lanes) * len(COLOURS) + colours
    counts = np.bincount(cells.ravel(), minlength=samples * LANE_COUNT * len(COLOURS))
    scored = scored_lanes(counts.reshape(samples, LANE_COUNT, len(COLOURS)))
    own_lanes = own[..., :LANE_COUNT].astype(np.float64)
    own_events = own[..., LANE_COUNT:].astype(np.float64)
    points: FloatArray = np.einsum("kpl,kl->kp", own_lanes, scored.base)
    if own_events.shape[-1]:
        points += np.einsum(
            "kpl,kpe,kel->kp", own_lanes, own_events, scored.events[:, : own_events.shape[-1]]
        )
    return points


def bet_round(
    base: FloatArray, bonuses: FloatArray, num_players: int, options: DropOptions
) -> BoolArray:
    """``[k, p, column]``: the columns of the seat betting ``p``-th once every piece is
    placed, each on its bettor's best column by the expected values (the evaluation's
    ``best_column``; ties to the lower column)."""
    samples = base.shape[0]
    columns = options.column_count
    events = columns - LANE_COUNT
    bonuses = bonuses[:, :events]
    own = np.zeros((samples, num_players, columns), dtype=np.bool_)
    filled = np.zeros((samples, columns), dtype=np.int64)
    rows = np.arange(samples)
    pieces = options.pieces_per_player
    for turn in range(num_players * pieces):
        position = turn % num_players
        held = own[:, position]
        legal = (filled < options.cells_per_column) & ~held
        more = turn // num_players + 1 < pieces
        held_lanes = held[:, :LANE_COUNT].astype(np.float64)
        held_events = held[:, LANE_COUNT:].astype(np.float64)
        lane_values = base + np.einsum("ke,kel->kl", held_events, bonuses)
        event_values = np.einsum("kl,kel->ke", held_lanes, bonuses)
        if more and events:
            # A column also counts the best pair it opens for the next piece.
            free_events = (legal[:, LANE_COUNT:] & ~held[:, LANE_COUNT:])[:, :, None]
            free_lanes = (legal[:, :LANE_COUNT] & ~held[:, :LANE_COUNT])[:, None, :]
            lane_values = lane_values + np.max(np.where(free_events, bonuses, 0.0), axis=1)
            event_values = event_values + np.max(np.where(free_lanes, bonuses, 0.0), axis=2)
        values = np.concatenate([lane_values, event_values], axis=1)
        chosen = np.argmax(np.where(legal, values, -np.inf), axis=1)
        own[rows, position, chosen] = True
        filled[rows, chosen] += 1
    return own


def future_rounds(
    num_players: int,
    round_index: int,
    options: DropOptions,
    samples: int,
    rng: np.random.Generator,
) -> FutureRounds:
    """``samples`` play-outs of each round after round ``round_index``."""
    first = round_index + 1
    return FutureRounds(
        first,
        tuple(
            played_rounds(num_players, later, options, samples, rng)
            for later in range(first, ROUNDS)
        ),
    )


def betting_orders(totals: FloatArray, round_start: int) -> IntArray:
    """``[k, p]``: the seat betting ``p``-th in each row of ``totals[k, seat]`` (rules,
    step 3: lower total first; ties to the seat nearer ``round_start`` counter-clockwise)."""
    seats = totals.shape[1]
    nearness = (round_start - np.arange(seats)) % seats
    # The total decides; nearness (below one point) only breaks ties.
    keys = totals + nearness / seats
    orders: IntArray = np.argsort(keys, axis=1, kind="stable")
    return orders


def place_rewards(totals: FloatArray, future: FutureRounds, start_player: int) -> FloatArray:
    """Per seat, the mean over rows of ``totals[k, seat]`` (a round's end) of the
    rewards of the final places once ``future``'s rounds are added, play-out ``k`` of each
    in the betting order the totals then set (``start_player``: the game's option)."""
    draws, seats = totals.shape
    finals = totals.copy()
    for offset, points in enumerate(future.points):
        round_start = round_start_player(start_player, future.first_round + offset, seats)
        orders = betting_orders(finals, round_start)
        gained = np.zeros_like(finals)
        rows = np.arange(draws) % points.shape[0]
        np.put_along_axis(gained, orders, points[rows], axis=1)
        finals += gained
    return mean_rewards(finals, None)


LEAST_VARIANCE = 1.0
"""The least variance per round to come of the points between two seats: the play-outs'
bettors, all alike, copy each other's pieces when they bet in a row (two cells a column),
which real players do less; set by hand."""


def position_moments(points: FloatArray) -> tuple[FloatArray, FloatArray]:
    """The mean points of each betting position, and ``[p, q]`` the variance of the
    difference between positions ``p`` and ``q``, over a round's play-outs."""
    means: FloatArray = points.mean(axis=0)
    covariance = np.atleast_2d(np.cov(points, rowvar=False))
    variances = np.diag(covariance)
    differences: FloatArray = variances[:, None] + variances[None, :] - 2.0 * covariance
    return means, np.maximum(differences, LEAST_VARIANCE)


def odds_rewards(totals: FloatArray, future: FutureRounds, start_player: int) -> FloatArray:
    """Per seat, the mean over rows of ``totals[k, seat]`` (a round's end) of the
    rewards once ``future``'s rounds are added, each seat beating each rival with the
    normal chance of their final difference: each round to come adds the mean points of
    the betting position the expected totals then give a seat, and the variance of the
    difference between the two positions (``position_moments``)."""
    draws, seats = totals.shape
    expected = totals.copy()
    variance = np.zeros((draws, seats, seats))
    for offset, points in enumerate(future.points):
        means, differences = position_moments(points)
        round_start = round_start_player(start_player, future.first_round + offset, seats)
        orders = betting_orders(expected, round_start)
        positions = np.empty_like(orders)
        np.put_along_axis(positions, orders, np.arange(seats)[None, :], axis=1)
        expected = expected + means[positions]
        variance += differences[positions[:, :, None], positions[:, None, :]]
    lead = expected[:, :, None] - expected[:, None, :]
    chances = 0.5 * np.asarray(
        _erfc(-lead / np.sqrt(2.0 * np.maximum(variance, 1e-12))), dtype=np.float64
    )
    beaten = chances.sum(axis=2) - 0.5  # a seat ties with itself
    return rewards_of_beaten(beaten, expected)
