"""Tournaments: stored once per game, resumed to the same table, faults forfeit, Dask."""

from __future__ import annotations

import os
import signal
import sqlite3
from pathlib import Path

import pytest

from cheese.bots.faults import Fault
from cheese.engine.records import replay
from cheese.ratings.bradley_terry import Ratings
from cheese.referee.jobs import GameJob, GameResult
from cheese.referee.pool import local_player
from cheese.store import (
    ResultsStore,
    StoreError,
    find_tournament,
    games,
    open_readonly,
    read_game,
)
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.standings import forfeits, tournament_ratings
from cheese.tournaments.tournament import (
    RunSummary,
    StopRequest,
    TournamentObserver,
    TournamentSettings,
    plan_tournament,
    run_tournament,
    stop_on_interrupt,
)

from ..default_signals import signals_at_default
from ..scripted import scripted_bot


def settings(*specs: str, deals: int = 2, move_time: float | None = None) -> TournamentSettings:
    return TournamentSettings(
        specs=specs or ("random", "first", "last"),
        game="cheese-drop",
        players=2,
        deals=deals,
        seed=3,
        backend="reference",
        move_time=move_time,
    )


def play(
    path: Path,
    chosen: TournamentSettings,
    workers: int = 1,
    observer: TournamentObserver | None = None,
    stop: StopRequest | None = None,
) -> RunSummary:
    plan = plan_tournament(chosen, bot_factory=scripted_bot)
    with ResultsStore(path) as store:
        return run_tournament(
            plan, chosen, store, "t", local_player(workers, scripted_bot),
            observer=observer, stop=stop,
        )


def table(path: Path) -> Ratings:
    connection = open_readonly(path)
    try:
        return tournament_ratings(connection, find_tournament(connection, "t"))
    finally:
        connection.close()


class StopAfter(TournamentObserver):
    def __init__(self, games: int, stop: StopRequest) -> None:
        self.left = games
        self.stop = stop

    def game_stored(self, result: GameResult) -> None:
        self.left -= 1
        if self.left <= 0:
            self.stop.requested = True


def test_every_game_is_stored_once_and_replays(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    summary = play(path, settings())
    # three bots at two-seat tables: 3 tables x 2 deals x 2 rotations
    assert (summary.played, summary.stored, summary.total) == (12, 12, 12)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    rows = connection.execute("SELECT count(*), count(DISTINCT job) FROM games").fetchone()
    assert rows == (12, 12)
    stored = list(games(open_readonly(path), 1))
    record = read_game(path, stored[5].id)
    assert tuple(replay(record, "reference").ranking()) == stored[5].ranking
    assert record.players == stored[5].seats
    with pytest.raises(StoreError, match="no game with id 99"):
        read_game(path, 99)


def test_a_run_stopped_and_resumed_gives_the_table_of_one_straight_run(tmp_path: Path) -> None:
    straight = tmp_path / "straight.db"
    play(straight, settings(deals=3), workers=2)
    resumed = tmp_path / "resumed.db"
    for stop_after in (4, 5):
        stop = StopRequest()
        summary = play(resumed, settings(deals=3), 2, StopAfter(stop_after, stop), stop)
        assert summary.stopped and not summary.complete
    again = play(resumed, settings(deals=3))
    assert again.complete and again.stored == 18 and 0 < again.played < 18
    assert table(resumed) == table(straight)
    assert play(resumed, settings(deals=3)).played == 0


def test_other_settings_under_the_same_name_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    play(path, settings(deals=1))
    with pytest.raises(StoreError, match=r"other settings \(deals 1 there, 2 now\)"):
        play(path, settings(deals=2))


def test_the_same_bot_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="'first' and 'first' are the same bot"):
        plan_tournament(settings("first", "random", "first"), bot_factory=scripted_bot)


@pytest.mark.parametrize(
    ("bad", "kind"), [("illegal", Fault.ILLEGAL), ("raise", Fault.RAISED)]
)
def test_a_failing_bot_forfeits_and_the_tournament_goes_on(
    tmp_path: Path, bad: str, kind: Fault
) -> None:
    path = tmp_path / "results.db"
    summary = play(path, settings("first", bad, "last", deals=1))
    assert summary.complete
    connection = open_readonly(path)
    found = forfeits(connection, find_tournament(connection, "t"))
    assert found.by_bot == {bad: {kind: 4}}
    lost = [game for game in games(connection, 1) if game.forfeit is not None]
    assert all(game.seats[game.forfeit] == bad and game.ranking is not None for game in lost)
    assert all(game.ranking[game.forfeit] == 2 for game in lost if game.ranking and game.forfeit)
    ratings = table(path)
    assert ratings.ratings[-1].bot == bad and ratings.ratings[-1].bound == "upper"


def test_a_slow_bot_overruns_and_a_hung_bot_is_killed(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    summary = play(path, settings("first", "slow", "hang", deals=1, move_time=0.05), workers=2)
    assert summary.complete
    connection = open_readonly(path)
    found = forfeits(connection, find_tournament(connection, "t"))
    # seat 0 moves first: of the two games slow plays against hang, each forfeits one
    assert found.by_bot == {
        "hang": {Fault.HUNG: 3}, "slow": {Fault.OVERRAN: 3}
    }


def test_a_worker_that_dies_is_replaced_and_its_game_retried(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    marker = tmp_path / "died-once"
    summary = play(path, settings("first", f"die:{marker}", deals=1), workers=2)
    assert marker.exists() and summary.complete and summary.unplayed == ()
    connection = open_readonly(path)
    assert all(game.error is None for game in games(connection, 1))


def test_a_dask_cluster_plays_the_local_pool_s_games(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from cheese.referee.cluster import cluster_player

    local = tmp_path / "local.db"
    play(local, settings())
    remote = tmp_path / "cluster.db"
    chosen = settings()
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        plan = plan_tournament(chosen, bot_factory=scripted_bot)
        with ResultsStore(remote) as store:
            run_tournament(
                plan, chosen, store, "t", cluster_player(cluster.scheduler_address, scripted_bot)
            )
    assert table(remote) == table(local)
    one, other = open_readonly(local), open_readonly(remote)
    strip = [(g.job, g.seats, g.scores, g.ranking) for g in games(one, 1)]
    assert strip == [(g.job, g.seats, g.scores, g.ranking) for g in games(other, 1)]


class ReadWhileWriting(TournamentObserver):
    def __init__(self, path: Path) -> None:
        self.path = path
        self.seen: list[int] = []

    def game_stored(self, result: GameResult) -> None:
        connection = open_readonly(self.path)
        try:
            stored = find_tournament(connection, "t")
            self.seen.append(stored.games_done)
            if stored.games_done == 6:
                assert tournament_ratings(connection, stored).games == stored.games_done
        finally:
            connection.close()


def test_a_database_being_written_can_be_read(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    reader = ReadWhileWriting(path)
    play(path, settings(), observer=reader)
    assert reader.seen == list(range(1, 13))


def test_a_solitaire_tournament_compares_the_scores_of_each_deal(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    chosen = TournamentSettings(
        specs=("first", "last", "random"), game="cheese-chasers", deals=3, backend="reference"
    )
    plan = plan_tournament(chosen, bot_factory=scripted_bot)
    assert plan.tables == ((0, 1, 2),)
    with ResultsStore(path) as store:
        summary = run_tournament(plan, chosen, store, "t", local_player(1, scripted_bot))
    assert summary.total == 9
    connection = open_readonly(path)
    stored = list(games(connection, 1))
    assert len({game.deal for game in stored}) == 3 and all(len(g.seats) == 1 for g in stored)
    ratings = table(path)
    assert ratings.deals == 3 and ratings.games == 3
    assert {rating.games for rating in ratings.ratings} == {3}


def test_a_game_another_run_stored_first_is_kept_not_doubled(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    play(path, settings(deals=1))
    with ResultsStore(path) as store:
        first = next(games(open_readonly(path), 1))
        result = GameResult(
            job=_any_job(),
            record=read_game(path, first.id),
            points=(0, 0),
            ranking=(1, 1),
            finished=True,
        )
        assert not store.add(1, first.job, result)
    rows = sqlite3.connect(path).execute("SELECT count(*) FROM games").fetchone()
    assert rows == (6,)


def _any_job() -> GameJob:
    return Schedule(plan_tournament(settings(deals=1), scripted_bot)).job_at(0)


def test_a_third_ctrl_c_while_a_run_stopped_at_once_winds_down_is_ignored() -> None:
    """The second Ctrl-C stops at once; one more, pressed while the run says how to
    resume, neither raises nor ends the process. (Ctrl-C at its default here, as a run
    keeps a Ctrl-C it was started ignoring: a test suite run as a background job.)"""
    with signals_at_default():
        before = signal.getsignal(signal.SIGINT)
        stop = StopRequest()
        try:
            with pytest.raises(KeyboardInterrupt), stop_on_interrupt(stop):
                os.kill(os.getpid(), signal.SIGINT)
                assert stop.requested
                try:
                    os.kill(os.getpid(), signal.SIGINT)
                finally:
                    os.kill(os.getpid(), signal.SIGINT)  # while the stop unwinds: ignored
            os.kill(os.getpid(), signal.SIGINT)  # would raise KeyboardInterrupt by default
        finally:
            signal.signal(signal.SIGINT, before)
