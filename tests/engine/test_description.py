"""Each game's description is its one registration: what it names loads as what it says."""

from __future__ import annotations

import pickle

import pytest

from cheese.engine import load_game
from cheese.engine.description import GameDescription
from cheese.engine.extension import Extension
from cheese.engine.games import DEFAULT_GAME, GAME_SLUGS, GAMES, describe, registered
from cheese.engine.luck import advance_chance


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_what_a_description_names_loads_as_its_layer_expects(
    description: GameDescription,
) -> None:
    from cheese.adapters.tensors import Encoding
    from cheese.bots.search.evaluator import Evaluator
    from cheese.cli.play.renderer import CheckedRenderer
    from cheese.levels.ladders import GameLadders

    assert description.renderer.load(CheckedRenderer).title == description.info.title
    assert description.tensor_encoding.load(Encoding).view_type is description.view_type
    assert description.evaluation is not None and description.ladder is not None
    assert isinstance(description.evaluation.build(Evaluator), Evaluator)  # type: ignore[type-abstract]
    ladders = description.ladder.load(GameLadders)
    assert ladders.game == description.slug
    # Levels at every table size the game allows.
    info = description.info
    assert ladders.players == tuple(range(info.min_players, info.max_players + 1))


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_a_states_view_is_of_its_games_view_type(description: GameDescription) -> None:
    for backend in ("reference", "native"):
        state = advance_chance(load_game(description.slug, backend).new_initial_state(seed=2))
        view = state.view(0)
        assert description.view_type.of(view) is view
        assert description.native_codec.action_to_string(view, state.legal_actions()[0]) == (
            state.action_to_string(state.legal_actions()[0])
        )


def test_a_view_of_another_game_is_refused_with_the_games_title() -> None:
    chasers, drop = describe("cheese-chasers"), describe("cheese-drop")
    view = load_game(chasers.slug).new_initial_state().view(0)
    with pytest.raises(TypeError, match="expected a Cheese Drop view, got ChasersView"):
        drop.view_type.of(view)
    with pytest.raises(TypeError, match="Cheese Drop"):
        drop.native_codec.action_to_string(view, 0)


def test_an_unlisted_game_is_not_registered_and_describe_names_the_games() -> None:
    assert registered("chess") is None
    assert [registered(slug) for slug in GAME_SLUGS] == list(GAMES)
    assert DEFAULT_GAME in GAME_SLUGS
    with pytest.raises(ValueError, match="unknown game 'chess'; choose one of: get-the-cheese"):
        describe("chess")


def test_an_extension_is_checked_when_loaded() -> None:
    with pytest.raises(ValueError, match="not an import path"):
        Extension("cheese.engine.api")
    with pytest.raises(TypeError, match=r"cheese.engine.api:CHANCE is a int, not a str"):
        Extension("cheese.engine.api:CHANCE").load(str)
    with pytest.raises(TypeError, match="not a factory"):
        Extension("cheese.engine.api:CHANCE").build(int)
    assert Extension("cheese.engine.games:DEFAULT_GAME").name == "DEFAULT_GAME"


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_reference_state_keeps_the_game_that_made_it(slug: str) -> None:
    game = load_game(slug, "reference")
    state = advance_chance(game.new_initial_state(seed=3))
    assert state.game is game
    assert advance_chance(state.apply(state.legal_actions()[0])).game is game
    copied = pickle.loads(pickle.dumps(state))
    assert copied == state and copied.game.info == game.info


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_decisions_actions_are_named_at_once_as_one_by_one(slug: str) -> None:
    import random

    codec = describe(slug).native_codec
    rng = random.Random(5)
    state = advance_chance(load_game(slug).new_initial_state(seed=5))
    while not state.is_terminal():
        legal = state.legal_actions()
        view = state.view(state.current_player)
        names = [state.action_to_string(action) for action in legal]
        assert codec.actions_to_strings(view, legal) == names
        state = advance_chance(state.apply(rng.choice(legal)))
