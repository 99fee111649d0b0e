"""Every JSON and TOML file a command reads is bounded in nesting: a file nested 100,000
deep (well under any size limit) is refused in one line, never a ``RecursionError``."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import refused

DEEP = 100_000
JSON_COMMANDS = [
    ("ratings", "{file}"),
    ("replay", "{file}"),
    ("score", "cheese-drop", "{file}"),
    ("play", "--continue", "{file}"),
]
TOML_COMMANDS = [
    ("tournament", "run", "--config", "{file}", "-q"),
    ("duel", "random", "greedy", "--bots", "{file}"),
    ("tournament", "run", "random", "greedy", "--bots", "{file}", "-q"),
]


def filled(argv: tuple[str, ...], path: Path) -> list[str]:
    return [str(path) if part == "{file}" else part for part in argv]


@pytest.mark.parametrize("argv", JSON_COMMANDS, ids=lambda argv: argv[0])
def test_deeply_nested_json_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    path = tmp_path / "deep.json"
    path.write_text('{"seats": ' + "[" * DEEP + "]" * DEEP + "}\n")
    assert "nested deeper than 64 levels" in refused(capsys, *filled(argv, path))


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x = " + "[" * DEEP + "]" * DEEP, "arrays or tables nest too deep"),
        ("x = " + "9" * 5000, "a number with too many digits"),
    ],
    ids=["deep", "long number"],
)
@pytest.mark.parametrize("argv", TOML_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_toml_that_tomllib_cannot_hold_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: tuple[str, ...],
    text: str,
    words: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "settings.toml"
    path.write_text(text + "\n")
    assert words in refused(capsys, *filled(argv, path))
    assert sorted(entry.name for entry in tmp_path.iterdir()) == ["settings.toml"]
