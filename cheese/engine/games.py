"""The games the engine plays: one description per game, listed once."""

from __future__ import annotations

from cheese.engine import cheese_chasers, cheese_drop, get_the_cheese
from cheese.engine.api import OptionError
from cheese.engine.description import GameDescription

GAMES: tuple[GameDescription, ...] = (get_the_cheese.GAME, cheese_chasers.GAME, cheese_drop.GAME)
GAME_SLUGS: tuple[str, ...] = tuple(game.slug for game in GAMES)
DEFAULT_GAME: str = get_the_cheese.GAME.slug
"""The game commands play when none is named: the flagship, for 3 to 5 players."""


def registered(slug: str) -> GameDescription | None:
    """The description of the game ``slug``, or None for a game not listed here (a test's
    toy game).

    >>> registered("cheese-drop").info.title, registered("chess")
    ('Cheese Drop', None)
    """
    for game in GAMES:
        if game.slug == slug:
            return game
    return None


def describe(slug: str) -> GameDescription:
    """The description of the game ``slug``; ``OptionError`` names the games there are.

    >>> describe("cheese-drop").c_prefix
    'cdp'
    """
    game = registered(slug)
    if game is not None:
        return game
    raise OptionError(f"unknown game {slug!r}; choose one of: {', '.join(GAME_SLUGS)}")


def game_slug(text: str) -> str:
    """``text`` if it names a game; ``OptionError`` (naming the games there are) if not.

    >>> game_slug("cheese-drop")
    'cheese-drop'
    """
    return describe(text).slug
