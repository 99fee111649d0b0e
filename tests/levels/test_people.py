"""A person's games stored in the people's database: kept, numbered, never a crash."""

from __future__ import annotations

import getpass
import logging
from dataclasses import replace
from pathlib import Path

import pytest

from cheese.levels import people
from cheese.levels.people import (
    default_person_name,
    people_db_path,
    person_games,
    store_person_game,
)
from cheese.store import open_readonly, read_game, tournaments

from .conftest import person_record

SPECS = ("greedy", "random", "greedy:temperature=0.1", "random")


def test_a_finished_game_is_stored_under_the_person_with_the_bots_by_spec(
    tmp_path: Path,
) -> None:
    db = tmp_path / "new folder" / "people.db"
    record = person_record("get-the-cheese", SPECS, seed=1)
    store_person_game(record, "ada", [0], db)
    store_person_game(person_record("get-the-cheese", SPECS, seed=2), "ada", [0], db)
    found = person_games("ada", "get-the-cheese", db)
    assert len(found) == 2
    assert found[0].seats == ("person:ada", *SPECS[1:])
    assert found[0].scores == record.scores
    connection = open_readonly(db)
    try:
        (stored,) = tournaments(connection)
    finally:
        connection.close()
    assert stored.name == "person:ada:get-the-cheese" and stored.games_done == 2
    again = read_game(db, stored.first_game_id or 0)
    assert again.actions == record.actions and again.seed == record.seed


def test_people_and_games_are_kept_apart(tmp_path: Path) -> None:
    db = tmp_path / "people.db"
    store_person_game(person_record("get-the-cheese", SPECS, seed=1), "ada", [0], db)
    store_person_game(person_record("cheese-chasers", ["greedy"], seed=1), "ada", [0], db)
    store_person_game(person_record("get-the-cheese", SPECS, 3, (2,)), "bo", [2], db)
    assert len(person_games("ada", "get-the-cheese", db)) == 1
    assert len(person_games("ada", "cheese-chasers", db)) == 1
    (bo,) = person_games("bo", "get-the-cheese", db)
    assert bo.seats[2] == "person:bo" and bo.seats[0] == "greedy"
    assert person_games("cy", "get-the-cheese", db) == []
    assert person_games("ada", "cheese-drop", tmp_path / "none.db") == []


def test_the_same_deal_played_twice_is_two_games(tmp_path: Path) -> None:
    db = tmp_path / "people.db"
    record = person_record("cheese-drop", ["greedy", "random"], seed=4)
    store_person_game(record, "ada", [0], db)
    store_person_game(record, "ada", [0], db)
    assert len(person_games("ada", "cheese-drop", db)) == 2


def test_a_game_that_cannot_be_stored_is_one_warning_line_not_an_error(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    record = person_record("get-the-cheese", SPECS, seed=1)
    not_a_db = tmp_path / "people.db"
    not_a_db.write_text("not a database", encoding="utf-8")
    cases = [
        (record, "ada", [0], not_a_db),
        (record, "ada", [9], tmp_path / "a.db"),
        (replace(record, scores=(99, 0, 0, 0)), "ada", [0], tmp_path / "b.db"),
        (record, "a:b", [0], tmp_path / "c.db"),
    ]
    for case in cases:
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="cheese.levels"):
            store_person_game(*case)
        (line,) = caplog.messages
        assert line.startswith("cheese: the game was not added to your rating") and "\n" not in line
    assert not_a_db.read_text(encoding="utf-8") == "not a database"


def test_the_default_name_is_the_login_or_player(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(getpass, "getuser", lambda: "ada")
    assert default_person_name() == "ada"

    def no_login() -> str:
        raise OSError("no login name")

    monkeypatch.setattr(getpass, "getuser", no_login)
    assert default_person_name() == "player"


def test_the_database_is_in_the_data_directory(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(people.platformdirs, "user_data_dir", lambda app: str(tmp_path / app))
    assert people_db_path() == tmp_path / "cheese" / "people.db"
    store_person_game(person_record("cheese-drop", ["greedy", "random"], seed=1), "ada", [1])
    assert len(person_games("ada", "cheese-drop")) == 1


def test_games_are_read_by_table_size_from_the_one_tournament_of_the_game(
    tmp_path: Path,
) -> None:
    # One tournament per person and game, as databases written before ratings were kept
    # per size hold them: each game's size is its own seat count, so nothing is rewritten.
    db = tmp_path / "people.db"
    store_person_game(person_record("cheese-drop", ("greedy", "random"), 1), "ada", [0], db)
    store_person_game(
        person_record("cheese-drop", ("greedy", "random", "random"), 2), "ada", [0], db
    )
    store_person_game(person_record("cheese-drop", ("greedy", "random"), 3), "ada", [0], db)
    connection = open_readonly(db)
    try:
        assert [stored.name for stored in tournaments(connection)] == ["person:ada:cheese-drop"]
    finally:
        connection.close()
    assert people.played_sizes("ada", "cheese-drop", db) == (2, 3)
    assert [len(game.seats) for game in person_games("ada", "cheese-drop", db, 2)] == [2, 2]
    assert [len(game.seats) for game in person_games("ada", "cheese-drop", db, 3)] == [3]
    assert len(person_games("ada", "cheese-drop", db)) == 3
