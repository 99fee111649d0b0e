"""The schedule: every rotation of every deal, roles swapped for odd seat counts, in order."""

from __future__ import annotations

import tracemalloc

import pytest

from cheese.referee.jobs import SIDE_A, SIDE_B, DuelSetup
from cheese.tournaments.schedule import (
    Schedule,
    deal_seed,
    deals_for_games,
    games_per_deal,
    seat_sides,
)


def setup(num_players: int, deals: int = 3, seed: int = 11) -> DuelSetup:
    return DuelSetup(
        game="get-the-cheese",
        num_players=num_players,
        spec_a="mcts",
        spec_b="greedy",
        deals=deals,
        seed=seed,
        backend="reference",
    )


@pytest.mark.parametrize(
    ("num_players", "expected"),
    [
        (1, ((0,), (1,))),
        (2, ((0, 1), (1, 0))),
        (4, ((0, 1, 0, 1), (1, 0, 1, 0))),
    ],
)
def test_even_and_solitaire_deals_are_the_pattern_and_its_swap(
    num_players: int, expected: tuple[tuple[int, ...], ...]
) -> None:
    assert seat_sides(num_players) == expected


@pytest.mark.parametrize("num_players", [1, 2, 3, 4, 5])
def test_every_seat_is_held_by_each_bot_equally_often(num_players: int) -> None:
    assignments = seat_sides(num_players)
    assert len(set(assignments)) == len(assignments)
    for seat in range(num_players):
        held_by_a = sum(1 for sides in assignments if sides[seat] == SIDE_A)
        assert held_by_a * 2 == len(assignments)


@pytest.mark.parametrize("num_players", [3, 5])
def test_odd_seat_counts_play_every_rotation_and_every_swapped_rotation(num_players: int) -> None:
    assignments = set(seat_sides(num_players))
    base = tuple(SIDE_A if seat % 2 == 0 else SIDE_B for seat in range(num_players))
    for shift in range(num_players):
        rotated = base[shift:] + base[:shift]
        assert rotated in assignments
        assert tuple(1 - side for side in rotated) in assignments
    assert len(assignments) == 2 * num_players
    # A and B sit in the same pattern (alternating, A one seat more) before any swap.
    assert seat_sides(num_players)[0] == base


def test_rotation_moves_every_bot_one_seat_on() -> None:
    first, second, third = seat_sides(3)[:3]
    assert second == (first[2], first[0], first[1])
    assert third == (second[2], second[0], second[1])


def test_games_are_rounded_up_to_whole_deals() -> None:
    assert [games_per_deal(n) for n in (1, 2, 3, 4, 5)] == [2, 2, 6, 2, 10]
    assert deals_for_games(100, 4) == 50
    assert deals_for_games(101, 4) == 51
    assert deals_for_games(1, 5) == 1
    with pytest.raises(ValueError, match="at least 1 game"):
        deals_for_games(0, 4)


def test_the_schedule_gives_deals_in_order_each_in_rotation_order() -> None:
    schedule = Schedule(setup(3, deals=2).plan)
    assert schedule.total() == 12
    jobs = []
    while (job := schedule.next()) is not None:
        jobs.append(job)
    assert schedule.next() is None
    assert [(job.deal, job.rotation) for job in jobs] == [
        (deal, rotation) for deal in range(2) for rotation in range(6)
    ]
    for job in jobs:
        assert job.sides == seat_sides(3)[job.rotation]
        specs = tuple("mcts" if side == SIDE_A else "greedy" for side in job.sides)
        assert job.seat_specs == specs
        assert job.deal_seed == deal_seed(11, job.deal)
        assert (job.game, job.num_players, job.seed, job.backend) == (
            "get-the-cheese", 3, 11, "reference"
        )


def test_every_rotation_of_a_deal_shares_its_seed_and_deals_differ() -> None:
    schedule = Schedule(setup(4, deals=50).plan)
    seeds_by_deal: dict[int, set[int]] = {}
    while (job := schedule.next()) is not None:
        seeds_by_deal.setdefault(job.deal, set()).add(job.deal_seed)
    assert all(len(seeds) == 1 for seeds in seeds_by_deal.values())
    assert len({seeds.pop() for seeds in seeds_by_deal.values()}) == 50


def test_deal_seeds_depend_on_the_duel_seed_and_fit_in_64_bits() -> None:
    assert deal_seed(1, 0) != deal_seed(2, 0)
    assert all(0 <= deal_seed(seed, deal) < 2**64 for seed in (0, 2**64 - 1) for deal in range(5))


def test_a_job_can_be_rebuilt_from_its_ids() -> None:
    schedule = Schedule(setup(5, deals=2).plan)
    jobs = [schedule.next() for _ in range(schedule.total())]
    again = Schedule(setup(5, deals=2).plan)
    assert all(job == again.job(job.deal, job.rotation) for job in jobs if job is not None)


def test_a_schedule_of_a_billion_games_lists_nothing_ahead() -> None:
    tracemalloc.start()
    try:
        schedule = Schedule(setup(4, deals=500_000_000).plan)
        first = next(schedule.jobs())
        last = schedule.job_at(schedule.total() - 1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert schedule.total() == 1_000_000_000
    assert first[0] == 0 and (last.deal, last.rotation) == (499_999_999, 1)
    assert peak < 1_000_000


def test_numbers_and_jobs_agree_and_stored_games_are_skipped() -> None:
    schedule = Schedule(setup(3, deals=3).plan)
    every = list(schedule.jobs())
    assert [number for number, _ in every] == list(range(18))
    assert all(schedule.job_at(number) == job for number, job in every)
    assert [number for number, _ in schedule.jobs(skip={0, 5, 17})] == [
        number for number in range(18) if number not in {0, 5, 17}
    ]
    with pytest.raises(IndexError):
        schedule.job_at(18)
