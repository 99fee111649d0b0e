"""Root parallelism: independent MCTS searches of one turn in forked processes.

Each search has the full budget and its own seed; only their small ``RootStats`` records
travel back. Where processes cannot be forked the searches run one after another, with
the same result.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Sequence
from queue import Empty

from cheese.bots.base import Turn
from cheese.bots.mcts_config import MctsConfig
from cheese.bots.mcts_search import RootStats, search


def _search_into(queue: multiprocessing.Queue[tuple[int, RootStats | str]], index: int,
                 turn: Turn, config: MctsConfig, seed: int) -> None:
    try:
        queue.put((index, search(turn, config, seed)))
    except Exception as error:  # the parent re-raises it; a silent child would hang it
        queue.put((index, f"{type(error).__name__}: {error}"))


def can_fork() -> bool:
    """Whether searches can run in forked child processes from here."""
    return (
        "fork" in multiprocessing.get_all_start_methods()
        and not multiprocessing.current_process().daemon
    )


def parallel_search(turn: Turn, config: MctsConfig, seeds: Sequence[int]) -> list[RootStats]:
    """One search per seed, in forked processes when possible; results in seed order.

    Forking hands the turn to the children without pickling it (a native state holds C
    buffers); only the small ``RootStats`` records travel back.
    """
    if len(seeds) == 1 or not can_fork():
        return [search(turn, config, seed) for seed in seeds]
    context = multiprocessing.get_context("fork")
    queue: multiprocessing.Queue[tuple[int, RootStats | str]] = context.Queue()
    processes = [
        context.Process(target=_search_into, args=(queue, index, turn, config, seed))
        for index, seed in enumerate(seeds)
    ]
    for process in processes:
        process.start()
    results: dict[int, RootStats | str] = {}
    while len(results) < len(processes):
        try:
            index, result = queue.get(timeout=0.05)
            results[index] = result
        except Empty:
            for index, process in enumerate(processes):
                if index not in results and process.exitcode not in (None, 0):
                    results[index] = f"the process died (exit code {process.exitcode})"
    for process in processes:
        process.join()
    ordered: list[RootStats] = []
    for index in range(len(seeds)):
        result = results[index]
        if isinstance(result, str):
            raise RuntimeError(f"search worker {index} failed: {result}")
        ordered.append(result)
    return ordered
