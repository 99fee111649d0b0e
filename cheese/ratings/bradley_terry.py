"""Elo ratings of any number of bots from games of any size: one joint Bradley–Terry fit.

**Pairs.** Each game's places are decomposed into pairs: every seat against every seat of
another bot; the better place wins the pair, a shared place draws (half a win each way).
Seats of the same bot are not compared.

**Fit.** Bot ``i``'s strength ``r_i`` (natural-log scale) makes it win a pair against
``j`` with probability ``σ(r_i - r_j)``, the logistic function. The ratings maximise the
likelihood ``Σ W_ij · log σ(r_i - r_j)`` over all pairs at once, where ``W_ij`` is ``i``'s
points against ``j`` (wins plus half the draws); Newton's method on the concave
log-likelihood, steps capped so that it cannot overshoot. At the maximum each bot's
expected points equal its actual points. Elo is ``400 / ln 10 · r``, centred on the mean
of the field, or shifted so that an anchor bot has a given Elo. With two bots this is
exactly the duel's ``400 · log10(s / (1 - s))``.

**Held strengths.** Some strengths may be held at given values while the others are
fitted (a person against levels of known Elo, ``cheese.levels.person_rating``): the same
Newton steps over the free strengths only, and no re-centring, as the held ones fix the
scale.

**Bounds.** The maximum exists only if the bots cannot be split into a group that never
lost a point to the rest. When there is such a group (a bot with all wins, say), it is
given, against the bots it met, half of one pair's points the other way — spread over
those opponents in proportion to the pairs played — and the fit is repeated until none is
left. A bot that never lost (never won) a point is marked: its Elo is a lower (upper)
bound, not an estimate. With two bots this is the duel's clamp. A group with a held bot in
it cannot run away, so it needs no moving.

**Intervals.** The deal is the statistical unit (its games share luck and opponents): the
95% intervals are percentile bootstraps over deals — ``resamples`` draws of as many deals
with replacement (``cheese.ratings.resample``), each refitted (with the same bounds rule),
the 2.5% and 97.5% quantiles of each bot's Elo. The generator is seeded, so the same
results always give the same table. LOS, the likelihood that ``i`` is stronger than
``j``, is the share of resamples in which it rates higher (ties count half).

**A duel** is the two-bot case: ``elo_difference`` gives A's Elo over B's and its interval
from the same fit and the same bootstrap of the same deals (``cheese duel``), so a duel's
games rated as a tournament's give the same figures.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

from cheese.ratings.pairwise import seat_pair_points
from cheese.ratings.resample import DealResampler

ELO_PER_NATURAL = 400.0 / math.log(10.0)
RESAMPLES = 1000
CONFIDENCE = 0.95
MAX_STEP = 2.0
"""Largest Newton step in natural-log units (about 350 Elo)."""
TOLERANCE = 1e-10
MAX_ITERATIONS = 200
RESAMPLE_CHUNK = 100
MAX_DRAW_ROUNDS = 10
"""Rounds of draws allowed per chunk of resamples when some cannot be fitted."""

Matrix: TypeAlias = npt.NDArray[np.float64]
Bound: TypeAlias = Literal["lower", "upper"]
Held: TypeAlias = Mapping[int, float]
"""Strengths held fixed, by bot index (natural-log scale)."""


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One game as ratings need it: the deal it belongs to, the bot in each seat and the
    places (1 is first, shared places tie); ``points`` per seat when known."""

    deal: str
    seats: tuple[str, ...]
    places: tuple[int, ...]
    points: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Rating:
    """One bot's line of the table."""

    bot: str
    elo: float
    ci95: tuple[float, float] | None
    games: int
    score: float
    draws: float
    mean_points: float | None
    bound: Bound | None


@dataclass(frozen=True, slots=True)
class Ratings:
    """The table, best first, and the LOS matrix (``los[i][j]``: P(bot i > bot j), in
    the table's order), ``None`` below two deals."""

    ratings: tuple[Rating, ...]
    los: tuple[tuple[float, ...], ...] | None
    deals: int
    games: int
    head_to_head: tuple[tuple[float | None, ...], ...] = ()
    """``head_to_head[i][j]``: bot i's fraction of the pair points against bot j, in
    the table's order (``None`` where they never met)."""


def fit(
    points: Matrix, held: Held | None = None, iterations: int = MAX_ITERATIONS
) -> npt.NDArray[np.float64]:
    """The maximum-likelihood strengths (natural-log scale) for ``points`` matrices of
    shape ``(n, n)`` or a stack ``(R, n, n)``; the maximum must exist (see ``with_bounds``).

    ``held`` bots keep the strengths given and only the others move (a person against
    levels of known Elo). Without held strengths the scale has no origin of its own, so
    bot 0 is held at 0.

    >>> [round(float(r), 6) for r in fit(np.array([[0.0, 3.0], [1.0, 0.0]]))]
    [0.0, -1.098612]
    >>> [round(float(r), 6) for r in fit(np.array([[0.0, 3.0], [1.0, 0.0]]), {1: 2.0})]
    [3.098612, 2.0]
    """
    stack = points if points.ndim == 3 else points[np.newaxis]
    count, bots = stack.shape[0], stack.shape[1]
    pinned = dict(held) if held else {0: 0.0}
    free = np.array([bot not in pinned for bot in range(bots)])
    strengths = np.zeros((count, bots))
    for bot, strength in pinned.items():
        strengths[:, bot] = strength
    games = stack + np.swapaxes(stack, 1, 2)
    won = stack.sum(axis=2)
    for _ in range(iterations if free.any() else 0):
        difference = strengths[:, :, np.newaxis] - strengths[:, np.newaxis, :]
        expected = 1.0 / (1.0 + np.exp(-difference))
        gradient = won - (games * expected).sum(axis=2)
        weight = games * expected * (1.0 - expected)
        hessian = weight - np.eye(bots) * weight.sum(axis=2)[:, :, np.newaxis]
        free_hessian = hessian[:, free][:, :, free]
        step = np.linalg.solve(-free_hessian, gradient[:, free, np.newaxis])[:, :, 0]
        largest = np.abs(step).max(axis=1, keepdims=True)
        step *= np.minimum(1.0, MAX_STEP / np.maximum(largest, 1e-300))
        strengths[:, free] += step
        if float(largest.max()) < TOLERANCE:
            break
    return strengths if points.ndim == 3 else strengths[0]


def with_bounds(
    points: Matrix, held_bots: Collection[int] = ()
) -> tuple[Matrix, dict[int, Bound]]:
    """``points`` with half a pair moved against every group that never lost (or never
    won) a point to the others, until the maximum likelihood exists; and which bots'
    ratings are therefore bounds (see the module docstring). A group with one of the
    ``held_bots`` in it cannot run away, so it is left alone; held bots are never bounds.

    >>> moved, bounds = with_bounds(np.array([[0.0, 4.0], [0.0, 0.0]]))
    >>> moved.tolist(), bounds
    ([[0.0, 3.5], [0.5, 0.0]], {0: 'lower', 1: 'upper'})
    """
    moved = points.copy()
    bounds = {
        bot: bound for bot, bound in _one_sided(points).items() if bot not in held_bots
    }
    games = points + points.T
    while (group := _closed_group(moved, held_bots)) is not None:
        members, never_lost = group
        outside = [bot for bot in range(len(moved)) if bot not in members]
        total = sum(games[member, other] for member in members for other in outside)
        direction = -1.0 if never_lost else 1.0
        for member in members:
            for other in outside:
                share = 0.5 * games[member, other] / total
                moved[member, other] += direction * share
                moved[other, member] -= direction * share
    return moved, bounds


def _closed_group(
    points: Matrix, held_bots: Collection[int] = ()
) -> tuple[set[int], bool] | None:
    """A set of bots, none of them held, that played others but never lost (True) or
    never won (False) a point to them; None when there is no such set."""
    bots = len(points)
    took = points > 0.0
    reach = took | np.eye(bots, dtype=bool)
    for _ in range(max(1, math.ceil(math.log2(bots)))):
        reach = reach | ((reach.astype(np.int64) @ reach.astype(np.int64)) > 0)
    played = (points + points.T).sum(axis=1) > 0
    for bot in range(bots):
        if not played[bot]:
            continue
        group = {other for other in range(bots) if reach[bot, other] and reach[other, bot]}
        if not group.isdisjoint(held_bots):
            continue
        outside = [other for other in range(bots) if other not in group]
        games = points + points.T
        if not any(games[member, other] > 0 for member in group for other in outside):
            continue
        if not any(points[other, member] > 0 for member in group for other in outside):
            return group, True
        if not any(points[member, other] > 0 for member in group for other in outside):
            return group, False
    return None


def _one_sided(points: Matrix) -> dict[int, Bound]:
    """Bots that never lost (lower bound) or never won (upper bound) a point."""
    games = points + points.T
    found: dict[int, Bound] = {}
    for bot in range(len(points)):
        if games[bot].sum() == 0:
            continue
        if points[bot].sum() == 0:
            found[bot] = "upper"
        elif points[:, bot].sum() == 0:
            found[bot] = "lower"
    return found


def _connected(games: Matrix, held_bots: Collection[int] = ()) -> bool:
    """Whether every bot is linked to every other through games played; with held bots,
    whether every other bot is linked to one of them (held bots need no link)."""
    seen = set(held_bots) if held_bots else {0}
    frontier = list(seen)
    while frontier:
        bot = frontier.pop()
        for other in np.nonzero(games[bot] > 0)[0].tolist():
            if other not in seen:
                seen.add(other)
                frontier.append(other)
    return len(seen) == len(games)


@dataclass(frozen=True, slots=True)
class DealFit:
    """The fit of every deal's points together, each bootstrap resample's fit (shape
    ``(R, n)``; None below two deals or when no resample can be fitted), and which
    strengths are bounds; natural-log strengths."""

    strengths: npt.NDArray[np.float64]
    samples: npt.NDArray[np.float64] | None
    bounds: Mapping[int, Bound]


def fit_deals(
    by_deal: Matrix,
    generator: np.random.Generator,
    *,
    resamples: int = RESAMPLES,
    held: Held | None = None,
) -> DealFit:
    """The strengths from ``by_deal`` (``[d, i, j]``: bot i's points against bot j in deal
    d) with the bounds rule, and their deal bootstrap drawn from ``generator``; ``held``
    strengths stay where they are given (see ``fit``).

    >>> deals = np.array([[[0.0, 3.0], [1.0, 0.0]], [[0.0, 1.0], [1.0, 0.0]]])
    >>> found = fit_deals(deals, np.random.Generator(np.random.PCG64(0)), resamples=10)
    >>> round(float(found.strengths[1]), 6), found.samples.shape, found.bounds
    (-0.693147, (10, 2), {})
    """
    moved, bounds = with_bounds(by_deal.sum(axis=0), tuple(held or ()))
    strengths = fit(moved, held)
    samples = bootstrap(by_deal, generator, resamples, held) if len(by_deal) >= 2 else None
    return DealFit(strengths, samples, bounds)


def percentile_interval(samples: npt.NDArray[np.float64]) -> tuple[float, float]:
    """The ``CONFIDENCE`` percentile interval of bootstrap samples.

    >>> [round(end, 9) for end in percentile_interval(np.arange(41.0))]
    [1.0, 39.0]
    """
    tail = (1.0 - CONFIDENCE) / 2.0
    low, high = np.quantile(samples, [tail, 1.0 - tail])
    return float(low), float(high)


def rate(
    games: Iterable[RatedGame],
    *,
    seed: int = 0,
    resamples: int = RESAMPLES,
    anchor: tuple[str, float] | None = None,
) -> Ratings:
    """The joint ratings of every bot in ``games`` (see the module docstring)."""
    if anchor is not None and not math.isfinite(anchor[1]):
        raise ValueError(f"the anchor's Elo must be a finite number, not {anchor[1]}")
    if seed < 0:
        raise ValueError(f"the bootstrap seed must be 0 or more, not {seed}")
    if resamples < 1:
        raise ValueError(f"resamples must be at least 1, not {resamples}")
    tally = _Tally()
    for game in games:
        tally.add(game)
    names = tally.names
    bots = len(names)
    if bots < 2:
        raise ValueError(f"ratings need games between at least 2 bots, not {bots}")
    by_deal = tally.deal_points()
    total = by_deal.sum(axis=0)
    played = total + total.T
    if not _connected(played):
        raise ValueError(
            "some bots never met the others, even through common opponents; "
            "they cannot be rated on one scale"
        )
    anchor_index = _anchor_index(anchor, names)
    offset = 0.0 if anchor is None else anchor[1]
    found = fit_deals(by_deal, _generator(seed), resamples=resamples)
    bounds = found.bounds
    elos = _elo(found.strengths, anchor_index) + offset
    samples = None if found.samples is None else _elo(found.samples, anchor_index) + offset
    order = sorted(range(bots), key=lambda bot: (-elos[bot], bot))
    rows = []
    for bot in order:
        pairs = float(played[bot].sum())
        interval = None if samples is None else percentile_interval(samples[:, bot])
        seats_with_points = tally.points_seats[bot]
        rows.append(
            Rating(
                bot=names[bot],
                elo=float(elos[bot]),
                ci95=interval,
                games=tally.games[bot],
                score=float(total[bot].sum()) / pairs,
                draws=float(tally.draws[bot].sum()) / pairs,
                mean_points=(
                    tally.points_sum[bot] / seats_with_points if seats_with_points else None
                ),
                bound=bounds.get(bot),
            )
        )
    los = None
    if samples is not None:
        los = tuple(
            tuple(
                float(np.mean(samples[:, one] > samples[:, other]))
                + 0.5 * float(np.mean(samples[:, one] == samples[:, other]))
                for other in order
            )
            for one in order
        )
    head_to_head = tuple(
        tuple(
            float(total[one, other] / played[one, other]) if played[one, other] else None
            for other in order
        )
        for one in order
    )
    return Ratings(tuple(rows), los, len(by_deal), tally.count, head_to_head)


@dataclass(frozen=True, slots=True)
class Difference:
    """One bot's Elo over another's, its 95% interval (None below two deals), and whether
    the Elo is a bound (one of them never lost a point to the other)."""

    elo: float
    ci95: tuple[float, float] | None
    bounded: bool


def elo_difference(
    deal_points: Sequence[tuple[float, float]], *, seed: int = 0, resamples: int = RESAMPLES
) -> Difference:
    """The first bot's Elo over the second's, from each deal's pair points of the one
    against the other (``(first's points, second's points)``), by the joint fit and the
    deal bootstrap of ``rate``.

    >>> found = elo_difference([(3.0, 1.0), (2.0, 2.0)], seed=1)  # a score of 5/8
    >>> round(found.elo, 1), found.bounded
    (88.7, False)
    """
    if not deal_points:
        raise ValueError("an Elo difference needs at least one deal")
    by_deal = np.zeros((len(deal_points), 2, 2))
    for deal, (first, second) in enumerate(deal_points):
        by_deal[deal, 0, 1] = first
        by_deal[deal, 1, 0] = second
    if by_deal.sum() == 0:
        raise ValueError("an Elo difference needs at least one pair")
    found = fit_deals(by_deal, _generator(seed), resamples=resamples)
    # centred as in the table, so that the difference is the table's to the last bit
    elos = _elo(found.strengths, None)
    interval = None
    if found.samples is not None:
        samples = _elo(found.samples, None)
        interval = percentile_interval(samples[:, 0] - samples[:, 1])
    return Difference(float(elos[0] - elos[1]), interval, bool(found.bounds))


def _generator(seed: int) -> np.random.Generator:
    """The bootstrap's generator: the same seed, the same intervals."""
    return np.random.Generator(np.random.PCG64(seed))


class _Tally:
    """Games added up per deal: pair points, draws, games and points per bot."""

    def __init__(self) -> None:
        self.index: dict[str, int] = {}
        self.names: list[str] = []
        self.deals: dict[str, int] = {}
        self.pairs: list[list[tuple[int, int, float]]] = []
        self.games: list[int] = []
        self.points_sum: list[float] = []
        self.points_seats: list[int] = []
        self.draw_pairs: list[tuple[int, int]] = []
        self.count = 0

    def _bot(self, name: str) -> int:
        found = self.index.get(name)
        if found is None:
            found = self.index[name] = len(self.names)
            self.names.append(name)
            self.games.append(0)
            self.points_sum.append(0.0)
            self.points_seats.append(0)
        return found

    def add(self, game: RatedGame) -> None:
        self.count += 1
        seats = [self._bot(name) for name in game.seats]
        unit = self.deals.setdefault(game.deal, len(self.deals))
        if unit == len(self.pairs):
            self.pairs.append([])
        for bot in set(seats):
            self.games[bot] += 1
        if game.points is not None:
            for bot, value in zip(seats, game.points):
                self.points_sum[bot] += value
                self.points_seats[bot] += 1
        found = self.pairs[unit]
        for one, other, points in seat_pair_points(seats, game.places):
            one_bot, other_bot = seats[one], seats[other]
            if points == 1.0:
                found.append((one_bot, other_bot, 1.0))
            elif points == 0.0:
                found.append((other_bot, one_bot, 1.0))
            else:
                found.append((one_bot, other_bot, 0.5))
                found.append((other_bot, one_bot, 0.5))
                self.draw_pairs.append((one_bot, other_bot))

    def deal_points(self) -> Matrix:
        """``points[d, i, j]``: bot i's points against bot j in deal d."""
        bots = len(self.names)
        deals, rows, columns, values = [], [], [], []
        for deal, found in enumerate(self.pairs):
            for row, column, value in found:
                deals.append(deal)
                rows.append(row)
                columns.append(column)
                values.append(value)
        points = np.zeros((len(self.pairs), bots, bots))
        np.add.at(points, (deals, rows, columns), values)
        return points

    @property
    def draws(self) -> Matrix:
        bots = len(self.names)
        matrix = np.zeros((bots, bots))
        for one, other in self.draw_pairs:
            matrix[one, other] += 1.0
            matrix[other, one] += 1.0
        return matrix


def _anchor_index(anchor: tuple[str, float] | None, names: Sequence[str]) -> int | None:
    if anchor is None:
        return None
    if anchor[0] not in names:
        raise ValueError(
            f"the anchor {anchor[0]!r} played no game here; choose one of: {', '.join(names)}"
        )
    return list(names).index(anchor[0])


def _elo(strengths: npt.NDArray[np.float64], anchor_index: int | None) -> npt.NDArray[np.float64]:
    """Strengths on the Elo scale, centred on the field's mean or on the anchor bot."""
    elo = strengths * ELO_PER_NATURAL
    centre = (
        elo.mean(axis=-1, keepdims=True)
        if anchor_index is None
        else elo[..., anchor_index : anchor_index + 1]
    )
    return np.asarray(elo - centre, dtype=np.float64)


def bootstrap(
    by_deal: Matrix, generator: np.random.Generator, resamples: int, held: Held | None = None
) -> npt.NDArray[np.float64] | None:
    """The strengths fitted in each of ``resamples`` resamples of the deals, shape (R, n).

    A resample in which some bots met none of the others (or, with ``held`` strengths,
    none of the held bots) cannot be fitted on one scale; it is drawn again. None if no
    resample can be fitted.
    """
    held_bots = tuple(held or ())
    resampler = DealResampler(by_deal)
    results: list[npt.NDArray[np.float64]] = []
    kept = 0
    for _ in range(MAX_DRAW_ROUNDS * math.ceil(resamples / RESAMPLE_CHUNK)):
        if kept >= resamples:
            break
        size = min(RESAMPLE_CHUNK, resamples - kept)
        stack = resampler.draw(generator, size)
        usable = [
            index
            for index in range(size)
            if _connected(stack[index] + stack[index].T, held_bots)
        ]
        stack = stack[usable]
        for index in range(len(stack)):
            if _closed_group(stack[index], held_bots) is not None:
                stack[index] = with_bounds(stack[index], held_bots)[0]
        if len(stack):
            results.append(fit(stack, held))
            kept += len(stack)
    return np.concatenate(results) if results else None
