"""``expectimax:value=places`` and ``value=odds``: Cheese Drop's bets searched with each
round's end valued by the final places after play-outs of the rounds to come — legal,
the same move from the same seed, blind to where the hidden marbles ended, and refused
where they do not apply."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.base import BotFailure, BotSpecError
from cheese.bots.expectimax.bot import ExpectimaxBot
from cheese.engine import load_game
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.luck import advance_chance

from .test_cheese_drop_tables import assert_the_same_bet_in_other_worlds, decision_in_round

PLACES = "expectimax:value=places"
ODDS = "expectimax:value=odds"


@pytest.mark.parametrize("spec", [PLACES, ODDS])
@pytest.mark.parametrize("players", [4, 5])
@pytest.mark.parametrize("round_index", [0, 1])
def test_it_bets_legally_and_the_same_from_the_same_seed(
    spec: str, players: int, round_index: int
) -> None:
    state = decision_in_round(players, 7, round_index, Phase.BET)
    seat = state.current_player
    first = make_bot(spec).choose(Turn(state, seat), random.Random(3))
    again = make_bot(spec).choose(Turn(state, seat), random.Random(3))
    assert first.action in state.legal_actions()
    assert first.info["depth"] == "lines"
    assert (again.action, again.top) == (first.action, first.top)


@pytest.mark.parametrize("spec", [PLACES, ODDS])
@pytest.mark.parametrize("players", [4, 5])
def test_it_bets_the_same_wherever_the_hidden_marbles_ended(spec: str, players: int) -> None:
    assert_the_same_bet_in_other_worlds(spec, decision_in_round(players, 11, 1, Phase.BET))


def test_its_values_are_not_the_leads() -> None:
    state = decision_in_round(4, 7, 1, Phase.BET)
    seat = state.current_player
    tops = [
        make_bot(spec).choose(Turn(state, seat), random.Random(3)).top
        for spec in ("expectimax", PLACES, ODDS)
    ]
    assert len(set(tops)) == 3


@pytest.mark.parametrize(("spec", "named"), [("depth=3", "depth="), ("time=1", "time=")])
def test_a_search_of_the_engines_tree_is_refused(spec: str, named: str) -> None:
    with pytest.raises(BotSpecError, match=f"drop {named} or value="):
        make_bot(f"{PLACES},{spec}")


def test_a_game_without_such_lines_is_refused() -> None:
    game = load_game("get-the-cheese")
    state = advance_chance(game.new_initial_state(3, seed=1))
    bot = ExpectimaxBot.from_params({"value": "places"})
    assert bot.refusal_for("get-the-cheese") == "its lines have no value=places; drop value="
    assert bot.refusal_for("cheese-drop") is None
    with pytest.raises(BotFailure, match="cannot play get-the-cheese: its lines have no"):
        bot.choose(Turn(state, state.current_player), random.Random(0))
