"""The bots' C library (libcheese_bot.so) driven through ctypes: the worlds it samples from
a view's JSON agree with that view, and what the view hides varies across samples."""

from __future__ import annotations

import ctypes
import json
import os
import random
from collections.abc import Iterator

import pytest

from cheese.engine import State, load_game
from cheese.engine.games import describe
from cheese.engine.luck import advance_chance
from cheese.engine.native import NativeState
from cheese.engine.native.bot_library import library_path
from cheese.referee.external.bot import options_of
from tests.native import needs_native

pytestmark = needs_native

SAMPLES = 8
TABLES = [
    ("get-the-cheese", 3),
    ("get-the-cheese", 5),
    ("cheese-chasers", 1),
    ("cheese-drop", 2),
    ("cheese-drop", 4),
]


class Library:
    """The functions of cheese_bot.h the tests call, typed for ctypes."""

    def __init__(self) -> None:
        # CHEESE_BOT_LIBRARY: another build of it, e.g. under AddressSanitizer (CONTRIBUTING)
        lib = ctypes.CDLL(os.environ.get("CHEESE_BOT_LIBRARY", str(library_path())))
        c_char_p, c_int32, c_uint64 = ctypes.c_char_p, ctypes.c_int32, ctypes.c_uint64
        pointer = ctypes.c_void_p
        lib.cheese_game_new.restype = pointer
        lib.cheese_game_new.argtypes = [c_char_p, c_char_p, ctypes.c_size_t]
        lib.cheese_game_free.argtypes = [pointer]
        lib.cheese_game_max_actions.argtypes = [pointer]
        lib.cheese_world_new.restype = pointer
        lib.cheese_world_new.argtypes = [pointer]
        lib.cheese_world_free.argtypes = [pointer]
        lib.cheese_world_sample.argtypes = [pointer, c_char_p, c_uint64, c_char_p, ctypes.c_size_t]
        lib.cheese_world_bytes.argtypes = [pointer, c_char_p, c_int32]
        lib.cheese_current_player.argtypes = [pointer]
        lib.cheese_legal_actions.argtypes = [pointer, ctypes.POINTER(c_int32)]
        lib.cheese_world_copy.argtypes = [pointer, pointer]
        lib.cheese_apply.argtypes = [pointer, c_int32]
        lib.cheese_playout.argtypes = [pointer, c_int32, ctypes.POINTER(c_uint64)] + [
            ctypes.POINTER(c_int32)
        ] * 2
        lib.cheese_bot_api_version.restype = c_int32
        self.lib = lib

    def game(self, hello: dict[str, object]) -> int:
        error = ctypes.create_string_buffer(200)
        game = self.lib.cheese_game_new(json.dumps(hello).encode(), error, 200)
        assert game, error.value.decode()
        return int(game)

    def sample(self, world: int, view: str, seed: int) -> tuple[int, bytes]:
        error = ctypes.create_string_buffer(200)
        seat = self.lib.cheese_world_sample(world, view.encode(), seed, error, 200)
        assert seat >= 0, error.value.decode()
        size = self.lib.cheese_world_bytes(world, None, 0)
        data = ctypes.create_string_buffer(size)
        self.lib.cheese_world_bytes(world, data, size)
        return seat, data.raw

    def legal(self, world: int, game: int) -> list[int]:
        out = (ctypes.c_int32 * self.lib.cheese_game_max_actions(game))()
        return list(out[: self.lib.cheese_legal_actions(world, out)])


@pytest.fixture(scope="module")
def library() -> Library:
    assert library_path().exists(), f"{library_path()} is not built: pip install -e ."
    return Library()


def hello(state: State) -> dict[str, object]:
    slug = state.game.info.slug
    return {
        "type": "hello",
        "game": slug,
        "players": state.num_players,
        "options": options_of(state.options),
    }


def decisions(slug: str, players: int, seed: int) -> Iterator[State]:
    """Every decision of one random game (the native engine), chance by paired luck."""
    rng = random.Random(seed)
    state = advance_chance(
        load_game(slug, backend="native").new_initial_state(num_players=players, seed=seed)
    )
    while not state.is_terminal():
        yield state
        state = advance_chance(state.apply(rng.choice(state.legal_actions())))


def view_text(state: State, seat: int) -> str:
    return json.dumps(describe(state.game.info.slug).view_json(state.view(seat)))


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_sampled_worlds_agree_with_the_view_and_vary_where_it_hides(
    library: Library, slug: str, players: int
) -> None:
    state = next(decisions(slug, players, 1))
    game = library.game(hello(state))
    world = library.lib.cheese_world_new(game)
    varied = 0
    try:
        for state in decisions(slug, players, 11 + players):
            seat = state.current_player
            view = view_text(state, seat)
            worlds = set()
            for seed in range(SAMPLES):
                sampled_seat, data = library.sample(world, view, seed)
                assert sampled_seat == seat
                sampled = NativeState(state._setup, data)  # type: ignore[attr-defined]
                assert view_text(sampled, seat) == view
                assert sampled.current_player == seat
                assert sampled.legal_actions() == state.legal_actions()
                assert library.legal(world, game) == state.legal_actions()
                worlds.add(data)
            varied += len(worlds) > 1
    finally:
        library.lib.cheese_world_free(world)
        library.lib.cheese_game_free(game)
    if slug == "cheese-chasers":
        assert varied == 0  # only the deck's order is hidden, and no state holds it
    else:
        assert varied > 0


def test_a_view_of_another_game_is_refused_in_a_line(library: Library) -> None:
    state = next(decisions("cheese-drop", 2, 3))
    game = library.game(hello(state))
    world = library.lib.cheese_world_new(game)
    error = ctypes.create_string_buffer(200)
    chasers = next(decisions("cheese-chasers", 1, 3))
    seat = library.lib.cheese_world_sample(world, view_text(chasers, 0).encode(), 1, error, 200)
    assert seat == -1
    assert error.value.decode().startswith("the view's")
    library.lib.cheese_world_free(world)
    library.lib.cheese_game_free(game)


def test_a_hello_of_no_game_is_refused(library: Library) -> None:
    error = ctypes.create_string_buffer(200)
    assert not library.lib.cheese_game_new(b'{"game":"chess","players":2}', error, 200)
    assert b"get-the-cheese" in error.value
    assert library.lib.cheese_bot_api_version() == 1


def _mutations(value: object, rng: random.Random) -> Iterator[object]:
    """``value`` (a view's JSON) with one number changed, each in turn."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        for changed in (value + 1, value - 1, -value - 1, value + rng.randrange(1, 200)):
            yield changed
    elif isinstance(value, list):
        for index, item in enumerate(value):
            for changed in _mutations(item, rng):
                yield [*value[:index], changed, *value[index + 1 :]]
    elif isinstance(value, dict):
        for key, item in value.items():
            for changed in _mutations(item, rng):
                yield {**value, key: changed}


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_a_view_with_a_number_changed_is_refused_or_played_never_crashes(
    library: Library, slug: str, players: int
) -> None:
    rng = random.Random(7)
    states = list(decisions(slug, players, 21))
    state = states[len(states) // 2]
    game = library.game(hello(state))
    world = library.lib.cheese_world_new(game)
    error = ctypes.create_string_buffer(200)
    view = describe(slug).view_json(state.view(state.current_player))
    refused = 0
    rng_state = ctypes.c_uint64(1)
    points, places = (ctypes.c_int32 * 8)(), (ctypes.c_int32 * 8)()
    for changed in _mutations(view, rng):
        text = json.dumps(changed).encode()
        seat = library.lib.cheese_world_sample(world, text, 3, error, 200)
        if seat < 0:
            refused += 1
            assert error.value and b"\n" not in error.value
        else:
            library.legal(world, game)
            library.lib.cheese_playout(world, 1, ctypes.byref(rng_state), points, places)
    library.lib.cheese_world_free(world)
    library.lib.cheese_game_free(game)
    assert refused > 0
