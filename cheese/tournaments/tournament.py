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
import os
import signal
import stat
import threading
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType

from cheese.bots.base import Bot
from cheese.engine import BACKEND, OptionError, game_info, load_game
from cheese.engine.luck import check_seed
from cheese.referee.clocks import TimeControl
from cheese.referee.external.probe import probe_bots
from cheese.referee.jobs import GameResult, Options, Plan
from cheese.referee.play import BotFactory
from cheese.referee.pool import Player, Unplayed
from cheese.referee.seats import SeatSpec, parse_seat, seat_bot
from cheese.signal_handlers import STOP_SIGNALS, handling
from cheese.store import ResultsStore, StoredTournament
from cheese.tournaments.config import DEFAULT_DEALS, DEFAULT_GAME
from cheese.tournaments.names import free_name, readable_name, settings_digest
from cheese.tournaments.run import StopRequest as StopRequest  # where runs have long found it
from cheese.tournaments.run import StoredRun, play_plan
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


def plan_tournament(
    settings: TournamentSettings,
    bot_factory: BotFactory | None = None,
    *,
    seats: Sequence[SeatSpec] | None = None,
) -> Plan:
    """Check the settings and fix the tables; raise before any game is played.

    ``seats`` are the bots' specs as parsed where they were given (the command line,
    with its bots file); without them the texts of ``settings.specs`` are parsed here,
    once. A stand-in ``bot_factory`` (tests) builds the bots from the texts instead.
    Unknown games and player counts outside the game's range raise ``OptionError``, bad
    bot specs ``BotSpecError``, other bad values ``ValueError``, each saying what is allowed.
    """
    num_players = seats_of(settings.game, settings.players)
    if len(settings.specs) < 2:
        raise ValueError(f"a tournament needs at least 2 bots, not {len(settings.specs)}")
    parsed = parsed_seats(settings.specs, seats, bot_factory)
    seen: dict[str, str] = {}
    built = built_bots(settings.specs, parsed, bot_factory)
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
    check_games(built, settings.game)
    load_game(settings.game, settings.backend).new_initial_state(
        num_players=num_players, seed=settings.seed, **dict(settings.options)
    )
    # An external bot that does not start is refused here, not forfeited at every game.
    probe_bots(parsed or settings.specs, settings.game, num_players, dict(settings.options))
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
        bots=parsed,
    )
    check_game_count(Schedule(plan).total(), f"--deals {settings.deals}")
    return plan


def parsed_seats(
    specs: Sequence[str], seats: Sequence[SeatSpec] | None, bot_factory: BotFactory | None
) -> tuple[SeatSpec, ...]:
    """The specs parsed: ``seats`` (checked to be ``specs``), else the texts parsed now;
    none for a stand-in ``bot_factory``, which builds from the texts."""
    if seats is not None:
        if tuple(seat.text for seat in seats) != tuple(specs):
            raise ValueError("the parsed bot specs are not those of the settings")
        return tuple(seats)
    if bot_factory is not None:
        return ()
    return tuple(parse_seat(spec) for spec in specs)


def built_bots(
    specs: Sequence[str], seats: Sequence[SeatSpec], bot_factory: BotFactory | None
) -> list[tuple[str, Bot]]:
    """Each bot built once, with its spec's text, to check it before any game: from its
    parsed spec, or by the stand-in ``bot_factory`` from the text."""
    if bot_factory is not None:
        return [(spec, bot_factory(spec)) for spec in specs]
    return [(seat.text, seat_bot(seat)) for seat in seats]


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


def check_games(bots: Iterable[tuple[str, Bot]], game: str) -> None:
    """``ValueError`` for a bot (given with its spec) whose settings the game ``game``
    cannot serve, as its optional ``refusal_for(game)`` says (``mcts:infer=model`` where
    the game has no model of hidden cards): refused before any game, not forfeited in each."""
    for spec, bot in bots:
        refusal_for = getattr(bot, "refusal_for", None)
        refusal = None if refusal_for is None else refusal_for(game)
        if refusal is not None:
            raise ValueError(f"{spec!r} cannot play {game}: {refusal}")


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


@contextmanager
def stop_on_interrupt(stop: StopRequest) -> Iterator[None]:
    """While inside, a first Ctrl-C (or SIGTERM, or SIGHUP) sets ``stop``; a second one
    interrupts at once (raises ``KeyboardInterrupt``, which ``run_tournament`` turns into
    a stop that abandons the games in flight).

    A signal this process was started ignoring (``nohup`` ignores SIGHUP) stays ignored.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    stopping_at_once = False

    def handle(number: int, frame: FrameType | None) -> None:
        nonlocal stopping_at_once
        if number == getattr(signal, "SIGHUP", None):
            _leave_the_terminal()
        if stopping_at_once:
            return  # the run is winding down already; a third Ctrl-C must not cut that short
        if stop.requested:
            stopping_at_once = True
            raise KeyboardInterrupt
        stop.request(number)

    try:
        with handling(STOP_SIGNALS, handle):
            yield
    finally:
        if stop.signal is not None:
            # A signal stopped the run, which is ending and about to say how to resume:
            # one more Ctrl-C must not cut that line off with a traceback.
            for number in STOP_SIGNALS:
                if signal.getsignal(number) is not signal.SIG_IGN:
                    signal.signal(number, _already_stopping)


def _already_stopping(number: int, frame: FrameType | None) -> None:
    """The handler of the stop signals once a run was stopped: it is ending."""


def _leave_the_terminal() -> None:
    """After a hang-up every write to the terminal fails (EIO), which would end the run
    in a traceback before it had said what it stored: what goes to a terminal now goes
    nowhere. Output sent to a file or a pipe (``2>run.log``) still gets the last lines."""
    try:
        nowhere = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        return
    try:
        for descriptor in (1, 2):
            try:
                if stat.S_ISCHR(os.fstat(descriptor).st_mode):
                    os.dup2(nowhere, descriptor)
            except OSError:  # closed already
                pass
    finally:
        os.close(nowhere)


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
    total = Schedule(plan).total()
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
    counts = _TournamentCounts(store, stored, watcher)
    interrupted = False
    try:
        play_plan(
            plan, player, counts, done=done, stored=StoredRun(store, stored), stop=request
        )
    except KeyboardInterrupt:
        interrupted = True
    now_stored = len(store.done_jobs(stored.id))
    return RunSummary(
        tournament=stored,
        played=counts.played,
        stored=now_stored,
        total=total,
        stopped=(request.requested or interrupted) and now_stored < total,
        unplayed=tuple(counts.unplayed_games),
        interrupted=interrupted,
        taken=counts.taken,
    )


class _TournamentCounts:
    """A tournament's run policy: every stored game counts, the games it could not play
    are noted (a resumed run plays them), and a game another run stored first is left
    to that run."""

    __slots__ = ("played", "store", "stored", "taken", "unplayed_games", "watcher")

    def __init__(
        self, store: ResultsStore, stored: StoredTournament, watcher: TournamentObserver
    ) -> None:
        self.store = store
        self.stored = stored
        self.watcher = watcher
        self.played = 0
        self.taken = 0
        self.unplayed_games: list[str] = []

    def skips(self, number: int) -> bool:
        return self.store.has_game(self.stored.id, number)

    def unplayed(self, game: Unplayed) -> None:
        LOGGER.info(  # the summary at the end counts them
            "deal %d rotation %d was not played: %s",
            game.job.deal,
            game.job.rotation,
            game.reason,
        )
        self.unplayed_games.append(
            f"deal {game.job.deal} rotation {game.job.rotation}: {game.reason}"
        )

    def finished(self, result: GameResult, kept: bool) -> bool:
        if not kept:
            LOGGER.info(  # the summary at the end counts them
                "deal %d rotation %d was stored by another run; that one is kept",
                result.job.deal,
                result.job.rotation,
            )
            self.taken += 1
            return False
        self.played += 1
        self.watcher.game_stored(result)
        return False
