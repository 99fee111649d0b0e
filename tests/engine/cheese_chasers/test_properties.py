"""Properties over random games (hypothesis, derandomized)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.engine.api import CHANCE, IllegalActionError
from cheese.engine.cheese_chasers import ReferenceGame
from cheese.engine.cheese_chasers.board import neighbour
from cheese.engine.cheese_chasers.state import ChasersState
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.luck import resolve_chance

from ...random_games import random_game

GAME = ReferenceGame()
seeds = st.integers(min_value=0, max_value=2**64 - 1)
compositions = st.tuples(
    st.integers(0, 12), st.integers(0, 5), st.integers(0, 6), st.integers(0, 4)
).filter(lambda counts: sum(counts) > 0)


def _new(seed: int, counts: tuple[int, int, int, int] = (20, 7, 9, 4)) -> ChasersState:
    mice, cats, cheese, traps = counts
    return GAME.new_initial_state(seed=seed, mice=mice, cats=cats, cheese=cheese, traps=traps)


def _history(seed: int, policy_seed: int) -> list[ChasersState]:
    """Every state of a game: chance by paired luck, placements at random."""
    rng = random.Random(policy_seed)
    state = _new(seed)
    states = [state]
    while not state.is_terminal():
        legal = state.legal_actions()
        action = resolve_chance(state) if state.is_chance_node() else rng.choice(legal)
        state = state.apply(action)
        states.append(state)
    return states


def _conserved(view: ChasersView, counts: tuple[int, ...]) -> bool:
    held = [0, 0, 0, 0]
    for _, _, kind in view.cards:
        held[kind] += 1
    if view.pending is not None:
        held[view.pending] += 1
    return all(h + left == count for h, left, count in zip(held, view.left, counts, strict=True))


@settings(derandomize=True, max_examples=40, deadline=None)
@given(seeds, seeds, compositions)
def test_random_play_ends_and_conserves_cards(
    seed: int, policy_seed: int, counts: tuple[int, int, int, int]
) -> None:
    state = _new(seed, counts)
    final, actions = random_game(state, random.Random(policy_seed))
    view = final.view(0)
    assert isinstance(view, ChasersView) and final.is_terminal()
    assert len(actions) <= 2 * sum(counts)
    assert _conserved(view, counts)
    if view.ending == "complete":
        assert len(view.cards) == sum(counts)


@settings(derandomize=True, max_examples=30, deadline=None)
@given(seeds, seeds)
def test_every_step_keeps_the_invariants(seed: int, policy_seed: int) -> None:
    history = _history(seed, policy_seed)
    for before, after in zip(history, history[1:]):
        view = after.view(0)
        assert _conserved(view, (20, 7, 9, 4))
        assert view.cards == tuple(sorted(view.cards))
        assert len({(x, y) for x, y, _ in view.cards}) == len(view.cards)
        if before.current_player == 0:
            # a placement lands on a neighbour of the previous card
            previous = before.view(0).last
            assert previous is not None
            assert view.last in {neighbour(previous, d) for d in range(8)}
        if not after.is_terminal():
            assert after.scores() == (0,)


@settings(derandomize=True, max_examples=25, deadline=None)
@given(seeds, seeds)
def test_same_seed_and_actions_give_the_same_states(seed: int, policy_seed: int) -> None:
    first = _history(seed, policy_seed)
    second = _history(seed, policy_seed)
    assert first == second
    assert [hash(state) for state in first] == [hash(state) for state in second]


@settings(derandomize=True, max_examples=25, deadline=None)
@given(seeds, seeds, st.integers(-3, 12))
def test_illegal_actions_raise(seed: int, policy_seed: int, action: int) -> None:
    for state in _history(seed, policy_seed)[::7]:
        if action in state.legal_actions():
            continue
        with pytest.raises(IllegalActionError):
            state.apply(action)


def _drawn_kinds(states: list[ChasersState]) -> list[int]:
    """The kind of every card drawn, in order (read off the deck counts)."""
    return [
        next(kind for kind in range(4) if before.left[kind] != after.left[kind])
        for before, after in zip(states, states[1:])
        if before.current_player == CHANCE
    ]


@settings(derandomize=True, max_examples=25, deadline=None)
@given(seeds, seeds, seeds)
def test_the_same_seed_deals_the_same_cards_whatever_the_placements(
    seed: int, policy_a: int, policy_b: int
) -> None:
    draws_a = _drawn_kinds(_history(seed, policy_a))
    draws_b = _drawn_kinds(_history(seed, policy_b))
    common = min(len(draws_a), len(draws_b))
    assert common >= 2
    assert draws_a[:common] == draws_b[:common]


@settings(derandomize=True, max_examples=20, deadline=None)
@given(seeds, seeds, st.integers(0, 2**32))
def test_determinize_keeps_the_view(seed: int, policy_seed: int, rng_seed: int) -> None:
    for state in _history(seed, policy_seed)[::5]:
        rng = random.Random(rng_seed)
        determinized = state.determinize(0, rng)
        assert determinized.view(0) == state.view(0)
        assert determinized.legal_actions() == state.legal_actions()


def test_draw_weights_are_the_deck_counts_at_every_draw() -> None:
    for seed in range(20):
        for state in _history(seed, seed):
            if state.is_chance_node():
                left = state.view(0).left
                assert state.chance_weights() == [(k, left[k]) for k in range(4) if left[k]]


def test_first_draws_follow_the_deck_proportions() -> None:
    counts = [0, 0, 0, 0]
    games = 4000
    for seed in range(games):
        counts[resolve_chance(GAME.new_initial_state(seed=seed))] += 1
    expected = [games * share / 40 for share in (20, 7, 9, 4)]
    chi_square = sum((c - e) ** 2 / e for c, e in zip(counts, expected, strict=True))
    assert chi_square < 16.3  # 3 degrees of freedom, p = 0.001
