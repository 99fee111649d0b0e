"""``cheese replay``: step through a recorded game, as one seat saw it or all revealed.

A position is a state where someone decides (or the end); move k is the k-th decision.
Records of unfinished games replay up to where they stop.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from rich.console import Console, RenderableType
from rich.text import Text

from cheese.analysis import AnalysisFile
from cheese.cli.errors import UserInputError
from cheese.cli.play.analysis_line import analysis_line, analysis_of
from cheese.cli.play.menu import choice_number, shortened
from cheese.cli.play.pager import page
from cheese.cli.play.record_file import load_record
from cheese.cli.play.renderer import Flow, Renderer, Table, Title
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.saved_games import HUMAN
from cheese.cli.play.standings import standings
from cheese.engine import RecordError, Seat, State
from cheese.engine.json_text import quoted
from cheese.engine.records import GameRecord, replay_states
from cheese.store import StoreError, read_game
from cheese.words import counted

DATABASE_PREFIX = "DB:"
REVEALED: Seat = -1
"""The ``Table.seat`` of a replay that shows everything."""
GAME_ID = re.compile(r"[0-9]+")
MAX_GAME_ID = 2**63 - 1
"""The largest id a results database (SQLite) can hold."""
REPLAY_HELP = "Enter or n: next move · b: back · a number: go to that move · e: end · q: quit"
REPLAY_KEYS = "n b e q or a move's number"
"""The keys in short, for the prompt between two pages."""


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


def shown_names(players: tuple[str, ...], seat: Seat | None) -> tuple[str, ...]:
    """The players' names in a replay: ``you`` for the person's own seat (the seat
    shown, or the one person's when all is shown), the record's names for the rest: the
    bots' specs, even where a level's name stood on the screens of the game (a replay
    may come long after the level's table was measured again).

    >>> shown_names(("human", "mcts"), None), shown_names(("human", "human", "mcts"), 1)
    (('you', 'mcts'), ('human', 'you', 'mcts'))
    """
    people = [index for index, player in enumerate(players) if player == HUMAN]
    own = seat if seat is not None else people[0] if len(people) == 1 else None
    return tuple(
        "you" if index == own and player == HUMAN else player
        for index, player in enumerate(players)
    )


class Replay:
    """A recorded game shown move by move at the terminal."""

    def __init__(
        self,
        renderer: Renderer,
        record: GameRecord,
        seat: Seat | None,
        console: Console,
        read_line: Callable[[str], str],
        analysis: AnalysisFile | None = None,
    ) -> None:
        self.renderer = renderer
        self.analysis = analysis_of(analysis, record)
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
                f"the record holds no move, only {counted(outcomes, 'chance outcome')}, "
                "so there is nothing to replay (the "
                "game failed or was left before anyone moved)"
            )
        self.table = Table(
            seat=REVEALED if seat is None else seat,
            names=shown_names(record.players, seat),
            options=self.states[0].options,
            seed=record.seed,
        )

    @property
    def last(self) -> int:
        return len(self.positions) - 1

    def run(self) -> int:
        """Show the start, then follow what is typed until ``q`` or the end of input.

        Only a change of move redraws the screen: a message (a refused key, the first or
        the last move reached) stays under the board it is about.
        """
        move = 0
        try:
            typed = self.show(move)
            while True:
                if typed is None:
                    typed = self.read_line(f"move {move}/{self.last} > ")
                text, typed = typed.strip().lower(), None
                going = self._target(text, move)
                if going is None:
                    return 0
                if going != move:
                    move = going
                    typed = self.show(move)
        except EOFError:
            self.console.print()
            return 0

    def _target(self, text: str, move: int) -> int | None:
        """The move ``text`` asks for from ``move`` (``move`` itself, with a message, when
        it asks for none), or None to quit."""
        if text in ("q", "quit", "exit"):
            return None
        if text in ("", "n", "next"):
            if move == self.last:
                self.console.print("That was the last move (b goes back, q quits).")
            return min(move + 1, self.last)
        if text in ("b", "back", "p"):
            if move == 0:
                self.console.print("This is the start of the game (Enter goes on, q quits).")
            return max(move - 1, 0)
        if text in ("e", "end"):
            return self.last
        if text in ("a", "analysis"):
            self.console.print(analysis_line(self.analysis, move))
            return move
        number = choice_number(text)
        if number is not None and number <= self.last:
            return number
        self.console.print(
            f"{quoted(shortened(text))} is not a key here: type n, b, e, q or a move from 0 "
            f"to {self.last}.",
            style="yellow",
        )
        return move

    def show(self, move: int) -> str | None:
        """The position after ``move`` decisions: the title, the move itself, the board,
        and at the end the resolution; paged, so nothing scrolls off unread. What the
        person typed at a page's prompt instead of Enter, if anything (a key to act on)."""
        try:
            page(self.console, self._blocks(move), self._more)
        except _Typed as typed:
            return typed.text
        return None

    def _more(self, prompt: str) -> str:
        text = self.read_line(f"{prompt} (or a key: {REPLAY_KEYS}) ")
        if text.strip():
            raise _Typed(text)
        return text

    def _blocks(self, move: int) -> list[RenderableType]:
        state = self.states[self.positions[move]]
        where = "everything revealed" if self.seat is None else f"P{self.seat + 1}'s view"
        blocks: list[RenderableType] = [
            Title(
                (
                    self.renderer.title,
                    f"seed {self.record.seed}",
                    f"move {move}/{self.last}",
                    where,
                )
            )
        ]
        if move > 0:
            blocks.extend(self._move_blocks(move))
        if self.seat is None:
            blocks.append(self.renderer.revealed_board(state.revealed_view(), self.table))
        else:
            blocks.append(self.renderer.board(state.view(self.seat), self.table))
        if state.is_terminal():
            blocks.extend(self.renderer.resolution(self._view(state), self.table))
            blocks.append(standings(state, self.renderer, self.table))
        elif move == self.last:
            blocks.append(Text("The record stops here: the game was left unfinished."))
        keys = REPLAY_HELP + (" · a: analysis" if self.analysis is not None else "")
        blocks.append(Flow(tuple(Text(key) for key in keys.split(" · ")), style="dim"))
        return blocks

    def position(self, move: int) -> list[RenderableType]:
        """What ``show`` draws at ``move`` but its title line and the keys: the position
        alone, as a page of the replay in a browser shows it."""
        return self._blocks(move)[1:-1]

    def _view(self, state: State) -> object:
        return state.view(0 if self.seat is None else self.seat)

    def _move_blocks(self, move: int) -> list[RenderableType]:
        """What happened at ``move``: who played what, then anything it made public."""
        index = self.positions[move - 1]
        before, after = self.states[index], self.states[index + 1]
        mover = before.current_player
        played = self.renderer.shown_move(
            before.view(mover), before.action_to_string(self.record.actions[index])
        )
        # The mover saw its own move whole: with everything revealed, or for the seat
        # shown, its view tells the move; another seat's view tells what that seat saw.
        seat = mover if self.seat is None else self.seat
        line = self.renderer.describe(before.view(seat), after.view(seat), mover, self.table)
        if line is None and seat == mover:
            line = self.renderer.player_label(self.table, mover) + f" played {played}"
        blocks: list[RenderableType] = [] if line is None else [line]
        arrived = self.states[self.positions[move]]
        blocks.extend(
            self.renderer.scored(
                self._view(self.states[self.positions[move - 1]]), self._view(arrived), self.table
            )
        )
        return blocks


class _Typed(Exception):
    """A key typed at a page's prompt: the paging stops and the key is acted on."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text
