"""The top level's moves are marked far less often than level 1's on the same deals (slow:
a few minutes; docs/analysis.md has the larger measurement)."""

from __future__ import annotations

import pytest

from cheese.analysis import Settings, analyse_record
from cheese.bots import make_bot
from cheese.levels import level_spec, top_level_spec

from .games import mixed_game

GAME = "get-the-cheese"
DEALS = 2
SAMPLES = 128


@pytest.mark.slow
def test_the_top_level_is_marked_less_often_than_level_1() -> None:
    first, top = level_spec(GAME, 1), top_level_spec(GAME)
    settings = Settings(bot=make_bot(top), samples=SAMPLES)
    marks = {first: 0, top: 0}
    decisions = {first: 0, top: 0}
    for deal in range(DEALS):
        for specs in ((first, top, first, top), (top, first, top, first)):
            record = mixed_game(GAME, specs, seed=deal)
            for seat, spec in enumerate(specs):
                for decision in analyse_record(record, seat, settings).decisions:
                    if not decision.forced:
                        decisions[spec] += 1
                        marks[spec] += decision.mark is not None
    assert marks[top] / decisions[top] < marks[first] / decisions[first] / 2
