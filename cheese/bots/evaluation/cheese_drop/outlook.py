"""Cheese Drop: where the round's marbles will be, and what each column is worth.

**Where the marbles of the round will be.** Marbles fall independently; a marble's lane
after the rows still unseen (hidden or not yet fallen) follows the pin-row weights
1/4, 1/2, 1/4 (walls merged), from the last lane everyone saw. Marbles drawn but not yet
behind the gate, and marbles still to be drawn this round, are spread as if their slot
were chosen uniformly; the latter have the bag's colour mix.

**What a column is worth.** Per lane: the expected base points (apples, plus cheese
unless a mouse and no cat are there), and the expected value of each event. Lanes hold
independent marbles, so "a cat is there" or "no mouse is there" are products over
marbles; "more cheese than apples" uses a normal approximation of the difference.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.engine.cheese_drop.core import (
    APPLE,
    CAT,
    CHEESE,
    EVENT_COUNT,
    LANE_COUNT,
    MOUSE,
    SLOT_COUNT,
    Phase,
)
from cheese.engine.cheese_drop.marbles import draws_per_drop, drops_per_round
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.view import DropView

LaneOdds = list[list[float]]
"""Per lane, the probability that one marble ends there with each colour (cheese,
apple, mouse, cat)."""


def row_step(distribution: Sequence[float]) -> list[float]:
    """A lane distribution after one more pin row (1/4 left, 1/2 straight, 1/4 right)."""
    after = [0.0] * LANE_COUNT
    for lane, chance in enumerate(distribution):
        if not chance:
            continue
        after[max(lane - 1, 0)] += chance * 0.25
        after[lane] += chance * 0.5
        after[min(lane + 1, LANE_COUNT - 1)] += chance * 0.25
    return after


def lane_distributions(rows: int) -> list[list[list[float]]]:
    """``[r][lane]``: where a marble now in ``lane`` is after ``r`` more rows, r ≤ rows."""
    table = [[[1.0 if other == lane else 0.0 for other in range(LANE_COUNT)]
              for lane in range(LANE_COUNT)]]
    for _ in range(rows):
        table.append([row_step(distribution) for distribution in table[-1]])
    return table


@dataclass(frozen=True, slots=True)
class Outlook:
    """Expected points per column: base points per lane, event points per (event, lane)."""

    base: tuple[float, ...]
    events: tuple[tuple[float, ...], ...]


def marble_odds(view: DropView, options: DropOptions, after: Sequence[Sequence[Sequence[float]]],
                gate: Sequence[int | None] | None = None) -> list[LaneOdds]:
    """Per marble of the round (released, in hand, still in the bag), its lane odds.

    ``after`` is ``lane_distributions(options.rows)``. With ``gate`` (slot contents) the
    marbles in hand are put behind the gate there.
    """
    rows = options.rows
    uniform = [sum(after[rows][slot][lane] for slot in range(SLOT_COUNT)) / SLOT_COUNT
               for lane in range(LANE_COUNT)]
    odds: list[LaneOdds] = []

    def add(distribution: Sequence[float], colours: Sequence[float]) -> None:
        odds.append([[chance * share for share in colours] for chance in distribution])

    for marble in view.marbles:
        seen_rows = min(marble.rows_fallen, options.visible_rows)
        colours = [0.0, 0.0, 0.0, 0.0]
        colours[marble.colour] = 1.0
        add(after[rows - seen_rows][marble.seen_lane], colours)
    if gate is not None:
        for slot, colour in enumerate(gate):
            if colour is not None:
                colours = [0.0, 0.0, 0.0, 0.0]
                colours[colour] = 1.0
                add(after[rows][slot], colours)
    else:
        for colour, count in enumerate(view.hand):
            colours = [0.0, 0.0, 0.0, 0.0]
            colours[colour] = 1.0
            for _ in range(count):
                add(uniform, colours)
    if view.phase not in (Phase.BET, Phase.OVER):
        drawn = len(view.marbles) + sum(view.hand)
        per_round = drops_per_round(view.num_players) * draws_per_drop(view.num_players, view.round)
        to_come = per_round - drawn
        in_bag = sum(view.bag)
        if to_come > 0 and in_bag:
            mix = [count / in_bag for count in view.bag]
            for _ in range(to_come):
                add(uniform, mix)
    return odds


def normal_above(mean: float, variance: float) -> float:
    """P(X > 0) for an integer X of this mean and variance (normal, continuity-corrected)."""
    if variance <= 1e-12:
        return 1.0 if mean > 0.5 else 0.0
    return 0.5 * math.erfc(-(mean - 0.5) / math.sqrt(2.0 * variance))


def outlook(odds: Sequence[LaneOdds]) -> Outlook:
    """Expected base and event points of every lane, from the marbles' odds."""
    base: list[float] = []
    events: list[list[float]] = [[] for _ in range(EVENT_COUNT)]
    for lane in range(LANE_COUNT):
        cheese = apples = mice = 0.0
        no_mouse = no_cat = neither = 1.0
        lead_mean = lead_variance = 0.0  # of (cheese - apples) in the lane
        for marble in odds:
            chances = marble[lane]
            cheese += chances[CHEESE]
            apples += chances[APPLE]
            mice += chances[MOUSE]
            no_mouse *= 1.0 - chances[MOUSE]
            no_cat *= 1.0 - chances[CAT]
            neither *= 1.0 - chances[MOUSE] - chances[CAT]
            step = chances[CHEESE] - chances[APPLE]
            lead_mean += step
            lead_variance += chances[CHEESE] + chances[APPLE] - step * step
        cat = 1.0 - no_cat
        mouse_without_cat = no_cat - neither
        both = 1.0 - no_cat - no_mouse + neither
        base.append(apples + cheese * (1.0 - mouse_without_cat))
        events[0].append(5.0 * both)
        events[1].append(apples)
        events[2].append(cheese)
        events[3].append(2.0 * mice)
        events[4].append((apples + cheese) * cat)
        events[5].append(2.0 * normal_above(lead_mean, lead_variance))
        events[6].append(3.0 * normal_above(-lead_mean, lead_variance))
    return Outlook(tuple(base), tuple(tuple(values) for values in events))
