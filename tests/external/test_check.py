"""``cheese bot check``: every way of breaking the protocol is caught with its kind and the
bot's last stderr lines, a compliant bot passes, the bot is named as every command names
it, the player count, clock, seed and one position can be chosen, and bad input is
refused in one line."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from cheese.cli.app import main
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord
from cheese.referee.external.bots_file import DEFAULT_MOVE_SECONDS, DEFAULT_STARTUP_SECONDS

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
    # The bot's own words come with the problem: its stderr's last lines.
    assert "  | hello settings={}" in out


@pytest.mark.parametrize("mode", ["good", "flood"])
def test_a_compliant_bot_passes(mode: str, capsys: pytest.CaptureFixture[str]) -> None:
    # "flood" writes megabytes on stderr: it passes only if stderr is drained meanwhile.
    code, out = _check(mode, capsys)
    assert code == 0, out
    assert "get-the-cheese, 4 players: 1 of 1 games played to the end" in out
    assert out.splitlines()[-1] == "compliant"


def test_every_game_is_played_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bot", "check", "--games", "1", sys.executable, MISBEHAVING, "good"])
    out = capsys.readouterr().out
    assert code == 0
    tables = ("get-the-cheese, 4 players", "cheese-chasers, 1 player", "cheese-drop, 2 players")
    for table in tables:
        assert f"{table}: 1 of 1 games played to the end" in out
    # The protocol's own limits, and what was tried, are said first.
    assert out.splitlines()[0].endswith(
        f"1 game of each game, seed 0, a reply within {DEFAULT_MOVE_SECONDS:g} s, hello "
        f"answered within {DEFAULT_STARTUP_SECONDS:g} s"
    )


def test_a_command_that_does_not_start_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "check", "no-such-program-here"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "no program 'no-such-program-here' on PATH" in error


def test_a_bad_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bot", "check", "--game", "chess", sys.executable, MISBEHAVING]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err


def _bots_file(tmp_path: Path, mode: str = "good") -> Path:
    path = tmp_path / "bots.toml"
    path.write_text(
        f'[[bot]]\nname = "mine"\ncommand = {json.dumps(sys.executable)}\n'
        f"args = [{json.dumps(MISBEHAVING)}, {json.dumps(mode)}]\nmove_seconds = 2\n"
    )
    return path


@pytest.mark.parametrize("form", ["cmd", "name", "name@file"])
def test_the_bot_is_named_as_every_command_names_it(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bots = _bots_file(tmp_path)
    named = {
        "cmd": [f"cmd:{sys.executable} {MISBEHAVING} good"],
        "name": ["--bots", str(bots), "mine"],
        "name@file": [f"mine@{bots}"],
    }[form]
    code = main(["bot", "check", "--game", "cheese-drop", "--games", "1", *named])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "cheese-drop, 2 players: 1 of 1 games played to the end" in out
    if form != "cmd":
        # A bots file's own limits hold unless a flag says otherwise.
        assert "a reply within 2 s" in out.splitlines()[0]


def test_players_seed_and_clock_are_the_ones_asked(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "bot", "check", "--game", "get-the-cheese", "--players", "3", "--games", "1",
            "--seed", "7", "--tc", "5+0.1", sys.executable, MISBEHAVING, "good",
        ]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    assert "seed 7, on a 5+0.1 s clock" in out.splitlines()[0]
    assert "get-the-cheese, 3 players: 1 of 1 games played to the end" in out


def _record(tmp_path: Path) -> tuple[Path, int]:
    """A record of a finished 2-player cheese-drop game, and how many decisions it has."""
    state = load_game("cheese-drop").new_initial_state(num_players=2, seed=5)
    rng = random.Random(5)
    actions, decisions = [], 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            action = rng.choice(state.legal_actions())
            decisions += 1
        actions.append(action)
        state = state.apply(action)
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of_game(state, ["random", "random"], actions).to_json())
    return path, decisions


@pytest.mark.parametrize("mode, code, words", [("good", 0, ": legal"), ("illegal", 1, "illegal:")])
def test_one_position_of_a_record_is_asked(
    mode: str, code: int, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = _record(tmp_path)
    argv = ["bot", "check", "--position", f"{record}:3", sys.executable, MISBEHAVING, mode]
    assert main(argv) == code
    out = capsys.readouterr().out
    assert f"about {record} move 3: cheese-drop, 2 players, seat " in out.splitlines()[0]
    assert out.splitlines()[1].startswith("answer: ") and words in out.splitlines()[1]


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--position", "nothing.json:1"], "nothing.json"),
        (["--position", "game.json"], "write RECORD:MOVE"),
        (["--position", "RECORD:999"], "give a move from 0 to"),
        (["--players", "9"], "--players 9:"),
        (["--tc", "fast"], "fast"),
        (["--seed", "-1"], "seed"),
        (["--bots", "no-such.toml", "mine"], "no-such.toml"),
        (["greedy"], "is a bot of cheese, not an external bot"),
    ],
)
def test_bad_input_is_one_line(
    argv: list[str], words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = _record(tmp_path)
    argv = [word.replace("RECORD", str(record)) for word in argv]
    bot = [] if argv[-1] in ("mine", "greedy") else [sys.executable, MISBEHAVING]
    assert main(["bot", "check", *argv, *bot]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and words in error, error


def test_log_keeps_the_bot_s_stderr(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "check.log"
    code = main(
        ["bot", "check", "--game", "cheese-drop", "--games", "1", "--log", str(log),
         sys.executable, MISBEHAVING, "good"]
    )
    assert code == 0, capsys.readouterr().out
    assert f"INFO cheese.bot.cmd:{sys.executable} {MISBEHAVING} good: hello settings={{}}" in (
        log.read_text()
    )
