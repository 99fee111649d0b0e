"""Hints speak the prompt's numbers: each of the hint bot's top choices, best first, is led
by the numbers that play it, and typing them plays that choice in every game."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from cheese.bots.base import Turn
from cheese.bots.registry import make_bot
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.session import Players, PlaySession, Terminal
from cheese.cli.play.terminal import make_console
from cheese.engine import State, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

HINTED = re.compile(r"^  type ([0-9 ›]+): (.+)  \S+$")
"""A hint's line: the numbers to type, one a prompt, then the move."""
GAMES = [
    ("cheese-chasers", 1, "expectimax"),
    ("get-the-cheese", 3, "greedy"),
    ("cheese-drop", 2, "greedy"),
]


def hinted_numbers(screen: str, rank: int) -> list[str]:
    """The numbers of the ``rank``-th choice (from 0) of the last hint on ``screen``."""
    hint = screen.rsplit("top choices, best first", 1)[1].splitlines()[1:]
    match = HINTED.match(hint[rank])
    assert match is not None, hint
    return match.group(1).split(" › ")


def play_hinted(
    slug: str, players: int, hint: str, rank: int, path: Path
) -> tuple[GameRecord, str]:
    """At the first decision of seed 5, ask for a hint and type the numbers of its
    ``rank``-th choice, one a prompt; then leave. The record and the screen."""
    buffer = io.StringIO()
    typed: Iterator[str] = iter(())
    asked = False

    def read_line(prompt: str) -> str:
        nonlocal typed, asked
        if not asked:
            asked = True
            typed = iter(hinted_numbers_after_hint())
            return "hint"
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    def hinted_numbers_after_hint() -> Iterator[str]:
        # Read lazily: the hint is on the screen once "hint" has been answered.
        yield from hinted_numbers(buffer.getvalue(), rank)

    state = load_game(slug).new_initial_state(num_players=players, seed=5)
    bots = {seat: make_bot("greedy") for seat in range(1, players)}
    session = PlaySession(
        RENDERERS[slug],
        Players((0,), bots, make_bot(hint)),
        Terminal(make_console(plain=True, width=80, file=buffer), read_line, 0.0),
        path,
        state,
    )
    session.run()
    return GameRecord.from_json(path.read_text()), buffer.getvalue()


def first_decision(slug: str, players: int) -> tuple[int, State]:
    """The number of actions before the person's first decision, and its state."""
    state = load_game(slug).new_initial_state(num_players=players, seed=5)
    played = 0
    while state.is_chance_node() or len(state.legal_actions()) == 1:
        action = resolve_chance(state) if state.is_chance_node() else state.legal_actions()[0]
        state, played = state.apply(action), played + 1
    return played, state


@pytest.mark.parametrize(("slug", "players", "hint"), GAMES)
@pytest.mark.parametrize("rank", [0, 1, 2])
def test_typing_a_hints_numbers_plays_that_choice(
    slug: str, players: int, hint: str, rank: int, tmp_path: Path
) -> None:
    played, state = first_decision(slug, players)
    rng = random.Random(f"play:hint:{state.seed}:-1:{played}")
    top = make_bot(hint).choose(Turn(state, 0), rng).top
    record, _ = play_hinted(slug, players, hint, rank, tmp_path / "r.json")
    assert record.actions[played] == top[rank][0]


def test_a_chasers_hint_numbers_the_cells_as_the_prompt_does(tmp_path: Path) -> None:
    # The prompt numbers the eight cells in reading order (1 NW … 8 SE): the hint's first
    # column is that number, not the choice's rank.
    _, screen = play_hinted("cheese-chasers", 1, "expectimax", 0, tmp_path / "r.json")
    hint = screen.rsplit("top choices, best first (value):", 1)[1].splitlines()[1:6]
    cells = dict(zip(["NW", "N", "NE", "W", "E", "SW", "S", "SE"], range(1, 9), strict=True))
    values = []
    for line in hint:
        match = HINTED.match(line)
        assert match is not None, line
        number, cell = match.groups()
        assert int(number) == cells[cell]
        values.append(float(line.split()[-1]))
    assert values == sorted(values, reverse=True)
