"""The C engine against the reference: the same seeds and decisions give the same games.

Per player count, CI plays 2,000 games alternating the full game and the simple variant
(so each variant gets 1,000 per player count and 4,000 in all), cycling the board and
table options below. The first 60 of each player count (240 in all) are compared step
by step: legal actions, chance weights and keys, views, notation — every seat's view at
every step in the first 20, then the acting seat's view (at chance steps each seat in
turn); the first 20 also compare determinized states (their views now, and the lanes
they reveal once the round is scored). Every game compares the final record: scores,
rankings and every seat's view, which holds each round's lanes, pieces and points.
"""

from __future__ import annotations

import random

import pytest

from cheese.engine.api import Game, State
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.options import DropOptions, can_run_out_of_cells, parse_options
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE, REFERENCE, load_game

from ...native import needs_native

pytestmark = needs_native

CI_GAMES = 2000
STEPWISE_GAMES = 60
THOROUGH_GAMES = 20
SLOW_GAMES = 100_000
PLAYER_COUNTS = (2, 3, 4, 5)
VARIANTS: tuple[dict[str, int], ...] = (
    {},
    {"hidden_rows": 0, "start_player": 1},
    {"rows": 2, "hidden_rows": 1},
    {"rows": 0},
    {"hidden_rows": 6, "cells_per_column": 1},
    {"rows": 1, "hidden_rows": 0, "cells_per_column": 3},
    {"rows": 3, "hidden_rows": 3, "start_player": 1},
    {"rows": 9, "hidden_rows": 4},
)
"""Board and table options cycled through the games (the simple flag alternates apart)."""


def options_for(game_index: int, players: int) -> dict[str, object]:
    simple = game_index % 2 == 1
    variant = VARIANTS[(game_index // 2) % len(VARIANTS)]
    options: dict[str, object] = {"simple": simple, **variant}
    cells = variant.get("cells_per_column", 2)
    if can_run_out_of_cells(players, DropOptions(simple=simple, cells_per_column=cells)):
        options["cells_per_column"] = 2
    return options


def both(players: int, seed: int, options: dict[str, object]) -> tuple[State, State]:
    """The same new game on the reference and on the native engine."""
    reference = load_game("cheese-drop", backend=REFERENCE)
    native = load_game("cheese-drop", backend=NATIVE)
    return (
        reference.new_initial_state(players, seed, **options),  # type: ignore[arg-type]
        native.new_initial_state(players, seed, **options),  # type: ignore[arg-type]
    )


def views(state: State) -> list[object]:
    return [state.view(seat) for seat in range(state.num_players)]


def phase_and_round(state: State) -> tuple[Phase, int]:
    view = state.view(0)
    assert isinstance(view, DropView)
    return view.phase, view.round


def check_step(reference: State, native: State, seats: range) -> list[int]:
    """Compare one position (the views of ``seats``); return its legal actions."""
    assert native.current_player == reference.current_player
    legal = reference.legal_actions()
    assert native.legal_actions() == legal
    if reference.is_chance_node():
        assert native.chance_weights() == reference.chance_weights()
        assert native.chance_key() == reference.chance_key()
    for seat in seats:
        assert native.view(seat) == reference.view(seat)
    if len(seats) == reference.num_players:
        assert native.revealed_view() == reference.revealed_view()
    return legal


def choose(state: State, rng: random.Random, legal: list[int] | None = None) -> int:
    """Chance by paired luck, decisions uniformly from ``rng``."""
    if state.is_chance_node():
        return resolve_chance(state)
    legal = state.legal_actions() if legal is None else legal
    return legal[rng.randrange(len(legal))]


def finish_round(reference: State, native: State) -> tuple[State, State]:
    """Play both to the end of the round in progress with the same actions."""
    _, round_index = phase_and_round(reference)
    rng = random.Random(round_index)
    while not reference.is_terminal() and phase_and_round(reference)[1] == round_index:
        action = choose(reference, rng)
        reference, native = reference.apply(action), native.apply(action)
    return reference, native


def check_determinize(reference: State, native: State, rng_seed: int) -> None:
    """Equal samples for every seat: equal views now, equal lanes once revealed."""
    for seat in range(reference.num_players):
        sampled_reference = reference.determinize(seat, random.Random(rng_seed + seat))
        sampled_native = native.determinize(seat, random.Random(rng_seed + seat))
        assert views(sampled_native) == views(sampled_reference) == views(reference)
        revealed_reference, revealed_native = finish_round(sampled_reference, sampled_native)
        assert views(revealed_native) == views(revealed_reference)


def play_stepwise(players: int, seed: int, options: dict[str, object], thorough: bool) -> None:
    reference, native = both(players, seed, options)
    assert native.options == reference.options
    rng = random.Random(seed)
    every_seat = range(players)
    determinized_rounds: set[int] = set()
    step = 0
    while not reference.is_terminal():
        chance = reference.is_chance_node()
        seat = step % players if chance else reference.current_player
        legal = check_step(reference, native, every_seat if thorough else range(seat, seat + 1))
        phase, round_index = phase_and_round(reference)
        if thorough and round_index not in determinized_rounds:
            # Once a round: at its first bet, or (now and then) while a marble falls.
            if phase == Phase.BET or (phase == Phase.FALL and rng.random() < 0.02):
                determinized_rounds.add(round_index)
                check_determinize(reference, native, seed)
        action = choose(reference, rng, legal)
        if thorough or not chance:
            text = reference.action_to_string(action)
            assert native.action_to_string(action) == text
            assert native.parse_action(text) == action
        reference, native = reference.apply(action), native.apply(action)
        step += 1
    check_final(reference, native)


def play_final_only(players: int, seed: int, options: dict[str, object]) -> None:
    """The native engine picks (it is quick); the reference must accept every action and
    end with the same record."""
    reference, native = both(players, seed, options)
    rng = random.Random(seed)
    while not native.is_terminal():
        action = choose(native, rng)
        reference, native = reference.apply(action), native.apply(action)
    check_final(reference, native)


def check_final(reference: State, native: State) -> None:
    assert reference.is_terminal() and native.is_terminal()
    assert native.legal_actions() == []
    assert native.scores() == reference.scores()
    assert native.rank_keys() == reference.rank_keys()
    assert native.ranking() == reference.ranking()
    assert views(native) == views(reference)


def play_games(players: int, games: int, first_seed: int = 0) -> None:
    for index in range(games):
        seed, options = first_seed + index, options_for(index, players)
        if index < STEPWISE_GAMES:
            play_stepwise(players, seed, options, thorough=index < THOROUGH_GAMES)
        else:
            play_final_only(players, seed, options)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_both_engines_play_the_same_games(players: int) -> None:
    play_games(players, CI_GAMES)


@pytest.mark.slow
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_a_hundred_thousand_games_agree(players: int) -> None:
    play_games(players, SLOW_GAMES, first_seed=1_000_000)


def test_the_first_games_cover_every_variant_and_board() -> None:
    for players in PLAYER_COUNTS:
        tried = [
            parse_options(players, options_for(index, players)) for index in range(THOROUGH_GAMES)
        ]
        assert {options.simple for options in tried} == {False, True}
        boards = {(options.rows, options.hidden_rows) for options in tried}
        assert {(6, 3), (6, 0), (6, 6), (0, 0), (9, 4)} <= boards
        assert {options.cells_per_column for options in tried} >= {2, 3}


def test_the_codec_reads_options_like_the_reference() -> None:
    native: Game = load_game("cheese-drop", backend=NATIVE)
    reference: Game = load_game("cheese-drop", backend=REFERENCE)
    assert native.default_options() == reference.default_options()
    state = native.new_initial_state(5, 3, cells_per_column=9, rows=4)
    assert state.options["cells_per_column"] == 9 and state.options["hidden_rows"] == 3


def test_illegal_actions_leave_the_native_state_alone() -> None:
    reference, native = both(3, 4, {})
    rng = random.Random(4)
    while not reference.is_terminal():
        legal = set(reference.legal_actions())
        for action in (-1, 13, 5**6, max(legal) + 1, max(legal) - 1):
            if action not in legal:
                with pytest.raises(ValueError):
                    native.apply(action)
        action = choose(reference, rng)
        reference, native = reference.apply(action), native.apply(action)
        check_step(reference, native, range(1))
