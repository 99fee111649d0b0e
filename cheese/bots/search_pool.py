"""Root parallelism: independent MCTS searches of one turn in forked processes.

Each search has the full budget and its own seed; only their small ``RootStats`` records
travel back. The processes are ``cheese.parallel``'s: forking hands the turn to them
without pickling it (a native state holds C buffers). Where processes cannot be forked
the searches run one after another, with the same result.
"""

from __future__ import annotations

from collections.abc import Sequence

from cheese.bots.base import Turn
from cheese.bots.mcts_config import MctsConfig
from cheese.bots.mcts_search import RootStats, search
from cheese.parallel import Died, Done, Outcome, Raised, Watch, can_fork, run_forked


def parallel_search(turn: Turn, config: MctsConfig, seeds: Sequence[int]) -> list[RootStats]:
    """One search per seed, in forked processes when possible; results in seed order."""
    if len(seeds) == 1 or not can_fork():
        return [search(turn, config, seed) for seed in seeds]

    def search_one(index: int, watch: Watch) -> RootStats:
        return search(turn, config, seeds[index])

    found: dict[int, RootStats] = {}
    for outcome in run_forked(range(len(seeds)), search_one, len(seeds)):
        found[outcome.task] = _stats(outcome)
    return [found[index] for index in range(len(seeds))]


def _stats(outcome: Outcome[int, RootStats]) -> RootStats:
    """A search's statistics, or the error of the search that failed."""
    if isinstance(outcome, Done):
        return outcome.result
    if isinstance(outcome, Raised):
        cause = f"{type(outcome.error).__name__}: {outcome.error}"
    elif isinstance(outcome, Died):
        cause = f"the process died (exit code {outcome.exitcode})"
    else:
        cause = "it overran its deadline"
    raise RuntimeError(f"search worker {outcome.task} failed: {cause}")
