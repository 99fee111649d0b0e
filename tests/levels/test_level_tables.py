"""The shipped level tables, one per game and table size: they parse, their levels are
ordered and apart, every spec builds a bot, and each says the command that wrote it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cheese.bots import make_bot
from cheese.engine import GAME_SLUGS, game_info
from cheese.levels import (
    LevelError,
    level_count,
    level_spec,
    level_table,
    resolve_level,
    table_sizes,
    top_level_spec,
)
from cheese.levels.ladders import ladder_of, ladders_of
from cheese.levels.table import TableError, intervals_apart, parse_table, table_path

SIZES = [(game, players) for game in GAME_SLUGS for players in table_sizes(game)]


@pytest.mark.parametrize("game", GAME_SLUGS)
def test_every_size_the_game_allows_has_a_ladder_and_the_default_is_the_games(
    game: str,
) -> None:
    info = game_info(game)
    assert table_sizes(game) == tuple(range(info.min_players, info.max_players + 1))
    assert ladders_of(game).default_players == info.default_players
    assert level_table(game) == level_table(game, info.default_players)


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_the_shipped_table_is_ordered_apart_and_buildable(game: str, players: int) -> None:
    table = level_table(game, players)
    assert table.game == game
    assert ladder_of(game, players).min_levels <= level_count(game, players) <= 8
    assert intervals_apart(table.levels) is None
    for level in table.levels:
        low, high = level.ci95
        assert low <= level.value <= high
        assert make_bot(level.spec).spec == level.spec  # canonical, and it builds
        assert level.games > 0
    ladder = ladder_of(game, players)
    assert table.candidates == ladder.candidates
    assert {level.spec for level in table.levels} <= set(ladder.candidates)
    assert table.players == ladder.players == players
    # Tables measured before sizes were named measure the default size.
    size = "" if players == game_info(game).default_players else f"--players {players} "
    assert table.command.startswith(
        (
            f"cheese levels calibrate {game} --players {players} --games ",
            f"cheese levels calibrate {game} {size}--games ",
        )
    )
    assert table.measure == ("completion" if ladder.players == 1 else "elo")


@pytest.mark.parametrize(("game", "players"), SIZES)
def test_the_shipped_table_is_what_the_writer_writes(game: str, players: int) -> None:
    path = table_path(game, players)
    assert path.name == f"{game}-{players}.json"
    text = path.read_text(encoding="utf-8")
    assert parse_table(text, "x").to_json() == text


def test_the_strongest_levels_are_the_games_strongest_bots() -> None:
    reading = "mcts:iterations=15000,infer=policy,reader=1000,worlds=48"
    for players in (3, 4, 5):
        assert top_level_spec("get-the-cheese", players) == reading
    assert top_level_spec("cheese-drop", 5) == "mcts"
    assert top_level_spec("cheese-drop").startswith(("mcts", "expect"))
    assert top_level_spec("cheese-chasers") == "mcts:iterations=150000"
    assert top_level_spec("get-the-cheese") == level_spec("get-the-cheese", 7)


@pytest.mark.parametrize("level", [0, -1, 99, True])
def test_a_level_the_game_does_not_have_is_one_line_naming_the_range(level: int) -> None:
    with pytest.raises(LevelError, match=r"get-the-cheese at 4 players has levels 1 to \d, not"):
        level_spec("get-the-cheese", level)


def test_a_solitaires_table_is_named_without_its_one_seat() -> None:
    with pytest.raises(LevelError) as refused:
        level_spec("cheese-chasers", 99)
    assert str(refused.value).startswith("cheese-chasers has levels 1 to ")
    assert "`cheese levels cheese-chasers` shows them" in str(refused.value)
    with pytest.raises(LevelError, match="'x' is not a level of cheese-chasers; give 1 to"):
        resolve_level("cheese-chasers", "x")


def test_a_game_without_levels_is_refused() -> None:
    with pytest.raises(LevelError, match="no game 'chess'"):
        level_count("chess")


def test_a_size_the_game_is_not_played_at_is_refused_in_one_line() -> None:
    with pytest.raises(LevelError, match="get-the-cheese is played by 3 to 5 players, not at 6"):
        level_table("get-the-cheese", 6)
    with pytest.raises(LevelError, match="cheese-chasers is played alone, not at 2 seats"):
        level_table("cheese-chasers", 2)
    with pytest.raises(LevelError, match="has levels at 2, 3, 4, 5 players, not 6"):
        ladder_of("cheese-drop", 6)


def test_a_table_of_another_size_in_the_file_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from cheese.levels import table as table_module

    moved = tmp_path / "get-the-cheese-3.json"
    moved.write_text(table_path("get-the-cheese", 4).read_text(encoding="utf-8"))
    monkeypatch.setattr(table_module, "table_path", lambda game, players=None: moved)
    with pytest.raises(TableError, match="holds get-the-cheese at 4 players"):
        level_table("get-the-cheese", 3)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda data: data.update(format=9), "is not a level table of format 1"),
        (lambda data: data.update(measure="speed"), "measure 'speed'"),
        (lambda data: data["levels"][0].pop("spec"), "is not a level table"),
        (lambda data: data["levels"][0].update(level=5), "not numbered 1, 2, 3"),
        (lambda data: data["levels"][0].update(games="many"), "is not a whole number"),
        (
            lambda data: data.update(also_measured=[dict(data["levels"][0], level=2)]),
            "a bot also measured is numbered as a level",
        ),
    ],
)
def test_a_malformed_table_is_refused_naming_what_is_wrong(change: object, message: str) -> None:
    data = json.loads(table_path("get-the-cheese", 4).read_text(encoding="utf-8"))
    assert callable(change)
    change(data)
    with pytest.raises(TableError, match=message):
        parse_table(json.dumps(data), "t.json")
    with pytest.raises(TableError, match="is not JSON"):
        parse_table("{", "t.json")
