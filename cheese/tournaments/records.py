"""Plain records that travel between the duel's layers and across process boundaries.

A ``GameJob`` is everything a worker needs to play one game and everything needed to play
it again: the game and its options, the seat specs, the deal seed, the rotation and the
deal index. A worker answers with a ``GameResult``. Both are small frozen values, so they
pickle cheaply and compare by content.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cheese.engine.api import OptionValue
from cheese.engine.records import GameRecord

Side: TypeAlias = int
"""Which of the two duelling bots holds a seat."""
SIDE_A: Side = 0
SIDE_B: Side = 1
SIDE_NAMES: tuple[str, str] = ("A", "B")


@dataclass(frozen=True, slots=True)
class DuelSetup:
    """What a duel plays: the game, the two bots, how many deals, and the seed.

    ``deals`` counts whole deals; a deal is played in every seat rotation (see
    ``cheese.tournaments.schedule``). ``backend`` names the engine backend every game uses.
    """

    game: str
    num_players: int
    spec_a: str
    spec_b: str
    deals: int
    seed: int
    backend: str
    options: tuple[tuple[str, OptionValue], ...] = ()

    def spec_of(self, side: Side) -> str:
        return self.spec_a if side == SIDE_A else self.spec_b


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game of a duel, with the ids that replay it.

    ``sides[seat]`` says which bot holds the seat and ``seat_specs[seat]`` its spec;
    ``duel_seed`` with (deal, rotation, seat) seeds the bots' generators.
    """

    game: str
    options: tuple[tuple[str, OptionValue], ...]
    num_players: int
    seat_specs: tuple[str, ...]
    sides: tuple[Side, ...]
    deal_seed: int
    deal: int
    rotation: int
    duel_seed: int
    backend: str


@dataclass(frozen=True, slots=True)
class GameResult:
    """A played game: its record, the points and places per seat, and whether it finished.

    ``finished`` is false when the game ended early by losing before its natural end
    (Cheese Chasers: trapped or enclosed); such games still count, with their points.
    """

    job: GameJob
    record: GameRecord
    points: tuple[int, ...]
    ranking: tuple[int, ...]
    finished: bool
