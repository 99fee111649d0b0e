"""The PettingZoo environments: PettingZoo's own API and seed tests, masks, rewards."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from cheese.adapters.pettingzoo import CheeseEnv, env  # noqa: E402
from cheese.engine import IllegalActionError, OptionError  # noqa: E402

from .conftest import GAMES  # noqa: E402

DICT_OBSERVATIONS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)
"""The warnings PettingZoo gives every environment whose observations carry an action
mask in a dict (as its own board games do)."""


def play_out(environment: CheeseEnv, seed: int) -> tuple[dict[str, float], list[int]]:
    """Random legal play to the end: each agent's summed rewards and the actions taken."""
    environment.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    actions: list[int] = []
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        actions.append(action)
        environment.step(action)
    return totals, actions


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_pettingzoos_api_and_seed_tests_pass(slug: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(slug, num_players=players), num_cycles=200)
        seed_test(lambda: env(slug, num_players=players), num_cycles=200)
    unexpected = [
        str(warning.message) for warning in caught
        if not str(warning.message).startswith(DICT_OBSERVATIONS)
    ]
    assert unexpected == []


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_rewards_add_up_to_the_final_points(slug: str, players: int) -> None:
    environment = env(slug, num_players=players)
    totals, _ = play_out(environment, seed=3)
    final = environment.state_now
    assert final.is_terminal()
    assert [totals[agent] for agent in environment.possible_agents] == list(final.scores())


def test_a_seed_replays_the_game_and_reset_without_one_deals_the_next() -> None:
    environment = env("get-the-cheese", num_players=3)
    first = play_out(environment, seed=8)
    assert play_out(environment, seed=8) == first
    environment.reset(seed=8)
    dealt_first = environment.state_now
    environment.reset()
    assert environment.state_now != dealt_first


def test_the_mask_marks_exactly_the_legal_actions_of_the_agent_to_act() -> None:
    environment = env("cheese-drop", num_players=2)
    environment.reset(seed=1)
    state = environment.state_now
    acting = environment.agent_selection
    for agent in environment.possible_agents:
        mask = environment.observe(agent)["action_mask"]
        expected = state.legal_actions() if agent == acting else []
        assert np.flatnonzero(mask).tolist() == expected


def test_an_illegal_action_is_refused() -> None:
    environment = env("cheese-drop")
    environment.reset(seed=0)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalActionError):
        environment.step(illegal)


def test_bad_options_are_refused_with_the_engines_message() -> None:
    with pytest.raises(OptionError, match="num_players=7"):
        env("cheese-drop", num_players=7)
    with pytest.raises(ValueError, match="render_mode"):
        env("cheese-drop", render_mode="human")


def test_ansi_rendering_shows_the_acting_seats_view() -> None:
    environment = env("cheese-chasers", render_mode="ansi")
    environment.reset(seed=2)
    text = environment.render()
    assert text is not None and text.startswith("Cheese Chasers: seat 0's view")
