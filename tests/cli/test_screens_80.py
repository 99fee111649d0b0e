"""Every play and replay screen at 80 columns: snapshots from fixed seeds, and the
structural rules behind them (no line beyond 80 columns, nothing cut or broken inside a
word, a number typed picks the thing shown with that number, a page never scrolls
unread).

The snapshots are plain text (no colour), so each of them also shows that nothing is
said by colour alone. After a deliberate change of the screens, rewrite them with
``CHEESE_UPDATE_SCREENS=1 pytest tests/cli/test_screens_80.py`` and read the diff.
"""

from __future__ import annotations

import io
import os
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from rich.console import Console, Group, RenderableType
from rich.text import Text

from cheese.cli.play.menu import Menu, Question
from cheese.cli.play.pager import MORE, page
from cheese.cli.play.prompt import NoSuchChoice
from cheese.cli.play.renderer import Flow, Renderer, Table
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import Replay
from cheese.engine import Action, State, load_game
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

SCREENS = Path(__file__).parent.parent / "data" / "screens"
UPDATE = os.environ.get("CHEESE_UPDATE_SCREENS") == "1"
"""Set to 1 to rewrite the snapshot files after a deliberate change of the screens."""
WIDTH = 80
HEIGHT = 24
WIDE = 1000
"""A width at which nothing needs wrapping: the words drawn at 80 columns must be the
same words."""
TABLES = [
    ("get-the-cheese", 3),
    ("get-the-cheese", 4),
    ("get-the-cheese", 5),
    ("cheese-drop", 2),
    ("cheese-drop", 3),
    ("cheese-drop", 4),
    ("cheese-drop", 5),
    ("cheese-chasers", 1),
]
SEED = 11
"""The deal and the random players' moves of every snapshot."""


@dataclass
class Game:
    """A game of random moves from ``SEED``: the person (seat 0) decides at ``snapshot``;
    what the person saw the others do before it, and everything that was scored."""

    slug: str
    players: int
    snapshot: State
    final: State
    actions: list[Action]
    seen: list[RenderableType] = field(default_factory=list)
    scored: list[RenderableType] = field(default_factory=list)

    @property
    def renderer(self) -> Renderer:
        return RENDERERS[self.slug]


def names(players: int) -> tuple[str, ...]:
    return tuple("you" if seat == 0 else ("greedy", "random")[seat % 2] for seat in range(players))


def table_of(state: State) -> Table:
    legal = tuple(state.legal_actions()) if state.current_player == 0 else ()
    return Table(0, names(state.num_players), state.options, state.seed, legal)


def play(
    slug: str, players: int, decisions: int, wanted: Callable[[State], bool] = lambda _: True
) -> Game:
    """Random moves from ``SEED``; the snapshot is seat 0's first decision after
    ``decisions`` of its own at which ``wanted`` holds."""
    rng = random.Random(f"{slug}:{players}:{SEED}")
    state = load_game(slug).new_initial_state(num_players=players, seed=SEED)
    renderer = RENDERERS[slug]
    snapshot: State | None = None
    seen: list[RenderableType] = []
    scored: list[RenderableType] = []
    actions: list[Action] = []
    made = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            mover = state.current_player
            if mover == 0:
                if snapshot is None and made >= decisions and wanted(state):
                    snapshot = state
                made += 1
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        before = state
        state = state.apply(action)
        actions.append(action)
        table = table_of(state)
        if not before.is_chance_node() and before.current_player != 0 and snapshot is None:
            line = renderer.describe(before.view(0), state.view(0), before.current_player, table)
            if line is not None:
                seen.append(line)
        scored.extend(renderer.scored(before.view(0), state.view(0), table))
    assert snapshot is not None, "the game reaches the wanted position"
    return Game(slug, players, snapshot, state, actions, seen[-2 * players :], scored)


def questions(game: Game, answer: Callable[[Question], str]) -> list[Question]:
    """The questions of the snapshot's decision, each answered by ``answer``."""
    state = game.snapshot
    view = state.view(0)
    menu = Menu(
        tuple(
            (action, game.renderer.choice_path(view, action, state.action_to_string(action)))
            for action in state.legal_actions()
        )
    )
    asked: list[Question] = []
    chosen: tuple[str, ...] = ()
    while isinstance(question := menu.ask(chosen), Question):
        asked.append(question)
        chosen = (*question.chosen, answer(question))
    return asked


def question_block(question: Question) -> RenderableType:
    """A question as the session shows it: the answers so far, the question, the choices."""
    line = Text(question.text, style="bold")
    if question.chosen:
        line = Text.assemble((" › ".join(question.chosen) + " › ", "dim"), line)
    return Group(Flow((line,)), Flow(question.choices(), gap="   "))


def console(width: int = WIDTH, height: int = HEIGHT) -> Console:
    return Console(
        width=width,
        height=height,
        record=True,
        color_system=None,
        file=io.StringIO(),
        highlight=False,
        markup=False,
        emoji=False,
    )


def drawn(renderables: list[RenderableType], width: int = WIDTH) -> str:
    screen = console(width)
    for renderable in renderables:
        screen.print(renderable)
    return screen.export_text()


def board_screen(game: Game) -> list[RenderableType]:
    """The board at the snapshot with every question of the decision (the last answer
    taken each time, to reach the later questions)."""
    state = game.snapshot
    shown: list[RenderableType] = [game.renderer.board(state.view(0), table_of(state))]
    shown.extend(question_block(q) for q in questions(game, lambda q: q.answers[-1]))
    return shown


def end_screen(game: Game) -> list[RenderableType]:
    final = game.final
    table = table_of(final)
    return [
        game.renderer.board(final.view(0), table),
        *game.renderer.resolution(final.view(0), table),
    ]


def screens() -> Iterator[tuple[str, list[RenderableType]]]:
    """Every screen, by the name of its snapshot file."""
    for slug, players in TABLES:
        game = play(slug, players, 3, choosing)
        name = f"{slug}.{players}p"
        yield f"{name}.board", board_screen(game)
        if game.seen or game.scored:
            yield f"{name}.moves", [*game.seen, *game.scored]
        yield f"{name}.end", end_screen(game)
    for players in (3, 5):
        yield (
            f"cheese-drop.{players}p.bet",
            board_screen(
                play("cheese-drop", players, 1, lambda state: betting_with_a_lane_taken(state))
            ),
        )
        yield f"get-the-cheese.{players}p.revealed", revealed_screen("get-the-cheese", players)
    yield "cheese-drop.4p.revealed", revealed_screen("cheese-drop", 4)


def choosing(state: State) -> bool:
    """Seat 0 has more than one move, so the screen asks something."""
    return len(state.legal_actions()) > 1


def betting_with_a_lane_taken(state: State) -> bool:
    """Seat 0 bets and cannot bet on some lane (its own piece or a full column there)."""
    legal = state.legal_actions()
    betting = state.action_to_string(legal[0]).startswith(("lane", "event"))
    return betting and any(lane not in legal for lane in range(6))


def revealed_screen(slug: str, players: int) -> list[RenderableType]:
    game = play(slug, players, 4)
    table = Table(-1, names(players), game.snapshot.options, game.snapshot.seed)
    return [game.renderer.revealed_board(game.snapshot.revealed_view(), table)]


SCREEN_LIST = list(screens())


@pytest.mark.parametrize(("name", "shown"), SCREEN_LIST, ids=[name for name, _ in SCREEN_LIST])
def test_the_screen_matches_its_snapshot(name: str, shown: list[RenderableType]) -> None:
    text = "\n".join(line.rstrip() for line in drawn(shown).splitlines()) + "\n"
    path = SCREENS / f"{name}.txt"
    if UPDATE:
        SCREENS.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; run with CHEESE_UPDATE_SCREENS=1 once"
    assert text == path.read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "shown"), SCREEN_LIST, ids=[name for name, _ in SCREEN_LIST])
def test_nothing_is_wider_than_80_columns_or_broken_inside_a_word(
    name: str, shown: list[RenderableType]
) -> None:
    narrow = drawn(shown)
    assert max(len(line.rstrip()) for line in narrow.splitlines()) <= WIDTH
    assert words(narrow) == words(drawn(shown, WIDE)), "a word was cut or broken at 80 columns"


def words(text: str) -> Counter[str]:
    """The words of ``text``, without the separators a line break between items drops."""
    return Counter(word.rstrip(",") for word in text.split() if word != "·")


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_the_board_and_its_question_fit_a_24_row_screen(slug: str, players: int) -> None:
    """The board, a question of two lines and the prompt: what the person reads at once."""
    game = play(slug, players, 3, choosing)
    rows = drawn([game.renderer.board(game.snapshot.view(0), table_of(game.snapshot))])
    assert len(rows.splitlines()) + 3 <= HEIGHT - 1, "one row is left for the screen's title"


def test_a_cheese_is_picked_by_the_number_it_has_on_the_board() -> None:
    game = play("get-the-cheese", 5, 3, lambda state: len(state.legal_actions()) > 1)
    start = questions(game, lambda q: q.answers[-1])[-1]
    assert start.shown_numbers == tuple(range(1, 11))
    board = drawn([game.renderer.board(game.snapshot.view(0), table_of(game.snapshot))])
    label = start.pick("3")
    assert label is not None and label.startswith("#3 ")
    assert re.search(r"^#3 +" + re.escape(label.split(" ", 1)[1]), board, re.MULTILINE)
    assert start.pick("0") is None and start.pick("11") is None


def test_a_lane_is_picked_by_its_own_number_when_others_are_taken() -> None:
    game = play("cheese-drop", 3, 1, betting_with_a_lane_taken)
    legal = game.snapshot.legal_actions()
    lanes = questions(game, lambda q: q.answers[0])[-1]
    free = tuple(lane + 1 for lane in range(6) if lane in legal)
    assert len(free) < 6
    assert lanes.shown_numbers == free and lanes.answers == tuple(f"lane {n}" for n in free)
    for number in range(1, 7):
        assert lanes.pick(str(number)) == (f"lane {number}" if number in free else None)


def a_lane_is_full(state: State) -> bool:
    """Seat 0 bets and some lane holds the others' pieces in both of its cells."""
    view = state.view(0)
    assert isinstance(view, DropView)
    full = any(sum(lane in columns for columns in view.bets[1:]) >= 2 for lane in range(6))
    return full and betting_with_a_lane_taken(state)


def test_a_lane_that_is_no_choice_is_named_full_or_already_taken() -> None:
    said: set[str] = set()
    for wanted in (betting_with_a_lane_taken, a_lane_is_full):
        game = play("cheese-drop", 5, 1, wanted)
        view = game.snapshot.view(0)
        assert isinstance(view, DropView)
        legal = game.snapshot.legal_actions()
        lanes = questions(game, lambda q: q.answers[0])[-1]
        for lane in set(range(6)) - set(legal):
            message = NoSuchChoice(str(lane + 1)).message(lanes).plain
            if lane in view.bets[0]:
                expected = f"You already have a piece on lane {lane + 1}: choose "
            else:
                expected = f"Lane {lane + 1} is full: choose "
            assert message.startswith(expected)
            said.add(expected.split()[0])
        assert NoSuchChoice("7").message(lanes).plain.startswith("There is no choice 7")
    assert said == {"You", "Lane"}


@pytest.mark.parametrize("players", [2, 5])
def test_cheese_drops_end_shows_no_empty_table_but_where_the_points_came_from(
    players: int,
) -> None:
    screen = drawn(end_screen(play("cheese-drop", players, 3, choosing)))
    assert "bets, ·· free" not in screen and "in the bag" not in screen
    assert "Where the points came from" in screen


def test_a_gate_slot_is_picked_by_its_number() -> None:
    game = play("cheese-drop", 4, 2, lambda state: state.action_to_string(0).startswith("gate"))
    for question in questions(game, lambda q: q.answers[-1]):
        assert [f"slot {n}" for n in question.shown_numbers] == list(question.answers)


@pytest.mark.parametrize("players", [3, 5])
def test_a_typed_play_uses_the_boards_cheese_numbers(players: int) -> None:
    """What the screen shows for a move is what the person types to play it."""
    game = play("get-the-cheese", players, 2)
    state, renderer = game.snapshot, game.renderer
    view = state.view(0)
    assert isinstance(view, GtcView)
    for action in state.legal_actions():
        shown = renderer.shown_move(view, state.action_to_string(action))
        assert state.parse_action(renderer.typed_move(view, shown)) == action
    count = len(view.cheeses)
    assert renderer.typed_move(view, f"{count}:mouse,mouse,dog").startswith(f"{count - 1}:")
    for wrong in ("0:mouse,mouse,dog", f"{count + 1}:mouse,mouse,dog", "2:mouse,rat,dog"):
        with pytest.raises(ValueError, match=f"#1 to #{count}"):
            renderer.typed_move(view, wrong)


# --- the pager and the replay ---------------------------------------------------------


def test_the_pager_waits_before_a_screen_would_scroll() -> None:
    """Pages of at most a screen less the prompt's row; a block that fits on a screen is
    never split across two."""
    screen = console(height=10)
    waits: list[int] = []

    def wait(prompt: str) -> str:
        waits.append(len(screen.export_text(clear=False).splitlines()))
        return ""

    sizes = [b % 4 + 1 for b in range(12)]
    page(
        screen,
        [
            Text("\n".join(f"block {b} line {n}" for n in range(size)))
            for b, size in enumerate(sizes)
        ],
        wait,
    )
    lines = screen.export_text().splitlines()
    assert len(lines) == sum(sizes)
    pages = [b - a for a, b in zip([0, *waits], [*waits, len(lines)])]
    assert waits and all(rows <= 9 for rows in pages), "one row is kept for the prompt"
    assert all(lines[start].endswith("line 0") for start in waits)


def test_a_block_taller_than_the_screen_is_split() -> None:
    screen = console(height=5)
    prompts: list[str] = []

    def wait(prompt: str) -> str:
        prompts.append(prompt)
        return ""

    page(screen, [Text("\n".join(str(n) for n in range(10)))], wait)
    assert prompts == [MORE, MORE] and screen.export_text().split() == [str(n) for n in range(10)]


def record_of(slug: str, players: int) -> GameRecord:
    game = play(slug, players, 0)
    return GameRecord.of_game(game.final, names(players), game.actions)


class Terminal:
    """A 80×24 terminal typed into from a script: what was printed, with the prompts and
    the typed lines as a person saw them."""

    def __init__(self, script: list[str]) -> None:
        self.screen = console()
        self.script = iter(script)

    def read_line(self, prompt: str) -> str:
        typed = next(self.script)
        self.screen.print(prompt + typed)
        return typed

    def text(self) -> str:
        return "\n".join(line.rstrip() for line in self.screen.export_text().splitlines()) + "\n"


def replayed(slug: str, players: int, script: list[str], seat: int | None = None) -> str:
    terminal = Terminal([*script, "q"])
    Replay(
        RENDERERS[slug], record_of(slug, players), seat, terminal.screen, terminal.read_line
    ).run()
    return terminal.text()


REPLAYS = [
    ("get-the-cheese", 5, ["e", "", "", "", "", "", "zz"], None),
    ("get-the-cheese", 4, ["7"], 1),
    ("cheese-drop", 5, ["9", "e", "", ""], None),
    ("cheese-chasers", 1, ["e", ""], None),
]


@pytest.mark.parametrize(("slug", "players", "script", "seat"), REPLAYS)
def test_the_replay_matches_its_snapshot(
    slug: str, players: int, script: list[str], seat: int | None
) -> None:
    text = replayed(slug, players, script, seat)
    path = SCREENS / f"replay.{slug}.{players}p.{'all' if seat is None else f'P{seat + 1}'}.txt"
    if UPDATE:
        path.write_text(text, encoding="utf-8")
    assert path.exists(), f"no snapshot {path}; run with CHEESE_UPDATE_SCREENS=1 once"
    assert text == path.read_text(encoding="utf-8")
    assert max(len(line) for line in text.splitlines()) <= WIDTH


@pytest.mark.parametrize(("slug", "players", "script", "seat"), REPLAYS)
def test_no_page_of_a_replay_scrolls_unread(
    slug: str, players: int, script: list[str], seat: int | None
) -> None:
    """Between two prompts at most a screen less the prompt's row is printed."""
    lines = replayed(slug, players, script, seat).splitlines()
    prompts = [n for n, line in enumerate(lines) if line.startswith((MORE, "move "))]
    assert all(b - a <= HEIGHT for a, b in zip([-1, *prompts], prompts))


def test_the_replays_title_and_players_are_whole_at_80_columns() -> None:
    text = replayed("get-the-cheese", 5, [])
    title = text.splitlines()[0]
    assert "Get The Cheese! · seed 11 · move 0/45 · everything revealed" in title
    assert "…" not in text
    assert "P1 b you · P2 g random · P3 p greedy · P4 r random" in text


def test_an_error_at_the_last_move_stays_on_screen() -> None:
    lines = replayed("get-the-cheese", 5, ["e", "", "", "", "", "", "", "zz"]).splitlines()
    refused = next(n for n, line in enumerate(lines) if line.endswith("> zz"))
    assert "'zz' is not a key here" in lines[refused + 1]
    assert lines[refused + 2].startswith("move "), "no board is redrawn over the message"
