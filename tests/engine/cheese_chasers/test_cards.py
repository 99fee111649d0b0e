"""Options: the deck's composition and the player count."""

from __future__ import annotations

import pytest

from cheese.engine.api import OptionError
from cheese.engine.cheese_chasers import INFO, ReferenceGame
from cheese.engine.cheese_chasers.cards import KIND_LETTERS, KIND_NAMES, MAX_CARDS, Composition
from cheese.engine.cheese_chasers.options import default_options, parse_options
from cheese.engine.registry import game_info, load_game


def test_info_describes_a_solitaire_game() -> None:
    assert (INFO.slug, INFO.title) == ("cheese-chasers", "Cheese Chasers")
    assert (INFO.min_players, INFO.max_players, INFO.default_players) == (1, 1, 1)
    assert INFO.description and "\n" not in INFO.description
    assert game_info("cheese-chasers") is INFO


def test_registry_loads_the_reference_game() -> None:
    game = load_game("cheese-chasers", backend="reference")
    assert isinstance(game, ReferenceGame)
    assert game.backend == "reference"


def test_kinds_are_mouse_cat_cheese_trap() -> None:
    assert KIND_NAMES == ("mouse", "cat", "cheese", "trap")
    assert KIND_LETTERS == ("M", "C", "H", "T")


def test_defaults_are_the_boxed_deck() -> None:
    assert default_options() == {"mice": 20, "cats": 7, "cheese": 9, "traps": 4}
    assert ReferenceGame().default_options() == default_options()
    assert parse_options(None, {}) == Composition.standard()
    assert Composition.standard().total == 40


def test_options_override_single_counts() -> None:
    assert parse_options(1, {"cats": 0, "traps": 2}).counts == (20, 0, 9, 2)


def test_state_reports_the_normalised_options() -> None:
    state = ReferenceGame().new_initial_state(seed=4, mice=3)
    assert dict(state.options) == {"mice": 3, "cats": 7, "cheese": 9, "traps": 4}


@pytest.mark.parametrize("players", [0, 2, 5, True])
def test_only_one_player_is_allowed(players: int) -> None:
    with pytest.raises(OptionError, match="num_players=1"):
        ReferenceGame().new_initial_state(num_players=players)


def test_unknown_option_names_the_allowed_ones() -> None:
    with pytest.raises(OptionError, match="'dogs'.*mice, cats, cheese, traps"):
        parse_options(1, {"dogs": 3})


@pytest.mark.parametrize("value", [-1, "3", 2.0, True, (1,)])
def test_counts_must_be_non_negative_ints(value: object) -> None:
    with pytest.raises(OptionError, match=r"option cats=.*int from 0"):
        parse_options(1, {"cats": value})  # type: ignore[dict-item]


def test_empty_deck_is_refused() -> None:
    with pytest.raises(OptionError, match="0 cards.*1 to 100"):
        parse_options(1, {"mice": 0, "cats": 0, "cheese": 0, "traps": 0})


def test_a_single_card_deck_is_allowed() -> None:
    assert parse_options(1, {"mice": 0, "cats": 0, "cheese": 0, "traps": 1}).total == 1


def test_largest_deck_is_bounded() -> None:
    assert parse_options(1, {"mice": MAX_CARDS - 20}).total == MAX_CARDS
    with pytest.raises(OptionError, match=f"{MAX_CARDS + 1} cards"):
        parse_options(1, {"mice": MAX_CARDS - 19})
