"""Chance, seeded and keyed: paired luck and the generator shared with the C engine.

**Paired luck.** Every chance event of a game has a *key* that names it ("seat 2's 5th
card", "round 1, drop 3, marble in slot 4, row 2"). The outcome of an event is drawn from
a 64-bit hash of (deal seed, key) against the event's integer weights. Because the key
does not depend on what the players decided, the same deal seed gives every seat the same
cards, marbles and deflections in every rotation of a duplicate match.

**SplitMix64** is the one pseudo-random generator the engine uses internally (for
example inside ``determinize``): it is tiny, has a 64-bit state, and the C engine
implements the same arithmetic, so both backends draw the same numbers from the same
seed. Python's ``random.Random`` is used only to *seed* it, so callers keep injecting an
ordinary generator.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from cheese.engine.api import OptionError

if TYPE_CHECKING:
    from cheese.engine.api import Action, State

MASK64 = (1 << 64) - 1
SEED_LIMIT = 1 << 64
"""Seeds are whole numbers below this: the 64 bits every generator here is keyed by."""
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
KEY_FIELD_LIMIT = 1 << 16

Item = TypeVar("Item")
Outcome = TypeVar("Outcome")


def check_seed(seed: int, what: str = "--seed") -> int:
    """``seed`` if it is a seed (0 to 2**64 - 1); ``OptionError`` naming ``what`` if not.

    >>> check_seed(7)
    7
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < SEED_LIMIT:
        raise OptionError(f"{what} must be from 0 to 2**64 - 1, not {seed}")
    return seed


def mix64(value: int) -> int:
    """The SplitMix64 finaliser: a bijective 64-bit mix (Stafford's variant 13)."""
    z = value & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def event_key(kind: int, first: int = 0, second: int = 0, third: int = 0) -> int:
    """Pack an event kind and up to three small fields (each < 65536) into one key.

    >>> hex(event_key(2, 1, 4))
    '0x2000100040000'
    """
    for field in (kind, first, second, third):
        if not 0 <= field < KEY_FIELD_LIMIT:
            raise ValueError(f"event key field {field} is outside 0..65535")
    return (kind << 48) | (first << 32) | (second << 16) | third


def keyed_hash(seed: int, key: int) -> int:
    """The 64-bit number that decides the event ``key`` of the deal ``seed``."""
    return mix64((seed & MASK64) ^ mix64((key + GOLDEN_GAMMA) & MASK64))


def scale(random_u64: int, bound: int) -> int:
    """Map a uniform 64-bit number to ``0 .. bound-1`` (Lemire's multiply-shift)."""
    return (random_u64 * bound) >> 64


def pick_weighted(random_u64: int, weights: Sequence[int]) -> int:
    """The index chosen by ``random_u64`` among integer ``weights`` (cumulative walk)."""
    total = sum(weights)
    if total <= 0:
        raise ValueError("chance weights must have a positive total")
    target = scale(random_u64, total)
    for index, weight in enumerate(weights):
        if target < weight:
            return index
        target -= weight
    raise AssertionError("unreachable: target below total")


def keyed_outcome(seed: int, key: int, outcomes: Sequence[tuple[Outcome, int]]) -> Outcome:
    """The outcome paired luck gives the event ``key`` of the deal ``seed`` among
    ``outcomes``, each with its integer weight: the same seed, event and weights, the same
    outcome, whatever was decided before."""
    index = pick_weighted(keyed_hash(seed, key), [weight for _, weight in outcomes])
    return outcomes[index][0]


class SplitMix64:
    """SplitMix64 (Steele, Lea, Flood 2014); the C engine has the same generator."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    @classmethod
    def from_rng(cls, rng: random.Random) -> SplitMix64:
        """A generator seeded with 64 bits drawn from the injected ``rng``."""
        return cls(rng.getrandbits(64))

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return mix64(self.state)

    def below(self, bound: int) -> int:
        """A uniform integer in ``0 .. bound-1``."""
        return scale(self.next_u64(), bound)

    def pick(self, weights: Sequence[int]) -> int:
        """An index drawn with probability proportional to ``weights``."""
        return pick_weighted(self.next_u64(), weights)

    def shuffle(self, items: list[Item]) -> None:
        """Fisher–Yates in place, from the last position down (the C engine's order)."""
        for last in range(len(items) - 1, 0, -1):
            other = self.below(last + 1)
            items[last], items[other] = items[other], items[last]


REDRAWN_SEED_SALT = 0xD15C0DE5EED5A17
"""Separates a determinization's fresh deal seed from its sampling generator's seed."""


def determinization_draw(rng: random.Random) -> tuple[SplitMix64, int]:
    """The generator a determinization samples with, and the deal seed its state gets.

    Both come from one ``rng.getrandbits(64)``. Under paired luck the deal seed decides
    every future chance event, so a determinized state must not keep the real one: a
    search that resolved chance from it would see the true future cards. It gets a fresh
    seed instead, drawn from the same bits, so both backends agree.
    """
    bits = rng.getrandbits(64)
    return SplitMix64(bits), mix64(bits ^ REDRAWN_SEED_SALT)


def resolve_chance(state: State) -> Action:
    """The paired-luck outcome of the chance node ``state`` (decided by its deal seed)."""
    return keyed_outcome(state.seed, state.chance_key(), state.chance_weights())


def sample_chance(state: State, rng: random.Random) -> Action:
    """An outcome of the chance node ``state`` drawn from ``rng`` (for searches)."""
    outcomes = state.chance_weights()
    index = pick_weighted(rng.getrandbits(64), [weight for _, weight in outcomes])
    return outcomes[index][0]


def advance_chance(state: State) -> State:
    """Resolve chance nodes by paired luck until a seat must act or the game ends."""
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
    return state
