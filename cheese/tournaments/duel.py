"""A duel between two bots: plan it, play it on a pool, count it deal by deal, report.

A duel is the tournament of two bots at one table (``DuelSetup.plan``): the same schedule,
pool and game loop as ``cheese tournament``. Its Elo is the two-bot case of the joint
ratings (``cheese.ratings.bradley_terry``, whose fit of a duel's games gives the same
difference), counted deal by deal so that the SPRT can stop it.

One layer per module: the schedule hands out the games (``schedule``), the run loop of
every run (``run``) has a player play them — the pool here or a Dask cluster (``pool``,
``cluster``, ``play``) — finished games are put back into deals in deal order
(``deals``), the SPRT is checked after every deal (``sprt``) and the counted deals are
summed up into the report (``report``, ``stats``). The report, and the deal on which an
SPRT stops the duel, are therefore the same with any number of workers.

A bot that fails forfeits its game exactly as in a tournament (the same pool and
settling), and the report counts the forfeits per bot and kind. A game that could not be
played through no bot's fault leaves its deal incomplete, so the duel stops there
(``GameFailed``) with its workers stopped.

Given a results store, every game is stored as it finishes, in a tournament of the two
bots named after them and the seed (``names.duel_name``); the same duel run again reads
the games stored before back into its deals and plays only the others, so its report is
the one of a duel that ran straight through.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from cheese.engine import BACKEND, load_game
from cheese.engine.luck import check_seed
from cheese.engine.records import GameRecord
from cheese.ratings.deals import Deal, DealCollector, DealScoreCounts
from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtSettings, SprtStatus, sprt_status
from cheese.referee.clocks import TimeControl
from cheese.referee.external.probe import probe_bots
from cheese.referee.jobs import DuelSetup, GameResult
from cheese.referee.play import BotFactory, GameFailed, describe
from cheese.referee.pool import Player, Unplayed, local_player
from cheese.referee.seats import SeatSpec
from cheese.store import ResultsStore, StoredGame, StoreError
from cheese.tournaments.config import DEFAULT_GAME
from cheese.tournaments.names import duel_name, free_name
from cheese.tournaments.report import DuelReport, summarize
from cheese.tournaments.run import StopRequest, StoredRun, play_plan
from cheese.tournaments.schedule import Schedule, deals_for_games, games_per_deal
from cheese.tournaments.tournament import (
    TournamentSettings,
    built_bots,
    check_clocks,
    check_game_count,
    check_games,
    check_move_time,
    parsed_seats,
    seats_of,
)

DEFAULT_GAMES = 100
"""Games when none are asked for: 50 four-player deals, 400 A-against-B pairs — a sensible
minimum, giving a 95% interval of about ±40 Elo between evenly matched bots."""


class DuelObserver(Protocol):
    """Told about progress while the duel runs (the CLI draws a progress bar)."""

    def game_finished(self, result: GameResult) -> None:
        """A game ended (in completion order, not deal order)."""

    def deal_counted(self, deals: int, pairs: PairTally, sprt: SprtStatus | None) -> None:
        """Deals ``0 .. deals-1`` are counted; ``pairs`` is their total."""


def plan_duel(
    spec_a: str | SeatSpec,
    spec_b: str | SeatSpec,
    *,
    game: str = DEFAULT_GAME,
    players: int | None = None,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    backend: str | None = None,
    move_time: float | None = None,
    time_control: TimeControl | None = None,
    bot_factory: BotFactory | None = None,
) -> DuelSetup:
    """Check the duel's settings and fix its deals; raise before any game is played.

    Each bot is given as its spec parsed where it was given, or as the text, parsed
    here (a stand-in ``bot_factory`` of tests builds from the text instead).
    Unknown games and player counts outside the game's range raise ``OptionError``,
    bad bot specs ``BotSpecError``, other bad numbers ``ValueError`` — each naming what is
    allowed.
    """
    num_players = seats_of(game, players)
    check_seed(seed)
    check_game_count(games, f"--games {games}")
    check_move_time(move_time)
    texts = tuple(spec if isinstance(spec, str) else spec.text for spec in (spec_a, spec_b))
    given = [spec for spec in (spec_a, spec_b) if not isinstance(spec, str)]
    parsed = parsed_seats(texts, given if len(given) == 2 else None, bot_factory)
    built = built_bots(texts, parsed, bot_factory)
    check_clocks(built, time_control)
    check_games(built, game)
    chosen_backend = BACKEND if backend is None else backend
    load_game(game, chosen_backend).new_initial_state(num_players=num_players, seed=seed)
    # An external bot that does not start is refused here, not forfeited at every game.
    probe_bots(parsed or texts, game, num_players)
    return DuelSetup(
        game=game,
        num_players=num_players,
        spec_a=texts[0],
        spec_b=texts[1],
        deals=deals_for_games(games, num_players),
        seed=seed,
        backend=chosen_backend,
        move_time=move_time,
        time_control=time_control,
        bots=parsed,
    )


class DuelStopped(Exception):
    """The duel was stopped (Ctrl-C, SIGTERM, SIGHUP) before it was decided: it reports
    nothing. ``games`` were played to the end, by this run or stored by an earlier one;
    ``at_once``: a second signal dropped the games in flight."""

    def __init__(self, games: int, *, at_once: bool) -> None:
        super().__init__(f"the duel was stopped after {games} games")
        self.games = games
        self.at_once = at_once


@dataclass(frozen=True, slots=True)
class StoredDuel:
    """Where a duel's games go: the store and the tournament's name there."""

    store: ResultsStore
    name: str


def duel_settings(setup: DuelSetup) -> dict[str, object]:
    """The duel's settings as its tournament in the results store keeps them."""
    settings = TournamentSettings(
        specs=(setup.spec_a, setup.spec_b),
        game=setup.game,
        players=setup.num_players,
        deals=setup.deals,
        seed=setup.seed,
        move_time=setup.move_time,
        backend=setup.backend,
        options=setup.options,
        time_control=setup.time_control,
    )
    return settings.as_dict(setup.num_players) | {"duel": True}


def stored_duel(setup: DuelSetup, store: ResultsStore) -> StoredDuel:
    """The duel's tournament in ``store``: named after its bots and seed, with a digest
    when another duel of the same bots and seed but other settings holds that name."""
    name = duel_name(setup.spec_a, setup.spec_b, setup.seed)
    return StoredDuel(store, free_name(name, duel_settings(setup), store.settings_of))


def run_duel(
    setup: DuelSetup,
    *,
    workers: int = 1,
    sprt: SprtSettings | None = None,
    bot_factory: BotFactory | None = None,
    observer: DuelObserver | None = None,
    stored: StoredDuel | None = None,
    player: Player | None = None,
    stop: StopRequest | None = None,
) -> DuelReport:
    """Play the duel on ``player`` (default: ``workers`` processes here) and report it.

    With ``sprt`` the test is checked after every counted deal and the duel stops as soon
    as it decides; the report then covers the deals up to that one. With ``stored``,
    every game is stored as it finishes and the games stored before are counted, not
    played again (``StoreError`` if the name holds other settings). With ``stop`` set no
    new game is handed out and ``DuelStopped`` is raised once the games in flight are in,
    unless they decided the duel; a ``KeyboardInterrupt`` becomes ``DuelStopped`` at once.
    """
    plan = setup.plan
    schedule = Schedule(plan)
    before: list[StoredGame] = []
    target = None
    if stored is not None:
        tournament = stored.store.tournament(stored.name, duel_settings(setup), schedule.total())
        target = StoredRun(stored.store, tournament)
        before = stored.store.stored_games(tournament.id)
    earlier = [_result_of(game, schedule) for game in before]
    tally = _Tally(setup, sprt, observer)
    for result in earlier:
        if tally.add(result):
            return tally.report(len(earlier), stored)
    chosen = local_player(workers, bot_factory) if player is None else player
    done = {game.job for game in before}
    try:
        play_plan(plan, chosen, tally, done=done, stored=target, stop=stop)
    except KeyboardInterrupt:
        raise DuelStopped(tally.games, at_once=True) from None
    if stop is not None and stop.requested and not tally.decided:
        raise DuelStopped(tally.games, at_once=False)
    return tally.report(len(earlier), stored)


class _Tally:
    """The duel's games counted deal by deal, the SPRT checked after each deal."""

    __slots__ = (
        "collector", "counts", "deals", "games", "observer", "setup", "sprt", "status",
    )

    def __init__(
        self, setup: DuelSetup, sprt: SprtSettings | None, observer: DuelObserver | None
    ) -> None:
        self.setup = setup
        self.sprt = sprt
        self.observer = observer
        self.collector = DealCollector(games_per_deal(setup.num_players))
        self.deals: list[Deal] = []
        self.counts = DealScoreCounts()
        self.status: SprtStatus | None = None
        self.games = 0

    @property
    def decided(self) -> bool:
        """Every deal is counted, or the SPRT has decided."""
        sprt_decided = self.status is not None and self.status.decision != "continue"
        return sprt_decided or len(self.deals) >= self.setup.deals

    def skips(self, number: int) -> bool:
        """A duel plays every game it has not stored: its deals must be whole."""
        return False

    def unplayed(self, game: Unplayed) -> None:
        """A game no bot lost leaves its deal incomplete: the duel cannot go on."""
        raise GameFailed(f"{describe(game.job)}: {game.reason}")

    def finished(self, result: GameResult, kept: bool) -> bool:
        """Count a played game (whichever run stored it); True once the SPRT decided."""
        return self.add(result)

    def add(self, result: GameResult) -> bool:
        """Count ``result``; True once the SPRT has decided."""
        self.games += 1
        if self.observer is not None:
            self.observer.game_finished(result)
        for deal in self.collector.add(result):
            self.deals.append(deal)
            self.counts.add(deal.pairs)
            if self.sprt is not None:
                self.status = sprt_status(self.counts.counts, self.sprt)
            if self.observer is not None:
                self.observer.deal_counted(len(self.deals), self.counts.pairs, self.status)
            if self.status is not None and self.status.decision != "continue":
                return True
        return False

    def report(self, resumed: int, stored: StoredDuel | None) -> DuelReport:
        report = summarize(self.setup, self.deals, self.status)
        if stored is None:
            return report
        return replace(report, stored_as=stored.name, resumed=resumed)


def _result_of(game: StoredGame, schedule: Schedule) -> GameResult:
    """A stored game of the duel as the result it was when it was played (no actions:
    only its places, points, forfeit and reply times count)."""
    try:
        job = schedule.job_at(game.job)
    except IndexError:
        raise StoreError(
            f"the stored game {game.id} is job {game.job}, which this duel does not have"
        ) from None
    if game.seats != job.seat_specs:
        raise StoreError(
            f"the stored game {game.id} seats {', '.join(game.seats)}, not this duel's "
            f"{', '.join(job.seat_specs)}"
        )
    points = game.scores or ()
    return GameResult(
        job=job,
        record=GameRecord(job.game, job.deal_seed, job.seat_specs, job.options, (), points),
        points=points,
        ranking=game.ranking,
        finished=game.finished,
        forfeit=game.forfeit,
        error=game.error,
        seconds=game.seconds,
        fault=game.fault,
        replies=game.replies or (),
    )
