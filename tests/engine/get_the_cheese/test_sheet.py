"""The score sheet (``cheese score get-the-cheese FILE``): known answers and every error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.cli.app import main
from cheese.engine import SheetError, score_sheet
from cheese.engine.get_the_cheese.sheet import score_sheet as gtc_sheet

SHEETS = ("worked-line.txt", "full-table.txt", "shared-first.txt")


@pytest.mark.parametrize("name", SHEETS)
def test_known_answers(data_dir: Path, name: str) -> None:
    expected = json.loads((data_dir / "expected.json").read_text())[name]
    sheet = score_sheet("get-the-cheese", (data_dir / name).read_text(), name)
    assert sheet.as_json() == expected


def test_the_text_table_ranks_the_colours(data_dir: Path) -> None:
    text = gtc_sheet((data_dir / "full-table.txt").read_text(), "t").as_text()
    assert text.splitlines() == [
        "place  colour  points  king mice  mice",
        "    1  blue        12          2     6",
        "    2  green        6          1     3",
        "    3  red          4          0     3",
    ]


def test_ties_are_broken_by_king_mice_then_mice_then_shared() -> None:
    kings = gtc_sheet("5: b:king g:mouse\n", "t")
    assert kings.places() == {0: 1, 1: 2}
    mice = gtc_sheet("5: b:mouse b:mouse g:big\n", "t")
    assert mice.places() == {0: 1, 1: 2}
    shared = gtc_sheet("2: b:mouse g:mouse\n2: g:big b:big\n3: y:dog\n", "t")
    assert shared.places() == {0: 1, 1: 1, 4: 3}
    assert shared.as_text().splitlines()[1:] == [
        "   1=  blue         3          0     2",
        "   1=  green        3          0     2",
        "    3  yellow       0          0     0",
    ]


def test_colours_appear_when_they_own_any_card_even_without_points() -> None:
    sheet = gtc_sheet("# comment\n\n2: p:dog r:cat # the dog takes it\n4:\n", "t")
    assert sheet.as_json() == {
        "scores": {"purple": 3, "red": 0},
        "king_mice": {"purple": 0, "red": 0},
        "mice": {"purple": 0, "red": 0},
    }


def test_symbols_and_case_do_not_matter() -> None:
    plain = gtc_sheet("3: r:mouse b:cat g:mouse", "t").as_json()
    assert gtc_sheet("3: R:MOUSE* b:Cat* G:mouse", "t").as_json() == plain


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", r"^s:1: the sheet has no cheese line \(end of file\); write one line"),
        ("# only\n\n", r"^s:2: the sheet has no cheese line"),
        ("3 r:mouse", r"^s:1: missing ':' after the cheese value \(3\); write the line like"),
        ("4", r"^s:1: missing ':' after the cheese value \(4\)"),
        ("x: r:mouse", r"^s:1: bad cheese value \(x\); start the line"),
        ("0: r:mouse", r"^s:1: bad cheese value \(0\)"),
        (": r:mouse", r"^s:1: bad cheese value \(nothing\)"),
        ("100: r:mouse", r"^s:1: bad cheese value \(100\); .*1 to 99"),
        ("\n2: rmouse", r"^s:2: missing ':' between owner and card \(rmouse\); write each"),
        ("2: x:mouse", r"^s:1: unknown owner \(x\); use a colour letter: b g p r y"),
        ("2: red:mouse", r"^s:1: unknown owner \(red\)"),
        ("2: :mouse", r"^s:1: unknown owner \(:mouse\)"),
        ("2: r:rat", r"^s:1: unknown card \(rat\); use one of: mouse big king cat dog"),
        ("2: r:", r"^s:1: unknown card \(r:\)"),
        (
            "2: r:dog\n3: r:dog",
            r"^s:2: too many red dog cards \(r:dog, 2 of them\); each colour has 1",
        ),
        ("2: " + "b:mouse " * 10, r"^s:1: too many blue mouse cards .*has 9"),
        ("2: r:mouse\n9: b:cat", r"^s:2: too many cheeses of value 9 \(1 of them\); the box holds "
         r"3 of value 2, 4 of value 3, 4 of value 4, 4 of value 5"),
        ("2: r:mouse\n2: b:cat\n2: g:dog\n2: y:big", r"^s:4: too many cheeses of value 2 \(4 of"),
        ("2:\n" * 11, r"^s:11: more than 10 cheeses \(11 lines\)"),
    ],
)
def test_malformed_sheets_name_line_token_and_fix(text: str, message: str) -> None:
    with pytest.raises(SheetError, match=message):
        gtc_sheet(text, "s")


def test_the_command_line_scores_a_file(
    data_dir: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["score", "get-the-cheese", str(data_dir / "worked-line.txt"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["scores"] == {"blue": 3, "green": 4, "red": 2}
    bad = tmp_path / "bad.txt"
    bad.write_text("3: r:rat\n")
    assert main(["score", "get-the-cheese", str(bad)]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"cheese: error: {bad}:1: unknown card (rat)")
    assert len(error.strip().splitlines()) == 1
