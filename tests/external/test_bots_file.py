"""The bots file: reading it, refusing bad ones in one line, and names becoming specs."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import BotsFileError, expand_bot_names, read_bots_file
from cheese.referee.seats import make_seat_bot as make_bot

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
GOOD = """
[[bot]]
name = "mine"
command = "python3"
args = ["bot.py", "--fast"]
workdir = "."
env = { LEVEL = "3" }
restart = "per-game"
options = { depth = 3, style = "bold" }
move_seconds = 2.5

[[bot]]
name = "other"
command = "cat"
"""


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "bots.toml"
    path.write_text(text)
    return path


def test_every_setting_is_read(tmp_path: Path) -> None:
    bots = read_bots_file(_file(tmp_path, GOOD))
    mine = bots.find("mine")
    assert bots.names == ("mine", "other")
    assert mine.argv == ("python3", "bot.py", "--fast")
    assert mine.workdir == tmp_path.resolve()
    assert mine.env == (("LEVEL", "3"),)
    assert mine.restart_per_game
    assert mine.options == {"depth": 3, "style": "bold"}
    assert mine.move_seconds == 2.5
    assert not bots.find("other").restart_per_game


def test_names_become_specs_and_others_stay(tmp_path: Path) -> None:
    path = _file(tmp_path, GOOD)
    bots = read_bots_file(path)
    assert expand_bot_names(["mine", "greedy", "mcts:iterations=9"], bots) == [
        f"mine@{path}",
        "greedy",
        "mcts:iterations=9",
    ]
    assert expand_bot_names(["mine"], None) == ["mine"]


def test_a_worker_rebuilds_the_bot_from_its_spec(tmp_path: Path) -> None:
    path = _file(tmp_path, GOOD)
    bot = make_bot(f"other@{path}")
    assert isinstance(bot, ExternalBot)
    assert bot.spec == f"other@{path}"
    assert bot.command.argv == ("cat",)


@pytest.mark.parametrize(
    "text, words",
    [
        ("not toml = = 1", "is not valid TOML"),
        ("", "names no bot"),
        ("[bots]\n", "unknown key 'bots'"),
        ('[[bot]]\ncommand = "cat"\n', "needs a name"),
        ('[[bot]]\nname = "a"\n', "needs a command"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\ncolour = 1\n', "unknown key 'colour'"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\nargs = "x"\n', "list of strings"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\nrestart = "often"\n', "restart is 'often'"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\nworkdir = "nowhere"\n', "is not a folder"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\nenv = { A = 1 }\n', "table of strings"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\nmove_seconds = -1\n', "above 0"),
        ('[[bot]]\nname = "a"\ncommand = "cat"\n[[bot]]\nname = "a"\ncommand = "cat"\n', "twice"),
    ],
)
def test_a_bad_file_is_refused_in_one_line(tmp_path: Path, text: str, words: str) -> None:
    with pytest.raises(BotsFileError, match=words) as caught:
        read_bots_file(_file(tmp_path, text))
    assert "\n" not in str(caught.value)
    assert str(tmp_path) in str(caught.value)


def test_a_missing_file_and_an_unknown_name_are_refused(tmp_path: Path) -> None:
    with pytest.raises(BotsFileError, match="cannot be read"):
        read_bots_file(tmp_path / "absent.toml")
    path = _file(tmp_path, GOOD)
    with pytest.raises(BotsFileError, match="no bot named 'x'; it names: mine, other"):
        make_bot(f"x@{path}")


def test_a_command_that_cannot_start_is_refused_before_any_game(tmp_path: Path) -> None:
    path = _file(tmp_path, '[[bot]]\nname = "a"\ncommand = "no-such-program-here"\n')
    with pytest.raises(ValueError, match="no program 'no-such-program-here' on PATH"):
        make_bot(f"a@{path}")
    with pytest.raises(ValueError, match="is not an executable file"):
        make_bot("cmd:./no/such/bot")
    with pytest.raises(ValueError, match="names no command"):
        make_bot("cmd:  ")


def test_a_bot_that_does_not_start_is_refused_by_the_probe(tmp_path: Path) -> None:
    from cheese.referee.external.probe import probe_bots

    script = tmp_path / "gone.py"
    script.write_text("import sys\nsys.exit(4)\n")
    probe_bots(["greedy", f"cmd:{sys.executable} {EXAMPLE}"], "cheese-drop", 2)
    with pytest.raises(ValueError, match=r"did not start \(crash\): exited with code 4"):
        probe_bots([f"cmd:{sys.executable} {script}"], "cheese-drop", 2)


def test_a_tournament_and_a_duel_refuse_a_bot_that_does_not_start(tmp_path: Path) -> None:
    script = tmp_path / "gone.py"
    script.write_text("import sys\nsys.exit(4)\n")
    database = tmp_path / "never.db"
    for command in (
        ["duel", f"cmd:{sys.executable} {script}", "random", "--games", "2"],
        ["tournament", "run", f"cmd:{sys.executable} {script}", "random", "--deals", "1"],
    ):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "cheese",
                *command,
                "--game",
                "cheese-drop",
                "--db",
                str(database),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1
        assert "did not start (crash): exited with code 4" in result.stderr
    assert not database.exists()


def test_settings_the_bot_does_not_declare_are_refused_by_the_probe(tmp_path: Path) -> None:
    from cheese.referee.external.probe import probe_bots

    bots = Path(__file__).resolve().parents[1] / "external_bots" / "misbehaving.py"
    table = f'[[bot]]\nname = "d"\ncommand = "{sys.executable}"\nargs = ["{bots}", "declares"]\n'
    fits = _file(tmp_path, table + "options = { depth = 4 }\n")
    probe_bots([f"d@{fits}"], "cheese-drop", 2)
    deep = tmp_path / "deep.toml"
    deep.write_text(table + "options = { depth = 12 }\n")
    with pytest.raises(ValueError) as refused:
        probe_bots([f"d@{deep}"], "cheese-drop", 2)
    assert str(refused.value) == (
        f"bot 'd@{deep}' refused its settings: depth = 12 is above its most, 9; fix the "
        "options of its [[bot]] table"
    )
