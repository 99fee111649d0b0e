"""``cheese bot sdk`` prints the flags that build a bot against libcheese_bot, as pkg-config
would, and refuses in one line when it is asked nothing or the library is not built."""

from __future__ import annotations

from pathlib import Path

import pytest

from cheese.engine.native.bot_library import include_dir, library_path

from .conftest import refused, run


def test_cflags_name_the_folder_of_the_header(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "bot", "sdk", "--cflags")
    assert (code, err) == (0, "")
    assert out == f"-I{include_dir()}\n"
    assert (include_dir() / "cheese_bot.h").is_file()


def test_libs_name_the_library_and_its_run_path(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bot", "sdk", "--libs")
    folder = library_path().parent
    assert (code, out) == (0, f"-L{folder} -lcheese_bot -Wl,-rpath,{folder}\n")


def test_both_flags_print_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bot", "sdk", "--cflags", "--libs")
    assert code == 0 and out.count("\n") == 1
    assert out.startswith("-I") and "-lcheese_bot" in out


def test_asking_nothing_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--cflags, --libs or both" in refused(capsys, "bot", "sdk")


def test_a_library_not_built_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(
        "cheese.cli.bot_command.library_path", lambda: tmp_path / "libcheese_bot.so"
    )
    error = refused(capsys, "bot", "sdk", "--libs")
    assert "is not built" in error and "pip install" in error
