"""A Cheese Drop position and its transitions, one method per step of the rules.

A round runs: draws (chance) → the dropper's gate → one deflection per marble and pin
row (chance) → the next drop …; after the last drop, the betting laps; after the last
piece the round is scored at once and the next round begins.

>>> from cheese.engine.cheese_drop.game import ReferenceGame
>>> state = ReferenceGame().new_initial_state(num_players=3, seed=1)
>>> state.phase.name, state.legal_actions(), state.chance_weights()
('DRAW', [0, 1, 2, 3], [(0, 6), (1, 4), (2, 1), (3, 1)])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from cheese.engine.api import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    NotAChanceNodeError,
    Seat,
)
from cheese.engine.cheese_drop import notation
from cheese.engine.cheese_drop.betting import (
    betting_order,
    bettor,
    legal_columns,
    place_piece,
)
from cheese.engine.cheese_drop.core import (
    NO_MARBLES,
    ROUNDS,
    Bets,
    ColourCounts,
    Marble,
    Phase,
    RoundResult,
)
from cheese.engine.cheese_drop.determinize import reroll_hidden_rows
from cheese.engine.cheese_drop.fall import deflection_key, deflection_weights
from cheese.engine.cheese_drop.gate import gate_contents, is_legal_gate, legal_gates
from cheese.engine.cheese_drop.marbles import (
    add_to,
    bag_for_round,
    draw_key,
    draw_weights,
    draws_per_drop,
    dropper,
    drops_per_round,
    round_start_player,
    take_from,
)
from cheese.engine.cheese_drop.options import DropOptions
from cheese.engine.cheese_drop.scoring import lane_contents, round_points
from cheese.engine.cheese_drop.view import DropView, MarbleView, RevealedDropView
from cheese.engine.luck import determinization_draw
from cheese.engine.setup_state import SetupState


@dataclass(frozen=True, slots=True)
class Setup:
    """What every state of one game shares: seats, deal seed, options and the game."""

    num_players: int
    seed: int
    options: DropOptions
    maker: Game = field(compare=False, repr=False)
    """The game that made the states (stateless, so not part of equality); held rather
    than imported, so that this module need not import the game's."""


@dataclass(frozen=True, slots=True)
class DropState(SetupState):
    """A position of Cheese Drop (reference backend). Immutable; equal by content."""

    setup: Setup
    round_index: int
    """0, 1, 2; ``ROUNDS`` once the game is over."""
    drop: int
    """The drop in progress; ``drops_per_round`` once the drops are over (betting)."""
    bag: ColourCounts
    hand: ColourCounts
    """Marbles drawn for the current drop, not yet behind the gate."""
    marbles: tuple[Marble, ...]
    """This round's marbles released so far, in drop order then slot order."""
    bets: Bets
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    _falling_at: int | None = field(init=False, repr=False, compare=False)
    """The marble on the slope, worked out once (it follows from the fields above)."""
    _phase: Phase = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        falling = self._find_falling()
        object.__setattr__(self, "_falling_at", falling)
        object.__setattr__(self, "_phase", self._find_phase(falling))

    @classmethod
    def initial(cls, setup: Setup) -> DropState:
        """The state before the first draw of round 1."""
        empty = cls(
            setup, 0, 0, NO_MARBLES, NO_MARBLES, (), (), (0,) * setup.num_players, ()
        )
        return empty._start_round(0)

    # --- identity -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.setup.maker

    # --- whose turn -----------------------------------------------------------------
    @property
    def phase(self) -> Phase:
        """What the game waits for next."""
        return self._phase

    def _find_phase(self, falling: int | None) -> Phase:
        if self.round_index == ROUNDS:
            return Phase.OVER
        if self.drop == drops_per_round(self.num_players):
            return Phase.BET
        if falling is not None:
            return Phase.FALL
        if sum(self.hand) < draws_per_drop(self.num_players, self.round_index):
            return Phase.DRAW
        return Phase.GATE

    @property
    def current_player(self) -> Seat:
        phase = self.phase
        if phase in (Phase.DRAW, Phase.FALL):
            return CHANCE
        if phase == Phase.GATE:
            return dropper(self._round_start(), self.drop, self.num_players)
        if phase == Phase.BET:
            return bettor(self._betting_order(), self._pieces_placed())
        return TERMINAL

    def _round_start(self) -> Seat:
        start_player = self.setup.options.start_player
        return round_start_player(start_player, self.round_index, self.num_players)

    def _betting_order(self) -> tuple[Seat, ...]:
        return betting_order(self.num_players, self.round_index, self._round_start(), self.totals)

    def _pieces_placed(self) -> int:
        return sum(len(columns) for columns in self.bets)

    def _find_falling(self) -> int | None:
        """The index of the marble on the slope: the lowest slot of this drop still falling.

        Marbles finish in order (drop by drop, slot by slot), so the unfinished ones are
        the last few: walk back from the end.
        """
        rows = self.setup.options.rows
        index = len(self.marbles)
        while index > 0 and self.marbles[index - 1].rows_fallen < rows:
            index -= 1
        return index if index < len(self.marbles) else None

    # --- moves ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase in (Phase.DRAW, Phase.FALL):
            return [action for action, _ in self.chance_weights()]
        if phase == Phase.GATE:
            return legal_gates(self.hand)
        if phase == Phase.BET:
            return legal_columns(self.bets, self.current_player, self.setup.options)
        return []

    def chance_weights(self) -> list[tuple[Action, int]]:
        phase = self.phase
        if phase == Phase.DRAW:
            return draw_weights(self.bag)
        if phase == Phase.FALL:
            marble = self.marbles[self._falling_index()]
            return list(deflection_weights(marble.lane))
        return []

    def chance_key(self) -> int:
        phase = self.phase
        if phase == Phase.DRAW:
            return draw_key(self.round_index, self.drop, sum(self.hand))
        if phase == Phase.FALL:
            marble = self.marbles[self._falling_index()]
            return deflection_key(self.round_index, self.drop, marble.slot, marble.rows_fallen)
        raise NotAChanceNodeError(
            f"the state is not a chance node (phase {phase.name}); only chance nodes have a key"
        )

    def _falling_index(self) -> int:
        assert self._falling_at is not None, "called only in the FALL phase"
        return self._falling_at

    def apply(self, action: Action) -> DropState:
        if not self._is_legal(action):
            raise IllegalActionError(
                f"action {action!r} is not legal in the {self.phase.name.lower()} phase; "
                f"legal actions: {self._legal_summary()}; pick one of them"
            )
        phase = self.phase
        if phase == Phase.DRAW:
            return self._draw_marble(action)
        if phase == Phase.GATE:
            return self._lift_gate(action)
        if phase == Phase.FALL:
            return self._deflect(action)
        return self._place_piece(action)

    def _is_legal(self, action: object) -> bool:
        """``action in self.legal_actions()``, without listing the (up to 360) gates."""
        if isinstance(action, bool) or not isinstance(action, int):
            return False
        if self.phase == Phase.GATE:
            return is_legal_gate(self.hand, action)
        return action in self.legal_actions()

    def _legal_summary(self) -> str:
        legal = self.legal_actions()
        if not legal:
            return "none (the game is over)"
        shown = ", ".join(map(str, legal[:12]))
        return shown + (f", … ({len(legal)} in all)" if len(legal) > 12 else "")

    # --- the steps of a round -------------------------------------------------------
    def _start_round(self, round_index: int) -> DropState:
        """Step 1: "Put marbles in the bag"; every piece is back with its owner. After
        round 3 the bag stays empty."""
        bag = bag_for_round(round_index) if round_index < ROUNDS else NO_MARBLES
        return replace(
            self,
            round_index=round_index,
            drop=0,
            bag=bag,
            hand=NO_MARBLES,
            marbles=(),
            bets=((),) * self.num_players,
        )

    def _draw_marble(self, colour: Action) -> DropState:
        """Step 2: "the dropper draws marbles from the bag" (a chance event)."""
        # Built field by field rather than with ``replace``: chance steps are most of a game.
        return DropState(
            self.setup, self.round_index, self.drop, take_from(self.bag, colour),
            add_to(self.hand, colour), self.marbles, self.bets, self.totals, self.results,
        )

    def _lift_gate(self, action: Action) -> DropState:
        """Step 2: the dropper "sets them behind the closed gate, and lifts the gate"; each
        marble starts in the lane under its slot."""
        released = tuple(
            Marble(colour, self.drop, slot, rows_fallen=0, seen_lane=slot, lane=slot)
            for slot, colour in enumerate(gate_contents(action))
            if colour is not None
        )
        lifted = replace(self, hand=NO_MARBLES, marbles=self.marbles + released)
        if self.setup.options.rows == 0:
            return lifted._next_drop()
        return lifted

    def _deflect(self, lane: Action) -> DropState:
        """The fall: the marble on the slope passes one pin row and lands in ``lane``.

        Everyone sees its lane until it passes under the cover (the last
        ``hidden_rows`` rows); the marbles fall one at a time, in slot order.
        """
        index = self._falling_index()
        marble = self.marbles[index]
        rows_fallen = marble.rows_fallen + 1
        visible = rows_fallen <= self.setup.options.visible_rows
        seen_lane = lane if visible else marble.seen_lane
        moved = Marble(marble.colour, marble.drop, marble.slot, rows_fallen, seen_lane, lane)
        marbles = (*self.marbles[:index], moved, *self.marbles[index + 1 :])
        fallen = DropState(
            self.setup, self.round_index, self.drop, self.bag, self.hand, marbles, self.bets,
            self.totals, self.results,
        )
        if fallen._falling_at is None:
            return fallen._next_drop()
        return fallen

    def _next_drop(self) -> DropState:
        """Step 2: "the dropper passes to the left"; after the last drop, betting."""
        return replace(self, drop=self.drop + 1)

    def _place_piece(self, column: Action) -> DropState:
        """Step 3: the seat to bet places one piece; after the last lap, scoring."""
        placed = replace(self, bets=place_piece(self.bets, self.current_player, column))
        if placed._pieces_placed() == self.num_players * self.setup.options.pieces_per_player:
            return placed._score_round()
        return placed

    def _score_round(self) -> DropState:
        """Step 4: the cover is removed and every seat scores; step 5: the next round."""
        lanes = lane_contents(self.marbles)
        points = tuple(player.total for player in round_points(lanes, self.bets))
        result = RoundResult(lanes, self.bets, points)
        scored = replace(
            self,
            totals=tuple(total + gained for total, gained in zip(self.totals, points)),
            results=(*self.results, result),
        )
        return scored._start_round(self.round_index + 1)

    # --- outcome --------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        return self.totals

    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        """"After round 3 the highest total wins; equal totals share the win.\""""
        return tuple((total,) for total in self.totals)

    # --- information ----------------------------------------------------------------
    def view(self, seat: Seat) -> DropView:
        self._check_seat(seat)
        return DropView(
            seat=seat,
            num_players=self.num_players,
            round=self.round_index,
            drop=self.drop,
            phase=self.phase,
            current_player=self.current_player,
            totals=self.totals,
            bag=self.bag,
            hand=self.hand,
            marbles=tuple(MarbleView.of(marble) for marble in self.marbles),
            bets=self.bets,
            results=self.results,
        )

    def revealed_view(self) -> RevealedDropView:
        """Every seat's view and the real lane of each marble of the round in progress."""
        views = tuple(self.view(seat) for seat in range(self.num_players))
        return RevealedDropView(views, tuple(marble.lane for marble in self.marbles))

    def determinize(self, seat: Seat, rng: random.Random) -> DropState:
        """A state drawn from what ``seat`` knows: the hidden deflections redrawn.

        1. ``generator, deal_seed = luck.determinization_draw(rng)``: a ``SplitMix64``
           seeded with the only ``rng.getrandbits(64)``, and a fresh deal seed from the
           same bits (the real one would tell the future draws and bounces).
        2. ``marbles = reroll_hidden_rows(marbles, rows - hidden_rows, generator)``: each
           marble of the round in progress, in drop order then slot order, redraws every
           hidden row it has already passed, starting from its lane under the cover
           (see ``cheese_drop.determinize``).
        Every other field is public and kept; the state gets ``deal_seed``.
        """
        self._check_seat(seat)
        generator, deal_seed = determinization_draw(rng)
        marbles = reroll_hidden_rows(self.marbles, self.setup.options.visible_rows, generator)
        return replace(self, setup=replace(self.setup, seed=deal_seed), marbles=marbles)

    def _check_seat(self, seat: Seat) -> None:
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")

    # --- notation -------------------------------------------------------------------
    def _actor_view(self) -> DropView:
        player = self.current_player
        return self.view(player if player >= 0 else 0)

    def action_to_string(self, action: Action) -> str:
        return notation.action_to_string(self._actor_view(), action)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(self._actor_view(), text)

