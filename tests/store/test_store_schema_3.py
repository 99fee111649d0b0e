"""The results store's third schema: each seat's reply times, a database of the second
schema converted to it, and the missing folders of a new database created."""

from __future__ import annotations

from pathlib import Path

import pytest

from cheese.referee.jobs import Fault
from cheese.store import (
    ResultsStore,
    StoreError,
    find_tournament,
    games,
    open_readonly,
    tournaments,
)

from .conftest import assert_converted_once, old_database
from .test_store import SCHEMA_2_DB, make_results, one_line, raw

# Written by `cheese tournament run` before reply times were kept (schema 2): random and
# greedy at Cheese Drop, then random, fault-raise and greedy at 3-player Get The Cheese!.
SCHEMA_2_TOURNAMENTS = {
    "cheese-drop-26a19443": (2, 2, {}),
    "get-the-cheese-47203de1": (3, 3, {Fault.RAISED: 3}),
}


def test_a_database_of_the_second_schema_is_converted_once(tmp_path: Path) -> None:
    path = old_database(tmp_path, SCHEMA_2_DB)
    assert raw(path, "PRAGMA user_version") == [(2,)]
    before = raw(path, "SELECT id, job, actions, scores, ranking, fault, error FROM games")
    ResultsStore(path).close()
    assert raw(path, "PRAGMA user_version") == [(3,)]
    assert raw(path, "SELECT id, job, actions, scores, ranking, fault, error FROM games") == before
    assert raw(path, "SELECT count(*) FROM games WHERE replies IS NULL") == [(5,)]
    connection = open_readonly(path)
    try:
        found = {
            stored.name: (stored.games_done, stored.total_games, dict(stored.faults))
            for stored in tournaments(connection)
        }
        assert found == SCHEMA_2_TOURNAMENTS
        stored = find_tournament(connection, "cheese-drop-26a19443")
        assert [game.replies for game in games(connection, stored.id)] == [None, None]
    finally:
        connection.close()
    assert_converted_once(path)


def test_reading_a_database_of_the_second_schema_converts_it_first(tmp_path: Path) -> None:
    path = old_database(tmp_path, SCHEMA_2_DB)
    connection = open_readonly(path)
    try:
        assert find_tournament(connection, "get-the-cheese-47203de1").forfeits == 3
    finally:
        connection.close()
    assert raw(path, "PRAGMA user_version") == [(3,)]


def test_every_decision_s_reply_time_is_stored_per_seat(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    make_results(path, "first", "last", deals=1)
    connection = open_readonly(path)
    try:
        stored = list(games(connection, 1))
    finally:
        connection.close()
    for game in stored:
        assert game.replies is not None and len(game.replies) == 2
        assert all(seat and all(0 <= seconds < 5 for seconds in seat) for seat in game.replies)


def test_a_reply_times_cell_that_cheese_does_not_write_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    make_results(path, "first", "last", deals=1)
    raw(path, "UPDATE games SET replies = '[[0.1], [-1]]' WHERE id = 2")
    connection = open_readonly(path)
    try:
        with pytest.raises(StoreError) as refused:
            list(games(connection, 1))
    finally:
        connection.close()
    assert "game row 2 (column replies)" in one_line(refused)
    assert "not a list of reply times per seat" in one_line(refused)


def test_a_new_database_s_missing_folders_are_created(tmp_path: Path) -> None:
    path = tmp_path / "not" / "yet" / "results.db"
    with ResultsStore(path) as store:
        store.tournament("t", {}, 1)
    assert path.is_file()


def test_a_folder_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError) as refused:
        ResultsStore(blocker / "results.db")
    assert f"its folder {blocker} cannot be created" in one_line(refused)
    assert one_line(refused).endswith("give a --db in a writable folder")
