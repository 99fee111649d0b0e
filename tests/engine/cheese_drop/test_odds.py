"""The odds at the bets: exact, checked against the engines' own chance outcomes (every
one of them for a marble's fall, and many seeded games for a lane's points) on both
backends."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from cheese.engine.api import State
from cheese.engine.cheese_drop.core import LANE_COUNT
from cheese.engine.cheese_drop.odds import (
    bet_outlook,
    final_lane_chances,
    lane_contents_chances,
    lane_paths,
    stays_in_lane,
)
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.scoring import base_points, event_points
from cheese.engine.cheese_drop.view import DropView, RevealedDropView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import load_game

from ...native import BACKENDS_HERE

CALIBRATION_GAMES = 120
"""Seeded games per backend whose real lane points are set against the odds."""
MOST_SIGMAS = 4.0
"""A sum of errors beyond 4 standard deviations happens by chance once in ~16,000."""


def revealed(state: State) -> RevealedDropView:
    shown = state.revealed_view()
    assert isinstance(shown, RevealedDropView)
    return shown


def play_until(state: State, wanted: object, rng: random.Random) -> State:
    """Chance by the seed's paired luck, decisions by ``rng``, until ``wanted(state)``."""
    assert callable(wanted)
    while not wanted(state):
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return state


def going_under_the_cover(visible_rows: int, rows: int) -> object:
    """A marble on the slope has passed the visible rows and none of the hidden ones."""

    def wanted(state: State) -> bool:
        if not state.is_chance_node():
            return False
        marbles = revealed(state).views[0].marbles
        return any(visible_rows == m.rows_fallen < rows for m in marbles)

    return wanted


def every_fall(state: State, index: int, rows: int) -> Counter[int]:
    """Per final lane, the paths (weighted by the engine's chance weights) of marble
    ``index`` from ``state`` to the end of its fall: every chance outcome enumerated."""
    shown = revealed(state)
    if shown.views[0].marbles[index].rows_fallen == rows:
        return Counter({shown.lanes[index]: 1})
    landed: Counter[int] = Counter()
    for outcome, weight in state.chance_weights():
        for lane, paths in every_fall(state.apply(outcome), index, rows).items():
            landed[lane] += weight * paths
    return landed


@pytest.mark.parametrize("backend", BACKENDS_HERE)
def test_a_covered_marbles_lane_odds_are_the_engines_chance_outcomes(backend: str) -> None:
    game = load_game("cheese-drop", backend=backend)
    options = DropOptions()
    checked: set[int] = set()
    for seed in range(40):
        state = game.new_initial_state(2, seed=seed)
        state = play_until(
            state, going_under_the_cover(options.visible_rows, options.rows), random.Random(seed)
        )
        marbles = revealed(state).views[0].marbles
        index = next(
            i for i, m in enumerate(marbles) if options.visible_rows == m.rows_fallen < options.rows
        )
        seen_lane = marbles[index].seen_lane
        landed = every_fall(state, index, options.rows)
        total = sum(landed.values())
        exact = final_lane_chances(seen_lane, options.hidden_rows)
        assert tuple(Fraction(landed[lane], total) for lane in range(LANE_COUNT)) == exact
        checked.add(seen_lane)
    assert len(checked) >= 4, "marbles went under the cover in most lanes"


def test_a_middle_lane_keeps_five_marbles_in_sixteen_under_three_hidden_rows() -> None:
    assert stays_in_lane(2, 3) == Fraction(20, 64)
    assert stays_in_lane(5, 3) == Fraction(35, 64)
    assert stays_in_lane(3, 0) == 1


def betting_view(backend: str, seed: int, players: int = 2) -> DropView:
    game = load_game("cheese-drop", backend=backend)
    state = game.new_initial_state(players, seed=seed)
    state = play_until(state, is_betting, random.Random(seed))
    view = state.view(0)
    assert isinstance(view, DropView)
    return view


def is_betting(state: State) -> bool:
    if state.is_chance_node() or state.is_terminal():
        return False
    return state.action_to_string(state.legal_actions()[0]).startswith(("lane", "event"))


def test_a_lanes_contents_odds_match_every_combination_of_the_marbles_lanes() -> None:
    options = DropOptions()
    marbles = betting_view("reference", seed=5).marbles[:5]
    per_marble = [final_lane_chances(m.seen_lane, options.hidden_rows) for m in marbles]
    brute: list[Counter[tuple[int, int, int, int]]] = [Counter() for _ in range(LANE_COUNT)]
    brute_chance: list[dict[tuple[int, int, int, int], Fraction]] = [{} for _ in range(LANE_COUNT)]
    for lanes in itertools.product(range(LANE_COUNT), repeat=len(marbles)):
        chance = math.prod((odds[lane] for odds, lane in zip(per_marble, lanes)), start=Fraction(1))
        if not chance:
            continue
        for lane in range(LANE_COUNT):
            counts = [0, 0, 0, 0]
            for marble, landed in zip(marbles, lanes):
                if landed == lane:
                    counts[marble.colour] += 1
            key = (counts[0], counts[1], counts[2], counts[3])
            brute[lane][key] += 1
            brute_chance[lane][key] = brute_chance[lane].get(key, Fraction(0)) + chance
    exact = lane_contents_chances(marbles, options)
    assert [dict(lane) for lane in exact] == brute_chance
    outlook = bet_outlook(marbles, options)
    for lane in range(LANE_COUNT):
        odds = brute_chance[lane]
        assert outlook[lane].base_expected == sum(p * base_points(c) for c, p in odds.items())
        assert outlook[lane].events_expected[0] == sum(
            p * event_points(0, c) for c, p in odds.items()
        )


@pytest.mark.parametrize("backend", BACKENDS_HERE)
def test_lane_points_at_the_bets_follow_the_odds_over_many_seeded_games(backend: str) -> None:
    """Per game one lane's real base points and event 3 bonus against their exact mean
    and variance: the sums of the errors stay within 4 standard deviations."""
    game = load_game("cheese-drop", backend=backend)
    options = DropOptions()
    errors = [0.0, 0.0]
    variances = [0.0, 0.0]
    for seed in range(CALIBRATION_GAMES):
        state = game.new_initial_state(2, seed=seed)
        state = play_until(state, is_betting, random.Random(seed))
        shown = revealed(state)
        marbles = shown.views[0].marbles
        lane = seed % LANE_COUNT
        counts = [0, 0, 0, 0]
        for marble, real in zip(marbles, shown.lanes):
            if real == lane:
                counts[marble.colour] += 1
        real_contents = (counts[0], counts[1], counts[2], counts[3])
        odds = lane_paths(marbles, options, lane)
        for which, points in enumerate((base_points, cheese_event)):
            mean = odds.expected(points)
            square = odds.expected(squared(points))
            errors[which] += points(real_contents) - float(mean)
            variances[which] += float(square - mean * mean)
    for error, variance in zip(errors, variances):
        assert abs(error) <= MOST_SIGMAS * math.sqrt(variance)


def cheese_event(contents: tuple[int, int, int, int]) -> int:
    return event_points(2, contents)


def squared(
    points: Callable[[tuple[int, int, int, int]], int],
) -> Callable[[tuple[int, int, int, int]], int]:
    return lambda contents: points(contents) ** 2
