"""Each game's renderer, found through the game's description (``renderer``).

A game's renderer module defines ``RENDERER``, a ``CheckedRenderer`` of its own views;
its description names it, so nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cheese.cli.play.renderer import CheckedRenderer, Renderer
from cheese.engine.description import GameDescription
from cheese.engine.games import GAMES


def renderer_of(description: GameDescription) -> Renderer:
    """The terminal renderer of the game ``description`` describes."""
    renderer: Renderer = description.renderer.load(CheckedRenderer)
    return renderer


RENDERERS: Mapping[str, Renderer] = MappingProxyType(
    {game.slug: renderer_of(game) for game in GAMES}
)
"""Every game's renderer by slug, in the games' order."""
