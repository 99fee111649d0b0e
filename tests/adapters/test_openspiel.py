"""The three games in OpenSpiel: truthful types, OpenSpiel's own checks, observers and
resampling from an information state."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.observation import make_observation  # noqa: E402

from cheese.adapters.openspiel import (  # noqa: E402
    GAME_NAMES,
    CheeseState,
    short_name,
)
from cheese.engine import GAME_SLUGS, game_info, load_game  # noqa: E402

from .conftest import GAMES  # noqa: E402

Type = pyspiel.GameType
HIDDEN = {"get-the-cheese": True, "cheese-chasers": False, "cheese-drop": True}


def load(slug: str, players: int, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(slug), {"players": players, **params})


def test_importing_registers_the_three_games_by_name() -> None:
    assert GAME_NAMES == ("python_get_the_cheese", "python_cheese_chasers", "python_cheese_drop")
    assert set(GAME_NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_the_game_type_says_what_the_game_is(slug: str) -> None:
    game_type = pyspiel.load_game(short_name(slug)).get_type()
    info = game_info(slug)
    assert game_type.dynamics == Type.Dynamics.SEQUENTIAL
    assert game_type.chance_mode == Type.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.utility == Type.Utility.GENERAL_SUM
    assert game_type.reward_model == Type.RewardModel.TERMINAL
    expected = Type.Information.IMPERFECT_INFORMATION if HIDDEN[slug] else (
        Type.Information.PERFECT_INFORMATION
    )
    assert game_type.information == expected
    assert (game_type.min_num_players, game_type.max_num_players) == (
        info.min_players, info.max_players
    )
    options = load_game(slug).default_options()
    assert set(game_type.parameter_specification) == {"players", "returns", *options}


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_random_simulations_pass_openspiels_checks(slug: str, players: int) -> None:
    game = load(slug, players)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(
    ("slug", "players", "params"),
    [
        ("get-the-cheese", 3, {"composition": "4/1/1/1/1/1/0", "returns": "rewards"}),
        ("cheese-chasers", 1, {"mice": 6, "cats": 2, "cheese": 3, "traps": 2}),
        ("cheese-drop", 3, {"simple": True, "hidden_rows": 6, "returns": "rewards"}),
    ],
)
def test_options_are_parameters(slug: str, players: int, params: dict[str, object]) -> None:
    game = load(slug, players, **params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    assert game.get_parameters()["players"] == players
    for name, value in params.items():
        assert game.get_parameters()[name] == value


def test_an_unknown_parameter_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'pieces'"):
        pyspiel.load_game("python_cheese_drop", {"pieces": 3})


def test_rewards_returns_are_our_searches_rewards() -> None:
    game = load("cheese-drop", 2, returns="rewards")
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert all(0.0 <= value <= 1.0 for value in returns)
    points = state.engine_state.scores()
    assert (returns[0] > returns[1]) == (points[0] > points[1])


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_resampling_keeps_the_information_state(slug: str, players: int) -> None:
    """OpenSpiel's ResampleInfostateTest, with a seeded sampler per call."""
    game = load(slug, players)
    rng = random.Random(11)
    state = game.new_initial_state()
    changed = 0
    while not state.is_terminal():
        if not state.is_chance_node():
            for player in range(players):
                sampler = pyspiel.UniformProbabilitySampler(rng.randrange(1 << 30), 0.0, 1.0)
                other = state.resample_from_infostate(player, sampler)
                assert isinstance(other, CheeseState)
                assert other.information_state_string(player) == (
                    state.information_state_string(player)
                )
                assert other.information_state_tensor(player) == (
                    state.information_state_tensor(player)
                )
                assert other.current_player() == state.current_player()
                changed += other.engine_state != state.engine_state
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])
    assert changed > 0 or not HIDDEN[slug]


@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_observations_are_the_seats_views(slug: str, players: int) -> None:
    game = load(slug, players)
    observation = make_observation(game)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        for player in range(players):
            view = state.engine_state.view(player)
            observation.set_from(state, player)
            assert np.array_equal(observation.tensor, state.observation_tensor(player))
            assert observation.string_from(state, player) == repr(view)
            assert state.information_state_string(player) == repr(view)
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_view_the_seat_cannot_see_is_not_observable() -> None:
    game = load("get-the-cheese", 4)
    public_only = pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="only a seat's own view"):
        make_observation(game, public_only)


def test_a_hidden_card_changes_no_tensor_of_the_seat_that_cannot_see_it() -> None:
    game = load("get-the-cheese", 3)
    state = game.new_initial_state()
    while state.is_chance_node() or state.current_player() != 0 or state.move_number() < 30:
        if state.is_terminal():
            pytest.fail("the game ended before the position was reached")
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[-1][0])
        else:
            state.apply_action(state.legal_actions()[-1])
    other = state.resample_with(0, random.Random(1))
    assert other.engine_state != state.engine_state
    assert other.information_state_tensor(0) == state.information_state_tensor(0)


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_openspiels_python_game_simulation_passes(slug: str) -> None:
    """OpenSpiel's own ``games_sim_test.sim_game``: pickling and serialising the game,
    its type and states, cloning, returns within the utility bounds."""
    games_sim_test = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    checks = games_sim_test.GamesSimTest("test_breakthrough")
    np.random.seed(17)  # sim_game draws from NumPy's global generator
    checks.sim_game(pyspiel.load_game(short_name(slug)))
