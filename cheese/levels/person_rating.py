"""A person's rating on the levels' scale, from the games they finished at the table.

**Pairs.** Each of the person's games is decomposed into pairs as the tournaments do
(``cheese.ratings.pairwise.seat_pair_points``): every seat of the person against every
seat of a bot; the better place wins, a shared place draws. Pairs between bots say nothing
of the person and are left out. A bot the table measured but did not make a level (too
close to one) is rated against at its measured Elo, so games against a bot a later
calibration moved out of the levels still count; pairs against a bot the table never
measured are counted and shown, not rated, as that bot has no Elo on the scale.

**Fit.** The tournaments' one Bradley–Terry fit (``cheese.ratings.bradley_terry``) with
every level's Elo held at the shipped table's value: the person, of Elo ``r``, wins a pair
against level ``j`` of Elo ``e_j`` with probability ``1 / (1 + 10^((e_j - r) / 400))``, and
only ``r`` moves, so the levels keep their Elo and nothing is re-centred. A person who
never lost (never won) a point has no maximum: as in the tournaments, half of one pair is
moved the other way, spread over the levels met in proportion to the pairs played, and the
Elo is marked as a lower (upper) bound.

**Interval.** The game is the unit (its pairs share one deal): the 95% interval is the
tournaments' bootstrap with each game as a deal, ``RESAMPLES`` draws refitted the same
way, from a generator of fixed seed so the same games always give the same interval; none
below two games.

**Cheese Chasers** is played alone: a person's record there is their completion rate
(Wilson interval) and best score, compared with the levels' completion rates.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cheese.bots.registry import make_bot
from cheese.engine import EngineError
from cheese.levels.people import PersonGame, person_games, player_name
from cheese.levels.solitaire import SoloRecord, solo_record
from cheese.levels.table import LevelTable
from cheese.ratings.bradley_terry import (
    ELO_PER_NATURAL,
    Bound,
    fit_deals,
    percentile_interval,
)
from cheese.ratings.pairwise import seat_pair_points
from cheese.store import StoreError

BOOTSTRAP_SEED = 0
PERSON = 0
"""The person's index in the fit; the levels follow in their table's order."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """The person's games and share of the pair points against one bot; ``level`` is
    its level number, ``None`` for a bot that is not a level; ``rated`` whether the
    table measured it (a level, or also measured), so that its pairs count."""

    spec: str
    level: int | None
    games: int
    pairs: int
    points: float
    rated: bool

    @property
    def score(self) -> float:
        return self.points / self.pairs if self.pairs else 0.0


@dataclass(frozen=True, slots=True)
class PersonRating:
    """A person's Elo on the levels' scale (``None`` before a game against a level), its
    95% interval (``None`` below two such games), whether it is a bound, and how they did
    against each bot."""

    person: str
    game: str
    games: int
    rated_games: int
    elo: float | None
    ci95: tuple[float, float] | None
    bound: Bound | None
    opponents: tuple[Opponent, ...]


def canonical_spec(spec: str) -> str:
    """The bot spec as the bot writes it back, as the level tables hold it (the spec as
    given when no bot here builds it).

    >>> canonical_spec("greedy:samples=4"), canonical_spec("nobody")
    ('greedy', 'nobody')
    """
    try:
        return make_bot(spec).spec
    except Exception:  # a spec from a record that no bot here builds: keep its words
        return spec


def rate_person(table: LevelTable, person: str, found: Sequence[PersonGame]) -> PersonRating:
    """``person``'s rating from their games ``found`` against ``table``'s levels."""
    me = player_name(person)
    # The bots the table measured but did not make levels are on the same scale: a game
    # against one still counts when a calibration has moved it out of the levels.
    elo_of = table.measured_values
    number_of = {level.spec: level.level for level in table.levels}
    # bot 0 is the person, bot 1 + j the table's j-th measured bot
    bot_of = {spec: 1 + index for index, spec in enumerate(elo_of)}
    per_game = np.zeros((len(found), 1 + len(bot_of), 1 + len(bot_of)))
    opponents: dict[str, list[float]] = {}  # spec: games, pairs, points
    rated = []
    for index, game in enumerate(found):
        owners = [seat if seat == me else canonical_spec(seat) for seat in game.seats]
        met: set[str] = set()
        for one, other, points in seat_pair_points(owners, game.places):
            if owners[one] != me and owners[other] != me:
                continue
            bot, mine = (owners[other], points) if owners[one] == me else (owners[one], 1 - points)
            tally = opponents.setdefault(bot, [0.0, 0.0, 0.0])
            tally[1] += 1
            tally[2] += mine
            met.add(bot)
            if bot in bot_of:
                per_game[index, PERSON, bot_of[bot]] += mine
                per_game[index, bot_of[bot], PERSON] += 1 - mine
        for bot in met:
            opponents[bot][0] += 1
        if any(bot in elo_of for bot in met):
            rated.append(index)
    listed = tuple(
        Opponent(
            spec, number_of.get(spec), int(tally[0]), int(tally[1]), tally[2], spec in elo_of
        )
        for spec, tally in sorted(
            opponents.items(), key=lambda item: (number_of.get(item[0], 10**6), item[0])
        )
    )
    elo: float | None = None
    interval = None
    bound: Bound | None = None
    if rated:
        held = {bot_of[spec]: elo_of[spec] / ELO_PER_NATURAL for spec in bot_of}
        generator = np.random.Generator(np.random.PCG64(BOOTSTRAP_SEED))
        fitted = fit_deals(per_game[rated], generator, held=held)
        elo = float(fitted.strengths[PERSON]) * ELO_PER_NATURAL
        bound = fitted.bounds.get(PERSON)
        if fitted.samples is not None:
            interval = percentile_interval(fitted.samples[:, PERSON] * ELO_PER_NATURAL)
    return PersonRating(person, table.game, len(found), len(rated), elo, interval, bound, listed)


def solo_of(found: Sequence[PersonGame]) -> SoloRecord | None:
    """A person's solitaire record, ``None`` before their first game."""
    if not found:
        return None
    return solo_record([game.finished for game in found], [game.scores[0] for game in found])


def middle_level(table: LevelTable) -> int:
    """The level a person without games starts at.

    The middle one, the weaker of two middles: 4 of 7, 3 of 6."""
    return (len(table.levels) + 1) // 2


def nearest_level(table: LevelTable, person: str, db: Path | None = None) -> int:
    """The level whose Elo (completion rate, in solitaire) is nearest the person's; the
    middle level before any game against a level, or when the games cannot be read."""
    try:
        found = person_games(person, table.game, db, table.players)
    except (StoreError, EngineError, ValueError, OSError):
        return middle_level(table)
    if table.measure == "completion":
        record = solo_of(found)
        target = None if record is None else record.completion
    else:
        target = rate_person(table, person, found).elo
    if target is None or not math.isfinite(target):
        return middle_level(table)
    return closest_level(table, target)


def closest_level(table: LevelTable, value: float) -> int:
    """The level whose value (Elo, or completion rate) is nearest ``value``; the weaker of
    two equally near."""
    return min(table.levels, key=lambda level: (abs(level.value - value), level.level)).level
