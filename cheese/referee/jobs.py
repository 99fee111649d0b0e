"""Plain values that travel between the tournament's layers and across processes.

A ``Plan`` is what a tournament (a duel is one of two bots) plays: the field of bot specs,
the tables they sit at, the deals per table and the seed. A ``GameJob`` is everything a
worker needs to play one game and everything needed to play it again; the worker answers
with a ``GameResult``. All are small frozen values, so they pickle cheaply and compare by
content.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from cheese.bots.faults import Fault as Fault  # the one definition, re-exported
from cheese.engine.api import OptionValue
from cheese.engine.records import GameRecord
from cheese.referee.clocks import TimeControl
from cheese.referee.seats import SeatSpec

Entrant: TypeAlias = int
"""A bot of the field, by its position in the plan's ``specs``."""
Side: TypeAlias = Entrant
"""In a duel, which of the two bots holds a seat: entrant 0 is A, entrant 1 is B."""
SIDE_A: Side = 0
SIDE_B: Side = 1
Options: TypeAlias = tuple[tuple[str, OptionValue], ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """What a tournament plays.

    ``tables`` lists, per table, the entrants seated there (in seat order for the first
    rotation; when fewer entrants than seats, they take turns round the table). Every
    table plays ``deals`` deal seeds, each in every seat rotation (``cheese.tournaments
    .seating``). ``move_time`` (seconds) is the limit per decision, ``None`` for none;
    ``time_control`` each seat's game clock, ``None`` for none. ``bots`` holds the
    ``specs`` parsed, in the same order (empty when bots are built from the texts by a
    stand-in factory, as in tests).
    """

    game: str
    num_players: int
    specs: tuple[str, ...]
    tables: tuple[tuple[Entrant, ...], ...]
    deals: int
    seed: int
    backend: str
    options: Options = ()
    move_time: float | None = None
    time_control: TimeControl | None = None
    bots: tuple[SeatSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class DuelSetup:
    """What a duel plays: the game, the two bots, how many deals, the seed, the limit
    per decision and the game clock (``None``: none).

    A duel is the tournament of two entrants at one table (``plan``); ``bots`` holds
    the two specs parsed, as ``Plan.bots``.
    """

    game: str
    num_players: int
    spec_a: str
    spec_b: str
    deals: int
    seed: int
    backend: str
    options: Options = ()
    move_time: float | None = None
    time_control: TimeControl | None = None
    bots: tuple[SeatSpec, ...] = ()

    def spec_of(self, side: Side) -> str:
        return self.spec_a if side == SIDE_A else self.spec_b

    @property
    def plan(self) -> Plan:
        return Plan(
            game=self.game,
            num_players=self.num_players,
            specs=(self.spec_a, self.spec_b),
            tables=((SIDE_A, SIDE_B),),
            deals=self.deals,
            seed=self.seed,
            backend=self.backend,
            options=self.options,
            move_time=self.move_time,
            time_control=self.time_control,
            bots=self.bots,
        )


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game of a tournament, with the ids that replay it.

    ``sides[seat]`` is the entrant holding the seat and ``seat_specs[seat]`` its spec's
    text (as stored and shown), ``seat_bots[seat]`` the spec parsed, which the worker
    builds the bot from (empty for a job built by hand: its texts are parsed there);
    ``deal`` numbers deals over all tables (each has its own seed), and ``seed`` with
    (deal, rotation, seat) seeds the bots' generators.
    """

    game: str
    options: Options
    num_players: int
    seat_specs: tuple[str, ...]
    sides: tuple[Entrant, ...]
    deal_seed: int
    deal: int
    rotation: int
    seed: int
    backend: str
    table: int = 0
    move_time: float | None = None
    time_control: TimeControl | None = None
    seat_bots: tuple[SeatSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class GameResult:
    """A played game: its record, the points and places per seat, and whether it finished.

    ``finished`` is false when the game ended early by losing before its natural end
    (Cheese Chasers: trapped or enclosed); such games still count, with their points.
    A game a bot forfeited (``forfeit`` is its seat, ``fault`` the kind, ``error`` says
    why in words) has no points; the forfeiting seat takes the last place alone and the
    others share the first. ``replies`` holds, per seat, the seconds each of its
    decisions took, in order (a forfeited game: those made before the forfeit).
    """

    job: GameJob
    record: GameRecord
    points: tuple[int, ...]
    ranking: tuple[int, ...]
    finished: bool
    forfeit: int | None = None
    error: str | None = None
    seconds: float = field(default=0.0, compare=False)
    fault: Fault | None = None
    replies: tuple[tuple[float, ...], ...] = field(default=(), compare=False)
