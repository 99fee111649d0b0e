"""The rules players read: the shipped pages and their one-screen summaries."""

from __future__ import annotations

import pytest

from cheese.cli.rules_text import SUMMARY_COLUMNS, SUMMARY_LINES, full_page, summary
from cheese.engine import GAME_SLUGS


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_summary_fits_one_screen(slug: str) -> None:
    lines = summary(slug).splitlines()
    assert 5 < len(lines) <= SUMMARY_LINES
    assert max(len(line) for line in lines) <= SUMMARY_COLUMNS


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_summary_names_the_goal_a_turn_the_points_and_the_end(slug: str) -> None:
    text = summary(slug).lower()
    assert "goal" in text and "points" in text
    assert "turn" in text or "round" in text
    assert "end" in text or "lose" in text


def test_an_unknown_game_has_no_rules() -> None:
    with pytest.raises(ValueError, match="cheese-drop"):
        summary("chess")
    with pytest.raises(ValueError, match="cheese-drop"):
        full_page("chess")
