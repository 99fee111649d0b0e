"""The shipped level tables: they parse, their levels are ordered and apart, every spec
builds a bot, and each says the command that wrote it."""

from __future__ import annotations

import json

import pytest

from cheese.bots import make_bot
from cheese.engine import GAME_SLUGS
from cheese.levels import LevelError, level_count, level_spec, level_table
from cheese.levels.ladders import ladder_of
from cheese.levels.table import TableError, intervals_apart, parse_table, table_path


@pytest.mark.parametrize("game", GAME_SLUGS)
def test_the_shipped_table_is_ordered_apart_and_buildable(game: str) -> None:
    table = level_table(game)
    assert table.game == game
    assert ladder_of(game).min_levels <= level_count(game) <= 8
    assert intervals_apart(table.levels) is None
    for level in table.levels:
        low, high = level.ci95
        assert low <= level.value <= high
        assert make_bot(level.spec).spec == level.spec  # canonical, and it builds
        assert level.games > 0
    ladder = ladder_of(game)
    assert table.candidates == ladder.candidates
    assert {level.spec for level in table.levels} <= set(ladder.candidates)
    assert table.players == ladder.players
    assert table.command.startswith(f"cheese levels calibrate {game} --games ")
    assert table.measure == ("completion" if ladder.players == 1 else "elo")


@pytest.mark.parametrize("game", GAME_SLUGS)
def test_the_shipped_table_is_what_the_writer_writes(game: str) -> None:
    text = table_path(game).read_text(encoding="utf-8")
    assert parse_table(text, "x").to_json() == text


def test_the_strongest_levels_are_the_games_strongest_bots() -> None:
    assert level_spec("get-the-cheese", level_count("get-the-cheese")).startswith("mcts")
    assert level_spec("cheese-drop", level_count("cheese-drop")).startswith(("mcts", "expect"))
    assert level_spec("cheese-chasers", level_count("cheese-chasers")) == "expectimax"


@pytest.mark.parametrize("level", [0, -1, 99, True])
def test_a_level_the_game_does_not_have_is_one_line_naming_the_range(level: int) -> None:
    with pytest.raises(LevelError, match=r"get-the-cheese has levels 1 to \d, not"):
        level_spec("get-the-cheese", level)


def test_a_game_without_levels_is_refused() -> None:
    with pytest.raises(LevelError, match="no game 'chess'"):
        level_count("chess")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(format=9), "is not a level table of format 1"),
        (lambda data: data.update(measure="speed"), "measure 'speed'"),
        (lambda data: data["levels"][0].pop("spec"), "is not a level table"),
        (lambda data: data["levels"][0].update(level=5), "not numbered 1, 2, 3"),
        (lambda data: data["levels"][0].update(games="many"), "is not a whole number"),
    ],
)
def test_a_malformed_table_is_refused_naming_what_is_wrong(change: object, message: str) -> None:
    data = json.loads(table_path("get-the-cheese").read_text(encoding="utf-8"))
    assert callable(change)
    change(data)
    with pytest.raises(TableError, match=message):
        parse_table(json.dumps(data), "t.json")
    with pytest.raises(TableError, match="is not JSON"):
        parse_table("{", "t.json")
