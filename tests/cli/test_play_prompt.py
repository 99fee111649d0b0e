"""The prompt's grammar alone: what each typed line means, and the refusals' words."""

from __future__ import annotations

import pytest

from cheese.cli.play.menu import Question
from cheese.cli.play.prompt import (
    Answer,
    Blank,
    Command,
    NoSuchChoice,
    NotAMove,
    NotLegal,
    read_typed,
)
from cheese.engine import Action, ActionSyntaxError

QUESTION = Question("Lane:", ("lane 1", "lane 2", "lane 4"), (), (1, 2, 4))
LEGAL = (10, 20)


def parse_move(text: str) -> Action:
    if not text.startswith("m"):
        raise ActionSyntaxError(f"{text!r} is no move")
    return int(text[1:])


def typed(text: str) -> object:
    return read_typed(text, QUESTION, LEGAL, parse_move)


@pytest.mark.parametrize(
    ("text", "meaning"),
    [
        ("", Blank()),
        ("help", Command.HELP),
        ("?", Command.HELP),
        ("RULES", Command.RULES),
        ("hint", Command.HINT),
        ("back", Command.UNDO),
        ("undo", Command.UNDO),
        ("board", Command.BOARD),
        ("exit", Command.QUIT),
        ("4", Answer("lane 4")),
        ("m20", 20),
        ("3", NoSuchChoice("3")),
        ("m30", NotLegal("m30")),
        ("cheese", NotAMove("cheese", "'cheese' is no move")),
    ],
)
def test_each_line_means_one_thing(text: str, meaning: object) -> None:
    assert typed(text) == meaning


def test_a_number_the_screen_shows_but_cannot_be_chosen_says_why() -> None:
    question = Question(
        "Lane:", ("lane 1", "lane 2", "lane 4"), (), (1, 2, 4), ((3, "Lane 3 is full"),)
    )
    assert NoSuchChoice("3").message(question).plain == "Lane 3 is full: choose 1, 2 or 4."
    assert NoSuchChoice("7").message(question).plain.startswith("There is no choice 7")


def test_refusals_say_what_to_type() -> None:
    assert NoSuchChoice("3").message(QUESTION).plain == (
        "There is no choice 3: type 1, 2 or 4, or help."
    )
    assert NotLegal("m30").message(QUESTION).plain == (
        "'m30' is not a legal move now; type 1, 2 or 4."
    )
    # The notation's explanation is added for what looks like a move, not for a word.
    assert NotAMove("cheese", "no").message(QUESTION).plain == (
        "'cheese' is not a choice or a move here. Type 1, 2 or 4, or help."
    )
    assert NotAMove("m-1", "bad number").message(QUESTION).plain.endswith("(bad number)")
