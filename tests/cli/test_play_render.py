"""The renderers: snapshots at 80 columns with and without colour, and the rule that the
screen shows nothing the person's seat cannot see."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path

import pytest
from rich.console import Console, RenderableType

from cheese.cli.play.renderer import Table
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.terminal import make_console
from cheese.engine import GAME_SLUGS, State, load_game
from cheese.engine.cheese_chasers.points import points_by_source
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.get_the_cheese.cards import COLOUR_LETTERS
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.luck import resolve_chance

SNAPSHOTS = Path(__file__).parent.parent / "data" / "play"
UPDATE = os.environ.get("CHEESE_UPDATE_SNAPSHOTS") == "1"
"""Set to 1 to rewrite the snapshot files after a deliberate change of the screens."""
WIDTH = 80
POSITIONS = {"get-the-cheese": (4, 7, 4), "cheese-chasers": (1, 4, 14), "cheese-drop": (3, 6, 5)}
"""Per game: players, seed, and how many decisions seat 0 has made at the snapshot."""


def position(slug: str, players: int, seed: int, decisions: int) -> tuple[State, State, State]:
    """The state where seat 0 decides after ``decisions`` of its own decisions (random
    moves from ``seed``), the end of that game and the state before its last action."""
    rng = random.Random(seed)
    state = load_game(slug).new_initial_state(num_players=players, seed=seed)
    snapshot: State | None = None
    made = 0
    before = state
    while not state.is_terminal():
        before = state
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        if state.current_player == 0:
            if made == decisions and snapshot is None:
                snapshot = state
            made += 1
        legal = state.legal_actions()
        state = state.apply(legal[rng.randrange(len(legal))])
    assert snapshot is not None
    return snapshot, state, before


def table_of(state: State, seat: int = 0) -> Table:
    names = tuple("you" if other == seat else "random" for other in range(state.num_players))
    legal = tuple(state.legal_actions()) if state.current_player == seat else ()
    return Table(seat, names, state.options, state.seed, legal)


def text_of(renderables: list[RenderableType], colour: bool, width: int = WIDTH) -> str:
    buffer = io.StringIO()
    console = (
        Console(
            file=buffer,
            width=width,
            force_terminal=True,
            color_system="standard",
            highlight=False,
            markup=False,
            emoji=False,
        )
        if colour
        else make_console(plain=True, width=width, file=buffer)
    )
    for renderable in renderables:
        console.print(renderable)
    return buffer.getvalue()


def screens(slug: str) -> list[RenderableType]:
    """The board at the snapshot position, then the whole end of that game."""
    renderer = RENDERERS[slug]
    snapshot, final, before = position(slug, *POSITIONS[slug])
    return [
        renderer.board(snapshot.view(0), table_of(snapshot)),
        *renderer.scored(before.view(0), final.view(0), table_of(final)),
        *renderer.resolution(final.view(0), table_of(final)),
    ]


@pytest.mark.parametrize("slug", GAME_SLUGS)
@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
def test_the_screens_match_their_snapshots(slug: str, colour: bool) -> None:
    text = text_of(screens(slug), colour)
    path = SNAPSHOTS / f"{slug}.{'colour' if colour else 'plain'}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; run with CHEESE_UPDATE_SNAPSHOTS=1 once"
    assert text == path.read_text(encoding="utf-8")
    assert ("\x1b[" in text) == colour


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_the_plain_board_fits_80_columns_and_24_rows(slug: str) -> None:
    """At 80 columns the board keeps every word whole and leaves rows for the question."""
    snapshot, _, _ = position(slug, *POSITIONS[slug])
    board = [RENDERERS[slug].board(snapshot.view(0), table_of(snapshot))]
    lines = text_of(board, False).rstrip("\n").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= WIDTH
    assert len(lines) <= 24 - 4, "the board leaves room for the question and the prompt"

    def words(text: str) -> list[str]:
        return sorted(word for word in text.split() if word != "·")  # a gap between items

    assert words(text_of(board, False, 1000)) == words("\n".join(lines))


@pytest.mark.parametrize("slug", ["get-the-cheese", "cheese-drop"])
@pytest.mark.parametrize("seed", range(4))
def test_the_screen_is_the_same_whatever_the_seat_cannot_see(slug: str, seed: int) -> None:
    """A determinization keeps the seat's view and redraws what it cannot see: the
    screen of both must be identical, while the hidden truth differs."""
    players = 4 if slug == "get-the-cheese" else 3
    renderer = RENDERERS[slug]
    rng = random.Random(seed)
    for decisions in (2, 5, 7):
        state, _, _ = position(slug, players, seed, decisions)
        for seat in range(players):
            other = state.determinize(seat, rng)
            table = table_of(state, seat)
            shown = text_of([renderer.board(state.view(seat), table)], False)
            assert shown == text_of([renderer.board(other.view(seat), table)], False)


@pytest.mark.parametrize("seed", range(4))
def test_other_seats_face_down_cards_show_as_backs(seed: int) -> None:
    state, _, _ = position("get-the-cheese", 4, seed, 6)
    for seat in range(4):
        view = state.view(seat)
        assert isinstance(view, GtcView)
        board = text_of([RENDERERS["get-the-cheese"].board(view, table_of(state, seat))], False)
        rows = [line.split()[3:] for line in board.splitlines() if line.startswith("#")]
        assert any(card.face_down and card.owner != seat for line in view.lines for card in line)
        for index, line in enumerate(view.lines):
            tokens = rows[index] if line else []
            for card, token in zip(line, tokens, strict=True):
                letter = COLOUR_LETTERS[card.owner]
                if card.owner != seat and card.face_down:
                    assert token in (f"{letter}:?", f"{letter}:?*")
                else:
                    assert "?" not in token


def test_a_complete_cheese_chasers_game_shows_its_points_by_part() -> None:
    small = {"mice": 8, "cats": 2, "cheese": 4, "traps": 1}
    state = load_game("cheese-chasers").new_initial_state(1, seed=3, **small)
    rng = random.Random(3)
    while not state.is_terminal():
        legal = state.legal_actions()
        chosen = resolve_chance(state) if state.is_chance_node() else rng.choice(legal)
        state = state.apply(chosen)
    view = state.view(0)
    assert isinstance(view, ChasersView) and view.ending == "complete"
    points = points_by_source(view)
    shown = text_of(list(RENDERERS["cheese-chasers"].resolution(view, table_of(state))), False)
    for label, value in (
        ("nice points", points.nice),
        ("cheese bonus", points.bonus),
        ("surrounded cheese", points.surrounded),
        ("total", state.scores()[0]),
    ):
        line = next(line for line in shown.splitlines() if line.startswith(label))
        assert line.split()[-1] == str(value)
    assert "do not count" not in shown


@pytest.mark.parametrize(
    ("options", "shown", "not_shown"),
    [
        ({}, ("stays", "~base", "e7", "if no marble moves"), ()),
        ({"simple": True}, ("stays", "base: if no marble moves"), ("e1", "event bets")),
        ({"hidden_rows": 0}, ("landed", "e7"), ("stays", "~base", "under cover")),
    ],
)
def test_cheese_drops_bets_show_the_odds_the_variant_has(
    options: dict[str, object], shown: tuple[str, ...], not_shown: tuple[str, ...]
) -> None:
    state = load_game("cheese-drop").new_initial_state(3, seed=2, **options)
    rng = random.Random(2)
    while state.is_chance_node() or not state.action_to_string(state.legal_actions()[0]).startswith(
        "lane"
    ):
        legal = state.legal_actions()
        state = state.apply(resolve_chance(state) if state.is_chance_node() else rng.choice(legal))
    board = text_of([RENDERERS["cheese-drop"].board(state.view(0), table_of(state))], False)
    assert all(text in board for text in shown)
    assert not any(text in board for text in not_shown)


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_long_spec_is_folded_whole_in_every_table_of_players(slug: str) -> None:
    """A player label cut short with "…" can read as another bot, so every table that
    names the players folds a label too long for its column instead."""
    spec = "mcts:iterations=45000,infer=policy,exploration=0.85,workers=2"
    _, final, before = position(slug, *POSITIONS[slug])
    names = tuple("you" if seat == 0 else spec for seat in range(final.num_players))
    table = Table(0, names, final.options, final.seed)
    renderer = RENDERERS[slug]
    text = text_of(
        [
            *renderer.scored(before.view(0), final.view(0), table),
            *renderer.resolution(final.view(0), table),
        ],
        colour=False,
    )
    assert "…" not in text
    assert max(len(line.rstrip()) for line in text.splitlines()) <= WIDTH
