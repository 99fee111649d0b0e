"""Resamples of whole deals: sums of drawn deals, reproducible from the generator."""

from __future__ import annotations

import numpy as np

from cheese.ratings.resample import DealResampler


def generator(seed: int) -> np.random.Generator:
    return np.random.Generator(np.random.PCG64(seed))


def test_a_resample_is_the_sum_of_as_many_whole_deals_as_there_are() -> None:
    # deal d puts 10^d in one cell only: a resample's cells count how often each was drawn
    deals = np.zeros((4, 2, 2))
    for deal in range(4):
        deals[deal, deal % 2, 1 - deal % 2] = 10.0**deal
    drawn = DealResampler(deals).draw(generator(5), 30)
    assert drawn.shape == (30, 2, 2)
    counts = [
        [int(sample[deal % 2, 1 - deal % 2] // 10.0**deal % 10) for deal in range(4)]
        for sample in drawn
    ]
    assert all(sum(row) == 4 for row in counts)
    assert len({tuple(row) for row in counts}) > 1


def test_the_same_generator_draws_the_same_resamples() -> None:
    deals = np.arange(24.0).reshape(6, 2, 2)
    first = DealResampler(deals).draw(generator(1), 10)
    assert np.array_equal(first, DealResampler(deals).draw(generator(1), 10))
    assert not np.array_equal(first, DealResampler(deals).draw(generator(2), 10))


class WholeSums(DealResampler):
    """Adds the whole matrices, as above ``MAX_GROUPS`` kinds of table."""

    MAX_GROUPS = 0


def test_deals_added_by_blocks_equal_the_whole_sum() -> None:
    rng = np.random.Generator(np.random.PCG64(9))
    deals = np.zeros((40, 5, 5))
    for deal in range(40):  # tables of two of five bots
        one, other = rng.choice(5, size=2, replace=False)
        deals[deal, one, other], deals[deal, other, one] = rng.integers(0, 4, size=2)
    blocks = DealResampler(deals).draw(generator(4), 20)
    assert np.allclose(blocks, WholeSums(deals).draw(generator(4), 20))
