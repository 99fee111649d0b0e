"""Tables and seatings: every combination when few, a balanced design when many."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from cheese.tournaments.schedule import seat_sides
from cheese.tournaments.seating import MAX_ALL_TABLES, seatings, tables


def test_a_duel_is_two_entrants_taking_turns() -> None:
    for players in range(1, 6):
        assert seatings((0, 1), players) == seat_sides(players)


@pytest.mark.parametrize(("table", "players"), [((0, 1, 2, 3), 4), ((0, 1, 2), 4), ((4, 7), 3)])
def test_every_entrant_holds_every_seat_equally_often(table: tuple[int, ...], players: int) -> None:
    deal = seatings(table, players)
    for seat in range(players):
        held = Counter(seating[seat] for seating in deal)
        assert set(held) == set(table) and len(set(held.values())) == 1


def test_a_small_round_robin_is_every_combination() -> None:
    assert tables(10, 4) == tuple(itertools.combinations(range(10), 4))
    assert len(tables(10, 4)) == 210 <= MAX_ALL_TABLES


def test_a_field_smaller_than_the_table_plays_at_one_table() -> None:
    assert tables(3, 5) == ((0, 1, 2),)
    with pytest.raises(ValueError, match="at least 2 bots"):
        tables(1, 4)


def test_a_large_round_robin_is_balanced() -> None:
    chosen = tables(24, 4)
    assert len(chosen) < 2000
    met = Counter(pair for table in chosen for pair in itertools.combinations(table, 2))
    assert len(met) == 24 * 23 // 2  # every pair meets
    assert max(met.values()) - min(met.values()) <= 2
    seated = Counter(entrant for table in chosen for entrant in table)
    assert max(seated.values()) - min(seated.values()) <= 2


def test_a_gauntlet_seats_the_first_bot_everywhere() -> None:
    chosen = tables(6, 3, gauntlet=True)
    assert all(table[0] == 0 for table in chosen)
    assert {table[1:] for table in chosen} == set(itertools.combinations(range(1, 6), 2))
