"""A duel between two bots: plan it, play it on a pool, count it deal by deal, report.

A duel is the tournament of two bots at one table (``DuelSetup.plan``): the same schedule,
pool and game loop as ``cheese tournament``. Its Elo is the two-bot case of the joint
ratings (``cheese.tournaments.ratings``, whose fit of a duel's games gives the same
difference), counted deal by deal so that the SPRT can stop it.

One layer per module: the schedule hands out the games (``schedule``), the pool plays
them (``pool``, ``play``), finished games are put back into deals in deal order
(``deals``), the SPRT is checked after every deal (``sprt``) and the counted deals are
summed up into the report (``report``, ``stats``). The report, and the deal on which an
SPRT stops the duel, are therefore the same with any number of workers.

A bot that fails forfeits its game exactly as in a tournament (the same pool and
settling), and the report counts the forfeits per bot and kind. A game that could not be
played through no bot's fault leaves its deal incomplete, so the duel stops there
(``GameFailed``) with its workers stopped.
"""

from __future__ import annotations

import functools
from contextlib import closing
from typing import Protocol

from cheese.bots.registry import make_bot
from cheese.engine import BACKEND, load_game
from cheese.engine.luck import check_seed
from cheese.tournaments.config import DEFAULT_GAME
from cheese.tournaments.deals import Deal, DealCollector, DealScoreCounts
from cheese.tournaments.jobs import DuelSetup, GameResult
from cheese.tournaments.pairwise import PairTally
from cheese.tournaments.play import BotFactory, GameFailed, describe, play_or_forfeit
from cheese.tournaments.pool import WORKER_RETRIES, Unplayed, play_outcomes, settle
from cheese.tournaments.report import DuelReport, summarize
from cheese.tournaments.schedule import Schedule, deals_for_games, games_per_deal
from cheese.tournaments.sprt import SprtSettings, SprtStatus, sprt_status
from cheese.tournaments.tournament import (
    check_game_count,
    check_move_time,
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
    spec_a: str,
    spec_b: str,
    *,
    game: str = DEFAULT_GAME,
    players: int | None = None,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    backend: str | None = None,
    move_time: float | None = None,
    bot_factory: BotFactory = make_bot,
) -> DuelSetup:
    """Check the duel's settings and fix its deals; raise before any game is played.

    Unknown games and player counts outside the game's range raise ``OptionError``,
    bad bot specs ``BotSpecError``, other bad numbers ``ValueError`` — each naming what is
    allowed.
    """
    num_players = seats_of(game, players)
    check_seed(seed)
    check_game_count(games, f"--games {games}")
    check_move_time(move_time)
    for spec in (spec_a, spec_b):
        bot_factory(spec)
    chosen_backend = BACKEND if backend is None else backend
    load_game(game, chosen_backend).new_initial_state(num_players=num_players, seed=seed)
    return DuelSetup(
        game=game,
        num_players=num_players,
        spec_a=spec_a,
        spec_b=spec_b,
        deals=deals_for_games(games, num_players),
        seed=seed,
        backend=chosen_backend,
        move_time=move_time,
    )


def run_duel(
    setup: DuelSetup,
    *,
    workers: int = 1,
    sprt: SprtSettings | None = None,
    bot_factory: BotFactory = make_bot,
    observer: DuelObserver | None = None,
) -> DuelReport:
    """Play the duel on ``workers`` processes and report it.

    With ``sprt`` the test is checked after every counted deal and the duel stops as soon
    as it decides; the report then covers the deals up to that one.
    """
    schedule = Schedule(setup.plan)
    jobs = (job for _, job in schedule.jobs())
    runner = functools.partial(play_or_forfeit, bot_factory=bot_factory)
    collector = DealCollector(games_per_deal(setup.num_players))
    deals: list[Deal] = []
    counts = DealScoreCounts()
    status: SprtStatus | None = None
    with closing(play_outcomes(jobs, runner, workers, retries=WORKER_RETRIES)) as outcomes:
        for outcome in outcomes:
            result = settle(outcome)
            if isinstance(result, Unplayed):
                raise GameFailed(f"{describe(result.job)}: {result.reason}")
            if observer is not None:
                observer.game_finished(result)
            for deal in collector.add(result):
                deals.append(deal)
                counts.add(deal.pairs)
                if sprt is not None:
                    status = sprt_status(counts.counts, sprt)
                if observer is not None:
                    observer.deal_counted(len(deals), counts.pairs, status)
                if status is not None and status.decision != "continue":
                    return summarize(setup, deals, status)
    return summarize(setup, deals, status)
