"""``cheese replay``: step through a recorded game, as one seat saw it or all revealed.

A position is a state where someone decides (or the end); move k is the k-th decision.
Records of unfinished games replay up to where they stop.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from cheese.cli.errors import UserInputError
from cheese.cli.play.menu import choice_number
from cheese.cli.play.record_file import load_record
from cheese.cli.play.renderer import Renderer, Table
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.session import standings
from cheese.engine import RecordError, Seat, State
from cheese.engine.json_text import quoted
from cheese.engine.records import GameRecord, replay_states
from cheese.tournaments.store import StoreError, read_game

DATABASE_PREFIX = "DB:"
REVEALED: Seat = -1
"""The ``Table.seat`` of a replay that shows everything."""
GAME_ID = re.compile(r"[0-9]+")
MAX_GAME_ID = 2**63 - 1
"""The largest id a results database (SQLite) can hold."""
REPLAY_HELP = "Enter or n: next move · b: back · a number: go to that move · e: end · q: quit"


def load_replay(source: str, database: Path) -> GameRecord:
    """The record ``source`` names: a JSON file, or ``DB:GAME_ID``, a game of the results
    database ``database`` (written by ``cheese tournament run``)."""
    if not source.startswith(DATABASE_PREFIX):
        return load_record(Path(source))
    game_id = source[len(DATABASE_PREFIX) :]
    if not GAME_ID.fullmatch(game_id):
        raise UserInputError(
            f"{quoted(source)}: write DB: then the game's id, e.g. DB:17 (cheese tournament "
            f"games {database} lists them)"
        )
    if len(game_id.lstrip("0")) > len(str(MAX_GAME_ID)) or int(game_id) > MAX_GAME_ID:
        raise UserInputError(
            f"{quoted(source)}: there is no game with so large an id (at most {MAX_GAME_ID}); "
            f"cheese tournament games {database} lists them"
        )
    try:
        return read_game(database, int(game_id))
    except StoreError as error:
        raise UserInputError(str(error)) from None


def renderer_of(record: GameRecord) -> Renderer:
    """The renderer of the record's game; ``RecordError`` for a game there is not."""
    renderer = RENDERERS.get(record.game) if isinstance(record.game, str) else None
    if renderer is None:
        raise RecordError(
            f"the record's game {quoted(record.game)} is not a game of cheese; it plays "
            f"{', '.join(RENDERERS)}"
        )
    return renderer


class Replay:
    """A recorded game shown move by move at the terminal."""

    def __init__(
        self,
        renderer: Renderer,
        record: GameRecord,
        seat: Seat | None,
        console: Console,
        read_line: Callable[[str], str],
    ) -> None:
        self.renderer = renderer
        self.record = record
        self.seat = seat
        self.console = console
        self.read_line = read_line
        self.states = replay_states(record)
        self.positions = [
            index for index, state in enumerate(self.states) if not state.is_chance_node()
        ]
        if not self.positions:
            outcomes = len(record.actions)
            raise RecordError(
                f"the record holds no move, only {outcomes} chance "
                f"outcome{'' if outcomes == 1 else 's'}, so there is nothing to replay (the "
                "game failed or was left before anyone moved)"
            )
        names = tuple(
            "you" if self.seat == index and player == "human" else player
            for index, player in enumerate(record.players)
        )
        self.table = Table(
            seat=REVEALED if seat is None else seat,
            names=names,
            options=self.states[0].options,
            seed=record.seed,
        )

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def run(self) -> int:
        move = 0
        while True:
            self.show(move)
            try:
                text = self.read_line(f"move {move}/{self.last} > ").strip().lower()
            except EOFError:
                self.console.print()
                return 0
            if text in ("", "n", "next"):
                if move == self.last:
                    self.console.print("That was the last move (b goes back, q quits).")
                move = min(move + 1, self.last)
            elif text in ("b", "back", "p"):
                move = max(move - 1, 0)
            elif text in ("e", "end"):
                move = self.last
            elif text in ("q", "quit", "exit"):
                return 0
            elif (number := choice_number(text)) is not None and number <= self.last:
                move = number
            else:
                self.console.print(f"{quoted(text)}: {REPLAY_HELP} (moves 0 to {self.last})")

    def show(self, move: int) -> None:
        """The position after ``move`` decisions: the move itself, then the board."""
        state = self.states[self.positions[move]]
        where = "everything revealed" if self.seat is None else f"seat {self.seat}'s view"
        self.console.print(
            Rule(f"{self.renderer.title} · seed {self.record.seed} · move {move}/{self.last} "
                 f"· {where}", style="dim")
        )
        if move > 0:
            self._show_move(move)
        if self.seat is None:
            self.console.print(self.renderer.revealed_board(state.revealed_view(), self.table))
        else:
            self.console.print(self.renderer.board(state.view(self.seat), self.table))
        if state.is_terminal():
            for step in self.renderer.resolution(self._view(state), self.table):
                self.console.print(step)
            self.console.print(standings(state, self.renderer, self.table))
        elif move == self.last:
            self.console.print("The record stops here: the game was left unfinished.")
        self.console.print(Text(REPLAY_HELP, style="dim"))

    def _view(self, state: State) -> object:
        return state.view(0 if self.seat is None else self.seat)

    def _show_move(self, move: int) -> None:
        index = self.positions[move - 1]
        before, after = self.states[index], self.states[index + 1]
        mover = before.current_player
        if self.seat is None:
            line: Text | None = self.renderer.player_label(self.table, mover) + (
                f" played {before.action_to_string(self.record.actions[index])}"
            )
        else:
            line = self.renderer.describe(
                before.view(self.seat), after.view(self.seat), mover, self.table
            )
            if mover == self.seat:
                line = self.renderer.player_label(self.table, mover) + (
                    f" played {before.action_to_string(self.record.actions[index])}"
                )
        if line is not None:
            self.console.print(line)
        arrived = self.states[self.positions[move]]
        for step in self.renderer.scored(
            self._view(self.states[self.positions[move - 1]]), self._view(arrived), self.table
        ):
            self.console.print(step)
