"""In a tournament, an external bot that breaks the protocol forfeits its games, which
are stored with the fault's kind and counted; a good external bot plays them all."""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest

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
    assert "forfeits:" in out and ": 2 (" in out


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
