"""Numbered choices, asked one level at a time.

Each legal action has a path of steps (a question and this action's answer to it). The
menu asks the first question, numbering the distinct answers 1, 2, …; the answers given
so far narrow the actions down until one is left. A question with a single answer is
answered at once, unless that answer is the whole move.

>>> from cheese.cli.play.renderer import Step
>>> menu = Menu(((0, (Step("What?", "draw"),)),
...              (1, (Step("What?", "play"), Step("Card:", "cat"))),
...              (2, (Step("What?", "play"), Step("Card:", "dog")))))
>>> menu.ask(())
Question(text='What?', answers=('draw', 'play'), chosen=())
>>> menu.ask(("play",)).answers, menu.ask(("play", "dog"))
(('cat', 'dog'), 2)
>>> choice_number("2"), choice_number("²"), choice_number("9" * 40)
(2, None, 0)
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.cli.play.renderer import Step
from cheese.engine import Action

LONGEST_NUMBER = 9
"""More digits than any list of choices needs; a longer number reads as no choice."""


def shortened(text: str, limit: int = 20) -> str:
    """``text`` cut to ``limit`` characters (then ``…``), to echo what was typed."""
    return text if len(text) <= limit else text[:limit] + "…"


def choice_number(text: str) -> int | None:
    """``text`` read as the number of a choice; None unless it is written in the digits
    0 to 9. A number too long for any choice is 0, which names none."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= LONGEST_NUMBER else 0


@dataclass(frozen=True, slots=True)
class Question:
    """A question to ask, its numbered answers (1 is the first), and the answers so far."""

    text: str
    answers: tuple[str, ...]
    chosen: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices of one decision: every legal action with its path of steps."""

    paths: tuple[tuple[Action, tuple[Step, ...]], ...]

    def _matching(self, chosen: tuple[str, ...]) -> list[tuple[Action, tuple[Step, ...]]]:
        depth = len(chosen)
        return [
            (action, path)
            for action, path in self.paths
            if tuple(step.label for step in path[:depth]) == chosen
        ]

    def ask(self, chosen: tuple[str, ...]) -> Question | Action:
        """The next question after the answers ``chosen``, or the action they name."""
        while True:
            matching = self._matching(chosen)
            if len(matching) == 1 and (chosen or len(self.paths) > 1):
                return matching[0][0]
            depth = len(chosen)
            orders = {path[depth].label: path[depth].order for _, path in reversed(matching)}
            answers = tuple(sorted(dict.fromkeys(path[depth].label for _, path in matching),
                                   key=lambda label: orders[label]))
            if len(answers) == 1 and len(matching) > 1:
                chosen = (*chosen, answers[0])
                continue
            return Question(matching[0][1][depth].question, answers, chosen)
