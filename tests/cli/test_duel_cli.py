"""``cheese duel`` end to end: the JSON shape, the text, reproducibility, one-line errors,
the game clock, and the games stored with ``--db`` (resumed by a rerun, replayed)."""

from __future__ import annotations

import json
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cheese.cli import duel_command
from cheese.cli.app import main
from cheese.engine.records import replay
from cheese.parallel import can_pin_cores
from cheese.referee.play import GameFailed
from cheese.store import read_game

from .conftest import refused


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["duel", *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def duel_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code, out, err = run(capsys, *argv, "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def untimed(report: dict[str, Any], *, decisions: bool) -> None:
    """Drop each side's reply times, which are the machine's, from a duel's JSON report;
    keep the count of decisions they were taken over (the duel's own) when ``decisions``."""
    for side in ("a", "b"):
        latency = report[side].pop("latency")
        if decisions:
            report[side]["latency"] = latency["decisions"]


def assert_alike(later: dict[str, Any], first: dict[str, Any], *, decisions: bool) -> None:
    """Two JSON reports of one duel agree but for the games resumed and the reply times
    (``untimed``, keeping the decisions when ``decisions``)."""
    for report in (later, first):
        untimed(report, decisions=decisions)
        report.pop("resumed")
    assert later == first


def test_the_json_object_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = duel_json(capsys, "random", "random", "--games", "4", "--workers", "1")
    assert set(data) == {
        "game", "players", "seed", "deals", "games", "wins", "draws", "losses", "score",
        "elo", "elo_ci95", "elo_scale", "los", "a", "b", "variance", "notes",
    }
    assert (data["game"], data["players"]) == ("get-the-cheese", 4)
    assert data["elo_scale"].startswith("Elo is relative: A's over B (random), B at 0")
    assert (data["deals"], data["games"]) == (2, 4)
    # two four-player deals: 2 games each, every game 2 A seats against 2 B seats
    assert data["wins"] + data["draws"] + data["losses"] == 2 * 2 * 4
    assert data["score"] == (data["wins"] + data["draws"] / 2) / 16
    for side in ("a", "b"):
        assert set(data[side]) == {"spec", "mean_points", "forfeits", "first_forfeit", "latency"}
        assert data[side]["spec"] == "random" and data[side]["forfeits"] == {}
        latency = data[side]["latency"]
        assert set(latency) == {"decisions", "median", "max"} and latency["decisions"] > 0
        assert 0 <= latency["median"] <= latency["max"]
        assert data[side]["mean_points"] > 0
    low, high = data["elo_ci95"]
    assert low <= data["elo"] <= high
    assert 0.0 <= data["los"] <= 1.0
    variance = data["variance"]
    assert set(variance) == {"measure", "observations", "deals_counted", "deals", "seats",
                             "bots", "rest"}
    assert (variance["measure"], variance["observations"]) == ("pair score", 4 * 4)
    assert sum(variance[name]["share"] for name in ("deals", "seats", "bots", "rest")) == (
        pytest.approx(1.0)
    )


@pytest.mark.slow
def test_the_luck_and_skill_line_of_a_one_sided_duel(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "greedy", "random", "--game", "get-the-cheese", "--games", "40",
        "--workers", "1",
    )
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("variance: "))
    low = float(line.split("bots ")[1].split("[")[1].split("–")[0])
    assert low > 10


def test_equal_bots_leave_the_bots_share_near_zero(capsys: pytest.CaptureFixture[str]) -> None:
    data = duel_json(capsys, "random", "random", "--game", "cheese-drop", "--games", "40",
                     "--workers", "1")
    bots = data["variance"]["bots"]
    assert bots["share"] < 0.05 and bots["ci95"][0] == 0.0


def test_chasers_report_completion_and_the_points_difference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = duel_json(capsys, "random", "random", "--game", "cheese-chasers", "--games", "4")
    assert (data["players"], data["games"], data["deals"]) == (1, 4, 2)
    assert set(data["a"]) == {
        "spec", "mean_points", "completion", "forfeits", "first_forfeit", "latency"
    }
    assert set(data["score_difference"]) == {"mean", "ci95"}


def test_the_sprt_object_and_the_early_stop(capsys: pytest.CaptureFixture[str]) -> None:
    data = duel_json(
        capsys, "random", "random", "--game", "cheese-drop", "--games", "200",
        "--sprt", "150,300,0.05,0.05", "--workers", "1",
    )
    sprt = data["sprt"]
    assert isinstance(sprt, dict)
    assert set(sprt) == {"elo0", "elo1", "alpha", "beta", "llr", "lower", "upper", "decision"}
    assert sprt["decision"] == "H0" and sprt["llr"] <= sprt["lower"]
    assert data["games"] < 200
    assert any("SPRT decided" in note for note in data["notes"])


def test_the_same_seed_gives_the_same_json_with_any_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    arguments = ("random", "random", "--game", "get-the-cheese", "--players", "3", "--games", "6")
    alone = duel_json(capsys, *arguments, "--workers", "1", "--seed", "9")
    pooled = duel_json(capsys, *arguments, "--workers", "2", "--seed", "9")
    other = duel_json(capsys, *arguments, "--workers", "1", "--seed", "10")
    for data in (alone, pooled, other):
        untimed(data, decisions=True)
    assert alone == pooled
    assert alone != other


@pytest.mark.skipif(not can_pin_cores(), reason="this system cannot pin a process to processors")
def test_workers_pinned_to_cores_play_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    arguments = ("random", "greedy", "--players", "3", "--games", "6", "--workers", "2")
    pinned = duel_json(capsys, *arguments, "--pin-cores")
    free = duel_json(capsys, *arguments)
    for data in (pinned, free):
        untimed(data, decisions=True)
    assert pinned == free


def test_the_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "random", "random", "--game", "cheese-drop", "--games", "4")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "cheese-drop, 2 players, 2 deals (4 games), seed 0"
    assert lines[1].startswith("A random: mean points ")
    assert re.fullmatch(
        r"A against B: \d wins?, \d draws?, \d loss(es)? \(4 pairs\), score \d+\.\d%", lines[3]
    )
    assert lines[4].startswith("Elo ") and "95% interval" in lines[4] and "LOS" in lines[4]
    assert lines[5] == "Elo is relative: A's over B (random), B at 0, not the levels' scale."


def test_one_game_notes_that_intervals_need_more_deals(capsys: pytest.CaptureFixture[str]) -> None:
    data = duel_json(capsys, "random", "random", "--game", "cheese-drop", "--games", "1")
    assert data["games"] == 2 and data["elo_ci95"] is None and data["los"] is None
    assert data["notes"] == ["one deal gives no interval and no LOS; play more games"]


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--sprt", "0"), "--sprt '0' has 1 fields; write elo0,elo1"),
        (("--sprt", "50,0"), "elo0 (50) must be below elo1 (0)"),
        (("--games", "0"), "--games must be at least 1, not 0"),
        (("--workers", "0"), "--workers must be at least 1, not 0"),
        (("--players", "6"), "get-the-cheese is played by 3 to 5 players, not 6"),
        (("--game", "chess"), "unknown game 'chess'; choose one of:"),
        (("--seed", "-3"), "--seed must be from 0 to 2**64 - 1, not -3"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    err = refused(capsys, "duel", "random", "random", *arguments)
    assert message in err


def test_an_unknown_bot_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "duel", "random", "grandmaster")
    assert "grandmaster" in err


def test_help_has_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "Example: cheese duel mcts greedy" in out


def test_a_failed_game_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*arguments: object, **settings: object) -> None:
        raise GameFailed("cheese-drop deal 3 (deal seed 9), rotation 1, seats a, b: boom")

    monkeypatch.setattr(duel_command, "run_duel", fail)
    code, out, err = run(capsys, "random", "random", "--game", "cheese-drop")
    assert (code, out) == (1, "")
    assert err == "cheese: error: cheese-drop deal 3 (deal seed 9), rotation 1, seats a, b: boom\n"


def test_counts_read_singular_or_plural(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "random", "random", "--game", "cheese-drop", "--games", "2")
    assert code == 0 and out.splitlines()[0] == "cheese-drop, 2 players, 1 deal (2 games), seed 0"


def test_the_clock_is_in_the_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "random", "greedy", "--game", "cheese-drop", "--games", "2", "--tc", "30+0.5"
    )
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "cheese-drop, 2 players, 1 deal (2 games), seed 0, clock 30+0.5 s"
    assert [line.split(":")[0] for line in lines if line.startswith("replies")] == ["replies"] * 2
    shown = r"replies: A random: median [0-9.]+ ms, max [0-9.]+ m?s over 30 decisions"
    assert re.search(shown, out)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("--tc", "ten"), "--tc 'ten' is not BASE+INC in seconds; write e.g. --tc 10+0.1"),
        (("--tc", "0"), "the base must be above 0"),
        (("--tc", "1+2"), "the increment must be at most the base"),
        (("--tc", "10", "--tc-margin", "-1"), "--tc-margin must be a number of seconds from 0"),
        (("--tc-margin", "0.1"), "--tc-margin needs a game clock; give --tc BASE+INC"),
    ],
)
def test_bad_clocks_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    err = refused(capsys, "duel", "random", "greedy", *arguments)
    assert message in err and err.count("\n") == 1


def test_time_auto_without_a_clock_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    err = refused(capsys, "duel", "mcts:time=auto", "greedy")
    assert "'mcts:time=auto' budgets its time on the game clock (time=auto)" in err
    assert "give --tc BASE+INC" in err and err.count("\n") == 1


DUEL = ("random", "greedy", "--game", "cheese-drop", "--games", "4", "--workers", "1")


def stored_duel(
    capsys: pytest.CaptureFixture[str], db: Path, *extra: str
) -> tuple[dict[str, Any], str]:
    code = main(["duel", *DUEL, "--db", str(db), "--json", *extra])
    captured = capsys.readouterr()
    assert code == 0, captured.err
    data = json.loads(captured.out)
    assert isinstance(data, dict)
    return data, captured.err


def rows(db: Path, sql: str) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(db)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


def test_every_game_is_stored_and_a_rerun_plays_none_again(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "duels" / "night.db"
    first, err = stored_duel(capsys, db)
    assert first["stored_as"] == "duel-random-greedy-0" and first["resumed"] == 0
    assert f"stored in {db} as 'duel-random-greedy-0';" in err
    assert rows(db, "SELECT name FROM tournaments") == [("duel-random-greedy-0",)]
    stored = rows(db, "SELECT id, job, replies IS NOT NULL FROM games ORDER BY job")
    assert [(job, kept) for _, job, kept in stored] == [(0, 1), (1, 1), (2, 1), (3, 1)]
    again, err = stored_duel(capsys, db)
    assert again["resumed"] == 4 and "4 games stored by an earlier run" in err
    assert rows(db, "SELECT count(*) FROM games") == [(4,)]
    assert_alike(again, first, decisions=True)


def test_a_stopped_duel_plays_only_its_missing_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "night.db"
    whole, _ = stored_duel(capsys, tmp_path / "whole.db")
    stored_duel(capsys, db)
    connection = sqlite3.connect(db)
    connection.execute("DELETE FROM games WHERE job IN (1, 3)")
    connection.commit()
    connection.close()
    resumed, err = stored_duel(capsys, db)
    assert resumed["resumed"] == 2 and "2 games stored by an earlier run" in err
    assert [job for (job,) in rows(db, "SELECT job FROM games ORDER BY job")] == [0, 1, 2, 3]
    assert_alike(resumed, whole, decisions=False)


def test_other_settings_of_the_same_duel_get_a_name_of_their_own(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "night.db"
    stored_duel(capsys, db)
    longer, _ = stored_duel(capsys, db, "--games", "8")
    assert longer["stored_as"].startswith("duel-random-greedy-0-")
    assert longer["resumed"] == 0 and longer["games"] == 8
    assert rows(db, "SELECT count(*) FROM games") == [(12,)]


def test_a_stored_duel_game_replays(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    db = tmp_path / "night.db"
    stored_duel(capsys, db)
    record = read_game(db, 1)
    assert record.players == ("random", "greedy")
    assert list(replay(record).scores()) == list(record.scores)
    shown = subprocess.run(
        [sys.executable, "-m", "cheese", "replay", "DB:1", "--db", str(db)],
        input="e\nq\n", capture_output=True, text=True, timeout=60, check=False,
    )
    assert shown.returncode == 0, shown.stderr
    assert "Traceback" not in shown.stderr


def test_deals_that_all_scored_alike_give_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    """Greedy wins both pairs of both deals against random: no spread to resample, so no
    zero-width interval and no LOS of 100%, but a note saying why."""
    data = duel_json(capsys, "greedy", "random", "--game", "cheese-drop", "--games", "4")
    assert data["deals"] == 2 and data["score"] == 1.0
    assert data["elo_ci95"] is None and data["los"] is None
    assert (
        "both deals scored the same (100.0% each), so a bootstrap over deals gives no "
        "interval and no LOS; play more games to see their spread"
    ) in data["notes"]


def test_log_writes_the_workers_records_to_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "duel.log"
    spec = f"cmd:{sys.executable} {Path(__file__).parents[1] / 'external_bots' / 'misbehaving.py'}"
    code, _, _ = run(
        capsys, spec, "random", "--game", "cheese-chasers", "--games", "2",
        "--workers", "1", "--log", str(log),
    )
    assert code == 0
    lines = log.read_text().splitlines()
    assert any(f"INFO cheese.bot.{spec}: hello settings=" in line for line in lines)
    assert all("MainProcess" not in line for line in lines if "cheese.bot." in line)


def test_a_log_that_cannot_be_written_is_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "greedy", "random", "--log", str(tmp_path / "no" / "x"))
    assert code == 2
    assert err.count("\n") == 1 and "cannot be written" in err
