"""What a call of the bots' C library (cheese_bot.h) costs, per game, at a decision a few
moves into a seeded random game (skipped by default):

    pytest tests/benchmarks/test_bot_library_speed.py --benchmark-only \\
        --benchmark-columns=median

Each call goes through ctypes, whose own cost (about a microsecond) is included: a bot in
C pays a little less. The figures are quoted in docs/writing-a-bot.md.
"""

from __future__ import annotations

import ctypes
import itertools

import pytest

from ..engine.test_bot_library import Library, decisions, hello, view_text

TABLES = [("get-the-cheese", 4), ("cheese-chasers", 1), ("cheese-drop", 2)]
MOVES_IN = 6


@pytest.fixture(scope="module")
def library() -> Library:
    return Library()


def _position(library: Library, slug: str, players: int) -> tuple[int, int, str]:
    state = next(itertools.islice(decisions(slug, players, 5), MOVES_IN, None))
    game = library.game(hello(state))
    return game, library.lib.cheese_world_new(game), view_text(state, state.current_player)


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_sample_a_world(benchmark: object, library: Library, slug: str, players: int) -> None:
    game, world, view = _position(library, slug, players)
    encoded = view.encode()
    seeds = itertools.count()

    def sample() -> int:
        return int(library.lib.cheese_world_sample(world, encoded, next(seeds), None, 0))

    assert benchmark(sample) >= 0  # type: ignore[operator]


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_legal_actions(benchmark: object, library: Library, slug: str, players: int) -> None:
    game, world, view = _position(library, slug, players)
    library.sample(world, view, 1)
    out = (ctypes.c_int32 * library.lib.cheese_game_max_actions(game))()
    assert benchmark(library.lib.cheese_legal_actions, world, out) > 0  # type: ignore[operator]


@pytest.mark.parametrize(("slug", "players"), TABLES)
def test_copy_apply_and_play_out(
    benchmark: object, library: Library, slug: str, players: int
) -> None:
    """One step of a flat Monte Carlo: copy the world, apply a legal action, play out by
    the game's heuristic policy."""
    game, world, view = _position(library, slug, players)
    library.sample(world, view, 1)
    action = library.legal(world, game)[0]
    scratch = library.lib.cheese_world_new(game)
    rng = ctypes.c_uint64(7)
    points, places = (ctypes.c_int32 * 8)(), (ctypes.c_int32 * 8)()
    lib = library.lib

    def step() -> int:
        lib.cheese_world_copy(scratch, world)
        lib.cheese_apply(scratch, action)
        return int(lib.cheese_playout(scratch, 1, ctypes.byref(rng), points, places))

    assert benchmark(step) == players  # type: ignore[operator]
