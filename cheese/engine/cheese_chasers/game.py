"""The reference game object: makes initial states from a seed and card counts."""

from __future__ import annotations

from cheese.engine.api import Game, GameInfo, OptionValue
from cheese.engine.cheese_chasers.cards import PLAYERS, default_options, parse_options
from cheese.engine.cheese_chasers.state import ChasersState

INFO = GameInfo(
    slug="cheese-chasers",
    title="Cheese Chasers",
    min_players=PLAYERS,
    max_players=PLAYERS,
    default_players=PLAYERS,
    description="Solitaire: lay a path of 40 cards, ring cheese with mice, keep the traps shut.",
)


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
        composition = parse_options(num_players, options)
        return ChasersState.initial(self, seed, composition)

    def default_options(self) -> dict[str, OptionValue]:
        return default_options()
