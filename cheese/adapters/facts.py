"""What other frameworks must be told up front about a game: sizes and bounds.

OpenSpiel and PettingZoo want fixed action spaces, chance-outcome counts, game lengths
and utility bounds before any state exists. Each bound below is derived from the rules
(cited) for the game's player count and options, so it holds for every play, not just
the plays seen so far.

>>> from cheese.engine import load_game
>>> facts = game_facts("cheese-drop", 2, load_game("cheese-drop").default_options())
>>> facts.num_distinct_actions, facts.max_chance_outcomes, facts.max_game_length
(15625, 6, 30)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from cheese.engine.api import OptionValue
from cheese.engine.cheese_chasers.board import DIRECTION_OFFSETS
from cheese.engine.cheese_chasers.cards import KINDS as CHASERS_KINDS
from cheese.engine.cheese_drop.core import COLOURS, LANE_COUNT, ROUNDS
from cheese.engine.cheese_drop.gate import GATE_ACTIONS
from cheese.engine.cheese_drop.marbles import BAGS, drops_per_round
from cheese.engine.get_the_cheese.cards import CARD_VALUES, KIND_COUNT
from cheese.engine.get_the_cheese.moves import PLAY_BASE, TRIPLES_PER_START
from cheese.engine.get_the_cheese.options import CHEESES_PER_PLAYER

DROP_EVENT_BONUS_PAIRS = 2
"""Cheese Drop: with 3 pieces and one per column, at most 2 (lane, event) pairs score."""
DROP_BEST_FIXED_EVENT = 5
"""Cheese Drop: the largest event bonus that does not grow with the marbles (event 1)."""
CHASERS_POINTS_PER_MOUSE = 5
"""Cheese Chasers: 1 nice point plus at most 4 cheese-bonus points per active mouse."""
CHASERS_POINTS_PER_CHEESE = 20
"""Cheese Chasers: a surrounded group scores at most 20 per cheese card."""


@dataclass(frozen=True, slots=True)
class GameFacts:
    """The fixed sizes and bounds of a game for a player count and option set."""

    num_players: int
    num_distinct_actions: int
    """Decision actions are ``0 .. num_distinct_actions - 1``."""
    max_chance_outcomes: int
    """Chance outcomes are ``0 .. max_chance_outcomes - 1``."""
    max_game_length: int
    """The most decisions (chance events not counted) a game can take."""
    max_points: int
    """No seat ends with more points; none ends with fewer than 0."""


def _get_the_cheese(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    composition = options["composition"]
    cheese_values = options["cheese_values"]
    assert isinstance(composition, tuple) and isinstance(cheese_values, tuple)
    cards_per_seat = sum(composition)
    cheeses = CHEESES_PER_PLAYER * num_players
    return GameFacts(
        num_players=num_players,
        # "draw 3" and a play of three kinds from any cheese of the circle.
        num_distinct_actions=PLAY_BASE + cheeses * TRIPLES_PER_START,
        # A cheese card deals its number; a card draw deals a kind.
        max_chance_outcomes=max(max(cheese_values) + 1, KIND_COUNT),
        # Every decision moves at least one card, from deck to hand or hand to table,
        # and a card makes each of those moves once.
        max_game_length=2 * cards_per_seat * num_players,
        # A score pile holds at most every mouse and cat on the table.
        max_points=num_players * sum(
            count * value for count, value in zip(composition, CARD_VALUES)
        ),
    )


def _cheese_chasers(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    mice, cheese = options["mice"], options["cheese"]
    counts = [options[name] for name in ("mice", "cats", "cheese", "traps")]
    assert isinstance(mice, int) and isinstance(cheese, int)
    total = sum(count for count in counts if isinstance(count, int))
    return GameFacts(
        num_players=num_players,
        num_distinct_actions=len(DIRECTION_OFFSETS),
        max_chance_outcomes=len(CHASERS_KINDS),
        # One decision places one drawn card.
        max_game_length=total,
        max_points=max(1, CHASERS_POINTS_PER_MOUSE * mice + CHASERS_POINTS_PER_CHEESE * cheese),
    )


def _cheese_drop(num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    pieces = 2 if options["simple"] else 3
    # Per round: base points count each apple and cheese once (one piece per column);
    # each of at most 2 scoring pairs earns at most max(5, 2 per marble) (events 1-7).
    max_points = sum(
        sum(bag) + DROP_EVENT_BONUS_PAIRS * max(DROP_BEST_FIXED_EVENT, 2 * sum(bag))
        for bag in BAGS
    )
    return GameFacts(
        num_players=num_players,
        # Gates are the largest actions; deflections (lanes) and bets (columns) are fewer.
        num_distinct_actions=GATE_ACTIONS,
        max_chance_outcomes=max(len(COLOURS), LANE_COUNT),
        # Per round one gate per drop and one bet per piece.
        max_game_length=ROUNDS * (drops_per_round(num_players) + pieces * num_players),
        max_points=max_points,
    )


_FACTS = MappingProxyType({
    "get-the-cheese": _get_the_cheese,
    "cheese-chasers": _cheese_chasers,
    "cheese-drop": _cheese_drop,
})


def game_facts(slug: str, num_players: int, options: Mapping[str, OptionValue]) -> GameFacts:
    """The facts of ``slug`` for ``num_players`` and the normalised ``options``."""
    return _FACTS[slug](num_players, options)

