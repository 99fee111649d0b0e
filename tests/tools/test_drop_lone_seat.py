"""A bot alone among other seats: each seat once, the duel's games beside, pairs counted."""

from __future__ import annotations

import pytest

from cheese.engine import BACKEND
from cheese.ratings.pairwise import PairTally
from cheese.referee.jobs import SIDE_A, DuelSetup
from cheese.tournaments.schedule import Schedule
from tools.drop_lone_seat import DealTask, deal_jobs, main, play_deal, report


@pytest.mark.parametrize("players", [3, 4, 5])
def test_alone_the_bot_holds_each_seat_once(players: int) -> None:
    jobs = deal_jobs(DealTask(("expectimax", "greedy"), players, 17, 0))["alone"]
    assert len(jobs) == players
    assert all(job.sides.count(SIDE_A) == 1 for job in jobs)
    assert {job.sides.index(SIDE_A) for job in jobs} == set(range(players))
    assert all(job.seat_specs[job.sides.index(SIDE_A)] == "expectimax" for job in jobs)


@pytest.mark.parametrize("players", [4, 5])
def test_the_duel_arrangement_is_the_games_cheese_duel_plays(players: int) -> None:
    setup = DuelSetup(
        game="cheese-drop",
        num_players=players,
        spec_a="expectimax",
        spec_b="greedy",
        deals=3,
        seed=17,
        backend=BACKEND,
    )
    schedule = Schedule(setup.plan)
    for deal in range(3):
        jobs = deal_jobs(DealTask(("expectimax", "greedy"), players, 17, deal))
        duel = [schedule.job(deal, rotation) for rotation in range(len(jobs["duel"]))]
        assert jobs["duel"] == duel
        assert {job.deal_seed for job in jobs["alone"]} == {jobs["duel"][0].deal_seed}


def test_a_deal_counts_every_pair_of_the_bot_against_the_others() -> None:
    tallies = play_deal(DealTask(("random", "greedy"), 3, 5, 0))
    # Alone: 3 games of 2 pairs; the duel's 3-player deal: 6 games of 2 pairs.
    assert tallies["alone"].pairs == 6
    assert tallies["duel"].pairs == 12
    assert tallies == play_deal(DealTask(("random", "greedy"), 3, 5, 0))


def test_the_report_gives_each_arrangement_and_their_difference() -> None:
    deals = [
        {"alone": PairTally(wins=3), "duel": PairTally(wins=1, losses=1)},
        {"alone": PairTally(wins=1, losses=2), "duel": PairTally(losses=2)},
    ]
    lines = report(("a", "b"), deals, seed=1).splitlines()
    assert lines[0] == "a against b, 2 deals, seed 1"
    assert lines[1].startswith("alone: score 0.667 [")
    assert lines[1].endswith("4 wins, 0 draws, 2 losses of 6 pairs")
    assert lines[2].startswith("duel: score 0.250 [")
    # Deal by deal: 1 - 0.5 and 1/3 - 0, a mean of +0.417; a difference's interval is
    # signed even when no deal's difference is below 0.
    assert lines[3].startswith("alone - duel, deal by deal: +0.417 [+")


def test_a_run_prints_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--spec", "random", "--players", "3", "--deals", "1", "--seed", "2"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "random against greedy, 1 deal, seed 2"
    assert printed[1].startswith("alone: score ")
    assert printed[3].startswith("alone - duel, deal by deal: ")


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--players", "2"], "A alone needs at least 3 seats"),
        (["--players", "9"], "give --players 2 to 5"),
        (["--spec", "nobot"], "unknown bot 'nobot'"),
        (["--deals", "0"], "positive count"),
    ],
)
def test_bad_options_get_one_line_and_exit_2(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert says in capsys.readouterr().err
