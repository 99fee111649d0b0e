"""The checks of values that many commands take, written once: a game's slug and a seed.

Each is a parser for a typer option or argument (``parser=``), so a command states the
value's kind in its signature and the check comes from the engine's own
(``cheese.engine.games.game_slug``, ``cheese.engine.luck.check_seed``). The parsers raise
``UserInputError``, not a ``ValueError``, so the message is the engine's own line
(``cheese: error: …``, exit 2) rather than click's "Invalid value" wrapping.
"""

from __future__ import annotations

from typing import Annotated

import typer

from cheese.cli.errors import UserInputError
from cheese.engine import GAME_SLUGS, OptionError
from cheese.engine import games as engine_games
from cheese.engine.json_text import quoted
from cheese.engine.luck import check_seed

GAME_HELP = "The game: " + ", ".join(GAME_SLUGS) + "."
DEFAULT_PLAYERS = ", ".join(
    f"{game.info.default_players} {game.slug}" for game in engine_games.GAMES
)
"""Each game's default player count, for the help of options that leave it open."""


def game_slug(text: str) -> str:
    """The game ``text`` names.

    >>> game_slug("cheese-drop")
    'cheese-drop'
    """
    try:
        return engine_games.game_slug(text)
    except OptionError as error:
        raise UserInputError(str(error)) from None


def seed_value(text: str) -> int:
    """The seed ``text`` names: a whole number from 0 to 2**64 - 1.

    >>> seed_value("42")
    42
    """
    try:
        return check_seed(int(text))
    except OptionError as error:
        raise UserInputError(str(error)) from None
    except ValueError:
        raise UserInputError(
            f"--seed must be a whole number from 0 to 2**64 - 1, not {quoted(text)}"
        ) from None


GameArgument = Annotated[str, typer.Argument(help=GAME_HELP, parser=game_slug)]
"""A command's GAME argument, checked."""
