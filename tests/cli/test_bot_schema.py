"""``cheese bot schema GAME`` prints the view schema the game ships, and refuses a bad GAME."""

from __future__ import annotations

import json

import jsonschema
import pytest

from cheese.engine import load_game
from cheese.engine.games import GAMES

from .conftest import refused, run


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_the_schema_printed_is_the_one_shipped(
    capsys: pytest.CaptureFixture[str], description: object
) -> None:
    from cheese.engine.description import GameDescription

    assert isinstance(description, GameDescription)
    code, out, err = run(capsys, "bot", "schema", description.slug)
    assert (code, err) == (0, "")
    shipped = description.view_schema_text()
    assert out == shipped
    schema = json.loads(out)
    assert description.slug in schema["$id"]
    view = description.view_json(load_game(description.slug).new_initial_state().view(0))
    jsonschema.validate(view, schema)


def test_a_bad_game_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, "bot", "schema", "chess")
    assert "'chess'" in error and "cheese-drop" in error


def test_help_shows_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bot", "schema", "--help")
    assert code == 0
    assert "Example: cheese bot schema" in out
