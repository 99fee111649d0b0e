"""The final standings of a state: places, players and points in aligned columns, and
how each tie on points was broken (each game's tie-breakers, from ``State.rank_keys``)."""

from __future__ import annotations

from collections.abc import Mapping

from rich.console import Group, RenderableType
from rich.text import Text

from cheese.cli.play.renderer import Renderer, Table, standings_table
from cheese.engine import State

TIE_BREAKERS: Mapping[str, tuple[str, ...]] = {
    # Rules, "Scoring and winner": most king mice, then most mouse cards in the score pile.
    "get-the-cheese": ("king mice", "mice"),
}
"""The names of the entries that follow the points in a game's ``rank_keys``; a game
absent here has none (equal points share the place)."""


def standings(state: State, renderer: Renderer, table: Table) -> RenderableType:
    """The final scores and places of ``state``, best first, under a title."""
    keys = state.rank_keys()
    columns = ("points", *TIE_BREAKERS.get(state.game.info.slug, ()))[: len(keys[0])]
    labels = [renderer.player_label(table, seat) for seat in range(state.num_players)]
    return Group(Text("Final scores", style="bold"), standings_table(labels, keys, columns))
