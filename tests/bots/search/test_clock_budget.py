"""``time=auto``: the seconds a move may take on a game clock, and the time parameter that
takes ``auto``."""

from __future__ import annotations

import itertools

import pytest

from cheese.bots.base import BotSpecError, Clock
from cheese.bots.expectimax import ExpectimaxBot
from cheese.bots.mcts.bot import MctsBot
from cheese.bots.registry import make_bot
from cheese.bots.search.budget import (
    LEAST_SECONDS,
    MOVES_TO_GO,
    NO_CLOCK_SECONDS,
    SAFETY_SECONDS,
    clock_seconds,
)


@pytest.mark.parametrize(
    ("remaining", "increment"),
    list(itertools.product([0.01, 0.1, 0.5, 3.0, 60.0, 900.0], [0.0, 0.05, 1.0, 10.0])),
)
def test_a_move_never_plans_past_the_clock_s_safety_margin(
    remaining: float, increment: float
) -> None:
    seconds = clock_seconds(Clock(remaining, increment))
    assert seconds >= LEAST_SECONDS
    assert seconds <= max(LEAST_SECONDS, remaining - SAFETY_SECONDS)
    assert seconds <= max(LEAST_SECONDS, remaining / MOVES_TO_GO + increment)


def test_the_share_of_a_long_clock_grows_with_the_increment() -> None:
    assert clock_seconds(Clock(20.0, 0.0)) == pytest.approx(1.0)
    assert clock_seconds(Clock(20.0, 0.5)) == pytest.approx(1.4)


def test_without_a_clock_auto_is_the_documented_second() -> None:
    assert clock_seconds(None) == NO_CLOCK_SECONDS == 1.0


@pytest.mark.parametrize("bot", ["mcts", "expectimax"])
def test_time_auto_is_read_and_written_back(bot: str) -> None:
    built = make_bot(f"{bot}:time=Auto")
    fixed = make_bot(f"{bot}:time=0.5")
    assert isinstance(built, MctsBot | ExpectimaxBot)
    assert isinstance(fixed, MctsBot | ExpectimaxBot)
    assert built.spec == f"{bot}:time=auto"
    assert built.wants_clock and not fixed.wants_clock
    with pytest.raises(BotSpecError, match=r"time=.soon.* use a number from 0 to 3600, or auto"):
        make_bot(f"{bot}:time=soon")
