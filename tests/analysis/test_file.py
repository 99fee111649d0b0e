"""The analysis file beside a record: its path, a whole write, and reading it back."""

from __future__ import annotations

from pathlib import Path

import pytest

from cheese.analysis import (
    AnalysisFile,
    Settings,
    analyse_record,
    analysis_path,
    load_analysis,
    save_analysis,
)
from cheese.bots import make_bot
from cheese.engine import RecordError

from .games import bots_game


@pytest.fixture(scope="module")
def analysis() -> AnalysisFile:
    record = bots_game("cheese-chasers", 1, seed=6, spec="random")
    return analyse_record(record, 0, Settings(bot=make_bot("greedy"), samples=8))


def test_the_analysis_of_x_json_is_x_analysis_json() -> None:
    assert analysis_path(Path("/a/b/game-7.json")) == Path("/a/b/game-7.analysis.json")


def test_saved_and_loaded_it_is_the_same_and_nothing_else_is_left(
    tmp_path: Path, analysis: AnalysisFile
) -> None:
    record = tmp_path / "game.json"
    assert load_analysis(record) is None
    assert save_analysis(analysis, record) == tmp_path / "game.analysis.json"
    assert load_analysis(record) == analysis
    assert save_analysis(analysis, record) == tmp_path / "game.analysis.json"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.analysis.json"]


@pytest.mark.parametrize(
    ("text", "says"),
    [("{", "not an analysis file"), ('{"format": 1}', "not an analysis file")],
)
def test_a_damaged_file_names_itself(tmp_path: Path, text: str, says: str) -> None:
    analysis_path(tmp_path / "game.json").write_text(text)
    with pytest.raises(RecordError, match=says):
        load_analysis(tmp_path / "game.json")
