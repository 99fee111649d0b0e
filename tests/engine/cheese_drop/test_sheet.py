"""The score sheet (``cheese score cheese-drop FILE``): worked tables and every error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.cli.app import main
from cheese.engine.api import SheetError
from cheese.engine.cheese_drop import score_sheet
from cheese.engine.registry import score_sheet as registry_score_sheet

LANES = ["YYR", "", "RM", "YC", "Y", "R"]
GOOD_BETS = [{"lanes": [1, 4], "events": [3]}, {"lanes": [3, 4, 6]}]


def sheet_text(**fields: object) -> str:
    data: dict[str, object] = {"lanes": LANES, "bets": GOOD_BETS}
    data.update(fields)
    return json.dumps(data)


def expected_cases(data_dir: Path) -> list[tuple[str, dict[str, object]]]:
    expected = json.loads((data_dir / "expected.json").read_text("utf-8"))
    return sorted(expected.items())


def test_the_worked_tables_score_as_computed_by_hand(data_dir: Path) -> None:
    cases = expected_cases(data_dir)
    assert len(cases) == 4
    for name, expected in cases:
        sheet = score_sheet((data_dir / name).read_text("utf-8"), name)
        assert sheet.as_json() == {"scores": expected["scores"]}, name
        assert sheet.as_text() == expected["text"], name


def test_the_registry_and_the_package_agree(data_dir: Path) -> None:
    text = (data_dir / "every-event.json").read_text("utf-8")
    through_registry = registry_score_sheet("cheese-drop", text, "x")
    assert through_registry.as_json() == score_sheet(text, "x").as_json()


def test_the_optional_fields_default_to_the_published_game() -> None:
    plain = score_sheet(sheet_text(), "s")
    explicit = score_sheet(sheet_text(simple=False, cells_per_column=2), "s")
    assert plain == explicit


SECOND = GOOD_BETS[1]


def with_bets(*entries: object, **fields: object) -> str:
    return sheet_text(bets=list(entries), **fields)


ERRORS = [
    ("{", "line 1, column 2", "not valid JSON"),
    ("[]", "top level", "must be a JSON object"),
    (sheet_text(colour=1), "top level", "unknown key 'colour'"),
    (json.dumps({"lanes": LANES}), "top level", "'bets' is missing"),
    (json.dumps({"bets": GOOD_BETS}), "top level", "'lanes' is missing"),
    (sheet_text(simple="yes"), "simple", "'simple' is 'yes'"),
    (sheet_text(cells_per_column=0), "cells_per_column", "'cells_per_column' is 0"),
    (sheet_text(cells_per_column=True), "cells_per_column", "'cells_per_column' is True"),
    (sheet_text(lanes=LANES[:5]), "lanes", "found 5 entries"),
    (sheet_text(lanes="YYR"), "lanes", "found 'YYR'"),
    (sheet_text(lanes=["Y", "", 3, "", "", ""]), "lanes[2]", "3 is not a string"),
    (sheet_text(lanes=["Y", "YX", "", "", "", ""]), "lanes[1][1]", "'X' is not a marble colour"),
    (sheet_text(lanes=["Y", "Y Y", "", "", "", ""]), "lanes[1][1]", "' ' is not a marble"),
    (
        sheet_text(lanes=["YYYYY", "YYYY", "", "", "", ""]),
        "lanes",
        "9 cheese marbles, letter Y, but the box has only 8",
    ),
    (sheet_text(lanes=["MMMM", "", "", "", "", ""]), "lanes", "4 mouse marbles, letter M"),
    (sheet_text(bets=GOOD_BETS[:1]), "bets", "found 1 players"),
    (sheet_text(bets=GOOD_BETS * 3), "bets", "found 6 players"),
    (sheet_text(bets={"lanes": [1]}), "bets", "found {'lanes': [1]}"),
    (with_bets(GOOD_BETS[0], 5), "bets[1]", "5 is not a player's bets"),
    (with_bets({"lane": [1, 2, 3]}, SECOND), "bets[0]", "unknown key 'lane'"),
    (with_bets({"lanes": 3}, SECOND), "bets[0].lanes", "3 is not a list"),
    (with_bets({"lanes": [1, 7, 2]}, SECOND), "bets[0].lanes[1]", "7 is not a lane number"),
    (with_bets({"lanes": [0, 1, 2]}, SECOND), "bets[0].lanes[0]", "0 is not a lane"),
    (with_bets({"lanes": [True, 2, 3]}, SECOND), "bets[0].lanes[0]", "True is not"),
    (with_bets({"lanes": ["1", 2, 3]}, SECOND), "bets[0].lanes[0]", "'1' is not"),
    (
        with_bets({"lanes": [1], "events": [8, 1]}, SECOND),
        "bets[0].events[0]",
        "8 is not an event number",
    ),
    (with_bets({"lanes": [2, 2, 3]}, SECOND), "bets[0].lanes[1]", "two pieces on lane 2"),
    (
        with_bets({"lanes": [1], "events": [4, 4]}, SECOND),
        "bets[0].events[1]",
        "two pieces on event 4",
    ),
    (with_bets({"lanes": [1, 2]}, SECOND), "bets[0]", "player 1 placed 2 pieces"),
    (with_bets({"lanes": [1]}, SECOND), "bets[0]", "player 1 placed 1 piece"),
    (with_bets(GOOD_BETS[0], {"lanes": [1, 2], "events": [1, 2]}), "bets[1]", "placed 4 pieces"),
    (
        with_bets({"lanes": [1], "events": [2]}, {"lanes": [3, 4]}, simple=True),
        "bets[0].events",
        "the simple variant has no event bets",
    ),
    (
        with_bets({"lanes": [1, 2, 3]}, {"lanes": [3, 4]}, simple=True),
        "bets[0]",
        "placed 3 pieces",
    ),
    (
        with_bets({"lanes": [1, 2, 3]}, {"lanes": [1, 5, 6]}, {"lanes": [4, 1, 2]}),
        "bets[2].lanes[1]",
        "lane 1 holds more than 2 pieces",
    ),
    (
        with_bets(
            {"lanes": [1], "events": [7, 2]},
            {"lanes": [3], "events": [1, 7]},
            cells_per_column=1,
        ),
        "bets[1].events[1]",
        "event 7 holds more than 1 piece",
    ),
]


@pytest.mark.parametrize(("text", "where", "what"), ERRORS)
def test_every_malformed_sheet_names_what_where_and_the_fix(
    text: str, where: str, what: str
) -> None:
    with pytest.raises(SheetError) as caught:
        score_sheet(text, "table.json")
    message = str(caught.value)
    assert message.startswith("table.json: ")
    assert what in message, message
    assert f"({where}); " in message, message
    fix = message.split("); ", 1)[1]
    assert fix and "\n" not in message


def test_the_command_line_prints_the_scores(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["score", "cheese-drop", str(data_dir / "simple.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"scores": [4, 1]}
    assert main(["score", "cheese-drop", str(data_dir / "simple.json")]) == 0
    assert "player 2: 1 point (base 1, bonus 0)" in capsys.readouterr().out


def test_the_command_line_reports_a_bad_sheet_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(sheet_text(bets=[{"lanes": [1, 9, 2]}, GOOD_BETS[1]]), "utf-8")
    assert main(["score", "cheese-drop", str(bad)]) == 2
    error = capsys.readouterr().err.strip()
    assert error.count("\n") == 0
    assert f"{bad}: 9 is not a lane number (bets[0].lanes[1]); use lanes 1 to 6" in error
