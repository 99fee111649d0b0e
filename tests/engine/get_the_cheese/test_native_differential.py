"""The C engine against the reference: same seeds and decisions, same everything.

Both backends play the same games (decisions from one seeded ``random.Random``, chance by
paired luck). At every decision the legal-action lists must be equal. In the first games
of each case (50 per player count, 25 per variant) every step is compared in full:
chance weights and keys and every seat's view; at decisions and the end also a sample of
action texts and a determinization (the views of all seats of both backends' samples drawn
with the same rng seed). Every game's end is compared: scores, rank keys, places, views.
"""

from __future__ import annotations

import os
import random

import pytest

from cheese.engine import State
from cheese.engine.api import OptionValue
from cheese.engine.get_the_cheese.cards import KIND_NAMES
from cheese.engine.luck import resolve_chance

from ..differential import both_backends, play_pair

REFERENCE_GAME, NATIVE_GAME = both_backends("get-the-cheese")
CI_GAMES = int(os.environ.get("CHEESE_GTC_DIFFERENTIAL_GAMES", "2000"))
FULLY_CHECKED_GAMES = 50
TEXTS_PER_STEP = 2
VARIANT_FULLY_CHECKED_GAMES = 25
SLOW_GAMES = 100_000

VARIANTS: dict[str, dict[str, OptionValue]] = {
    "default": {},
    "small-decks": {
        "composition": (2, 1, 1, 1, 1, 1, 2),
        "cheese_values": (1, 1, 2, 6, 6, 7, 9, 9, 9, 12),
        "start_player": 2,
    },
    "many-kings": {"composition": (4, 2, 1, 3, 1, 2, 2), "start_player": 1},
    "largest-decks": {"composition": (10, 3, 3, 3, 3, 3, 5)},
}
LARGEST_DECK_GAMES = 100


def assert_same_step(reference: State, native: State, rng: random.Random) -> None:
    """Everything observable at one state; determinizations at decisions and the end."""
    players = reference.num_players
    assert native.chance_weights() == reference.chance_weights()
    if reference.is_chance_node():
        assert native.chance_key() == reference.chance_key()
    for seat in range(players):
        assert native.view(seat) == reference.view(seat)
    if reference.is_chance_node():
        return
    # Each text call decodes a whole view, so a sample of the moves is printed.
    legal = reference.legal_actions()
    actions = rng.sample(legal, min(TEXTS_PER_STEP, len(legal)))
    texts = [reference.action_to_string(action) for action in actions]
    assert [native.action_to_string(action) for action in actions] == texts
    assert [native.parse_action(text) for text in texts] == actions
    seat = rng.randrange(players)
    rng_seed = rng.getrandbits(32)
    ours = reference.determinize(seat, random.Random(rng_seed))
    theirs = native.determinize(seat, random.Random(rng_seed))
    assert theirs.seed == ours.seed != reference.seed
    for viewer in range(players):
        assert theirs.view(viewer) == ours.view(viewer)
    assert theirs.legal_actions() == ours.legal_actions()


def play_both(players: int, seed: int, options: dict[str, OptionValue], full: bool) -> None:
    reference, native = play_pair(
        REFERENCE_GAME.new_initial_state(players, seed, **options),
        NATIVE_GAME.new_initial_state(players, seed, **options),
        seed,
        assert_same_step if full else None,
    )
    assert [native.view(seat) for seat in range(players)] == [
        reference.view(seat) for seat in range(players)
    ]


def play_many(players: int, variant: str, games: int, fully_checked: int) -> None:
    for seed in range(games):
        play_both(players, seed, VARIANTS[variant], full=seed < fully_checked)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_default_games_agree(players: int) -> None:
    play_many(players, "default", CI_GAMES, FULLY_CHECKED_GAMES)


@pytest.mark.parametrize(("variant", "players"), [("small-decks", 4), ("many-kings", 3)])
def test_variant_games_agree(variant: str, players: int) -> None:
    play_many(players, variant, CI_GAMES, VARIANT_FULLY_CHECKED_GAMES)


def test_the_largest_decks_agree() -> None:
    # 30 cards a seat, 5 seats: the longest lines the C state has room for.
    play_many(5, "largest-decks", LARGEST_DECK_GAMES, 5)


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_hundred_thousand_games_agree(players: int) -> None:
    play_many(players, "default", SLOW_GAMES, FULLY_CHECKED_GAMES)


def test_the_same_position_has_the_same_bytes() -> None:
    # Seat 0 plays its opening cards then draws, or draws then plays them: the paired
    # draws make both orders reach one position, so the C structs must be equal.
    def reach(order: list[str]) -> State:
        state = NATIVE_GAME.new_initial_state(3, seed=17)
        while state.is_chance_node():
            state = state.apply(resolve_chance(state))
        opening = state.view(0).hand
        play = "0:" + ",".join(
            KIND_NAMES[kind] for kind, count in enumerate(opening) for _ in range(count)
        )
        for step in order:
            state = state.apply(state.parse_action(play if step == "play" else step))
            while state.is_chance_node():
                state = state.apply(resolve_chance(state))
        return state

    first = reach(["play", "draw", "draw", "draw"])
    second = reach(["draw", "draw", "draw", "play"])
    assert first == second and hash(first) == hash(second)
    assert first.data == second.data  # type: ignore[attr-defined]


def test_batched_playouts_add_up() -> None:
    from cheese.engine.native import NativeState, playouts

    start = NATIVE_GAME.new_initial_state(4, seed=3)
    assert isinstance(start, NativeState)
    for policy in (0, 1):
        totals = playouts(start, 500, seed=9, policy=policy)
        assert totals.playouts == 500
        assert sum(totals.win_shares) == pytest.approx(500)
        assert all(total > 0 for total in totals.score_sums)
    late = start
    while not late.is_terminal() and late.num_players:
        chosen = resolve_chance(late) if late.is_chance_node() else late.legal_actions()[-1]
        late = late.apply(chosen)
    assert isinstance(late, NativeState)
    final = playouts(late, 3, seed=1)
    assert final.score_sums == tuple(3.0 * score for score in late.scores())


def test_the_heuristic_beats_random_play() -> None:
    from cheese.engine.native import NativeState, playouts

    # Seat 0's share of wins when everyone plays the same policy is about 1/4 either way;
    # compare the average points instead: the heuristic's mice eat and its cats catch.
    start = NATIVE_GAME.new_initial_state(4, seed=5)
    assert isinstance(start, NativeState)
    random_points = sum(playouts(start, 2000, seed=2, policy=0).score_sums)
    heuristic_points = sum(playouts(start, 2000, seed=2, policy=1).score_sums)
    assert heuristic_points > 1.1 * random_points
