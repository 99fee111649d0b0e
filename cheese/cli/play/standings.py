"""The final standings of a state: places, players and points in aligned columns, and
how each tie on points was broken (each game's tie-breakers, from ``State.rank_keys``)."""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from cheese.cli.play.renderer import Renderer, Table, standings_table
from cheese.engine import State
from cheese.engine.games import registered


def tie_breakers(slug: str) -> tuple[str, ...]:
    """The names of the entries that follow the points in a game's ``rank_keys``
    (``GameDescription.tie_breakers``); none for a game without (equal points share)."""
    description = registered(slug)
    return () if description is None else description.tie_breakers


def standings(state: State, renderer: Renderer, table: Table) -> RenderableType:
    """The final scores and places of ``state``, best first, under a title."""
    keys = state.rank_keys()
    columns = ("points", *tie_breakers(state.game.info.slug))[: len(keys[0])]
    labels = [renderer.player_label(table, seat) for seat in range(state.num_players)]
    return Group(Text("Final scores", style="bold"), standings_table(labels, keys, columns))
