"""The example bots, which import nothing of cheese, pass ``cheese bot check``: the
Python one as it is, the C one once the system's compiler has built it."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from cheese.cli.app import main

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "bots"


def _compliant(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["bot", "check", "--games", "2", *command])
    out = capsys.readouterr().out
    assert code == 0, out
    tables = ("get-the-cheese, 4 players", "cheese-chasers, 1 player", "cheese-drop, 2 players")
    for table in tables:
        assert f"{table}: 2 of 2 games played to the end" in out
    assert out.splitlines()[-1] == "compliant"


def test_the_python_example_imports_nothing_of_cheese() -> None:
    source = (EXAMPLES / "random_bot.py").read_text()
    imports = [line for line in source.splitlines() if line.startswith(("import", "from"))]
    assert imports == ["import json", "import random", "import sys"]


def test_the_python_example_is_compliant(capsys: pytest.CaptureFixture[str]) -> None:
    _compliant([sys.executable, str(EXAMPLES / "random_bot.py")], capsys)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_the_c_example_builds_and_is_compliant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    binary = tmp_path / "random_bot"
    subprocess.run(
        [
            "cc",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-o",
            str(binary),
            str(EXAMPLES / "random_bot.c"),
        ],
        check=True,
        timeout=120,
    )
    _compliant([str(binary)], capsys)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_the_searching_example_builds_with_the_sdk_flags_and_is_compliant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bot", "sdk", "--cflags", "--libs"]) == 0
    flags = capsys.readouterr().out.split()
    binary = tmp_path / "flat_mc_bot"
    source = str(EXAMPLES / "flat_mc_bot.c")
    command = ["cc", "-O2", "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", str(binary), source]
    subprocess.run([*command, *flags], check=True, timeout=120)
    bots = tmp_path / "bots.toml"
    bots.write_text(
        f'[[bot]]\nname = "flat"\ncommand = "{binary}"\noptions = {{ playouts = 40, worlds = 4 }}\n'
    )
    _compliant(["--bots", str(bots), "flat"], capsys)
