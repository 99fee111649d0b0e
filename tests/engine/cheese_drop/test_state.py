"""A whole game: setup and options, a scripted round checked by hand, three rounds,
totals, shared wins, illegal actions, records."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from cheese.engine.api import CHANCE, TERMINAL, IllegalActionError, OptionError
from cheese.engine.cheese_drop import INFO, ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.scoring import round_points
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord, replay
from cheese.engine.registry import load_game

from ...random_games import random_game

Walk = Callable[[DropState, random.Random], list[DropState]]


def test_the_game_facts() -> None:
    assert (INFO.slug, INFO.title, INFO.min_players, INFO.max_players) == (
        "cheese-drop", "Cheese Drop", 2, 5,
    )
    assert INFO.default_players == 2 and INFO.description
    assert isinstance(load_game("cheese-drop", backend="reference"), ReferenceGame)


def test_a_new_game_waits_for_the_first_draw(game: ReferenceGame) -> None:
    state = game.new_initial_state(seed=5)
    assert state.num_players == 2 and state.seed == 5
    assert state.current_player == CHANCE and state.phase == Phase.DRAW
    assert state.bag == (6, 4, 1, 1) and state.scores() == (0, 0)
    assert dict(state.options) == game.default_options() == {
        "simple": False, "cells_per_column": 2, "rows": 6, "hidden_rows": 3, "start_player": 0,
    }
    assert state.game == game and state.is_chance_node() and not state.is_terminal()


def test_the_seed_is_kept_as_64_bits(game: ReferenceGame) -> None:
    assert game.new_initial_state(seed=-1).seed == (1 << 64) - 1


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (1, {}, "num_players=1 is not allowed"),
        (6, {}, "num_players=6 is not allowed"),
        (2, {"colours": 5}, "unknown option(s) 'colours'"),
        (2, {"simple": 1}, "simple=1 is not allowed"),
        (2, {"cells_per_column": 0}, "cells_per_column=0"),
        (2, {"rows": -1}, "rows=-1"),
        (2, {"rows": 256}, "rows=256"),
        (2, {"rows": True}, "rows=True"),
        (2, {"hidden_rows": 7}, "hidden_rows=7"),
        (2, {"rows": 2, "hidden_rows": 3},
         "hidden_rows=3 is not allowed; pass an integer from 0 to 2"),
        (3, {"start_player": 3}, "start_player=3"),
        (5, {"cells_per_column": 1}, "pass cells_per_column=2 or more"),
        (4, {"cells_per_column": 1, "simple": True}, "pass cells_per_column=2 or more"),
    ],
)
def test_bad_options_are_refused_with_the_allowed_values(
    game: ReferenceGame, players: int, options: dict[str, object], message: str
) -> None:
    with pytest.raises(OptionError) as caught:
        game.new_initial_state(players, **options)  # type: ignore[arg-type]
    assert message in str(caught.value)


def test_fewer_rows_than_three_hide_them_all_by_default(game: ReferenceGame) -> None:
    assert game.new_initial_state(rows=2).options["hidden_rows"] == 2
    assert game.new_initial_state(rows=0).options["hidden_rows"] == 0


SCRIPT = [
    "gate RRC...", "gate Y..RM.", "gate ..YYY.", "gate Y.R..Y",
    "lane 1", "lane 1", "event 5", "lane 4", "lane 3", "event 4",
]


def test_a_scripted_round_scores_as_worked_out_by_hand(game: ReferenceGame) -> None:
    # Seed 2026 with 2 players draws R C R | Y R M | Y Y Y | Y Y R in round 1; with no
    # pin rows every marble stays under its slot.
    state = game.new_initial_state(2, seed=2026, rows=0)
    decisions = iter(SCRIPT)
    while state.round_index == 0:
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
        else:
            state = state.apply(state.parse_action(next(decisions)))
    # Lanes: 1 R Y Y (3), 2 R (1), 3 C Y R (2), 4 R Y (2), 5 M Y (0: the mouse), 6 Y (1).
    # Seat 0: lanes 1 and 3 = 5, event 5 on lane 3 (a cat: 1 red + 1 yellow) = 2 → 7.
    # Seat 1: lanes 1 and 4 = 5, event 4 (mice) pays nothing on its lanes → 5.
    (result,) = state.results
    assert result.lanes == (
        (2, 1, 0, 0), (0, 1, 0, 0), (1, 1, 0, 1), (1, 1, 0, 0), (1, 0, 1, 0), (1, 0, 0, 0),
    )
    assert result.bets == ((0, 2, 10), (0, 3, 9))
    assert result.points == (7, 5) and state.scores() == (7, 5)
    assert state.phase == Phase.DRAW and state.bag == (7, 5, 2, 2) and state.drop == 0
    # Round 2 starts with seat 1; seat 1 (5 points) will bet before seat 0 (7).
    state = _to_first_bet(state)
    assert state.current_player == 1


def _to_first_bet(state: DropState) -> DropState:
    while state.phase != Phase.BET:
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
        else:
            state = state.apply(state.legal_actions()[0])
    return state


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("simple", [False, True])
def test_three_rounds_add_up_to_the_final_scores(
    game: ReferenceGame, walk: Walk, players: int, simple: bool
) -> None:
    final = walk(game.new_initial_state(players, seed=players, simple=simple), random.Random(1))[-1]
    assert final.current_player == TERMINAL and final.legal_actions() == []
    assert final.phase == Phase.OVER and final.round_index == 3 and len(final.results) == 3
    totals = [0] * players
    for result in final.results:
        points = round_points(result.lanes, result.bets)
        assert result.points == tuple(p.total for p in points)
        assert all(len(columns) == (2 if simple else 3) for columns in result.bets)
        totals = [t + p for t, p in zip(totals, result.points)]
    assert final.scores() == tuple(totals)
    assert final.rank_keys() == tuple((total,) for total in totals)


def test_equal_totals_share_the_win(game: ReferenceGame, walk: Walk) -> None:
    final = walk(game.new_initial_state(3, seed=1), random.Random(1))[-1]
    tied = dataclasses.replace(final, totals=(12, 9, 12))
    assert tied.ranking() == (1, 3, 1)
    assert dataclasses.replace(final, totals=(4, 4, 4)).ranking() == (1, 1, 1)


def test_states_are_values(game: ReferenceGame) -> None:
    state = game.new_initial_state(3, seed=8)
    again = game.new_initial_state(3, seed=8)
    assert state == again and hash(state) == hash(again)
    moved = state.apply(resolve_chance(state))
    assert moved != state and state == again
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.drop = 2  # type: ignore[misc]


@pytest.mark.parametrize("phase", [Phase.DRAW, Phase.FALL, Phase.BET])
def test_illegal_actions_raise_and_name_the_legal_ones(
    game: ReferenceGame, phase: Phase
) -> None:
    state = game.new_initial_state(3, seed=2)
    rng = random.Random(2)
    while state.phase != phase:
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node() else rng.choice(legal))
    legal = state.legal_actions()
    for action in (-1, 13, 99, max(legal) + 1, None, "1", 1.0):
        if action in legal:
            continue
        with pytest.raises(IllegalActionError, match="legal actions: "):
            state.apply(action)  # type: ignore[arg-type]


def test_nothing_is_legal_after_the_end(game: ReferenceGame, walk: Walk) -> None:
    final = walk(game.new_initial_state(2, seed=3), random.Random(3))[-1]
    with pytest.raises(IllegalActionError, match="none"):
        final.apply(0)
    assert final.chance_weights() == []
    with pytest.raises(ValueError, match="not a chance node"):
        final.chance_key()


@pytest.mark.parametrize("players", [2, 5])
def test_a_record_round_trips_and_replays(game: ReferenceGame, players: int) -> None:
    start = game.new_initial_state(players, seed=77, simple=players == 5, hidden_rows=1)
    final, actions = random_game(start, random.Random(77))
    record = GameRecord.of_game(final, [f"seat {s}" for s in range(players)], actions)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again, backend="reference") == final
