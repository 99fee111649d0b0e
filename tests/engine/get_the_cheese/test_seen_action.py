"""A play as another seat sees it (``gtc_seen_action``, the key of ``mcts:others=seen``):
two plays are seen as one exactly when they leave that seat the same view (rules, "What
each player knows")."""

from __future__ import annotations

import itertools

import pytest

from tests.native import check_native

check_native()  # before the extension's import below, which needs it built

from cheese.engine import load_game  # noqa: E402
from cheese.engine.get_the_cheese.cards import CAT, DOG, MOUSE, SYMBOL_CAT, SYMBOL_MOUSE  # noqa: E402
from cheese.engine.get_the_cheese.moves import DRAW, decode_play, play_action  # noqa: E402
from cheese.engine.native.bridge import seen_action  # noqa: E402

from ...bots.mcts.test_search_in_c import native_position  # noqa: E402


@pytest.mark.parametrize(("players", "seed", "moves"), [(3, 1, 9), (4, 2, 14), (5, 3, 20)])
def test_plays_are_seen_as_one_exactly_when_they_leave_the_same_view(
    players: int, seed: int, moves: int
) -> None:
    state = native_position("get-the-cheese", players, seed=seed, moves=moves)
    mover = state.current_player
    plays = [action for action in state.legal_actions() if action != DRAW]
    assert len(plays) > 10
    for observer in range(players):
        if observer == mover:
            continue
        views = {play: state.apply(play).view(observer) for play in plays}
        for first, second in itertools.combinations(plays, 2):
            same_view = views[first] == views[second]
            same_seen = seen_action(state, first, observer) == seen_action(state, second, observer)
            assert same_view == same_seen, (first, second)


def test_a_hidden_card_is_seen_as_a_mouse_and_a_hidden_symbol_card_as_a_mouse_star() -> None:
    state = native_position("get-the-cheese", 4, seed=2, moves=14)
    seen = seen_action(state, play_action(3, (DOG, SYMBOL_CAT, CAT)), 0)
    assert seen is not None
    assert decode_play(seen) == (3, (MOUSE, SYMBOL_MOUSE, CAT))
    assert seen_action(state, DRAW, 0) == DRAW


@pytest.mark.parametrize(("game", "players"), [("cheese-drop", 3), ("cheese-chasers", 1)])
def test_a_game_whose_moves_are_seen_whole_has_no_seen_action(game: str, players: int) -> None:
    state = load_game(game, "native").new_initial_state(num_players=players, seed=1)
    while state.is_chance_node():
        state = state.apply(state.chance_weights()[0][0])
    assert seen_action(state, state.legal_actions()[0], 0) is None  # type: ignore[arg-type]
