"""One game between people and bots at a terminal: the loop, the prompt, undo, saving.

Each person's screen is drawn from ``state.view(seat)`` of their seat alone; with
several people at one table a pass screen, which shows nothing hidden, comes between
two people's screens. Chance is resolved by the deal seed (paired luck), bots are handed
a ``Turn`` as in a duel with a generator fixed by the seed and the position, and the
record is saved after every decision: quitting, Ctrl-D or Ctrl-C lose nothing, and a
game continued from its record plays on exactly as it would have.
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
from rich.text import Text

from cheese.bots.base import Bot, Decision, Turn
from cheese.cli.errors import EXIT_FAILURE
from cheese.cli.play.menu import Menu, Question, shortened
from cheese.cli.play.pager import page
from cheese.cli.play.record_file import PlayFacts, save_record
from cheese.cli.play.renderer import Renderer, Table
from cheese.cli.play.standings import standings
from cheese.cli.play.where_saved import saved_lines
from cheese.cli.rules_text import summary
from cheese.engine import Action, ActionSyntaxError, IllegalActionError, Seat, State
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord, replay_states
from cheese.referee.turn import Interrupts, TurnFault, TurnReferee

__all__ = ["HUMAN", "LeaveGame", "Players", "PlaySession", "Terminal", "standings"]

HUMAN = "human"
"""How a record names a person's seat."""
YOU = "you"

COMMANDS_HELP = (
    "Type the number shown beside a choice (a cheese, lane or slot goes by its own "
    "number), or a whole move in the game's notation, with the board's numbers. Commands: "
    "help or ? (this text), rules (the rules on one screen), board (show the table "
    "again), hint (a bot's top choices), undo (back to your previous decision, or one "
    "step of this one), quit (save and leave). Ctrl-D or Ctrl-C also save the game and "
    "leave."
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


@dataclass(frozen=True, slots=True)
class Shown:
    """A typed command was answered with a screen (help, rules, a hint): ask again."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The typed line was refused with a message: ask again, below the message."""


Reply: TypeAlias = "Action | Answer | Command | Shown | Refused"
"""What a typed line means: a whole move, an answer, a command, or a message shown."""


BOT_TURNS = TurnReferee(interrupts=Interrupts.PERSON)
"""The bots' turns at a terminal: no time limits, and Ctrl-C is the person's."""


class BotFailed(Exception):
    """A bot raised or answered no legal move; the game is saved up to that point."""


class LeaveGame(Exception):
    """The person left the game (quit, end of input or Ctrl-C); it is saved."""

    def __init__(self, exit_code: int) -> None:
        super().__init__(exit_code)
        self.exit_code = exit_code


def bot_failure_line(spec: str, seat: Seat, fault: TurnFault) -> str:
    """What the person is told when the bot in ``seat`` fails: the error it raised, or
    what was wrong with its answer.

    >>> from cheese.bots.faults import Fault
    >>> bot_failure_line("greedy", 1, TurnFault(Fault.RAISED, "", RuntimeError("no cheese")))
    'bot greedy (P2) failed: no cheese'
    """
    if fault.error is not None:
        return f"bot {spec} ({seat_label(seat)}) failed: {fault.error}"
    return f"bot {spec} ({seat_label(seat)}) {fault.reason}"


def seat_label(seat: Seat) -> str:
    """How every screen numbers a seat: P1 acts first.

    >>> seat_label(0), seat_label(4)
    ('P1', 'P5')
    """
    return f"P{seat + 1}"


@dataclass
class Players:
    """Who sits where: the people's seats, the bots of the others, the hint bot, and
    the opponents' level and the person's name when ``--level`` chose the bots."""

    humans: tuple[Seat, ...]
    bots: Mapping[Seat, Bot]
    hint: Bot
    level: int | None = None
    person: str | None = None

    @property
    def hot_seat(self) -> bool:
        """Several people share the terminal, so each screen is shown to one of them."""
        return len(self.humans) > 1

    def record_names(self, num_players: int) -> tuple[str, ...]:
        return tuple(
            HUMAN if seat in self.humans else self.bots[seat].spec for seat in range(num_players)
        )

    def screen_names(self, num_players: int, viewer: Seat) -> tuple[str, ...]:
        return tuple(
            YOU if seat == viewer else HUMAN if seat in self.humans else self.bots[seat].spec
            for seat in range(num_players)
        )


@dataclass
class Terminal:
    """Where the session writes and reads; ``pause`` waits between shown moves."""

    console: Console
    read_line: Callable[[str], str]
    pause_seconds: float
    input_ended: bool = False
    """End of input came at a wait, so no later wait reads (the game is saved)."""

    def pause(self) -> None:
        if self.pause_seconds > 0:
            time.sleep(self.pause_seconds)

    def wait(self, prompt: str) -> str:
        """Wait for Enter after ``prompt``; after an end of input, no longer waits."""
        if self.input_ended:
            return ""
        try:
            return self.read_line(prompt)
        except EOFError:
            self.input_ended = True
            self.console.print()
            return ""

    def wait_for_step(self) -> None:
        """Between the steps of a resolution: wait for Enter (no wait with ``--fast``)."""
        if self.pause_seconds > 0:
            self.wait("(Enter: next step) ")

    def ask(self, prompt: str) -> str:
        """A line typed by the person; end of input and Ctrl-C leave the game."""
        try:
            return self.read_line(prompt)
        except EOFError:
            self.console.print()
            raise LeaveGame(0) from None

    def clear(self) -> None:
        """Wipe the screen (and, for a file or pipe, mark where it would be wiped)."""
        if self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print(Rule(style="dim"))


@dataclass
class PlaySession:
    """A game in progress: the states and actions so far, and the people's decisions."""

    renderer: Renderer
    players: Players
    terminal: Terminal
    record_path: Path
    state: State
    after_game: Callable[[GameRecord], str | None] | None = None
    """Called with the record when the game ends (not when it is left); the line it
    returns (a rating, or why none) is shown."""
    history: list[State] = field(default_factory=list)
    """The state before each action of ``actions``."""
    actions: list[Action] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    """Indices into ``actions`` of the people's own decisions (where undo goes back to;
    a move with a single choice, played for them, is none)."""
    viewer: Seat | None = None
    """The seat whose screen is up; None before the first."""
    pending: dict[Seat, list[RenderableType]] = field(default_factory=dict)
    """Per person at a shared table: what they have not seen since their last move."""
    screen_open: bool = False
    """The divider of the screen being written is printed (moves go under it)."""

    @classmethod
    def resumed(
        cls,
        renderer: Renderer,
        players: Players,
        terminal: Terminal,
        record_path: Path,
        record: GameRecord,
        after_game: Callable[[GameRecord], str | None] | None = None,
    ) -> PlaySession:
        """The game of ``record`` where it stopped, undo able to go back past that point."""
        states = replay_states(record)
        session = cls(renderer, players, terminal, record_path, states[-1], after_game)
        session.history = states[:-1]
        session.actions = list(record.actions)
        session.decisions = [
            index
            for index, state in enumerate(session.history)
            if not state.is_chance_node()
            and state.current_player in players.humans
            and len(state.legal_actions()) > 1
        ]
        return session

    # --- the loop -------------------------------------------------------------------
    def run(self) -> int:
        """Play to the end (or until the person leaves); the exit code."""
        console = self.terminal.console
        try:
            self._play()
        except LeaveGame as leaving:
            self.save()
            self._print_saved(finished=False)
            return leaving.exit_code
        except KeyboardInterrupt:
            self.save()
            console.print("\nInterrupted.")
            self._print_saved(finished=False)
            return 130
        except BotFailed as failure:
            self.save()
            print(f"cheese: error: {failure}; the game is saved", file=sys.stderr)
            self._print_saved(finished=False)
            return EXIT_FAILURE
        return 0

    def _print_saved(self, finished: bool) -> None:
        for line in saved_lines(self.record_path, finished):
            self.terminal.console.print(line, overflow="ignore", crop=False, soft_wrap=True)

    def _play(self) -> None:
        while not self.state.is_terminal():
            if self.state.is_chance_node():
                self._apply(resolve_chance(self.state), None)
                continue
            mover = self.state.current_player
            if mover not in self.players.humans:
                self._apply(self._bot_action(mover), mover)
                continue
            legal = self.state.legal_actions()
            if len(legal) == 1:
                self._play_the_only_choice(mover, legal[0])
                continue
            self._show_screen_to(mover)
            action = self._ask(mover, legal)
            if action is None:
                continue
            self.decisions.append(len(self.actions))
            self._apply(action, mover)
            self.screen_open = False
            self.save()
        self.save()
        self._finish()

    def _play_the_only_choice(self, seat: Seat, action: Action) -> None:
        """A decision with one legal action is taken for the person, who is told so."""
        view = self.state.view(seat)
        path = self.renderer.choice_path(view, action, self.state.action_to_string(action))
        label = " › ".join(step.label for step in path) or self.shown_move(action)
        line = Text(f"Only one choice: {label} — played for you.", style="bold")
        if self.players.hot_seat:
            self.pending.setdefault(seat, []).append(line)
        else:
            self._open_screen()
            self.terminal.console.print(line)
        self._apply(action, seat, own_shown=True)
        self.screen_open = False
        self.save()

    def shown_move(self, action: Action) -> str:
        """``action``, legal in the current state, written with the board's numbers as
        the person would type it."""
        mover_view = self.state.view(self.state.current_player)
        return self.renderer.shown_move(mover_view, self.state.action_to_string(action))

    def _bot_action(self, seat: Seat) -> Action:
        bot = self.players.bots[seat]
        try:
            return BOT_TURNS.decide(bot, self.state, self._rng("bot", seat)).action
        except TurnFault as fault:  # a plugin bot's failure must not lose the game
            raise BotFailed(bot_failure_line(bot.spec, seat, fault)) from fault.error

    def _rng(self, purpose: str, seat: Seat) -> random.Random:
        """A generator fixed by the deal seed and the position, so a game plays again
        the same from its seed and the people's moves, and one continued from its record
        plays on as it would have without the break."""
        return random.Random(f"play:{purpose}:{self.state.seed}:{seat}:{len(self.actions)}")

    def _apply(self, action: Action, mover: Seat | None, own_shown: bool = False) -> None:
        """Play ``action``; each person is shown what they saw happen, once: at once
        when one person plays, or after the pass screen at a shared table."""
        before = {seat: self.state.view(seat) for seat in self.players.humans}
        self.history.append(self.state)
        self.actions.append(action)
        notation = "" if mover is None else self.shown_move(action)
        self.state = self.state.apply(action)
        for seat in self.players.humans:
            after = self.state.view(seat)
            table = self.table(seat)
            shown: list[RenderableType] = []
            if mover is not None and not (mover == seat and own_shown):
                line = self.renderer.describe(before[seat], after, mover, table)
                if line is None and mover == seat:
                    line = self.renderer.player_label(table, mover) + f" played {notation}"
                if line is not None:
                    shown.append(line)
            steps = list(self.renderer.scored(before[seat], after, table))
            if self.players.hot_seat and not (mover == seat == self.viewer):
                self.pending.setdefault(seat, []).extend([*shown, *steps])
                continue
            if shown:
                if mover != seat:
                    self._open_screen()
                self.terminal.console.print(*shown)
                if mover != seat:
                    self.terminal.pause()
            for step in steps:
                self.terminal.console.print(step)
                self.terminal.wait_for_step()

    def _header(self) -> Rule:
        # Alone at the table (Cheese Chasers), the level is the hint bot's.
        whose = "opponents" if self.players.bots else "hints"
        level = "" if self.players.level is None else f" · {whose} level {self.players.level}"
        return Rule(f"{self.renderer.title} · seed {self.state.seed}{level}", style="dim")

    def _open_screen(self) -> None:
        """Start a screen with its divider, unless one is started: the bots' moves and
        the person's board then read together, each move once."""
        if not self.screen_open:
            self.terminal.console.print(self._header())
            self.screen_open = True

    def _show_screen_to(self, seat: Seat) -> None:
        """At a shared table, pass the keyboard before a person's screen is drawn."""
        if not self.players.hot_seat or seat == self.viewer:
            return
        console = self.terminal.console
        name = seat_label(seat)
        if self.viewer is not None:
            self.terminal.ask(f"Press Enter to hide your screen and pass to {name}. ")
        self.terminal.clear()
        console.print(Rule(f"{self.renderer.title} · {name}'s turn", style="bold"))
        console.print(
            f"Pass the keyboard to {name}: what only {name} may see stays hidden until Enter."
        )
        self.terminal.ask(f"{name}, press Enter when you are ready. ")
        self.terminal.clear()
        self.viewer = seat
        self.screen_open = False

    def table(self, viewer: Seat, legal: Sequence[Action] = ()) -> Table:
        return Table(
            seat=viewer,
            names=self.players.screen_names(self.state.num_players, viewer),
            options=self.state.options,
            seed=self.state.seed,
            legal=tuple(legal),
        )

    def facts(self) -> PlayFacts:
        finished = self.state.is_terminal()
        return PlayFacts(
            humans=self.players.humans,
            hint=self.players.hint.spec,
            level=self.players.level,
            person=self.players.person,
            finished=finished,
            moves=sum(1 for state in self.history if not state.is_chance_node()),
            to_play=None if finished or self.state.is_chance_node() else self.state.current_player,
        )

    def record(self) -> GameRecord:
        return GameRecord.of_game(
            self.state, self.players.record_names(self.state.num_players), self.actions
        )

    def save(self) -> None:
        save_record(self.record(), self.record_path, self.facts())

    # --- the person's decision ------------------------------------------------------
    def _ask(self, seat: Seat, legal: Sequence[Action]) -> Action | None:
        """The person's action, or None after an undo (the loop then asks again)."""
        view = self.state.view(seat)
        table = self.table(seat, legal)
        console = self.terminal.console
        self._open_screen()
        waiting = self.pending.pop(seat, [])
        if waiting:
            console.print(Text("Since your last move:", style="bold"))
            for item in waiting:
                console.print(Text("  ") + item if isinstance(item, Text) else item)
        board = self.renderer.board(view, table)
        console.print(board)
        path = self.renderer.choice_path
        notation = self.state.action_to_string
        menu = Menu(tuple((action, path(view, action, notation(action))) for action in legal))
        asked: list[tuple[str, ...]] = []
        announced: set[tuple[str, ...]] = set()
        chosen: tuple[str, ...] = ()
        show_question = True
        while True:
            question = menu.ask(chosen)
            if not isinstance(question, Question):
                return question
            for depth in range(len(chosen), len(question.chosen)):
                # The menu answers a question with a single answer itself: say so.
                if question.chosen[: depth + 1] not in announced:
                    announced.add(question.chosen[: depth + 1])
                    console.print(f"Only one choice: {question.chosen[depth]}.", style="dim")
            chosen = question.chosen
            if not asked or asked[-1] != chosen:
                asked.append(chosen)
            if show_question:
                self._show_question(question)
            text = self.terminal.ask("> ").strip()
            reply = self._read_reply(text, question, legal)
            show_question = not isinstance(reply, Refused)
            if isinstance(reply, Answer):
                chosen = (*chosen, reply.label)
            elif reply is Command.BOARD:
                console.print(board)
            elif reply is Command.UNDO:
                if len(asked) > 1:
                    asked.pop()
                    chosen = asked.pop()
                    console.print("Back one step.", style="bold")
                elif self._undo(seat):
                    return None
                else:
                    show_question = False
            elif isinstance(reply, int):
                return reply

    def _show_question(self, question: Question) -> None:
        line = Text(question.text, style="bold")
        if question.chosen:
            line = Text.assemble((" › ".join(question.chosen) + " › ", "dim"), line)
        self.terminal.console.print(line)
        self.terminal.console.print(wrapped(question.choices(), self.terminal.console.width))

    def _read_reply(self, text: str, question: Question, legal: Sequence[Action]) -> Reply:
        """What the typed ``text`` means; help, rules, hint and quit are done here."""
        console = self.terminal.console
        word = text.lower()
        if not text:
            return Refused()
        if word in ("help", "?"):
            console.print(COMMANDS_HELP)
            console.print(self.renderer.notation_help)
            return Shown()
        if word == "rules":
            console.print(summary(self.state.game.info.slug))
            # The summary fills the screen: the question comes back with board.
            console.print("(board shows the table and the question again)", style="dim")
            return Refused()
        if word == "hint":
            self._hint(self.state.current_player)
            return Shown()
        if word in ("undo", "back"):
            return Command.UNDO
        if word == "board":
            return Command.BOARD
        if word in ("quit", "exit"):
            answer = self.terminal.ask(
                "Quit this game? It is saved; cheese play --continue goes on with it. [y/N] "
            )
            if answer.strip().lower() in YES:
                raise LeaveGame(0)
            return Shown()
        picked = question.pick(word)
        if picked is not None:
            return Answer(picked)
        if word.isascii() and word.isdigit():
            console.print(
                f"There is no choice {shortened(word)}: {question.how_to_answer()}, or help.",
                style="yellow",
            )
            return Refused()
        try:
            typed = self.renderer.typed_move(self.state.view(self.state.current_player), text)
            action = self.state.parse_action(typed)
        except (ActionSyntaxError, IllegalActionError, ValueError) as error:
            # The notation's own explanation helps a mistyped move, not a stray word.
            attempt = not text.isalpha()
            console.print(
                Text.assemble((f"{text!r} is not a choice or a move here. ", "yellow"))
                + Text(f"{question.how_to_answer().capitalize()}, or help.")
                + (Text(f" ({error})", style="dim") if attempt else Text())
            )
            return Refused()
        if action not in legal:
            console.print(
                f"{text!r} is not a legal move now; {question.how_to_answer()}.",
                style="yellow",
            )
            return Refused()
        return action

    def _undo(self, seat: Seat) -> bool:
        """Go back to the person's previous decision; False (and why) when there is none."""
        console = self.terminal.console
        if not self.decisions:
            console.print("Nothing to undo: this is your first decision.", style="yellow")
            return False
        back_to = self.decisions[-1]
        if self.history[back_to].current_player != seat:
            other = seat_label(self.history[back_to].current_player)
            console.print(
                f"Nothing to undo: {other} has decided since your last decision.",
                style="yellow",
            )
            return False
        self.decisions.pop()
        self.state = self.history[back_to]
        del self.history[back_to:]
        del self.actions[back_to:]
        self.pending = {}
        self.screen_open = False
        console.print("Back to your previous decision.", style="bold")
        self.save()
        return True

    def _hint(self, seat: Seat) -> None:
        bot = self.players.hint
        console = self.terminal.console
        console.print(f"Asking {bot.spec}…", style="dim")
        decision = bot.choose(Turn(self.state, seat), self._rng("hint", -1))
        console.print(hint_text(decision, bot.spec, self.shown_move))

    # --- the end --------------------------------------------------------------------
    def _finish(self) -> None:
        console = self.terminal.console
        # At a shared table the end is shown to all: from the first person's seat.
        seat = self.viewer if self.viewer is not None else self.players.humans[0]
        table = self.table(seat)
        final = self.state.view(seat)
        for item in self.pending.pop(seat, []):
            console.print(item)
        blocks: list[RenderableType] = [Rule("Game over", style="bold")]
        blocks.extend(self.renderer.resolution(final, table))
        blocks.append(standings(self.state, self.renderer, table))
        if self.after_game is not None:
            line = self.after_game(self.record())
            if line is not None:
                blocks.append(Text(line))
        # Where the game is saved goes on the last page, unless a line is too long to fit
        # (a long path): the pager would cut it, so it is printed whole after the pages.
        saved = saved_lines(self.record_path, finished=True)
        fits = all(len(line) <= console.width for line in saved)
        if fits:
            blocks.append(Text("\n".join(saved)))
        page(console, blocks, lambda prompt: self.terminal.wait(f"({prompt}) "))
        if not fits:
            self._print_saved(finished=True)


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


def hint_text(decision: Decision, spec: str, shown: Callable[[Action], str]) -> Text:
    """A bot's top choices with their visit shares or values, best first, each written
    by ``shown`` as the person would type it."""
    if not decision.top:
        return Text(f"{spec} would play {shown(decision.action)}")
    share = decision.top_measure == "visit share"
    lines = [
        Text(
            f"{spec}'s top choices ({decision.top_measure}; type one as shown to play it):",
            style="bold",
        )
    ]
    lines.extend(
        Text(f"  {index}. {shown(action)}  ")
        + Text(f"{value:.0%}" if share else f"{value:.3f}", style="bold")
        for index, (action, value) in enumerate(decision.top, start=1)
    )
    return Text("\n").join(lines)
