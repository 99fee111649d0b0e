"""Which games exist and which backend plays them."""

from __future__ import annotations

import importlib
import os
import warnings

from cheese.engine.api import Game, GameInfo, OptionError, ScoreSheet
from cheese.engine.games import DEFAULT_GAME, GAME_SLUGS, GAMES, describe

REFERENCE = "reference"
NATIVE = "native"
BACKENDS = (NATIVE, REFERENCE)
BACKEND_VARIABLE = "CHEESE_BACKEND"

__all__ = [
    "BACKEND",
    "BACKENDS",
    "BACKEND_VARIABLE",
    "DEFAULT_GAME",
    "GAMES",
    "GAME_SLUGS",
    "NATIVE",
    "REFERENCE",
    "game_info",
    "load_game",
    "native_problem",
    "score_sheet",
]


def native_problem() -> str | None:
    """Why the native extension cannot be used, or None when it loads."""
    try:
        importlib.import_module("cheese.engine.native")
    except ImportError as error:
        return str(error)
    return None


def _select_backend() -> str:
    requested = os.environ.get(BACKEND_VARIABLE, "").strip().lower()
    if requested and requested not in BACKENDS:
        warnings.warn(
            f"{BACKEND_VARIABLE}={requested!r} is not a backend; use one of "
            f"{', '.join(BACKENDS)}. Using the default.",
            RuntimeWarning,
            stacklevel=3,
        )
        requested = ""
    if requested == REFERENCE:
        return REFERENCE
    problem = native_problem()
    if problem is None:
        return NATIVE
    warnings.warn(
        f"the native engine could not be loaded ({problem}); using the slower "
        "reference engine. Reinstall with a C compiler present: pip install -e .",
        RuntimeWarning,
        stacklevel=3,
    )
    return REFERENCE


BACKEND: str = _select_backend()
"""The backend ``load_game`` uses when none is named: ``"native"`` or ``"reference"``."""


def game_info(slug: str) -> GameInfo:
    """The facts of the game ``slug`` (players, title, description)."""
    return describe(slug).info


def load_game(slug: str, backend: str | None = None) -> Game:
    """The game named ``slug`` on ``backend`` (default: ``BACKEND``).

    >>> load_game("cheese-chasers", backend="reference").info.max_players
    1
    """
    description = describe(slug)
    chosen = BACKEND if backend is None else backend
    if chosen == REFERENCE:
        return description.reference_game()
    if chosen == NATIVE:
        problem = native_problem()
        if problem is not None:
            raise OptionError(
                f"the native backend is not available ({problem}); "
                "reinstall with a C compiler present, or use backend='reference'"
            )
        native = importlib.import_module("cheese.engine.native")
        native_game: Game = native.load_native_game(slug)
        return native_game
    raise OptionError(f"unknown backend {chosen!r}; choose one of: {', '.join(BACKENDS)}")


def score_sheet(slug: str, text: str, source: str) -> ScoreSheet:
    """Score a physical game of ``slug`` written as text (the ``cheese score`` formats).

    ``source`` names the text in error messages (usually the file name); malformed text
    raises ``SheetError`` naming the line and token.
    """
    return describe(slug).score_sheet(text, source)
