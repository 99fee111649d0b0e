"""What players see: lanes above the cover, lanes under the cover only after scoring."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pytest

from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import Phase
from cheese.engine.cheese_drop.scoring import lane_contents
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.cheese_drop.view import DropView, MarbleView, RevealedDropView

Walk = Callable[[DropState, random.Random], list[DropState]]


def test_the_view_holds_the_public_record(game: ReferenceGame, walk: Walk) -> None:
    states = walk(game.new_initial_state(3, seed=21), random.Random(21))
    betting = next(s for s in states if s.phase == Phase.BET and s.round_index == 1)
    view = betting.view(2)
    assert isinstance(view, DropView)
    assert (view.seat, view.num_players, view.round, view.phase) == (2, 3, 1, Phase.BET)
    assert view.current_player == betting.current_player and view.drop == 3
    assert view.totals == betting.totals and view.bag == betting.bag
    assert view.bets == betting.bets and view.results == betting.results
    assert view.marbles == tuple(
        MarbleView(m.colour, m.drop, m.slot, m.rows_fallen, m.seen_lane) for m in betting.marbles
    )
    assert len(view.marbles) == 3 * 5


@pytest.mark.parametrize("players", [2, 4])
def test_every_seat_sees_the_same_but_its_seat_number(
    game: ReferenceGame, walk: Walk, players: int
) -> None:
    for state in walk(game.new_initial_state(players, seed=4), random.Random(4))[::7]:
        views = [state.view(seat) for seat in range(players)]
        assert {dataclasses.replace(view, seat=0) for view in views} == {views[0]}
        assert [view.seat for view in views] == list(range(players))


def test_a_marble_is_seen_until_it_passes_under_the_cover(game: ReferenceGame, walk: Walk) -> None:
    for state in walk(game.new_initial_state(2, seed=6), random.Random(6)):
        for marble in state.marbles:
            if marble.rows_fallen <= 3:
                assert marble.seen_lane == marble.lane
        if state.phase == Phase.FALL:
            marble = next(m for m in state.marbles if m.rows_fallen < 6)
            shown = next(
                m for m in state.view(0).marbles if (m.slot, m.drop) == (marble.slot, marble.drop)
            )
            assert shown.seen_lane == marble.seen_lane and not hasattr(shown, "lane")
            if marble.rows_fallen <= 3:
                assert shown.seen_lane == marble.lane


def test_the_lanes_under_the_cover_are_not_in_the_view(game: ReferenceGame, walk: Walk) -> None:
    states = walk(game.new_initial_state(2, seed=10), random.Random(10))
    betting = next(s for s in states if s.phase == Phase.BET)
    hidden_moves = [m for m in betting.marbles if m.lane != m.seen_lane]
    assert hidden_moves, "some marble moved under the cover in this game"
    moved = tuple(dataclasses.replace(m, lane=m.seen_lane) for m in betting.marbles)
    other_truth = dataclasses.replace(betting, marbles=moved)
    assert other_truth != betting
    assert other_truth.view(0) == betting.view(0) and other_truth.view(1) == betting.view(1)


def test_the_final_lanes_are_revealed_at_scoring(game: ReferenceGame, walk: Walk) -> None:
    states = walk(game.new_initial_state(2, seed=10), random.Random(10))
    last_bet = max(i for i, s in enumerate(states) if s.phase == Phase.BET and s.round_index == 0)
    hidden = states[last_bet].marbles
    assert any(m.lane != m.seen_lane for m in hidden)
    scored = states[last_bet + 1]
    assert scored.round_index == 1 and scored.view(1).results[0].lanes == lane_contents(hidden)


def test_with_no_hidden_rows_everything_is_seen(game: ReferenceGame, walk: Walk) -> None:
    for state in walk(game.new_initial_state(3, seed=1, hidden_rows=0), random.Random(1)):
        assert all(m.seen_lane == m.lane for m in state.marbles)


def test_with_every_row_hidden_only_the_slots_are_seen(game: ReferenceGame, walk: Walk) -> None:
    states = walk(game.new_initial_state(3, seed=1, hidden_rows=6), random.Random(1))
    for state in states:
        assert all(m.seen_lane == m.slot for m in state.view(0).marbles)
    assert any(m.lane != m.slot for s in states for m in s.marbles)


def test_the_revealed_view_holds_the_lanes_under_the_cover(
    game: ReferenceGame, walk: Walk
) -> None:
    covered_seen = 0
    for state in walk(game.new_initial_state(3, seed=10), random.Random(10)):
        revealed = state.revealed_view()
        assert isinstance(revealed, RevealedDropView)
        assert revealed.views == tuple(state.view(seat) for seat in range(3))
        assert revealed.lanes == tuple(marble.lane for marble in state.marbles)
        for index, marble in enumerate(state.marbles):
            covered = revealed.is_covered(index, visible_rows=3)
            assert covered == (marble.rows_fallen > 3)
            if covered and marble.lane != marble.seen_lane:
                covered_seen += 1
                assert state.view(0).marbles[index].seen_lane != revealed.lanes[index]
    assert covered_seen > 0, "some marble moved under the cover in this game"


def test_the_revealed_view_tells_apart_what_the_seats_cannot(
    game: ReferenceGame, walk: Walk
) -> None:
    states = walk(game.new_initial_state(2, seed=10), random.Random(10))
    betting = next(s for s in states if s.phase == Phase.BET)
    moved = tuple(dataclasses.replace(m, lane=m.seen_lane) for m in betting.marbles)
    other_truth = dataclasses.replace(betting, marbles=moved)
    assert other_truth.view(0) == betting.view(0) and other_truth.view(1) == betting.view(1)
    assert other_truth.revealed_view() != betting.revealed_view()
    hash(betting.revealed_view())


def test_a_bad_seat_has_no_view(game: ReferenceGame) -> None:
    state = game.new_initial_state(2)
    for seat in (-1, 2):
        with pytest.raises(ValueError, match="not in 0..1"):
            state.view(seat)
