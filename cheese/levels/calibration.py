"""A calibration: every candidate level of a game in one tournament, measured on one scale.

The candidates (``cheese.levels.ladders``) play a round robin of the project's tournament
(``cheese.tournaments.tournament``) into a results database; a calibration is resumed by
running the same command again, as any tournament is. Then:

- **Against bots** the stored games are rated jointly by the tournament's own fit
  (``cheese.tournaments.standings.tournament_ratings``: Bradley–Terry over seat pairs, 95%
  intervals from the bootstrap over deals), shifted so that the mean of every candidate's
  Elo is ``SCALE_MEAN``.
- **Cheese Chasers** (solitaire): every candidate plays the same seeded deals alone; it is
  measured by its completion rate with the Wilson 95% interval, and its mean score
  (``cheese.levels.solitaire``).

The levels are then chosen from the strongest candidate down: a candidate is kept when its
interval lies wholly below the last kept one's, so consecutive levels' intervals never
overlap and the top level is the strongest bot; the rest are listed in the table as
candidates only.
"""

from __future__ import annotations

import shlex
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path

from cheese import __version__
from cheese.engine import BACKEND
from cheese.engine.records import replay
from cheese.levels.ladders import Ladder, ladder_of
from cheese.levels.solitaire import solo_record
from cheese.levels.table import Level, LevelError, LevelTable, Measure, intervals_apart
from cheese.ratings.scales import LEVELS_MEAN
from cheese.referee.pool import Player
from cheese.store import (
    ResultsStore,
    StoredTournament,
    find_tournament,
    games,
    open_readonly,
    read_game,
)
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.standings import tournament_ratings
from cheese.tournaments.tournament import (
    RunSummary,
    StopRequest,
    TournamentObserver,
    TournamentSettings,
    check_game_count,
    default_name,
    plan_tournament,
)
from cheese.tournaments.tournament import run_tournament as play_tournament

SCALE_MEAN = LEVELS_MEAN
"""The mean Elo of a calibration's candidates: the levels' scale is fixed there."""
DEFAULT_DB = "cheese-levels.db"
DIGITS = 4
"""Decimals a table keeps of each figure (the file holds exactly what is measured)."""
MIN_DEALS = 2
"""Fewest deals per table: the bootstrap over deals needs two to give an interval."""


@dataclass(frozen=True, slots=True)
class CalibrationRequest:
    """What to calibrate: the game, how many games (rounded up to whole deals per
    table), the seed, the results database, the worker count as the person gave it
    (``None``: one per core; it changes how fast, never what is measured) and the table
    size (``None``: the game's default)."""

    game: str
    games: int | None = None
    seed: int = 0
    db: Path | None = None
    workers: int | None = None
    players: int | None = None

    @property
    def ladder(self) -> Ladder:
        return ladder_of(self.game, self.players)

    @property
    def database(self) -> Path:
        return Path(DEFAULT_DB) if self.db is None else self.db

    def command(self) -> str:
        """The command that measures this calibration (and resumes it).

        >>> CalibrationRequest("cheese-drop", 300, 1, Path("x.db"), 2, 3).command()
        'cheese levels calibrate cheese-drop --players 3 --games 300 --seed 1 --workers 2 --db x.db'
        """
        words = ["cheese", "levels", "calibrate", self.game]
        words += ["--players", str(self.ladder.players), "--games", str(self.total_games)]
        words += ["--seed", str(self.seed)]
        if self.workers is not None:
            words += ["--workers", str(self.workers)]
        if self.db is not None:
            words += ["--db", str(self.db)]
        return shlex.join(words)

    @property
    def total_games(self) -> int:
        return self.ladder.default_games if self.games is None else self.games


def calibration_settings(request: CalibrationRequest) -> TournamentSettings:
    """The tournament a calibration plays: every candidate, the ladder's seats, enough
    deals per table for ``request.games`` games (at least ``MIN_DEALS``)."""
    ladder = request.ladder
    if request.total_games < 1:
        raise LevelError(f"--games must be at least 1, not {request.total_games}")
    one_deal = TournamentSettings(
        specs=ladder.candidates,
        game=ladder.game,
        players=ladder.players,
        deals=1,
        seed=request.seed,
        backend=BACKEND,
    )
    per_deal = Schedule(plan_tournament(one_deal)).total()
    # Whole numbers throughout: a float quotient rounds a huge --games.
    deals = max(MIN_DEALS, -(-request.total_games // per_deal))
    # Checked here, under the flag the person gave, before the plan counts whole deals.
    check_game_count(deals * per_deal, f"--games {request.total_games}")
    return replace(one_deal, deals=deals)


def tournament_name(settings: TournamentSettings) -> str:
    """The calibration's tournament in the database: the same settings, the same name."""
    return "levels-" + default_name(settings, settings.players or 1)


def run_calibration(
    request: CalibrationRequest,
    player: Player,
    *,
    observer: TournamentObserver | None = None,
    stop: StopRequest | None = None,
) -> RunSummary:
    """Play the calibration's games not yet stored in ``request.database``."""
    settings = calibration_settings(request)
    plan = plan_tournament(settings)
    with ResultsStore(request.database) as store:
        return play_tournament(
            plan,
            settings,
            store,
            tournament_name(settings),
            player,
            observer=observer,
            stop=stop,
        )


def measure(request: CalibrationRequest, today: str | None = None) -> LevelTable:
    """The level table from the calibration's stored games (all of them must be there);
    ``LevelError`` when some are missing or too few levels are apart."""
    settings = calibration_settings(request)
    name = tournament_name(settings)
    connection = open_readonly(request.database)
    try:
        stored = find_tournament(connection, name)
        if stored.games_done < stored.total_games:
            raise LevelError(
                f"the calibration has {stored.games_done} of {stored.total_games} games; "
                f"finish it with: {request.command()}"
            )
        if settings.players == 1:
            measured, scale = _solitaire_levels(connection, stored, request.database)
            measure_name: Measure = "completion"
        else:
            measured, scale = _elo_levels(connection, stored)
            measure_name = "elo"
    finally:
        connection.close()
    levels = choose_levels(measured)
    fewest = request.ladder.min_levels
    if len(levels) < fewest:
        raise LevelError(
            f"only {len(levels)} of the {len(measured)} candidates are apart with "
            f"{stored.total_games} games (fewer than {fewest} levels); play more with "
            "a larger --games"
        )
    assert intervals_apart(levels) is None
    level_specs = {level.spec for level in levels}
    return LevelTable(
        game=request.game,
        players=settings.players or 1,
        measure=measure_name,
        scale=scale,
        levels=levels,
        command=request.command(),
        date=today or datetime.now(UTC).date().isoformat(),
        version=__version__,
        games=stored.total_games,
        candidates=settings.specs,
        also_measured=tuple(
            sorted(
                (bot for bot in measured if bot.spec not in level_specs),
                key=lambda bot: (bot.value, bot.score),
            )
        ),
    )


def choose_levels(measured: Sequence[Level]) -> tuple[Level, ...]:
    """The strongest candidate, then, going down, every candidate whose interval is wholly
    below the last kept one's; numbered from 1, the weakest. Going down keeps the game's
    strongest bot as the top level whatever lies near it.

    >>> found = choose_levels([Level(0, "a", 0.0, (-5.0, 5.0), 9, 0.3),
    ...                        Level(0, "b", 4.0, (1.0, 8.0), 9, 0.5),
    ...                        Level(0, "c", 9.0, (6.0, 12.0), 9, 0.7)])
    >>> [(level.level, level.spec) for level in found]
    [(1, 'a'), (2, 'c')]
    """
    kept: list[Level] = []
    for level in sorted(measured, key=lambda level: (level.value, level.score), reverse=True):
        if not kept or level.ci95[1] < kept[-1].ci95[0]:
            kept.append(level)
    return tuple(replace(level, level=number) for number, level in enumerate(reversed(kept), 1))


def _elo_levels(
    connection: sqlite3.Connection, stored: StoredTournament
) -> tuple[list[Level], str]:
    ratings = tournament_ratings(connection, stored)
    shift = SCALE_MEAN - sum(rating.elo for rating in ratings.ratings) / len(ratings.ratings)
    measured = []
    for rating in ratings.ratings:
        if rating.ci95 is None:
            raise LevelError("the calibration has a single deal; play at least two")
        measured.append(
            Level(
                level=0,
                spec=rating.bot,
                value=round(rating.elo + shift, DIGITS),
                ci95=(round(rating.ci95[0] + shift, DIGITS), round(rating.ci95[1] + shift, DIGITS)),
                games=rating.games,
                score=round(rating.score, DIGITS),
            )
        )
    scale = (
        f"Elo, the mean of the {len(measured)} candidates at {SCALE_MEAN:g}; "
        "95% intervals: bootstrap over deals"
    )
    return measured, scale


def _solitaire_levels(
    connection: sqlite3.Connection, stored: StoredTournament, path: Path
) -> tuple[list[Level], str]:
    finished: dict[str, list[bool]] = {}
    scores: dict[str, list[int]] = {}
    for game in games(connection, stored.id):
        spec = game.seats[0]
        completed = False
        score = 0
        if game.scores is not None:  # a forfeit counts as a game lost at once
            completed = not replay(read_game(path, game.id)).ended_early()
            score = game.scores[0]
        finished.setdefault(spec, []).append(completed)
        scores.setdefault(spec, []).append(score)
    measured = []
    for spec in finished:
        record = solo_record(finished[spec], scores[spec])
        measured.append(
            Level(
                level=0,
                spec=spec,
                value=round(record.completion, DIGITS),
                ci95=(round(record.ci95[0], DIGITS), round(record.ci95[1], DIGITS)),
                games=record.games,
                score=round(record.mean_score, DIGITS),
            )
        )
    scale = "completion rate over the same seeded deals; 95% intervals: Wilson; score: mean"
    return measured, scale
