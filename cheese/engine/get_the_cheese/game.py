"""The reference (pure Python) Get The Cheese! game: it makes initial states.

>>> ReferenceGame().new_initial_state().num_players
4
"""

from __future__ import annotations

from cheese.engine.api import Game, OptionValue
from cheese.engine.get_the_cheese.options import INFO, default_options, parse_options
from cheese.engine.get_the_cheese.state import MASK64, GtcState, Setup
from cheese.engine.get_the_cheese.table import Table


class ReferenceGame(Game):
    """Get The Cheese! in plain Python, written to be read beside the rules page."""

    info = INFO
    backend = "reference"

    def default_options(self) -> dict[str, OptionValue]:
        return default_options()

    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> GtcState:
        players = INFO.check_players(num_players)
        parsed = parse_options(players, options)
        table = Table.empty(
            players, parsed.cheese_count(players), parsed.composition, parsed.start_player
        )
        return GtcState(Setup(players, seed & MASK64, parsed), table, self)
