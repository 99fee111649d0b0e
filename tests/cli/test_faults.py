"""Faults, as a person meets them: bots that raise, answer illegally, hang, exit, crash or
print, in duels and tournaments with one worker and with two. Each run is a real
``cheese`` process (bots installed through the ``cheese.bots`` entry points of the test
distribution in ``tests/fault_bots``) with a timeout, so a hang fails the test instead of
stopping the suite; each asserts the exit code, the lines on stderr and what is stored."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cheese.bots.faults import Fault

from .conftest import Running

FAULT_BOTS = Path(__file__).resolve().parents[1] / "fault_bots"
TIMEOUT = 90


def cheese(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cheese", *arguments],
        cwd=cwd,
        env=_environment(),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def _environment() -> dict[str, str]:
    environment = dict(os.environ)
    paths = [str(FAULT_BOTS), environment.get("PYTHONPATH", "")]
    environment["PYTHONPATH"] = os.pathsep.join(path for path in paths if path)
    return environment


def stored_faults(db: Path) -> list[tuple[int | None, str | None]]:
    connection = sqlite3.connect(db)
    try:
        rows = connection.execute("SELECT forfeit, fault FROM games ORDER BY job").fetchall()
    finally:
        connection.close()
    return [(row[0], row[1]) for row in rows]


DUEL_FAULTS = [
    ("fault-raise", "raised"),
    ("fault-illegal", "illegal"),
    ("fault-none", "illegal"),
    ("fault-exit", "crashed"),
    ("fault-sysexit", "raised"),
    ("fault-interrupt", "raised"),
    ("fault-segv", "crashed"),
    ("fault-late-build", "not_built"),
]
KINDS = dict(DUEL_FAULTS)


@pytest.mark.parametrize(("bot", "kind"), DUEL_FAULTS)
def test_a_failing_bot_forfeits_every_duel_game_and_the_duel_ends(
    tmp_path: Path, bot: str, kind: str
) -> None:
    result = cheese(
        "duel", bot, "random", "--game", "cheese-drop", "--games", "4", "--workers", "1",
        "--json", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    report = json.loads(result.stdout)
    assert report["a"]["forfeits"] == {kind: 4} and report["b"]["forfeits"] == {}
    assert (report["wins"], report["losses"]) == (0, 4)
    assert bot in report["a"]["first_forfeit"] and report["b"]["first_forfeit"] is None


@pytest.mark.parametrize("bot", ["fault-raise", "fault-exit", "fault-illegal"])
def test_a_duel_on_two_workers_ends_after_a_failure(tmp_path: Path, bot: str) -> None:
    result = cheese(
        "duel", bot, "random", "--game", "cheese-drop", "--games", "4", "--workers", "2",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    at = lines.index(
        f"forfeits: A {bot}: 4 games ({Fault(KINDS[bot]).words}); each counted as a loss of "
        "the forfeiting seat"
    )
    # The first forfeit in deal order, whichever worker finished it first.
    assert lines[at + 1].startswith(f"  the first: bot '{bot}' in seat 0 ")


def test_what_a_bot_prints_never_reaches_the_json(tmp_path: Path) -> None:
    for workers in ("1", "2"):
        result = cheese(
            "duel", "fault-print", "random", "--game", "cheese-drop", "--games", "4",
            "--workers", workers, "--json", cwd=tmp_path,
        )
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert report["games"] == 4 and report["a"]["forfeits"] == {}


@pytest.mark.parametrize(
    ("bot", "kind"),
    [("fault-exit", "crashed"), ("fault-segv", "crashed"), ("fault-interrupt", "raised")],
)
def test_a_bot_ending_its_process_costs_its_games_not_the_tournament(
    tmp_path: Path, bot: str, kind: str
) -> None:
    db = tmp_path / "run.db"
    result = cheese(
        "tournament", "run", bot, "random", "greedy", "--game", "cheese-drop", "--deals", "1",
        "--workers", "1", "--db", str(db), "-q", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "6 of 6 stored" in result.stderr and "Traceback" not in result.stderr
    faults = stored_faults(db)
    assert len(faults) == 6
    assert sorted(fault for seat, fault in faults if seat is not None) == [kind] * 4
    listed = cheese("tournament", "list", str(db), "--json", cwd=tmp_path)
    assert json.loads(listed.stdout)[0]["forfeits"] == 4


def test_a_hung_bot_is_killed_with_one_worker(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    result = cheese(
        "tournament", "run", "fault-sleep", "random", "--game", "cheese-drop", "--deals", "1",
        "--move-time", "0.2", "--workers", "1", "--db", str(db), "-q", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert stored_faults(db) == [(0, "hung"), (1, "hung")]


def test_a_game_killed_from_outside_is_not_stored_and_is_played_on_resume(
    tmp_path: Path,
) -> None:
    db = tmp_path / "run.db"
    arguments = (
        "tournament", "run", "fault-kill", "random", "--game", "cheese-drop", "--deals", "1",
        "--workers", "2", "--db", str(db), "--name", "k", "-q",
    )
    result = cheese(*arguments, cwd=tmp_path)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert "0 of 2 stored" in lines[0]
    assert "2 games could not be played through no bot's fault" in lines[1]
    assert "killed from outside" in lines[1]
    assert lines[2].strip().startswith("cheese tournament run fault-kill random")
    assert stored_faults(db) == []
    again = cheese(*arguments, cwd=tmp_path)
    assert again.returncode == 1 and "0 of 2 stored" in again.stderr


def test_a_second_ctrl_c_stops_at_once_and_prints_the_resume_command(tmp_path: Path) -> None:
    db = tmp_path / "run.db"
    run = Running(
        ["tournament", "run", "mcts:iterations=3000", "random", "--game", "cheese-drop",
         "--deals", "50", "--workers", "2", "--db", str(db), "-q", "-v"],
        tmp_path, _environment(),
    )
    try:
        # Logged once the run's handlers are in place (on a loaded machine, seconds after
        # the start): the Ctrl-Cs reach the run, not the command still importing.
        run.wait_for(lambda: run.said("games stored,"))
        # Once a game is stored, the next ones are in flight: a first Ctrl-C waits for
        # them (sent before any was handed out, it would end the run at once by itself).
        run.wait_for(lambda: len(stored_faults(db)) >= 1)
        # Two signals sent at once may arrive as one; send until the second has ended it.
        while run.process.poll() is None and not run.said("resume with"):
            run.process.send_signal(signal.SIGINT)
            try:
                run.process.wait(0.2)
            except subprocess.TimeoutExpired:
                pass
        returncode, err = run.finish()
    finally:
        run.kill()
    assert returncode == 130, err
    assert "stopped at once; the games in flight were dropped; resume with:" in err
    assert "cheese tournament run mcts:iterations=3000 random" in err
    assert "Traceback" not in err


def test_two_runs_at_once_store_every_game_once_and_say_what_they_stored(
    tmp_path: Path,
) -> None:
    db = tmp_path / "run.db"
    command = [
        sys.executable, "-m", "cheese", "tournament", "run", "random", "greedy", "--players",
        "3", "--deals", "20", "--workers", "1", "--db", str(db), "--name", "twice", "-q",
    ]
    runs = [
        subprocess.Popen(command, cwd=tmp_path, env=_environment(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True)
        for _ in range(2)
    ]
    finished = [run.communicate(timeout=TIMEOUT) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], finished
    summaries = [line for _, err in finished for line in err.splitlines() if "now" in line]
    played = [int(line.split(" game", 1)[0]) for line in summaries]
    assert sum(played) == 120
    assert any("120 of 120 stored" in err for _, err in finished)
    connection = sqlite3.connect(db)
    assert connection.execute("SELECT count(*), count(DISTINCT job) FROM games").fetchone() == (
        120, 120,
    )


def test_a_duel_with_a_move_time_kills_a_hung_bot(tmp_path: Path) -> None:
    result = cheese(
        "duel", "fault-sleep", "random", "--game", "cheese-drop", "--games", "2",
        "--move-time", "0.2", "--workers", "1", "--json", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["a"]["forfeits"] == {"hung": 2} and report["a"]["mean_points"] is None


@pytest.mark.parametrize(
    "arguments", [("score", "cheese-drop"), ("replay",), ("ratings",)]
)
def test_an_endless_file_is_refused_in_one_line(
    tmp_path: Path, arguments: tuple[str, ...]
) -> None:
    result = cheese(*arguments, "/dev/zero", cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    # Refused by its kind before a byte is read: an endless device never fills memory.
    assert result.stderr.startswith("cheese: error: /dev/zero: is a device, not a file")
    assert result.stderr.count("\n") == 1


CLOCK_FAULTS = [
    ("fault-slow", "timeout"),  # returns past its clock and the margin
    ("fault-sleep", "timeout"),  # never returns: killed once its clock and a second are up
    ("fault-reply", "timeout"),  # fast, but its own measure of the reply is 5 s
    ("fault-failure", "protocol"),  # an external bot's failure, stored as its kind
]


@pytest.mark.parametrize(("bot", "kind"), CLOCK_FAULTS)
def test_a_bot_that_runs_out_of_its_clock_forfeits_on_time(
    tmp_path: Path, bot: str, kind: str
) -> None:
    result = cheese(
        "tournament", "run", bot, "random", "--game", "cheese-drop", "--deals", "1",
        "--tc", "0.4", "--workers", "1", "--db", "clock.db", "-q", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert sorted(stored_faults(tmp_path / "clock.db")) == [(0, kind), (1, kind)]
    listed = cheese("tournament", "list", "clock.db", cwd=tmp_path)
    assert "clock: 0.4 s a seat, margin 0.05 s" in listed.stdout
    words = {"timeout": "lost on time", "protocol": "broke the protocol"}[kind]
    assert f"2 forfeits ({words})" in listed.stdout


def test_a_clock_does_not_cost_a_bot_that_keeps_within_it(tmp_path: Path) -> None:
    result = cheese(
        "duel", "mcts:time=auto,iterations=200", "greedy", "--game", "cheese-drop",
        "--games", "2", "--tc", "2+0.1", "--workers", "1", "--json", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["a"]["forfeits"] == {} and report["b"]["forfeits"] == {}
    assert (report["tc"], report["tc_margin"]) == ("2+0.1", 0.05)
    assert report["a"]["latency"]["decisions"] == report["b"]["latency"]["decisions"] == 30


def test_a_failing_game_over_hook_is_logged_and_the_game_stands(tmp_path: Path) -> None:
    result = cheese(
        "duel", "fault-game-over", "random", "--game", "cheese-drop", "--games", "2",
        "--workers", "1", "--json", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["a"]["forfeits"] == {} and report["a"]["mean_points"] is not None
    assert result.stderr.count("game_over failed: RuntimeError: no cheese after the game") == 2
    assert "Traceback" not in result.stderr


def test_a_forfeit_tells_every_bot_the_game_was_abandoned(tmp_path: Path) -> None:
    result = cheese(
        "duel", "fault-game-over", "fault-raise", "--game", "cheese-drop", "--games", "2",
        "--workers", "1", "--json", cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["b"]["forfeits"] == {"raised": 2}
    assert result.stderr.count("no cheese after the game (abandoned)") == 2


def test_a_bot_of_a_bots_file_plays_a_duel_on_a_clock(tmp_path: Path) -> None:
    bots = tmp_path / "bots.toml"
    bots.write_text(
        f'[[bot]]\nname = "served"\ncommand = {json.dumps(sys.executable)}\n'
        'args = ["-m", "cheese", "bot", "serve", "random"]\n'
    )
    result = cheese(
        "duel", "served", "greedy", "--bots", "bots.toml", "--game", "cheese-drop",
        "--games", "2", "--tc", "20+0.1", "--workers", "1", "--db", "d.db", "--json",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["a"]["spec"] == "served@bots.toml" and report["a"]["forfeits"] == {}
    assert report["a"]["latency"]["decisions"] == 30
    assert report["stored_as"] == "duel-served-greedy-0"
    assert stored_faults(tmp_path / "d.db") == [(None, None), (None, None)]
