"""Properties over random games: they end, conserve cards, replay, hide, pair luck."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cheese.engine.api import IllegalActionError
from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.cards import pile_of
from cheese.engine.luck import resolve_chance

PROPERTY = settings(derandomize=True, max_examples=25, deadline=None)
seeds = st.integers(0, 2**64 - 1)
players = st.sampled_from([3, 4, 5])
MAX_STEPS = 2 * 5 + 15 * 5 + 9 * 5


def play_out(state: GtcState, decisions: random.Random) -> list[GtcState]:
    """Every state from ``state`` to the end (chance by paired luck)."""
    return [state for state, _ in steps(state, decisions)]


def steps(state: GtcState, decisions: random.Random) -> list[tuple[GtcState, int | None]]:
    """Every state to the end with the action applied to it (None at the end)."""
    history: list[tuple[GtcState, int | None]] = []
    while not state.is_terminal():
        assert len(history) <= MAX_STEPS, "the game did not end"
        legal = state.legal_actions()
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            action = legal[decisions.randrange(len(legal))]
        assert action in legal
        history.append((state, action))
        state = state.apply(action)
    history.append((state, None))
    return history


def cards_drawn(states: list[GtcState], seat: int) -> list[int]:
    """The kinds ``seat`` drew, in order, read off the hand changes along a game."""
    drawn = []
    for before, after in zip(states, states[1:]):
        if before.is_chance_node() and len(before.table.cheeses) == before.table.cheese_count:
            gained = [
                kind
                for kind in range(7)
                if after.table.hands[seat][kind] > before.table.hands[seat][kind]
            ]
            drawn.extend(gained)
    return drawn


def unseen_kinds(state: GtcState, seat: int) -> set[int]:
    """The kinds in ``seat``'s hand and deck."""
    table = state.table
    return {kind for kind in range(7) if table.hands[seat][kind] or table.decks[seat][kind]}


@PROPERTY
@given(seed=seeds, count=players, choice=st.integers(0, 10**6))
def test_random_legal_play_ends_and_conserves_every_card(
    seed: int, count: int, choice: int
) -> None:
    states = play_out(ReferenceGame().new_initial_state(count, seed), random.Random(choice))
    final = states[-1]
    assert len(states) - 1 == 2 * count + 15 * count + 9 * count
    for state in states[:: 7] + [final]:
        for seat in range(count):
            placed = pile_of([card.kind for card in state.table.placed(seat)])
            held = zip(state.table.hands[seat], state.table.decks[seat], placed, strict=True)
            assert tuple(map(sum, held)) == state.setup.options.composition
    mouse_cards = sum(state.setup.options.composition[:4])
    assert sum(key[2] for key in final.rank_keys()) <= mouse_cards * count
    assert all(score >= 0 for score in final.scores())


@PROPERTY
@given(seed=seeds, count=players, choice=st.integers(0, 10**6))
def test_the_same_seed_and_actions_give_the_same_states(seed: int, count: int, choice: int) -> None:
    game = ReferenceGame()
    history = steps(game.new_initial_state(count, seed), random.Random(choice))
    replayed = game.new_initial_state(count, seed)
    for state, action in history:
        assert replayed == state and hash(replayed) == hash(state)
        if action is not None:
            replayed = replayed.apply(action)
    assert replayed.scores() == history[-1][0].scores()


@PROPERTY
@given(seed=seeds, count=players, choice=st.integers(0, 10**6), cut=st.integers(0, 150))
def test_determinize_keeps_the_view_and_varies_the_hidden_cards(
    seed: int, count: int, choice: int, cut: int
) -> None:
    states = play_out(ReferenceGame().new_initial_state(count, seed), random.Random(choice))
    state = states[min(cut, len(states) - 1)]
    for seat in range(count):
        view = state.view(seat)
        samples = [state.determinize(seat, random.Random(rng_seed)) for rng_seed in range(16)]
        assert all(sample.view(seat) == view for sample in samples)
        tables = {sample.table for sample in samples}
        # A hand card can trade places with a deck card of another kind.
        if any(
            view.hand_sizes[other]
            and view.deck_sizes[other]
            and len(unseen_kinds(state, other)) > 1
            for other in range(count)
            if other != seat
        ):
            assert len(tables) > 1


@PROPERTY
@given(seed=seeds, count=players, choice=st.integers(0, 10**6), junk=st.integers(-5, 4000))
def test_actions_outside_the_legal_list_raise(
    seed: int, count: int, choice: int, junk: int
) -> None:
    states = play_out(ReferenceGame().new_initial_state(count, seed), random.Random(choice))
    for state in states[:: 11] + [states[-1]]:
        if junk not in state.legal_actions():
            with pytest.raises(IllegalActionError):
                state.apply(junk)


@PROPERTY
@given(seed=seeds, count=players, first=st.integers(0, 10**6), second=st.integers(0, 10**6))
def test_paired_luck_gives_each_seat_its_cards_whatever_the_decisions(
    seed: int, count: int, first: int, second: int
) -> None:
    game = ReferenceGame()
    one = play_out(game.new_initial_state(count, seed), random.Random(first))
    two = play_out(game.new_initial_state(count, seed, start_player=1), random.Random(second))
    assert one[-1].table.cheeses == two[-1].table.cheeses
    for seat in range(count):
        assert cards_drawn(one, seat) == cards_drawn(two, seat)
        assert len(cards_drawn(one, seat)) == 15
