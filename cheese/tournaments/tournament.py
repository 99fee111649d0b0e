"""A tournament: check its settings, plan its tables, play the missing games, store them.

The same layers as a duel (a duel is the tournament of two bots at one table): the
schedule hands out the games (``schedule``, ``seating``), a pool plays them (``pool``,
``play``; or a Dask cluster, ``cluster``), and the parent stores each finished game in its
own transaction (``store``). Re-running the same settings under the same name plays only
the games not yet stored; the table (``standings``) reads the stored games in job order,
so it is the same however often the run was interrupted.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import signal
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

from cheese.bots.registry import make_bot
from cheese.engine import BACKEND, OptionError, game_info, load_game
from cheese.parallel import Outcome
from cheese.tournaments.jobs import GameJob, GameResult, Options, Plan
from cheese.tournaments.play import BotFactory, play_or_forfeit
from cheese.tournaments.pool import WORKER_RETRIES, play_outcomes, settle_with_forfeits
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.seating import tables
from cheese.tournaments.store import ResultsStore, StoredTournament

DEFAULT_GAME = "get-the-cheese"
DEFAULT_DEALS = 2
LOGGER = logging.getLogger("cheese.tournaments")


@dataclass(frozen=True, slots=True)
class TournamentSettings:
    """Everything that decides which games a tournament plays and how they come out
    (not where or how fast: workers, database, logging)."""

    specs: tuple[str, ...]
    game: str = DEFAULT_GAME
    players: int | None = None
    deals: int = DEFAULT_DEALS
    seed: int = 0
    gauntlet: bool = False
    move_time: float | None = None
    backend: str = BACKEND
    options: Options = ()

    def as_dict(self, num_players: int) -> dict[str, object]:
        """The settings as stored with the tournament (compared on resume)."""
        return {
            "bots": list(self.specs),
            "game": self.game,
            "players": num_players,
            "deals": self.deals,
            "seed": self.seed,
            "gauntlet": self.gauntlet,
            "move_time": self.move_time,
            "backend": self.backend,
            "options": {key: value for key, value in self.options},
        }


def seats_of(game: str, players: int | None) -> int:
    """The seats per game: ``players``, or the game's default; ``OptionError`` if the game
    is unknown or not played by that many."""
    info = game_info(game)
    num_players = info.default_players if players is None else players
    if not info.min_players <= num_players <= info.max_players:
        allowed = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players} to {info.max_players}"
        )
        raise OptionError(f"{game} is played by {allowed} players, not {num_players}")
    return num_players


def plan_tournament(settings: TournamentSettings, bot_factory: BotFactory = make_bot) -> Plan:
    """Check the settings and fix the tables; raise before any game is played.

    Unknown games and player counts outside the game's range raise ``OptionError``, bad
    bot specs ``BotSpecError``, other bad values ``ValueError``, each saying what is allowed.
    """
    num_players = seats_of(settings.game, settings.players)
    if len(settings.specs) < 2:
        raise ValueError(f"a tournament needs at least 2 bots, not {len(settings.specs)}")
    seen: dict[str, str] = {}
    for spec in settings.specs:
        canonical = bot_factory(spec).spec
        if canonical in seen:
            raise ValueError(
                f"{spec!r} and {seen[canonical]!r} are the same bot ({canonical}); "
                "give each bot once"
            )
        seen[canonical] = spec
    if settings.deals < 1:
        raise ValueError(f"--deals must be at least 1, not {settings.deals}")
    if not 0 <= settings.seed < 2**64:
        raise ValueError(f"--seed must be from 0 to 2**64 - 1, not {settings.seed}")
    if settings.move_time is not None and not settings.move_time > 0:
        raise ValueError(
            f"--move-time must be a positive number of seconds, not {settings.move_time}"
        )
    load_game(settings.game, settings.backend).new_initial_state(
        num_players=num_players, seed=settings.seed, **dict(settings.options)
    )
    return Plan(
        game=settings.game,
        num_players=num_players,
        specs=settings.specs,
        tables=tables(len(settings.specs), num_players, gauntlet=settings.gauntlet),
        deals=settings.deals,
        seed=settings.seed,
        backend=settings.backend,
        options=settings.options,
        move_time=settings.move_time,
    )


def default_name(settings: TournamentSettings, num_players: int) -> str:
    """A name that the same settings always get: the game and a digest of the settings."""
    text = json.dumps(settings.as_dict(num_players), sort_keys=True)
    return f"{settings.game}-{hashlib.sha256(text.encode()).hexdigest()[:8]}"


class StopRequest:
    """Set when the person asks the run to stop (Ctrl-C): no new game is handed out."""

    __slots__ = ("requested",)

    def __init__(self) -> None:
        self.requested = False


@contextmanager
def stop_on_interrupt(stop: StopRequest) -> Iterator[None]:
    """While inside, a first Ctrl-C sets ``stop``; a second one interrupts at once."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handle(number: int, frame: FrameType | None) -> None:
        if stop.requested:
            raise KeyboardInterrupt
        stop.requested = True

    previous = signal.signal(signal.SIGINT, handle)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class TournamentObserver:
    """Told about progress while the tournament runs (the CLI shows it); does nothing."""

    def started(self, total: int, done: int) -> None:
        """``done`` of ``total`` games were stored before this run."""

    def game_stored(self, result: GameResult) -> None:
        """A game finished and is stored."""


@dataclass(frozen=True, slots=True)
class RunSummary:
    """What one run did: games played now, stored in all, and whether it was stopped."""

    tournament: StoredTournament
    played: int
    stored: int
    total: int
    stopped: bool
    failures: tuple[str, ...] = ()

    @property
    def complete(self) -> bool:
        return self.stored >= self.total


Player = Callable[[Iterable[GameJob]], Iterator[Outcome[GameJob, GameResult]]]
"""Plays jobs somewhere (processes here, or a cluster) and yields their outcomes."""


def local_player(workers: int, bot_factory: BotFactory = make_bot) -> Player:
    """Jobs played on ``workers`` processes of this machine (here, with one)."""
    runner = functools.partial(play_or_forfeit, bot_factory=bot_factory)

    def play(jobs: Iterable[GameJob]) -> Iterator[Outcome[GameJob, GameResult]]:
        return play_outcomes(jobs, runner, workers, retries=WORKER_RETRIES)

    return play


def run_tournament(
    plan: Plan,
    settings: TournamentSettings,
    store: ResultsStore,
    name: str,
    player: Player,
    *,
    observer: TournamentObserver | None = None,
    stop: StopRequest | None = None,
) -> RunSummary:
    """Play the tournament's games not yet stored under ``name`` and store each one.

    ``StoreError`` if ``name`` exists with other settings. With ``stop`` set (Ctrl-C) no
    new game is handed out; the games in flight finish and are stored.
    """
    watcher = observer if observer is not None else TournamentObserver()
    request = stop if stop is not None else StopRequest()
    schedule = Schedule(plan)
    every = schedule.jobs()
    stored = store.tournament(name, settings.as_dict(plan.num_players), len(every))
    done = store.done_jobs(stored.id)
    number = {job: index for index, job in enumerate(every)}
    missing = [job for index, job in enumerate(every) if index not in done]
    watcher.started(len(every), len(done))
    LOGGER.info(
        "tournament %s: %d of %d games stored, %d to play", name, len(done), len(every),
        len(missing),
    )

    def handed_out() -> Iterator[GameJob]:
        for job in missing:
            if request.requested:
                return
            yield job

    played = 0
    failures: list[str] = []
    outcomes = player(handed_out())
    try:
        for outcome in outcomes:
            result = settle_with_forfeits(outcome)
            if not store.add(stored.id, number[result.job], result):
                LOGGER.warning(
                    "deal %d rotation %d was stored by another run; that one is kept",
                    result.job.deal, result.job.rotation,
                )
                continue
            played += 1
            if result.error is not None and result.forfeit is None:
                LOGGER.warning(
                    "deal %d rotation %d failed: %s", result.job.deal, result.job.rotation,
                    result.error,
                )
                failures.append(result.error)
            watcher.game_stored(result)
    finally:
        close = getattr(outcomes, "close", None)
        if close is not None:
            close()
    return RunSummary(
        tournament=stored,
        played=played,
        stored=len(done) + played,
        total=len(every),
        stopped=request.requested and len(done) + played < len(every),
        failures=tuple(failures),
    )
