"""The results store: its schema version, converting the first schema, refusing files and
rows that are not cheese's, and counting forfeits from the ``fault`` column."""

from __future__ import annotations

import json
import shutil
import sqlite3
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path

import pytest

from cheese.cli.app import main
from cheese.referee.jobs import Fault
from cheese.referee.play import play_or_forfeit
from cheese.store import (
    SCHEMA_VERSION,
    ResultsStore,
    StoreError,
    find_tournament,
    games,
    open_readonly,
    read_game,
    tournaments,
)
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.standings import forfeits
from cheese.tournaments.tournament import TournamentSettings, plan_tournament

from ..scripted import scripted_bot
from .conftest import assert_converted_once, old_database

SCHEMA_1_DB = Path(__file__).parent.parent / "data" / "store" / "schema-1.db"
SCHEMA_2_DB = Path(__file__).parent.parent / "data" / "store" / "schema-2.db"


def make_results(path: Path, *specs: str, deals: int = 1, name: str = "t") -> int:
    """A results database of a real (scripted) tournament, played here without a pool;
    the number of games stored."""
    chosen = TournamentSettings(
        specs=specs or ("first", "last", "raise"),
        game="cheese-drop",
        players=2,
        deals=deals,
        seed=3,
        backend="reference",
    )
    plan = plan_tournament(chosen, bot_factory=scripted_bot)
    schedule = Schedule(plan)
    with ResultsStore(path) as store:
        stored = store.tournament(name, chosen.as_dict(plan.num_players), schedule.total())
        for number, job in schedule.jobs():
            store.add(stored.id, number, play_or_forfeit(job, bot_factory=scripted_bot))
    return schedule.total()


def raw(path: Path, sql: str, *parameters: object) -> list[tuple[object, ...]]:
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute(sql, parameters).fetchall()
        connection.commit()
        return rows
    finally:
        connection.close()


def one_line(error: pytest.ExceptionInfo[StoreError]) -> str:
    message = str(error.value)
    assert "\n" not in message
    return message


def refusal(read: Callable[[], object]) -> str:
    """The one-line message of the ``StoreError`` that ``read()`` raises."""
    with pytest.raises(StoreError) as refused:
        read()
    return one_line(refused)


def spoiled(tmp_path: Path, update: str) -> Path:
    """A results database of a real tournament with one raw ``update`` of its rows."""
    path = tmp_path / "results.db"
    make_results(path)
    raw(path, update)
    return path


def test_a_new_database_keeps_the_schema_version_and_each_forfeit_s_fault(
    tmp_path: Path,
) -> None:
    path = tmp_path / "results.db"
    assert make_results(path) == 6
    assert raw(path, "PRAGMA user_version") == [(SCHEMA_VERSION,)] == [(3,)]
    columns = [row[1] for row in raw(path, "PRAGMA table_info(games)")]
    assert columns[columns.index("forfeit") : columns.index("forfeit") + 3] == [
        "forfeit", "fault", "error"
    ]
    assert raw(path, "SELECT DISTINCT fault FROM games ORDER BY fault") == [(None,), ("raised",)]
    connection = open_readonly(path)
    stored = list(games(connection, 1))
    assert [game.fault for game in stored if game.forfeit is not None] == [Fault.RAISED] * 4
    assert all(game.fault is None and game.error is None for game in stored[:2])
    assert find_tournament(connection, "t").faults == {Fault.RAISED: 4}
    assert forfeits(connection, find_tournament(connection, "t")).by_bot == {
        "raise": {Fault.RAISED: 4}
    }


def test_a_game_that_failed_without_a_bot_to_blame_is_not_stored(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    make_results(path)
    job = Schedule(plan_tournament(_two_bots(), scripted_bot)).job_at(0)
    played = play_or_forfeit(job, bot_factory=scripted_bot)
    with ResultsStore(path) as store, pytest.raises(ValueError, match="played to the end"):
        store.add(1, 99, replace(played, error="the worker process died 2 times"))


# The fixture was written by the code before the schema version (its script made one
# tournament of raised and illegal forfeits, one failed game, and one of timing faults).
SCHEMA_1_FAULTS = {
    3: "raised", 4: "raised", 5: "illegal", 6: "illegal", 7: "raised", 8: "raised",
    9: "illegal", 10: "illegal", 11: "raised", 12: "illegal",
    14: "overran", 15: "overran", 16: "hung", 17: "hung", 18: "overran", 19: "hung",
}


def test_a_database_of_the_first_schema_is_converted_once(tmp_path: Path) -> None:
    path = old_database(tmp_path, SCHEMA_1_DB)
    assert raw(path, "PRAGMA user_version") == [(0,)]
    assert raw(path, "SELECT count(*) FROM games WHERE forfeit IS NULL AND error IS NOT NULL")
    ResultsStore(path).close()
    assert raw(path, "PRAGMA user_version") == [(3,)]
    assert raw(path, "SELECT count(*) FROM games WHERE replies IS NOT NULL") == [(0,)]
    faults = raw(path, "SELECT id, fault FROM games WHERE fault IS NOT NULL")
    assert {row_id: fault for row_id, fault in faults} == SCHEMA_1_FAULTS
    assert raw(path, "SELECT count(*) FROM games WHERE forfeit IS NOT NULL") == [(16,)]
    assert raw(path, "SELECT id FROM games WHERE error IS NOT NULL AND forfeit IS NULL") == []
    connection = open_readonly(path)
    found = {stored.name: stored for stored in tournaments(connection)}
    assert {name: (t.games_done, t.total_games, dict(t.faults)) for name, t in found.items()} == {
        "faults": (12, 12, {Fault.ILLEGAL: 5, Fault.RAISED: 5}),
        "failed": (0, 2, {}),
        "timing": (6, 6, {Fault.OVERRAN: 3, Fault.HUNG: 3}),
    }
    assert forfeits(connection, found["timing"]).by_bot == {
        "slow": {Fault.OVERRAN: 3}, "hang": {Fault.HUNG: 3}
    }
    with ResultsStore(path) as store:
        assert store.done_jobs(found["failed"].id) == set()
    connection.close()
    assert_converted_once(path)


def test_reading_a_database_of_the_first_schema_converts_it_first(tmp_path: Path) -> None:
    path = old_database(tmp_path, SCHEMA_1_DB)
    connection = open_readonly(path)
    assert find_tournament(connection, "faults").forfeits == 10
    assert raw(path, "PRAGMA user_version") == [(3,)]
    assert read_game(path, 3).scores == ()


def test_a_forfeit_message_of_no_known_kind_leaves_the_old_database_as_it_was(
    tmp_path: Path,
) -> None:
    path = old_database(tmp_path, SCHEMA_1_DB)
    raw(path, "UPDATE games SET error = ? WHERE id = 7", "bot 'raise' in seat 1 sulked")
    before = path.read_bytes()
    message = refusal(lambda: ResultsStore(path))
    assert "game row 7 (column error) is not what cheese writes" in message
    assert "sulked" in message
    assert path.read_bytes() == before
    assert raw(path, "PRAGMA user_version") == [(0,)]
    assert "fault" not in [row[1] for row in raw(path, "PRAGMA table_info(games)")]
    with pytest.raises(StoreError, match="game row 7 "):
        open_readonly(path)


def test_a_database_of_a_newer_cheese_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    make_results(path)
    raw(path, "PRAGMA user_version = 4")
    for opening in (ResultsStore, open_readonly):
        message = refusal(partial(opening, path))
        assert "written by a newer cheese (schema 4" in message
        assert message.endswith("upgrade cheese")


def _sqlite(statements: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        connection = sqlite3.connect(path)
        connection.executescript(statements)
        connection.close()

    return write


def _cheese_then(statements: str) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        make_results(path)
        _sqlite(statements)(path)

    return write


FOREIGN = {
    "another program's tables": (_sqlite("CREATE TABLE notes (id, text)"), "it holds notes"),
    "tournaments without games": (
        _sqlite("CREATE TABLE tournaments (id INTEGER PRIMARY KEY, name TEXT)"),
        "it has no games",
    ),
    "cheese's tables and one more": (
        _cheese_then("CREATE TABLE extra (x)"), "it holds extra, which cheese does not"
    ),
    "an index cheese does not make": (
        _cheese_then("CREATE INDEX by_deal ON games (deal)"), "it holds by_deal"
    ),
    "other columns": (
        _cheese_then("ALTER TABLE games ADD COLUMN colour TEXT"),
        "its games table has other columns",
    ),
    "a missing games table": (_cheese_then("DROP TABLE games"), "it has no games"),
    "the version of other tables": (
        _cheese_then("PRAGMA user_version = 0"), "schema version 0 does not match"
    ),
    "words": (lambda path: path.write_text("not a database, just words " * 100), "not a"),
    "a damaged database": (
        lambda path: path.write_bytes(b"SQLite format 3\x00" + bytes(range(256)) * 20),
        "is not a cheese results database",
    ),
}


@pytest.mark.parametrize("kind", list(FOREIGN))
def test_a_file_that_is_not_a_cheese_results_database_is_refused_and_left_alone(
    tmp_path: Path, kind: str
) -> None:
    path = tmp_path / "other.db"
    write, message = FOREIGN[kind]
    write(path)
    before = path.read_bytes()
    for opening in (ResultsStore, open_readonly):
        assert message in refusal(partial(opening, path))
        assert path.read_bytes() == before
    # A reader of a WAL file leaves an empty log and its index beside it, nothing more.
    left = {other.name: other.stat().st_size for other in tmp_path.iterdir() if other != path}
    assert set(left) <= {"other.db-wal", "other.db-shm"} and left.get("other.db-wal", 0) == 0


def test_a_new_or_empty_file_gets_the_schema(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    with ResultsStore(empty) as store:
        store.tournament("t", {}, 1)
    assert raw(empty, "PRAGMA user_version") == [(3,)]
    unread = tmp_path / "unread.db"
    unread.touch()
    with pytest.raises(StoreError, match="is not a cheese results database .it is empty"):
        open_readonly(unread)
    assert unread.read_bytes() == b""


ROW_FAULTS = [
    ("games", "seats", "'[\"a\"'", "game row {id} (column seats)", "not JSON"),
    ("games", "seats", "'[\"first\", 2]'", "game row {id} (column seats)", "list of bot specs"),
    ("games", "seats", "X'5b5d'", "game row {id} (column seats)", "is not text"),
    ("games", "entrants", "'[0]'", "game row {id} (column entrants)", "one entry per seat"),
    ("games", "ranking", "'[1, true]'", "game row {id} (column ranking)", "whole numbers"),
    ("games", "ranking", "'[1, 7]'", "game row {id} (column ranking)", "places 1 to 2"),
    ("games", "ranking", "NULL", "game row {id} (column ranking)", "NULL"),
    ("games", "scores", "'[NaN, 1]'", "game row {id} (column scores)", "not JSON"),
    ("games", "scores", "NULL", "game row {id} (column scores)", "played to the end"),
    ("games", "job", "'seven'", "game row {id} (column job)", "not a count"),
    ("games", "seconds", "-1", "game row {id} (column seconds)", "seconds"),
    ("games", "fault", "'raised'", "game row {id} (column fault)", "no seat forfeited"),
    ("games", "forfeit", "0", "game row {id} (column error)", "NULL in a forfeited game"),
    ("games", "forfeit", "2", "game row {id} (column forfeit)", "not a seat of 2"),
]


@pytest.mark.parametrize(("table", "column", "value", "names", "why"), ROW_FAULTS)
def test_a_game_row_that_is_not_what_cheese_writes_is_named(
    tmp_path: Path, table: str, column: str, value: str, names: str, why: str
) -> None:
    path = spoiled(tmp_path, f"UPDATE {table} SET {column} = {value} WHERE id = 1")
    connection = open_readonly(path)
    message = refusal(lambda: list(games(connection, 1)))
    assert f"{path}: " + names.format(id=1) in message
    assert "is not what cheese writes" in message and why in message


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("fault", "'sulked'", "'sulked' is not a kind of fault"),
        ("fault", "NULL", "NULL in a forfeited game"),
        ("forfeit", "'one'", "not a count"),
    ],
)
def test_a_forfeit_row_that_is_not_what_cheese_writes_stops_the_list(
    tmp_path: Path, column: str, value: str, why: str
) -> None:
    path = tmp_path / "results.db"
    make_results(path)
    (row,) = raw(path, "SELECT min(id) FROM games WHERE forfeit IS NOT NULL")
    raw(path, f"UPDATE games SET {column} = {value} WHERE id = ?", row[0])
    connection = open_readonly(path)
    for reading in (tournaments, lambda c: list(games(c, 1))):
        message = refusal(partial(reading, connection))
        assert f"game row {row[0]} (column {column})" in message
        assert why in message


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("settings", "'[1, 2]'", "is not a JSON object"),
        ("settings", "'{\"seed\": Infinity}'", "not JSON"),
        ("name", "X'00'", "is not text"),
        ("total_games", "'many'", "is not a count"),
    ],
)
def test_a_tournament_row_that_is_not_what_cheese_writes_is_named(
    tmp_path: Path, column: str, value: str, why: str
) -> None:
    connection = open_readonly(spoiled(tmp_path, f"UPDATE tournaments SET {column} = {value}"))
    message = refusal(lambda: find_tournament(connection, None))
    assert f"tournament row 1 (column {column}) is not what cheese writes" in message
    assert why in message


@pytest.mark.parametrize(
    ("column", "value", "why"),
    [
        ("game", "'chess'", "'chess' is not a game"),
        ("deal_seed", "'12ab'", "not a deal seed"),
        ("actions", "'[1.5]'", "whole numbers"),
        ("options", "'{\"seed\": 4}'", "'seed' is not a game option"),
        ("options", "'{\"rounds\": {}}'", "option 'rounds' is {}"),
        ("scores", "'[1]'", "one entry per seat"),
    ],
)
def test_a_game_that_is_not_what_cheese_writes_is_not_replayed(
    tmp_path: Path, column: str, value: str, why: str
) -> None:
    path = spoiled(tmp_path, f"UPDATE games SET {column} = {value} WHERE id = 2")
    assert read_game(path, 1).players == ("first", "last")
    message = refusal(lambda: read_game(path, 2))
    assert f"game row 2 (column {column}) is not what cheese writes" in message
    assert why in message


def test_a_missing_games_table_is_a_store_error_for_every_reader(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    make_results(path)
    connection = open_readonly(path)
    stored = find_tournament(connection, "t")
    raw(path, "DROP TABLE games")
    readers: list[Callable[[], object]] = [
        lambda: tournaments(connection),
        lambda: list(games(connection, 1)),
        lambda: forfeits(connection, stored),
        lambda: read_game(path, 1),
    ]
    for reading in readers:
        message = refusal(reading)
        assert "no such table: games" in message or "it has no games" in message


def _two_bots() -> TournamentSettings:
    return TournamentSettings(
        specs=("first", "last"), game="cheese-drop", players=2, deals=1, seed=3,
        backend="reference",
    )


def test_forfeits_are_counted_by_their_fault_not_their_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "results.db"
    shutil.copy(SCHEMA_1_DB, path)
    ResultsStore(path).close()
    # Messages are free words: one that reads like another kind changes nothing.
    raw(path, "UPDATE games SET error = 'bot ''raise'' in seat 0 chose to stop' WHERE id = 4")
    assert main(["tournament", "list", str(path)]) == 0
    out = capsys.readouterr().out
    assert "12 of 12 games played, 10 forfeits (illegal action: 5, raised an error: 5);" in out
    assert (
        "6 of 6 games played, 6 forfeits (overran the move time: 3, hung (worker killed): 3)"
        in out
    )
    assert main(["tournament", "list", str(path), "--json"]) == 0
    listed = {entry["name"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert (listed["faults"]["forfeits"], listed["faults"]["faults"]) == (
        10, {"illegal": 5, "raised": 5}
    )
    assert listed["failed"]["faults"] == {} and listed["failed"]["games"] == 0
    assert main(["tournament", "games", str(path), "--name", "faults", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [line["fault"] for line in lines][:5] == [None, None, "raised", "raised", "illegal"]
