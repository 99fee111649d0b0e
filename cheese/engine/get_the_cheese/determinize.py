"""Dealing the hidden cards anew, consistently with what one seat knows.

The function reads only the seat's view (plus the public options), so what it returns
cannot depend on anything that seat cannot see. The C engine follows the same steps and
draws the same numbers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from cheese.engine.api import Seat
from cheese.engine.get_the_cheese.cards import (
    CAT_KINDS,
    DOG,
    KIND_COUNT,
    KINDS,
    MOUSE_KINDS,
    SYMBOL_KINDS,
    Kind,
    Pile,
    kinds_of,
    pile_of,
)
from cheese.engine.get_the_cheese.options import MAX_CHEESES, GtcOptions
from cheese.engine.get_the_cheese.resolve import CAT_REACH
from cheese.engine.get_the_cheese.table import PlacedCard, Table
from cheese.engine.get_the_cheese.view import UNKNOWN, UNKNOWN_SYMBOL, GtcView
from cheese.engine.luck import SplitMix64

Slot: TypeAlias = tuple[int, int]
"""A card's place on the table: (cheese index, line index)."""

LINE_BINS = 4
"""The values a face-down first card's line feature takes (``line_bins``): a cat
catches 0 to 3 mice."""
FIRST_PLACE_WEIGHTS = KIND_COUNT * LINE_BINS
"""The weights of a card played first, face down: one per (kind, line bin)."""
WEIGHT_COUNT = FIRST_PLACE_WEIGHTS + 2 * KIND_COUNT
"""All the weights: those of the first place, then one per kind for the 2nd and 3rd."""
MAX_LINE = 50
"""The longest line a cheese can hold (the C engine's fact ``max_line``): card odds give
a row of ``KIND_COUNT`` per place, ``cheese * MAX_LINE + index``."""
CARD_ODDS_COUNT = MAX_CHEESES * MAX_LINE * KIND_COUNT
"""Card odds' numbers: a row per place of every cheese of the largest table."""
CATCHES, TAKES, EATS = range(3)
"""The line features: the mice a cat would catch, whether the dog takes the cat in
front, whether a mouse eats."""
LINE_FEATURE = tuple(
    CATCHES if kind in CAT_KINDS else TAKES if kind == DOG else EATS for kind in KINDS
)
"""Each kind's line feature."""


def line_bins(view: GtcView, owner: Seat, slot: Slot) -> tuple[int, ...]:
    """Per kind, what a card of ``owner``'s of that kind would do where ``slot`` is, by
    the cards in front of it that ``view`` shows (a face-down card it cannot see counts
    as no cat, no dog, no mouse of another colour, but a mouse for the cheese):

    - a cat (either): the mice of other colours it would catch, 0 to 3;
    - the dog: 1 when the card right in front is a cat of another colour, which it takes;
    - a mouse (any): 1 when fewer mice than the cheese's number lie in front: it eats;
    - else 0.

    >>> from cheese.engine.get_the_cheese.cards import CAT, MOUSE
    >>> from cheese.engine.get_the_cheese.view import CardView
    >>> def seen(*ahead: CardView) -> GtcView:  # a "3" cheese with these cards in front
    ...     return GtcView(0, 0, 0, (3,), (ahead,), (0,) * 7, (3,) * 3, (9,) * 3, (0,) * 3, None)
    >>> line_bins(seen(CardView(1, MOUSE, False, 2), CardView(2, CAT, False, 3)), 0, (0, 2))
    (1, 1, 1, 1, 0, 0, 1)
    >>> mice = [CardView(owner, MOUSE, False, 2) for owner in (1, 0, 2)]
    >>> line_bins(seen(*mice), 0, (0, 3))  # a cat catches two, a mouse comes 4th
    (0, 0, 0, 0, 2, 2, 0)
    """
    cheese, index = slot
    ahead = view.lines[cheese][:index]
    catches = 0
    for card in reversed(ahead[-CAT_REACH:]):
        if card.kind < 0:
            continue
        if card.kind not in MOUSE_KINDS:
            break
        catches += card.owner != owner
    last = ahead[-1] if ahead else None
    takes = int(last is not None and last.kind in CAT_KINDS and last.owner != owner)
    mice = sum(card.kind < 0 or card.kind in MOUSE_KINDS for card in ahead)
    features = (catches, takes, int(mice < view.cheeses[cheese]))
    return tuple(features[LINE_FEATURE[kind]] for kind in KINDS)


def determinize_table(
    view: GtcView,
    options: GtcOptions,
    generator: SplitMix64,
    weights: Sequence[int] | None = None,
    card_odds: Sequence[int] | None = None,
) -> Table:
    """A full table drawn among those consistent with ``view``: uniformly, or with
    ``weights`` for the others' face-down cards.

    Algorithm (the C engine's ``gtc_determinize`` mirrors it step by step):

    1. ``generator`` is one ``SplitMix64`` seeded with ``rng.getrandbits(64)``, the only
       draw from the caller's ``rng`` (``luck.determinization_draw``, which also gives
       the determinized state its fresh deal seed).
    2. The viewer's own cards stay: its hand and placed cards are in the view, and its
       deck is its composition minus those.
    3. For each other seat ``j`` in increasing order:

       a. The pool of ``j``: the composition minus ``j``'s cards whose kind the view
          shows (face-up cards; at the end every card), as a list of kinds in ascending
          kind order with multiplicity. It holds ``j``'s face-down cards, hand and deck.
       b. The constrained slots of ``j``, its unseen cards played 2nd or 3rd, in slot
          order (cheese index ascending, then line index ascending): each takes the
          ``below(s)``-th of the ``s`` pool cards carrying the face-down symbol (kinds 1
          and 5), counted in pool order; that card is popped from the pool (the order of
          the rest is kept).
       c. The rest of the pool is shuffled with ``SplitMix64.shuffle``; from its front,
          ``j``'s other unseen cards (played 1st) take one card each in slot order, then
          ``j``'s hand takes as many cards as the view says it holds. What is left is
          ``j``'s deck.

    Why this is uniform: think of ``j``'s pool as distinct physical cards. Step b gives
    every injective assignment of symbol cards to the constrained slots the same chance
    ``1/(s(s-1)...(s-c+1))``; step c's uniform permutation then gives every assignment of
    the remaining cards to the other slots and the hand the same chance, since each one
    is produced by exactly ``(cards left for the deck)!`` permutations. So every physical
    deal consistent with the view (a symbol card in every constrained slot) is equally
    likely, and a state's chance is proportional to its number of physical deals,
    which is what an unseen shuffle of ``j``'s own deck gives. Seats are independent
    because nothing another seat sees ties their hidden cards together.

    With ``weights`` (``WEIGHT_COUNT`` integers; ``gtc_determinize_weighted`` in C), each
    draw of a hidden card picks a card of the pool with chance proportional to its
    kind's weight there (``SplitMix64.pick`` over the pool in order). A card played in
    place 2 or 3 weighs ``weights[FIRST_PLACE_WEIGHTS + (place - 2) * KIND_COUNT + kind]``
    and is drawn in step b among the symbol cards. A card played 1st weighs
    ``weights[kind * LINE_BINS + bin]``, ``bin`` being what a card of that kind would do
    in that slot (``line_bins``): after step b each unseen card played 1st, in slot
    order, takes such a pick from what is left (the rest keeps its order). Step c then
    shuffles what is left and deals only the hand and deck from it. Weights that favour
    what a player tends to put face down, and where, make the worlds follow what its
    plays reveal.

    With ``card_odds`` (``CARD_ODDS_COUNT`` integers; ``gtc_determinize_odds`` in C) the
    draws are the weighted ones, each card picked by the odds of its own place: the row
    ``cheese * MAX_LINE + index``, a number per kind, of the symbol kinds alone for a
    card played 2nd or 3rd. Where none of the cards it may be has odds there, it is
    picked uniformly among them (by weights of 1). Odds read from the others' plays
    (``mcts:infer=policy``) deal each of their face-down cards as its reading found it.
    """
    if weights is not None and len(weights) != WEIGHT_COUNT:
        raise ValueError(f"the face-down weights are {WEIGHT_COUNT} numbers, not {len(weights)}")
    if card_odds is not None and weights is not None:
        raise ValueError("deal by the face-down weights or by the card odds, not by both")
    if card_odds is not None and len(card_odds) != CARD_ODDS_COUNT:
        raise ValueError(f"the card odds are {CARD_ODDS_COUNT} numbers, not {len(card_odds)}")
    kinds: dict[Slot, Kind] = {}
    hands: list[Pile] = []
    decks: list[Pile] = []
    for seat in range(view.num_players):
        if seat == view.seat:
            hand, deck = _own_cards(view, options)
        else:
            hand, deck = _deal_hidden_cards(
                view, options, seat, generator, kinds, weights, card_odds
            )
        hands.append(hand)
        decks.append(deck)
    lines = tuple(
        tuple(
            PlacedCard(card.owner, kinds.get((cheese, index), card.kind), card.position)
            for index, card in enumerate(line)
        )
        for cheese, line in enumerate(view.lines)
    )
    return Table(view.cheeses, lines, tuple(hands), tuple(decks), view.owed, view.to_move)


def _own_cards(view: GtcView, options: GtcOptions) -> tuple[Pile, Pile]:
    deck = [left - held for left, held in zip(options.composition, view.hand, strict=True)]
    for line in view.lines:
        for card in line:
            if card.owner == view.seat:
                deck[card.kind] -= 1
    return view.hand, tuple(deck)


def _deal_hidden_cards(
    view: GtcView,
    options: GtcOptions,
    seat: Seat,
    generator: SplitMix64,
    kinds: dict[Slot, Kind],
    weights: Sequence[int] | None,
    card_odds: Sequence[int] | None,
) -> tuple[Pile, Pile]:
    """Steps 3a-3c for one other seat; fills ``kinds`` for its unseen slots."""
    pool_counts = list(options.composition)
    constrained: list[Slot] = []
    free: list[Slot] = []
    for cheese, line in enumerate(view.lines):
        for index, card in enumerate(line):
            if card.owner != seat:
                continue
            if card.kind == UNKNOWN_SYMBOL:
                constrained.append((cheese, index))
            elif card.kind == UNKNOWN:
                free.append((cheese, index))
            else:
                pool_counts[card.kind] -= 1
    pool = kinds_of(tuple(pool_counts))
    for slot in constrained:
        if card_odds is not None:
            kinds[slot] = pool.pop(generator.pick(_place_odds(card_odds, slot, pool, True)))
        elif weights is None:
            symbol_places = [place for place, kind in enumerate(pool) if kind in SYMBOL_KINDS]
            kinds[slot] = pool.pop(symbol_places[generator.below(len(symbol_places))])
        else:
            place = view.lines[slot[0]][slot[1]].position
            offset = FIRST_PLACE_WEIGHTS + (place - 2) * KIND_COUNT
            odds = [weights[offset + k] if k in SYMBOL_KINDS else 0 for k in pool]
            kinds[slot] = pool.pop(generator.pick(odds))
    if card_odds is not None:
        for slot in free:
            kinds[slot] = pool.pop(generator.pick(_place_odds(card_odds, slot, pool, False)))
        generator.shuffle(pool)
    elif weights is None:
        generator.shuffle(pool)
        for place, slot in enumerate(free):
            kinds[slot] = pool[place]
        del pool[: len(free)]
    else:
        for slot in free:
            bins = line_bins(view, seat, slot)
            odds = [weights[kind * LINE_BINS + bins[kind]] for kind in pool]
            kinds[slot] = pool.pop(generator.pick(odds))
        generator.shuffle(pool)
    hand_end = view.hand_sizes[seat]
    return pile_of(pool[:hand_end]), pile_of(pool[hand_end:])


def _place_odds(
    card_odds: Sequence[int], slot: Slot, pool: Sequence[Kind], symbol: bool
) -> list[int]:
    """The odds of each card of ``pool`` at ``slot`` by ``card_odds`` (``symbol``: of the
    symbol cards alone); one each, of the cards it may be, where none of those has any."""
    start = (slot[0] * MAX_LINE + slot[1]) * KIND_COUNT
    row = card_odds[start : start + KIND_COUNT]
    allowed = [not symbol or kind in SYMBOL_KINDS for kind in pool]
    odds = [row[kind] if may else 0 for kind, may in zip(pool, allowed, strict=True)]
    return odds if any(odds) else [int(may) for may in allowed]
