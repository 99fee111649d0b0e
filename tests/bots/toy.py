"""A tiny two-seat game for checking the searches against known answers.

Race: a counter starts at ``start``; the seat to act adds 1 or 2; whoever brings it to
``target`` or beyond wins (1 point to 0). With ``luck``, a chance node after every move
adds 0 or 1 more (weights 1 and 1); reaching the target that way counts for the
seat that just moved. Nothing is hidden. From a count ``c`` without luck,
the seat to act loses iff ``(target - c) % 3 == 0``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from cheese.engine import CHANCE, TERMINAL, Action, Game, GameInfo, IllegalActionError, State
from cheese.engine.api import OptionValue
from cheese.engine.luck import SplitMix64, event_key

INFO = GameInfo("race", "Race", 2, 2, 2, "add 1 or 2; reach the target first")


class RaceGame(Game):
    info = INFO
    backend = "reference"

    def __init__(self, target: int = 7, luck: bool = False) -> None:
        self.target = target
        self.luck = luck

    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> RaceState:
        return RaceState(self, seed, 0, 0, False, None)

    def default_options(self) -> dict[str, OptionValue]:
        return {}


@dataclass(frozen=True, slots=True)
class RaceState(State):
    maker: RaceGame = field(compare=False)
    deal: int
    count: int
    to_move: int
    luck_pending: bool
    winner: int | None

    @property
    def game(self) -> Game:
        return self.maker

    @property
    def num_players(self) -> int:
        return 2

    @property
    def seed(self) -> int:
        return self.deal

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return {}

    @property
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return CHANCE if self.luck_pending else self.to_move

    def legal_actions(self) -> list[Action]:
        if self.winner is not None:
            return []
        return [0, 1] if self.luck_pending else [1, 2]

    def chance_weights(self) -> list[tuple[Action, int]]:
        return [(0, 1), (1, 1)] if self.luck_pending else []

    def chance_key(self) -> int:
        return event_key(1, self.count)

    def apply(self, action: Action) -> RaceState:
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not one of {self.legal_actions()}")
        if self.luck_pending:
            return self._advance(self.count + action, self.to_move, False)
        mover = self.to_move
        state = self._advance(self.count + action, 1 - mover, self.maker.luck, mover)
        return state

    def _advance(self, count: int, to_move: int, luck: bool, mover: int | None = None) -> RaceState:
        if count >= self.maker.target:
            winner = 1 - to_move if mover is None else mover
            return RaceState(self.maker, self.deal, count, to_move, False, winner)
        return RaceState(self.maker, self.deal, count, to_move, luck, None)

    def scores(self) -> tuple[int, ...]:
        if self.winner is None:
            return (0, 0)
        return (1, 0) if self.winner == 0 else (0, 1)

    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        return tuple((score,) for score in self.scores())

    def view(self, seat: int) -> object:
        return (self.count, self.to_move, self.luck_pending, self.winner)

    def determinize(self, seat: int, rng: random.Random) -> RaceState:
        SplitMix64.from_rng(rng)
        return self

    def action_to_string(self, action: Action) -> str:
        return str(action)

    def parse_action(self, text: str) -> Action:
        return int(text)


def race(count: int, target: int = 7, luck: bool = False, to_move: int = 0) -> RaceState:
    return RaceState(RaceGame(target, luck), 0, count, to_move, False, None)
