"""Game facts and options: defaults, validation, and the errors that name what is allowed."""

from __future__ import annotations

import pytest

from cheese.engine import OptionError, game_info, load_game
from cheese.engine.get_the_cheese import INFO, ReferenceGame
from cheese.engine.get_the_cheese.options import (
    DEFAULT_CHEESE_VALUES,
    DEFAULT_COMPOSITION,
    MAX_CARDS_PER_SEAT,
    parse_options,
)


def test_info_names_the_game_and_its_player_counts() -> None:
    assert (INFO.slug, INFO.title) == ("get-the-cheese", "Get The Cheese!")
    assert (INFO.min_players, INFO.max_players, INFO.default_players) == (3, 5, 4)
    assert "\n" not in INFO.description and INFO.description
    assert game_info("get-the-cheese") == INFO


def test_the_registry_builds_the_reference_game() -> None:
    game = load_game("get-the-cheese", backend="reference")
    assert isinstance(game, ReferenceGame)
    assert game.new_initial_state().num_players == 4


def test_defaults_are_the_published_components(game: ReferenceGame) -> None:
    assert game.default_options() == {
        "composition": (7, 2, 2, 1, 1, 1, 1),
        "cheese_values": (2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5),
        "start_player": 0,
    }
    # 9 mice (2 with the symbol), 2 big, 1 king, 2 cats (1 with the symbol), 1 dog.
    assert sum(DEFAULT_COMPOSITION) == 15
    assert sorted(set(DEFAULT_CHEESE_VALUES)) == [2, 3, 4, 5]
    assert [DEFAULT_CHEESE_VALUES.count(value) for value in (2, 3, 4, 5)] == [3, 4, 4, 4]


def test_a_state_reports_its_normalised_options(game: ReferenceGame) -> None:
    state = game.new_initial_state(3, seed=5, composition=[1, 1, 1, 0, 0, 0, 0], start_player=2)
    assert dict(state.options) == {
        "composition": (1, 1, 1, 0, 0, 0, 0),
        "cheese_values": DEFAULT_CHEESE_VALUES,
        "start_player": 2,
    }
    assert (state.num_players, state.seed) == (3, 5)


@pytest.mark.parametrize("players", [2, 6, 0, True, "4", 4.0])
def test_bad_player_counts_are_refused(game: ReferenceGame, players: object) -> None:
    with pytest.raises(OptionError, match="3 to 5 players"):
        game.new_initial_state(num_players=players)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "composition",
    [
        (7, 2, 2, 1, 1, 1),
        (7, 2, 2, 1, 1, 1, 2),
        (0,) * 7,
        (-1, 2, 2, 1, 1, 1, 2),
        (MAX_CARDS_PER_SEAT, 0, 0, 0, 0, 0, 3),
        (7, 2, 2, 1, 1, 1, True),
        "7221111",
    ],
)
def test_bad_compositions_are_refused(composition: object) -> None:
    with pytest.raises(OptionError, match=r"composition=.*multiple of 3.*e\.g\."):
        parse_options(4, {"composition": composition})


def test_a_composition_total_may_be_any_multiple_of_three_up_to_the_limit() -> None:
    assert parse_options(3, {"composition": (3, 0, 0, 0, 0, 0, 0)}).cards_per_seat == 3
    limit = (MAX_CARDS_PER_SEAT, 0, 0, 0, 0, 0, 0)
    assert parse_options(3, {"composition": limit}).cards_per_seat == MAX_CARDS_PER_SEAT


@pytest.mark.parametrize(
    ("players", "values"),
    [
        (4, (2,) * 7),
        (5, (3,) * 9),
        (3, (2, 2, 2, 3, 3, 0)),
        (3, (100,) * 6),
        (3, (2,) * 31),
        (3, 5),
    ],
)
def test_bad_cheese_values_are_refused(players: int, values: object) -> None:
    with pytest.raises(OptionError, match=rf"cheese_values=.*at least {2 * players}"):
        parse_options(players, {"cheese_values": values})


def test_exactly_two_cheeses_per_player_are_enough() -> None:
    assert parse_options(5, {"cheese_values": (4,) * 10}).cheese_values == (4,) * 10


@pytest.mark.parametrize("start", [-1, 3, True, "0"])
def test_bad_start_players_are_refused(start: object) -> None:
    with pytest.raises(OptionError, match=r"start_player=.*from 0 to 2"):
        parse_options(3, {"start_player": start})


def test_unknown_options_are_named_with_the_known_ones(game: ReferenceGame) -> None:
    with pytest.raises(OptionError, match="'dogs'.*composition, cheese_values, start_player"):
        game.new_initial_state(dogs=2)
