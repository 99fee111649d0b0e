"""How much of a table's results is luck: the variance explained by the deals, the seats
and the bots, each with a 95% interval from a bootstrap over deals.

**What varies.** Each seat of each game has one result ``y``: with several seats, its
share of the game's seat pairs (1 for every seat placed below it, ½ for every shared
place, over the other seats: what the ratings count); in a solitaire game, its points.

**The decomposition** is an analysis of variance of ``y`` with crossed factors, built for
paired deals: every rotation of a deal deals each seat the same luck, whichever bot holds
it, so the luck a deal gives is a *deal × seat* effect (the cards a seat is dealt) and is
told apart from the bots by the rotations. The factors are

- **deals**: the deal's effect on each of its seats (deal × seat, the paired luck);
- **seats**: the seat's own effect over every deal (the first player's edge);
- **bots**: the bot in the seat;
- **rest**: what is left — a bot doing better on some deals than on others, and the bots'
  own random choices.

With several seats, a game's results add up to a constant (each pair gives one point), so
every model also holds a game effect: the residuals then live in the space the constant
sums leave free and are counted with their true degrees of freedom (without it, the two
seats of a two-player game would count one outcome twice). A factor's sum of squares is
what the residual sum grows by when it is taken out of the model that holds the others
(deals: games, seats and bots left; seats: games and bots left; bots: games and deal ×
seat left). Its share is the ANOVA's omega squared,
``ω² = max(0, SS − df · MSE) / (SS_total + MSE)``: the sum of squares less what noise
alone gives a factor of ``df`` degrees of freedom, so two equal bots get a share near zero
however few the games. ``rest`` is one minus the three.

The games, and the deal and seat effects they carry, are nested in the deal, so the
games and cells of a deal are projected out block by block, one small least squares a deal
shape; only the seats and bots remain as columns. A deal drawn ``k`` times by the
bootstrap weighs ``k`` times, which is the same as ``k`` copies with their own effects.

**Intervals** are percentile bootstraps over deals (the unit, as for the ratings: its
games share luck), ``resamples`` draws from the caller's seed.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

import numpy as np
import numpy.typing as npt

Vector: TypeAlias = npt.NDArray[np.float64]
Matrix: TypeAlias = npt.NDArray[np.float64]
Measure: TypeAlias = Literal["pair score", "points"]

RESAMPLES = 200
"""Bootstrap draws; each refits four small least squares, so the table stays quick."""
CONFIDENCE = 0.95
COMPONENTS = ("deals", "seats", "bots", "rest")


@dataclass(frozen=True, slots=True)
class SeatedGame:
    """One game as the decomposition needs it: its deal, who held each seat (any label
    that tells the bots apart), the places (1 is first) and, in solitaire, the points
    (``None`` for a forfeited game, counted as 0)."""

    deal: Hashable
    bots: tuple[Hashable, ...]
    places: tuple[int, ...]
    points: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True)
class Share:
    """A component's share of the variance and its 95% interval (None below two deals)."""

    share: float
    ci95: tuple[float, float] | None

    def text(self) -> str:
        if self.ci95 is None:
            return f"{self.share:.0%}"
        low = f"{self.ci95[0]:.0%}".removesuffix("%")
        return f"{self.share:.0%} [{low}–{self.ci95[1]:.0%}]"

    def as_json(self) -> dict[str, object]:
        return {"share": self.share, "ci95": None if self.ci95 is None else list(self.ci95)}


@dataclass(frozen=True, slots=True)
class VarianceShares:
    """The shares of the results' variance of deals, seats, bots and the rest."""

    deals: Share
    seats: Share
    bots: Share
    rest: Share
    measure: Measure
    observations: int
    deal_count: int

    def as_json(self) -> dict[str, object]:
        return {
            "measure": self.measure,
            "observations": self.observations,
            "deals_counted": self.deal_count,
            **{name: self.component(name).as_json() for name in COMPONENTS},
        }

    def component(self, name: str) -> Share:
        found: Share = getattr(self, name)
        return found

    def text(self) -> str:
        """One line: the share of deals, seats and bots with their 95% intervals.

        >>> Share(0.25, (0.125, 0.5)).text()
        '25% [12–50%]'
        """
        named = ", ".join(f"{name} {self.component(name).text()}" for name in COMPONENTS[:3])
        return f"variance: {named}, rest {self.rest.share:.0%}"


@dataclass(frozen=True, slots=True)
class _Design:
    """The observations, projected once: residuals of the deal blocks and the columns."""

    deal_of: npt.NDArray[np.intp]
    y: Vector
    """The raw results (for the total sum of squares)."""
    cell_y: Vector
    cell_bots: Matrix
    cell_rank: npt.NDArray[np.float64]
    """Per deal, the rank of its game and deal × seat block."""
    game_y: Vector
    game_seats_bots: Matrix
    game_bots: Matrix
    game_rank: npt.NDArray[np.float64]
    measure: Measure


def variance_shares(
    games: Iterable[SeatedGame], *, seed: int = 0, resamples: int = RESAMPLES
) -> VarianceShares:
    """The shares of the variance of the seats' results (see the module docstring).

    Raises ``ValueError`` when there are no games, too few to leave any residual, or
    results that never vary.

    >>> games = [SeatedGame(deal, bots, places) for deal in range(8)
    ...          for bots, places in ((("a", "b"), (1, 2)), (("b", "a"), (2, 1)))]
    >>> shares = variance_shares(games, resamples=20)
    >>> round(shares.bots.share, 2), round(shares.deals.share, 2)
    (1.0, 0.0)
    """
    design = _design(list(games))
    weights = np.ones(int(design.deal_of.max()) + 1)
    point = _shares(design, weights)
    if np.isnan(point).any():
        raise ValueError(
            "too few games to tell luck from skill (no residual is left, or every seat's "
            "result is the same): play more deals"
        )
    deals = len(weights)
    intervals: list[tuple[float, float] | None] = [None] * len(COMPONENTS)
    if deals >= 2:
        generator = np.random.Generator(np.random.PCG64(seed))
        drawn = np.array(
            [
                _shares(
                    design,
                    np.bincount(generator.integers(0, deals, deals), minlength=deals).astype(
                        np.float64
                    ),
                )
                for _ in range(resamples)
            ]
        )
        tail = (1 - CONFIDENCE) / 2 * 100
        low = np.nanpercentile(drawn, tail, axis=0)
        high = np.nanpercentile(drawn, 100 - tail, axis=0)
        intervals = [(float(lo), float(hi)) for lo, hi in zip(low, high)]
    deal_share, seat_share, bot_share, rest_share = (
        Share(float(value), interval) for value, interval in zip(point, intervals)
    )
    return VarianceShares(
        deals=deal_share,
        seats=seat_share,
        bots=bot_share,
        rest=rest_share,
        measure=design.measure,
        observations=len(design.y),
        deal_count=deals,
    )


def seat_results(game: SeatedGame) -> tuple[float, ...]:
    """Each seat's result: its share of the game's seat pairs, or (alone) its points.

    >>> seat_results(SeatedGame(0, ("a", "b", "c"), (1, 2, 2)))
    (1.0, 0.25, 0.25)
    """
    seats = len(game.places)
    if seats == 1:
        return (0.0,) if game.points is None else (float(game.points[0]),)
    return tuple(
        sum(
            1.0 if place < other else 0.5 if place == other else 0.0
            for index, other in enumerate(game.places)
            if index != seat
        )
        / (seats - 1)
        for seat, place in enumerate(game.places)
    )


def _design(games: Sequence[SeatedGame]) -> _Design:
    if not games:
        raise ValueError("the luck and skill shares need at least one game")
    seats = len(games[0].places)
    if any(len(game.places) != seats or len(game.bots) != seats for game in games):
        raise ValueError("the luck and skill shares need games of one number of seats")
    deal_codes: dict[Hashable, int] = {}
    bot_codes: dict[Hashable, int] = {}
    deal_of: list[int] = []
    game_of: list[int] = []
    seat_of: list[int] = []
    bot_of: list[int] = []
    y: list[float] = []
    for number, game in enumerate(games):
        deal = deal_codes.setdefault(game.deal, len(deal_codes))
        for seat, (bot, result) in enumerate(zip(game.bots, seat_results(game))):
            deal_of.append(deal)
            game_of.append(number)
            seat_of.append(seat)
            bot_of.append(bot_codes.setdefault(bot, len(bot_codes)))
            y.append(result)
    deal_array = np.array(deal_of, dtype=np.intp)
    values = np.array(y)
    seat_columns = np.eye(seats)[seat_of]
    bot_columns = np.eye(len(bot_codes))[bot_of]
    solitaire = seats == 1
    # Solitaire games have no constant sum: the deal is then the one block, and the model
    # without luck keeps only an intercept beside the bots.
    cell_key = np.zeros(len(values), dtype=np.intp) if solitaire else np.array(game_of)
    within_cell = _BlockProjection(deal_array, cell_key, np.array(seat_of))
    cell_y, cell_bots = within_cell.residuals(values), within_cell.residuals(bot_columns)
    if solitaire:
        intercept = np.ones((len(values), 1))
        game_y = values
        game_bots = np.hstack([intercept, bot_columns])
        game_seats_bots = game_bots
        game_rank = np.zeros(len(deal_codes))
    else:
        within_game = _BlockProjection(deal_array, np.array(game_of), None)
        game_y = within_game.residuals(values)
        game_bots = within_game.residuals(bot_columns)
        game_seats_bots = within_game.residuals(np.hstack([seat_columns, bot_columns]))
        game_rank = within_game.ranks
    return _Design(
        deal_of=deal_array,
        y=values,
        cell_y=cell_y,
        cell_bots=cell_bots,
        cell_rank=within_cell.ranks,
        game_y=game_y,
        game_seats_bots=game_seats_bots,
        game_bots=game_bots,
        game_rank=game_rank,
        measure="points" if solitaire else "pair score",
    )


class _BlockProjection:
    """Projects out, deal by deal, the games and (when ``seats`` is given) the deal ×
    seat cells: a deal's observations against dummies of its games and its cells."""

    __slots__ = ("_blocks", "ranks")

    def __init__(
        self,
        deal_of: npt.NDArray[np.intp],
        game_of: npt.NDArray[np.intp],
        seat_of: npt.NDArray[np.intp] | None,
    ) -> None:
        deals = int(deal_of.max()) + 1
        self.ranks = np.zeros(deals)
        self._blocks: list[tuple[npt.NDArray[np.intp], Matrix]] = []
        shapes: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[Matrix, int]] = {}
        for deal in range(deals):
            rows = np.flatnonzero(deal_of == deal)
            games = np.unique(game_of[rows], return_inverse=True)[1]
            seats = (
                np.zeros(len(rows), dtype=np.intp)
                if seat_of is None
                else np.unique(seat_of[rows], return_inverse=True)[1]
            )
            key = (tuple(games.tolist()), tuple(seats.tolist()) if seat_of is not None else ())
            if key not in shapes:
                dummies = np.eye(int(games.max()) + 1)[games]
                if seat_of is not None:
                    dummies = np.hstack([dummies, np.eye(int(seats.max()) + 1)[seats]])
                residual = np.eye(len(rows)) - dummies @ np.linalg.pinv(dummies)
                shapes[key] = (residual, int(np.linalg.matrix_rank(dummies)))
            residual, rank = shapes[key]
            self._blocks.append((rows, residual))
            self.ranks[deal] = rank

    def residuals(self, values: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
        out = np.empty_like(values, dtype=np.float64)
        for rows, residual in self._blocks:
            out[rows] = residual @ values[rows]
        return out


def _shares(design: _Design, deal_weights: Vector) -> Vector:
    """The four shares with each deal weighted (1: as played; a bootstrap's counts)."""
    weights = deal_weights[design.deal_of]
    kept = weights > 0
    count = float(weights.sum())
    y = design.y[kept]
    mean = float(np.average(y, weights=weights[kept]))
    total = float(np.sum(weights[kept] * (y - mean) ** 2))
    cell_rank = float(deal_weights @ design.cell_rank)
    game_rank = float(deal_weights @ design.game_rank)

    def fit(target: Vector, columns: Matrix, absorbed: float) -> tuple[float, float]:
        """Residual sum of squares and model rank of the weighted least squares, by the
        normal equations: the columns are few dummies, so their cross products are small
        and well scaled."""
        w = weights[kept]
        values = target[kept]
        explained = float(values @ (w * values))
        if columns.shape[1] == 0:
            return explained, absorbed
        chosen = columns[kept]
        cross = chosen.T @ (w[:, None] * chosen)
        moment = chosen.T @ (w * values)
        eigenvalues, vectors = np.linalg.eigh(cross)
        tolerance = max(float(eigenvalues.max()), 1.0) * 1e-9
        positive = eigenvalues > tolerance
        projected = vectors[:, positive].T @ moment
        fitted = float(projected @ (projected / eigenvalues[positive]))
        return max(0.0, explained - fitted), absorbed + int(positive.sum())

    no_columns = np.zeros((len(design.y), 0))
    full, full_rank = fit(design.cell_y, design.cell_bots, cell_rank)
    cells, cells_rank = fit(design.cell_y, no_columns, cell_rank)
    games_seats_bots, gsb_rank = fit(design.game_y, design.game_seats_bots, game_rank)
    games_bots, gb_rank = fit(design.game_y, design.game_bots, game_rank)
    error_df = count - full_rank
    if error_df <= 0 or total <= 0:
        return np.array([np.nan, np.nan, np.nan, np.nan])
    error = full / error_df
    terms = (
        (games_seats_bots - full, full_rank - gsb_rank),
        (games_bots - games_seats_bots, gsb_rank - gb_rank),
        (cells - full, full_rank - cells_rank),
    )
    shares = [
        max(0.0, sum_of_squares - df * error) / (total + error) for sum_of_squares, df in terms
    ]
    return np.array([*shares, max(0.0, 1.0 - sum(shares))])
