"""Joint ratings: maximum-likelihood answers worked out by hand, bounds, the bootstrap."""

from __future__ import annotations

import math
import random
from pathlib import Path

import numpy as np
import pytest

from cheese.ratings.bradley_terry import (
    RatedGame,
    Ratings,
    bootstrap,
    elo_difference,
    fit,
    fit_deals,
    rate,
    with_bounds,
)
from cheese.ratings.stats import logistic_elo
from cheese.referee.play import play_job
from cheese.tournaments.duel import run_duel
from cheese.tournaments.results_file import read_results
from cheese.tournaments.schedule import Schedule

from ..scripted import duel_setup, scripted_bot

DATA = Path(__file__).parent.parent / "data" / "ratings"
ELO_OF_3_TO_1 = 400 * math.log10(3)  # a score of 0.75


def by_bot(ratings: Ratings) -> dict[str, float]:
    return {rating.bot: rating.elo for rating in ratings.ratings}


def test_two_players_with_a_draw_give_the_logistic_elo_of_the_score() -> None:
    # alpha: 4 wins, 1 draw (3-3), 1 loss: 4.5 of 6 = 0.75, so 400 log10(3) apart.
    table = rate(read_results(DATA / "two-player.jsonl"))
    assert by_bot(table) == pytest.approx(
        {"alpha": ELO_OF_3_TO_1 / 2, "beta": -ELO_OF_3_TO_1 / 2}, abs=1e-9
    )
    alpha = table.ratings[0]
    assert (alpha.bot, alpha.games, alpha.score, alpha.draws) == ("alpha", 6, 0.75, 1 / 6)
    assert alpha.mean_points == pytest.approx((5 + 4 + 3 + 2) / 4)
    assert table.deals == 3 and table.games == 6


def test_four_seats_with_shared_places_rate_by_symmetry() -> None:
    # ann and bob always share a place, as do cat and dan; each ann/bob seat took 2.5 of
    # 4 points from each cat/dan seat: 0.625, 400 log10(5/3) apart, centred on 0.
    table = rate(read_results(DATA / "four-seat.jsonl"))
    half = 400 * math.log10(5 / 3) / 2
    assert by_bot(table) == pytest.approx(
        {"ann": half, "bob": half, "cat": -half, "dan": -half}, abs=1e-9
    )
    ann = next(rating for rating in table.ratings if rating.bot == "ann")
    assert ann.score == pytest.approx(7 / 12) and ann.draws == pytest.approx(6 / 12)


def test_a_bot_is_rated_through_common_opponents() -> None:
    # a and b split 1-1 so they are level; b took 3 of 4 from c. a and c never met.
    table = rate(read_results(DATA / "chain.jsonl"))
    level = ELO_OF_3_TO_1 / 3
    assert by_bot(table) == pytest.approx(
        {"a": level, "b": level, "c": level - ELO_OF_3_TO_1}, abs=1e-9
    )


NAMES = ["p", "q", "r", "s", "t"]


def random_games(rng: random.Random, count: int) -> list[RatedGame]:
    """Four-seat games of five bots with shared places, three games a deal."""
    return [
        RatedGame(str(index // 3), tuple(rng.sample(NAMES, 4)),
                  tuple(rng.choice([1, 2, 2, 3, 4]) for _ in range(4)))
        for index in range(count)
    ]


def test_the_fit_gives_every_bot_its_actual_points_as_expected_points() -> None:
    names = NAMES
    games = random_games(random.Random(4), 60)
    points = np.zeros((5, 5))
    for game in games:
        for one in range(4):
            for other in range(4):
                a, b = names.index(game.seats[one]), names.index(game.seats[other])
                if a != b:
                    pa, pb = game.places[one], game.places[other]
                    points[a, b] += 1.0 if pa < pb else 0.5 if pa == pb else 0.0
    strengths = fit(points)
    played = points + points.T
    expected = played / (1 + np.exp(-(strengths[:, None] - strengths[None, :])))
    assert expected.sum(axis=1) == pytest.approx(points.sum(axis=1), abs=1e-8)
    table = rate(games)
    elo = {name: strengths[index] * 400 / math.log(10) for index, name in enumerate(names)}
    centre = sum(elo.values()) / 5
    assert by_bot(table) == pytest.approx({n: e - centre for n, e in elo.items()}, abs=1e-6)


def test_a_clean_sweep_is_a_marked_bound_as_in_a_duel() -> None:
    games = [RatedGame(str(deal), ("x", "y"), (1, 2)) for deal in range(4)]
    table = rate(games)
    # as if half of one of the 4 pairs had gone the other way: 3.5 of 4
    assert by_bot(table) == pytest.approx({"x": 200 * math.log10(7), "y": -200 * math.log10(7)})
    assert [rating.bound for rating in table.ratings] == ["lower", "upper"]
    assert table.ratings[0].ci95 is not None and all(map(math.isfinite, table.ratings[0].ci95))


def test_a_group_that_never_lost_to_the_rest_is_bounded() -> None:
    points = np.array([[0.0, 1.0, 2.0], [1.0, 0.0, 2.0], [0.0, 0.0, 0.0]])
    moved, bounds = with_bounds(points)
    assert bounds == {2: "upper"}  # 0 and 1 each lost a point, to each other
    assert moved.sum() == points.sum()
    assert moved[2].sum() == pytest.approx(0.5)
    assert np.all(np.isfinite(fit(moved)))


def test_anchor_los_and_the_seeded_bootstrap() -> None:
    games = read_results(DATA / "two-player.jsonl")
    centred = rate(games, seed=3)
    assert rate(games, seed=3) == centred
    many = random_games(random.Random(8), 90)
    assert rate(many, seed=4).ratings[0].ci95 != rate(many, seed=3).ratings[0].ci95
    anchored = rate(games, seed=3, anchor=("beta", 1500.0))
    assert by_bot(anchored) == pytest.approx({"alpha": 1500 + ELO_OF_3_TO_1, "beta": 1500.0})
    assert centred.los is not None and 0.5 < centred.los[0][1] <= 1.0
    assert centred.los[0][1] + centred.los[1][0] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="anchor 'gamma' played no game"):
        rate(games, anchor=("gamma", 0.0))


def test_bots_that_never_met_anyone_in_common_cannot_share_a_scale() -> None:
    games = [RatedGame("1", ("a", "b"), (1, 2)), RatedGame("2", ("c", "d"), (1, 2))]
    with pytest.raises(ValueError, match="never met the others"):
        rate(games)


def test_a_duel_s_games_rate_to_the_duel_s_elo() -> None:
    setup = duel_setup("get-the-cheese", 4, "random", "first", deals=4)
    report = run_duel(setup, bot_factory=scripted_bot)
    games = [
        RatedGame(str(job.deal), job.seat_specs, play_job(job, scripted_bot).ranking)
        for _, job in Schedule(setup.plan).jobs()
    ]
    table = by_bot(rate(games))
    assert table["random"] - table["first"] == pytest.approx(report.elo.elo, abs=1e-9)


def test_a_duel_s_elo_is_the_two_bot_fit_with_its_deal_bootstrap() -> None:
    scores = [0.75, 0.5, 1.0, 0.75]
    found = elo_difference([(4 * score, 4 * (1 - score)) for score in scores], seed=5)
    assert found.elo == pytest.approx(logistic_elo(0.75))
    assert found.ci95 is not None
    low, high = found.ci95
    assert logistic_elo(0.5) <= low < found.elo < high
    assert not found.bounded


def test_a_clean_sweep_gives_a_finite_bounded_difference() -> None:
    found = elo_difference([(8.0, 0.0)] * 10, seed=5)
    # 80 pairs: half of one goes the other way, a score of 1 - 1/160: 400 log10(159).
    assert found.elo == pytest.approx(400 * math.log10(159))
    assert found.ci95 == pytest.approx((found.elo, found.elo))
    assert found.bounded
    assert elo_difference([(0.0, 8.0)] * 10, seed=5).elo == pytest.approx(-400 * math.log10(159))


def test_one_deal_gives_a_difference_without_an_interval() -> None:
    found = elo_difference([(6.0, 2.0)], seed=5)
    assert found.ci95 is None and found.elo == pytest.approx(logistic_elo(0.75))


def field_points(seed: int, bots: int = 5) -> np.ndarray:
    """Points of a field where every pair of bots met and each took some points."""
    rng = np.random.Generator(np.random.PCG64(seed))
    points = rng.integers(1, 9, size=(bots, bots)).astype(float)
    np.fill_diagonal(points, 0.0)
    return points


def test_the_fit_with_every_strength_free_is_the_plain_fit() -> None:
    points = field_points(1)
    plain = fit(points)
    assert np.array_equal(fit(points, {}), plain)
    assert np.array_equal(fit(points, {0: 0.0}), plain)  # the origin the plain fit takes
    # holding any bot where the plain fit puts it leaves every strength where it was
    for bot in range(len(points)):
        assert fit(points, {bot: float(plain[bot])}) == pytest.approx(plain, abs=1e-9)


def test_held_strengths_do_not_move_and_the_free_ones_fit_their_points() -> None:
    points = field_points(2)
    held = {1: 0.7, 3: -0.2}
    strengths = fit(points, held)
    assert (strengths[1], strengths[3]) == (0.7, -0.2)
    played = points + points.T
    expected = played / (1 + np.exp(-(strengths[:, None] - strengths[None, :])))
    # the maximum over the free strengths: their expected points are their actual points
    free = [0, 2, 4]
    assert expected.sum(axis=1)[free] == pytest.approx(points.sum(axis=1)[free], abs=1e-8)
    stack = fit(np.stack([points, points.T]), held)
    assert np.all(stack[:, 1] == 0.7) and np.all(stack[:, 3] == -0.2)


def test_a_group_with_a_held_bot_is_not_moved() -> None:
    # bot 0 split with held bot 1 and lost every point to held bot 2: it won and lost
    # points, and the group {0, 1} never won against 2 cannot run away as 1 is held
    points = np.array([[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [2.0, 0.0, 0.0]])
    assert with_bounds(points)[1] == {2: "lower"}
    moved, bounds = with_bounds(points, held_bots=[1, 2])
    assert np.array_equal(moved, points) and bounds == {}
    # alone against held bots, a clean sweep is moved and marked as in the tournaments
    sweep = np.array([[0.0, 3.0, 1.0], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    moved, bounds = with_bounds(sweep, held_bots=[1, 2])
    assert bounds == {0: "lower"}
    assert moved[1:, 0].tolist() == [0.375, 0.125]  # half a pair, by pairs played


def test_the_bootstrap_keeps_held_strengths_and_resamples_whole_deals() -> None:
    deals = np.stack([field_points(seed, bots=3) for seed in range(6)])
    samples = bootstrap(deals, np.random.Generator(np.random.PCG64(3)), 50, {2: 1.5})
    assert samples is not None and samples.shape == (50, 3)
    assert np.all(samples[:, 2] == 1.5)
    again = bootstrap(deals, np.random.Generator(np.random.PCG64(3)), 50, {2: 1.5})
    assert again is not None and np.array_equal(samples, again)
    found = fit_deals(deals, np.random.Generator(np.random.PCG64(3)), resamples=50, held={2: 1.5})
    assert found.samples is not None and np.array_equal(found.samples, samples)
    assert found.strengths.tolist() == pytest.approx(fit(deals.sum(axis=0), {2: 1.5}).tolist())
