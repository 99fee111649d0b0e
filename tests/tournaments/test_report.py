"""The report: pairs, score, Elo, points per side, solitaire extras, seeded intervals."""

from __future__ import annotations

import random

import pytest

from cheese.ratings.bradley_terry import elo_difference
from cheese.ratings.deals import Deal
from cheese.ratings.pairwise import PairTally
from cheese.ratings.stats import logistic_elo
from cheese.tournaments.report import summarize

from ..scripted import duel_setup, fake_result


def test_the_summary_counts_pairs_points_and_the_elo_of_the_score() -> None:
    setup = duel_setup("cheese-drop", 2, deals=2)
    first = [fake_result((0, 1), (9, 5), (1, 2)), fake_result((1, 0), (6, 6), (1, 1))]
    second = [fake_result((0, 1), (2, 8), (2, 1)), fake_result((1, 0), (4, 7), (2, 1))]
    deals = [Deal.of_games(0, first), Deal.of_games(1, second)]
    report = summarize(setup, deals, None)
    assert report.pairs == PairTally(wins=2, draws=1, losses=1)
    assert (report.deals, report.games) == (2, 4)
    assert report.score == 0.625
    assert report.elo.elo == pytest.approx(logistic_elo(0.625))
    assert report.a.mean_points == (9 + 6 + 2 + 7) / 4
    assert report.b.mean_points == (5 + 6 + 8 + 4) / 4
    assert report.a.completion is None and report.score_difference is None
    assert report.los is not None and 0.5 < report.los < 1.0


def test_a_solitaire_summary_reports_completion_and_the_points_difference() -> None:
    setup = duel_setup("cheese-chasers", 1, deals=3)
    games = [((0,), 20, True), ((1,), 0, False)], [((0,), 0, False), ((1,), 0, False)], [
        ((0,), 15, True), ((1,), 18, True)
    ]
    deals = [
        Deal.of_games(
            index,
            [fake_result(sides, (points,), (1,), finished=done) for sides, points, done in deal],
        )
        for index, deal in enumerate(games)
    ]
    report = summarize(setup, deals, None)
    assert report.pairs == PairTally(wins=1, draws=1, losses=1)
    assert report.a.completion == pytest.approx(2 / 3)
    assert report.b.completion == pytest.approx(1 / 3)
    assert report.score_difference is not None
    assert report.score_difference.mean == pytest.approx((20 + 0 - 3) / 3)
    assert report.score_difference.interval is not None
    low, high = report.score_difference.interval
    assert -3.0 <= low < report.score_difference.mean < high <= 20.0


def test_the_bootstrap_is_seeded_by_the_duel_seed() -> None:
    rng = random.Random(3)
    places = [(rng.choice([1, 2]), rng.choice([1, 2])) for _ in range(12)]
    deals = [
        Deal.of_games(index, [fake_result((0, 1), (1, 0), ranking)])
        for index, ranking in enumerate(places)
    ]
    first = summarize(duel_setup("cheese-drop", 2, deals=12, seed=4), deals, None)
    again = summarize(duel_setup("cheese-drop", 2, deals=12, seed=4), deals, None)
    assert first.elo == again.elo
    assert first.elo == elo_difference([deal.pairs.points for deal in deals], seed=4)
    assert first.elo.ci95 is not None and first.elo.ci95[0] < first.elo.elo < first.elo.ci95[1]


def test_the_heatmap_writes_white_on_its_dark_cells_and_black_on_its_light_ones() -> None:
    colormaps = pytest.importorskip("matplotlib").colormaps
    from cheese.tournaments.html_report import HEATMAP, label_colour

    shade = colormaps[HEATMAP]
    assert [label_colour(tuple(shade(score))) for score in (0.0, 0.5, 1.0)] == [
        "white", "black", "white",
    ]
