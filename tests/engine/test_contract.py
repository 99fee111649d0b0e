"""The engine contract, checked the same way for every game and every backend."""

from __future__ import annotations

import random

import pytest

from cheese.engine import (
    CHANCE,
    GAME_SLUGS,
    TERMINAL,
    IllegalActionError,
    NotAChanceNodeError,
    OptionError,
    State,
    game_info,
    load_game,
)
from cheese.engine.luck import resolve_chance
from cheese.engine.play import random_policy
from cheese.engine.records import GameRecord, replay
from cheese.engine.registry import NATIVE, REFERENCE

from ..native import BACKENDS_HERE, needs_native
from ..random_games import random_game

CASES = [
    (slug, players, backend)
    for slug in GAME_SLUGS
    for players in range(game_info(slug).min_players, game_info(slug).max_players + 1)
    for backend in BACKENDS_HERE
]


def _walk(state: State, rng: random.Random) -> list[State]:
    """Every state of one random game, chance by paired luck."""
    states = [state]
    policy = random_policy(rng)
    while not state.is_terminal():
        state = state.apply(resolve_chance(state) if state.is_chance_node() else policy(state))
        states.append(state)
    return states


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_every_state_keeps_the_contract(slug: str, players: int, backend: str) -> None:
    game = load_game(slug, backend=backend)
    for seed in range(3):
        states = _walk(game.new_initial_state(num_players=players, seed=seed), random.Random(seed))
        for state in states:
            player = state.current_player
            legal = state.legal_actions()
            assert legal == sorted(set(legal)), "legal actions are unique and ascending"
            if player == TERMINAL:
                assert state.is_terminal() and legal == []
                assert len(state.scores()) == players
                assert len(state.ranking()) == players
                assert min(state.ranking()) == 1
            elif player == CHANCE:
                weights = state.chance_weights()
                assert [action for action, _ in weights] == legal
                assert all(weight > 0 for _, weight in weights)
                assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
                assert 0 <= state.chance_key() < 1 << 64
            else:
                assert 0 <= player < players and legal
            hash(state)
            for seat in range(players):
                hash(state.view(seat))


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_the_revealed_view_shows_at_least_every_seats_view(
    slug: str, players: int, backend: str
) -> None:
    game = load_game(slug, backend=backend)
    for state in _walk(game.new_initial_state(num_players=players, seed=5), random.Random(5)):
        revealed = state.revealed_view()
        hash(revealed)
        views = tuple(state.view(seat) for seat in range(players))
        assert revealed == views or getattr(revealed, "views", None) == views


@needs_native
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_both_backends_reveal_the_same(slug: str) -> None:
    players = game_info(slug).max_players
    reference = load_game(slug, backend=REFERENCE).new_initial_state(players, seed=8)
    native = load_game(slug, backend=NATIVE).new_initial_state(players, seed=8)
    policy = random_policy(random.Random(8))
    while True:
        assert native.revealed_view() == reference.revealed_view()
        if reference.is_terminal():
            break
        action = resolve_chance(reference) if reference.is_chance_node() else policy(reference)
        reference, native = reference.apply(action), native.apply(action)


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_states_are_immutable_values(slug: str, players: int, backend: str) -> None:
    game = load_game(slug, backend=backend)
    state = game.new_initial_state(num_players=players, seed=11)
    twin = game.new_initial_state(num_players=players, seed=11)
    assert state == twin and hash(state) == hash(twin)
    before = state.view(0)
    after = state.apply(resolve_chance(state))
    assert after != state
    assert state.view(0) == before and state == twin


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_illegal_actions_raise_a_clear_error(slug: str, players: int, backend: str) -> None:
    state = load_game(slug, backend=backend).new_initial_state(num_players=players, seed=3)
    while not state.is_terminal():
        legal = set(state.legal_actions())
        bad = next(action for action in range(-1, 100_000) if action not in legal)
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        state = state.apply(
            resolve_chance(state) if state.is_chance_node() else min(legal)
        )
    with pytest.raises(IllegalActionError):
        state.apply(0)


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_every_action_prints_and_parses_back(slug: str, players: int, backend: str) -> None:
    states = _walk(
        load_game(slug, backend=backend).new_initial_state(num_players=players, seed=5),
        random.Random(5),
    )
    for state in states[:: max(1, len(states) // 40)]:
        for action in state.legal_actions():
            assert state.parse_action(state.action_to_string(action)) == action


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_records_replay_to_the_same_end(slug: str, players: int, backend: str) -> None:
    game = load_game(slug, backend=backend)
    final, actions = random_game(
        game.new_initial_state(num_players=players, seed=21), random.Random(1)
    )
    record = GameRecord.of_game(final, [f"seat{seat}" for seat in range(players)], actions)
    restored = GameRecord.from_json(record.to_json())
    assert restored == record
    assert replay(restored, backend=backend) == final


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_bad_player_counts_are_refused_with_the_allowed_range(slug: str) -> None:
    game = load_game(slug, backend=REFERENCE)
    with pytest.raises(OptionError, match=str(game.info.max_players)):
        game.new_initial_state(num_players=game.info.max_players + 1)
    with pytest.raises(OptionError):
        game.new_initial_state(num_players=game.info.default_players, no_such_option=1)


def test_unknown_games_and_backends_name_the_choices() -> None:
    with pytest.raises(OptionError, match="get-the-cheese"):
        load_game("chess")
    with pytest.raises(OptionError, match="reference"):
        load_game("cheese-drop", backend="gpu")


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_states_survive_pickling(slug: str, players: int, backend: str) -> None:
    import pickle

    state = load_game(slug, backend=backend).new_initial_state(num_players=players, seed=4)
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
    restored = pickle.loads(pickle.dumps(state))
    assert restored == state
    assert restored.legal_actions() == state.legal_actions()
    assert restored.view(0) == state.view(0)


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_a_determinized_state_has_a_fresh_deal_seed(slug: str, players: int, backend: str) -> None:
    state = load_game(slug, backend=backend).new_initial_state(num_players=players, seed=4)
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
    seat = state.current_player
    determinized = state.determinize(seat, random.Random(1))
    # Paired luck from the real seed would reveal the true future draws.
    assert determinized.seed != state.seed
    assert determinized.view(seat) == state.view(seat)


@pytest.mark.parametrize(("slug", "players", "backend"), CASES)
def test_chance_key_away_from_chance_raises_one_error_type(
    slug: str, players: int, backend: str
) -> None:
    start = load_game(slug, backend=backend).new_initial_state(num_players=players, seed=3)
    states = _walk(start, random.Random(3))
    decision = next(state for state in states if state.current_player >= 0)
    for state in (decision, states[-1]):
        with pytest.raises(NotAChanceNodeError):
            state.chance_key()


@pytest.mark.parametrize("backend", BACKENDS_HERE)
def test_the_engine_says_whether_a_game_ended_early(backend: str) -> None:
    """Only Cheese Chasers can be lost before its natural end; both backends agree."""
    for slug in GAME_SLUGS:
        endings = set()
        for seed in range(12):
            states = _walk(load_game(slug, backend).new_initial_state(seed=seed),
                           random.Random(seed))
            assert not any(state.ended_early() for state in states[:-1])
            final = states[-1]
            endings.add(final.ended_early())
            if slug == "cheese-chasers":
                ending = getattr(final.view(0), "ending", None)
                assert final.ended_early() == (ending in ("trapped", "enclosed"))
        # Played at random, Cheese Chasers is nearly always lost early.
        assert (True in endings) == (slug == "cheese-chasers")
