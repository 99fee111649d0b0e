"""The rulebook's six scored examples and hand-made layouts (tests/data/cheese-chasers/).

``expected.json`` holds each layout's numbers, worked out by hand from the rules page;
the rulebook ones are the printed nice / surrounded / bonus / total.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.engine.cheese_chasers import score_sheet
from cheese.engine.cheese_chasers.layout import parse_layout, render_layout
from cheese.engine.cheese_chasers.scoring import score_table

DATA_DIR = Path(__file__).resolve().parents[2] / "data" / "cheese-chasers"
EXPECTED: dict[str, dict[str, object]] = json.loads(
    (DATA_DIR / "expected.json").read_text(encoding="utf-8")
)
RULEBOOK_TOTALS = {1: 19, 2: 5, 3: 3, 4: 6, 5: 18, 6: 75}


def test_every_layout_file_has_expected_numbers() -> None:
    assert sorted(path.name for path in DATA_DIR.glob("*.txt")) == sorted(EXPECTED)


def test_the_six_rulebook_examples_are_all_there() -> None:
    for number, total in RULEBOOK_TOTALS.items():
        assert EXPECTED[f"rulebook-{number}.txt"]["total"] == total


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_layout_scores_as_expected(name: str) -> None:
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    assert score_sheet(text, name).as_json() == EXPECTED[name]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_layout_parts_add_up(name: str) -> None:
    score = score_table(parse_layout((DATA_DIR / name).read_text(encoding="utf-8"), name))
    expected = EXPECTED[name]
    if not expected["lost"]:
        assert score.nice + score.bonus + score.surrounded == expected["total"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_layout_files_render_back_unchanged(name: str) -> None:
    text = (DATA_DIR / name).read_text(encoding="utf-8")
    rendered = render_layout(parse_layout(text, name))
    assert [row.rstrip(".") for row in rendered.splitlines()] == [
        row.rstrip(".") for row in text.splitlines()
    ]
