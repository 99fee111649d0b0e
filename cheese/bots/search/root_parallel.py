"""Root parallelism: independent searches of one turn in forked processes.

Each search has the full budget and its own seed; only their small result records travel
back. The processes are ``cheese.parallel``'s: forking hands the turn to them without
pickling it (a native state holds C buffers). Where processes cannot be forked the
searches run one after another, with the same result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from cheese.parallel import Died, Done, Outcome, Raised, Watch, can_fork, run_forked

Result = TypeVar("Result")


def run_searches(search: Callable[[int], Result], seeds: Sequence[int]) -> list[Result]:
    """``search(seed)`` for every seed, in forked processes when possible; results in seed
    order."""
    if len(seeds) == 1 or not can_fork():
        return [search(seed) for seed in seeds]

    def search_one(index: int, watch: Watch) -> Result:
        return search(seeds[index])

    found: dict[int, Result] = {}
    for outcome in run_forked(range(len(seeds)), search_one, len(seeds)):
        found[outcome.task] = _result(outcome)
    return [found[index] for index in range(len(seeds))]


def _result(outcome: Outcome[int, Result]) -> Result:
    """A search's result, or the error of the search that failed."""
    if isinstance(outcome, Done):
        return outcome.result
    if isinstance(outcome, Raised):
        cause = f"{type(outcome.error).__name__}: {outcome.error}"
    elif isinstance(outcome, Died):
        cause = f"the process died (exit code {outcome.exitcode})"
    else:
        cause = "it overran its deadline"
    raise RuntimeError(f"search worker {outcome.task} failed: {cause}")
