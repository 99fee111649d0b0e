"""Numbered choices, asked one level at a time.

Each legal action has a path of steps (a question and this action's answer to it). The
menu asks the first question; the answers given so far narrow the actions down until one
is left. A question with a single answer is answered at once, unless that answer is the
whole move.

An answer is shown, and picked, by a number: the number its thing has on the screen when
every answer has one (cheese #3 is picked by typing 3, whatever else is left), else its
place in the list, 1, 2, ….

>>> from cheese.cli.play.renderer import Step
>>> menu = Menu(((0, (Step("What?", "draw"),)),
...              (1, (Step("What?", "play"), Step("Lane:", "lane 2", number=2))),
...              (2, (Step("What?", "play"), Step("Lane:", "lane 5", number=5)))))
>>> menu.ask(())
Question(text='What?', answers=('draw', 'play'), chosen=(), numbers=(), refusals=())
>>> lanes = menu.ask(("play",))
>>> lanes.numbers, lanes.pick("5"), lanes.pick("1"), menu.ask(("play", "lane 5"))
((2, 5), 'lane 5', None, 2)
>>> choice_number("2"), choice_number("²"), choice_number("9" * 40)
(2, None, 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text

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


def listed(numbers: Sequence[int]) -> str:
    """``numbers`` in words, as a person would say which ones to type.

    >>> listed([4]), listed([1, 2, 3]), listed([2, 3, 5])
    ('4', 'a number from 1 to 3', '2, 3 or 5')
    """
    if len(numbers) == 1:
        return str(numbers[0])
    if list(numbers) == list(range(numbers[0], numbers[0] + len(numbers))):
        return f"a number from {numbers[0]} to {numbers[-1]}"
    return ", ".join(str(number) for number in numbers[:-1]) + f" or {numbers[-1]}"


@dataclass(frozen=True, slots=True)
class Question:
    """A question to ask, its answers with the number shown beside each, and the answers
    so far."""

    text: str
    answers: tuple[str, ...]
    chosen: tuple[str, ...]
    numbers: tuple[int, ...] = ()
    """The number shown beside each answer (and typed to pick it); empty for 1, 2, …."""
    refusals: tuple[tuple[int, str], ...] = ()
    """Numbers on the screen that are no answer here, each with why (a full lane)."""

    @property
    def shown_numbers(self) -> tuple[int, ...]:
        """The number beside each answer, in the answers' order."""
        return self.numbers or tuple(range(1, len(self.answers) + 1))

    def pick(self, typed: str) -> str | None:
        """The answer whose shown number is ``typed``, or None if no answer has it.

        >>> question = Question("Cheese:", ("#2 (4)", "#7 (5)"), (), (2, 7))
        >>> question.pick("7"), question.pick("1"), question.pick("seven")
        ('#7 (5)', None, None)
        """
        number = choice_number(typed.strip())
        for shown, answer in zip(self.shown_numbers, self.answers, strict=True):
            if shown == number:
                return answer
        return None

    def refusal(self, typed: str) -> str | None:
        """Why the number ``typed`` is no answer, when the screen shows a thing with it.

        >>> question = Question("Lane:", ("lane 1", "lane 2"), (), (1, 2), ((6, "Lane 6 is full"),))
        >>> question.refusal("6"), question.refusal("5")
        ('Lane 6 is full', None)
        """
        number = choice_number(typed.strip())
        return next((why for shown, why in self.refusals if shown == number), None)

    def how_to_answer(self) -> str:
        """What to type to answer, for the line that refuses a wrong number.

        >>> Question("Lane:", ("lane 1", "lane 2", "lane 4"), (), (1, 2, 4)).how_to_answer()
        'type 1, 2 or 4'
        """
        return "type " + listed(sorted(self.shown_numbers))

    def choices(self) -> tuple[Text, ...]:
        """Each answer with its number in front, as the screen lists them."""
        return tuple(
            Text.assemble((str(number), "bold cyan"), f" {answer}")
            for number, answer in zip(self.shown_numbers, self.answers, strict=True)
        )


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
            answers = tuple(
                sorted(
                    dict.fromkeys(path[depth].label for _, path in matching),
                    key=lambda label: orders[label],
                )
            )
            if len(answers) == 1 and len(matching) > 1:
                chosen = (*chosen, answers[0])
                continue
            own = {path[depth].label: path[depth].number for _, path in matching}
            numbers = tuple(own[label] for label in answers)
            shown = (
                tuple(number for number in numbers if number is not None)
                if None not in numbers and len(set(numbers)) == len(numbers)
                else ()
            )
            # Only numbers of the screen's own things can be refused by name.
            refusals = tuple(
                (number, why)
                for number, why in matching[0][1][depth].refusals
                if shown and number not in shown
            )
            return Question(matching[0][1][depth].question, answers, chosen, shown, refusals)

    def numbers_to(self, action: Action, chosen: tuple[str, ...]) -> tuple[int, ...] | None:
        """The numbers to type, one a prompt, from the question after ``chosen`` to
        ``action``; None when ``action`` is not among the choices left after ``chosen``.

        >>> from cheese.cli.play.renderer import Step
        >>> menu = Menu(((0, (Step("What?", "draw"),)),
        ...              (1, (Step("What?", "play"), Step("Lane:", "lane 2", number=2))),
        ...              (2, (Step("What?", "play"), Step("Lane:", "lane 5", number=5)))))
        >>> menu.numbers_to(2, ()), menu.numbers_to(0, ()), menu.numbers_to(0, ("play",))
        ((2, 5), (1,), None)
        """
        path = dict(self.paths).get(action)
        if path is None or tuple(step.label for step in path[: len(chosen)]) != chosen:
            return None
        numbers: list[int] = []
        while True:
            question = self.ask(chosen)
            if not isinstance(question, Question):
                return tuple(numbers)
            # The menu answers a question with a single answer itself: no number for it.
            label = path[len(question.chosen)].label
            numbers.append(question.shown_numbers[question.answers.index(label)])
            chosen = (*question.chosen, label)
