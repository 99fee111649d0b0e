"""Every view of many random games of each game, at every player count and on both
backends, is JSON that its shipped schema accepts, and survives a JSON round trip."""

from __future__ import annotations

import json
import random
from importlib import resources

import jsonschema
import pytest

from cheese.engine import State, load_game
from cheese.engine.games import GAMES

from ..random_games import random_states

GAMES_PER_COUNT = 2
"""Random games per player count in the fast suite; the slow run plays 10 times more."""


def _schema(package: str) -> dict[str, object]:
    text = resources.files(f"cheese.engine.{package}").joinpath("view.schema.json").read_text()
    schema: dict[str, object] = json.loads(text)
    return schema


def _states(slug: str, backend: str, players: int, seed: int) -> list[State]:
    start = load_game(slug, backend).new_initial_state(num_players=players, seed=seed)
    return random_states(start, random.Random(seed))


@pytest.mark.parametrize(
    "backend, games",
    [
        ("native", GAMES_PER_COUNT),
        ("reference", 1),
        pytest.param("native", 10 * GAMES_PER_COUNT, marks=pytest.mark.slow),
    ],
)
@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_every_view_matches_the_schema(description: object, backend: str, games: int) -> None:
    from cheese.engine.description import GameDescription

    assert isinstance(description, GameDescription)
    package = type(description.native_codec).__module__.split(".")[2]
    validator = jsonschema.Draft202012Validator(_schema(package))
    info = description.info
    checked = 0
    for players in range(info.min_players, info.max_players + 1):
        for game in range(games):
            for state in _states(info.slug, backend, players, seed=100 * players + game):
                for seat in range(players):
                    data = description.view_json(state.view(seat))
                    errors = list(validator.iter_errors(data))
                    assert not errors, (info.slug, players, game, errors[0].message)
                    assert json.loads(json.dumps(data)) == data
                    checked += 1
    assert checked > 20


def test_a_view_of_another_game_is_refused() -> None:
    chasers, drop = GAMES[1], GAMES[2]
    view = load_game(chasers.slug).new_initial_state().view(0)
    with pytest.raises(TypeError, match="Cheese Drop"):
        drop.view_json(view)
