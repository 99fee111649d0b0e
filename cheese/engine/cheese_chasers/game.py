"""The reference game object: makes initial states from a seed and card counts."""

from __future__ import annotations

from cheese.engine.api import Game, OptionValue
from cheese.engine.cheese_chasers.options import INFO, default_options, parse_options
from cheese.engine.cheese_chasers.state import ChasersState


class ReferenceGame(Game):
    """Cheese Chasers in plain Python: the executable specification.

    >>> state = ReferenceGame().new_initial_state(seed=1, cats=0)
    >>> state.options["cats"], state.chance_weights()
    (0, [(0, 20), (2, 9), (3, 4)])
    """

    info = INFO
    backend = "reference"

    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> ChasersState:
        composition = parse_options(INFO.check_players(num_players), options)
        return ChasersState.initial(self, seed, composition)

    def default_options(self) -> dict[str, OptionValue]:
        return default_options()
