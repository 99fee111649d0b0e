"""Cheese Drop's rounds to come: their play-outs, the betting order they are played in,
and a round's end valued by the final places."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cheese.bots.evaluation.cheese_drop.evaluator import (
    CheeseDropEvaluator,
    drop_view,
    round_end_spread,
)
from cheese.bots.evaluation.cheese_drop.future_rounds import (
    FutureRounds,
    bet_round,
    betting_orders,
    future_rounds,
    odds_rewards,
    place_rewards,
    played_rounds,
    position_moments,
    seen_values,
)
from cheese.bots.evaluation.cheese_drop.outlook import lane_distributions
from cheese.bots.evaluation.cheese_drop.round_lines import RoundLines
from cheese.bots.search.rewards import terminal_rewards_of
from cheese.engine.cheese_drop.betting import betting_order
from cheese.engine.cheese_drop.core import CHEESE, LANE_COUNT, ROUNDS
from cheese.engine.cheese_drop.options import parse_options

from .test_round_lines import bet_in_round


def test_a_seat_behind_that_bets_first_can_still_win() -> None:
    # The last round: whoever bets first scores 10, the other nothing. Seat 0 trails by
    # 2, so it bets first and ends 13 to 5: a lead alone would call it beaten.
    future = FutureRounds(ROUNDS - 1, (np.array([[10.0, 0.0]]),))
    rewards = place_rewards(np.array([[3.0, 5.0]]), future, start_player=0)
    assert rewards.tolist() == pytest.approx(terminal_rewards_of((13, 5), ((13,), (5,))))


def test_the_rounds_to_come_are_added_in_their_own_betting_orders() -> None:
    # Two rounds to come with three seats: the first bettor of each scores 4. Totals
    # (0, 1, 2): seat 0 bets first in round 2 (4, 1, 2), then seat 1 in round 3
    # (4, 5, 2).
    gains = np.array([[4.0, 0.0, 0.0]])
    future = FutureRounds(1, (gains, gains))
    rewards = place_rewards(np.array([[0.0, 1.0, 2.0]]), future, start_player=0)
    expected = terminal_rewards_of((4, 5, 2), ((4,), (5,), (2,)))
    assert rewards.tolist() == pytest.approx(expected)


def test_the_odds_add_each_positions_mean_and_spread() -> None:
    # The same rounds as above, every play-out alike: each round adds the least variance.
    gains = np.array([[4.0, 0.0, 0.0], [4.0, 0.0, 0.0]])
    means, differences = position_moments(gains)
    assert means.tolist() == [4.0, 0.0, 0.0] and (differences == 1.0).all()
    rewards = odds_rewards(np.array([[0.0, 1.0, 2.0]]), FutureRounds(1, (gains, gains)), 0)
    # Final (4, 5, 2); seat 1 beats seat 0 by 1 point at a variance of 2 (two rounds).
    beats_seat_0 = 0.5 * math.erfc(-1.0 / math.sqrt(2.0 * 2.0))
    beats_seat_2 = 0.5 * math.erfc(-3.0 / math.sqrt(2.0 * 2.0))
    expected = 0.8 * (beats_seat_0 + beats_seat_2) / 2 + 0.2 * 5 / 11
    assert rewards[1] == pytest.approx(expected)


def test_a_seat_far_ahead_keeps_its_place_in_every_draw() -> None:
    options = parse_options(4, {})
    future = future_rounds(4, 0, options, 64, np.random.default_rng(1))
    totals = np.tile([100.0, 0.0, 0.0, 0.0], (64, 1))
    for valued in (place_rewards, odds_rewards):
        rewards = valued(totals, future, options.start_player)
        assert rewards[0] > 0.8 and rewards[1:].max() < 0.8 * 2 / 3 + 0.2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_betting_orders_follow_the_rules(players: int) -> None:
    rng = random.Random(players)
    rows = [tuple(rng.randrange(4) for _ in range(players)) for _ in range(50)]
    for round_index in (1, 2):
        start = (round_index + 2) % players
        orders = betting_orders(np.array(rows, dtype=np.float64), start)
        for row, order in zip(rows, orders.tolist()):
            assert tuple(order) == betting_order(players, round_index, start, row)


def test_a_seen_marble_is_spread_over_the_hidden_rows() -> None:
    base, bonuses = seen_values(np.array([[2]]), np.array([[CHEESE]]), hidden_rows=3)
    spread = lane_distributions(3)[3][2]
    assert base[0].tolist() == pytest.approx(spread)
    assert bonuses[0, 2].tolist() == pytest.approx(spread)  # event 3: 1 per cheese


@pytest.mark.parametrize(("players", "simple"), [(4, False), (5, False), (3, True)])
def test_every_seat_places_its_pieces_on_free_cells(players: int, simple: bool) -> None:
    options = parse_options(players, {"simple": simple})
    rng = np.random.default_rng(2)
    base = rng.random((20, LANE_COUNT))
    bonuses = rng.random((20, 7, LANE_COUNT))
    own = bet_round(base, bonuses, players, options)
    assert own.shape == (20, players, options.column_count)
    assert (own.sum(axis=2) == options.pieces_per_player).all()
    assert (own.sum(axis=1) <= options.cells_per_column).all()


def test_play_outs_are_seeded_and_betting_first_pays() -> None:
    options = parse_options(5, {})
    first = played_rounds(5, 2, options, 400, np.random.default_rng(3))
    again = played_rounds(5, 2, options, 400, np.random.default_rng(3))
    assert (first == again).all() and first.shape == (400, 5) and (first >= 0).all()
    means = first.mean(axis=0)
    assert means[0] > means[-1]


@pytest.mark.parametrize("last_round", [False, True])
def test_the_lines_value_a_round_end_as_they_are_told(last_round: bool) -> None:
    state = bet_in_round(4, 0, seed=4)
    options = parse_options(4, dict(state.options))
    spread = None if last_round else round_end_spread(4, 2)
    lines = RoundLines(
        drop_view(state), options, CheeseDropEvaluator().bet_rewards, spread,
        random.Random(1), end_rewards=lambda totals: np.full(4, 0.25),
    )
    end = lines.root
    while not lines.is_end(end):
        end = lines.after(end, lines.moves(end)[0])
    # Before the last round the valuation told; in it the places are exact.
    assert (lines.end_value(end) == 0.25) is not last_round
