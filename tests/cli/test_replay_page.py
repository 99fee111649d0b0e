"""``cheese replay --html``: one page that needs nothing but itself, holding every
position in every view, the bots' top choices and the analysis marks; bad input is one
line with exit code 2."""

from __future__ import annotations

import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cheese.analysis import analysis_path
from cheese.cli.play.analysis_file import mark_symbol, read_analysis
from cheese.cli.play.record_file import load_record
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay_page import PageInputs, page_inputs, replay_page
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

from .conftest import refused, run

DATA = Path(__file__).parents[1] / "data" / "replay"
RECORD = DATA / "get-the-cheese.json"
"""A game of a person (P1) against two MCTS bots, saved by cheese play with the bots'
choices; its analysis is beside it."""


def page_data(text: str) -> dict[str, object]:
    found = re.search(
        r'<script type="application/json" id="replay-data">(.*?)</script>', text, re.S
    )
    assert found is not None
    data = json.loads(found.group(1))
    assert isinstance(data, dict)
    return data


@pytest.fixture(scope="module")
def seat_two_text() -> str:
    """The page of ``RECORD`` opening on P2's view, as ``--html`` writes it (drawn once:
    drawing every position in every view takes a while)."""
    inputs = page_inputs(RECORD, None)
    return replay_page(RENDERERS["get-the-cheese"], load_record(RECORD), inputs, 1).text


@pytest.fixture(scope="module")
def seat_two_page(seat_two_text: str) -> dict[str, object]:
    return page_data(seat_two_text)


SEED = 2**64 - 1
"""The largest deal seed, beyond what a JavaScript number holds exactly."""


def small_game(path: Path) -> GameRecord:
    """A short Cheese Chasers game played by its first choices, saved in ``path``."""
    state = load_game("cheese-chasers").new_initial_state(
        num_players=1, seed=SEED, mice=2, cats=1, cheese=1, traps=1
    )
    actions = []
    while not state.is_terminal():
        action = resolve_chance(state) if state.is_chance_node() else state.legal_actions()[0]
        actions.append(action)
        state = state.apply(action)
    record = GameRecord.of_game(state, ["first"], actions)
    path.write_text(record.to_json())
    return record


def shown(snippet: object) -> str:
    """A drawing's text as the page shows it."""
    assert isinstance(snippet, str)
    return html.unescape(re.sub(r"<[^>]+>", "", snippet))


def test_the_page_needs_nothing_but_itself(seat_two_text: str) -> None:
    text = seat_two_text
    assert text.startswith("<!doctype html>") and "__REPLAY_DATA__" not in text
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:)?//""", text, re.I)
    assert "<link" not in text and not re.search(r"<script[^>]*\bsrc=", text)
    assert "@import" not in text and "url(" not in text
    data = page_data(text)
    assert data["title"] == "Get The Cheese!" and data["seed"] == "5"
    assert len(data["views"]) == 4  # everything, then P1 to P3
    positions = data["positions"]
    assert isinstance(positions, list) and len(positions) == 28
    assert all(len(views) == 4 for views in positions)


def test_html_writes_the_page_and_says_where(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = small_game(tmp_path / "game.json")
    page = tmp_path / "page.html"
    code, out, err = run(capsys, "replay", str(tmp_path / "game.json"), "--html", str(page))
    data = page_data(page.read_text(encoding="utf-8"))
    moves = data["moves"]
    assert isinstance(moves, list)
    assert (code, err) == (0, "") and f"{page} ({len(moves)} moves)" in out
    assert all(move["choices"] is None for move in moves)
    assert data["players"] == [{"html": data["players"][0]["html"], "score": record.scores[0]}]
    assert data["analysis"] is None and data["finished"] is True
    assert data["seed"] == str(SEED)


def test_a_seats_view_hides_the_others_hands(seat_two_page: dict[str, object]) -> None:
    data = seat_two_page
    snippets, start = data["snippets"], data["positions"][0]
    assert isinstance(snippets, list)
    revealed, seat_two = shown(snippets[start[0]]), shown(snippets[start[2]])
    assert "hands:" in revealed and "P2's hand:" not in revealed
    assert "P2's hand:" in seat_two and "hands:" not in seat_two
    moves = data["moves"]
    assert isinstance(moves, list)
    # P3's first play, as everything revealed shows it and as P1 saw it (face down).
    assert "?" not in moves[2]["labels"][0] and "?" in moves[2]["labels"][1]


def test_the_bots_choices_and_the_analysis_are_at_their_moves(
    seat_two_page: dict[str, object],
) -> None:
    data = seat_two_page
    assert data["start"] == 2
    moves = data["moves"]
    assert isinstance(moves, list)
    chosen = moves[1]["choices"]  # move 2, P2's first play
    assert chosen["measure"] == "visit share"
    assert chosen["top"][0] == {"move": "3:mouse,big,king", "value": "18%", "played": True}
    assert moves[0]["choices"] is None  # the person's move
    marks = {
        number: move["analysis"]["symbol"]
        for number, move in enumerate(moves, 1)
        if move["analysis"] is not None
    }
    assert marks == {
        1: None, 4: None, 7: None, 10: "??", 13: None, 16: "??", 19: None, 22: "??", 25: "??"
    }
    blunder = moves[24]["analysis"]
    # The analysis writes the engine's notation; the page numbers cheeses as the board.
    assert (blunder["played"], blunder["best"]) == ("1:cat,cat*,dog", "4:cat,dog,cat*")
    assert blunder["played_figures"] == "win 0%, 6.0 points"
    assert blunder["reason"] == "gives away 2 sure points"
    assert data["analysis"] == {
        "seat": 0,
        "bot": "mcts:iterations=15000",
        "accuracy": "69%",
        "points_lost": 9.91,
        "biggest": [25, 10, 22],
    }


def test_the_analysis_beside_the_record_or_given_is_read(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    shutil.copy(RECORD, record)
    alone = page_inputs(record, None)
    assert alone.analysis is None and alone.choices == page_inputs(RECORD, None).choices
    given = page_inputs(record, analysis_path(RECORD))
    assert given.analysis is not None and given.analysis_path == analysis_path(RECORD)
    assert page_inputs(None, None) == PageInputs({}, None, None)


def test_the_page_reads_the_analysis_cheese_analyze_saved() -> None:
    analysis = read_analysis(analysis_path(RECORD))
    assert [mark_symbol(item.mark) for item in analysis.decisions] == [
        None, None, None, "??", None, "??", None, "??", "??"
    ]
    inputs = page_inputs(RECORD, None)
    assert inputs.analysis == analysis and inputs.choices


def _changed_analysis(change: Callable[[dict[str, Any]], None]) -> str:
    """The saved analysis of the test record as JSON, after ``change``."""
    document = json.loads(analysis_path(RECORD).read_text())
    change(document)
    return json.dumps(document)


def _set(path: tuple[str | int, ...], value: object) -> Callable[[dict[str, Any]], None]:
    def change(document: dict[str, Any]) -> None:
        target: Any = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("analysis", "message"),
    [
        ("{not json", "not an analysis file"),
        ('{"decisions": [{"move": 1}]}', "not an analysis file"),
        (_changed_analysis(_set(("game",), "cheese-drop")), "analyses a game of 'cheese-drop'"),
        (
            _changed_analysis(_set(("decisions", 0, "action_index"), 0)),
            "puts move 1 at action 0, which is not where the record has it",
        ),
        (
            _changed_analysis(_set(("decisions", 0, "move"), 99)),
            "(the record has 27 moves)",
        ),
    ],
    ids=["not-json", "not-an-analysis", "another-game", "misplaced-move", "move-past-end"],
)
def test_a_bad_analysis_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, analysis: str, message: str
) -> None:
    given = tmp_path / "bad.analysis.json"
    given.write_text(analysis)
    html = str(tmp_path / "page.html")
    err = refused(capsys, "replay", str(RECORD), "--html", html, "--analysis", str(given))
    assert message in err


def test_an_unwritable_page_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    err = refused(capsys, "replay", str(RECORD), "--html", str(blocker / "page.html"))
    assert "cannot write the replay page" in err and "is a file, not a folder" in err
    err = refused(capsys, "replay", str(RECORD), "--html", str(tmp_path))
    assert "is a directory" in err
    err = refused(capsys, "replay", str(RECORD), "--analysis", str(RECORD))
    assert "give --html FILE with it" in err
