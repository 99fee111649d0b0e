"""One game between a person and bots at a terminal: the loop, the prompt, undo, saving.

The person's screen is drawn from ``state.view(seat)`` alone. Chance is resolved by the
deal seed (paired luck), bots are handed a ``Turn`` as in a duel, and the game record is
saved after every decision, so quitting, Ctrl-D or Ctrl-C lose nothing.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import TypeAlias

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.table import Table as RichTable
from rich.text import Text

from cheese.bots.base import Bot, Decision, Turn
from cheese.cli.errors import EXIT_FAILURE
from cheese.cli.play.menu import Menu, Question, choice_number, shortened
from cheese.cli.play.record_file import save_record
from cheese.cli.play.renderer import Renderer, Table
from cheese.engine import Action, ActionSyntaxError, IllegalActionError, Seat, State
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

HUMAN = "human"
"""How a record names the person's seat."""
YOU = "you"

COMMANDS_HELP = (
    "Type the number of a choice, or a whole move in the game's notation. Commands: "
    "help or ? (this text), board (show the table again), hint (a bot's top choices), "
    "undo (back to your previous decision, or one step of this one), quit (save and "
    "leave). Ctrl-D or Ctrl-C also save the game and leave."
)
YES = frozenset({"y", "yes"})


class Command(Enum):
    """A typed command that changes what is asked next."""

    UNDO = "undo"
    BOARD = "board"


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer the person chose, by number, to the question asked."""

    label: str


Reply: TypeAlias = "Action | Answer | Command | None"
"""What a typed line means: a whole move, an answer, a command, or nothing to act on
(a message was shown; the same question is asked again)."""


class BotFailed(Exception):
    """A bot raised or chose an illegal move; the game is saved up to that point."""


class LeaveGame(Exception):
    """The person left the game (quit, end of input or Ctrl-C); it is saved."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


@dataclass
class Players:
    """Who sits where: the person's seat, the bots of the other seats, the hint bot."""

    seat: Seat
    bots: Mapping[Seat, Bot]
    hint: Bot

    def record_names(self, num_players: int) -> tuple[str, ...]:
        return tuple(
            HUMAN if seat == self.seat else self.bots[seat].spec for seat in range(num_players)
        )

    def screen_names(self, num_players: int) -> tuple[str, ...]:
        return tuple(
            YOU if seat == self.seat else self.bots[seat].spec for seat in range(num_players)
        )


@dataclass
class Terminal:
    """Where the session writes and reads; ``pause`` waits between shown moves."""

    console: Console
    read_line: Callable[[str], str]
    pause_seconds: float

    def pause(self) -> None:
        if self.pause_seconds > 0:
            time.sleep(self.pause_seconds)

    def wait_for_step(self) -> None:
        """Between the steps of a resolution: wait for Enter (no wait with ``--fast``).

        The steps are longer than a screen, so they are read one at a time; end of input
        here only stops the waiting (the game is over or saved already).
        """
        if self.pause_seconds <= 0:
            return
        try:
            self.read_line("(Enter: next step) ")
        except EOFError:
            self.pause_seconds = 0.0
            self.console.print()

    def ask(self, prompt: str) -> str:
        """A line typed by the person; end of input and Ctrl-C leave the game."""
        try:
            return self.read_line(prompt)
        except EOFError:
            self.console.print()
            raise LeaveGame(0) from None


@dataclass
class PlaySession:
    """A game in progress: the states and actions so far, and the person's decisions."""

    renderer: Renderer
    players: Players
    terminal: Terminal
    record_path: Path
    state: State
    history: list[State] = field(default_factory=list)
    """The state before each action of ``actions``."""
    actions: list[Action] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    """Indices into ``actions`` of the person's decisions (where undo goes back to)."""
    since: list[Text] = field(default_factory=list)
    """What the others did since the person's last decision."""

    # --- the loop -------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the person leaves); the exit code."""
        console = self.terminal.console
        try:
            self._play()
        except LeaveGame as leaving:
            self.save()
            console.print(f"Game saved to {self.record_path}")
            console.print(f"Replay it: cheese replay {self.record_path}")
            return leaving.exit_code
        except KeyboardInterrupt:
            self.save()
            console.print(f"\nInterrupted. Game saved to {self.record_path}")
            console.print(f"Replay it: cheese replay {self.record_path}")
            return 130
        except BotFailed as failure:
            self.save()
            print(f"cheese: error: {failure}; the game is saved to {self.record_path}",
                  file=sys.stderr)
            return EXIT_FAILURE
        return 0

    def _play(self) -> None:
        seat = self.players.seat
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self._apply(resolve_chance(self.state))
                continue
            mover = self.state.current_player
            if mover == seat:
                action = self._ask()
                if action is None:
                    continue
                self.since = []
                self.decisions.append(len(self.actions))
                self._apply(action)
                self.save()
            else:
                self._apply(self._bot_action(mover), mover)
        self.save()
        self._finish()

    def _bot_action(self, seat: Seat) -> Action:
        bot = self.players.bots[seat]
        try:
            action = bot.choose(Turn(self.state, seat), self._rng("bot", seat)).action
        except Exception as error:  # a plugin bot's failure must not lose the game
            raise BotFailed(f"bot {bot.spec} (seat {seat}) failed: {error}") from error
        if action not in self.state.legal_actions():
            raise BotFailed(f"bot {bot.spec} (seat {seat}) chose the illegal action {action}")
        return action

    def _rng(self, purpose: str, seat: Seat) -> random.Random:
        """A generator fixed by the deal seed and the position, so a game plays again
        the same from its seed and the person's moves."""
        return random.Random(f"play:{purpose}:{self.state.seed}:{seat}:{len(self.actions)}")

    def _apply(self, action: Action, mover: Seat | None = None) -> None:
        seat = self.players.seat
        before = self.state.view(seat)
        self.history.append(self.state)
        self.actions.append(action)
        self.state = self.state.apply(action)
        after = self.state.view(seat)
        table = self.table()
        if mover is not None:
            line = self.renderer.describe(before, after, mover, table)
            if line is not None:
                self.since.append(line)
                self.terminal.console.print(line)
                self.terminal.pause()
        for step in self.renderer.scored(before, after, table):
            self._show_step(step)

    def _show_step(self, step: RenderableType) -> None:
        self.terminal.console.print(step)
        self.terminal.wait_for_step()

    def table(self, legal: Sequence[Action] = ()) -> Table:
        return Table(
            seat=self.players.seat,
            names=self.players.screen_names(self.state.num_players),
            options=self.state.options,
            seed=self.state.seed,
            legal=tuple(legal),
        )

    def save(self) -> None:
        record = GameRecord.of_game(
            self.state, self.players.record_names(self.state.num_players), self.actions
        )
        save_record(record, self.record_path)

    # --- the person's decision ------------------------------------------------------
    def _ask(self) -> Action | None:
        """The person's action, or None after an undo (the loop then asks again)."""
        legal = self.state.legal_actions()
        view = self.state.view(self.players.seat)
        table = self.table(legal)
        console = self.terminal.console
        console.print(Rule(self.renderer.title + f" · seed {self.state.seed}", style="dim"))
        if self.since:
            console.print(Text("Since your last move:", style="bold"))
            for line in self.since:
                console.print(Text("  ") + line)
        board = self.renderer.board(view, table)
        console.print(board)
        path = self.renderer.choice_path
        notation = self.state.action_to_string
        menu = Menu(tuple((action, path(view, action, notation(action))) for action in legal))
        asked: list[tuple[str, ...]] = []
        chosen: tuple[str, ...] = ()
        while True:
            question = menu.ask(chosen)
            if not isinstance(question, Question):
                return question
            chosen = question.chosen
            if not asked or asked[-1] != chosen:
                asked.append(chosen)
            self._show_question(question)
            text = self.terminal.ask("> ").strip()
            reply = self._read_reply(text, question, legal)
            if isinstance(reply, Answer):
                chosen = (*chosen, reply.label)
            elif reply is Command.BOARD:
                console.print(board)
            elif reply is Command.UNDO:
                if len(asked) > 1:
                    asked.pop()
                    chosen = asked.pop()
                elif self._undo():
                    return None
                else:
                    console.print("Nothing to undo: this is your first decision.")
            elif reply is not None:
                return reply

    def _show_question(self, question: Question) -> None:
        line = Text(question.text, style="bold")
        if question.chosen:
            line = Text.assemble((" › ".join(question.chosen) + " › ", "dim"), line)
        self.terminal.console.print(line)
        choices = [
            Text.assemble((f"{number}", "bold cyan"), f" {answer}")
            for number, answer in enumerate(question.answers, start=1)
        ]
        self.terminal.console.print(wrapped(choices, self.terminal.console.width))

    def _read_reply(self, text: str, question: Question, legal: Sequence[Action]) -> Reply:
        """What the typed ``text`` means; help, hint and quit are done here."""
        console = self.terminal.console
        word = text.lower()
        count = len(question.answers)
        if not text:
            return None
        if word in ("help", "?"):
            console.print(COMMANDS_HELP)
            console.print(self.renderer.notation_help)
            return None
        if word == "hint":
            self._hint()
            return None
        if word in ("undo", "back"):
            return Command.UNDO
        if word == "board":
            return Command.BOARD
        if word in ("quit", "exit"):
            answer = self.terminal.ask("Quit this game? It is saved and can be replayed. [y/N] ")
            if answer.strip().lower() in YES:
                raise LeaveGame(0)
            return None
        number = choice_number(word)
        if number is not None:
            if 1 <= number <= count:
                return Answer(question.answers[number - 1])
            console.print(
                f"There is no choice {shortened(word)}: {type_a_number(count)}, or help.",
                style="yellow",
            )
            return None
        try:
            action = self.state.parse_action(text)
        except (ActionSyntaxError, IllegalActionError, ValueError) as error:
            # The notation's own explanation helps a mistyped move, not a stray word.
            attempt = not text.isalpha()
            console.print(
                Text.assemble((f"{text!r} is not a choice or a move here. ", "yellow"))
                + Text(f"{type_a_number(count).capitalize()}, or help.")
                + (Text(f" ({error})", style="dim") if attempt else Text())
            )
            return None
        if action not in legal:
            console.print(
                f"{text!r} is not a legal move now; {type_a_number(count)}.",
                style="yellow",
            )
            return None
        return action

    def _undo(self) -> bool:
        """Go back to the person's previous decision; False when there is none."""
        if not self.decisions:
            return False
        back_to = self.decisions.pop()
        self.state = self.history[back_to]
        del self.history[back_to:]
        del self.actions[back_to:]
        self.since = []
        self.terminal.console.print("Back to your previous decision.", style="bold")
        self.save()
        return True

    def _hint(self) -> None:
        bot = self.players.hint
        console = self.terminal.console
        console.print(f"Asking {bot.spec}…", style="dim")
        decision = bot.choose(Turn(self.state, self.players.seat), self._rng("hint", -1))
        console.print(hint_text(decision, bot.spec, self.state))

    # --- the end --------------------------------------------------------------------
    def _finish(self) -> None:
        console = self.terminal.console
        table = self.table()
        final = self.state.view(self.players.seat)
        console.print(Rule("Game over", style="bold"))
        for step in self.renderer.resolution(final, table):
            self._show_step(step)
        console.print(standings(self.state, self.renderer, table))
        console.print(f"Game record saved to {self.record_path}")
        console.print(f"Replay it: cheese replay {self.record_path}")


def type_a_number(count: int) -> str:
    """How to pick one of ``count`` numbered choices.

    >>> type_a_number(1), type_a_number(4)
    ('type 1', 'type a number from 1 to 4')
    """
    return "type 1" if count == 1 else f"type a number from 1 to {count}"


def wrapped(items: Sequence[Text], width: int, gap: str = "   ") -> Text:
    """``items`` on as few lines as fit ``width``, never breaking inside an item."""
    lines: list[Text] = [Text()]
    for item in items:
        if lines[-1].plain and len(lines[-1].plain) + len(gap) + len(item.plain) > width:
            lines.append(Text())
        if lines[-1].plain:
            lines[-1].append(gap)
        lines[-1].append_text(item)
    return Text("\n").join(lines)


def hint_text(decision: Decision, spec: str, state: State) -> Text:
    """A bot's top choices with their visit shares or values, best first."""
    if not decision.top:
        return Text(f"{spec} would play {state.action_to_string(decision.action)}")
    share = decision.top_measure == "visit share"
    lines = [
        Text(f"{spec}'s top choices ({decision.top_measure}; type one as shown to play it):",
             style="bold")
    ]
    lines.extend(
        Text(f"  {index}. {state.action_to_string(action)}  ")
        + Text(f"{value:.0%}" if share else f"{value:.3f}", style="bold")
        for index, (action, value) in enumerate(decision.top, start=1)
    )
    return Text("\n").join(lines)


def standings(state: State, renderer: Renderer, table: Table) -> RichTable:
    """The final scores and places, best first."""
    places = state.ranking()
    scores = state.scores()
    result = RichTable(title="Final scores", title_justify="left", box=None, pad_edge=False)
    result.add_column("place", justify="right")
    result.add_column("player")
    result.add_column("points", justify="right")
    for seat in sorted(range(state.num_players), key=lambda seat: (places[seat], seat)):
        shared = places.count(places[seat]) > 1
        result.add_row(
            f"{places[seat]}{'=' if shared else ''}",
            renderer.player_label(table, seat),
            str(scores[seat]),
        )
    return result
