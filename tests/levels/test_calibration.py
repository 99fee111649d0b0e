"""A calibration: the candidates' tournament, resumed after a stop, measured on one scale."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from cheese.engine.games import describe
from cheese.levels import ladders
from cheese.levels.calibration import (
    SCALE_MEAN,
    CalibrationRequest,
    calibration_settings,
    choose_levels,
    measure,
    run_calibration,
)
from cheese.levels.ladders import GameLadders, Ladder
from cheese.levels.table import Level, LevelError, intervals_apart, parse_table
from cheese.referee.jobs import GameResult
from cheese.referee.pool import local_player
from cheese.tournaments.tournament import StopRequest, TournamentObserver

SMALL = {
    "get-the-cheese": Ladder(
        "get-the-cheese", ("greedy", "random", "greedy:temperature=0.1"), 3, 30, 2
    ),
    "cheese-chasers": Ladder("cheese-chasers", ("random", "greedy"), 1, 80, 2),
}


def use_ladder(monkeypatch: pytest.MonkeyPatch, ladder: Ladder) -> None:
    """Makes ``ladder`` its game's only one, at its size, the game's default."""
    extension = describe(ladder.game).ladder
    assert extension is not None and extension.module == ladders.__name__
    monkeypatch.setattr(
        ladders, extension.name, GameLadders(ladder.game, ladder.players, (ladder,))
    )


@pytest.fixture
def small_ladders(monkeypatch: pytest.MonkeyPatch) -> None:
    for ladder in SMALL.values():
        use_ladder(monkeypatch, ladder)


class StopAfter(TournamentObserver):
    """Asks the run to stop once ``games`` games are stored."""

    def __init__(self, stop: StopRequest, games: int) -> None:
        self.stop, self.games, self.seen = stop, games, 0

    def game_stored(self, result: GameResult) -> None:
        self.seen += 1
        if self.seen >= self.games:
            self.stop.requested = True


def test_games_are_rounded_up_to_whole_deals_of_every_table() -> None:
    settings = calibration_settings(CalibrationRequest("cheese-drop", games=200))
    assert settings.players == 2 and settings.specs == ladders.ladder_of("cheese-drop").candidates
    tables = len(settings.specs) * (len(settings.specs) - 1) // 2
    assert settings.deals == -(-200 // (2 * tables)) == 5
    assert calibration_settings(CalibrationRequest("cheese-drop", games=1)).deals == 2


def test_the_command_names_every_setting_that_decides_the_games() -> None:
    request = CalibrationRequest("get-the-cheese", games=500, seed=3, db=Path("my levels.db"))
    assert request.command() == (
        "cheese levels calibrate get-the-cheese --players 4 --games 500 --seed 3 "
        "--db 'my levels.db'"
    )
    default = ladders.ladder_of("cheese-drop").default_games
    assert CalibrationRequest("cheese-drop").command() == (
        f"cheese levels calibrate cheese-drop --players 2 --games {default} --seed 0"
    )


def test_each_table_size_plays_its_own_ladder_at_its_seats() -> None:
    three = calibration_settings(CalibrationRequest("cheese-drop", players=3))
    ladder = ladders.ladder_of("cheese-drop", 3)
    assert three.players == 3 and three.specs == ladder.candidates
    assert (
        CalibrationRequest("cheese-drop", players=3)
        .command()
        .startswith(
            f"cheese levels calibrate cheese-drop --players 3 --games {ladder.default_games} "
        )
    )
    with pytest.raises(LevelError, match="cheese-drop has levels at 2, 3, 4, 5 players, not 7"):
        calibration_settings(CalibrationRequest("cheese-drop", players=7))


def test_an_interrupted_calibration_resumes_to_the_same_table(
    small_ladders: None, tmp_path: Path
) -> None:
    request = CalibrationRequest("get-the-cheese", games=30, db=tmp_path / "stopped.db")
    stop = StopRequest()
    first = run_calibration(request, local_player(1), observer=StopAfter(stop, 4), stop=stop)
    assert not first.complete and first.stored >= 4
    with pytest.raises(LevelError, match="finish it with: cheese levels calibrate"):
        measure(request)
    second = run_calibration(request, local_player(1))
    assert second.complete and second.played == second.total - first.stored
    resumed = measure(request, today="2026-01-01")
    straight_request = CalibrationRequest("get-the-cheese", games=30, db=tmp_path / "straight.db")
    run_calibration(straight_request, local_player(1))
    straight = measure(straight_request, today="2026-01-01")
    assert resumed.levels == straight.levels
    assert [level.spec for level in resumed.levels][-1] == "greedy"
    assert intervals_apart(resumed.levels) is None
    assert resumed.measure == "elo" and resumed.games == 30
    assert resumed.command == request.command()
    assert parse_table(resumed.to_json(), "t") == resumed


def test_the_elo_scale_is_centred_on_the_candidates_mean(
    small_ladders: None, tmp_path: Path
) -> None:
    request = CalibrationRequest("get-the-cheese", games=30, db=tmp_path / "r.db")
    run_calibration(request, local_player(1))
    table = measure(request)
    # Every candidate is in the table, a level or also measured, on the one scale.
    measured = table.levels + table.also_measured
    assert sorted(bot.spec for bot in measured) == sorted(table.candidates)
    assert all(bot.level == 0 for bot in table.also_measured)
    mean = sum(bot.value for bot in measured) / len(measured)
    assert abs(mean - SCALE_MEAN) < 1e-6
    assert "1500" in table.scale


def test_a_solitaire_calibration_measures_completion_on_the_same_deals(
    small_ladders: None, tmp_path: Path
) -> None:
    request = CalibrationRequest("cheese-chasers", games=80, db=tmp_path / "c.db")
    run_calibration(request, local_player(1))
    table = measure(request, today="2026-01-01")
    assert table.measure == "completion" and table.players == 1
    assert table.levels[-1].spec == "greedy"
    for level in table.levels:
        assert level.games == 40
        assert 0.0 <= level.ci95[0] <= level.value <= level.ci95[1] <= 1.0


def test_too_few_levels_apart_is_refused_with_what_to_do(
    small_ladders: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_ladder(monkeypatch, replace(SMALL["get-the-cheese"], min_levels=4))
    request = CalibrationRequest("get-the-cheese", games=6, db=tmp_path / "few.db")
    run_calibration(request, local_player(1))
    with pytest.raises(LevelError, match="fewer than 4 levels.*larger --games"):
        measure(request)


def test_levels_are_kept_from_the_strongest_down_when_clear_of_the_last_kept() -> None:
    measured = [
        Level(0, "c", 30.0, (20.0, 40.0), 5, 0.6),
        Level(0, "a", 0.0, (-10.0, 10.0), 5, 0.4),
        Level(0, "b", 12.0, (5.0, 19.0), 5, 0.5),
        Level(0, "d", 35.0, (30.0, 45.0), 5, 0.7),
    ]
    kept = choose_levels(measured)
    assert [(level.level, level.spec) for level in kept] == [(1, "b"), (2, "d")]
