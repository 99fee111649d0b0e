"""Get The Cheese!'s end screen: every catch names both owners, each cheese says who
scored what there, and the points table's rows add up to the final scores."""

from __future__ import annotations

import io
import random
import re

import pytest

from cheese.cli.play.get_the_cheese import POINTS_KEY, POINTS_TITLE, RENDERER
from cheese.cli.play.renderer import Table
from cheese.cli.play.terminal import make_console
from cheese.engine import State, load_game
from cheese.engine.get_the_cheese.cards import COLOUR_LETTERS, EMPTY_PILE, KIND_NAMES
from cheese.engine.get_the_cheese.game import ReferenceGame
from cheese.engine.get_the_cheese.options import GtcOptions
from cheese.engine.get_the_cheese.state import GtcState, Setup
from cheese.engine.get_the_cheese.table import PlacedCard
from cheese.engine.get_the_cheese.table import Table as CardTable

WIDTH = 80
ROW = re.compile(r"P(\d) [bgpry] \S+((?:\s+\d+){5})$")


def finished(lines: list[str], cheeses: list[int], players: int = 4) -> GtcState:
    """A finished game whose lines are ``"b:mouse r:cat"`` text, from the cheese out."""
    placed = tuple(
        tuple(
            PlacedCard(COLOUR_LETTERS.index(owner), KIND_NAMES.index(kind), 1)
            for owner, kind in (token.split(":") for token in text.split())
        )
        for text in lines
    )
    table = CardTable(
        cheeses=tuple(cheeses),
        lines=placed,
        hands=(EMPTY_PILE,) * players,
        decks=(EMPTY_PILE,) * players,
        owed=(0,) * players,
        to_move=0,
    )
    return GtcState(Setup(players, 0, GtcOptions()), table, ReferenceGame())


def end_text(state: State, seat: int = 0, bot: str = "greedy") -> str:
    names = tuple("you" if other == seat else bot for other in range(state.num_players))
    table = Table(seat, names, state.options, state.seed)
    buffer = io.StringIO()
    console = make_console(plain=True, width=WIDTH, file=buffer)
    for block in RENDERER.resolution(state.view(seat), table):
        console.print(block)
    return buffer.getvalue()


def test_a_catch_names_whose_cat_and_whose_mouse() -> None:
    text = end_text(finished(["b:mouse r:big g:cat"], [3]))
    assert "P2's cat catches P4's big mouse (B)" in text
    assert "P2's cat catches your mouse (m)" in text


def test_a_chase_names_whose_dog_and_whose_cat() -> None:
    text = end_text(finished(["r:cat b:dog g:cat*"], [2]))
    assert "your dog chases P4's cat (c)" in text
    assert "your dog chases P2's cat (c*)" in text
    assert "you +6: cats chased 6" in text


def test_the_worked_line_as_the_screen_shows_it() -> None:
    text = end_text(finished(["r:mouse b:mouse g:cat r:big b:dog r:cat g:mouse g:king"], [3]))
    lines = [line.rstrip() for line in text.splitlines()]
    assert lines == [
        "#1 feeds 3, from the cheese out: r:m b:m g:c r:B b:D r:c g:m g:K",
        " 1 dogs chase cats    your dog chases P4's cat (c)",
        " 2 cats catch mice    P2's cat catches your mouse (m)",
        "                      P2's cat catches P4's mouse (m)",
        " 3 king mice to front g:K r:B b:D g:m",
        " 4 cheese feeds 3     g:K r:B g:m",
        " points here          you +3: cats chased 3",
        "                      P2 +4: mice caught 2, king mice fed 1, mice fed 1",
        "                      P4 +2: mice fed 2",
        POINTS_TITLE,
        "player       cats chased  mice caught  king mice fed  mice fed  points",
        "P1 b you               3            0              0         0       3",
        "P2 g greedy            0            2              1         1       4",
        "P3 p greedy            0            0              0         0       0",
        "P4 r greedy            0            0              0         2       2",
        *POINTS_KEY,
    ]


def test_a_cheese_nobody_scores_at_says_so() -> None:
    assert "points here          nobody scores" in end_text(finished(["b:dog"], [2]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_rows_add_up_to_the_final_scores_and_fit_80_columns(players: int) -> None:
    for seed in range(6):
        state = load_game("get-the-cheese").new_initial_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_weights(), strict=True)
                state = state.apply(rng.choices(outcomes, weights)[0])
            else:
                state = state.apply(rng.choice(state.legal_actions()))
        text = end_text(state, seat=seed % players)
        assert max(len(line.rstrip()) for line in text.splitlines()) <= WIDTH
        rows = {
            int(match.group(1)) - 1: [int(value) for value in match.group(2).split()]
            for line in text[text.index(POINTS_TITLE) :].splitlines()
            if (match := ROW.search(line.rstrip()))
        }
        assert sorted(rows) == list(range(players))
        for seat, (*sources, points) in rows.items():
            assert sum(sources) == points == state.scores()[seat]
        here = [int(value) for value in re.findall(r"(?:P\d|you) \+(\d+):", text)]
        assert sum(here) == sum(state.scores()), "each cheese's points add up to the total"


def test_a_spec_too_long_for_the_points_table_is_folded_whole_not_cut() -> None:
    """Cut short, ``mcts:iterations=15000,infer=policy`` read as 1,500 iterations."""
    spec = "mcts:iterations=15000,infer=policy"
    text = end_text(finished(["b:mouse r:big g:cat"], [3]), bot=spec)
    table = text[text.index(POINTS_TITLE) : text.index(POINTS_KEY[0])]
    assert "…" not in table
    assert "".join(line.strip() for line in table.splitlines()).count(spec) == 3
    assert max(len(line.rstrip()) for line in text.splitlines()) <= WIDTH
