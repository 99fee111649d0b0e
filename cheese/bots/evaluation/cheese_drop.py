"""Cheese Drop: expected points from the lanes' distributions.

Everything a seat may use is public, and the view is all this evaluation reads, so it
values a determinized state exactly as the true one.

**Where the marbles of the round will be.** Marbles fall independently; a marble's lane
after the rows still unseen (hidden or not yet fallen) follows the pin-row weights
1/4, 1/2, 1/4 (walls merged), from the last lane everyone saw. Marbles drawn but not yet
behind the gate, and marbles still to be drawn this round, are spread as if their slot
were chosen uniformly; the latter have the bag's colour mix.

**What a column is worth.** Per lane: the expected base points (apples, plus cheese
unless a mouse and no cat are there), and the expected value of each event. Lanes hold
independent marbles, so "a cat is there" or "no mouse is there" are products over
marbles; "more cheese than apples" uses a normal approximation of the difference.

**Who gets which column.** The pieces still to place are placed in the rules' betting
order, each seat taking the free column that adds most to its own expected points (its
own lane × event pairs counted, plus the best pair the next piece could still make).
A seat's estimate is its total so far plus the expected points of its pieces this
round; rounds to come are the same for everyone and left out, but widen the spread.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from cheese.bots.base import Turn, best_valued
from cheese.bots.evaluation.cheese_drop_round import RoundEndSpread, RoundLines
from cheese.bots.search.evaluator import (
    CSearchAdvice,
    Evaluator,
    SearchAdvice,
    values_by_applying,
)
from cheese.bots.search.rewards import Rewards, estimated_rewards, terminal_rewards
from cheese.engine import Action, State
from cheese.engine.cheese_drop.betting import bettor, column_counts, place_piece
from cheese.engine.cheese_drop.core import (
    APPLE,
    CAT,
    CHEESE,
    EVENT_COUNT,
    LANE_COUNT,
    MOUSE,
    ROUNDS,
    SLOT_COUNT,
    Phase,
)
from cheese.engine.cheese_drop.gate import gate_contents
from cheese.engine.cheese_drop.marbles import (
    draws_per_drop,
    drops_per_round,
)
from cheese.engine.cheese_drop.options import DropOptions, parse_options
from cheese.engine.cheese_drop.view import DropView, betting_order_of

LaneOdds = list[list[float]]
"""Per lane, the probability that one marble ends there with each colour (cheese,
apple, mouse, cat)."""

SPREAD_BASE = 2.0
SPREAD_PER_ROUND_LEFT = 5.0
"""Spread of the estimate: base + per round still to be played after this one."""
TWO_PLAYER_ROUND_END_SPREADS = (RoundEndSpread(0.1, 1.6), RoundEndSpread(0.1, 2.7))
"""With two players, after round 2 and after round 1: fitted by maximum likelihood to the
pairwise results of 600 games of these lines against greedy (``python -m
cheese.bots.evaluation.cheese_drop_fit 2 600`` refits 1.7 and 2.7 on them). Every lead was kept
— in the last round the searching seat copies its rival's lanes, and no cell is contested —
so ``ahead`` is all but a step; a seat behind still won some games, greedy ahead of it
copying nothing."""
SYNERGY_SHARE = 1.0
"""Part of the best pair a piece opens for the seat's next piece that counts now."""


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


def drop_options(state: State) -> DropOptions:
    return parse_options(state.num_players, dict(state.options))


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


def pieces_points(view_outlook: Outlook, own: Sequence[int]) -> float:
    """The expected points of a seat's pieces ``own`` this round."""
    lanes = [column for column in own if column < LANE_COUNT]
    events = [column - LANE_COUNT for column in own if column >= LANE_COUNT]
    return sum(view_outlook.base[lane] for lane in lanes) + sum(
        view_outlook.events[event][lane] for lane in lanes for event in events
    )


def best_column(view_outlook: Outlook, own: Sequence[int], free: Sequence[int], more: bool) -> int:
    """The free column that adds most to a seat holding ``own``.

    A lane adds its base points and its pairs with the seat's events; an event adds its
    pairs with the seat's lanes. With ``more`` pieces to come, a column also counts
    ``SYNERGY_SHARE`` of the best pair it opens for the next piece (a lane with a free
    event, an event with a free lane).
    """
    base, events = view_outlook.base, view_outlook.events
    own_lanes = [column for column in own if column < LANE_COUNT]
    own_events = [column - LANE_COUNT for column in own if column >= LANE_COUNT]
    free_lanes = [column for column in free if column < LANE_COUNT]
    free_events = [column - LANE_COUNT for column in free if column >= LANE_COUNT]
    chosen = free[0]
    best_gain = -math.inf
    for column in free:
        if column < LANE_COUNT:
            gain = base[column]
            for event in own_events:
                gain += events[event][column]
            if more and free_events:
                gain += SYNERGY_SHARE * max(events[event][column] for event in free_events)
        else:
            row = events[column - LANE_COUNT]
            gain = 0.0
            for lane in own_lanes:
                gain += row[lane]
            if more and free_lanes:
                gain += SYNERGY_SHARE * max(row[lane] for lane in free_lanes if lane != column)
        if gain > best_gain:
            chosen, best_gain = column, gain
    return chosen


def simulate_betting(view: DropView, options: DropOptions, view_outlook: Outlook) -> list[float]:
    """Expected points of each seat's pieces once the round's betting is over.

    The pieces still to place go in betting order, each to ``best_column``.
    """
    seats = view.num_players
    bets = [list(columns) for columns in view.bets]
    if view.phase != Phase.OVER:
        pieces = options.pieces_per_player
        columns = options.column_count
        counts = column_counts(view.bets, columns)
        order = betting_order_of(view, options.start_player)
        placed = sum(len(own) for own in bets)
        for turn in range(placed, seats * pieces):
            own = bets[bettor(order, turn)]
            free = [
                column
                for column in range(columns)
                if counts[column] < options.cells_per_column and column not in own
            ]
            column = best_column(view_outlook, own, free, len(own) + 1 < pieces)
            own.append(column)
            counts[column] += 1
    return [pieces_points(view_outlook, own) for own in bets]


def round_end_spread(num_players: int, rounds_after: int) -> RoundEndSpread | None:
    """How the lines value a lead at the end of a round with ``rounds_after`` rounds
    still to come (None: the game ends with it, places are exact)."""
    if rounds_after == 0:
        return None
    if num_players == 2:
        return TWO_PLAYER_ROUND_END_SPREADS[rounds_after - 1]
    return RoundEndSpread.even(SPREAD_PER_ROUND_LEFT * rounds_after)


def drop_view(state: State) -> DropView:
    view = state.view(0)
    assert isinstance(view, DropView), f"not a Cheese Drop view: {view!r}"
    return view


class CheeseDropEvaluator(Evaluator):
    """Totals plus the expected points of this round's pieces; see the module doc."""

    __slots__ = ("_falls", "_outlooks")

    def __init__(self) -> None:
        self._falls: dict[int, list[list[list[float]]]] = {}
        """``lane_distributions`` by number of rows, worked out once per evaluator."""
        self._outlooks: dict[tuple[object, ...], Outlook] = {}
        """Outlooks by what they depend on: a search meets the same marbles again and
        again (bets do not move them)."""

    # The evaluation already integrates the fall and the draws (never expand them) and
    # reads only the public view; a search values a round's last bet from the view too
    # (``values_directly``), so it never reads a determinization's hidden lanes and one
    # world will do. The C search of the engine's tree (a spec naming its settings)
    # starts the root moves from greedy's one-ply values, which rank a gate's hundreds
    # of fillings better than playouts alone, and widens slowly in the order of the
    # bettors' expected points, following the bets the other seats are likely to make.
    advice = SearchAdvice(
        playout="none",
        playout_depth=0,
        chance_width=1,
        view_only=True,
        hidden_information=False,
        fresh_hidden=True,
        c_search=CSearchAdvice(prior_visits=20, widen=0.5),
    )

    def falls(self, rows: int) -> list[list[list[float]]]:
        table = self._falls.get(rows)
        if table is None:
            table = self._falls[rows] = lane_distributions(rows)
        return table

    def outlook(
        self, view: DropView, options: DropOptions, gate: Sequence[int | None] | None
    ) -> Outlook:
        """``outlook(marble_odds(...))``, worked out once per marbles, bag and gate."""
        key = (
            options,
            view.num_players,
            view.round,
            view.phase in (Phase.BET, Phase.OVER),
            view.marbles,
            view.hand,
            view.bag,
            None if gate is None else tuple(gate),
        )
        found = self._outlooks.get(key)
        if found is None:
            odds = marble_odds(view, options, self.falls(options.rows), gate)
            found = self._outlooks[key] = outlook(odds)
        return found

    def estimate(
        self, view: DropView, options: DropOptions, gate: Sequence[int | None] | None = None
    ) -> tuple[list[float], float]:
        """Estimated final points per seat and their spread."""
        points = [float(total) for total in view.totals]
        if view.phase == Phase.OVER:
            return points, 1.0
        expected = simulate_betting(view, options, self.outlook(view, options, gate))
        rounds_after = ROUNDS - 1 - view.round
        spread = SPREAD_BASE + SPREAD_PER_ROUND_LEFT * rounds_after
        return [total + gained for total, gained in zip(points, expected)], spread

    def rewards(self, state: State) -> Rewards:
        if state.is_terminal():
            return terminal_rewards(state)
        points, spread = self.estimate(drop_view(state), drop_options(state))
        return estimated_rewards(points, spread)

    def values_directly(self, state: State) -> bool:
        """Draws, the fall and gates are all in the estimate: marbles still to fall follow
        the pin rows' law, marbles in hand or in the bag are spread over the slots. Only
        bets are worth searching."""
        return drop_view(state).phase != Phase.BET

    def decided_by_one_ply(self, view: object) -> bool:
        """Gates: the estimate integrates the fall and the round's betting, and a gate's
        hundreds of fillings differ in worth by less than sampled playouts can resolve,
        so a search ranks them worse than the estimate does. Bets are searched."""
        assert isinstance(view, DropView), f"not a Cheese Drop view: {view!r}"
        return view.phase == Phase.GATE

    def lines(self, turn: Turn, rng: random.Random) -> RoundLines | None:
        """A bet: the rest of the round's betting (``cheese_drop_round``), the other
        seats' replies predicted by their one-ply values, the finished round valued
        exactly over draws of the hidden rows. Other decisions: none."""
        view = turn.view
        assert isinstance(view, DropView), f"not a Cheese Drop view: {view!r}"
        if view.phase != Phase.BET:
            return None
        options = drop_options(turn.determinize(rng))
        spread = round_end_spread(view.num_players, ROUNDS - 1 - view.round)
        return RoundLines(view, options, self.bet_rewards, spread, rng)

    def action_values(self, state: State, actions: Sequence[Action]) -> list[Rewards]:
        """Gates and bets valued from the view alone, without the engine.

        A gate only puts the marbles in hand into slots; a bet only adds a piece. Either
        is valued by the same estimate, so even the last bet of a round is valued by the
        lanes' law, not by the lanes of one determinization.
        """
        view = drop_view(state)
        if view.phase not in (Phase.GATE, Phase.BET):
            return values_by_applying(self, state, actions)
        options = drop_options(state)
        values: list[Rewards] = []
        for action in actions:
            if view.phase == Phase.GATE:
                points, spread = self.estimate(view, options, gate_contents(action))
                values.append(estimated_rewards(points, spread))
            else:
                values.append(self.bet_rewards(view, options, view.current_player, action))
        return values

    def bet_rewards(
        self, view: DropView, options: DropOptions, seat: int, column: int
    ) -> Rewards:
        """The estimated rewards once ``seat`` places a piece on ``column`` in ``view``."""
        bets = place_piece(view.bets, seat, column)
        points, spread = self.estimate(replace(view, bets=bets), options)
        return estimated_rewards(points, spread)

    def playout_action(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if drop_view(state).phase == Phase.GATE:
            return legal[rng.randrange(len(legal))]
        return best_valued(legal, self.action_priors(state, legal), rng)[0]


def make_evaluator() -> CheeseDropEvaluator:
    return CheeseDropEvaluator()
