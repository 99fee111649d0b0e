"""Every command's --help names its values plainly and shows an example."""

from __future__ import annotations

import re

import pytest
import typer

from cheese.cli.app import app, main


def command_paths() -> list[tuple[str, ...]]:
    """The root, every command and every sub-command, as the words that name them."""
    paths: list[tuple[str, ...]] = [()]
    pending: list[tuple[tuple[str, ...], object]] = [((), typer.main.get_command(app))]
    while pending:
        path, command = pending.pop()
        for name, subcommand in getattr(command, "commands", {}).items():
            paths.append((*path, name))
            pending.append(((*path, name), subcommand))
    return sorted(paths)


def help_text(capsys: pytest.CaptureFixture[str], path: tuple[str, ...]) -> str:
    code = main([*path, "--help"])
    out = capsys.readouterr().out
    assert code == 0, path
    return out


TYPE_LABEL = re.compile(r"<(bool|str|int|float|path|list\[[^\]]*\])>")
BRACED_NAME = re.compile(r"\{[A-Za-z_.]+\}")


def test_the_tree_holds_every_command() -> None:
    paths = command_paths()
    assert ("duel",) in paths and ("tournament", "run") in paths and ("rules",) in paths
    assert len(paths) > 12


@pytest.mark.parametrize("path", command_paths(), ids=lambda path: " ".join(path) or "cheese")
def test_help_names_values_plainly_and_shows_an_example(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, path: tuple[str, ...]
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    text = help_text(capsys, path)
    assert TYPE_LABEL.search(text) is None, TYPE_LABEL.search(text)
    usage = next(line for line in text.splitlines() if "Usage:" in line)
    assert BRACED_NAME.search(usage) is None, usage
    assert "Example" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_flag_shows_no_value_and_an_option_its_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    text = help_text(capsys, ("duel",))
    assert "Usage: cheese duel [OPTIONS] A B" in text
    json_line = next(line for line in text.splitlines() if "--json" in line)
    assert re.search(r"--json\s+Print", json_line), json_line
    assert re.search(r"--seed\s+SEED\s", text)
    assert re.search(r"--move-time\s+SECONDS\s", text)


def test_a_repeated_option_shows_one_item_and_arguments_their_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    text = help_text(capsys, ("play",))
    assert re.search(r"--vs\s+SPEC\s", text)
    text = help_text(capsys, ("score",))
    assert "Usage: cheese score [OPTIONS] GAME FILE" in text
    text = help_text(capsys, ("bench",))
    assert "Usage: cheese bench [OPTIONS] [GAME]" in text
    text = help_text(capsys, ("tournament", "run"))
    assert "[SPEC...]" in text and "[SPEC...]..." not in text


def test_readable_help_changes_no_parsing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "cheese-drop", "--summary"]) == 0
    assert capsys.readouterr().out.startswith("Cheese Drop")
    assert main(["rules", "chess"]) == 2
    assert "chess" in capsys.readouterr().err
    assert main(["duel", "random"]) == 2
    assert "Missing argument 'B'" in capsys.readouterr().err
