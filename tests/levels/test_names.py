"""The levels' words: by position in the table, beginner at the bottom, master at the top."""

from __future__ import annotations

import pytest

from cheese.levels.names import MAX_LEVELS, WORDS, level_name, level_names, level_number


@pytest.mark.parametrize("count", range(2, MAX_LEVELS + 1))
def test_every_table_runs_from_beginner_to_master_in_the_words_order(count: int) -> None:
    names = level_names(count)
    assert len(names) == len(set(names)) == count
    assert names[0] == "beginner" and names[-1] == "master"
    assert [WORDS.index(name) for name in names] == sorted(WORDS.index(name) for name in names)


def test_six_levels_are_the_six_core_words_and_one_level_is_master() -> None:
    assert level_names(6) == ("beginner", "casual", "club", "strong", "expert", "master")
    assert level_names(1) == ("master",)
    assert level_name(4, 4) == "master" and level_name(1, 4) == "beginner"


def test_a_name_is_read_in_any_case_and_a_missing_one_is_none() -> None:
    assert level_number("MASTER", 5) == 5 and level_number(" club ", 5) == 3
    assert level_number("novice", 5) is None and level_number("wizard", 8) is None


def test_a_table_larger_than_the_words_is_refused() -> None:
    with pytest.raises(ValueError, match="1 to 8 levels, not 9"):
        level_names(9)
