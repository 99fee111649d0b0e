"""The deal-level GSPRT: known answers, an independent check, decisions and bounds."""

from __future__ import annotations

import math

import pytest

from cheese.ratings.sprt import (
    SprtSettings,
    log_likelihood_ratio,
    most_likely_with_mean,
    sprt_status,
)
from cheese.ratings.stats import expected_score


@pytest.mark.parametrize(
    ("counts", "elo0", "elo1", "llr"),
    [
        # fastchess's own logistic test cases (trinomial L D W; pentanomial LL LD DD+WL WD WW).
        ([21184, 40708, 21404], 0.5, 2.5, -1.57),
        ([57030, 106593, 57433], 0.0, 2.0, -2.59),
        ([223, 9863, 21279, 10037, 246], 0.5, 2.5, -3.07),
        ([871, 26175, 55983, 26678, 821], 0.0, 2.0, -4.98),
    ],
)
def test_two_player_deals_give_fastchess_llr(
    counts: list[int], elo0: float, elo1: float, llr: float
) -> None:
    llr_here = log_likelihood_ratio(counts, SprtSettings(elo0, elo1))
    assert llr_here == pytest.approx(llr, abs=0.006)


def best_log_likelihood(values: list[float], observed: list[float], target: float) -> float:
    """The most likely Σ p̂ log p with mean ``target``, through its dual, by golden section.

    The constrained maximum of Σ p̂ log p equals Σ p̂ log p̂ - max_θ Σ p̂ log(1 + θ g)
    (the dual problem); searching it directly checks the Newton root independently.
    """
    gaps = [value - target for value in values]
    low, high = -1.0 / max(gaps) + 1e-12, -1.0 / min(gaps) - 1e-12

    def dual(theta: float) -> float:
        return sum(p * math.log(1.0 + theta * g) for p, g in zip(observed, gaps))

    ratio = (math.sqrt(5.0) - 1.0) / 2.0
    for _ in range(200):
        left, right = high - ratio * (high - low), low + ratio * (high - low)
        if dual(left) < dual(right):
            low = left
        else:
            high = right
    entropy_term = sum(p * math.log(p) for p in observed)
    return entropy_term - dual((low + high) / 2.0)


@pytest.mark.parametrize(
    "counts",
    [[3, 0, 5, 9, 2, 0, 1, 4, 2], [0, 0, 1, 0, 0], [10, 4, 2], [0, 7, 30, 6, 1, 0, 0, 0, 0]],
)
def test_the_llr_matches_an_independent_maximisation(counts: list[int]) -> None:
    settings = SprtSettings(-20.0, 35.0)
    weights = [count if count else 1e-3 for count in counts]
    total = sum(weights)
    observed = [weight / total for weight in weights]
    values = [k / (len(counts) - 1) for k in range(len(counts))]
    expected = total * (
        best_log_likelihood(values, observed, expected_score(35.0))
        - best_log_likelihood(values, observed, expected_score(-20.0))
    )
    assert log_likelihood_ratio(counts, settings) == pytest.approx(expected, abs=1e-7)


def test_the_fitted_distribution_has_the_asked_mean() -> None:
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    observed = [0.1, 0.2, 0.4, 0.2, 0.1]
    fitted = most_likely_with_mean(values, observed, 0.6)
    assert sum(fitted) == pytest.approx(1.0)
    assert sum(p * v for p, v in zip(fitted, values)) == pytest.approx(0.6)
    # Already at the asked mean, the empirical distribution is its own best fit.
    assert most_likely_with_mean(values, observed, 0.5) == pytest.approx(observed)
    with pytest.raises(ValueError, match="not strictly inside"):
        most_likely_with_mean(values, observed, 1.0)


def test_bounds_follow_alpha_and_beta() -> None:
    settings = SprtSettings(0, 10)
    assert settings.lower == pytest.approx(math.log(0.05 / 0.95))
    assert settings.upper == pytest.approx(math.log(0.95 / 0.05))
    skewed = SprtSettings(0, 10, alpha=0.01, beta=0.1)
    assert (skewed.lower, skewed.upper) == (
        pytest.approx(math.log(0.1 / 0.99)),
        pytest.approx(math.log(0.9 / 0.01)),
    )


def test_a_clearly_stronger_bot_accepts_h1() -> None:
    # Four-player deals (2P + 1 = 17 values): most deals won 12-4 or better.
    counts = [0] * 17
    counts[12], counts[14], counts[8] = 30, 20, 5
    status = sprt_status(counts, SprtSettings(0, 50))
    assert status.decision == "H1" and status.llr >= status.settings.upper
    assert status.deals == 55


def test_equal_bots_accept_h0() -> None:
    counts = [0] * 17
    counts[6], counts[8], counts[10] = 120, 160, 120
    status = sprt_status(counts, SprtSettings(0, 50))
    assert status.decision == "H0" and status.llr <= status.settings.lower


def test_little_evidence_continues() -> None:
    assert sprt_status([0, 1, 2, 1, 0], SprtSettings(0, 50)).decision == "continue"
    assert sprt_status([0, 0, 0], SprtSettings(0, 50)).llr == 0.0


def test_the_llr_is_antisymmetric_in_the_roles() -> None:
    counts = [1, 4, 9, 3, 2]
    forward = log_likelihood_ratio(counts, SprtSettings(-10, 10))
    mirrored = log_likelihood_ratio(counts[::-1], SprtSettings(-10, 10))
    assert forward == pytest.approx(-mirrored)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("5", "has 1 fields"),
        ("0,5,0.05", "has 3 fields"),
        ("zero,5", "not a list of numbers"),
        ("5,0", "must be below elo1"),
        ("0,5,0,0.05", "alpha must be between 0 and 1"),
        ("0,5,0.05,1", "beta must be between 0 and 1"),
        ("0,5,0.6,0.5", "alpha \\+ beta must be below 1"),
        ("0,inf", "finite"),
    ],
)
def test_bad_sprt_text_says_what_to_write(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SprtSettings.parse(text)


def test_sprt_text_with_two_or_four_fields() -> None:
    assert SprtSettings.parse("0,50") == SprtSettings(0.0, 50.0, 0.05, 0.05)
    assert SprtSettings.parse(" -5 , 5 , 0.1 , 0.2 ") == SprtSettings(-5.0, 5.0, 0.1, 0.2)
