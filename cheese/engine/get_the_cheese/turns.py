"""Setup and turns (rules, "Setup" and "Turn"), one function per rule step.

The order of events is fixed, and so are the chance keys that name them:
1. the cheese circle, position 0 first (key ``event_key(1, position)``);
2. the opening hands, seat 0 first, 3 cards each;
3. turns clockwise from the starting player; a "draw 3" is followed by the 3 card draws
   of that seat. A card draw is keyed ``event_key(2, seat, cards drawn before)``, so a
   seat's cards depend on the deal seed only, never on anyone's decisions.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from cheese.engine.api import CHANCE, TERMINAL, Seat
from cheese.engine.get_the_cheese.cards import Kind, add_card
from cheese.engine.get_the_cheese.moves import Triple
from cheese.engine.get_the_cheese.options import CARDS_PER_TURN, HAND_LIMIT, GtcOptions
from cheese.engine.get_the_cheese.table import PlacedCard, Table
from cheese.engine.luck import event_key

Item = TypeVar("Item")

CHEESE_EVENT = 1
CARD_EVENT = 2


def current_player(table: Table) -> Seat:
    """Chance while the circle or a draw is pending; terminal once every card is out."""
    if len(table.cheeses) < table.cheese_count or any(table.owed):
        return CHANCE
    if not any(table.has_cards(seat) for seat in range(table.num_players)):
        return TERMINAL
    return table.to_move


def drawing_seat(table: Table) -> Seat:
    """The seat whose card the pending draw is: the lowest seat still owed cards."""
    return next(seat for seat, owed in enumerate(table.owed) if owed)


def cheese_weights(table: Table, options: GtcOptions) -> list[tuple[int, int]]:
    """Setup 1: the next cheese of the circle is drawn from the cards not yet dealt."""
    left = list(options.cheese_values)
    for value in table.cheeses:
        left.remove(value)
    return [(value, left.count(value)) for value in sorted(set(left))]


def card_weights(table: Table, seat: Seat) -> list[tuple[Kind, int]]:
    """A draw takes a card from the seat's shuffled deck: each kind weighted by its count."""
    return [(kind, count) for kind, count in enumerate(table.decks[seat]) if count]


def chance_key(table: Table, options: GtcOptions) -> int:
    if len(table.cheeses) < table.cheese_count:
        return event_key(CHEESE_EVENT, len(table.cheeses))
    seat = drawing_seat(table)
    drawn_before = options.cards_per_seat - table.deck_size(seat)
    return event_key(CARD_EVENT, seat, drawn_before)


def deal_cheese(table: Table, value: int) -> Table:
    """Setup 1: "Shuffle the 15 cheese cards, deal 2 × players into the circle"; the
    circle is dealt once the last cheese lands, so each seat then draws its opening 3."""
    cheeses = (*table.cheeses, value)
    owed = table.owed
    if len(cheeses) == table.cheese_count:
        owed = (CARDS_PER_TURN,) * table.num_players
    return replace(table, cheeses=cheeses, owed=owed)


def draw_card(table: Table, seat: Seat, kind: Kind) -> Table:
    """One card moves from ``seat``'s deck to its hand."""
    return replace(
        table,
        hands=_with(table.hands, seat, add_card(table.hands[seat], kind)),
        decks=_with(table.decks, seat, add_card(table.decks[seat], kind, -1)),
        owed=_with(table.owed, seat, table.owed[seat] - 1),
    )


def may_draw(table: Table, seat: Seat) -> bool:
    """Turn, "Draw 3": "allowed only if their deck is not empty and their hand holds
    fewer than 6 cards"."""
    return table.deck_size(seat) > 0 and table.hand_size(seat) < HAND_LIMIT


def may_play(table: Table, seat: Seat) -> bool:
    return table.hand_size(seat) >= CARDS_PER_TURN


def draw_three(table: Table, seat: Seat) -> Table:
    """Turn, "Draw 3": the seat is owed 3 cards (three chance events) and the turn passes."""
    owed = _with(table.owed, seat, CARDS_PER_TURN)
    return replace(table, owed=owed, to_move=next_seat(table, seat))


def play_three(table: Table, seat: Seat, start: int, kinds: Triple) -> Table:
    """Turn, "Play 3": card ``k`` of the play joins the far end of cheese
    ``start + k - 1`` (mod the circle), face down if first or carrying the symbol."""
    lines = list(table.lines)
    hand = table.hands[seat]
    for offset, kind in enumerate(kinds):
        cheese = (start + offset) % table.cheese_count
        lines[cheese] = (*lines[cheese], PlacedCard(seat, kind, offset + 1))
        hand = add_card(hand, kind, -1)
    played = replace(table, lines=tuple(lines), hands=_with(table.hands, seat, hand))
    return replace(played, to_move=next_seat(played, seat))


def next_seat(table: Table, seat: Seat) -> Seat:
    """Clockwise from ``seat``, skipping "a player with an empty hand and an empty deck".

    ``seat`` itself is the answer when everyone else is out of cards; when nobody has
    cards the game is over and ``to_move`` no longer matters (it stays ``seat``).
    """
    seats = table.num_players
    for step in range(1, seats + 1):
        candidate = (seat + step) % seats
        if table.has_cards(candidate):
            return candidate
    return seat


def _with(values: tuple[Item, ...], index: int, value: Item) -> tuple[Item, ...]:
    return (*values[:index], value, *values[index + 1 :])
