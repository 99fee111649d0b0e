"""A person's rating on the levels' scale, from the games they finished at the table.

**Pairs.** Each of the person's games is decomposed into pairs as the tournaments do
(``cheese.ratings.pairwise.seat_pair_points``): every seat of the person against every
seat of a bot; the better place wins, a shared place draws. Pairs between bots say nothing
of the person and are left out; so are pairs against a bot that is not one of the game's
levels (they are counted and shown, not rated, as that bot has no Elo on the scale).

**Fit.** The model is the tournaments' Bradley–Terry one (``cheese.ratings.bradley_terry``)
with every level's Elo held fixed at the shipped table's value ``e_j``: the person, of
strength ``r``, wins a pair against level ``j`` with probability ``σ((r - e_j) / s)``,
``s = 400 / ln 10``. Only ``r`` is fitted, by Newton's method on the concave
log-likelihood ``Σ_j W_j log σ((r - e_j)/s) + L_j log σ((e_j - r)/s)``, where ``W_j`` and
``L_j`` are the person's points and the levels' points against them. A person who never
lost (never won) a point has no maximum: as in the tournaments, half of one pair is moved
the other way, spread over the levels met in proportion to the pairs played, and the Elo
is marked as a lower (upper) bound.

**Interval.** The game is the unit (its pairs share one deal): the 95% interval is the
percentile bootstrap over the person's games, ``RESAMPLES`` draws refitted the same way,
from a generator of fixed seed so the same games always give the same interval; none
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
import numpy.typing as npt

from cheese.bots.registry import make_bot
from cheese.engine import EngineError
from cheese.levels.people import PersonGame, person_games, player_name
from cheese.levels.solitaire import SoloRecord, solo_record
from cheese.levels.table import LevelTable
from cheese.ratings.bradley_terry import CONFIDENCE, ELO_PER_NATURAL, RESAMPLES, Bound
from cheese.ratings.pairwise import seat_pair_points
from cheese.store import StoreError

BOOTSTRAP_SEED = 0
ITERATIONS = 100
TOLERANCE = 1e-9
MAX_STEP = 2.0
"""Largest Newton step in natural-log units, as the tournaments' fit caps it."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """The person's games and share of the pair points against one bot; ``level`` is
    its level number, ``None`` for a bot that is not a level."""

    spec: str
    level: int | None
    games: int
    pairs: int
    points: float

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
    elo_of = {level.spec: level.value for level in table.levels}
    number_of = {level.spec: level.level for level in table.levels}
    rated_specs = list(elo_of)
    per_game = np.zeros((len(found), 2, len(rated_specs)))  # [game, points|pairs, level]
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
            if bot in elo_of:
                per_game[index, 0, rated_specs.index(bot)] += mine
                per_game[index, 1, rated_specs.index(bot)] += 1
        for bot in met:
            opponents[bot][0] += 1
        if any(bot in elo_of for bot in met):
            rated.append(index)
    listed = tuple(
        Opponent(spec, number_of.get(spec), int(tally[0]), int(tally[1]), tally[2])
        for spec, tally in sorted(
            opponents.items(), key=lambda item: (number_of.get(item[0], 10**6), item[0])
        )
    )
    elo: float | None = None
    interval = None
    bound: Bound | None = None
    if rated:
        games = per_game[rated]
        levels = np.array([elo_of[spec] for spec in rated_specs]) / ELO_PER_NATURAL
        strength, bound = fit_one(games.sum(axis=0), levels)
        elo = strength * ELO_PER_NATURAL
        if len(rated) >= 2:
            interval = _bootstrap(games, levels)
    return PersonRating(person, table.game, len(found), len(rated), elo, interval, bound, listed)


def fit_one(
    tally: npt.NDArray[np.float64], levels: npt.NDArray[np.float64]
) -> tuple[float, Bound | None]:
    """The person's strength (natural-log scale) from ``tally`` (row 0: their points
    against each level, row 1: the pairs) with the levels' strengths fixed; and whether it
    is a bound.

    >>> strength, bound = fit_one(np.array([[3.0], [4.0]]), np.array([0.0]))
    >>> round(strength, 6), bound  # 3 of 4 against an equal: ln 3
    (1.098612, None)
    >>> fit_one(np.array([[2.0], [2.0]]), np.array([0.0]))[1]
    'lower'
    """
    points, pairs = tally[0].copy(), tally[1]
    total = float(pairs.sum())
    won = float(points.sum())
    bound: Bound | None = None
    if won >= total:
        points -= 0.5 * pairs / total
        bound = "lower"
    elif won <= 0.0:
        points += 0.5 * pairs / total
        bound = "upper"
    strength = _newton(points[np.newaxis], pairs[np.newaxis], levels)[0]
    return float(strength), bound


def _newton(
    points: npt.NDArray[np.float64],
    pairs: npt.NDArray[np.float64],
    levels: npt.NDArray[np.float64],
) -> npt.NDArray[np.float64]:
    """The maximum-likelihood strength of each row (``points`` and ``pairs`` of shape
    ``(R, levels)``), all rows at once."""
    strength = np.zeros(len(points))
    won = points.sum(axis=1)
    for _ in range(ITERATIONS):
        expected = 1.0 / (1.0 + np.exp(levels[np.newaxis] - strength[:, np.newaxis]))
        gradient = won - (pairs * expected).sum(axis=1)
        curvature = (pairs * expected * (1.0 - expected)).sum(axis=1)
        step = np.clip(gradient / np.maximum(curvature, 1e-300), -MAX_STEP, MAX_STEP)
        strength = strength + step
        if float(np.abs(step).max()) < TOLERANCE:
            break
    return strength


def _bootstrap(
    games: npt.NDArray[np.float64], levels: npt.NDArray[np.float64]
) -> tuple[float, float]:
    """The percentile interval of the person's Elo over resamples of their games."""
    generator = np.random.Generator(np.random.PCG64(BOOTSTRAP_SEED))
    count = len(games)
    drawn = generator.integers(0, count, size=(RESAMPLES, count))
    weights = np.stack([np.bincount(row, minlength=count) for row in drawn]).astype(float)
    points = weights @ games[:, 0, :]
    pairs = weights @ games[:, 1, :]
    total = pairs.sum(axis=1, keepdims=True)
    won = points.sum(axis=1, keepdims=True)
    share = 0.5 * pairs / total
    points = np.where(won >= total, points - share, np.where(won <= 0.0, points + share, points))
    samples = _newton(points, pairs, levels) * ELO_PER_NATURAL
    tail = (1.0 - CONFIDENCE) / 2.0
    low, high = np.quantile(samples, [tail, 1.0 - tail])
    return float(low), float(high)


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
        found = person_games(person, table.game, db)
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
