"""The score sheet: the layout format, its errors, and the JSON and text results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.cli.app import main
from cheese.engine.api import SheetError
from cheese.engine.cheese_chasers import score_sheet
from cheese.engine.cheese_chasers.layout import parse_layout, render_layout
from cheese.engine.registry import score_sheet as registry_score_sheet

EXAMPLE_5 = ".M.\nMHM\n.M.\n"


def test_lower_case_letters_are_accepted() -> None:
    assert score_sheet(".m.\nmhm\n.m.", "lower").as_json()["total"] == 18
    assert parse_layout("mchtMCHT", "x") == parse_layout("MCHTMCHT", "x")


def test_blank_lines_around_and_trailing_whitespace_are_ignored() -> None:
    padded = "\n\n  \n.M.  \nMHM\t\n.M.\n\n \n"
    assert parse_layout(padded, "x") == parse_layout(EXAMPLE_5, "x")


def test_windows_line_endings_and_a_byte_order_mark_are_accepted() -> None:
    assert parse_layout("\ufeff.M.\r\nMHM\r\n.M.\r\n", "x") == parse_layout(EXAMPLE_5, "x")


def test_rows_may_differ_in_length() -> None:
    assert parse_layout(".M\nMHM\n.M", "x") == parse_layout(EXAMPLE_5, "x")


def test_a_blank_row_inside_is_a_row_of_empty_cells() -> None:
    assert parse_layout("M\n\nM", "x") == {(0, 0): 0, (0, 2): 0}


def test_first_card_of_the_first_row_sets_the_origin_row() -> None:
    assert parse_layout("\n\n..T", "x") == {(2, 0): 3}


def test_a_bad_character_names_source_line_and_column() -> None:
    with pytest.raises(SheetError) as error:
        parse_layout("\n.M.\nMXM\n", "table.txt")
    assert str(error.value) == (
        "table.txt:3:2: unexpected character 'X'; use M C H T or . (empty cell)"
    )


@pytest.mark.parametrize("text", ["M M", " M", "M\tM"])
def test_whitespace_inside_a_row_is_an_error(text: str) -> None:
    with pytest.raises(SheetError, match=r"^t:1:\d: unexpected whitespace .* write \. for an"):
        parse_layout(text, "t")


@pytest.mark.parametrize("text", ["", "\n\n", "   \n\t\n", "...\n.."])
def test_a_layout_without_cards_is_an_error(text: str) -> None:
    with pytest.raises(SheetError, match=r"^empty\.txt: the layout (is empty|has no cards)"):
        parse_layout(text, "empty.txt")


def test_json_has_the_documented_fields() -> None:
    assert score_sheet(EXAMPLE_5, "x").as_json() == {
        "nice": 4,
        "bonus": 4,
        "surrounded": 10,
        "total": 18,
        "active_traps": 0,
        "lost": False,
    }


def test_a_lost_layout_reports_its_parts_with_total_zero() -> None:
    sheet = score_sheet(".M.\nMHM\n.M.\nT.T.T", "lost")
    assert sheet.as_json() == {
        "nice": 4,
        "bonus": 4,
        "surrounded": 10,
        "total": 0,
        "active_traps": 3,
        "lost": True,
    }
    assert sheet.as_text().splitlines()[-1] == "lost: 3 active mousetraps (3 or more score 0)"


def test_text_lists_the_parts_then_the_total() -> None:
    lines = score_sheet(EXAMPLE_5, "x").as_text().splitlines()
    assert [line.split()[-1] for line in lines] == ["4", "4", "10", "0", "18"]
    assert lines[-1].startswith("total")


def test_registry_routes_to_this_sheet() -> None:
    assert registry_score_sheet("cheese-chasers", EXAMPLE_5, "x").as_json()["total"] == 18


def test_render_crops_to_the_cards() -> None:
    assert render_layout({(5, 5): 0, (7, 6): 3}) == "M..\n..T"
    assert render_layout({}) == ""


def test_cli_scores_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "layout.txt"
    path.write_text(EXAMPLE_5, encoding="utf-8")
    assert main(["score", "cheese-chasers", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 18


def test_cli_reports_a_malformed_file_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.txt"
    path.write_text("M?\n", encoding="utf-8")
    assert main(["score", "cheese-chasers", str(path)]) == 2
    error = capsys.readouterr().err.strip()
    assert "\n" not in error
    assert f"{path}:1:2: unexpected character '?'" in error


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("M" * 100_000, r"^t:1: too many mouse cards \(M, 21 of them\); the box holds "
         r"20 M, 7 C, 9 H, 4 T"),
        ("TT\n.M\nTTT", r"^t:3: too many trap cards \(T, 5 of them\)"),
    ],
)
def test_a_layout_the_box_cannot_hold_is_refused(text: str, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        score_sheet(text, "t")
