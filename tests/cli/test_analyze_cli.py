"""``cheese analyze``: the sources of ``cheese replay``, the JSON document, the table, the
file saved beside the record, the key ``a`` of the replay, and refused input."""

from __future__ import annotations

import dataclasses
import io
import json
import os
from pathlib import Path

import pytest
from rich.console import Console

from cheese.analysis import analysis_path, load_analysis
from cheese.cli.analyze_command import _bot, decisions_bar
from cheese.cli.play import record_file, saved_games
from cheese.cli.play.record_file import PlayFacts, save_record
from cheese.cli.play.replay import Replay, renderer_of
from cheese.engine.records import GameRecord
from cheese.levels import top_level_spec

from ..analysis.games import bots_game, thrown_points_game
from .conftest import refused, run

FAST = ("--bot", "greedy", "--budget", "8")
DECISION_FIELDS = {
    "move",
    "action_index",
    "seat",
    "played",
    "best",
    "played_points",
    "best_points",
    "played_win",
    "best_win",
    "drop",
    "noise",
    "mark",
    "reason",
}


def saved_game(folder: Path, record: GameRecord, humans: tuple[int, ...], name: str) -> Path:
    path = folder / f"{name}.json"
    facts = PlayFacts(
        humans=humans,
        hint="greedy",
        level=None,
        person=None,
        finished=True,
        moves=0,
        to_play=None,
    )
    save_record(record, path, facts)
    return path


@pytest.fixture
def records(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A records directory holding one finished four-player game with a person at P3."""
    monkeypatch.setattr(record_file, "records_directory", lambda: tmp_path)
    monkeypatch.setattr(saved_games, "records_directory", lambda: tmp_path)
    saved_game(tmp_path, bots_game("get-the-cheese", 4, seed=3), (2,), "game")
    return tmp_path


def test_json_holds_every_decision_of_the_persons_seat_and_is_saved_beside(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = run(capsys, "analyze", "--last", "--json", *FAST)
    assert code == 0
    document = json.loads(out)
    assert document["format"] == 1 and document["game"] == "get-the-cheese"
    assert document["seat"] == 2 and document["bot"] == "greedy" and document["samples"] == 8
    assert set(document["thresholds"]) >= {"inaccuracy", "mistake", "blunder"}
    assert set(document["summary"]) >= {"accuracy", "biggest", "points_lost"}
    assert len(document["decisions"]) == 9
    for decision in document["decisions"]:
        assert set(decision) >= DECISION_FIELDS and decision["seat"] == 2
    saved = load_analysis(records / "game.json")
    assert (
        saved is not None
        and json.loads(analysis_path(records / "game.json").read_text()) == document
    )


def test_the_table_fits_80_columns_and_ends_with_the_summary(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record, _ = thrown_points_game()
    path = saved_game(records, record, (0,), "thrown")
    code, out, _ = run(capsys, "analyze", str(path), "--bot", "greedy", "--budget", "32")
    assert code == 0
    lines = out.splitlines()
    # The last line names the file saved, whose path may be as long as it is.
    assert max(len(line) for line in lines[:-1]) <= 80, out
    assert "gives away" in out and ("mistake" in out or "blunder" in out)
    assert lines[-1] == f"Saved as {analysis_path(path)}."
    assert any(line.startswith("Accuracy ") for line in lines)


def test_a_saved_games_id_and_a_seat_of_a_bots_game(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = saved_game(records, bots_game("cheese-chasers", 1, seed=5), (), "solo")
    game_id = saved_games.short_id(path)
    code, out, _ = run(capsys, "analyze", game_id, "--seat", "1", "--json", *FAST)
    assert code == 0 and json.loads(out)["game"] == "cheese-chasers"


def test_the_replay_key_a_shows_the_analysis_of_the_move(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = records / "game.json"
    lines_of = iter(["a", "2", "a", "3", "a", "q"])
    console = Console(width=80, record=True, force_terminal=False)
    record = record_file.load_record(path)

    def replay() -> str:
        shown = Replay(
            renderer_of(record),
            record,
            2,
            console,
            lambda prompt: next(lines_of),
            load_analysis(path),
        )
        shown.run()
        return console.export_text()

    before = replay()
    assert "has not been analysed: cheese analyze" in before
    assert run(capsys, "analyze", str(path), *FAST)[0] == 0
    lines_of = iter(["3", "a", "q"])
    after = replay()
    assert "Move 3, P3: played " in after and "a: analysis" in after


@pytest.mark.parametrize(
    ("arguments", "says"),
    [
        (("analyze", "abcdef99"), "neither a record file nor the id"),
        (("analyze", "--last", "--seat", "5"), "--seat 5 is not a seat"),
        (("analyze", "--last", "--bot", "nonsense"), "--bot nonsense"),
        (("analyze", "--last", "--bot", "mcts:iterations=-1"), "iterations"),
        (("analyze", "--last", "--budget", "2"), "--budget 2"),
        (("analyze", "DB:x"), "DB: then the game's id"),
        (("analyze",), "give the game to analyse"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    records: Path, capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], says: str
) -> None:
    assert says in refused(capsys, *arguments)


def test_a_bots_game_needs_a_seat(records: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = saved_game(records, bots_game("cheese-chasers", 1, seed=5), (), "solo")
    assert "--seat" in refused(capsys, "analyze", str(path), *FAST)


def test_an_unfinished_or_empty_record_is_refused(
    records: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = bots_game("cheese-chasers", 1, seed=5)
    unfinished = GameRecord(
        record.game, record.seed, record.players, record.options, record.actions[:-3], ()
    )
    empty = GameRecord(record.game, record.seed, record.players, record.options, (), ())
    for name, cut in (("unfinished", unfinished), ("empty", empty)):
        path = saved_game(records, cut, (0,), name)
        assert "unfinished" in refused(capsys, "analyze", str(path), *FAST)
        assert not analysis_path(path).exists()


def test_last_is_the_latest_finished_game_and_an_unfinished_one_goes_by_its_id(
    records: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cheese.cli.play.where_saved.records_directory", lambda: records)
    record = bots_game("cheese-chasers", 1, seed=5)
    unfinished = GameRecord(
        record.game, record.seed, record.players, record.options, record.actions[:-3], ()
    )
    path = saved_game(records, unfinished, (0,), "zz-newer")
    facts = record_file.load_saved(path).facts
    save_record(unfinished, path, dataclasses.replace(facts, finished=False))
    os.utime(path, (2**31, 2**31))  # newer than the finished game
    code, out, _ = run(capsys, "analyze", "--last", "--json", *FAST)
    assert code == 0 and json.loads(out)["game"] == "get-the-cheese"
    said = refused(capsys, "analyze", saved_games.short_id(path), *FAST)
    assert f"error: {saved_games.short_id(path)}: the game is unfinished" in said


def test_the_bar_counts_moves_a_second_even_when_a_move_takes_longer() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    with decisions_bar(Terminal()) as bar:
        shown = bar.format_meter(**{**bar.format_dict, "n": 7, "total": 35, "elapsed": 9.4})
    assert shown.startswith("analysing:  20%")
    assert "7/35" in shown and "0.74 moves/s" in shown and "s/ moves" not in shown


@pytest.mark.parametrize(("game", "players"), [("cheese-drop", 2), ("cheese-drop", 5)])
def test_the_default_bot_is_the_top_level_of_the_games_table_size(game: str, players: int) -> None:
    assert _bot(None, game, players).spec == top_level_spec(game, players)
    # The sizes' tops differ (expectimax with two, mcts with five): the size is heeded.
    assert top_level_spec(game, 2) != top_level_spec(game, 5)
