"""A person's Elo with the levels' Elos held fixed, its interval, and the auto level."""

from __future__ import annotations

import dataclasses
import math
from pathlib import Path

import numpy as np
import pytest

from cheese.levels.people import PersonGame, store_person_game
from cheese.levels.person_rating import (
    closest_level,
    middle_level,
    nearest_level,
    rate_person,
)
from cheese.levels.settled import shown_interval
from cheese.levels.table import Level, LevelTable
from cheese.ratings.bradley_terry import ELO_PER_NATURAL, fit_deals

from .conftest import person_record

TABLE = LevelTable(
    game="get-the-cheese",
    players=4,
    measure="elo",
    scale="Elo",
    levels=(
        Level(1, "random", 1200.0, (1180.0, 1220.0), 100, 0.2),
        Level(2, "greedy:temperature=0.1", 1400.0, (1380.0, 1420.0), 100, 0.4),
        Level(3, "greedy", 1600.0, (1580.0, 1620.0), 100, 0.7),
    ),
    command="cheese levels calibrate get-the-cheese --games 1 --seed 0",
    date="2026-01-01",
    version="0",
    games=100,
)
ME = "person:ada"


def duel(mine: int, theirs: int, bot: str = "greedy") -> PersonGame:
    """A two-seat game of the person against ``bot`` with those scores."""
    places = (1, 2) if mine > theirs else (2, 1) if mine < theirs else (1, 1)
    return PersonGame((ME, bot), places, (mine, theirs), True)


def test_even_results_against_one_level_rate_the_person_at_its_elo() -> None:
    rating = rate_person(TABLE, "ada", [duel(5, 1), duel(1, 5)] * 3)
    assert rating.elo is not None and abs(rating.elo - 1600.0) < 1e-6
    assert rating.bound is None and rating.rated_games == 6
    assert rating.ci95 is not None and rating.ci95[0] < 1600.0 < rating.ci95[1]


def test_a_score_of_three_quarters_is_the_logistic_elo_above_the_level() -> None:
    rating = rate_person(TABLE, "ada", [duel(5, 1), duel(5, 1), duel(5, 1), duel(1, 5)])
    assert rating.elo is not None
    assert abs(rating.elo - (1600.0 + 400.0 * math.log10(3.0))) < 1e-6


def test_the_levels_elos_are_held_fixed() -> None:
    games = [duel(5, 1, "random"), duel(1, 5, "greedy"), duel(3, 3, "greedy:temperature=0.1")]
    rating = rate_person(TABLE, "ada", games)
    # the maximum: expected points equal actual points, with the levels where they are
    assert rating.elo is not None
    expected = sum(
        1.0 / (1.0 + 10 ** ((level.value - rating.elo) / 400.0)) for level in TABLE.levels
    )
    assert abs(expected - 1.5) < 1e-6


def test_bots_the_table_never_measured_are_shown_but_not_rated() -> None:
    rating = rate_person(TABLE, "ada", [duel(5, 1, "mcts:iterations=7"), duel(1, 5)])
    assert rating.games == 2 and rating.rated_games == 1
    assert [(o.spec, o.level, o.games, o.points) for o in rating.opponents] == [
        ("greedy", 3, 1, 0.0),
        ("mcts:iterations=7", None, 1, 1.0),
    ]
    assert rating.bound == "upper" and rating.ci95 is None


def test_a_bot_the_table_measured_but_left_out_of_the_levels_is_rated_against() -> None:
    # A recalibration moved mcts out of the levels: the games against it still count,
    # at the Elo the table measured for it.
    table = dataclasses.replace(
        TABLE, also_measured=(Level(0, "mcts", 1650.0, (1620.0, 1680.0), 100, 0.75),)
    )
    rating = rate_person(table, "ada", [duel(5, 1, "mcts"), duel(1, 5, "mcts")])
    assert rating.rated_games == 2 and rating.elo is not None
    assert abs(rating.elo - 1650.0) < 1e-6
    assert [(o.spec, o.level, o.rated) for o in rating.opponents] == [("mcts", None, True)]
    shown = shown_interval(table, rating)
    assert shown is not None and shown[0] < 1650.0 < shown[1]
    assert rate_person(TABLE, "ada", [duel(5, 1, "mcts"), duel(1, 5, "mcts")]).elo is None


def test_never_losing_a_point_is_a_lower_bound_as_in_the_tournaments() -> None:
    rating = rate_person(TABLE, "ada", [duel(5, 1), duel(4, 1)])
    assert rating.bound == "lower" and rating.elo is not None and rating.elo > 1600.0
    # the person (bot 0) took both pairs from a level (bot 1) held at 1600
    found = fit_deals(
        np.array([[[0.0, 2.0], [0.0, 0.0]]]),
        np.random.Generator(np.random.PCG64(0)),
        held={1: 1600.0 / ELO_PER_NATURAL},
    )
    assert found.bounds == {0: "lower"}
    strength = float(found.strengths[0])
    # half a pair moved: 1.5 of 2 points, the logistic Elo of 0.75 above the level
    assert abs(strength * ELO_PER_NATURAL - (1600.0 + 400.0 * math.log10(3.0))) < 1e-6


def test_pairs_between_bots_are_left_out() -> None:
    game = PersonGame((ME, "random", "greedy"), (2, 1, 3), (5, 9, 1), True)
    rating = rate_person(TABLE, "ada", [game])
    assert sum(opponent.pairs for opponent in rating.opponents) == 2


def test_the_interval_is_the_same_for_the_same_games() -> None:
    games = [duel(5, 1), duel(1, 5, "random"), duel(4, 1, "greedy:temperature=0.1")] * 2
    assert rate_person(TABLE, "ada", games) == rate_person(TABLE, "ada", games)


def test_no_game_against_a_level_is_no_elo() -> None:
    rating = rate_person(TABLE, "ada", [])
    assert rating.elo is None and rating.ci95 is None and rating.opponents == ()


def test_the_auto_level_is_the_middle_before_any_game_then_the_nearest(
    tmp_path: Path,
) -> None:
    db = tmp_path / "people.db"
    assert middle_level(TABLE) == 2 and nearest_level(TABLE, "ada", db) == 2
    assert closest_level(TABLE, 1590.0) == 3 and closest_level(TABLE, 1500.0) == 2
    for seed in range(3):
        record = person_record("get-the-cheese", ["greedy", "random", "random", "random"], seed)
        store_person_game(record, "ada", [0], db)
    found = nearest_level(TABLE, "ada", db)
    assert found in (2, 3)  # greedy in the person's seat beats random players


@pytest.mark.parametrize("completion", [0.05, 0.31])
def test_the_solitaire_auto_level_follows_the_completion_rate(
    tmp_path: Path, completion: float
) -> None:
    table = LevelTable(
        "cheese-chasers",
        1,
        "completion",
        "rate",
        (
            Level(1, "random", 0.0, (0.0, 0.01), 9, 0.0),
            Level(2, "greedy", 0.3, (0.2, 0.4), 9, 9),
            Level(3, "expectimax", 0.55, (0.5, 0.6), 9, 30),
        ),
        "c",
        "d",
        "v",
        9,
    )
    assert nearest_level(table, "ada", tmp_path / "none.db") == 2
    assert closest_level(table, completion) == (1 if completion < 0.15 else 2)
