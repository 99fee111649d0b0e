"""Rules page, "Setup" and "Turn": the chance events, drawing, playing, skipping."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cheese.engine.api import CHANCE, TERMINAL, IllegalActionError
from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.cards import DOG, EMPTY_PILE, KING_MOUSE, MOUSE
from cheese.engine.get_the_cheese.moves import DRAW, play_action
from cheese.engine.get_the_cheese.table import PlacedCard
from cheese.engine.get_the_cheese.turns import next_seat
from cheese.engine.luck import advance_chance, event_key, resolve_chance
from cheese.engine.play import random_policy

from ...random_games import random_game
from .conftest import opening, run

THREE_MICE = "mouse mouse mouse"
DEFAULT_VALUES = (2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5)


def test_the_circle_is_dealt_first_one_position_at_a_time(game: ReferenceGame) -> None:
    state = game.new_initial_state(num_players=3, seed=11)
    assert state.current_player == CHANCE
    assert state.chance_weights() == [(2, 3), (3, 4), (4, 4), (5, 4)]
    assert state.legal_actions() == [2, 3, 4, 5]
    assert state.chance_key() == event_key(1, 0)
    state = run(state, "cheese 2; cheese 2; cheese 2")
    assert state.chance_weights() == [(3, 4), (4, 4), (5, 4)]
    assert state.chance_key() == event_key(1, 3)
    state = run(state, "cheese 5; cheese 3; cheese 4")
    assert state.table.cheeses == (2, 2, 2, 5, 3, 4)
    assert state.chance_key() == event_key(2, 0, 0)


def test_each_circle_has_two_cheeses_per_player(game: ReferenceGame) -> None:
    for players in (3, 4, 5):
        state = game.new_initial_state(num_players=players, seed=players)
        for position in range(2 * players):
            assert state.chance_key() == event_key(1, position)
            state = state.apply(resolve_chance(state))
        assert len(state.table.cheeses) == 2 * players
        assert len(state.table.lines) == 2 * players
        dealt = Counter(state.table.cheeses)
        assert not dealt - Counter(DEFAULT_VALUES)
        assert sum(dealt.values()) == 2 * players


def test_opening_hands_are_drawn_seat_0_first_three_cards_each(game: ReferenceGame) -> None:
    circle = ";".join(["cheese 2"] * 3 + ["cheese 3"] * 3)
    state = run(game.new_initial_state(num_players=3, seed=3), circle)
    keys = []
    while state.is_chance_node():
        keys.append(state.chance_key())
        state = state.apply(resolve_chance(state))
    assert keys == [event_key(2, seat, drawn) for seat in range(3) for drawn in range(3)]
    view = state.view(0)
    assert view.hand_sizes == (3, 3, 3)
    assert view.deck_sizes == (12, 12, 12)
    assert state.current_player == 0


def test_a_card_draw_is_weighted_by_what_is_left_in_the_deck(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse mouse mouse*", THREE_MICE, THREE_MICE])
    assert state.table.decks[0] == (5, 1, 2, 1, 1, 1, 1)
    state = state.apply(DRAW)
    assert state.current_player == CHANCE
    assert state.chance_weights() == [(0, 5), (1, 1), (2, 2), (3, 1), (4, 1), (5, 1), (6, 1)]
    assert state.chance_key() == event_key(2, 0, 3)
    state = run(state, "card king")
    assert KING_MOUSE not in dict(state.chance_weights())
    assert state.chance_key() == event_key(2, 0, 4)


def test_the_start_player_option_picks_the_first_seat(game: ReferenceGame) -> None:
    state = opening(game, 4, [THREE_MICE] * 4, start_player=2)
    assert state.current_player == 2
    assert run(state, "draw; card dog; card cat; card mouse").current_player == 3


def test_draw_is_allowed_only_with_cards_in_the_deck_and_fewer_than_six_in_hand(
    game: ReferenceGame,
) -> None:
    state = opening(game, 3, [THREE_MICE] * 3)
    assert DRAW in state.legal_actions()
    state = run(state, "draw; card big; card big; card dog")
    assert state.table.hands[0] == (3, 0, 2, 0, 0, 0, 1)
    state = run(state, "draw; card mouse; card mouse; card mouse")
    state = run(state, "draw; card cat; card mouse; card cat*")
    assert state.current_player == 0
    assert DRAW not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="not legal for blue"):
        state.apply(DRAW)


def test_an_empty_hand_must_draw_and_an_empty_deck_cannot(game: ReferenceGame) -> None:
    composition = (3, 0, 0, 0, 0, 0, 3)
    state = opening(game, 3, [THREE_MICE] * 3, composition=composition)
    assert state.legal_actions()[0] == DRAW
    state = run(state, "0:mouse,mouse,mouse")
    assert state.table.hands[0] == EMPTY_PILE
    state = run(state, "1:mouse,mouse,mouse; 2:mouse,mouse,mouse")
    assert state.legal_actions() == [DRAW]
    state = run(state, "draw; card dog; card dog; card dog")
    assert state.table.deck_size(0) == 0
    state = run(state, "draw; card dog; card dog; card dog; draw; card dog; card dog; card dog")
    assert DRAW not in state.legal_actions()
    assert state.legal_actions() == [play_action(start, (DOG, DOG, DOG)) for start in range(6)]


def test_hands_hold_0_3_or_6_cards_and_decks_a_multiple_of_3(game: ReferenceGame) -> None:
    rng = random.Random(4)
    for seed in range(20):
        state = advance_chance(game.new_initial_state(num_players=3 + seed % 3, seed=seed))
        while not state.is_terminal():
            if not state.is_chance_node():
                view = state.view(0)
                assert set(view.hand_sizes) <= {0, 3, 6}
                assert all(size % 3 == 0 for size in view.deck_sizes)
                state = state.apply(random_policy(rng)(state))
            state = advance_chance(state)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_player_takes_nine_turns_four_draws_and_five_plays(
    game: ReferenceGame, players: int
) -> None:
    for seed in range(10):
        state = game.new_initial_state(num_players=players, seed=seed, start_player=seed % players)
        turns: Counter[tuple[int, str]] = Counter()
        order = []
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(resolve_chance(state))
                continue
            player = state.current_player
            action = random_policy(random.Random(seed * 1000 + len(order)))(state)
            turns[(player, "draw" if action == DRAW else "play")] += 1
            order.append(player)
            state = state.apply(action)
        assert all(turns[(seat, "draw")] == 4 for seat in range(players))
        assert all(turns[(seat, "play")] == 5 for seat in range(players))
        expected = [(seed % players + turn) % players for turn in range(9 * players)]
        assert order == expected


def test_a_play_places_three_cards_on_consecutive_cheeses(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse big king", THREE_MICE, THREE_MICE])
    state = run(state, "4:king,mouse,big")
    lines = state.table.lines
    assert lines[4] == (PlacedCard(0, KING_MOUSE, 1),)
    assert lines[5] == (PlacedCard(0, MOUSE, 2),)
    assert lines[0] == (PlacedCard(0, 2, 3),)
    assert state.table.hands[0] == EMPTY_PILE
    state = run(state, "5:mouse,mouse,mouse")
    assert [card.owner for card in state.table.lines[5]] == [0, 1]
    assert [card.position for card in state.table.lines[0]] == [3, 2]


def test_the_first_card_and_symbol_cards_go_face_down(game: ReferenceGame) -> None:
    state = opening(game, 3, ["mouse mouse* cat*", "big cat dog", THREE_MICE])
    state = run(state, "0:mouse,mouse*,cat*; 0:big,cat,dog")
    assert [card.face_down for card in state.table.placed(0)] == [True, True, True]
    assert [card.face_down for card in state.table.placed(1)] == [True, False, False]


def test_playing_the_last_cards_ends_the_game(game: ReferenceGame) -> None:
    composition = (3, 0, 0, 0, 0, 0, 0)
    state = opening(game, 3, [THREE_MICE] * 3, composition=composition)
    state = run(state, "0:mouse,mouse,mouse; 2:mouse,mouse,mouse")
    assert state.current_player == 2
    state = run(state, "4:mouse,mouse,mouse")
    assert state.current_player == TERMINAL
    assert state.legal_actions() == [] and state.chance_weights() == []
    assert state.scores() == (3, 3, 3)
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(DRAW)


def test_a_seat_without_hand_or_deck_is_skipped(game: ReferenceGame) -> None:
    # With equal decks every seat runs out in turn order, so build a table by hand.
    table = opening(game, 4, [THREE_MICE] * 4).table
    empty = type(table)(
        table.cheeses,
        table.lines,
        (table.hands[0], EMPTY_PILE, EMPTY_PILE, table.hands[3]),
        (table.decks[0], EMPTY_PILE, EMPTY_PILE, table.decks[3]),
        table.owed,
        0,
    )
    assert next_seat(empty, 0) == 3
    assert next_seat(empty, 3) == 0
    state = GtcState(opening(game, 4, [THREE_MICE] * 4).setup, empty, game)
    assert state.apply(DRAW).table.to_move == 3


def test_scores_are_zero_until_the_end(game: ReferenceGame) -> None:
    state = game.new_initial_state(num_players=3, seed=2)
    final, _ = random_game(state, random.Random(2))
    assert state.scores() == (0, 0, 0)
    assert state.rank_keys() == ((0, 0, 0),) * 3
    assert sum(final.scores()) > 0


def test_chance_key_is_only_defined_at_chance_nodes(game: ReferenceGame) -> None:
    state = opening(game, 3, [THREE_MICE] * 3)
    with pytest.raises(IllegalActionError, match="is_chance_node"):
        state.chance_key()
    assert state.chance_weights() == []
