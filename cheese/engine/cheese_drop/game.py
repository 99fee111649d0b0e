"""The reference (pure Python) Cheese Drop game: it makes initial states.

>>> game = ReferenceGame()
>>> state = game.new_initial_state(num_players=4, seed=11, simple=True)
>>> state.current_player, state.options["simple"]
(-1, True)
"""

from __future__ import annotations

from cheese.engine.api import Game, OptionValue
from cheese.engine.cheese_drop.options import INFO, default_options, parse_options
from cheese.engine.cheese_drop.state import DropState, Setup
from cheese.engine.luck import MASK64


class ReferenceGame(Game):
    """Cheese Drop in plain Python, written to be read beside the rules page."""

    info = INFO
    backend = "reference"

    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> DropState:
        """The state before round 1's first draw; ``seed`` is kept as 64 bits."""
        players = INFO.check_players(num_players)
        return DropState.initial(
            Setup(players, seed & MASK64, parse_options(players, options), self)
        )

    def default_options(self) -> dict[str, OptionValue]:
        return default_options()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ReferenceGame)

    def __hash__(self) -> int:
        return hash(INFO.slug)
