"""Our games as PettingZoo AEC environments: ``cheese.adapters.pettingzoo.env(slug)``.

>>> from cheese.adapters.pettingzoo import env
>>> drop = env("cheese-drop", num_players=3)
>>> drop.reset(seed=7)
>>> drop.agent_selection, int(drop.action_space("player_0").n)
('player_0', 15625)

Agents are ``player_0 .. player_{n-1}``, one per seat. Each agent observes a dict: its
view as a float tensor (``cheese.adapters.tensors``) under ``observation``, and under
``action_mask`` a 0/1 vector over the game's actions, all zero unless it is to act.
Chance (draws, deals, deflections) is resolved inside by the engine's paired-luck rule
from the deal seed: ``reset(seed=s)`` starts the deal sequence of seed ``s``, and
``reset()`` without a seed deals the next game of the current sequence (seed 0 until a
seed is given), so the same seeds and actions replay the same games. A step's reward is
the points it banked, so an agent's rewards add up to its final points. Illegal
actions raise ``IllegalActionError``.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from cheese.adapters.facts import game_facts
from cheese.adapters.tensors import ViewTensor
from cheese.engine import Game, State, load_game
from cheese.engine.api import OptionValue
from cheese.engine.luck import advance_chance

ANSI = "ansi"
DEFAULT_SEED = 0
SEED_BITS = 64


Observation = dict[str, npt.NDArray[np.float32] | npt.NDArray[np.int8]]
"""An agent's view tensor under ``observation``, its action mask under ``action_mask``."""


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class CheeseEnv(AECEnv):  # type: ignore[misc]
    """One of our games as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": [ANSI], "is_parallelizable": False}

    def __init__(
        self, slug: str, num_players: int | None = None, render_mode: str | None = None,
        **options: OptionValue,
    ) -> None:
        super().__init__()
        if render_mode not in (None, ANSI):
            raise ValueError(f"render_mode={render_mode!r} is not supported; use None or 'ansi'")
        self._game: Game = load_game(slug)
        probe = self._game.new_initial_state(num_players, seed=DEFAULT_SEED, **options)
        self._num_players = probe.num_players
        self._options = dict(probe.options)
        facts = game_facts(slug, self._num_players, probe.options)
        self._tensor = ViewTensor(slug, self._num_players, probe.options)
        self._action_count = facts.num_distinct_actions
        self.render_mode = render_mode
        self.metadata = {**CheeseEnv.metadata, "name": f"cheese_{slug.replace('-', '_')}_v0"}
        self.possible_agents = [agent_name(seat) for seat in range(self._num_players)]
        self.action_spaces = {
            agent: spaces.Discrete(self._action_count) for agent in self.possible_agents
        }
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(self._tensor.layout.size,),
                    dtype=np.float32,
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(self._action_count,), dtype=np.int8
                ),
            })
            for agent in self.possible_agents
        }
        self._deals = random.Random(DEFAULT_SEED)
        self._state: State = advance_chance(probe)
        self._banked: tuple[int, ...] = probe.scores()

    @property
    def state_now(self) -> State:
        """The engine state of the game in progress (the true one; for tools, not agents)."""
        return self._state

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> Observation:
        seat = self.possible_agents.index(agent)
        observation = self._tensor.set_from(self._state.view(seat)).copy()
        mask = np.zeros(self._action_count, np.int8)
        if self._state.current_player == seat:
            mask[self._state.legal_actions()] = 1
        return {"observation": observation, "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, object] | None = None) -> None:
        if seed is not None:
            self._deals = random.Random(seed)
        deal = self._deals.getrandbits(SEED_BITS)
        initial = self._game.new_initial_state(self._num_players, seed=deal, **self._options)
        self._state = advance_chance(initial)
        self._banked = initial.scores()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, object]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self._state.current_player)

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act; give one of its legal actions, not None")
        self._state = advance_chance(self._state.apply(int(action)))
        self._cumulative_rewards[agent] = 0.0
        scores = self._state.scores()
        self.rewards = {
            name: float(scores[seat] - self._banked[seat])
            for seat, name in enumerate(self.possible_agents) if name in self.agents
        }
        self._banked = scores
        if self._state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = agent_name(self._state.current_player)
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != ANSI:
            return None
        seat = max(self._state.current_player, 0)
        return f"{self._state.game.info.title}: seat {seat}'s view\n{self._state.view(seat)!r}"

    def close(self) -> None:
        """Nothing to release: the engine holds no outside resources."""


def env(slug: str, num_players: int | None = None, render_mode: str | None = None,
        **options: OptionValue) -> CheeseEnv:
    """The AEC environment of the game ``slug`` with ``num_players`` and game ``options``."""
    return CheeseEnv(slug, num_players, render_mode, **options)
