"""Reading results where nothing can be written: a read-only mount (``-shm`` cannot be
created), the writer's checkpoint on close, and refusing a log that cannot be read."""

from __future__ import annotations

import importlib.util
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cheese import store
from cheese.referee.play import play_or_forfeit
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.tournament import TournamentSettings, plan_tournament

from ..scripted import scripted_bot
from .conftest import cli
from .test_store import SCHEMA_1_DB, make_results


@contextmanager
def read_only_view(source: Path, target: Path) -> Iterator[Path]:
    """``source`` seen at ``target`` through a read-only bind mount (as a read-only disk
    or share is); the test is skipped where mounting is not permitted."""
    if shutil.which("mount") is None:
        pytest.skip("no mount command here to make a read-only bind mount")
    target.mkdir()
    bound = subprocess.run(
        ["mount", "--bind", str(source), str(target)], capture_output=True, text=True
    )
    if bound.returncode != 0:
        pytest.skip(f"a read-only bind mount is not permitted here: {bound.stderr.strip()}")
    try:
        subprocess.run(
            ["mount", "-o", "remount,bind,ro", str(target)], check=True, capture_output=True
        )
        yield target
    finally:
        if subprocess.run(["umount", str(target)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(target)], check=True)


def test_a_closed_database_is_read_in_full_from_a_read_only_mount(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    total = make_results(source / "results.db")
    assert sorted(path.name for path in source.iterdir()) == ["results.db"]
    with read_only_view(source, tmp_path / "view") as view:
        path = view / "results.db"
        with pytest.raises(sqlite3.OperationalError, match="unable to open database file"):
            sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True).execute(
                "SELECT count(*) FROM games"
            )
        connection = store.open_readonly(path)
        assert store.find_tournament(connection, "t").games_done == total
        assert len(list(store.games(connection, 1))) == total
        connection.close()
        assert store.read_game(path, 1).players == ("first", "last")
        for argv in (
            ("tournament", "table", str(path)),
            ("tournament", "list", str(path)),
            ("tournament", "games", str(path)),
            ("replay", "DB:1", "--db", str(path)),
        ):
            code, out, err = cli(*argv)
            assert (code, err) == (0, "") and out, argv
        if importlib.util.find_spec("matplotlib") is not None:
            page = tmp_path / "report.html"
            assert cli("tournament", "report", str(path), "--out", str(page))[0] == 0
            assert "Forfeits" in page.read_text()
    assert sorted(path.name for path in source.iterdir()) == ["results.db"]


def test_a_run_being_written_is_read_in_full_through_a_read_only_mount(
    tmp_path: Path,
) -> None:
    source = tmp_path / "source"
    source.mkdir()
    writer = store.ResultsStore(source / "results.db")
    with read_only_view(source, tmp_path / "view") as view:
        try:
            stored = _add_games(writer, 4)
            assert (source / "results.db-wal").stat().st_size > 0
            connection = store.open_readonly(view / "results.db")
            assert [game.job for game in store.games(connection, stored)] == [0, 1, 2, 3]
            connection.close()
        finally:
            # Before the unmount: SQLite keeps this process's files of one database open
            # until its last connection to it closes.
            writer.close()


def test_a_log_that_cannot_be_read_is_refused_rather_than_shown_stale(tmp_path: Path) -> None:
    running, source = tmp_path / "running", tmp_path / "source"
    running.mkdir()
    source.mkdir()
    with store.ResultsStore(running / "results.db") as writer:
        _add_games(writer, 3)
        # What a copy taken during a run (or a -shm file deleted) leaves: no wal-index.
        shutil.copy(running / "results.db", source / "results.db")
        shutil.copy(running / "results.db-wal", source / "results.db-wal")
    with read_only_view(source, tmp_path / "view") as view:
        with pytest.raises(store.StoreError) as refused:
            store.open_readonly(view / "results.db")
        message = str(refused.value)
        assert "\n" not in message and "results.db-wal holds games not yet in the file" in message
        code, out, err = cli("tournament", "list", str(view / "results.db"))
        assert (code, out) == (2, "") and err.count("\n") == 1 and "read-only" in err


def test_an_old_database_in_a_read_only_place_says_how_to_convert_it(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    shutil.copy(SCHEMA_1_DB, source / "results.db")
    before = (source / "results.db").read_bytes()
    with read_only_view(source, tmp_path / "view") as view:
        code, out, err = cli("tournament", "list", str(view / "results.db"))
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "written by an older cheese (schema 1)" in err
    assert "copy it somewhere writable and run `cheese tournament list COPY` once" in err
    assert (source / "results.db").read_bytes() == before


def test_a_run_cannot_write_into_a_read_only_place(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    make_results(source / "results.db")
    with read_only_view(source, tmp_path / "view") as view:
        for path in (view / "results.db", view / "new.db"):
            with pytest.raises(store.StoreError, match="cannot be written here"):
                store.ResultsStore(path)


def test_without_a_shm_file_an_empty_log_lets_the_file_be_read_as_immutable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As on a read-only mount: SQLite cannot open ``mode=ro`` without a ``-shm`` file."""
    opened: list[str] = []
    real = store.readonly._opened

    def without_shm(uri: str) -> sqlite3.Connection:
        opened.append(uri)
        if "immutable=1" not in uri:
            error = sqlite3.OperationalError("unable to open database file")
            error.sqlite_errorcode = sqlite3.SQLITE_CANTOPEN
            raise error
        return real(uri)

    monkeypatch.setattr(store.readonly, "_opened", without_shm)
    path = tmp_path / "results.db"
    total = make_results(path)
    (tmp_path / "results.db-wal").touch()
    assert len(list(store.games(store.open_readonly(path), 1))) == total
    assert opened[-1].endswith("?mode=ro&immutable=1")
    with store.ResultsStore(tmp_path / "other.db") as writer:
        _add_games(writer, 2)
        with pytest.raises(store.StoreError, match="other.db-wal holds games not yet in the file"):
            store.open_readonly(tmp_path / "other.db")


def test_a_clean_close_leaves_no_log_behind(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    with store.ResultsStore(path) as writer:
        _add_games(writer, 2)
        assert (tmp_path / "results.db-wal").stat().st_size > 0
    assert not (tmp_path / "results.db-wal").exists()
    reader = sqlite3.connect(path)
    reader.execute("SELECT count(*) FROM games").fetchone()
    with store.ResultsStore(path) as writer:
        _add_games(writer, 2, name="u")
    # The reader keeps the log from being deleted; the checkpoint has emptied it.
    assert (tmp_path / "results.db-wal").stat().st_size == 0
    reader.close()


def _add_games(writer: store.ResultsStore, count: int, name: str = "t") -> int:
    chosen = TournamentSettings(
        specs=("first", "last"), game="cheese-drop", players=2, deals=count, seed=1,
        backend="reference",
    )
    schedule = Schedule(plan_tournament(chosen, scripted_bot))
    stored = writer.tournament(name, chosen.as_dict(2), schedule.total())
    for number, job in list(schedule.jobs())[:count]:
        writer.add(stored.id, number, play_or_forfeit(job, bot_factory=scripted_bot))
    return stored.id


def test_reading_a_writable_database_leaves_no_log_behind(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    total = make_results(path)
    connection = store.open_readonly(path)
    assert len(list(store.games(connection, 1))) == total
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        connection.execute("DELETE FROM games")
    connection.close()
    assert sorted(file.name for file in tmp_path.iterdir()) == ["results.db"]
