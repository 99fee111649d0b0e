"""Files that ``cheese play`` and ``cheese levels calibrate`` write: each game its own
record file and temporary file, every output path checked before any work, and a saved
game whose ``play`` key is damaged refused in one line."""

from __future__ import annotations

import json
import threading
from datetime import datetime
from pathlib import Path

import pytest

from cheese.bots.base import TopMeasure
from cheese.cli.play import record_file
from cheese.cli.play.record_file import (
    PLAY_KEY,
    PlayFacts,
    claim_default_record_path,
    load_saved,
    save_record,
)
from cheese.engine import load_game
from cheese.engine.records import GameRecord
from cheese.text_files import UnwritablePath, check_writable

from .conftest import refused

THREADS = 8
STARTED = datetime(2026, 1, 2, 3, 4, 5)
FACTS = PlayFacts(humans=(0,), hint="random", level=None, person=None, finished=False,
                  moves=0, to_play=None)


def new_record() -> GameRecord:
    start = load_game("cheese-drop").new_initial_state(num_players=2, seed=7)
    return GameRecord.of_game(start, ["human", "random"], [])


def at_once(task: object, count: int = THREADS) -> list[object]:
    """``task()`` run in ``count`` threads released together; their results (or errors)."""
    assert callable(task)
    barrier = threading.Barrier(count)
    results: list[object] = [None] * count

    def one(index: int) -> None:
        barrier.wait()
        try:
            results[index] = task()
        except Exception as error:  # noqa: BLE001 - the test reports any error
            results[index] = error

    threads = [threading.Thread(target=one, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_games_started_in_the_same_second_get_files_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_file, "records_directory", lambda: tmp_path)
    record = new_record()

    def start_and_save() -> Path:
        path = claim_default_record_path("cheese-drop", 7, STARTED)
        for _ in range(20):
            save_record(record, path, FACTS)
        return path

    paths = at_once(start_and_save)
    assert all(isinstance(path, Path) for path in paths), paths
    assert len(set(paths)) == THREADS
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["cheese-drop-20260102-030405-seed7.json"]
        + [f"cheese-drop-20260102-030405-seed7-{count}.json" for count in range(2, THREADS + 1)]
    )  # no temporary file left behind
    for path in paths:
        assert isinstance(path, Path) and load_saved(path).facts == FACTS


def test_writers_of_one_record_never_share_a_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = new_record()

    def save_often() -> None:
        for _ in range(30):
            save_record(record, path, FACTS)

    assert at_once(save_often) == [None] * THREADS
    assert [entry.name for entry in tmp_path.iterdir()] == ["game.json"]
    assert load_saved(path).record == record


@pytest.mark.parametrize(
    ("play", "words"),
    [
        ("oops", "play must be an object, not 'oops'"),
        ({"humans": [0], "hint": "random", "finished": "no", "moves": 0},
         "play.finished must be true or false, not 'no'"),
        ({"humans": [0], "finished": False, "moves": 0}, "play.hint is missing"),
    ],
)
def test_a_saved_game_with_a_damaged_play_key_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, play: object, words: str
) -> None:
    path = tmp_path / "saved.json"
    data = json.loads(new_record().to_json())
    data[PLAY_KEY] = play
    path.write_text(json.dumps(data))
    err = refused(capsys, "play", "--continue", str(path))
    assert f"{path}: {words}" in err and "damaged" in err
    assert json.loads(path.read_text())[PLAY_KEY] == play  # left as it was


def test_a_record_without_a_play_key_still_loads(tmp_path: Path) -> None:
    path = tmp_path / "plain.json"
    path.write_text(new_record().to_json())
    assert load_saved(path).facts is None


def test_an_output_path_is_checked_for_its_true_problem(tmp_path: Path) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    cases = [
        (tmp_path, False, "is a directory"),
        (a_file / "t.json", True, f"{a_file} is a file, not a folder"),
        (a_file / "deeper" / "t.json", True, f"{a_file} is a file, not a folder"),
        (tmp_path / "no" / "t.json", False, f"there is no folder {tmp_path / 'no'}"),
    ]
    for path, make_folder, words in cases:
        with pytest.raises(UnwritablePath, match=f"^--out {path}: .*{words}"):
            check_writable(path, "--out", make_folder=make_folder)
    check_writable(tmp_path / "made" / "t.json", "--out", make_folder=True)
    assert (tmp_path / "made").is_dir() and not list((tmp_path / "made").iterdir())


def test_calibrate_checks_its_table_before_playing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "levels.db"
    for table, words in [
        (tmp_path / "nowhere" / "t.json", "there is no folder"),
        (tmp_path, "is a directory"),
    ]:
        err = refused(
            capsys, "levels", "calibrate", "cheese-drop", "--games", "2", "--db", str(database),
            "--table", str(table),
        )
        assert f"--table {table}: " in err and words in err
        assert not database.exists()


def test_play_says_why_a_record_cannot_be_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    err = refused(capsys, "play", "cheese-drop", "--record", str(a_file / "game.json"))
    assert f"{a_file} is a file, not a folder" in err and "already exists" not in err
    assert "already exists" in refused(capsys, "play", "cheese-drop", "--record", str(a_file))


def test_the_bots_choices_round_trip_and_a_damaged_key_only_hides_them(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    choices = {3: record_file.BotChoices(TopMeasure.VISIT_SHARE, (("lane 2", 0.75),))}
    save_record(new_record(), path, FACTS, choices)
    assert load_saved(path).choices == choices
    data = json.loads(path.read_text())
    assert data["choices"] == {"3": {"measure": "visit share", "top": [["lane 2", 0.75]]}}
    for damaged in ({"3": {"measure": "guess", "top": []}}, [1], {"x": 1}):
        data["choices"] = damaged
        path.write_text(json.dumps(data))
        assert load_saved(path).choices == {}
