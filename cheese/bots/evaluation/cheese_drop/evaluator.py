"""Cheese Drop's evaluation: each seat's total plus the expected points of its pieces
this round.

Everything a seat may use is public, and the view is all this evaluation reads, so it
values a determinized state exactly as the true one. The lanes' law (``outlook``) says
what each column is worth; the pieces still to place are predicted (``predicted_bets``);
a seat's estimate is its total so far plus the expected points of its pieces this round.
Rounds to come are the same for everyone and left out, but widen the spread. A bet is
searched along the rest of the round's betting (``round_lines``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

import numpy as np

from cheese.bots.base import Turn, best_valued
from cheese.bots.evaluation.cheese_drop.future_rounds import (
    future_rounds,
    odds_rewards,
    place_rewards,
)
from cheese.bots.evaluation.cheese_drop.outlook import (
    Outlook,
    lane_distributions,
    marble_odds,
    outlook,
)
from cheese.bots.evaluation.cheese_drop.predicted_bets import simulate_betting
from cheese.bots.evaluation.cheese_drop.round_lines import DEFAULT_SAMPLES as LINE_SAMPLES
from cheese.bots.evaluation.cheese_drop.round_lines import (
    LaneDraws,
    RoundEndSpread,
    RoundLines,
)
from cheese.bots.search.evaluator import (
    CSearchAdvice,
    EndValue,
    Evaluator,
    PlayoutPolicy,
    SearchAdvice,
    values_by_applying,
)
from cheese.bots.search.rewards import Rewards, estimated_rewards, terminal_rewards
from cheese.engine import Action, State
from cheese.engine.cheese_drop.betting import place_piece
from cheese.engine.cheese_drop.core import ROUNDS, Phase
from cheese.engine.cheese_drop.gate import gate_contents
from cheese.engine.cheese_drop.options import DropOptions, parse_options
from cheese.engine.cheese_drop.view import VIEW_TYPE, DropView

SPREAD_BASE = 2.0
"""The spread of the estimate in the last round, set by hand with the first version of
this evaluation."""
SPREAD_PER_ROUND_LEFT = 5.0
"""The spread added per round still to be played after this one, set by hand with the
first version of this evaluation."""
TWO_PLAYER_ROUND_END_SPREADS = (RoundEndSpread(0.1, 1.6), RoundEndSpread(0.1, 2.7))
"""With two players, the lines' spreads after round 2 and after round 1: the maximum
likelihood fit of ``python tools/cheese_drop_fit.py 2 600`` on the code of commit c4df490,
which introduced them."""


HiddenLanes = Callable[[Turn], LaneDraws]
"""Where a bet's lines take the hidden rows from instead of fresh draws of the lanes'
law: a diagnostic's truth (``round_lines.true_lanes``), never a bot's."""


def drop_options(state: State) -> DropOptions:
    return parse_options(state.num_players, dict(state.options))


def round_end_spread(num_players: int, rounds_after: int) -> RoundEndSpread | None:
    """How the lines value a lead at the end of a round with ``rounds_after`` rounds
    still to come (None: the game ends with it, places are exact)."""
    if rounds_after == 0:
        return None
    if num_players == 2:
        return TWO_PLAYER_ROUND_END_SPREADS[rounds_after - 1]
    return RoundEndSpread.even(SPREAD_PER_ROUND_LEFT * rounds_after)


def drop_view(state: State) -> DropView:
    """Seat 0's view of ``state``, which the searches hold as a state of any game."""
    return VIEW_TYPE.of(state.view(0))


class CheeseDropEvaluator(Evaluator):
    """Totals plus the expected points of this round's pieces; see the module doc."""

    __slots__ = ("_falls", "_hidden_lanes", "_outlooks")

    def __init__(self, hidden_lanes: HiddenLanes | None = None) -> None:
        self._hidden_lanes = hidden_lanes
        """None for every bot: the lines draw the hidden rows from the lanes' law. A
        diagnostic measuring what seeing them is worth gives the truth here; no bot spec
        reaches it."""
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
        playout=PlayoutPolicy.NONE,
        playout_depth=0,
        chance_width=1,
        view_only=True,
        hidden_information=False,
        fresh_hidden=True,
        c_search=CSearchAdvice(prior_visits=20, widen=0.5),
    )

    end_values = (EndValue.LEAD, EndValue.PLACES, EndValue.ODDS)

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
        return VIEW_TYPE.of(view).phase == Phase.GATE

    def lines(
        self, turn: Turn, rng: random.Random, value: EndValue = EndValue.LEAD
    ) -> RoundLines | None:
        """A bet: the rest of the round's betting (``round_lines``), the other
        seats' replies predicted by their one-ply values, the finished round valued
        exactly over draws of the hidden rows; before the last round by the lead
        (``round_end_spread``) or, with ``value`` places or odds, by the final places
        after play-outs of the rounds to come (``future_rounds``). Other decisions: none."""
        view = VIEW_TYPE.of(turn.view)
        if view.phase != Phase.BET:
            return None
        options = drop_options(turn.determinize(rng))
        spread = round_end_spread(view.num_players, ROUNDS - 1 - view.round)
        end_rewards = None
        if value is not EndValue.LEAD and spread is not None:
            future = future_rounds(
                view.num_players, view.round, options, LINE_SAMPLES,
                np.random.default_rng(rng.getrandbits(64)),
            )
            valued = place_rewards if value is EndValue.PLACES else odds_rewards
            end_rewards = partial(valued, future=future, start_player=options.start_player)
        lanes = None if self._hidden_lanes is None else self._hidden_lanes(turn)
        return RoundLines(
            view, options, self.bet_rewards, spread, rng, end_rewards=end_rewards, lanes=lanes
        )

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
