"""A tournament: check its settings, plan its tables, play the missing games, store them.

The same layers as a duel (a duel is the tournament of two bots at one table): the
schedule hands out the games (``schedule``, ``seating``), a pool plays them (``pool``,
``play``; or a Dask cluster, ``cluster``), and the parent stores each finished game in its
own transaction (``store``). Re-running the same settings under the same name plays only
the games not yet stored; the table (``standings``) reads the stored games in job order,
so it is the same however often the run was interrupted.
"""

from __future__ import annotations

import logging
import math
import signal
import threading
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

from cheese.bots.base import Bot
from cheese.bots.registry import make_bot
from cheese.engine import BACKEND, OptionError, game_info, load_game
from cheese.engine.luck import check_seed
from cheese.referee.clocks import TimeControl
from cheese.referee.external.probe import probe_bots
from cheese.referee.jobs import GameJob, GameResult, Options, Plan
from cheese.referee.play import BotFactory
from cheese.referee.pool import Player, Unplayed, settle
from cheese.store import ResultsStore, StoredTournament
from cheese.tournaments.config import DEFAULT_DEALS, DEFAULT_GAME
from cheese.tournaments.names import free_name, readable_name, settings_digest
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.seating import tables

MOST_GAMES = 10**9
"""The most games one tournament (or duel) may have: some 70 days of cheap games on every
core of a 2-core machine, far past any run a person means, and well inside what SQLite's
job numbers hold."""
MOST_MOVE_SECONDS = 86_400.0
"""The longest --move-time: a day per decision."""
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
    time_control: TimeControl | None = None

    def as_dict(self, num_players: int) -> dict[str, object]:
        """The settings as stored with the tournament (compared on resume); the clock's
        only when there is one, as tournaments before clocks were stored without."""
        clock: dict[str, object] = (
            {}
            if self.time_control is None
            else {"tc": self.time_control.text, "tc_margin": self.time_control.margin}
        )
        return clock | {
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
        raise OptionError(
            f"{game} is played by {allowed} players, not {num_players}; give --players {allowed}"
        )
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
    built = [(spec, bot_factory(spec)) for spec in settings.specs]
    for spec, bot in built:
        canonical = bot.spec
        if canonical in seen:
            raise ValueError(
                f"{spec!r} and {seen[canonical]!r} are the same bot ({canonical}); "
                "give each bot once"
            )
        seen[canonical] = spec
    if settings.deals < 1:
        raise ValueError(f"--deals must be at least 1, not {settings.deals}")
    check_seed(settings.seed)
    check_move_time(settings.move_time)
    check_clocks(built, settings.time_control)
    load_game(settings.game, settings.backend).new_initial_state(
        num_players=num_players, seed=settings.seed, **dict(settings.options)
    )
    # An external bot that does not start is refused here, not forfeited at every game.
    probe_bots(settings.specs, settings.game, num_players, dict(settings.options))
    plan = Plan(
        game=settings.game,
        num_players=num_players,
        specs=settings.specs,
        tables=tables(len(settings.specs), num_players, gauntlet=settings.gauntlet),
        deals=settings.deals,
        seed=settings.seed,
        backend=settings.backend,
        options=settings.options,
        move_time=settings.move_time,
        time_control=settings.time_control,
    )
    check_game_count(Schedule(plan).total(), f"--deals {settings.deals}")
    return plan


def check_move_time(move_time: float | None) -> None:
    """``ValueError`` unless ``move_time`` is None or a positive, finite number of seconds
    no longer than a day."""
    if move_time is None:
        return
    if not (math.isfinite(move_time) and 0 < move_time <= MOST_MOVE_SECONDS):
        raise ValueError(
            f"--move-time must be a number of seconds above 0 and at most "
            f"{MOST_MOVE_SECONDS:g} (a day), not {move_time:g}"
        )


def check_clocks(bots: Iterable[tuple[str, Bot]], time_control: TimeControl | None) -> None:
    """``ValueError`` for a bot (given with its spec) that budgets the game clock
    (``time=auto``) in games played without one."""
    if time_control is not None:
        return
    for spec, bot in bots:
        if getattr(bot, "wants_clock", False) is True:
            raise ValueError(
                f"{spec!r} budgets its time on the game clock (time=auto), but no clock is "
                "kept; give --tc BASE+INC (e.g. --tc 10+0.1), or a time in seconds"
            )


def check_game_count(games: int, asked: str) -> None:
    """``ValueError`` when ``asked`` (the option in words) makes more games than
    ``MOST_GAMES``."""
    if games > MOST_GAMES:
        raise ValueError(
            f"{asked} makes {games:,} games, more than the {MOST_GAMES:,} one run may play; "
            "ask for fewer"
        )


def default_name(settings: TournamentSettings, num_players: int) -> str:
    """A name that the same settings always get: the game and a digest of the settings
    (the default name before readable ones, still found on resume)."""
    return f"{settings.game}-{settings_digest(settings.as_dict(num_players))}"


def tournament_name(store: ResultsStore, settings: TournamentSettings, num_players: int) -> str:
    """The name a tournament gets when none is given: its digest name if the store holds
    it (a tournament begun before readable names), else the readable name of the game,
    seats and bots (``cheese.tournaments.names``) — with the digest when other settings
    hold that name already."""
    stored = settings.as_dict(num_players)
    digest_name = default_name(settings, num_players)
    if store.settings_of(digest_name) is not None:
        return digest_name
    return free_name(
        readable_name(settings.game, num_players, settings.specs), stored, store.settings_of
    )


class StopRequest:
    """Set when the person asks the run to stop (Ctrl-C): no new game is handed out."""

    __slots__ = ("requested",)

    def __init__(self) -> None:
        self.requested = False


@contextmanager
def stop_on_interrupt(stop: StopRequest) -> Iterator[None]:
    """While inside, a first Ctrl-C sets ``stop``; a second one interrupts at once (raises
    ``KeyboardInterrupt``, which ``run_tournament`` turns into a stop that abandons the
    games in flight)."""
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
    """What one run did: games it stored now, games stored in all (by any run), whether it
    was stopped, and the games it could not play through no bot's fault (not stored; a
    resumed run plays them again), each in words."""

    tournament: StoredTournament
    played: int
    stored: int
    total: int
    stopped: bool
    unplayed: tuple[str, ...] = ()
    interrupted: bool = False
    """Stopped by a second Ctrl-C: the games in flight were abandoned, not stored."""
    taken: int = 0
    """Games this run played that another run of the same tournament stored first."""

    @property
    def complete(self) -> bool:
        return self.stored >= self.total


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

    ``StoreError`` if ``name`` exists with other settings (``StoreFull`` when the disk
    fills: the games stored so far stay). With ``stop`` set (Ctrl-C) no new game is handed
    out and the games in flight finish and are stored; a ``KeyboardInterrupt`` (a second
    Ctrl-C) abandons them. A game another run of the same tournament stored meanwhile is
    not handed out, and the counts are read back from the store, so runs at once report
    what is really there.
    """
    watcher = observer if observer is not None else TournamentObserver()
    request = stop if stop is not None else StopRequest()
    schedule = Schedule(plan)
    total = schedule.total()
    stored = store.tournament(name, settings.as_dict(plan.num_players), total)
    done = store.done_jobs(stored.id)
    watcher.started(total, len(done))
    LOGGER.info(
        "tournament %s: %d of %d games stored, %d to play",
        name,
        len(done),
        total,
        total - len(done),
    )
    in_flight: dict[GameJob, int] = {}

    def handed_out() -> Iterator[GameJob]:
        for number, job in schedule.jobs(skip=done):
            if request.requested:
                return
            if store.has_game(stored.id, number):
                continue
            in_flight[job] = number
            yield job

    played = 0
    taken = 0
    unplayed: list[str] = []
    interrupted = False
    outcomes = player(handed_out())
    try:
        for outcome in outcomes:
            result = settle(outcome)
            number = in_flight.pop(result.job)
            if isinstance(result, Unplayed):
                LOGGER.info(  # the summary at the end counts them
                    "deal %d rotation %d was not played: %s",
                    result.job.deal,
                    result.job.rotation,
                    result.reason,
                )
                unplayed.append(
                    f"deal {result.job.deal} rotation {result.job.rotation}: {result.reason}"
                )
                continue
            if not store.add(stored.id, number, result):
                LOGGER.info(  # the summary at the end counts them
                    "deal %d rotation %d was stored by another run; that one is kept",
                    result.job.deal,
                    result.job.rotation,
                )
                taken += 1
                continue
            played += 1
            watcher.game_stored(result)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        close = getattr(outcomes, "close", None)
        if close is not None:
            close()
    now_stored = len(store.done_jobs(stored.id))
    return RunSummary(
        tournament=stored,
        played=played,
        stored=now_stored,
        total=total,
        stopped=(request.requested or interrupted) and now_stored < total,
        unplayed=tuple(unplayed),
        interrupted=interrupted,
        taken=taken,
    )
