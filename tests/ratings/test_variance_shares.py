"""The luck and skill shares on synthetic paired deals whose true shares are known."""

from __future__ import annotations

import numpy as np
import pytest

from cheese.ratings.variance_shares import SeatedGame, seat_results, variance_shares


def paired_deals(
    deals: int,
    *,
    seats: int = 2,
    skill: float = 0.0,
    seat_edge: float = 0.0,
    luck: float = 0.0,
    seed: int = 1,
) -> list[SeatedGame]:
    """Deals of ``seats`` bots rotated through the seats; each seat's strength is its
    deal's luck for that seat, the first seat's edge, bot 0's skill, and noise."""
    generator = np.random.default_rng(seed)
    bots = tuple(f"b{index}" for index in range(seats))
    games = []
    for deal in range(deals):
        dealt = generator.normal(0.0, luck, seats)
        for rotation in range(seats):
            order = bots[rotation:] + bots[:rotation]
            strength = [
                dealt[seat] + seat_edge * (seat == 0) + skill * (bot == "b0") + generator.normal()
                for seat, bot in enumerate(order)
            ]
            places = tuple(1 + sum(other > value for other in strength) for value in strength)
            games.append(SeatedGame(deal, order, places))
    return games


@pytest.mark.parametrize("seats", [2, 4])
def test_equal_bots_without_luck_leave_everything_to_the_rest(seats: int) -> None:
    shares = variance_shares(paired_deals(150, seats=seats), resamples=50)
    assert shares.bots.share < 0.03
    assert shares.deals.share < 0.05
    assert shares.rest.share > 0.9
    assert shares.bots.ci95 is not None and shares.bots.ci95[0] < 1e-9


@pytest.mark.parametrize("seats", [2, 4])
def test_luck_of_the_deal_is_the_deals_share_not_the_bots(seats: int) -> None:
    shares = variance_shares(paired_deals(150, seats=seats, luck=2.0), resamples=50)
    assert shares.deals.share > 0.4
    assert shares.bots.share < 0.03
    assert shares.seats.share < 0.03


def test_a_much_stronger_bot_takes_a_clear_share() -> None:
    shares = variance_shares(paired_deals(150, skill=2.0, luck=1.0), resamples=50)
    assert shares.bots.ci95 is not None
    assert shares.bots.ci95[0] > 0.2
    assert shares.deals.share > 0.03


def test_a_seat_edge_is_the_seats_share() -> None:
    shares = variance_shares(paired_deals(150, seat_edge=1.5, luck=1.0), resamples=50)
    assert shares.seats.ci95 is not None and shares.seats.ci95[0] > 0.1
    assert shares.bots.share < 0.05


def test_shares_add_up_and_the_bootstrap_is_seeded() -> None:
    games = paired_deals(60, seats=3, skill=1.0, luck=1.0)
    first = variance_shares(games, seed=3, resamples=30)
    assert first == variance_shares(games, seed=3, resamples=30)
    total = first.deals.share + first.seats.share + first.bots.share + first.rest.share
    assert total == pytest.approx(1.0)
    assert first.measure == "pair score"
    assert first.observations == 60 * 3 * 3 and first.deal_count == 60


def test_solitaire_compares_points_on_the_same_deal() -> None:
    generator = np.random.default_rng(0)
    games = []
    for deal in range(80):
        dealt = generator.normal(0.0, 3.0)
        for bot, skill in (("a", 2.0), ("b", 0.0)):
            games.append(SeatedGame(deal, (bot,), (1,), (dealt + skill + generator.normal(),)))
    shares = variance_shares(games, resamples=30)
    assert shares.measure == "points"
    assert shares.seats.share == 0.0
    assert shares.deals.share > 0.5
    assert shares.bots.ci95 is not None and shares.bots.ci95[0] > 0.05


def test_a_forfeited_solitaire_game_counts_nothing() -> None:
    assert seat_results(SeatedGame(0, ("a",), (1,), None)) == (0.0,)


def test_one_deal_has_no_interval_and_too_few_games_are_refused() -> None:
    one = variance_shares(paired_deals(1, seats=3), resamples=5)
    assert one.bots.ci95 is None
    with pytest.raises(ValueError, match="play more deals"):
        variance_shares(paired_deals(1, seats=2), resamples=5)
    with pytest.raises(ValueError, match="at least one game"):
        variance_shares([])
