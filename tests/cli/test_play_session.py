"""The play session in-process: undo (a step, a decision), board, hint, and the record."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cheese.bots.base import Decision
from cheese.bots.registry import make_bot
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import Replay
from cheese.cli.play.session import Players, PlaySession, Terminal
from cheese.cli.play.terminal import make_console
from cheese.engine import load_game
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.get_the_cheese.moves import DRAW
from cheese.engine.records import GameRecord, replay_states


def run_session(
    slug: str, players: int, script: list[str], path: Path, seed: int = 3
) -> tuple[int, str, GameRecord]:
    """Play ``script`` at seat 0 against greedy bots; end of input after it."""
    typed: Iterator[str] = iter(script)

    def read_line(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    buffer = io.StringIO()
    state = load_game(slug).new_initial_state(num_players=players, seed=seed)
    bots = {seat: make_bot("greedy") for seat in range(1, players)}
    session = PlaySession(
        RENDERERS[slug],
        Players((0,), bots, make_bot("greedy")),
        Terminal(make_console(plain=True, width=80, file=buffer), read_line, 0.0),
        path,
        state,
    )
    code = session.run()
    return code, buffer.getvalue(), GameRecord.from_json(path.read_text())


def test_undo_goes_back_to_the_previous_decision(tmp_path: Path) -> None:
    _, out, record = run_session("cheese-chasers", 1, ["1", "1", "undo"], tmp_path / "r.json")
    assert "Back to your previous decision." in out
    view = replay_states(record)[-1].view(0)
    assert isinstance(view, ChasersView) and len(view.cards) == 2


def test_undo_inside_a_move_goes_back_one_step(tmp_path: Path) -> None:
    _, out, record = run_session("get-the-cheese", 3, ["2", "undo", "1"], tmp_path / "r.json")
    assert "1st card (face down on the starting cheese):" in out
    states = replay_states(record)
    mine = [action for state, action in zip(states, record.actions) if state.current_player == 0]
    assert mine[:1] == [DRAW]


def test_nothing_to_undo_at_the_first_decision(tmp_path: Path) -> None:
    code, out, record = run_session("cheese-chasers", 1, ["undo"], tmp_path / "r.json")
    assert code == 0 and "Nothing to undo" in out
    assert "Game saved to" in out and record.players == ("human",)


def test_board_shows_the_table_again_and_hint_lists_top_moves(tmp_path: Path) -> None:
    _, out, _ = run_session("cheese-drop", 2, ["board", "hint"], tmp_path / "r.json")
    assert out.count("betting order") == 2
    assert "greedy's top choices (value" in out and "  1. gate " in out


def test_replay_shows_one_seats_view_or_everything(tmp_path: Path) -> None:
    _, _, record = run_session("get-the-cheese", 3, ["2"] + ["1"] * 40, tmp_path / "r.json")
    screens = {}
    for seat in (1, None):
        buffer = io.StringIO()
        Replay(
            RENDERERS["get-the-cheese"],
            record,
            seat,
            make_console(plain=True, width=80, file=buffer),
            _lines(["12", "q"]),
        ).run()
        screens[seat] = buffer.getvalue().split("move 12/")[1]
    assert "seat 1's view" in screens[1] and "everything revealed" in screens[None]
    assert "b:?" in screens[1] and "b:(" not in screens[1]
    assert "?" not in screens[None].split("hands:")[0]


def _lines(script: list[str]) -> Callable[[str], str]:
    typed = iter(script)
    return lambda prompt: next(typed)


class _BrokenBot:
    spec = "broken"

    def choose(self, turn: object, rng: object) -> Decision:
        raise RuntimeError("out of cheese")


def test_a_failing_bot_ends_the_game_saved_with_exit_code_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    buffer = io.StringIO()
    path = tmp_path / "r.json"
    state = load_game("cheese-drop").new_initial_state(num_players=2, seed=1, start_player=1)
    session = PlaySession(
        RENDERERS["cheese-drop"],
        Players((0,), {1: _BrokenBot()}, make_bot("greedy")),
        Terminal(make_console(plain=True, width=80, file=buffer), _lines([]), 0.0),
        path,
        state,
    )
    assert session.run() == 1
    assert "bot broken (P2) failed: out of cheese" in capsys.readouterr().err
    assert GameRecord.from_json(path.read_text()).players == ("human", "broken")


def test_a_revealed_cheese_drop_replay_shows_the_lanes_under_the_cover(tmp_path: Path) -> None:
    _, _, record = run_session("cheese-drop", 2, ["1"] * 400, tmp_path / "r.json", seed=5)
    states = replay_states(record)
    positions = [state for state in states if not state.is_chance_node()]
    move, state = next(
        (move, state)
        for move, state in enumerate(positions)
        if state.current_player == 0
        and any(
            shown.seen_lane != lane
            for shown, lane in zip(state.view(0).marbles, state.revealed_view().lanes)
        )
    )
    screens = {}
    for seat in (0, None):
        buffer = io.StringIO()
        Replay(
            RENDERERS["cheese-drop"],
            record,
            seat,
            make_console(plain=True, width=80, file=buffer),
            _lines([str(move), "q"]),
        ).run()
        screens[seat] = buffer.getvalue().split(f"move {move}/")[1]
        assert max(len(line) for line in screens[seat].splitlines()) <= 80
    paths = [
        f"{'YRMC'[marble.colour]} {marble.slot + 1}→{marble.seen_lane + 1}"
        + (f"→({lane + 1})" if marble.rows_fallen > 3 else "")
        for marble, lane in zip(state.view(0).marbles, state.revealed_view().lanes)
    ]
    assert all(path + " " in screens[None] or path + "\n" in screens[None] for path in paths)
    really_in = next(line for line in screens[None].splitlines() if line.startswith("really in"))
    marbles = state.view(0).marbles
    assert really_in.split()[2:] == [
        "".join(
            sorted(
                (
                    "YRMC"[m.colour]
                    for m, lane in zip(marbles, state.revealed_view().lanes)
                    if lane == number
                ),
                key="YRMC".index,
            )
        )
        or "·"
        for number in range(6)
    ]
    assert "really in" not in screens[0]
    assert "→(" not in screens[0]
