"""The native engine does not leak: memory stays flat over 10 million ``apply`` calls."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cheese.engine import load_game
from cheese.engine.benchmark import random_playout
from cheese.engine.registry import NATIVE

from ..native import needs_native

pytestmark = [
    pytest.mark.slow,
    needs_native,
]

SLUGS = ("get-the-cheese", "cheese-chasers", "cheese-drop")
APPLY_CALLS_PER_GAME = 10_000_000 // len(SLUGS) + 1  # ten million over the three games


def _resident_bytes() -> int:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * 4096


@pytest.mark.parametrize("slug", SLUGS)
def test_resident_memory_stays_flat_over_ten_million_applies(slug: str) -> None:
    game = load_game(slug, backend=NATIVE)
    initial = game.new_initial_state(seed=1)
    _, actions = random_playout(initial, random.Random(1))
    games = APPLY_CALLS_PER_GAME // len(actions) + 1
    samples = []
    for game_index in range(games):
        state = initial
        for action in actions:
            state = state.apply(action)
            state.legal_actions()
        if game_index % max(1, games // 10) == 0:
            samples.append(_resident_bytes())
    growth = samples[-1] - samples[1]
    assert growth < 8 * 1024 * 1024, f"resident memory grew by {growth} bytes: {samples}"
