"""Who sits where: the tables of a round robin or gauntlet, and each deal's rotations.

**Tables.** A table seats ``N`` entrants (``N`` the player count). A round robin uses every
combination of ``N`` entrants of the field when there are at most ``MAX_ALL_TABLES``;
otherwise a balanced design built greedily: each new table starts with the entrant seated
least often and adds, one at a time, the entrant that has met those already chosen the
fewest times, until every pair has met. A gauntlet puts the first entrant at every table
with the combinations (or the design) of the others. A field smaller than ``N`` plays at
one table and its entrants take turns round it (A B A B … in a duel). In a solitaire game
(``N = 1``) every entrant plays every deal seed of the one table.

**Rotations.** Every deal of a table is played in every distinct cyclic rotation of its
seating and, when the entrants take turns (fewer entrants than seats), of the seating with
the roles shifted, so each entrant holds every seat equally often and meets the same luck
from each. Rotations that repeat a seating already in the deal are left out: replaying the
same seats on the same deal would only redraw the bots' own randomness.

>>> seatings((0, 1), 3)
((0, 1, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0), (0, 1, 1))
>>> seatings((0, 1, 2), 3)
((0, 1, 2), (2, 0, 1), (1, 2, 0))
>>> tables(5, 4)
((0, 1, 2, 3), (0, 1, 2, 4), (0, 1, 3, 4), (0, 2, 3, 4), (1, 2, 3, 4))
>>> tables(4, 3, gauntlet=True)
((0, 1, 2), (0, 1, 3), (0, 2, 3))
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from cheese.referee.jobs import Entrant

MAX_ALL_TABLES = 500
"""Above this many combinations a round robin plays a balanced design instead."""


def seatings(table: Sequence[Entrant], num_players: int) -> tuple[tuple[Entrant, ...], ...]:
    """The seatings of one deal at ``table``, in the order they are played.

    Rotation ``r`` gives seat ``s`` the entrant that seat ``s - r`` has in its pattern;
    the rotations of the first pattern come first, then those of each role shift.
    """
    if num_players < 1:
        raise ValueError(f"a game needs at least 1 seat, not {num_players}")
    if not table:
        raise ValueError("a table needs at least one entrant")
    size = len(table)
    found: list[tuple[Entrant, ...]] = []
    for shift in range(size):
        pattern = tuple(table[(seat + shift) % size] for seat in range(num_players))
        for turn in range(num_players):
            rotated = pattern[num_players - turn :] + pattern[: num_players - turn]
            if rotated not in found:
                found.append(rotated)
    return tuple(found)


def tables(
    entrants: int, num_players: int, *, gauntlet: bool = False
) -> tuple[tuple[Entrant, ...], ...]:
    """The tables of a round robin (or gauntlet) of ``entrants`` bots at ``num_players``."""
    if entrants < 2:
        raise ValueError(f"a tournament needs at least 2 bots, not {entrants}")
    if entrants <= num_players or num_players == 1:
        # Solitaire: every bot plays every deal seed, and the deal's scores compare them.
        return (tuple(range(entrants)),)
    if gauntlet:
        others = design(tuple(range(1, entrants)), num_players - 1)
        return tuple((0, *table) for table in others)
    return design(tuple(range(entrants)), num_players)


def design(field: Sequence[Entrant], size: int) -> tuple[tuple[Entrant, ...], ...]:
    """Every ``size``-combination of ``field`` if there are few enough, else a balanced
    design in which every pair meets at least once and about equally often."""
    if math.comb(len(field), size) <= MAX_ALL_TABLES:
        return tuple(itertools.combinations(field, size))
    seated = dict.fromkeys(field, 0)
    met = {pair: 0 for pair in itertools.combinations(field, 2)}
    unmet = set(met)
    chosen: list[tuple[Entrant, ...]] = []
    while unmet:
        table = [min(field, key=lambda entrant: (seated[entrant], entrant))]
        while len(table) < size:
            table.append(
                min(
                    (entrant for entrant in field if entrant not in table),
                    key=lambda entrant: (
                        sum(met[_pair(entrant, other)] for other in table),
                        seated[entrant],
                        entrant,
                    ),
                )
            )
        ordered = tuple(sorted(table))
        for entrant in ordered:
            seated[entrant] += 1
        for pair in itertools.combinations(ordered, 2):
            met[pair] += 1
            unmet.discard(pair)
        chosen.append(ordered)
    return tuple(chosen)


def _pair(one: Entrant, other: Entrant) -> tuple[Entrant, Entrant]:
    return (one, other) if one < other else (other, one)
