"""The MCTS bot: information-set Monte Carlo tree search from the seat's view.

Each iteration draws a fresh determinization of the view (``turn.determinize``) and runs
one select–expand–playout–backup pass over a single tree (see ``cheese.bots.mcts_tree``
for the key of a node, the selection formula and the widening rule). Chance is sampled,
rewards are per seat (``cheese.bots.rewards``), and the move played is the root child
with the most visits (ties: higher mean reward, then the lower action).

On the native backend the whole loop runs in C (``cheese.bots.mcts_native``): same tree,
same selection and widening, same rewards, leaves played out to the end by the game's C
playout policy; the settings a spec leaves open take the game's tuned C defaults
(``mcts_native.NATIVE_DEFAULTS``: iterations, playout policy, exploration, root prior). Specs the C
loop cannot follow (``playout=none``, a playout ``depth``) run the Python loop.

Budget: ``iterations=`` or ``time=`` seconds (or both: whichever ends first); a fixed
iteration budget and rng seed give the same move on any machine. ``workers=`` runs that
many independent searches (root parallelism, each with the full budget and its own seed
drawn from the rng) in forked processes and adds up their root statistics; where
processes cannot be forked the searches run one after another with the same result.
"""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Mapping, Sequence
from queue import Empty
from dataclasses import dataclass

from cheese.bots.base import ConfiguredBot, Decision, Turn
from cheese.bots.budget import Budget
from cheese.bots.evaluation import SearchAdvice, evaluator_for
from cheese.bots.mcts_native import (
    NativeSearch,
    native_defaults,
    one_ply_values,
    runs_in_c,
    search_in_c,
)
from cheese.bots.mcts_tree import Node, TreePolicy, run_iteration, seed_root
from cheese.bots.spec import (
    ChoiceParameter,
    FloatParameter,
    IntParameter,
    Parameter,
    SettingValue,
    compose_spec,
    read_settings,
)
from cheese.engine import Action
from cheese.engine.registry import NATIVE

NAME = "mcts"
DESCRIPTION = "information-set MCTS over determinizations; per-seat rewards (max^n)"
DEFAULT_ITERATIONS = 300
"""Iterations of the Python loop when the spec gives neither iterations nor time."""
MAX_ITERATIONS = 10_000_000
DEFAULT_EXPLORATION = 0.7
DEFAULT_WIDEN = 2.0
DEFAULT_PRIOR = 0
NATIVE_LEAF_PLAYOUTS = 8
"""Playouts per leaf when they run in C and the spec leaves it open: they are cheap
there, and averaging them is what makes a leaf's value worth comparing."""
AUTO = "auto"
PARAMETERS: tuple[Parameter, ...] = (
    IntParameter("iterations", DEFAULT_ITERATIONS, 1, MAX_ITERATIONS,
                 "iterations per move: 300 in Python, the game's budget in C "
                 "(unlimited when only time= is given)"),
    FloatParameter("time", 0.0, 0.0, 3600.0, "seconds per move; 0 = no time limit"),
    FloatParameter("c", DEFAULT_EXPLORATION, 0.0, 10.0,
                   "UCB exploration constant (in C, when not given: the game's)"),
    ChoiceParameter("playout", AUTO, (AUTO, "random", "heuristic", "none"),
                    "playout policy; auto = the game's advice, none = evaluate the leaf"),
    IntParameter("depth", 0, 0, 10_000,
                 "playout decisions before the leaf evaluation; 0 = to the end "
                 "(with playout=auto: the game's advice unless given)"),
    FloatParameter("widen", DEFAULT_WIDEN, 0.0, 100.0,
                   "progressive widening: at most 1 + widen*sqrt(visits) children; 0 = off"),
    IntParameter("prior", DEFAULT_PRIOR, 0, 100_000,
                 "virtual visits of each root move at its one-ply value; 0 = none "
                 "(in C, when not given: the game's)"),
    IntParameter("leaf", 0, 0, 10_000,
                 "playouts averaged per leaf; 0 = 8 when they run in C, else 1"),
    IntParameter("workers", 1, 1, 64, "independent searches in parallel processes"),
)


@dataclass(frozen=True, slots=True)
class MctsConfig:
    """The settings of the MCTS bot, checked."""

    iterations: int | None = None
    """``None``: the loop's default (``DEFAULT_ITERATIONS`` in Python, the game's budget in
    C), or no limit when ``seconds`` is given."""
    seconds: float | None = None
    exploration: float = DEFAULT_EXPLORATION
    playout: str = AUTO
    depth: int | None = None
    """Playout cut-off; ``None`` takes the game's advice (only with ``playout=auto``)."""
    widen: float = DEFAULT_WIDEN
    prior: int = DEFAULT_PRIOR
    leaf: int = 0
    """Playouts per leaf; 0 lets the backend decide (``NATIVE_LEAF_PLAYOUTS`` in C, 1)."""
    workers: int = 1

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> MctsConfig:
        settings = read_settings(NAME, PARAMETERS, params)
        seconds = settings.number("time") or None
        iterations = settings.integer("iterations") if settings.is_given("iterations") else None
        playout = settings.choice("playout")
        depth = settings.integer("depth")
        return cls(
            iterations=iterations,
            seconds=seconds,
            exploration=settings.number("c"),
            playout=playout,
            depth=depth if settings.is_given("depth") or playout != AUTO else None,
            widen=settings.number("widen"),
            prior=settings.integer("prior"),
            leaf=settings.integer("leaf"),
            workers=settings.integer("workers"),
        )

    @property
    def budget(self) -> Budget:
        """The Python loop's budget."""
        if self.iterations is None and self.seconds is None:
            return Budget(DEFAULT_ITERATIONS, None)
        return Budget(self.iterations, self.seconds)

    def native_search(self, slug: str) -> NativeSearch | None:
        """The C loop's settings for the game ``slug``, or None when the spec asks for
        what only the Python loop does (``playout=none`` or a playout depth)."""
        if self.playout == "none" or self.depth:
            return None
        defaults = native_defaults(slug)
        iterations = self.iterations
        if iterations is None:
            iterations = MAX_ITERATIONS if self.seconds is not None else defaults.iterations
        exploration = self.exploration
        if exploration == DEFAULT_EXPLORATION:
            exploration = defaults.exploration
        return NativeSearch(
            iterations=iterations,
            seconds=self.seconds,
            exploration=exploration,
            widen=self.widen,
            playout=defaults.playout if self.playout == AUTO else self.playout,
            prior_visits=self.prior if self.prior != DEFAULT_PRIOR else defaults.prior_visits,
            leaf_playouts=self.leaf or 1,
            chance_nodes=defaults.chance_nodes,
        )

    @property
    def spec(self) -> str:
        changed: list[tuple[str, SettingValue]] = []
        if self.iterations is not None:
            changed.append(("iterations", self.iterations))
        if self.seconds is not None:
            changed.append(("time", self.seconds))
        if self.exploration != DEFAULT_EXPLORATION:
            changed.append(("c", self.exploration))
        if self.playout != AUTO:
            changed.append(("playout", self.playout))
        if self.depth is not None and (self.playout == AUTO or self.depth != 0):
            changed.append(("depth", self.depth))
        if self.widen != DEFAULT_WIDEN:
            changed.append(("widen", self.widen))
        if self.prior != DEFAULT_PRIOR:
            changed.append(("prior", self.prior))
        if self.leaf:
            changed.append(("leaf", self.leaf))
        if self.workers != 1:
            changed.append(("workers", self.workers))
        return compose_spec(NAME, changed)

    def tree_policy(self, advice: SearchAdvice, native: bool = False) -> TreePolicy:
        """The tree policy for a game whose evaluator gives ``advice``.

        On the ``native`` backend, playouts to the end run in C: with ``playout=auto``
        the game's ``native_playout`` (when it names one), otherwise an explicit random
        or heuristic playout with depth 0.
        """
        playout: str
        if self.playout == AUTO:
            if native and advice.native_playout is not None and not self.depth:
                playout, depth, in_c = advice.native_playout, 0, True
            else:
                playout = advice.playout
                depth = advice.playout_depth if self.depth is None else self.depth
                in_c = native and depth == 0 and playout != "none"
        else:
            playout, depth = self.playout, self.depth or 0
            in_c = native and depth == 0 and playout != "none"
        leaf = self.leaf or (NATIVE_LEAF_PLAYOUTS if in_c else 1)
        return TreePolicy(self.exploration, self.widen, playout, depth, in_c, self.prior, leaf)


@dataclass(frozen=True, slots=True)
class RootStats:
    """What one search learnt about the root moves: (action, visits, reward sum)."""

    iterations: int
    elapsed: float
    children: tuple[tuple[Action, int, float], ...]
    in_c: bool = False
    """Whether the C loop ran the search."""


def search(turn: Turn, config: MctsConfig, seed: int) -> RootStats:
    """One search of ``turn`` within its budget, all randomness from ``seed``: in C on
    the native backend (when the spec allows), else in Python.

    With ``config.prior`` the root is first seeded with the moves' one-ply values.
    """
    evaluator = evaluator_for(turn.game)
    settings = config.native_search(turn.game.info.slug) if runs_in_c(turn) else None
    if settings is not None:
        iterations, elapsed, children = search_in_c(turn, settings, evaluator, seed)
        return RootStats(iterations, elapsed, children, in_c=True)
    rng = random.Random(seed)
    policy = config.tree_policy(evaluator.advice, turn.game.backend == NATIVE)
    root = Node()
    stopwatch = config.budget.start()
    if config.prior:
        legal = turn.legal_actions()
        seed_root(root, legal, one_ply_values(turn, evaluator, legal, rng))
    while True:  # at least one iteration, however short the time limit
        run_iteration(root, turn.determinize(rng), evaluator, policy, rng)
        stopwatch.done += 1
        if stopwatch.exhausted():
            break
    children = tuple(
        (action, child.visits, child.reward_sum) for action, child in sorted(root.children.items())
    )
    return RootStats(stopwatch.done, stopwatch.elapsed(), children)


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


def merge(stats: Sequence[RootStats]) -> dict[Action, tuple[int, float]]:
    """Visits and reward sums per root action, added up over searches."""
    merged: dict[Action, tuple[int, float]] = {}
    for result in stats:
        for action, visits, reward_sum in result.children:
            seen_visits, seen_sum = merged.get(action, (0, 0.0))
            merged[action] = (seen_visits + visits, seen_sum + reward_sum)
    return merged


def most_visited(merged: Mapping[Action, tuple[int, float]]) -> Action:
    """The action with the most visits; ties: higher mean reward, then lower action."""
    return min(
        merged,
        key=lambda action: (
            -merged[action][0],
            -(merged[action][1] / merged[action][0]) if merged[action][0] else 0.0,
            action,
        ),
    )


class MctsBot(ConfiguredBot[MctsConfig]):
    """Information-set MCTS; see the module docstring."""

    __slots__ = ()

    config_type = MctsConfig

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        seeds = [rng.getrandbits(64) for _ in range(self.config.workers)]
        stats = parallel_search(turn, self.config, seeds)
        merged = merge(stats)
        action = most_visited(merged)
        visits, reward_sum = merged[action]
        return Decision(
            action,
            {
                "legal": len(legal),
                "iterations": sum(result.iterations for result in stats),
                "elapsed": round(max(result.elapsed for result in stats), 4),
                "visits": visits,
                "value": round(reward_sum / visits, 4) if visits else 0.0,
                "children": len(merged),
                "loop": "c" if stats[0].in_c else "python",
            },
        )
