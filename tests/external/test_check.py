"""``cheese bot check``: every way of breaking the protocol is caught with its kind, a
compliant bot passes, and a command that cannot start is refused in one line."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from cheese.cli.app import main

BOTS = Path(__file__).resolve().parents[1] / "external_bots"
MISBEHAVING = str(BOTS / "misbehaving.py")
QUICK = ["--game", "get-the-cheese", "--games", "1", "--move-time", "1", "--startup-time", "1"]


def _check(mode: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["bot", "check", *QUICK, sys.executable, MISBEHAVING, mode])
    return code, capsys.readouterr().out


@pytest.mark.parametrize(
    "mode, kind, words",
    [
        ("broken-pipe", "protocol", "closed its standard input or output"),
        ("long-line", "protocol", "longer than 1048576 bytes"),
        ("illegal", "illegal", "chose action 999999"),
        ("wrong-seq", "protocol", "action for seq 2, but the act was seq 1"),
        ("not-json", "protocol", "not JSON"),
        ("deep", "protocol", "nested deeper than 64 levels"),
        ("stall", "stall", "did not answer hello within 1 s"),
        ("slow", "timeout", "did not answer act 2 within 1 s"),
        ("exit", "crash", "exited with code 3 while deciding (act 3)"),
    ],
)
def test_each_fault_is_one_line_with_its_kind(
    mode: str, kind: str, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(mode, capsys)
    assert code == 1
    problems = [line for line in out.splitlines() if line.startswith("get-the-cheese game")]
    assert len(problems) == 1, out
    assert problems[0].startswith(f"get-the-cheese game 1: {kind}: ")
    assert words in problems[0]
    assert out.splitlines()[-1] == "not compliant"


@pytest.mark.parametrize("mode", ["good", "flood"])
def test_a_compliant_bot_passes(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    # "flood" writes megabytes on stderr: it passes only if stderr is drained meanwhile.
    code, out = _check(mode, capsys)
    assert code == 0, out
    assert "get-the-cheese: 1 of 1 games played to the end" in out
    assert out.splitlines()[-1] == "compliant"


def test_every_game_is_played_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bot", "check", "--games", "1", sys.executable, MISBEHAVING, "good"])
    out = capsys.readouterr().out
    assert code == 0
    for slug in ("get-the-cheese", "cheese-chasers", "cheese-drop"):
        assert f"{slug}: 1 of 1 games played to the end" in out


def test_a_command_that_does_not_start_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "check", "no-such-program-here"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no program 'no-such-program-here' on PATH" in error


def test_a_bad_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "check", "--game", "chess", sys.executable, MISBEHAVING]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
