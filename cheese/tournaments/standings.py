"""A stored tournament's table: its games read in job order and rated jointly.

The games are read in the schedule's order, not the order they finished in, and the
bootstrap is seeded from the tournament's seed, so the table of a tournament that was
interrupted and resumed is byte for byte the table of one that ran straight through.
"""

from __future__ import annotations

import sqlite3
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field

from cheese.bots.faults import Fault
from cheese.ratings.bradley_terry import RatedGame, Ratings, rate
from cheese.ratings.variance_shares import SeatedGame, VarianceShares, variance_shares
from cheese.referee.latency import Latency, latencies
from cheese.store import StoredGame, StoredTournament, games


def rated_games(
    connection: sqlite3.Connection, tournament: StoredTournament
) -> Iterator[RatedGame]:
    """The tournament's games with places, as ratings take them (one deal per deal seed).

    In a solitaire game each bot plays every deal alone; the deal's games are then rated
    as one game whose places are the order of the scores (as a duel compares A's and B's
    solitaire scores on one seed).
    """
    solitaire = tournament.settings.get("players") == 1
    deal: list[StoredGame] = []
    for game in games(connection, tournament.id):
        if solitaire:
            if deal and deal[0].deal != game.deal:
                yield from _solitaire_deal(deal)
                deal = []
            deal.append(game)
            continue
        yield RatedGame(
            deal=str(game.deal),
            seats=game.seats,
            places=game.ranking,
            points=None if game.scores is None else tuple(float(value) for value in game.scores),
        )
    if deal:
        yield from _solitaire_deal(deal)


def _solitaire_deal(deal: list[StoredGame]) -> Iterator[RatedGame]:
    """One deal of solitaire games as one game: a forfeit counts below every score."""
    if len(deal) < 2:
        return
    values = [-1.0 if game.scores is None else float(game.scores[0]) for game in deal]
    yield RatedGame(
        deal=str(deal[0].deal),
        seats=tuple(game.seats[0] for game in deal),
        places=tuple(1 + sum(other > value for other in values) for value in values),
        points=None if any(game.scores is None for game in deal) else tuple(values),
    )


def tournament_ratings(
    connection: sqlite3.Connection,
    tournament: StoredTournament,
    anchor: tuple[str, float] | None = None,
) -> Ratings:
    """The joint ratings of the tournament's stored games (bootstrap seeded by its seed)."""
    seed = tournament.settings.get("seed", 0)
    return rate(
        rated_games(connection, tournament),
        seed=seed if isinstance(seed, int) else 0,
        anchor=anchor,
    )


def luck_and_skill(
    connection: sqlite3.Connection, tournament: StoredTournament
) -> VarianceShares | None:
    """The shares of the results' variance of the deals, seats and bots (bootstrap seeded
    by the tournament's seed), or None when the games are too few to tell them apart."""
    seed = tournament.settings.get("seed", 0)
    seated = (
        SeatedGame(
            deal=game.deal,
            bots=game.seats,
            places=game.ranking,
            points=None if game.scores is None else tuple(float(value) for value in game.scores),
        )
        for game in games(connection, tournament.id)
    )
    try:
        return variance_shares(seated, seed=seed if isinstance(seed, int) else 0)
    except ValueError:
        return None


@dataclass(frozen=True, slots=True)
class Forfeits:
    """How often each bot forfeited, by kind of fault, in the order the kinds first occur
    in the schedule, and why it forfeited the first of them."""

    by_bot: dict[str, Counter[Fault]]
    first_errors: dict[str, str] = field(default_factory=dict)
    """Per bot that forfeited, the stored error of its first forfeit in the schedule."""


def forfeits(connection: sqlite3.Connection, tournament: StoredTournament) -> Forfeits:
    """The tournament's forfeits per bot and kind, counted from the stored ``fault``."""
    by_bot: dict[str, Counter[Fault]] = {}
    first_errors: dict[str, str] = {}
    for game in games(connection, tournament.id):
        if game.forfeit is None or game.fault is None:
            continue
        bot = game.seats[game.forfeit]
        by_bot.setdefault(bot, Counter())[game.fault] += 1
        first_errors.setdefault(bot, game.fault.why(game.error))
    return Forfeits(by_bot, first_errors)


def bot_latencies(
    connection: sqlite3.Connection, tournament: StoredTournament
) -> dict[str, Latency]:
    """Each bot's reply times over its stored decisions (games stored before they were
    kept count for none)."""
    return latencies((game.seats, game.replies) for game in games(connection, tournament.id))
