"""Every command that reads a file refuses a named pipe nobody writes (and a folder) at
once, in one line with exit code 2, instead of waiting for ever."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from cheese.text_files import UnreadableText, read_bounded_text

from .conftest import refused

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")

FILE = "{file}"
"""Where a command's argv takes the special file."""
COMMANDS = [
    ("score", "get-the-cheese", FILE),
    ("ratings", FILE),
    ("tournament", "run", "--config", FILE, "-q"),
    ("tournament", "run", "random", "greedy", "--bots", FILE, "-q"),
    ("tournament", "run", "random", "greedy", "--deals", "1", "--db", FILE, "-q"),
    ("tournament", "table", FILE),
    ("tournament", "games", FILE),
    ("tournament", "list", FILE),
    ("duel", "random", "greedy", "--bots", FILE),
    ("duel", "random", "greedy", "--games", "2", "--db", FILE),
    ("levels", "calibrate", "cheese-drop", "--games", "2", "--db", FILE),
    ("replay", FILE),
    ("play", "--continue", FILE),
    ("me", "--db", FILE),
]


def refused_in_a_subprocess(argv: tuple[str, ...], special: Path) -> str:
    """The one error line of ``cheese ARGV`` with ``special`` put in; a hang fails."""
    filled = [str(special) if part == FILE else part for part in argv]
    try:
        done = subprocess.run(
            [sys.executable, "-m", "cheese", *filled],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
            cwd=special.parent,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"cheese {' '.join(filled)} waited on {special} instead of refusing it")
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert done.stderr.count("\n") == 1 and done.stderr.startswith("cheese: error: ")
    assert "Traceback" not in done.stderr
    return done.stderr


@pytest.mark.parametrize("argv", COMMANDS, ids=lambda argv: " ".join(argv[:3]))
def test_a_named_pipe_is_refused_at_once(tmp_path: Path, argv: tuple[str, ...]) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    err = refused_in_a_subprocess(argv, pipe)
    assert str(pipe) in err
    assert os.path.exists(pipe) and len(os.listdir(tmp_path)) == 1  # nothing written


@pytest.mark.parametrize("argv", COMMANDS[:4] + COMMANDS[8:9] + COMMANDS[11:13])
def test_a_folder_is_refused_as_one(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    folder = tmp_path / "folder"
    folder.mkdir()
    err = refused(capsys, *[str(folder) if part == FILE else part for part in argv])
    assert str(folder) in err and "is a directory, not a file" in err


@pytest.mark.parametrize(
    ("special", "kind"),
    [("/dev/null", "a device"), ("/dev/zero", "a device"), ("/", "a directory")],
)
def test_the_reader_names_the_kind_of_special_file(special: str, kind: str) -> None:
    if not Path(special).exists():
        pytest.skip(f"needs {special}")
    with pytest.raises(UnreadableText, match=f"^{special}: is {kind}, not a file; give "):
        read_bounded_text(Path(special), "a config", 100)


def test_the_reader_still_bounds_a_regular_file(tmp_path: Path) -> None:
    big = tmp_path / "big.toml"
    big.write_bytes(b"x" * 101)
    with pytest.raises(UnreadableText, match="is larger than 100 bytes"):
        read_bounded_text(big, "a config", 100)
    big.write_bytes(b"x" * 100)
    assert read_bounded_text(big, "a config", 100) == "x" * 100
