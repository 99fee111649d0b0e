"""The one map from a game's slug to its renderer, built from the engine's slugs.

The renderer of ``some-game`` is ``RENDERER`` in the module ``cheese.cli.play.some_game``.
"""

from __future__ import annotations

from collections.abc import Mapping
from importlib import import_module
from types import MappingProxyType

from cheese.cli.play.renderer import Renderer
from cheese.engine import GAME_SLUGS

RENDERERS: Mapping[str, Renderer] = MappingProxyType(
    {slug: import_module(f"{__package__}.{slug.replace('-', '_')}").RENDERER for slug in GAME_SLUGS}
)
