"""Batched playouts in C, one loop for every game (``ch_playouts``): what all games share."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest

from cheese.engine import GAME_SLUGS, game_info, load_game

from ..native import check_native

if TYPE_CHECKING:
    from cheese.engine.native import NativeState

KNOWN_POLICIES = (0, 1)


def native_start(slug: str, players: int, seed: int) -> NativeState:
    """A new game of ``slug`` on the C engine (the test skips without the extension)."""
    check_native()
    from cheese.engine.native import NativeState

    start = load_game(slug, backend="native").new_initial_state(players, seed=seed)
    assert isinstance(start, NativeState)
    return start


@pytest.mark.parametrize("slug", GAME_SLUGS)
@pytest.mark.parametrize("policy", [-1, 2, 7])
def test_an_unknown_policy_runs_no_playout_in_any_game(slug: str, policy: int) -> None:
    from cheese.engine.native import playouts

    players = game_info(slug).max_players
    start = native_start(slug, players, seed=1)
    totals = playouts(start, 10, seed=1, policy=policy)
    assert totals.playouts == 0
    assert totals.score_sums == totals.win_shares == (0.0,) * players


@pytest.mark.parametrize("slug", GAME_SLUGS)
@pytest.mark.parametrize("policy", KNOWN_POLICIES)
def test_every_playout_shares_out_one_win(slug: str, policy: int) -> None:
    from cheese.engine.native import playouts

    players = game_info(slug).min_players
    start = native_start(slug, players, seed=2)
    totals = playouts(start, 40, seed=3, policy=policy)
    assert totals.playouts == 40
    assert sum(totals.win_shares) == pytest.approx(40.0)
    assert totals == playouts(start, 40, seed=3, policy=policy)


@pytest.mark.parametrize("slug", GAME_SLUGS)
@pytest.mark.parametrize("policy", KNOWN_POLICIES)
def test_each_playouts_end_adds_up_to_the_batchs_sums(slug: str, policy: int) -> None:
    from cheese.engine.native import playout_outcomes, playouts

    players = game_info(slug).max_players
    start = native_start(slug, players, seed=2)
    outcomes = playout_outcomes(start, 12, seed=5, policy=policy)
    totals = playouts(start, 12, seed=5, policy=policy)
    assert len(outcomes) == 12
    sums = tuple(
        float(sum(outcome.points[seat] for outcome in outcomes)) for seat in range(players)
    )
    assert sums == totals.score_sums
    wins = [0.0] * players
    for outcome in outcomes:
        top = max(outcome.rank_keys)
        winners = [seat for seat, key in enumerate(outcome.rank_keys) if key == top]
        for seat in winners:
            wins[seat] += 1 / len(winners)
    assert tuple(wins) == pytest.approx(totals.win_shares)
    assert playout_outcomes(start, 3, seed=5, policy=7) == []


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_playout_points_are_the_outcomes_points_without_their_keys(slug: str) -> None:
    from cheese.engine.native import playout_outcomes, playout_points

    players = game_info(slug).max_players
    start = native_start(slug, players, seed=4)
    outcomes = playout_outcomes(start, 9, seed=6, policy=1)
    assert playout_points(start, 9, seed=6, policy=1) == [
        outcome.points for outcome in outcomes
    ]
    assert playout_points(start, 3, seed=6, policy=7) == []
