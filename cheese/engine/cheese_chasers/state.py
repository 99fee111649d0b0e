"""The reference state of Cheese Chasers, written to be read beside the rules page.

A game alternates two events. A **draw** is a chance node (``current_player == CHANCE``):
its outcome is the kind drawn, weighted by the cards of that kind left in the deck. The
first card drawn goes straight to the origin. Every later card waits, face up, for the
player's **placement**: a direction 0..7 from the previously placed card to an empty cell.
After every placement the activity of mice and traps is read off the table again.

>>> from cheese.engine.cheese_chasers import ReferenceGame
>>> state = ReferenceGame().new_initial_state(seed=3)
>>> state = state.apply(0).apply(1)    # a mouse to the origin, then a cat is drawn
>>> state.current_player, state.legal_actions()
(0, [0, 1, 2, 3, 4, 5, 6, 7])
>>> state.action_to_string(4), state.apply(4).view(0).cards
('E', ((0, 0, 0), (1, 0, 1)))
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from cheese.engine.api import (
    CHANCE,
    TERMINAL,
    Action,
    Game,
    IllegalActionError,
    NotAChanceNodeError,
    OptionValue,
    Seat,
    State,
)
from cheese.engine.cheese_chasers.activity import is_trapped
from cheese.engine.cheese_chasers.board import (
    ORIGIN,
    Cell,
    Direction,
    PlacedCard,
    cards_of,
    empty_directions,
    neighbour,
)
from cheese.engine.cheese_chasers.cards import KINDS, Composition, Kind
from cheese.engine.cheese_chasers.notation import action_to_string, parse_action
from cheese.engine.cheese_chasers.scoring import score_table
from cheese.engine.cheese_chasers.view import EARLY_ENDINGS, ChasersView, Ending
from cheese.engine.luck import determinization_draw, event_key

DRAW_EVENT = 1
"""The event kind of a draw in paired-luck keys: draw number k is ``event_key(1, k)``."""
PLAYER: Seat = 0


@dataclass(frozen=True, slots=True)
class ChasersState(State):
    """A position: the table, the previous card's cell, the drawn card, the deck counts.

    Equality and hashing are by content.
    """

    maker: Game = field(compare=False, repr=False)
    """The game that made this state (stateless, so not part of equality)."""
    deal_seed: int
    composition: Composition
    cards: tuple[PlacedCard, ...]
    """The table as ``(x, y, kind)`` sorted, so equal tables are equal tuples."""
    table: Mapping[Cell, Kind] = field(compare=False, repr=False)
    """The same cards by cell, for look-ups: derived from ``cards`` and never changed (a
    new placement makes a new mapping)."""
    last: Cell | None
    pending: Kind | None
    left: tuple[int, int, int, int]
    ending: Ending | None

    @classmethod
    def initial(cls, game: Game, seed: int, composition: Composition) -> ChasersState:
        """The shuffled deck, nothing on the table: the first draw is pending."""
        return cls(
            maker=game,
            deal_seed=seed,
            composition=composition,
            cards=(),
            table={},
            last=None,
            pending=None,
            left=composition.counts,
            ending=None,
        )

    # --- identity -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.maker

    @property
    def seed(self) -> int:
        return self.deal_seed

    @property
    def num_players(self) -> int:
        return 1

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return self.composition.as_options()

    @property
    def draws(self) -> int:
        """How many cards have been drawn so far."""
        return self.composition.total - sum(self.left)

    # --- whose turn -----------------------------------------------------------------
    @property
    def current_player(self) -> Seat:
        if self.ending is not None:
            return TERMINAL
        return CHANCE if self.pending is None else PLAYER

    # --- moves ----------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [kind for kind in KINDS if self.left[kind] > 0]
        assert self.last is not None  # a card waits only after the first placement
        return empty_directions(self.table, self.last)

    def chance_weights(self) -> list[tuple[Action, int]]:
        """Rules page, "Play": the next card is drawn uniformly from the remaining
        multiset, so each kind weighs as many as are left of it."""
        if not self.is_chance_node():
            return []
        return [(kind, self.left[kind]) for kind in KINDS if self.left[kind] > 0]

    def chance_key(self) -> int:
        """Draw number k (0 for the first card) is the event ``event_key(1, k)``."""
        if not self.is_chance_node():
            raise NotAChanceNodeError(
                f"chance_key() needs a chance node; this state's player is {self.current_player}"
            )
        return event_key(DRAW_EVENT, self.draws)

    def apply(self, action: Action) -> ChasersState:
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(action))
        if self.is_chance_node():
            return draw_card(self, action)
        return place_card(self, action)

    def _illegal_message(self, action: Action) -> str:
        if self.is_terminal():
            return f"action {action} comes after the game ended ({self.ending}); nothing is legal"
        legal = self.legal_actions()
        if self.is_chance_node():
            return f"draw outcome {action} is not possible now; the deck holds kinds {legal}"
        return (
            f"placement {action} is not legal: the cell is taken or is no direction; "
            f"the empty directions are {legal}"
        )

    # --- outcome --------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        """0 until the end; then the table's total if every card was placed, else 0."""
        if self.ending != "complete":
            return (0,)
        return (score_table(self.table).total,)

    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        return ((self.scores()[0],),)

    def ended_early(self) -> bool:
        return self.ending in EARLY_ENDINGS

    # --- information ----------------------------------------------------------------
    def view(self, seat: Seat) -> ChasersView:
        _check_seat(seat)
        return ChasersView(
            cards=self.cards,
            last=self.last,
            pending=self.pending,
            left=self.left,
            ending=self.ending,
        )

    def determinize(self, seat: Seat, rng: random.Random) -> ChasersState:
        """A state consistent with ``view(seat)``: this very state.

        Algorithm (the native engine mirrors it):
        1. Seed a ``SplitMix64`` with one ``rng.getrandbits(64)`` (the contract of every
           game, so a caller's generator advances the same way whatever the game), and
           take the fresh deal seed that comes with it (``luck.determinization_draw``).
        2. Nothing is hidden on the table — the deck's order is not part of the state, it
           is the chance of future draws — so return this position, drawing nothing more,
           under the fresh deal seed: paired luck from it tells nothing of the real deck.
        """
        _check_seat(seat)
        _, deal_seed = determinization_draw(rng)
        return replace(self, deal_seed=deal_seed)

    # --- notation -------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        return action_to_string(self.view(PLAYER), action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self.view(PLAYER), text)


def _check_seat(seat: Seat) -> None:
    if seat != PLAYER:
        raise ValueError(f"seat {seat} is not in this solitaire game; the only seat is 0")


# --- the rule steps, in the order of a turn ------------------------------------------


def draw_card(state: ChasersState, kind: Kind) -> ChasersState:
    """Rules page, "Play": a card of ``kind`` leaves the deck.

    "The first card drawn is placed at the origin"; "each later card is drawn (the player
    sees it), then placed" — unless it cannot be (``end_if_enclosed``).
    """
    left = list(state.left)
    left[kind] -= 1
    mice, cats, cheese, traps = left
    drawn = replace(state, left=(mice, cats, cheese, traps), pending=kind)
    if state.last is None:
        return place_first_card(drawn)
    return end_if_enclosed(drawn)


def place_first_card(state: ChasersState) -> ChasersState:
    """Rules page, "Play": "The first card drawn is placed at the origin."."""
    assert state.pending is not None
    return after_placement(put_card(state, ORIGIN, state.pending))


def end_if_enclosed(state: ChasersState) -> ChasersState:
    """Rules page, "Losing": "If the drawn card has no empty cell among the 8 neighbours
    of the previous card, the game ends with score 0." The card stays in view, unplaced.
    """
    assert state.last is not None
    if empty_directions(state.table, state.last):
        return state
    return replace(state, ending="enclosed")


def place_card(state: ChasersState, direction: Direction) -> ChasersState:
    """Rules page, "Play": the drawn card goes "on an **empty** cell that touches the
    **previously placed** card horizontally, vertically or diagonally"."""
    assert state.last is not None and state.pending is not None
    return after_placement(put_card(state, neighbour(state.last, direction), state.pending))


def put_card(state: ChasersState, cell: Cell, kind: Kind) -> ChasersState:
    """The drawn card lies face up on ``cell``, which becomes the previous card's cell."""
    table = {**state.table, cell: kind}
    return replace(state, cards=cards_of(table), table=table, last=cell, pending=None)


def after_placement(state: ChasersState) -> ChasersState:
    """Rules page, "Activity" and "Losing": activity is recomputed after every placement;
    "if **3 or more active traps** are in play, the game ends at once with score 0 (even
    on the last card)"; otherwise the game is won once all cards are placed.
    """
    if is_trapped(state.table):
        return replace(state, ending="trapped")
    if sum(state.left) == 0:
        return replace(state, ending="complete")
    return state
