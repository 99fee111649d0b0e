"""The command line: output shapes, help with examples, and one-line errors with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .conftest import run


def test_games_lists_the_three_slugs_with_player_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    games = {entry["slug"]: entry for entry in json.loads(out)}
    assert set(games) == {"get-the-cheese", "cheese-chasers", "cheese-drop"}
    assert (games["get-the-cheese"]["min_players"], games["get-the-cheese"]["max_players"]) == (
        3,
        5,
    )
    assert (games["cheese-chasers"]["min_players"], games["cheese-chasers"]["max_players"]) == (
        1,
        1,
    )
    assert (games["cheese-drop"]["min_players"], games["cheese-drop"]["max_players"]) == (2, 5)
    code, out, _ = run(capsys, "games")
    assert code == 0 and "cheese-drop" in out and "3-5" in out


def test_rules_prints_the_rules_page(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "cheese-drop")
    assert code == 0 and "Galton" in out


@pytest.mark.parametrize("command", ["games", "rules", "score", "bench"])
def test_every_command_has_help_with_an_example(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "Example" in out


def test_no_arguments_shows_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "Usage" in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("cheese ")


def test_score_reads_a_chasers_layout(capsys: pytest.CaptureFixture[str]) -> None:
    # The rulebook's fifth example, a cross of mice round a hole: 4 + 4 + 10 points.
    chasers = Path(__file__).parents[1] / "data" / "cheese-chasers"
    layout = chasers / "rulebook-5.txt"
    code, out, err = run(capsys, "score", "cheese-chasers", str(layout), "--json")
    assert (code, err) == (0, "")
    expected = json.loads((chasers / "expected.json").read_text(encoding="utf-8"))
    assert json.loads(out) == expected["rulebook-5.txt"]


def test_score_resolves_the_get_the_cheese_worked_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = tmp_path / "table.txt"
    sheet.write_text("3: r:mouse b:mouse g:cat r:big b:dog r:cat g:mouse g:king\n")
    code, out, _ = run(capsys, "score", "get-the-cheese", str(sheet), "--json")
    assert code == 0
    result = json.loads(out)
    assert result["scores"] == {"blue": 3, "green": 4, "red": 2}


def test_score_reads_cheese_drop_bets(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    table = tmp_path / "drop.json"
    table.write_text(
        json.dumps(
            {
                "lanes": ["YYR", "", "MC", "Y", "RRY", "M"],
                "bets": [{"lanes": [1, 5], "events": [2]}, {"lanes": [3], "events": [1, 3]}],
            }
        )
    )
    code, out, _ = run(capsys, "score", "cheese-drop", str(table), "--json")
    assert code == 0
    # Seat 0: lane 1 (YYR) 3 base, lane 5 (RRY) 3 base; event 2 (1 per red): +1 and +2.
    # Seat 1: lane 3 (MC): no base (no apple or cheese); event 1 (cat and mouse) +5,
    # event 3 (1 per yellow) +0.
    assert json.loads(out) == {"scores": [9, 5]}


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["rules", "chess"], "unknown game 'chess'"),
        (["score", "cheese-drop", "/no/such/file.json"], "no such file"),
        (["games", "--colour"], "No such option"),
        (["bench", "chess"], "unknown game"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    lines = [line for line in err.splitlines() if not line.startswith("cheese: warning:")]
    assert len(lines) == 1 and lines[0].startswith("cheese: error:") and needle in lines[0]


def test_a_malformed_score_sheet_names_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    sheet = tmp_path / "bad.txt"
    sheet.write_text("3: r:mouse\n4: x:mouse\n")
    code, _, err = run(capsys, "score", "get-the-cheese", str(sheet))
    assert code == 2
    assert f"{sheet}:2" in err and "Traceback" not in err


@pytest.mark.parametrize("command", ["games", "rules", "score", "bench", "bots"])
def test_help_paragraphs_reflow_instead_of_breaking_where_the_docstring_wraps(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    import inspect

    from cheese.cli.app import app

    monkeypatch.setenv("COLUMNS", "400")
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    callback = next(info.callback for info in app.registered_commands if info.callback
                    and info.callback.__name__ == command)
    paragraphs = inspect.cleandoc(callback.__doc__ or "").split("\n\n")
    lines = [" ".join(line.split()) for line in out.splitlines()]
    for paragraph in paragraphs:
        if paragraph.startswith("- "):
            continue
        joined = " ".join(paragraph.split())
        assert any(joined in line for line in lines), joined
