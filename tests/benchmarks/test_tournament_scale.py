"""Tournament scale: a 10,000-game round robin (slow) and the table of 100,000 games.

    pytest tests/benchmarks/test_tournament_scale.py -m slow -s        # the 10,000 games
    pytest tests/benchmarks/test_tournament_scale.py --benchmark-only  # the table's time

The slow run plays 10 cheap bots at 4-player Get The Cheese! tables (every one of the 210
combinations, 12 deals each, 4 rotations: 10,080 games) on 2 workers, and prints games/s,
the parent's and the workers' CPU seconds per game, the parent's resident memory at every
tenth of the run and the database's bytes per game. It checks every game is stored once
and that the parent's memory stays flat. Targets: the table of 100,000 games in ≤ 10 s,
bootstrap included.
"""

from __future__ import annotations

import json
import random
import resource
import sqlite3
import time
from pathlib import Path

import pytest

from cheese.ratings.bradley_terry import RatedGame
from cheese.referee.jobs import GameResult
from cheese.referee.pool import local_player
from cheese.store import ResultsStore, find_tournament, open_readonly
from cheese.tournaments.standings import tournament_ratings
from cheese.tournaments.tournament import (
    TournamentObserver,
    TournamentSettings,
    plan_tournament,
    run_tournament,
)

CHEAP_BOTS = (
    "random", "greedy", "greedy:samples=1", "greedy:samples=2", "mcts:iterations=5",
    "mcts:iterations=10", "mcts:iterations=20", "mcts:iterations=10,c=0.3",
    "mcts:iterations=10,c=1.5", "mcts:iterations=5,leaf=1",
)
"""The field of the scale runs (docs/tournaments.md, Scale)."""


def resident_kib() -> int:
    """This process's resident memory now (Linux), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class MemorySamples(TournamentObserver):
    def __init__(self, every: int) -> None:
        self.every = every
        self.stored = 0
        self.samples: list[int] = []

    def game_stored(self, result: GameResult) -> None:
        self.stored += 1
        if self.stored % self.every == 0:
            self.samples.append(resident_kib())


@pytest.mark.slow
def test_ten_thousand_games_on_two_workers(tmp_path: Path) -> None:
    settings = TournamentSettings(specs=CHEAP_BOTS, game="get-the-cheese", players=4, deals=12)
    plan = plan_tournament(settings)
    path = tmp_path / "scale.db"
    observer = MemorySamples(every=1008)
    started = time.monotonic()
    parent_before = resource.getrusage(resource.RUSAGE_SELF)
    children_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    with ResultsStore(path) as store:
        summary = run_tournament(
            plan, settings, store, "scale", local_player(2), observer=observer
        )
    elapsed = time.monotonic() - started
    parent = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert summary.stored == summary.total == 10_080
    connection = open_readonly(path)
    rows = connection.execute("SELECT count(*), count(DISTINCT job) FROM games").fetchone()
    assert rows == (10_080, 10_080)
    size = path.stat().st_size + Path(f"{path}-wal").stat().st_size
    parent_cpu = (parent.ru_utime + parent.ru_stime) - (
        parent_before.ru_utime + parent_before.ru_stime
    )
    worker_cpu = (children.ru_utime + children.ru_stime) - (
        children_before.ru_utime + children_before.ru_stime
    )
    print(
        f"\n{summary.played} games in {elapsed:.1f} s: {summary.played / elapsed:.1f} games/s; "
        f"parent CPU {1000 * parent_cpu / summary.played:.2f} ms/game, workers' CPU "
        f"{1000 * worker_cpu / summary.played:.2f} ms/game; database {size / summary.played:.0f} "
        f"bytes/game; parent RSS (MiB) every 1,008 games: "
        + " ".join(f"{sample / 1024:.1f}" for sample in observer.samples)
    )
    # flat: the last tenth's memory within 16 MiB of the first tenth's
    assert observer.samples[-1] - observer.samples[0] < 16 * 1024


def synthetic_games(count: int, seed: int = 1) -> list[RatedGame]:
    """``count`` 4-seat games of 10 bots of spread strengths, as a round robin stores
    them: a deal is one table of 4 bots in its 4 seat rotations."""
    rng = random.Random(seed)
    names = [f"bot{index}" for index in range(10)]
    games = []
    for index in range(count):
        if index % 4 == 0:
            table = rng.sample(names, 4)
        seats = tuple(table[(seat + index) % 4] for seat in range(4))
        noise = [int(name[3:]) * 0.3 + rng.gauss(0.0, 1.5) for name in seats]
        places = tuple(1 + sum(other > mine for other in noise) for mine in noise)
        games.append(RatedGame(str(index // 4), seats, places))
    return games


def stored_synthetic(path: Path, count: int) -> None:
    """A results database holding the ``count`` synthetic games as one tournament."""
    with ResultsStore(path) as store:
        stored = store.tournament("synthetic", {"seed": 0}, total_games=count)
    connection = sqlite3.connect(path)
    with connection:
        connection.executemany(
            "INSERT INTO games (tournament, job, deal, deal_seed, rotation, table_index, game, "
            "seats, entrants, options, actions, scores, ranking, finished, seconds, version) "
            "VALUES (?, ?, ?, '0', 0, 0, 'get-the-cheese', ?, '[]', '{}', '[]', NULL, ?, 1, "
            "0.0, 'synthetic')",
            (
                (stored.id, job, int(game.deal), json.dumps(list(game.seats)),
                 json.dumps(list(game.places)))
                for job, game in enumerate(synthetic_games(count))
            ),
        )
    connection.close()


def test_the_table_of_a_hundred_thousand_stored_games(benchmark: object, tmp_path: Path) -> None:
    path = tmp_path / "synthetic.db"
    stored_synthetic(path, 100_000)
    connection = open_readonly(path)
    stored = find_tournament(connection, "synthetic")
    table = benchmark.pedantic(  # type: ignore[attr-defined]
        tournament_ratings, args=(connection, stored), rounds=3, iterations=1
    )
    assert [rating.bot for rating in table.ratings][:3] == ["bot9", "bot8", "bot7"]
    assert table.games == 100_000 and all(rating.ci95 is not None for rating in table.ratings)
