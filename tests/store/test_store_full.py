"""A full disk: ``StoreFull`` says what is safely stored, the database stays intact, and
once there is room again a resumed run stores every game exactly once."""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cheese.referee.jobs import GameResult
from cheese.referee.play import play_or_forfeit
from cheese.referee.pool import local_player
from cheese.store import ResultsStore, StoreFull
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.tournament import (
    TournamentSettings,
    plan_tournament,
    run_tournament,
)

from ..scripted import scripted_bot
from .test_store import SCHEMA_1_DB, raw

SETTINGS = TournamentSettings(
    specs=("first", "last"), game="cheese-drop", players=2, deals=20, seed=1,
    backend="reference",
)


@pytest.fixture(scope="module")
def results() -> list[tuple[int, GameResult]]:
    """The 40 games of ``SETTINGS`` with their job numbers, played once for every test."""
    schedule = Schedule(plan_tournament(SETTINGS, scripted_bot))
    return [(number, play_or_forfeit(job, bot_factory=scripted_bot)) for number, job in
            schedule.jobs()]


def store_until_full(store: ResultsStore, games: list[tuple[int, GameResult]]) -> StoreFull:
    stored = store.tournament("t", SETTINGS.as_dict(2), len(games))
    with pytest.raises(StoreFull) as full:
        for number, result in games:
            store.add(stored.id, number, result)
    return full.value


def resume(path: Path, games: list[tuple[int, GameResult]]) -> int:
    """Store the games not stored yet, as a resumed run does; how many that was."""
    with ResultsStore(path) as store:
        stored = store.tournament("t", SETTINGS.as_dict(2), len(games))
        done = store.done_jobs(stored.id)
        return sum(store.add(stored.id, number, result) for number, result in games
                   if number not in done)


def assert_every_game_once(path: Path, total: int) -> None:
    assert raw(path, "PRAGMA integrity_check") == [("ok",)]
    assert raw(path, "SELECT count(*), count(DISTINCT job), min(job), max(job) FROM games") == [
        (total, total, 0, total - 1)
    ]


def test_a_full_database_keeps_its_games_and_a_resumed_run_stores_the_rest(
    tmp_path: Path, results: list[tuple[int, GameResult]]
) -> None:
    path = tmp_path / "results.db"
    with ResultsStore(path, max_pages=1) as store:
        full = store_until_full(store, results)
    (kept,) = raw(path, "SELECT count(*) FROM games")[0]
    assert 0 < kept < len(results)
    assert str(full) == (
        f"{path}: the disk is full (database or disk is full); {kept} games of tournament "
        "'t' are safely stored"
    )
    assert raw(path, "PRAGMA integrity_check") == [("ok",)]
    assert resume(path, results) == len(results) - kept
    assert_every_game_once(path, len(results))


def test_a_full_database_refuses_a_new_tournament_with_store_full(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    with ResultsStore(path, max_pages=1) as store, pytest.raises(StoreFull) as full:
        for number in range(1000):
            store.tournament(f"t{number}", {"padding": "x" * 200}, 1)
    assert "the disk is full" in str(full.value)
    assert "0 games of tournament 't" in str(full.value)
    assert raw(path, "PRAGMA integrity_check") == [("ok",)]


def test_a_tournament_run_stopped_by_a_full_disk_resumes_to_every_game(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    plan = plan_tournament(SETTINGS, scripted_bot)
    with ResultsStore(path, max_pages=1) as store, pytest.raises(StoreFull):
        run_tournament(plan, SETTINGS, store, "t", local_player(1, scripted_bot))
    with ResultsStore(path) as store:
        summary = run_tournament(plan, SETTINGS, store, "t", local_player(1, scripted_bot))
    assert summary.complete and 0 < summary.played < summary.total
    assert_every_game_once(path, summary.total)


@contextmanager
def tiny_disk(where: Path) -> Iterator[Path]:
    """A 200 KiB tmpfs at ``where``; the test is skipped where mounting is not permitted."""
    if shutil.which("mount") is None:
        pytest.skip("no mount command here to make a small disk")
    where.mkdir()
    made = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(where)],
        capture_output=True, text=True,
    )
    if made.returncode != 0:
        pytest.skip(f"mounting a small tmpfs is not permitted here: {made.stderr.strip()}")
    try:
        yield where
    finally:
        if subprocess.run(["umount", str(where)], capture_output=True).returncode != 0:
            subprocess.run(["umount", "-l", str(where)], check=True)


def fill(disk: Path, leave: int, name: str = "filler") -> Path:
    """A file taking all the disk's room but ``leave`` bytes."""
    filler = disk / name
    filler.write_bytes(b"\0" * max(0, shutil.disk_usage(disk).free - leave))
    return filler


def test_a_full_disk_stops_the_store_and_freeing_it_lets_the_run_go_on(
    tmp_path: Path, results: list[tuple[int, GameResult]]
) -> None:
    # Each commit adds a few pages to the write-ahead log: ten games fit on the disk.
    games = results[:10]
    with tiny_disk(tmp_path / "disk") as disk:
        path = disk / "results.db"
        shutil.copy(SCHEMA_1_DB, disk / "old.db")
        old = (disk / "old.db").read_bytes()
        store = ResultsStore(path)
        filler = fill(disk, leave=64 * 1024)
        full = store_until_full(store, games)
        (kept,) = raw(path, "SELECT count(*) FROM games")[0]
        assert 0 < kept < len(games)
        assert f"the disk is full (database or disk is full); {kept} games" in str(full)
        store.close()
        # The checkpoint and the close may have given back some room: take it all.
        more = fill(disk, leave=0, name="more")
        # Opening on the full disk changes nothing, be it to create or to convert.
        for opened in (disk / "new.db", disk / "old.db"):
            with pytest.raises(StoreFull, match="the disk is full .*; nothing was changed"):
                ResultsStore(opened)
        assert (disk / "old.db").read_bytes() == old
        filler.unlink()
        more.unlink()
        assert resume(path, games) == len(games) - kept
        assert_every_game_once(path, len(games))
        with ResultsStore(disk / "old.db"):
            pass
        assert raw(disk / "old.db", "PRAGMA user_version") == [(3,)]

