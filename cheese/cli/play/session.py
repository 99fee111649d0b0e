"""One game between people and bots at a terminal: the loop, undo and saving.

What a typed line means is ``prompt``'s to say, the screens around the board are
``screens``', and the bots' turns are refereed as in a duel (``cheese.referee.turn``).

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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TypeAlias

from rich.console import RenderableType
from rich.text import Text

from cheese.bots.base import Bot, Decided, Turn, decisions_of_history
from cheese.cli.errors import EXIT_FAILURE
from cheese.cli.play.menu import Menu, Question
from cheese.cli.play.prompt import (
    COMMANDS_HELP,
    QUIT_QUESTION,
    YES,
    Answer,
    Blank,
    Command,
    NoSuchChoice,
    NotAMove,
    NotLegal,
    read_typed,
)
from cheese.cli.play.record_file import BotChoices, Choices, PlayFacts, save_record
from cheese.cli.play.renderer import Renderer, Table
from cheese.cli.play.screens import (
    end_page,
    hand_over,
    header,
    hint_text,
    print_saved,
    question_screen,
    seat_label,
)
from cheese.cli.play.standings import standings
from cheese.cli.play.terminal import LeaveGame, Terminal
from cheese.cli.rules_text import summary
from cheese.engine import Action, Seat, State
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord, replay_states
from cheese.referee.turn import Interrupts, TurnFault, TurnReferee

__all__ = [
    "HUMAN", "LeaveGame", "Players", "PlaySession", "Terminal", "seat_label", "standings"
]

HUMAN = "human"
"""How a record names a person's seat."""
YOU = "you"


@dataclass(frozen=True, slots=True)
class Shown:
    """A typed command was answered with a screen (help, rules, a hint): ask again."""


@dataclass(frozen=True, slots=True)
class Refused:
    """The typed line was refused with a message: ask again, below the message."""


Reply: TypeAlias = "Action | Answer | Command | Shown | Refused"
"""What the session makes of a typed line: a whole move, an answer, a command that
changes what is asked next (undo, board), or a message shown."""

BOT_TURNS = TurnReferee(interrupts=Interrupts.PERSON)
"""The bots' turns at a terminal: no time limits, and Ctrl-C is the person's."""


class BotFailed(Exception):
    """A bot raised or answered no legal move; the game is saved up to that point."""


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


@dataclass
class Players:
    """Who sits where: the people's seats, the bots of the others, the hint bot, and
    the opponents' level and the person's name when ``--level`` chose the bots."""

    humans: tuple[Seat, ...]
    bots: Mapping[Seat, Bot]
    hint: Bot
    level: int | None = None
    person: str | None = None
    bot_name: str | None = None
    """How the screens name every bot when a level chose them all: the level's name
    (``master``), which reads shorter than its spec, given once in the greeting; None
    names each bot by its spec."""
    level_text: str | None = None
    """The level as the screens' headers and the greeting name it (``level_words``:
    ``level 7 (master)``), read from its table once; None without a level."""

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
            YOU
            if seat == viewer
            else HUMAN
            if seat in self.humans
            else self.bot_name or self.bots[seat].spec
            for seat in range(num_players)
        )


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
    choices: Choices = field(default_factory=dict)
    """The bots' top choices by the index of their action, saved with the record."""
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
        choices: Choices | None = None,
    ) -> PlaySession:
        """The game of ``record`` where it stopped, undo able to go back past that point."""
        states = replay_states(record)
        session = cls(renderer, players, terminal, record_path, states[-1], after_game)
        session.choices = dict(choices or {})
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
        print_saved(self.terminal.console, self.record_path, finished)

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
            reply = BOT_TURNS.decide(bot, self.state, self._rng("bot", seat), self.decided())
        except TurnFault as fault:  # a plugin bot's failure must not lose the game
            raise BotFailed(bot_failure_line(bot.spec, seat, fault)) from fault.error
        top = BotChoices.of_reply(reply, self.state)
        if top is not None:
            self.choices[len(self.actions)] = top
        return reply.action

    def decided(self) -> tuple[Decided, ...]:
        """The game's decisions so far, chance left out, for the bots that read the
        others' moves (a continued game's too: they come from its record)."""
        return decisions_of_history(self.history, self.actions)

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

    def _open_screen(self) -> None:
        """Start a screen with its divider, unless one is started: the bots' moves and
        the person's board then read together, each move once."""
        if not self.screen_open:
            players = self.players
            self.terminal.console.print(
                header(
                    self.renderer.title,
                    self.state.seed,
                    players.level_text,
                    bool(players.bots),
                )
            )
            self.screen_open = True

    def _show_screen_to(self, seat: Seat) -> None:
        """At a shared table, pass the keyboard before a person's screen is drawn."""
        if not self.players.hot_seat or seat == self.viewer:
            return
        hand_over(self.terminal, self.renderer.title, seat, first=self.viewer is None)
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
        save_record(self.record(), self.record_path, self.facts(), self.choices)

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
                question_screen(console, question)
            text = self.terminal.ask("> ").strip()
            reply = self._read_reply(text, question, legal, menu)
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

    def _read_reply(
        self, text: str, question: Question, legal: Sequence[Action], menu: Menu
    ) -> Reply:
        """What the typed ``text`` means; help, rules, hint and quit are done here."""
        console = self.terminal.console
        view = self.state.view(self.state.current_player)

        def parse_move(typed: str) -> Action:
            return self.state.parse_action(self.renderer.typed_move(view, typed))

        typed = read_typed(text, question, legal, parse_move)
        if isinstance(typed, Blank):
            return Refused()
        if isinstance(typed, NoSuchChoice | NotAMove | NotLegal):
            console.print(typed.message(question))
            return Refused()
        if typed is Command.HELP:
            console.print(COMMANDS_HELP)
            console.print(self.renderer.notation_help)
            return Shown()
        if typed is Command.RULES:
            console.print(summary(self.state.game.info.slug))
            # The summary fills the screen: the question comes back with board.
            console.print("(board shows the table and the question again)", style="dim")
            return Refused()
        if typed is Command.HINT:
            self._hint(self.state.current_player, menu, question.chosen)
            return Shown()
        if typed is Command.QUIT:
            if self.terminal.ask(QUIT_QUESTION).strip().lower() in YES:
                raise LeaveGame(0)
            return Shown()
        return typed

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
        self.choices = {index: top for index, top in self.choices.items() if index < back_to}
        self.pending = {}
        self.screen_open = False
        console.print("Back to your previous decision.", style="bold")
        self.save()
        return True

    def _hint(self, seat: Seat, menu: Menu, chosen: tuple[str, ...]) -> None:
        """The hint bot's top choices, each led by the numbers that play it from the
        question asked (after the answers ``chosen``)."""
        bot = self.players.hint
        console = self.terminal.console
        console.print(f"Asking {bot.spec}…", style="dim")
        decision = bot.choose(Turn(self.state, seat, past=self.decided()), self._rng("hint", -1))
        numbers = partial(menu.numbers_to, chosen=chosen)
        console.print(hint_text(decision, bot.spec, self.shown_move, numbers))

    # --- the end --------------------------------------------------------------------
    def _finish(self) -> None:
        console = self.terminal.console
        # At a shared table the end is shown to all: from the first person's seat.
        seat = self.viewer if self.viewer is not None else self.players.humans[0]
        table = self.table(seat)
        final = self.state.view(seat)
        for item in self.pending.pop(seat, []):
            console.print(item)
        blocks: list[RenderableType] = list(self.renderer.resolution(final, table))
        blocks.append(standings(self.state, self.renderer, table))
        if self.after_game is not None:
            line = self.after_game(self.record())
            if line is not None:
                blocks.append(Text(line))
        end_page(self.terminal, blocks, self.record_path)
