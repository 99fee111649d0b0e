"""Budgets: iterations, seconds, or whichever ends first."""

from __future__ import annotations

import time

import pytest

from cheese.bots.search.budget import Budget


def test_an_iteration_budget_stops_after_its_iterations() -> None:
    watch = Budget(iterations=3, seconds=None).start()
    assert not watch.exhausted()
    watch.done = 3
    assert watch.exhausted()


def test_a_time_budget_stops_when_the_time_is_up() -> None:
    watch = Budget(iterations=None, seconds=0.01).start()
    assert not watch.exhausted()
    time.sleep(0.02)
    assert watch.exhausted() and watch.out_of_time() and watch.elapsed() >= 0.01


def test_both_limits_stop_at_the_first() -> None:
    watch = Budget(iterations=1, seconds=60.0).start()
    watch.done = 1
    assert watch.exhausted() and not watch.out_of_time()
    assert Budget(iterations=1, seconds=60.0).describe() == "1 iterations or 60 s"


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError, match="needs iterations, seconds or both"):
        Budget(iterations=None, seconds=None)
