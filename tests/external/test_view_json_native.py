"""What the referee writes for an external bot from the C engine is what it wrote from
Python: every view of many seeded games of each game at every table size, written by the
game's ``<prefix>_view_json``, equals the protocol's encoding of the game's
``view_json``; and the legal actions, named once per number and notation key, equal the
codec's names at every decision."""

from __future__ import annotations

import random

import msgspec
import pytest

from cheese.bots.base import Turn
from cheese.engine import State, load_game
from cheese.engine.description import GameDescription
from cheese.engine.games import GAMES
from cheese.referee.external.legal_json import LegalJson
from cheese.referee.external.protocol import act, encode

from ..random_games import random_states

GAMES_PER_COUNT = 2
"""Seeded games per table size in the fast suite; the slow run plays 30 times more."""


def _games(description: GameDescription, backend: str, games: int) -> list[list[State]]:
    info = description.info
    return [
        random_states(
            load_game(info.slug, backend).new_initial_state(num_players=players, seed=seed),
            random.Random(seed),
        )
        for players in range(info.min_players, info.max_players + 1)
        for seed in range(100 * players, 100 * players + games)
    ]


@pytest.mark.parametrize(
    "games", [GAMES_PER_COUNT, pytest.param(30 * GAMES_PER_COUNT, marks=pytest.mark.slow)]
)
@pytest.mark.parametrize("description", GAMES, ids=lambda game: game.slug)
def test_the_c_engine_writes_every_view_as_python_does(
    description: GameDescription, games: int
) -> None:
    checked = 0
    for states in _games(description, "native", games):
        for state in states:
            for seat in range(state.num_players):
                python = encode(description.view_json(state.view(seat)))[:-1]
                assert state.view_json_text(seat) == python, (state, seat)
                checked += 1
    assert checked > 50


@pytest.mark.parametrize("backend, games", [("native", GAMES_PER_COUNT), ("reference", 1)])
def test_the_legal_actions_are_named_as_the_codec_names_them(backend: str, games: int) -> None:
    # One writer for every game, as a worker keeps it: an entry of one game or phase must
    # never be taken for another's.
    legal_json = LegalJson()
    for description in GAMES:
        for states in _games(description, backend, games):
            _check_decisions(legal_json, description, states)


def test_only_cheese_drop_names_its_actions_by_phase() -> None:
    keys = {
        description.slug: {
            state.notation_key()
            for states in _games(description, "native", 1)
            for state in states
            if not state.is_chance_node() and not state.is_terminal()
        }
        for description in GAMES
    }
    # The gate and the bet: the same numbers are a gate's marbles and a lane's bet.
    assert keys == {"get-the-cheese": {0}, "cheese-chasers": {0}, "cheese-drop": {1, 3}}


def _check_decisions(
    legal_json: LegalJson, description: GameDescription, states: list[State]
) -> None:
    for state in states:
        if state.is_terminal() or state.is_chance_node():
            continue
        turn = Turn(state, state.current_player)
        actions = state.legal_actions()
        names = description.native_codec.actions_to_strings(turn.view, actions)
        legal = legal_json.of(turn, actions)
        assert legal.notations == tuple(zip(actions, names))
        assert legal.numbers == frozenset(actions)
        view = description.view_json(turn.view)
        assert encode(act(3, view, legal.json, None, 2)) == encode(
            act(3, view, list(zip(actions, names)), None, 2)
        )


def test_the_reference_backend_leaves_the_json_to_the_view() -> None:
    state = load_game("get-the-cheese", "reference").new_initial_state(num_players=3, seed=1)
    assert state.view_json_text(0) is None and state.notation_key() is None


def test_a_view_larger_than_the_buffer_is_written_whole() -> None:
    from cheese.engine.native import bridge

    state = load_game("get-the-cheese", "native").new_initial_state(num_players=5, seed=4)
    state = random_states(state, random.Random(4))[-1]
    functions = state._setup.game.functions  # type: ignore[attr-defined]
    expected = state.view_json_text(0)
    functions.text_out = bridge.ffi.new("char[]", 16)
    assert state.view_json_text(0) == expected
    assert len(functions.text_out) >= len(expected)


def test_an_act_with_its_view_written_is_the_same_line() -> None:
    view = {"seat": 0, "cards": [[0, 0, 1]]}
    written = msgspec.Raw(msgspec.json.encode(view))
    assert encode(act(1, written, [(3, "B1")], None)) == encode(act(1, view, [(3, "B1")], None))


def test_a_list_named_once_is_not_named_from_the_view_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cheese.referee.external import legal_json as module

    views: list[Turn] = []
    seen = Turn.view

    def counted(turn: Turn) -> object:
        views.append(turn)
        return seen.fget(turn)  # type: ignore[attr-defined]

    monkeypatch.setattr(Turn, "view", property(counted))
    monkeypatch.setattr(module, "MOST_LISTS", 2)
    writer = LegalJson()
    start = load_game("get-the-cheese", "native").new_initial_state(num_players=4, seed=7)
    states = random_states(start, random.Random(7))
    decisions = [s for s in states if not s.is_chance_node() and not s.is_terminal()][:6]
    first = [writer.of(Turn(s, s.current_player), s.legal_actions()) for s in decisions]
    named = len(views)
    again = [writer.of(Turn(s, s.current_player), s.legal_actions()) for s in decisions]
    assert again == first and len(views) == named and named <= len(decisions)
    assert len(writer._lists) <= 2  # forgotten past the bound, written again as they come
