"""What a person types at the ``>`` prompt of ``cheese play``: a choice by its number, a
whole move in the game's notation, or a command (help, rules, board, hint, undo, quit).

``read_typed`` turns a line into what it means and nothing more; the session does what it
says. A line that means nothing here becomes a refusal, which words its own message.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TypeAlias

from rich.text import Text

from cheese.cli.play.menu import Question, listed, shortened
from cheese.engine import Action, ActionSyntaxError, IllegalActionError

COMMANDS_HELP = (
    "Type the number shown beside a choice (a cheese, lane or slot goes by its own "
    "number), or a whole move in the game's notation, with the board's numbers. Commands: "
    "help or ? (this text), rules (the rules on one screen), board (show the table "
    "again), hint (a bot's top choices), undo (back to your previous decision, or one "
    "step of this one), quit (save and leave). Ctrl-D or Ctrl-C also save the game and "
    "leave."
)
QUIT_QUESTION = "Quit this game? It is saved; cheese play --continue goes on with it. [y/N] "
YES = frozenset({"y", "yes"})


class Command(Enum):
    """A command word, and the words that name it."""

    HELP = ("help", "?")
    RULES = ("rules",)
    HINT = ("hint",)
    UNDO = ("undo", "back")
    BOARD = ("board",)
    QUIT = ("quit", "exit")


_COMMANDS = {word: command for command in Command for word in command.value}


@dataclass(frozen=True, slots=True)
class Answer:
    """The answer the person chose, by number, to the question asked."""

    label: str


@dataclass(frozen=True, slots=True)
class Blank:
    """Nothing was typed: the prompt comes again."""


@dataclass(frozen=True, slots=True)
class NoSuchChoice:
    """A number that is none of the choices shown."""

    word: str

    def message(self, question: Question) -> Text:
        refusal = question.refusal(self.word)
        if refusal is not None:
            return Text(f"{refusal}: choose {listed(sorted(question.shown_numbers))}.", "yellow")
        return Text(
            f"There is no choice {shortened(self.word)}: {question.how_to_answer()}, or help.",
            style="yellow",
        )


@dataclass(frozen=True, slots=True)
class NotAMove:
    """Text that is neither a choice nor a move in the notation; ``error`` says why the
    notation refused it."""

    text: str
    error: str

    def message(self, question: Question) -> Text:
        # The notation's own explanation helps a mistyped move, not a stray word.
        attempt = not self.text.isalpha()
        return (
            Text.assemble((f"{self.text!r} is not a choice or a move here. ", "yellow"))
            + Text(f"{question.how_to_answer().capitalize()}, or help.")
            + (Text(f" ({self.error})", style="dim") if attempt else Text())
        )


@dataclass(frozen=True, slots=True)
class NotLegal:
    """A move written well that is not legal now."""

    text: str

    def message(self, question: Question) -> Text:
        return Text(
            f"{self.text!r} is not a legal move now; {question.how_to_answer()}.", style="yellow"
        )


Refusal: TypeAlias = "NoSuchChoice | NotAMove | NotLegal"
"""A typed line that means nothing here, with the message that says so."""
Typed: TypeAlias = "Action | Answer | Command | Blank | Refusal"
"""What a typed line means: a whole move, an answer, a command, nothing, or a refusal."""


def read_typed(
    text: str, question: Question, legal: Sequence[Action], parse_move: Callable[[str], Action]
) -> Typed:
    """What ``text`` (stripped) means at ``question``; ``parse_move`` reads a move in the
    game's notation with the board's numbers (raising ``ValueError`` or the engine's
    action errors when it cannot)."""
    word = text.lower()
    if not text:
        return Blank()
    command = _COMMANDS.get(word)
    if command is not None:
        return command
    picked = question.pick(word)
    if picked is not None:
        return Answer(picked)
    if word.isascii() and word.isdigit():
        return NoSuchChoice(word)
    try:
        action = parse_move(text)
    except (ActionSyntaxError, IllegalActionError, ValueError) as error:
        return NotAMove(text, str(error))
    if action not in legal:
        return NotLegal(text)
    return action
