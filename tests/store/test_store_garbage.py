"""Garbage in a results database, or as one: every reader refuses it with a ``StoreError``
(the command line with one line and exit 2), and never changes the file."""

from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cheese import store
from cheese.tournaments.standings import forfeits, rated_games

from .conftest import cli
from .test_store import make_results

GAME_COLUMNS = (
    "id", "tournament", "job", "deal", "deal_seed", "rotation", "table_index", "game",
    "seats", "entrants", "options", "actions", "scores", "ranking", "finished", "seconds",
    "forfeit", "fault", "error", "version",
)
TOURNAMENT_COLUMNS = ("id", "name", "settings", "total_games", "created", "version")
CELLS = [("games", column) for column in GAME_COLUMNS] + [
    ("tournaments", column) for column in TOURNAMENT_COLUMNS
]
ROWS = 6
"""The base database's games (ids 1 to 6: two played, four forfeited)."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
near_misses = st.sampled_from([
    "[]", "[1]", "[2, 1]", "[1, 1]", "[0, 2]", '["first"]', '["first", "last"]', '["a", 1]',
    "{}", '{"rounds": 3}', '{"seed": 1}', "raised", "hung", "crashed", "sulked", "[1e400]",
    "[-1, 3]", "cheese-drop", "chess", "18446744073709551616", "1" * 5000, "[[[[[[[[[[]]]]]]]]]]",
])
garbage = st.one_of(
    st.none(),
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.floats(),
    st.text(max_size=12),
    st.binary(max_size=12),
    json_values.map(json.dumps),
    near_misses,
)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("base") / "results.db"
    make_results(path)
    return path


@contextmanager
def copy_of(base: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.db"
        shutil.copy(base, path)
        yield path


def write(path: Path, table: str, column: str, row: int, value: object) -> bool:
    """Put ``value`` into one cell; False where SQLite itself refuses it (NOT NULL,
    UNIQUE, a non-integer row id)."""
    connection = sqlite3.connect(path)
    connection.execute("PRAGMA synchronous=OFF")
    try:
        connection.execute(f"UPDATE {table} SET {column} = ? WHERE id = ?", (value, row))
        connection.commit()
    except sqlite3.Error:
        return False
    finally:
        connection.close()
    return True


@contextmanager
def garbage_in(base: Path, cell: tuple[str, str], row: int, value: object) -> Iterator[Path]:
    """A copy of ``base`` with ``value`` in one cell (``row`` of the games, else row 1);
    the example is discarded where SQLite itself refuses the value."""
    table, column = cell
    with copy_of(base) as path:
        assume(write(path, table, column, row if table == "games" else 1, value))
        yield path


def read_everything(path: Path) -> None:
    """Every reader over the whole database, the table's and the report's included; a
    ``StoreError`` is the only error allowed."""
    some = store.StoredTournament(1, "t", {"players": 2, "seed": 3}, ROWS, "", "")
    readers: list[Callable[[sqlite3.Connection], object]] = [
        store.tournaments,
        lambda connection: store.find_tournament(connection, None),
        lambda connection: store.find_tournament(connection, "t"),
        lambda connection: list(store.games(connection, 1)),
        lambda connection: forfeits(connection, some),
        lambda connection: list(rated_games(connection, some)),
    ]
    try:
        connection = store.open_readonly(path)
    except store.StoreError:
        return
    try:
        for reader in readers:
            with suppress(store.StoreError):
                reader(connection)
    finally:
        connection.close()
    for game_id in range(1, ROWS + 1):
        with suppress(store.StoreError):
            store.read_game(path, game_id)


def assert_commands_answer(path: Path) -> None:
    """Each reading command succeeds, or fails with one line and exit 2."""
    for argv in (
        ("tournament", "list", str(path)),
        ("tournament", "table", str(path)),
        ("tournament", "games", str(path), "--json"),
        ("replay", "DB:1", "--db", str(path)),
    ):
        code, _, err = cli(*argv)
        assert code in (0, 2), (argv, code, err)
        if code == 2:
            assert err.count("\n") == 1 and err.startswith("cheese: error: "), (argv, err)
        assert "Traceback" not in err


@settings(derandomize=True, max_examples=200, deadline=None)
@given(cell=st.sampled_from(CELLS), row=st.integers(1, ROWS), value=garbage)
def test_garbage_in_any_cell_is_refused_by_every_reader_as_a_store_error(
    base: Path, cell: tuple[str, str], row: int, value: object
) -> None:
    with garbage_in(base, cell, row, value) as path:
        before = path.read_bytes()
        read_everything(path)
        assert path.read_bytes() == before


@settings(derandomize=True, max_examples=25, deadline=None)
@given(cell=st.sampled_from(CELLS), row=st.integers(1, 2), value=garbage)
def test_garbage_in_any_cell_is_one_line_and_exit_2_on_the_command_line(
    base: Path, cell: tuple[str, str], row: int, value: object
) -> None:
    with garbage_in(base, cell, row, value) as path:
        assert_commands_answer(path)


def damaged(base: bytes) -> st.SearchStrategy[bytes]:
    """The base database with a few bytes overwritten somewhere."""
    flips = st.lists(
        st.tuples(st.integers(0, len(base) - 1), st.integers(0, 255)), min_size=1, max_size=8
    )

    def apply(changes: list[tuple[int, int]]) -> bytes:
        data = bytearray(base)
        for where, byte in changes:
            data[where] = byte
        return bytes(data)

    return flips.map(apply)


@settings(derandomize=True, max_examples=100, deadline=None)
@given(data=st.data())
def test_a_garbage_file_as_the_database_is_refused_and_left_as_it_was(
    base: Path, data: st.DataObject
) -> None:
    contents = data.draw(
        st.one_of(
            st.binary(max_size=4096),
            st.binary(max_size=4096).map(lambda tail: b"SQLite format 3\x00" + tail),
            damaged(base.read_bytes()),
        )
    )
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "results.db"
        path.write_bytes(contents)
        read_everything(path)
        assert path.read_bytes() == contents
        if data.draw(st.booleans()):
            assert_commands_answer(path)
            assert path.read_bytes() == contents
