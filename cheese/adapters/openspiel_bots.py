"""OpenSpiel's MCTS and ISMCTS bots at our tables: ``openspiel-mcts``, ``openspiel-ismcts``.

They are an outside yardstick: search code no one here wrote, run on our games through
``cheese.adapters.openspiel`` (with ``returns=rewards``, the [0, 1] rewards our own
searches maximise, the scale OpenSpiel's exploration constants expect). Like our bots
they see only the seat's ``Turn``:

- ``openspiel-mcts`` runs OpenSpiel's C++ MCTS (``pyspiel.MCTSBot``, random rollouts,
  chance sampled) on one fresh determinization of the view per move, never on the true
  state; it searches as if that sampled world were the truth.
- ``openspiel-ismcts`` runs OpenSpiel's Python ISMCTS (``open_spiel.python.algorithms.
  ismcts``, random rollouts); every simulation starts from a new determinization drawn
  with the bot's seeded generator. The loop around its simulations is ``run_search``'s
  with a clock added and without its refusal of perfect-information games, so it also
  plays Cheese Chasers (where a determinization is the position itself). OpenSpiel's
  C++ ISMCTS does not run on Python games: it resamples through the C++
  ``ResampleFromInfostate``, which OpenSpiel's Python-game bridge does not forward to
  Python (tried: the process crashes).

Both turn the root's statistics into a move with the chosen final policy: the most
visits, the best mean value, or a draw proportional to visits. All randomness comes
from the ``rng`` the bot is handed, so a seed and a simulation budget fix every move.
OpenSpiel is imported only when a bot is made; without it the spec fails in one line.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Self

from cheese.bots.base import BotSpecError, ConfiguredBot, Decision, Turn
from cheese.bots.spec import ChoiceParameter, FloatParameter, IntParameter
from cheese.bots.spec_config import SpecConfig, setting
from cheese.engine import Action, State

if TYPE_CHECKING:  # OpenSpiel is imported only when a bot searches.
    from cheese.adapters.openspiel import CheeseGame

MCTS_NAME = "openspiel-mcts"
ISMCTS_NAME = "openspiel-ismcts"
MAX_VISITS = "max_visit_count"
MAX_VALUE = "max_value"
VISIT_SHARE = "normalized_visit_count"
POLICIES = (MAX_VISITS, MAX_VALUE, VISIT_SHARE)
DEFAULT_SIMULATIONS = 1000
DEFAULT_UCT_C = 2.0
DEFAULT_ROLLOUTS = 1
MAX_MEMORY_MB = 1000
INSTALL_HINT = "pip install 'cheese[openspiel]'"
SEED_LIMIT = 1 << 31
"""OpenSpiel's seeds are C ints."""


def openspiel_problem() -> str | None:
    """Why OpenSpiel cannot be used here, or None when it can."""
    if importlib.util.find_spec("pyspiel") is None:
        return f"OpenSpiel is not installed; {INSTALL_HINT}"
    return None


@dataclass(frozen=True, slots=True)
class OpenSpielConfig(SpecConfig):
    """The settings of an OpenSpiel bot, checked; subclasses name the bot."""

    bot_name: ClassVar[str] = ""

    simulations: int = setting(
        IntParameter("simulations", DEFAULT_SIMULATIONS, 1, 10_000_000,
                     "simulations per move (ignored when time= is given)")
    )
    uct_c: float = setting(
        FloatParameter("uct_c", DEFAULT_UCT_C, 0.0, 100.0, "UCT exploration constant")
    )
    policy: str = setting(
        ChoiceParameter("policy", MAX_VISITS, POLICIES,
                        "final policy: most visits, best mean value, or a draw by visit share")
    )
    rollouts: int = setting(
        IntParameter("rollouts", DEFAULT_ROLLOUTS, 1, 1000, "random rollouts per leaf")
    )
    seconds: float = setting(
        FloatParameter("time", 0.0, 0.0, 3600.0, "seconds per move; 0 = count simulations")
    )


PARAMETERS = OpenSpielConfig.parameters()


@dataclass(frozen=True, slots=True)
class MctsConfig(OpenSpielConfig):
    """The settings of ``openspiel-mcts``."""

    bot_name: ClassVar[str] = MCTS_NAME


@dataclass(frozen=True, slots=True)
class IsmctsConfig(OpenSpielConfig):
    """The settings of ``openspiel-ismcts``."""

    bot_name: ClassVar[str] = ISMCTS_NAME


@dataclass(frozen=True, slots=True)
class RootChild:
    """What a search learnt about one root move."""

    action: Action
    visits: int
    reward_sum: float

    @property
    def value(self) -> float:
        return self.reward_sum / self.visits if self.visits else 0.0


def final_action(children: Sequence[RootChild], policy: str, rng: random.Random) -> RootChild:
    """The root move the final ``policy`` picks (ties: lower action; the visit-share
    draw uses ``rng``)."""
    visited = [child for child in children if child.visits] or list(children)
    if policy == VISIT_SHARE:
        return rng.choices(visited, weights=[child.visits or 1 for child in visited])[0]
    if policy == MAX_VALUE:
        return min(visited, key=lambda child: (-child.value, -child.visits, child.action))
    return min(visited, key=lambda child: (-child.visits, -child.value, child.action))


def _search_game(world: State) -> CheeseGame:
    """The OpenSpiel game ``world`` belongs to, with the rewards our searches use."""
    from cheese.adapters.openspiel import game_class

    return game_class(world.game.info.slug)(
        {"players": world.num_players, "returns": "rewards", **world.options}
    )


def mcts_search(world: State, config: OpenSpielConfig, seed: int) -> tuple[list[RootChild], int]:
    """OpenSpiel's C++ MCTS from ``world``: the root moves' statistics and simulations."""
    import pyspiel

    from cheese.adapters.openspiel import CheeseState

    game = _search_game(world)
    evaluator = pyspiel.RandomRolloutEvaluator(config.rollouts, seed)
    bot = pyspiel.MCTSBot(
        game, evaluator, config.uct_c,
        max_simulations=config.simulations, max_memory_mb=MAX_MEMORY_MB, solve=False,
        seed=seed, verbose=False,
        max_wall_clock_time=config.seconds if config.seconds else -1.0,
    )
    root = bot.mcts_search(CheeseState(game, world))
    children = [RootChild(child.action, child.explore_count, child.total_reward)
                for child in root.children]
    return children, int(root.explore_count)


def ismcts_search(
    world: State, seat: int, config: OpenSpielConfig, rng: random.Random
) -> tuple[list[RootChild], int]:
    """OpenSpiel's Python ISMCTS over determinizations of ``seat``'s view of ``world``."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts
    from open_spiel.python.algorithms import mcts as py_mcts

    from cheese.adapters.openspiel import CheeseState

    game = _search_game(world)
    random_state = np.random.RandomState(rng.randrange(SEED_LIMIT))
    bot = ismcts.ISMCTSBot(
        game, py_mcts.RandomRolloutEvaluator(config.rollouts, random_state),
        config.uct_c, config.simulations, random_state=random_state,
    )
    bot.set_resampler(lambda state, player: state.resample_with(player, rng))
    root_state = CheeseState(game, world)
    # OpenSpiel's run_search, with a clock: the same node bookkeeping and simulations.
    bot.reset()
    root = bot.create_new_node(root_state)
    deadline = time.perf_counter() + config.seconds if config.seconds else None
    done = 0
    while done < 1 or (
        time.perf_counter() < deadline if deadline is not None else done < config.simulations
    ):
        bot.run_simulation(bot.sample_root_state(root_state))
        done += 1
    children = [RootChild(action, int(child.visits), float(child.return_sum))
                for action, child in sorted(root.child_info.items())]
    return children, done


class _OpenSpielBot(ConfiguredBot[OpenSpielConfig]):
    __slots__ = ()

    PARAMETERS = PARAMETERS

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Self:
        config = cls.config_type.from_params(params)
        problem = openspiel_problem()
        if problem is not None:
            raise BotSpecError(f"bot {config.bot_name!r} needs OpenSpiel: {problem}")
        return cls(config)

    def _search(self, turn: Turn, world: State, rng: random.Random) -> tuple[list[RootChild], int]:
        raise NotImplementedError

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        started = time.perf_counter()
        world = turn.determinize(rng)
        children, simulations = self._search(turn, world, rng)
        chosen = final_action(children, self.config.policy, rng)
        return Decision(chosen.action, {
            "legal": len(legal),
            "simulations": simulations,
            "elapsed": round(time.perf_counter() - started, 4),
            "visits": chosen.visits,
            "value": round(chosen.value, 4),
        })


class OpenSpielMctsBot(_OpenSpielBot):
    """OpenSpiel's C++ MCTS on a fresh determinization of the seat's view per move."""

    __slots__ = ()

    config_type = MctsConfig

    def _search(self, turn: Turn, world: State, rng: random.Random) -> tuple[list[RootChild], int]:
        return mcts_search(world, self.config, rng.randrange(SEED_LIMIT))


class OpenSpielIsmctsBot(_OpenSpielBot):
    """OpenSpiel's ISMCTS over determinizations of the seat's view."""

    __slots__ = ()

    config_type = IsmctsConfig

    def _search(self, turn: Turn, world: State, rng: random.Random) -> tuple[list[RootChild], int]:
        return ismcts_search(world, turn.seat, self.config, rng)
