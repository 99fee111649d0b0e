"""Properties over many generated games (hypothesis, derandomized)."""

from __future__ import annotations

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cheese.engine.api import IllegalActionError
from cheese.engine.cheese_drop import ReferenceGame
from cheese.engine.cheese_drop.core import ROUNDS, Phase
from cheese.engine.cheese_drop.marbles import bag_for_round
from cheese.engine.cheese_drop.options import DropOptions, can_run_out_of_cells
from cheese.engine.cheese_drop.state import DropState
from cheese.engine.luck import resolve_chance

SETTINGS = settings(derandomize=True, max_examples=30, deadline=None)
MAX_STEPS = 3 * (5 * 4 * (1 + 255) + 5 + 3 * 5) + 10


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, dict[str, object]]:
    players = draw(st.integers(2, 5))
    rows = draw(st.integers(0, 8))
    options: dict[str, object] = {
        "rows": rows,
        "hidden_rows": draw(st.integers(0, rows)),
        "start_player": draw(st.integers(0, players - 1)),
    }
    table = DropOptions(simple=draw(st.booleans()), cells_per_column=draw(st.integers(1, 3)))
    assume(not can_run_out_of_cells(players, table))
    options["simple"], options["cells_per_column"] = table.simple, table.cells_per_column
    seed = draw(st.integers(0, (1 << 64) - 1))
    return players, seed, options


def new_state(setup: tuple[int, int, dict[str, object]]) -> DropState:
    players, seed, options = setup
    return ReferenceGame().new_initial_state(players, seed, **options)  # type: ignore[arg-type]


def play(state: DropState, rng: random.Random) -> tuple[list[DropState], list[int]]:
    states, actions = [state], []
    while not state.is_terminal():
        assert len(actions) < MAX_STEPS, "a game ends"
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            legal = state.legal_actions()
            assert legal, "the seat to act always has a legal action"
            action = legal[rng.randrange(len(legal))]
        state = state.apply(action)
        states.append(state)
        actions.append(action)
    return states, actions


def drawn_state(
    setup: tuple[int, int, dict[str, object]], decisions: int, data: st.DataObject
) -> DropState:
    """A state drawn from anywhere in the game of ``setup`` played with ``decisions``."""
    states, _ = play(new_state(setup), random.Random(decisions))
    return states[data.draw(st.integers(0, len(states) - 1))]


@SETTINGS
@given(setups(), st.integers(0, 1000))
def test_random_games_end_and_conserve_marbles(
    setup: tuple[int, int, dict[str, object]], decisions: int
) -> None:
    states, _ = play(new_state(setup), random.Random(decisions))
    for state in states:
        if state.round_index == ROUNDS:
            continue
        out = [0, 0, 0, 0]
        for marble in state.marbles:
            out[marble.colour] += 1
        held = tuple(b + h + o for b, h, o in zip(state.bag, state.hand, out))
        assert held == bag_for_round(state.round_index)
    assert states[-1].phase == Phase.OVER and len(states[-1].results) == ROUNDS


@SETTINGS
@given(setups(), st.integers(0, 1000))
def test_the_same_seed_and_actions_give_the_same_states(
    setup: tuple[int, int, dict[str, object]], decisions: int
) -> None:
    states, actions = play(new_state(setup), random.Random(decisions))
    replayed = new_state(setup)
    for action, expected in zip(actions, states[1:]):
        replayed = replayed.apply(action)
        assert replayed == expected and hash(replayed) == hash(expected)


@SETTINGS
@given(setups(), st.integers(0, 1000), st.data())
def test_determinize_keeps_views_and_redraws_the_hidden_rows(
    setup: tuple[int, int, dict[str, object]], decisions: int, data: st.DataObject
) -> None:
    state = drawn_state(setup, decisions, data)
    seat = data.draw(st.integers(0, state.num_players - 1))
    samples = [state.determinize(seat, random.Random(rng_seed)) for rng_seed in range(4)]
    for sample in samples:
        assert [sample.view(s) for s in range(state.num_players)] == [
            state.view(s) for s in range(state.num_players)
        ]
    visible = state.setup.options.visible_rows
    hidden_rolled = sum(max(0, m.rows_fallen - visible) for m in state.marbles)
    if hidden_rolled >= 6:
        assert len({sample.marbles for sample in samples}) >= 2
    if hidden_rolled == 0:
        assert all(sample.marbles == state.marbles for sample in samples)
    assert all(sample.seed != state.seed for sample in samples)


@SETTINGS
@given(setups(), st.integers(0, 1000), st.data())
def test_illegal_actions_raise(
    setup: tuple[int, int, dict[str, object]], decisions: int, data: st.DataObject
) -> None:
    state = drawn_state(setup, decisions, data)
    legal = set(state.legal_actions())
    action = data.draw(st.integers(-5, 5**6 + 5).filter(lambda a: a not in legal))
    try:
        state.apply(action)
    except IllegalActionError:
        return
    raise AssertionError(f"action {action} was accepted in phase {state.phase.name}")


@SETTINGS
@given(setups(), st.integers(0, 1000), st.integers(0, 1000))
def test_paired_luck_ignores_the_decisions(
    setup: tuple[int, int, dict[str, object]], first: int, second: int
) -> None:
    outcomes = []
    for decisions in (first, second):
        states, actions = play(new_state(setup), random.Random(decisions))
        draws: dict[int, int] = {}
        falls: dict[int, tuple[int, int]] = {}
        for state, action in zip(states, actions):
            if state.phase == Phase.DRAW:
                draws[state.chance_key()] = action
            elif state.phase == Phase.FALL:
                rows = state.setup.options.rows
                lane = next(m.lane for m in state.marbles if m.rows_fallen < rows)
                falls[state.chance_key()] = (lane, action)
        outcomes.append((draws, falls))
    (draws_a, falls_a), (draws_b, falls_b) = outcomes
    assert draws_a == draws_b, "the n-th marble of a drop has the same colour"
    # Which slots hold marbles depends on the gates; a slot used in both games bounces alike.
    for key, (lane_a, landed_a) in falls_a.items():
        if key not in falls_b:
            continue
        lane_b, landed_b = falls_b[key]
        if 1 <= lane_a <= 4 and 1 <= lane_b <= 4:
            assert landed_a - lane_a == landed_b - lane_b, "the same bounce at that slot and row"
        elif 1 <= lane_a <= 4:
            assert landed_b == min(max(lane_b + landed_a - lane_a, 0), 5)
        elif 1 <= lane_b <= 4:
            assert landed_a == min(max(lane_a + landed_b - lane_b, 0), 5)
