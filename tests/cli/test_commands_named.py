"""Nothing runs that the person did not name: a record, a saved game or a results
database that names an external bot (``cmd:COMMAND``, ``NAME@FILE``) starts no program
when it is continued, replayed or resumed, unless the person names the bot again on
their own command line or gives ``--allow-commands``. Each external bot here would touch
a marker file if it ever started; the tests look for the marker."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from cheese.engine import GAME_SLUGS
from cheese.engine.records import GameRecord
from cheese.levels.ladders import ladder_of
from cheese.levels.person_rating import canonical_spec
from cheese.referee.seats import starts_a_program

from .conftest import refused

BOTS = Path(__file__).resolve().parents[1] / "external_bots"
TIMEOUT = 120


def marking_spec(marker: Path) -> str:
    """An external bot that plays well after touching ``marker``."""
    script = f'touch "$0"; exec {shlex.quote(sys.executable)} {BOTS / "misbehaving.py"} good x'
    return "cmd:" + shlex.join(["sh", "-c", script, str(marker)])


def cheese(*arguments: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cheese", *arguments], cwd=cwd, input=stdin,
        capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )


def saved_game(tmp_path: Path, bot: str) -> Path:
    path = tmp_path / "sent.json"
    record = GameRecord("cheese-drop", 7, ("human", bot), (), (), ())
    path.write_text(record.to_json(), encoding="utf-8")
    return path


def test_continuing_a_saved_game_runs_none_of_its_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    spec = marking_spec(marker)
    path = saved_game(tmp_path, spec)
    err = refused(capsys, "play", "--continue", str(path))
    assert f"{path} names an external bot: the command {spec[4:]!r}" in err
    assert "give --allow-commands to run it" in err
    assert not marker.exists()


def test_a_bot_of_a_bots_file_in_a_saved_game_is_refused_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    marker = tmp_path / "ran"
    bots = tmp_path / "bots.toml"
    bots.write_text(f'[[bot]]\nname = "evil"\ncommand = "touch"\nargs = ["{marker}"]\n')
    path = saved_game(tmp_path, f"evil@{bots}")
    err = refused(capsys, "play", "--continue", str(path))
    assert f"the bot 'evil@{bots}', a command of its bots file" in err
    assert not marker.exists()


def test_allow_commands_lets_the_saved_games_bots_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(tmp_path, "cmd:/nonexistent/cheese-bot")
    err = refused(capsys, "play", "--continue", str(path), "--allow-commands")
    # Past the gate: the command itself is checked, and this one is not a program.
    assert "--allow-commands" not in err and "/nonexistent/cheese-bot" in err


def test_a_persons_rating_builds_no_external_bot(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    bots = tmp_path / "bots.toml"
    bots.write_text(f'[[bot]]\nname = "evil"\ncommand = "touch"\nargs = ["{marker}"]\n')
    spec = f"cmd:touch {marker}"
    assert canonical_spec(spec) == spec
    assert canonical_spec(f"evil@{bots}") == f"evil@{bots}"
    assert not marker.exists()


def test_replaying_and_resuming_a_database_run_none_of_its_commands(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    spec = marking_spec(marker)
    settings = tmp_path / "run.toml"
    # The person's own --config file names the bot: that is naming it.
    settings.write_text(
        f"bots = [{json.dumps(spec)}, 'random']\ngame = 'cheese-drop'\ndeals = 1\n"
        "workers = 1\ndb = 'r.db'\nname = 't'\n",
        encoding="utf-8",
    )
    made = cheese("tournament", "run", "--config", str(settings), "-q", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert marker.exists()
    marker.unlink()
    shown = cheese("replay", "DB:1", "--db", "r.db", cwd=tmp_path, stdin="q\n")
    assert shown.returncode == 0, shown.stderr
    # Resuming takes the bots from the command line, never from the database.
    for arguments in (["--name", "t"], ["random", "greedy", "--name", "t"]):
        resumed = cheese(
            "tournament", "run", *arguments, "--game", "cheese-drop", "--deals", "1",
            "--db", "r.db", "-q", cwd=tmp_path,
        )
        assert resumed.returncode == 2 and resumed.stderr.count("\n") == 1, resumed.stderr
    assert not marker.exists()


@pytest.mark.parametrize("game", GAME_SLUGS)
def test_a_calibration_resumes_with_the_packages_candidates_only(game: str) -> None:
    ladder = ladder_of(game)
    assert ladder.candidates and not any(starts_a_program(spec) for spec in ladder.candidates)
