"""The view pages for bot authors (``docs/views/<slug>.md``) stay true to the code.

Every field the game's view schema names is explained in a table of its page; the
worked position's JSON is exactly the view the engine gives today for the page's seed
and moves (and what the page's Python rebuilds), and fits the schema; its legal actions
are the engine's; and the formula the page gives for an action's number holds at every
decision of random games.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import jsonschema
import pytest

from cheese.engine import State, load_game
from cheese.engine.description import GameDescription
from cheese.engine.games import GAMES, describe
from cheese.engine.luck import advance_chance

DOCS = Path(__file__).resolve().parents[2] / "docs"
WORKED = re.compile(r"<!-- worked-position (\{.*?\}) -->")
JSON_BLOCK = re.compile(r"```json\n(.*?)\n```", re.DOTALL)
PYTHON_BLOCK = re.compile(r"```python\n(.*?)\n```", re.DOTALL)
TABLE_NAME = re.compile(r"^\|\s*`([a-z_]+)`\s*\|", re.MULTILINE)


def _page(slug: str) -> str:
    return (DOCS / "views" / f"{slug}.md").read_text(encoding="utf-8")


def _schema(description: GameDescription) -> dict[str, object]:
    text = description.view_schema_text()
    schema: dict[str, object] = json.loads(text)
    return schema


def _field_names(schema: object) -> Iterator[str]:
    """Every property named anywhere in ``schema``: objects, their items, their choices."""
    if isinstance(schema, dict):
        properties = schema.get("properties", {})
        assert isinstance(properties, dict)
        yield from properties
        for key, value in schema.items():
            if key != "properties":
                yield from _field_names(value)
        for value in properties.values():
            yield from _field_names(value)
    elif isinstance(schema, list):
        for value in schema:
            yield from _field_names(value)


def _worked(slug: str) -> tuple[dict[str, object], list[object], list[object]]:
    """The page's worked position: its recipe, its view block and its legal block."""
    text = _page(slug)
    marker = WORKED.search(text)
    assert marker is not None, f"docs/views/{slug}.md has no worked-position marker"
    recipe: dict[str, object] = json.loads(marker.group(1))
    blocks = JSON_BLOCK.findall(text, marker.end())
    view, legal = json.loads(blocks[0]), json.loads(blocks[1])
    assert isinstance(legal, list)
    return recipe, view, legal


def _play(slug: str, recipe: dict[str, object]) -> State:
    players, seed, moves = recipe["players"], recipe["seed"], recipe["moves"]
    assert isinstance(players, int) and isinstance(seed, int) and isinstance(moves, list)
    state = advance_chance(load_game(slug).new_initial_state(num_players=players, seed=seed))
    for move in moves:
        state = advance_chance(state.apply(state.parse_action(str(move))))
    return state


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_every_schema_field_is_explained_in_a_table(description: GameDescription) -> None:
    explained = set(TABLE_NAME.findall(_page(description.slug)))
    missing = sorted(set(_field_names(_schema(description))) - explained)
    assert not missing, f"docs/views/{description.slug}.md explains no {missing}"


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_the_worked_position_is_what_the_engine_gives(description: GameDescription) -> None:
    recipe, page_view, page_legal = _worked(description.slug)
    assert recipe["game"] == description.slug
    state = _play(description.slug, recipe)
    view = description.view_json(state.view(state.current_player))
    assert page_view == view, json.dumps(view, separators=(",", ":"))
    jsonschema.Draft202012Validator(_schema(description)).validate(page_view)
    legal = [
        {"action": action, "notation": state.action_to_string(action)}
        for action in state.legal_actions()
    ]
    # The page shows all the legal actions or the first of them, in the engine's order.
    assert page_legal == legal[: len(page_legal)] and page_legal, legal[:8]


@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_the_pages_python_rebuilds_the_worked_position(description: GameDescription) -> None:
    _, page_view, _ = _worked(description.slug)
    snippet = PYTHON_BLOCK.findall(_page(description.slug))[-1]
    names: dict[str, object] = {}
    exec(snippet, names)  # the page's own recipe, as a reader would run it
    assert names["view"] == page_view


def _chasers_number(notation: str) -> int:
    return ["NW", "N", "NE", "W", "E", "SW", "S", "SE"].index(notation)


GTC_KINDS = ["mouse", "mouse*", "big", "king", "cat", "cat*", "dog"]


def _gtc_number(notation: str) -> int:
    if notation == "draw":
        return 0
    start, kinds = notation.split(":")
    k1, k2, k3 = (GTC_KINDS.index(kind) for kind in kinds.split(","))
    return 1 + int(start) * 343 + k1 * 49 + k2 * 7 + k3


def _drop_number(notation: str) -> int:
    word, argument = notation.split(" ")
    if word == "gate":
        return sum(
            (0 if letter == "." else 1 + "YRMC".index(letter)) * 5**slot
            for slot, letter in enumerate(argument)
        )
    return int(argument) - 1 if word == "lane" else int(argument) + 5


NUMBER_FORMULAS: dict[str, Callable[[str], int]] = {
    "cheese-chasers": _chasers_number,
    "get-the-cheese": _gtc_number,
    "cheese-drop": _drop_number,
}
"""Each page's rule for an action's number from its notation, written out again here."""


@pytest.mark.parametrize("backend", ["native", "reference"])
@pytest.mark.parametrize("slug", sorted(NUMBER_FORMULAS))
def test_an_action_number_is_the_pages_formula_of_the_move(slug: str, backend: str) -> None:
    number_of = NUMBER_FORMULAS[slug]
    info = describe(slug).info
    decisions = 0
    for players in range(info.min_players, info.max_players + 1):
        rng = random.Random(players)
        game = load_game(slug, backend)
        state = advance_chance(game.new_initial_state(num_players=players, seed=players))
        while not state.is_terminal():
            legal = state.legal_actions()
            assert legal == sorted(legal)
            for action in legal:
                assert number_of(state.action_to_string(action)) == action, (slug, action)
            decisions += 1
            state = advance_chance(state.apply(rng.choice(legal)))
    assert decisions > 20


def test_every_game_has_a_page_linked_from_the_protocol_docs() -> None:
    assert {description.slug for description in GAMES} == set(NUMBER_FORMULAS)
    for name in ("protocol.md", "writing-a-bot.md"):
        text = (DOCS / name).read_text(encoding="utf-8")
        for description in GAMES:
            assert f"(views/{description.slug}.md)" in text, (name, description.slug)
