"""Get The Cheese!: the value of the lines as if resolved now, plus the cards to come.

**Estimate of a seat's final points** in a full (determinized) position:

- every line resolved now with the rules' four steps (dogs, cats, king mice, cheese),
  counting every card, including the face-down ones (in a determinization the searching
  seat's own hidden cards are the true ones, the others' are drawn consistently with
  what it knows);
- plus, for every card the seat still holds or has to draw, a fixed *potential*: what a
  card of that kind brings on average when played later (``POTENTIAL``).

The estimates become rewards (``cheese.bots.search.rewards``) with a spread that shrinks as the
cards run out, so late leads count as near-certain wins.

Lines are independent and a play puts its three cards on three different cheeses, so
the position after a play is valued from three line changes; ``action_values`` uses
this to value hundreds of plays from one resolution per (cheese, card kind).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots.evaluation.get_the_cheese.play_odds import GtcPlayReading
from cheese.bots.search.evaluator import (
    Evaluator,
    PlayoutPolicy,
    SearchAdvice,
    values_by_applying,
)
from cheese.bots.search.rewards import Rewards, estimated_rewards, terminal_rewards
from cheese.engine import Action, State
from cheese.engine.get_the_cheese import VIEW_TYPE, GtcState
from cheese.engine.get_the_cheese.cards import (
    CARD_VALUES,
    CAT_KINDS,
    DOG,
    KIND_COUNT,
    KING_MOUSE,
    MOUSE_KINDS,
)
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.options import GtcOptions

Card = tuple[int, int]
"""(owner seat, kind) of a card in a line."""

POTENTIAL: tuple[float, ...] = (0.55, 0.55, 1.1, 0.7, 1.2, 1.2, 0.9)
"""Points a card still in hand or deck is expected to bring later, per kind (mouse,
mouse*, big, king, cat, cat*, dog), set by hand with the first version of this evaluation."""
SPREAD_BASE = 1.0
"""The part of the estimate's spread that does not shrink as the cards run out, set by
hand with the first version of this evaluation."""
SPREAD_PER_CARD = 0.35
"""The spread added per card every seat still has to play (on average), set by hand with
the first version of this evaluation."""
CAT_REACH = 3
"""How many cards in front of it a cat reaches for mice, as the rules say."""


@dataclass(frozen=True, slots=True)
class Position:
    """Everything on the table of a full position, as plain ints."""

    cheeses: tuple[int, ...]
    lines: tuple[tuple[Card, ...], ...]
    hands: tuple[tuple[int, ...], ...]
    reserves: tuple[tuple[int, ...], ...]
    """Per seat, counts per kind of its cards not yet on the table (hand and deck)."""


def read_position(state: State) -> Position:
    """The full position of ``state`` (a determinized or true state, never a view)."""
    if isinstance(state, GtcState):
        table = state.table
        lines = tuple(tuple((card.owner, card.kind) for card in line) for line in table.lines)
        reserves = tuple(
            tuple(hand[kind] + deck[kind] for kind in range(KIND_COUNT))
            for hand, deck in zip(table.hands, table.decks, strict=True)
        )
        return Position(table.cheeses, lines, table.hands, reserves)
    return read_position_from_views(state)


def read_position_from_views(state: State) -> Position:
    """The full position assembled from every seat's view (any backend).

    Each card is known to its owner, so the owners' views together show every card.
    """
    views = [VIEW_TYPE.of(state.view(seat)) for seat in range(state.num_players)]
    composition = GtcOptions().composition
    option = state.options.get("composition")
    if isinstance(option, tuple):
        composition = option
    lines = tuple(
        tuple(
            (card.owner, views[card.owner].lines[cheese][index].kind)
            for index, card in enumerate(line)
        )
        for cheese, line in enumerate(views[0].lines)
    )
    placed = [[0] * KIND_COUNT for _ in views]
    for line in lines:
        for owner, kind in line:
            placed[owner][kind] += 1
    reserves = tuple(
        tuple(composition[kind] - placed[seat][kind] for kind in range(KIND_COUNT))
        for seat in range(len(views))
    )
    hands = tuple(view.hand for view in views)
    return Position(views[0].cheeses, lines, hands, reserves)


def line_points(cheese: int, line: Sequence[Card], num_players: int) -> list[int]:
    """Points per seat that one line gives if resolved now (the rules' four steps)."""
    points = [0] * num_players
    slots: list[Card | None] = list(line)
    length = len(slots)
    # Step 1, dogs, last placed first: the cats just in front and behind, of others.
    for index in range(length - 1, -1, -1):
        dog = slots[index]
        if dog is None or dog[1] != DOG:
            continue
        for neighbour in (index - 1, index + 1):
            if 0 <= neighbour < length:
                cat = slots[neighbour]
                if cat is not None and cat[1] in CAT_KINDS and cat[0] != dog[0]:
                    points[dog[0]] += CARD_VALUES[cat[1]]
                    slots[neighbour] = None
    remaining: list[Card | None] = [card for card in slots if card is not None]
    # Step 2, cats, last placed first: up to 3 mice in front; other colours are caught.
    for index in range(len(remaining) - 1, -1, -1):
        cat = remaining[index]
        if cat is None or cat[1] not in CAT_KINDS:
            continue
        for ahead in range(index - 1, max(index - 1 - CAT_REACH, -1), -1):
            card = remaining[ahead]
            if card is None or card[1] not in MOUSE_KINDS:
                break
            if card[0] != cat[0]:
                points[cat[0]] += CARD_VALUES[card[1]]
                remaining[ahead] = None
        remaining[index] = None
    mice = [card for card in remaining if card is not None and card[1] in MOUSE_KINDS]
    # Step 3, king mice to the front (the one nearest the cheese ends first); step 4, eat.
    kings = [card for card in mice if card[1] == KING_MOUSE]
    others = [card for card in mice if card[1] != KING_MOUSE]
    for owner, kind in (kings + others)[:cheese]:
        points[owner] += CARD_VALUES[kind]
    return points


def reserve_potential(reserve: Sequence[int]) -> float:
    return sum(count * value for count, value in zip(reserve, POTENTIAL))


class GetTheCheeseEvaluator(Evaluator):
    """Lines resolved now plus the potential of the cards to come; see the module doc."""

    __slots__ = ()

    # Pending draws change no estimate (a card counts the same in deck and hand), so
    # expanding them would only repeat the same value. One decision ahead: with playouts
    # at the leaves the next seats' replies are already played out; a second ply only
    # adds the noise of their maxima.
    advice = SearchAdvice(
        playout=PlayoutPolicy.NONE,
        playout_depth=0,
        chance_width=1,
        native_playout=PlayoutPolicy.HEURISTIC,
        expectimax_depth=1,
    )

    def hides_moves(self) -> bool:
        """A play's face-down cards are seen by the others only as face-down cards."""
        return True

    def hidden_card_weights(self) -> tuple[int, ...]:
        """The shipped model of which cards players put face down (``face_down``)."""
        from cheese.bots.evaluation.get_the_cheese.face_down import load_model

        return load_model().draw_weights()

    def play_reading(self) -> GtcPlayReading:
        """The face-down cards of a play, read by a model of the player (``play_odds``)."""
        return GtcPlayReading()

    def estimate(self, position: Position) -> tuple[list[float], float]:
        """Estimated final points per seat and their spread."""
        seats = len(position.hands)
        points = [reserve_potential(reserve) for reserve in position.reserves]
        for cheese, line in zip(position.cheeses, position.lines):
            for seat, value in enumerate(line_points(cheese, line, seats)):
                points[seat] += value
        cards_left = sum(sum(reserve) for reserve in position.reserves)
        return points, SPREAD_BASE + SPREAD_PER_CARD * cards_left / seats

    def rewards(self, state: State) -> Rewards:
        if state.is_terminal():
            return terminal_rewards(state)
        points, spread = self.estimate(read_position(state))
        return estimated_rewards(points, spread)

    def line_changes(self, position: Position, seat: int) -> dict[tuple[int, int], list[int]]:
        """Per (cheese, kind) ``seat`` holds, how each seat's line points change when
        ``seat`` adds a card of that kind to that cheese's line."""
        seats = len(position.hands)
        hand = position.hands[seat]
        changes: dict[tuple[int, int], list[int]] = {}
        for cheese, (value, line) in enumerate(zip(position.cheeses, position.lines)):
            before = line_points(value, line, seats)
            for kind in range(KIND_COUNT):
                if hand[kind]:
                    after = line_points(value, line + ((seat, kind),), seats)
                    changes[(cheese, kind)] = [new - old for new, old in zip(after, before)]
        return changes

    def points_after(
        self, position: Position, seat: int, actions: Sequence[Action]
    ) -> tuple[list[list[float]], float]:
        """The estimated points after each action of ``seat``, and the spread now."""
        points, spread = self.estimate(position)
        changes = self.line_changes(position, seat)
        cheese_count = len(position.lines)
        afters: list[list[float]] = []
        for action in actions:
            after = list(points)
            if action != DRAW:
                start, kinds = decode_play(action)
                for offset, kind in enumerate(kinds):
                    change = changes[((start + offset) % cheese_count, kind)]
                    for other, gained in enumerate(change):
                        after[other] += gained
                    after[seat] -= POTENTIAL[kind]
            afters.append(after)
        return afters, spread

    def action_values(self, state: State, actions: Sequence[Action]) -> list[Rewards]:
        """The rewards after each of ``actions`` (the seat to act plays), line by line."""
        position = read_position(state)
        if sum(sum(reserve) for reserve in position.reserves) <= 3:
            # The last play ends the game: value it exactly, tie-breakers included.
            return values_by_applying(self, state, actions)
        afters, spread = self.points_after(position, state.current_player, actions)
        # A played card leaves the reserve: the spread shrinks by three cards.
        played = SPREAD_PER_CARD * 3 / state.num_players
        return [
            estimated_rewards(after, spread if action == DRAW else spread - played)
            for action, after in zip(actions, afters)
        ]

    def action_priors(self, state: State, actions: Sequence[Action]) -> list[float]:
        """The mover's points gained by the action minus the others' average gain.

        Drawing changes no estimate (prior 0); a play gains what its three cards do in
        their lines, minus their potential in hand.
        """
        position = read_position(state)
        seat = state.current_player
        others = len(position.hands) - 1
        gains: dict[tuple[int, int], float] = {}
        for key, change in self.line_changes(position, seat).items():
            mine = change[seat]
            gains[key] = mine - (sum(change) - mine) / others - POTENTIAL[key[1]]
        cheese_count = len(position.lines)
        priors: list[float] = []
        for action in actions:
            if action == DRAW:
                priors.append(0.0)
                continue
            start, (first, second, third) = decode_play(action)
            priors.append(
                gains[(start, first)]
                + gains[((start + 1) % cheese_count, second)]
                + gains[((start + 2) % cheese_count, third)]
            )
        return priors

    def move_reason(
        self, state: State, played: Action, best: Action, others_gain: float
    ) -> str | None:
        """A cat put beside another seat's dog, points on the table lost, or mice played
        where the others' cats are expected to catch them (``others_gain``)."""
        position = read_position(state)
        seat = state.current_player
        changes = self.line_changes(position, seat)
        mine, theirs, dogged = self.table_change(position, seat, changes, played)
        best_mine, best_theirs, _ = self.table_change(position, seat, changes, best)
        if dogged and theirs > best_theirs:
            return f"walks a cat into a dog (gives away {theirs - best_theirs} points)"
        if best_mine > mine:
            lost = best_mine - mine
            return "gives away a sure point" if lost == 1 else f"gives away {lost} sure points"
        if played != DRAW and others_gain >= 1.0:
            _, kinds = decode_play(played)
            if any(kind in MOUSE_KINDS for kind in kinds):
                return f"feeds a cat (the others expect {others_gain:.1f} more points)"
        return None

    @staticmethod
    def table_change(
        position: Position,
        seat: int,
        changes: dict[tuple[int, int], list[int]],
        action: Action,
    ) -> tuple[int, int, bool]:
        """The seat's and the others' points on the table gained by ``action``, and
        whether one of its cats gives the others points (a dog beside it)."""
        if action == DRAW:
            return 0, 0, False
        start, kinds = decode_play(action)
        mine = theirs = 0
        dogged = False
        for offset, kind in enumerate(kinds):
            change = changes[((start + offset) % len(position.lines), kind)]
            gained = sum(change) - change[seat]
            mine += change[seat]
            theirs += gained
            dogged = dogged or (kind in CAT_KINDS and gained > 0)
        return mine, theirs, dogged

    def playout_action(self, state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        priors = self.action_priors(state, legal)
        best = max(priors)
        return rng.choice([action for action, prior in zip(legal, priors) if prior == best])


def make_evaluator() -> GetTheCheeseEvaluator:
    return GetTheCheeseEvaluator()
