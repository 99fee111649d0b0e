"""When a person's rating is provisional, and the interval shown before the fit has one."""

from __future__ import annotations

import math

from cheese.levels.person_rating import rate_person
from cheese.levels.settled import elo_for_score, is_provisional, level_gap, shown_interval

from .test_person_rating import TABLE, duel


def test_the_gap_is_the_mean_distance_between_neighbouring_levels() -> None:
    assert level_gap(TABLE) == 200.0


def test_one_won_game_shows_a_lower_end_only_and_is_provisional() -> None:
    rating = rate_person(TABLE, "ada", [duel(5, 1)])
    assert rating.bound == "lower" and rating.ci95 is None
    interval = shown_interval(TABLE, rating)
    assert interval is not None
    low, high = interval
    assert high == math.inf and 1000.0 < low < 1600.0  # one pair won says little
    assert is_provisional(TABLE, interval)


def test_a_handful_of_games_is_no_narrower_than_its_pair_points_allow() -> None:
    few = rate_person(TABLE, "ada", [duel(5, 1), duel(1, 5)])
    interval = shown_interval(TABLE, few)
    assert interval is not None and few.ci95 is not None
    assert interval[0] <= few.ci95[0] and interval[1] >= few.ci95[1]
    assert is_provisional(TABLE, interval)


def test_many_even_games_settle_the_rating_within_one_level() -> None:
    many = rate_person(TABLE, "ada", [duel(5, 1), duel(1, 5)] * 60)
    interval = shown_interval(TABLE, many)
    assert interval is not None and interval[0] < 1600.0 < interval[1]
    assert not is_provisional(TABLE, interval)


def test_no_game_against_a_level_has_no_interval() -> None:
    assert shown_interval(TABLE, rate_person(TABLE, "ada", [duel(5, 1, "mcts")])) is None
    assert is_provisional(TABLE, None)


def test_the_elo_for_a_score_inverts_the_logistic_curve() -> None:
    assert abs(elo_for_score(0.75, [(1600.0, 4)]) - (1600.0 + 400.0 * math.log10(3.0))) < 1e-6
    assert elo_for_score(0.0, [(1600.0, 1)]) == -math.inf
