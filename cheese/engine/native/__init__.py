"""The native backend: the three games in C, compiled at install time through cffi.

Importing this package fails with ``ImportError`` when the compiled extension is missing
or out of date; ``cheese.engine.registry`` then falls back to the reference backend with one
warning.
"""

from __future__ import annotations

from cheese.engine.native.bridge import (
    NativeGame,
    NativeState,
    PlayoutOutcome,
    load_native_game,
    native_facts,
    playout_outcomes,
    playout_points,
    playouts,
)

__all__ = [
    "NativeGame",
    "NativeState",
    "PlayoutOutcome",
    "load_native_game",
    "native_facts",
    "playout_outcomes",
    "playout_points",
    "playouts",
]
