"""The reference engine: Get The Cheese! states behind the engine contract.

>>> from cheese.engine.get_the_cheese.game import ReferenceGame
>>> from cheese.engine.luck import advance_chance
>>> state = advance_chance(ReferenceGame().new_initial_state(num_players=3, seed=1))
>>> state.current_player, state.view(0).hand_sizes, state.view(0).deck_sizes
(0, (3, 3, 3), (12, 12, 12))
>>> state.legal_actions()[0], state.action_to_string(0)
(0, 'draw')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
from cheese.engine.get_the_cheese import turns
from cheese.engine.get_the_cheese.cards import COLOURS, EMPTY_PILE, Pile
from cheese.engine.get_the_cheese.determinize import determinize_table
from cheese.engine.get_the_cheese.moves import DRAW, decode_play, distinct_plays, play_action
from cheese.engine.get_the_cheese.notation import action_to_string, parse_action
from cheese.engine.get_the_cheese.options import GtcOptions
from cheese.engine.get_the_cheese.resolve import rank_key, score_piles
from cheese.engine.get_the_cheese.table import Table
from cheese.engine.get_the_cheese.view import GtcView, view_of
from cheese.engine.luck import determinization_draw
from cheese.engine.setup_state import SetupState

MASK64 = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class Setup:
    """What every state of one game shares."""

    num_players: int
    seed: int
    options: GtcOptions


@dataclass(frozen=True, slots=True, repr=False)
class GtcState(SetupState):
    """A position: the shared setup and the table (equal content, equal states)."""

    setup: Setup
    table: Table
    maker: Game = field(compare=False)
    """The game that made this state (stateless, so not part of equality); held rather
    than imported, so that this module need not import the game's."""
    player: Seat = field(init=False, compare=False)
    """Whose turn it is, derived from the table once (the state never changes)."""
    piles: tuple[Pile, ...] | None = field(init=False, compare=False)
    """The score piles, resolved once when the game is over; None before."""

    def __post_init__(self) -> None:
        player = turns.current_player(self.table)
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "piles", self._resolve() if player == TERMINAL else None)

    def _resolve(self) -> tuple[Pile, ...]:
        """End of game: every cheese resolved (rules, "End of game")."""
        return score_piles(
            self.num_players,
            (
                (cheese, [card.animal() for card in line])
                for cheese, line in zip(self.table.cheeses, self.table.lines, strict=True)
            ),
        )

    def __repr__(self) -> str:
        return (
            f"<GtcState players={self.num_players} seed={self.seed} "
            f"player={self.current_player}>"
        )

    # --- identity -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.maker

    # --- moves ----------------------------------------------------------------------
    @property
    def current_player(self) -> Seat:
        return self.player

    def legal_actions(self) -> list[Action]:
        player = self.current_player
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [action for action, _ in self.chance_weights()]
        actions = [DRAW] if turns.may_draw(self.table, player) else []
        if turns.may_play(self.table, player):
            triples = distinct_plays(self.table.hands[player])
            actions.extend(
                play_action(start, kinds)
                for start in range(self.table.cheese_count)
                for kinds in triples
            )
        return actions

    def chance_weights(self) -> list[tuple[Action, int]]:
        if self.current_player != CHANCE:
            return []
        if len(self.table.cheeses) < self.table.cheese_count:
            return turns.cheese_weights(self.table, self.setup.options)
        return turns.card_weights(self.table, turns.drawing_seat(self.table))

    def chance_key(self) -> int:
        if self.current_player != CHANCE:
            raise NotAChanceNodeError(
                f"chance_key() asked at a decision or terminal state "
                f"(player {self.current_player}); ask it only where is_chance_node()"
            )
        return turns.chance_key(self.table, self.setup.options)

    def apply(self, action: Action) -> GtcState:
        player = self.current_player
        if player == TERMINAL:
            raise IllegalActionError(f"action {action} after the end: the game is over")
        if player == CHANCE:
            table = self._apply_chance(action)
        else:
            table = self._apply_decision(player, action)
        return GtcState(self.setup, table, self.maker)

    def _apply_chance(self, outcome: Action) -> Table:
        weights = dict(self.chance_weights())
        if outcome not in weights:
            raise IllegalActionError(
                f"chance outcome {outcome} is not possible here; possible: {sorted(weights)}"
            )
        if len(self.table.cheeses) < self.table.cheese_count:
            return turns.deal_cheese(self.table, outcome)
        return turns.draw_card(self.table, turns.drawing_seat(self.table), outcome)

    def _apply_decision(self, seat: Seat, action: Action) -> Table:
        if action == DRAW and turns.may_draw(self.table, seat):
            return turns.draw_three(self.table, seat)
        if action > DRAW and turns.may_play(self.table, seat):
            start, kinds = decode_play(action)
            if start < self.table.cheese_count and kinds in distinct_plays(
                self.table.hands[seat]
            ):
                return turns.play_three(self.table, seat, start, kinds)
        raise IllegalActionError(
            f"action {action} is not legal for {COLOURS[seat]} (seat {seat}) here; "
            f"the legal actions are {self.legal_actions()[:12]}"
            f"{' ...' if len(self.legal_actions()) > 12 else ''}; "
            f"see legal_actions() and action_to_string()"
        )

    # --- outcome --------------------------------------------------------------------
    def score_piles(self) -> tuple[Pile, ...]:
        """Each seat's score pile (counts per kind); empty until the game is over."""
        if self.piles is None:
            return (EMPTY_PILE,) * self.num_players
        return self.piles

    def scores(self) -> tuple[int, ...]:
        return tuple(key[0] for key in self.rank_keys())

    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        return tuple(rank_key(pile) for pile in self.score_piles())

    # --- information ----------------------------------------------------------------
    def view(self, seat: Seat) -> GtcView:
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")
        return view_of(self.table, seat, self.player, self.piles)

    def determinize(
        self, seat: Seat, rng: random.Random, weights: Sequence[int] | None = None
    ) -> GtcState:
        """The hidden cards dealt anew (``determinize.determinize_table``, with its
        face-down ``weights`` or uniformly), under a fresh deal seed: the real one decides
        every future draw, which ``seat`` cannot know."""
        generator, deal_seed = determinization_draw(rng)
        table = determinize_table(self.view(seat), self.setup.options, generator, weights)
        return GtcState(replace(self.setup, seed=deal_seed), table, self.maker)

    def determinize_by_odds(
        self, seat: Seat, rng: random.Random, card_odds: Sequence[int]
    ) -> GtcState:
        """The hidden cards dealt anew, each card on the table ``seat`` cannot see by
        ``card_odds`` (``determinize.determinize_table``), under a fresh deal seed."""
        generator, deal_seed = determinization_draw(rng)
        table = determinize_table(
            self.view(seat), self.setup.options, generator, card_odds=card_odds
        )
        return GtcState(replace(self.setup, seed=deal_seed), table, self.maker)

    # --- notation -------------------------------------------------------------------
    def _actor_view(self) -> GtcView:
        player = self.current_player
        return self.view(player if player >= 0 else 0)

    def action_to_string(self, action: Action) -> str:
        return action_to_string(self._actor_view(), action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self._actor_view(), text)
