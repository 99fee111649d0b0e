"""In a tournament, an external bot that breaks the protocol forfeits its games, which
are stored with the fault's kind and counted; a good external bot plays them all."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cheese.referee.external.stderr_log import logger_name

from .tournament_runs import tournament_in_subprocess

BOTS = Path(__file__).resolve().parents[1] / "external_bots"


def _tournament(tmp_path: Path, spec: str, *extra: str) -> tuple[str, list[tuple[object, ...]]]:
    out, database = tournament_in_subprocess(
        tmp_path, spec, "cheese-drop", "--deals", "1", "--workers", "1", *extra, timeout=120
    )
    with sqlite3.connect(database) as connection:
        rows = list(connection.execute("SELECT forfeit, fault FROM games ORDER BY job"))
    return out, rows


@pytest.mark.parametrize(
    "mode, kind",
    [
        ("illegal", "illegal"),
        ("wrong-seq", "protocol"),
        ("long-line", "protocol"),
        ("broken-pipe", "protocol"),
        ("exit", "crash"),
    ],
)
def test_a_fault_forfeits_and_is_stored_with_its_kind(tmp_path: Path, mode: str, kind: str) -> None:
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} {mode}"
    out, rows = _tournament(tmp_path, spec)
    assert len(rows) == 2
    assert {fault for _, fault in rows} == {kind}
    assert "forfeits:" in out and ": 2 games (" in out
    assert f"  the first: bot {spec!r} in seat 0 " in out


def test_stall_and_timeout_from_a_bots_file(tmp_path: Path) -> None:
    bots = tmp_path / "bots.toml"
    bots.write_text(
        f'[[bot]]\nname = "staller"\ncommand = "{sys.executable}"\n'
        f'args = ["{BOTS / "misbehaving.py"}", "stall"]\nstartup_seconds = 0.5\n'
        f'[[bot]]\nname = "sleeper"\ncommand = "{sys.executable}"\n'
        f'args = ["{BOTS / "misbehaving.py"}", "slow"]\nmove_seconds = 0.5\n'
    )
    for name, kind in (("staller", "stall"), ("sleeper", "timeout")):
        out, rows = _tournament(tmp_path, name, "--bots", str(bots), "--name", name)
        assert {fault for _, fault in rows} == {kind}, rows
        assert name in out


def test_a_good_external_bot_plays_every_game(tmp_path: Path) -> None:
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} flood"
    _, rows = _tournament(tmp_path, spec)
    assert rows == [(None, None), (None, None)]


def test_a_bot_that_outlives_its_clock_loses_on_time(tmp_path: Path) -> None:
    # The referee waits for the reply only until the seat's clock (and a margin) is out.
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} slow"
    _, rows = _tournament(tmp_path, spec, "--tc", "1+0")
    assert {fault for _, fault in rows} == {"timeout"}


def _rows(database: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(database) as connection:
        return list(connection.execute("SELECT forfeit, fault, error FROM games ORDER BY job"))


def test_bots_of_both_versions_play_one_tournament(tmp_path: Path) -> None:
    old = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} good"
    new = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} good v2"
    _, database = tournament_in_subprocess(
        tmp_path, old, "cheese-drop", new, "--deals", "1", "--workers", "1", timeout=120
    )
    rows = _rows(database)
    assert len(rows) == 6 and all(row == (None, None, None) for row in rows)


def test_a_timeout_ends_only_the_bot_that_timed_out(tmp_path: Path) -> None:
    # Under --move-time the silent bot loses on time before the worker's hard limit, so
    # the worker, and the other external bot's one process in it, live on.
    slow = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} slow"
    good = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} good v2"
    log = tmp_path / "run.log"
    _, database = tournament_in_subprocess(
        tmp_path, slow, "cheese-drop", good, "--deals", "1", "--workers", "1",
        "--move-time", "0.5", "--log", str(log), timeout=120,
    )
    faults = [fault for _, fault, _ in _rows(database) if fault is not None]
    assert faults == ["timeout"] * 4, faults
    text = log.read_text()
    good_logger = logger_name(good)
    pids = {
        line.split("pid=")[1].split()[0]
        for line in text.splitlines()
        if "new_game pid=" in line and good_logger in line
    }
    assert len(pids) == 1, pids


def test_a_bot_that_never_becomes_ready_is_given_up_in_one_line(tmp_path: Path) -> None:
    bots = tmp_path / "bots.toml"
    bots.write_text(
        f'[[bot]]\nname = "staller"\ncommand = "{sys.executable}"\n'
        f'args = ["{BOTS / "misbehaving.py"}", "stall"]\nstartup_seconds = 0.5\n'
    )
    result = subprocess.run(
        [
            sys.executable, "-m", "cheese", "tournament", "run", "staller", "random",
            "--bots", str(bots), "--game", "cheese-drop", "--deals", "3", "--workers", "2",
            "--db", str(tmp_path / "s.db"), "-q",
        ],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert result.returncode == 0, result.stderr
    # Said once as it happens; the summary's first forfeit names it again, in its place.
    assert result.stderr.count("never became ready") == 1, result.stderr
    assert "  the first: bot 'staller@" in result.stdout
    rows = _rows(tmp_path / "s.db")
    assert len(rows) == 6 and {fault for _, fault, _ in rows} == {"stall"}
    assert all("not started again in this run" in str(error) for _, _, error in rows)


@pytest.mark.parametrize("version", ["", "v2"])
def test_a_stale_reply_is_called_the_same_on_every_run(tmp_path: Path, version: str) -> None:
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} stale {version}".rstrip()
    runs = []
    for _ in range(2):
        _, database = tournament_in_subprocess(
            tmp_path, spec, "cheese-drop", "--deals", "1", "--workers", "1", timeout=120
        )
        runs.append([fault for _, fault, _ in _rows(database)])
    assert runs[0] == runs[1] == ["illegal", "protocol"]


def test_a_duel_names_the_first_forfeit_and_where_the_bots_stderr_is_kept(
    tmp_path: Path,
) -> None:
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} exit"
    command = [
        sys.executable, "-m", "cheese", "duel", spec, "random", "--game", "cheese-drop",
        "--games", "2", "--workers", "1",
    ]
    result = subprocess.run(
        command, capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    at = next(index for index, line in enumerate(lines) if line.startswith("forfeits: A "))
    assert lines[at].endswith(": 2 games (bot process exited); each counted as a loss of "
                              "the forfeiting seat")
    assert lines[at + 1].startswith(f"  the first: bot {spec!r} in seat 0 exited with code 3")
    assert "add --log FILE" in result.stderr
    log = tmp_path / "duel.log"
    logged = subprocess.run(
        [*command, "--log", str(log)],
        capture_output=True, text=True, timeout=120, check=False, cwd=tmp_path,
    )
    assert logged.returncode == 0 and "add --log FILE" not in logged.stderr
    assert "exited with code 3" in log.read_text()
