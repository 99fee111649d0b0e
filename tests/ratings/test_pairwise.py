"""Pairwise decomposition: every A seat against every B seat; ties are draws."""

from __future__ import annotations

import pytest

from cheese.ratings.pairwise import (
    PairTally,
    deal_pairs,
    seat_pair_points,
    seat_pairs,
    solo_pair,
)

from ..scripted import fake_result as result


def test_two_players_make_one_pair() -> None:
    assert seat_pairs((0, 1), (1, 2)) == PairTally(wins=1)
    assert seat_pairs((1, 0), (1, 2)) == PairTally(losses=1)
    assert seat_pairs((0, 1), (1, 1)) == PairTally(draws=1)


def test_four_players_make_four_pairs_and_same_side_seats_are_not_compared() -> None:
    # A holds seats 0 and 2 (places 1 and 4), B seats 1 and 3 (places 2 and 3).
    assert seat_pairs((0, 1, 0, 1), (1, 2, 4, 3)) == PairTally(wins=2, losses=2)


def test_a_shared_place_is_a_draw() -> None:
    assert seat_pairs((0, 1, 0, 1), (1, 1, 3, 3)) == PairTally(wins=1, draws=2, losses=1)
    assert seat_pairs((0, 1, 0, 1), (1, 1, 1, 1)) == PairTally(draws=4)


def test_five_players_make_six_pairs() -> None:
    # A: seats 0, 2, 4 at places 2, 1, 5; B: seats 1, 3 at places 2, 4.
    tally = seat_pairs((0, 1, 0, 1, 0), (2, 2, 1, 4, 5))
    assert tally == PairTally(wins=3, draws=1, losses=2)
    assert tally.pairs == 6
    # The same places with the roles swapped: A's wins and losses trade places.
    assert seat_pairs((1, 0, 1, 0, 1), (2, 2, 1, 4, 5)) == PairTally(wins=2, draws=1, losses=3)
    assert seat_pairs((1, 0, 1, 0, 1), (1, 2, 3, 4, 5)) == PairTally(wins=3, losses=3)


def test_mismatched_lengths_are_refused() -> None:
    with pytest.raises(ValueError, match="3 seats for 2 places"):
        seat_pairs((0, 1, 0), (1, 2))


def test_solitaire_compares_scores_and_equal_scores_draw() -> None:
    assert solo_pair(12, 0) == PairTally(wins=1)
    assert solo_pair(0, 3) == PairTally(losses=1)
    assert solo_pair(0, 0) == PairTally(draws=1)


def test_a_deal_adds_up_its_games() -> None:
    games = [
        result((0, 1, 0, 1), (9, 7, 3, 2), (1, 2, 3, 4)),
        result((1, 0, 1, 0), (9, 7, 3, 3), (1, 2, 3, 3)),
    ]
    # Game 1: A places 1, 3 vs B 2, 4 -> W W L W. Game 2: A 2, 3 vs B 1, 3 -> L W L D.
    assert deal_pairs(games) == PairTally(wins=4, draws=1, losses=3)


def test_a_solitaire_deal_compares_a_game_with_b_game() -> None:
    assert deal_pairs([result((0,), (14,), (1,)), result((1,), (0,), (1,))]) == PairTally(wins=1)
    assert deal_pairs([result((1,), (14,), (1,)), result((0,), (0,), (1,))]) == PairTally(losses=1)
    assert deal_pairs([result((0,), (0,), (1,)), result((1,), (0,), (1,))]) == PairTally(draws=1)


def test_tally_arithmetic_and_score() -> None:
    tally = PairTally(wins=3, draws=2, losses=1) + PairTally(wins=1, losses=1)
    assert tally == PairTally(wins=4, draws=2, losses=2)
    assert (tally.pairs, tally.half_points, tally.score) == (8, 10, 0.625)
    with pytest.raises(ValueError, match="no pairs"):
        _ = PairTally().score


def test_every_seat_meets_every_seat_of_another_owner_once() -> None:
    found = list(seat_pair_points(("x", "y", "x", "z"), (1, 1, 3, 2)))
    assert found == [(0, 1, 0.5), (0, 3, 1.0), (1, 2, 1.0), (1, 3, 1.0), (2, 3, 0.0)]
