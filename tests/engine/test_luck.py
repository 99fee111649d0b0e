"""The shared generator and the paired-luck hash (mirrored by the C engine)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cheese.engine.luck import (
    SplitMix64,
    event_key,
    keyed_hash,
    mix64,
    pick_weighted,
    scale,
)


def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # First outputs of Vigna's splitmix64.c seeded with 1234567.
    generator = SplitMix64(1234567)
    assert [generator.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_mix64_is_a_bijection_on_a_sample_and_stays_in_64_bits() -> None:
    values = [mix64(value) for value in range(10_000)]
    assert len(set(values)) == len(values)
    assert all(0 <= value < 1 << 64 for value in values)


def test_scale_maps_the_64_bit_range_onto_the_bound() -> None:
    assert scale(0, 7) == 0
    assert scale((1 << 64) - 1, 7) == 6
    assert scale(1 << 63, 4) == 2


def test_pick_weighted_walks_cumulative_weights() -> None:
    weights = [1, 2, 1]
    quarter = 1 << 62
    assert [pick_weighted(quarter * k, weights) for k in range(4)] == [0, 1, 1, 2]
    with pytest.raises(ValueError, match="positive total"):
        pick_weighted(0, [0, 0])


def test_pick_follows_the_weights_statistically() -> None:
    generator = SplitMix64(99)
    counts = Counter(generator.pick([3, 1]) for _ in range(40_000))
    assert abs(counts[0] / 40_000 - 0.75) < 0.01


def test_shuffle_is_a_seeded_permutation() -> None:
    first = list(range(20))
    second = list(range(20))
    SplitMix64(5).shuffle(first)
    SplitMix64(5).shuffle(second)
    assert first == second
    assert sorted(first) == list(range(20))
    third = list(range(20))
    SplitMix64(6).shuffle(third)
    assert third != first


def test_event_key_packs_fields_and_rejects_overflow() -> None:
    assert event_key(2, 1, 4) == (2 << 48) | (1 << 32) | (4 << 16)
    assert event_key(1, 0, 0, 65535) == (1 << 48) | 65535
    with pytest.raises(ValueError, match="65536|65535"):
        event_key(1, 70_000)


def test_keyed_hash_depends_on_seed_and_key_only() -> None:
    assert keyed_hash(7, 11) == keyed_hash(7, 11)
    assert keyed_hash(7, 11) != keyed_hash(8, 11)
    assert keyed_hash(7, 11) != keyed_hash(7, 12)
    # Seeds are taken modulo 2**64, so negative and huge seeds are usable.
    assert keyed_hash(-1, 3) == keyed_hash((1 << 64) - 1, 3)


def test_from_rng_draws_exactly_64_bits() -> None:
    rng = random.Random(3)
    twin = random.Random(3)
    generator = SplitMix64.from_rng(rng)
    assert generator.state == twin.getrandbits(64)
    assert rng.random() == twin.random()
