"""Batched playouts in C: totals, determinism, play from any node, agreement in law with
random games of the reference engine, and a heuristic that scores more than chance."""

from __future__ import annotations

import random
from statistics import fmean

import pytest

from cheese.engine.api import State
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE, REFERENCE, load_game

from ...native import needs_native
from ...random_games import random_game

pytestmark = needs_native


def native_state(players: int, seed: int, **options: object) -> State:
    game = load_game("cheese-drop", backend=NATIVE)
    return game.new_initial_state(players, seed, **options)  # type: ignore[arg-type]


def advance(state: State, until: Phase, seed: int = 0) -> State:
    rng = random.Random(seed)
    while phase(state) != until:
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node() else rng.choice(legal))
    return state


def phase(state: State) -> Phase:
    view = state.view(0)
    assert isinstance(view, DropView)
    return view.phase


@pytest.mark.parametrize("policy", [0, 1])
@pytest.mark.parametrize(("players", "simple"), [(2, False), (3, True), (4, False), (5, True)])
def test_playouts_add_up(players: int, simple: bool, policy: int) -> None:
    from cheese.engine.native import playouts

    start = native_state(players, 3, simple=simple)
    totals = playouts(start, 500, seed=9, policy=policy)  # type: ignore[arg-type]
    assert totals.playouts == 500
    assert sum(totals.win_shares) == pytest.approx(500)
    assert all(score == int(score) and score > 0 for score in totals.score_sums)
    assert totals == playouts(start, 500, seed=9, policy=policy)  # type: ignore[arg-type]
    assert totals != playouts(start, 500, seed=10, policy=policy)  # type: ignore[arg-type]


def test_an_unknown_policy_runs_nothing() -> None:
    from cheese.engine.native import playouts

    totals = playouts(native_state(2, 1), 10, seed=1, policy=2)  # type: ignore[arg-type]
    assert totals.playouts == 0 and totals.score_sums == (0.0, 0.0)


def test_a_finished_game_plays_out_to_its_own_scores() -> None:
    from cheese.engine.native import playouts

    state = native_state(3, 5)
    rng = random.Random(5)
    while not state.is_terminal():
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node() else rng.choice(legal))
    totals = playouts(state, 4, seed=1)  # type: ignore[arg-type]
    assert totals.score_sums == tuple(4.0 * score for score in state.scores())
    best = max(state.scores())
    winners = sum(1 for score in state.scores() if score == best)
    assert totals.win_shares == tuple(
        4.0 / winners if score == best else 0.0 for score in state.scores()
    )


def test_the_last_bet_is_uniform_over_the_legal_columns() -> None:
    from cheese.engine.native import playouts

    state = advance(native_state(2, 8), Phase.BET)
    while True:
        after = [state.apply(column) for column in state.legal_actions()]
        if after[0].is_terminal():
            break
        state = after[0] if phase(after[0]) == Phase.BET else advance(after[0], Phase.BET)
    # Every marble has landed, so each column gives one final score: the exact mean.
    assert len(after) > 3
    count = 40_000
    totals = playouts(state, count, seed=3)  # type: ignore[arg-type]
    for seat in range(2):
        outcomes = [final.scores()[seat] for final in after]
        spread = (fmean((o - fmean(outcomes)) ** 2 for o in outcomes) / count) ** 0.5
        mean = totals.score_sums[seat] / count
        assert mean == pytest.approx(fmean(outcomes), abs=4 * spread + 1e-9)


@pytest.mark.parametrize("rows", [6, 0])
def test_playouts_from_any_node_finish_the_game(rows: int) -> None:
    from cheese.engine.native import playouts

    state = native_state(4, 12, rows=rows)
    rng = random.Random(12)
    steps = 0
    while not state.is_terminal():
        if steps % 17 == 0:
            totals = playouts(state, 50, seed=steps)  # type: ignore[arg-type]
            assert totals.playouts == 50
            floor = [50.0 * score for score in state.scores()]
            assert all(total >= low for total, low in zip(totals.score_sums, floor))
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node() else rng.choice(legal))
        steps += 1


@pytest.mark.parametrize(("players", "simple"), [(4, False), (2, True)])
def test_random_playouts_score_like_random_reference_games(players: int, simple: bool) -> None:
    from cheese.engine.native import playouts

    games = 300
    reference = load_game("cheese-drop", backend=REFERENCE)
    scores: list[int] = []
    for seed in range(games):
        start = reference.new_initial_state(players, seed=seed, simple=simple)
        final, _ = random_game(start, random.Random(seed))
        scores.extend(final.scores())
    start = native_state(players, 1, simple=simple)
    totals = playouts(start, 100_000, seed=4)  # type: ignore[arg-type]
    native_mean = sum(totals.score_sums) / (totals.playouts * players)
    spread = (fmean((s - fmean(scores)) ** 2 for s in scores) / len(scores)) ** 0.5
    assert abs(fmean(scores) - native_mean) < 4 * spread + 0.05


def test_the_heuristic_scores_well_above_random_play() -> None:
    from cheese.engine.native import playouts

    start = native_state(4, 2)
    random_points = sum(playouts(start, 3000, 2, 0).score_sums)  # type: ignore[arg-type]
    heuristic_points = sum(playouts(start, 3000, 2, 1).score_sums)  # type: ignore[arg-type]
    assert heuristic_points > 1.4 * random_points
