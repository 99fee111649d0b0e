"""Finished games back into deals: whole, in deal order, whatever order they arrive in."""

from __future__ import annotations

import pytest

from cheese.ratings.deals import Deal, DealCollector, DealScoreCounts
from cheese.ratings.pairwise import PairTally

from ..scripted import fake_result


def test_deals_are_released_whole_and_in_order() -> None:
    collector = DealCollector(games_per_deal=2)
    results = [
        fake_result((0, 1), (3, 1), (1, 2), deal=deal, rotation=rotation)
        for deal in range(3)
        for rotation in range(2)
    ]
    # deal 1 completes first but waits for deal 0; deal 2 follows when its last game lands
    arrival = [results[i] for i in (3, 2, 1, 4, 0, 5)]
    released = [[deal.index for deal in collector.add(result)] for result in arrival]
    assert released == [[], [], [], [], [0, 1], [2]]


def test_a_game_reported_twice_is_refused() -> None:
    collector = DealCollector(games_per_deal=2)
    collector.add(fake_result((0, 1), (3, 1), (1, 2)))
    with pytest.raises(ValueError, match="deal 0 rotation 0 came twice"):
        collector.add(fake_result((0, 1), (3, 1), (1, 2)))


def test_a_deal_keeps_each_side_s_points_and_pairs() -> None:
    deal = Deal.of_games(
        4,
        [
            fake_result((0, 1, 0, 1), (9, 5, 3, 7), (1, 3, 4, 2)),
            fake_result((1, 0, 1, 0), (6, 6, 2, 8), (2, 2, 4, 1)),
        ],
    )
    assert deal.index == 4
    assert deal.points == ((9, 3, 6, 8), (5, 7, 6, 2))
    # Game 1: A places 1, 4 against B 3, 2 -> W W L L; game 2: A 2, 1 against B 2, 4 -> D W W W.
    assert deal.pairs == PairTally(wins=5, draws=1, losses=2)
    assert deal.score == 11 / 16
    assert deal.points_difference == (26 - 20) / 4


def test_score_counts_follow_half_points_and_refuse_mixed_deals() -> None:
    counts = DealScoreCounts()
    counts.add(PairTally(wins=1, draws=1))
    counts.add(PairTally(losses=2))
    counts.add(PairTally(wins=1, draws=1))
    assert counts.counts == [1, 0, 0, 2, 0]
    assert counts.pairs == PairTally(wins=2, draws=2, losses=2)
    with pytest.raises(ValueError, match="a deal of 3 pairs among deals of 2"):
        counts.add(PairTally(wins=3))
