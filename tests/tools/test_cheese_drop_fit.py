"""Fitting the lines' round-end spreads: the pairs read from games, and the fit."""

from __future__ import annotations

import pytest

from tools.cheese_drop_fit import (
    PairResult,
    PlayedGame,
    fitted_spread,
    pair_results,
    play_deal,
)


def test_pairs_are_the_searching_seats_leads_and_results() -> None:
    game = PlayedGame(searcher=1, round_points=((5, 6, 6), (4, 4, 9), (7, 6, 0)))
    assert pair_results([game], 1) == [PairResult(1, 0.5), PairResult(0, 1.0)]
    assert pair_results([game], 2) == [PairResult(1, 0.5), PairResult(-5, 1.0)]
    tied = PlayedGame(searcher=0, round_points=((3, 1), (0, 2), (1, 1)))
    assert pair_results([tied], 2) == [PairResult(0, 0.5)]


def test_the_fit_recovers_the_spread_the_results_were_drawn_with() -> None:
    # logistic(2 / 1.0) = 0.881 and logistic(-3 / 1.5) = 0.119
    pairs = [PairResult(2, 1.0)] * 881 + [PairResult(2, 0.0)] * 119
    assert fitted_spread(pairs) == pytest.approx(1.0, abs=0.05)
    pairs = [PairResult(-3, 1.0)] * 119 + [PairResult(-3, 0.0)] * 881
    assert fitted_spread(pairs) == pytest.approx(1.5, abs=0.05)


def test_a_played_game_has_three_rounds_of_points_for_every_seat() -> None:
    game = play_deal(3, seed=4, searcher_spec="greedy")
    assert game.searcher == 1
    assert len(game.round_points) == 3
    assert all(len(points) == 3 for points in game.round_points)
