"""A generalized sequential probability ratio test on deal scores (logistic Elo bounds).

The test asks whether A is ``elo0`` or ``elo1`` logistic Elo stronger than B, stopping as
soon as the evidence is strong enough. Like fastchess's pentanomial test, which takes a
*pair* of games as its unit, it takes the *deal* as its unit: each deal's score is one of
the ``2P + 1`` values ``k / 2P`` (``P`` pairs per deal; ``k`` half points), and the deals
are independent draws from an unknown distribution over those values.

**The log-likelihood ratio** is the generalized one: the likelihood of the observed deal
scores under the most likely distribution whose mean is ``s1``, over the same under mean
``s0``, where ``s = 1 / (1 + 10^(-elo/400))``. The most likely distribution with mean
``s`` given the empirical frequencies ``p̂`` is ``p_i = p̂_i / (1 + θ (a_i - s))`` with
``θ`` the root of ``Σ p̂_i (a_i - s) / (1 + θ (a_i - s)) = 0`` (Van den Bergh, "Comments on
Normalized Elo", proposition 1.1), so

    LLR = N · Σ p̂_i · log(p1_i / p0_i).

Score values never observed get the count 1e-3 (as fastchess does) so that both maxima
exist from the first deal on. With two players a deal is a game pair and this is exactly
fastchess's pentanomial test; with one seat it is the trinomial one.

**Decision**: ``LLR ≥ log((1 - β) / α)`` accepts H1 (A is ``elo1`` stronger),
``LLR ≤ log(β / (1 - α))`` accepts H0; otherwise play on. The duel checks after every
finished deal, in deal order, so an early stop falls on the same deal however many
workers play.

>>> settings = SprtSettings.parse("0,50")
>>> round(settings.lower, 4), round(settings.upper, 4)
(-2.9444, 2.9444)
>>> sprt_status([0, 1, 3, 4, 2], settings).decision
'continue'
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeAlias

from cheese.ratings.stats import expected_score

Decision: TypeAlias = Literal["H0", "H1", "continue"]
UNSEEN_COUNT = 1e-3
"""The count given to a deal score never observed (fastchess's regularisation)."""
THETA_TOLERANCE = 1e-13
MAX_ITERATIONS = 200

SPRT_FORMAT = "elo0,elo1[,alpha,beta], e.g. 0,50 or 0,50,0.05,0.05"


@dataclass(frozen=True, slots=True)
class SprtSettings:
    """The two hypotheses (logistic Elo) and the error rates."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (math.isfinite(self.elo0) and math.isfinite(self.elo1)):
            raise ValueError(
                f"SPRT Elo bounds must be finite numbers, not {self.elo0}, {self.elo1}"
            )
        if self.elo0 >= self.elo1:
            raise ValueError(
                f"SPRT elo0 ({self.elo0:g}) must be below elo1 ({self.elo1:g}); "
                f"write {SPRT_FORMAT}"
            )
        for name, rate in (("alpha", self.alpha), ("beta", self.beta)):
            if not 0.0 < rate < 1.0:
                raise ValueError(f"SPRT {name} must be between 0 and 1 (exclusive), not {rate:g}")
        if self.alpha + self.beta >= 1.0:
            raise ValueError(
                f"SPRT alpha + beta must be below 1, not {self.alpha:g} + {self.beta:g}"
            )

    @classmethod
    def parse(cls, text: str) -> SprtSettings:
        """Read ``elo0,elo1`` or ``elo0,elo1,alpha,beta``; ``ValueError`` says what is wrong.

        >>> SprtSettings.parse("-5, 10, 0.05, 0.1")
        SprtSettings(elo0=-5.0, elo1=10.0, alpha=0.05, beta=0.1)
        """
        fields = [field.strip() for field in text.split(",")]
        if len(fields) not in (2, 4):
            raise ValueError(f"--sprt {text!r} has {len(fields)} fields; write {SPRT_FORMAT}")
        try:
            numbers = [float(field) for field in fields]
        except ValueError:
            raise ValueError(
                f"--sprt {text!r} is not a list of numbers; write {SPRT_FORMAT}"
            ) from None
        return cls(*numbers)

    @property
    def lower(self) -> float:
        """The bound at or below which H0 is accepted: log(β / (1 - α))."""
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        """The bound at or above which H1 is accepted: log((1 - β) / α)."""
        return math.log((1.0 - self.beta) / self.alpha)


@dataclass(frozen=True, slots=True)
class SprtStatus:
    """The test after some deals: the LLR, the bounds and the decision so far."""

    settings: SprtSettings
    llr: float
    deals: int

    @property
    def decision(self) -> Decision:
        if self.llr >= self.settings.upper:
            return "H1"
        if self.llr <= self.settings.lower:
            return "H0"
        return "continue"


def sprt_status(counts: Sequence[int], settings: SprtSettings) -> SprtStatus:
    """The test on deal-score counts: ``counts[k]`` deals scored ``k / (len(counts) - 1)``."""
    return SprtStatus(settings, log_likelihood_ratio(counts, settings), sum(counts))


def log_likelihood_ratio(counts: Sequence[int], settings: SprtSettings) -> float:
    """The generalized LLR of mean ``s1`` against ``s0`` for deal-score counts.

    >>> round(log_likelihood_ratio([1, 2, 5, 8, 4], SprtSettings(0, 50)), 6)
    1.704964
    """
    if len(counts) < 2:
        raise ValueError("deal scores take at least two values (a loss and a win)")
    if sum(counts) == 0:
        return 0.0
    steps = len(counts) - 1
    values = [k / steps for k in range(len(counts))]
    weights = [count if count > 0 else UNSEEN_COUNT for count in counts]
    total = math.fsum(weights)
    observed = [weight / total for weight in weights]
    fitted0 = most_likely_with_mean(values, observed, expected_score(settings.elo0))
    fitted1 = most_likely_with_mean(values, observed, expected_score(settings.elo1))
    return total * math.fsum(
        share * math.log(p1 / p0) for share, p0, p1 in zip(observed, fitted0, fitted1)
    )


def most_likely_with_mean(
    values: Sequence[float], observed: Sequence[float], target: float
) -> list[float]:
    """The distribution over ``values`` with mean ``target`` that best explains ``observed``.

    Maximises ``Σ observed_i · log p_i`` subject to ``Σ p_i = 1`` and ``Σ p_i values_i =
    target``; needs every ``observed_i > 0`` and ``min(values) < target < max(values)``.
    """
    gaps = [value - target for value in values]
    if not min(gaps) < 0.0 < max(gaps):
        raise ValueError(f"the mean {target} is not strictly inside the values' range")
    theta = _lagrange_root(gaps, observed)
    return [share / (1.0 + theta * gap) for share, gap in zip(observed, gaps)]


def _lagrange_root(gaps: Sequence[float], observed: Sequence[float]) -> float:
    """The root θ of f(θ) = Σ p̂_i g_i / (1 + θ g_i) on (-1/max g, -1/min g).

    f falls strictly from +∞ to -∞ there (f' = -Σ p̂_i g_i² / (1 + θ g_i)² < 0), so the
    root is unique; Newton steps are kept inside a shrinking bracket and replaced by
    bisection whenever they would leave it.
    """
    low, high = -1.0 / max(gaps), -1.0 / min(gaps)
    theta = 0.0
    for _ in range(MAX_ITERATIONS):
        value = math.fsum(p * g / (1.0 + theta * g) for p, g in zip(observed, gaps))
        if value == 0.0:
            return theta
        if value > 0.0:
            low = theta
        else:
            high = theta
        slope = -math.fsum(p * g * g / (1.0 + theta * g) ** 2 for p, g in zip(observed, gaps))
        step = theta - value / slope
        if not low < step < high:
            step = (low + high) / 2.0
        if abs(step - theta) <= THETA_TOLERANCE * max(1.0, abs(theta)):
            return step
        theta = step
    return theta
