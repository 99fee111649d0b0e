"""The duel's report: the counted deals summed up into the numbers ``cheese duel`` shows.

The Elo and its interval are the tournament's (``ratings.elo_difference``:
the joint fit and deal bootstrap of the two bots); LOS and the points difference are in
``cheese.ratings.stats``. Every bootstrap is seeded from the duel seed, so a report is
a function of the duel's arguments alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from statistics import fmean

from cheese.ratings.bradley_terry import Difference, elo_difference
from cheese.ratings.deals import Deal
from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtStatus
from cheese.ratings.stats import bootstrap_interval, likelihood_of_superiority
from cheese.ratings.variance_shares import VarianceShares, variance_shares
from cheese.referee.jobs import SIDE_A, SIDE_B, DuelSetup, Fault, Side
from cheese.referee.latency import Latency, latency
from cheese.tournaments.schedule import games_per_deal


@dataclass(frozen=True, slots=True)
class SideSummary:
    """One bot's own numbers: its mean points per seat and game, and (solitaire) how
    often its games reached their natural end."""

    spec: str
    mean_points: float | None
    """Over the games played to the end; None when every game of the duel was forfeited."""
    completion: float | None
    forfeits: tuple[tuple[Fault, int], ...] = ()
    """How many games it forfeited, by kind (only the kinds that happened)."""
    first_forfeit: str | None = field(default=None, compare=False)
    """Why it forfeited its first forfeited game, in deal and rotation order, in the
    referee's words: what a bot's author needs to find the fault (None: no forfeit)."""
    latency: Latency | None = field(default=None, compare=False)
    """Its reply times over every decision it made (None: it made none); left out of
    comparisons, as the machine decides them."""


@dataclass(frozen=True, slots=True)
class MeanWithInterval:
    mean: float
    interval: tuple[float, float] | None


@dataclass(frozen=True, slots=True)
class DuelReport:
    """Everything ``cheese duel`` reports. ``score`` is A's fraction of the pair points;
    ``los`` and the intervals are None below two deals; ``score_difference`` (A's mean
    points minus B's per deal) is given for solitaire games, where most pairs are draws."""

    setup: DuelSetup
    deals: int
    games: int
    pairs: PairTally
    score: float
    elo: Difference
    los: float | None
    a: SideSummary
    b: SideSummary
    score_difference: MeanWithInterval | None
    sprt: SprtStatus | None
    stored_as: str | None = None
    """The name of its tournament in the results store, when its games were stored."""
    resumed: int = 0
    """Games read back from the store, stored by an earlier run of the same duel."""
    variance: VarianceShares | None = None
    """How much of the results the deals, the seats and the bots explain (None: too few
    games to tell)."""

    @property
    def stopped_early(self) -> bool:
        """Whether the SPRT decided before every planned deal was played."""
        return self.deals < self.setup.deals


def summarize(setup: DuelSetup, deals: Sequence[Deal], sprt: SprtStatus | None) -> DuelReport:
    """The report of the counted ``deals`` (see ``cheese.ratings.stats``)."""
    if not deals:
        raise ValueError("a duel report needs at least one counted deal")
    scores = [deal.score for deal in deals]
    pairs = PairTally()
    for deal in deals:
        pairs += deal.pairs
    solitaire = setup.num_players == 1
    difference = None
    if solitaire:
        differences = [deal.points_difference for deal in deals]
        difference = MeanWithInterval(
            fmean(differences),
            bootstrap_interval(differences, random.Random(f"difference:{setup.seed}"))
            if len(deals) >= 2
            else None,
        )
    elo = elo_difference([deal.pairs.points for deal in deals], seed=setup.seed)
    # Deals that all scored alike (one deal, or several) show no spread to resample: a
    # bootstrap interval of zero width and an LOS of 0 or 100% would be a certainty the
    # games do not give.
    alike = len(set(scores)) == 1
    if alike:
        elo = replace(elo, ci95=None)
    return DuelReport(
        setup=setup,
        deals=len(deals),
        games=len(deals) * games_per_deal(setup.num_players),
        pairs=pairs,
        score=pairs.score,
        elo=elo,
        los=likelihood_of_superiority(scores) if not alike else None,
        a=_side_summary(setup, deals, SIDE_A, solitaire),
        b=_side_summary(setup, deals, SIDE_B, solitaire),
        score_difference=difference,
        sprt=sprt,
        variance=duel_variance(deals, setup.seed),
    )


def duel_variance(deals: Sequence[Deal], seed: int) -> VarianceShares | None:
    """The luck and skill shares of the duel's games, or None when too few to tell."""
    try:
        return variance_shares([game for deal in deals for game in deal.seated], seed=seed)
    except ValueError:
        return None


def _side_summary(
    setup: DuelSetup, deals: Sequence[Deal], side: Side, with_completion: bool
) -> SideSummary:
    points = [value for deal in deals for value in deal.points[side]]
    finished = [done for deal in deals for done in deal.finished[side]]
    kinds = Counter(kind for deal in deals for kind in deal.forfeits[side])
    return SideSummary(
        spec=setup.spec_of(side),
        mean_points=fmean(points) if points else None,
        completion=sum(finished) / len(finished) if with_completion else None,
        forfeits=tuple(sorted(kinds.items())),
        first_forfeit=next(
            (deal.first_errors[side] for deal in deals if deal.first_errors[side]), None
        ),
        latency=latency([seconds for deal in deals for seconds in deal.replies[side]]),
    )
