"""One game played on both backends with the same decisions, compared as it goes."""

from __future__ import annotations

import random
from collections.abc import Callable

from cheese.engine.api import Game, State
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE, REFERENCE, load_game

from ..native import check_native

StepCheck = Callable[[State, State, random.Random], None]
"""Compares one position of the reference and the native state (given the decision rng)."""


def both_backends(slug: str) -> tuple[Game, Game]:
    """The reference and the native game of ``slug``; called at the top of a test module,
    it skips the module without the extension (or fails it where the extension is required)."""
    check_native()
    return load_game(slug, backend=REFERENCE), load_game(slug, backend=NATIVE)


def play_pair(
    reference: State, native: State, seed: int, check_step: StepCheck | None = None
) -> tuple[State, State]:
    """Play both to the end: chance by paired luck, decisions from ``random.Random(seed)``.

    Compares the options, whose turn it is and the legal decisions at every step (and
    ``check_step`` when given), then the scores, rank keys and places; returns the ends.
    """
    assert dict(native.options) == dict(reference.options)
    decisions = random.Random(seed)
    while True:
        assert native.current_player == reference.current_player
        if check_step is not None:
            check_step(reference, native, decisions)
        if reference.is_terminal():
            break
        if reference.is_chance_node():
            action = resolve_chance(reference)
            assert resolve_chance(native) == action
        else:
            legal = reference.legal_actions()
            assert native.legal_actions() == legal
            action = legal[decisions.randrange(len(legal))]
        reference, native = reference.apply(action), native.apply(action)
    assert native.scores() == reference.scores()
    assert native.rank_keys() == reference.rank_keys()
    assert native.ranking() == reference.ranking()
    return reference, native
