"""The numbers the C engines and their Python halves both hard-code agree: limits, the
byte layout Python reads from Cheese Drop's state, and each option's place in the ints
the C init takes. A change on one side alone fails here."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from cheese.engine import GAME_SLUGS, game_info
from cheese.engine.cheese_chasers import cards as chasers_cards
from cheese.engine.cheese_drop import core as drop_core
from cheese.engine.cheese_drop import native_codec as drop_codec
from cheese.engine.cheese_drop import options as drop_options
from cheese.engine.games import describe
from cheese.engine.get_the_cheese import cards as gtc_cards
from cheese.engine.get_the_cheese import determinize as gtc_determinize
from cheese.engine.get_the_cheese import native_codec as gtc_codec
from cheese.engine.get_the_cheese import options as gtc_options

from ..native import check_native


def facts(slug: str) -> Mapping[str, int]:
    check_native()
    from cheese.engine.native import native_facts

    return native_facts(slug)


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_the_c_takes_the_seats_the_game_allows(slug: str) -> None:
    info = game_info(slug)
    assert (facts(slug)["min_players"], facts(slug)["max_players"]) == (
        info.min_players,
        info.max_players,
    )


SHARED_NUMBERS: list[tuple[str, str, int]] = [
    ("get-the-cheese", "kinds", gtc_cards.KIND_COUNT),
    ("get-the-cheese", "cards_per_turn", gtc_options.CARDS_PER_TURN),
    ("get-the-cheese", "cheeses_per_player", gtc_options.CHEESES_PER_PLAYER),
    ("get-the-cheese", "max_cards_per_seat", gtc_options.MAX_CARDS_PER_SEAT),
    ("get-the-cheese", "max_cheese_cards", gtc_options.MAX_CHEESE_CARDS),
    ("get-the-cheese", "max_cheese_value", gtc_options.MAX_CHEESE_VALUE),
    ("get-the-cheese", "line_bins", gtc_determinize.LINE_BINS),
    ("get-the-cheese", "weight_count", gtc_determinize.WEIGHT_COUNT),
    ("get-the-cheese", "max_line", gtc_determinize.MAX_LINE),
    ("get-the-cheese", "card_odds_count", gtc_determinize.CARD_ODDS_COUNT),
    ("cheese-drop", "rounds", drop_core.ROUNDS),
    ("cheese-drop", "lanes", drop_core.LANE_COUNT),
    ("cheese-drop", "max_rows", drop_options.MAX_ROWS),
    ("cheese-drop", "max_round_marbles", drop_codec.MAX_ROUND_MARBLES),
    # The layout of Cheese Drop's state, where the codec reads it.
    ("cheese-drop", "state_size", drop_codec.STATE_SIZE),
    ("cheese-drop", "round_offset", drop_codec.ROUND_OFFSET),
    ("cheese-drop", "marble_count_offset", drop_codec.MARBLE_COUNT_OFFSET),
    ("cheese-drop", "marbles_offset", drop_codec.MARBLES_OFFSET),
    ("cheese-drop", "marble_size", drop_codec.MARBLE_SIZE),
    ("cheese-drop", "lane_in_marble", drop_codec.LANE_IN_MARBLE),
]
"""(game, name of the C fact, the Python constant it must equal)."""


@pytest.mark.parametrize(("slug", "name", "python"), SHARED_NUMBERS)
def test_limits_and_layout_agree(slug: str, name: str, python: int) -> None:
    assert facts(slug)[name] == python


def test_get_the_cheese_options_sit_where_the_c_reads_them() -> None:
    c = facts("get-the-cheese")
    composition = (1, 2, 3, 1, 2, 0, 0)
    values = (5, 6, 7, 8, 9, 10, 11)
    _, ints = gtc_codec.GtcCodec().parse_options(
        3, {"start_player": 2, "composition": composition, "cheese_values": values}
    )
    assert ints[c["option.start_player"]] == 2
    at = c["option.composition"]
    assert tuple(ints[at : at + c["kinds"]]) == composition
    assert ints[c["option.cheese_count"]] == len(values)
    assert tuple(ints[c["option.cheese_values"] :]) == values


def test_cheese_chasers_limits_and_options_agree() -> None:
    c = facts("cheese-chasers")
    assert c["kinds"] == len(chasers_cards.KINDS)
    assert c["max_cards"] == chasers_cards.MAX_CARDS
    _, ints = describe("cheese-chasers").native_codec.parse_options(1, {})
    assert len(ints) == c["option_count"] and c["option.counts"] == 0


def test_cheese_drop_options_are_in_the_c_order() -> None:
    c = facts("cheese-drop")
    assert c["option_count"] == len(drop_codec.OPTION_ORDER)
    for place, name in enumerate(drop_codec.OPTION_ORDER):
        assert c[f"option.{name}"] == place, name
