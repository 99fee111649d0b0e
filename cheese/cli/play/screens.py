"""The screens of ``cheese play`` around the board: the divider, the question and its
choices, a hint, the hot-seat hand-over, the end page and where the game is saved."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from rich.console import Console, RenderableType
from rich.rule import Rule
from rich.text import Text

from cheese.bots.base import Decision
from cheese.cli.play.menu import Question
from cheese.cli.play.pager import page
from cheese.cli.play.terminal import Terminal
from cheese.cli.play.where_saved import saved_lines
from cheese.engine import Action, Seat
from cheese.levels import LevelError, level_table


def seat_label(seat: Seat) -> str:
    """How every screen numbers a seat: P1 acts first.

    >>> seat_label(0), seat_label(4)
    ('P1', 'P5')
    """
    return f"P{seat + 1}"


def header(title: str, seed: int, level: str | None, opponents: bool) -> Rule:
    """The divider that starts a screen: the game, its seed and the level played
    (``level_words``)."""
    # Alone at the table (Cheese Chasers), the level is the hint bot's.
    whose = "opponents" if opponents else "hints"
    shown = "" if level is None else f" · {whose} {level}"
    return Rule(f"{title} · seed {seed}{shown}", style="dim")


def level_words(game: str, players: int, level: int) -> str:
    """``level 2 (casual)``: the level with its name, when its table can be read.

    >>> level_words("cheese-chasers", 1, 1)
    'level 1 (beginner)'
    """
    try:
        return f"level {level} ({level_table(game, players).name(level)})"
    except (LevelError, IndexError):
        return f"level {level}"


def question_screen(console: Console, question: Question) -> None:
    """The question, after the answers chosen so far, and its choices."""
    line = Text(question.text, style="bold")
    if question.chosen:
        line = Text.assemble((" › ".join(question.chosen) + " › ", "dim"), line)
    console.print(line)
    console.print(wrapped(question.choices(), console.width))


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


def hint_text(
    decision: Decision,
    spec: str,
    shown: Callable[[Action], str],
    numbers: Callable[[Action], tuple[int, ...] | None],
) -> Text:
    """A bot's top choices, best first, with their visit shares or values: each led by
    what to type at the prompt to play it, its choices' ``numbers`` (one a prompt), or the
    move as ``shown`` when the answers so far lead elsewhere.

    >>> decision = Decision(2, top=((2, 0.62), (0, 0.5)), top_measure="value")
    >>> print(hint_text(decision, "expectimax", {0: "NW", 2: "NE"}.get,
    ...                 {0: (1,), 2: (3,)}.get).plain)
    expectimax's top choices, best first (value):
      type 3: NE  0.620
      type 1: NW  0.500
    """
    if not decision.top:
        return Text(f"{spec} would play {_typed(decision.action, shown, numbers)}")
    share = decision.top_measure == "visit share"
    lines = [Text(f"{spec}'s top choices, best first ({decision.top_measure}):", style="bold")]
    lines.extend(
        Text(f"  {_typed(action, shown, numbers)}  ")
        + Text(f"{value:.0%}" if share else f"{value:.3f}", style="bold")
        for action, value in decision.top
    )
    if any(len(numbers(action) or ()) > 1 for action, _ in decision.top):
        lines.append(Text("  (a number a prompt, or the whole move after the colon)", style="dim"))
    return Text("\n").join(lines)


def _typed(
    action: Action,
    shown: Callable[[Action], str],
    numbers: Callable[[Action], tuple[int, ...] | None],
) -> str:
    """What to type to play ``action``: its numbers and the move, or the move alone."""
    typed = numbers(action)
    if not typed:
        return f"type {shown(action)}"
    return f"type {' › '.join(map(str, typed))}: {shown(action)}"


def hand_over(terminal: Terminal, title: str, seat: Seat, first: bool) -> None:
    """At a shared table, the pass screen between two people's screens: the last one hides
    theirs (unless this is the ``first`` screen), the next one says when they are ready.
    It shows nothing hidden."""
    name = seat_label(seat)
    if not first:
        terminal.ask(f"Press Enter to hide your screen and pass to {name}. ")
    terminal.clear()
    terminal.console.print(Rule(f"{title} · {name}'s turn", style="bold"))
    terminal.console.print(
        f"Pass the keyboard to {name}: what only {name} may see stays hidden until Enter."
    )
    terminal.ask(f"{name}, press Enter when you are ready. ")
    terminal.clear()


def print_saved(console: Console, record_path: Path, finished: bool) -> None:
    """Where the game is saved and how to go on with it, each line whole."""
    for line in saved_lines(record_path, finished):
        console.print(line, overflow="ignore", crop=False, soft_wrap=True)


def end_page(terminal: Terminal, blocks: Sequence[RenderableType], record_path: Path) -> None:
    """The game-over page: ``blocks`` (the resolution, the standings, a rating line) and
    where the game is saved, paged so that each page waits for Enter."""
    console = terminal.console
    # Where the game is saved goes on the last page, unless a line is too long to fit
    # (a long path): the pager would cut it, so it is printed whole after the pages.
    shown: list[RenderableType] = [Rule("Game over", style="bold"), *blocks]
    saved = saved_lines(record_path, finished=True)
    fits = all(len(line) <= console.width for line in saved)
    if fits:
        shown.append(Text("\n".join(saved)))
    page(console, shown, lambda prompt: terminal.wait(f"({prompt}) "))
    if not fits:
        print_saved(console, record_path, finished=True)
