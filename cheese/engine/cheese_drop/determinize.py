"""Redrawing what the cover hides: the deflections at the hidden pin rows.

The C engine mirrors ``reroll_hidden_rows`` step for step, drawing the same numbers from
the same ``SplitMix64``.
"""

from __future__ import annotations

from dataclasses import replace

from cheese.engine.cheese_drop.core import Marble
from cheese.engine.cheese_drop.fall import deflection_weights
from cheese.engine.luck import SplitMix64


def reroll_hidden_rows(
    marbles: tuple[Marble, ...], visible_rows: int, generator: SplitMix64
) -> tuple[Marble, ...]:
    """``marbles`` with every deflection already rolled under the cover drawn afresh.

    For each marble in the given order (drop order, then slot order) that has fallen
    ``h = rows_fallen - visible_rows > 0`` hidden rows: start from ``seen_lane`` (its
    lane under the cover) and repeat ``h`` times ``weights = deflection_weights(lane)``;
    ``lane = weights[generator.pick(the weights' integers)]``'s lane. The result is its
    new ``lane``. Marbles with no hidden row rolled yet are kept as they are.

    Nothing seen constrains the hidden deflections (they are independent of everything
    else until scoring), so this is an exact draw from what a seat can infer.
    """
    redrawn: list[Marble] = []
    for marble in marbles:
        hidden_rolled = marble.rows_fallen - visible_rows
        if hidden_rolled <= 0:
            redrawn.append(marble)
            continue
        lane = marble.seen_lane
        for _ in range(hidden_rolled):
            weights = deflection_weights(lane)
            lane = weights[generator.pick([weight for _, weight in weights])][0]
        redrawn.append(replace(marble, lane=lane))
    return tuple(redrawn)
