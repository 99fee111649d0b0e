"""End of the game: resolving each cheese's line (rules, "End of game: resolving each cheese").

Each step is one function named for the rule step, taking the line from the cheese
outward (index 0 nearest the cheese, placed first) and returning what is left of the line
plus the cards won. The engine and the score sheet both call ``resolve_cheese``.

The worked line of the rules page:

>>> from cheese.engine.get_the_cheese.cards import MOUSE, BIG_MOUSE, CAT, DOG
>>> R, B, G = 3, 0, 1
>>> line = [Animal(R, MOUSE), Animal(B, MOUSE), Animal(G, CAT), Animal(R, BIG_MOUSE),
...         Animal(B, DOG), Animal(R, CAT), Animal(G, MOUSE), Animal(G, KING_MOUSE)]
>>> [pile_points(pile) for pile in score_piles(5, [(3, line)])]
[3, 4, 0, 2, 0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cheese.engine.api import Seat
from cheese.engine.get_the_cheese.cards import (
    DOG,
    EMPTY_PILE,
    KING_MOUSE,
    Kind,
    Pile,
    add_card,
    is_cat,
    is_mouse,
    pile_points,
)

CAT_REACH = 3
"""How many cards in front of it a cat looks at (rules, step 2)."""


@dataclass(frozen=True, slots=True)
class Animal:
    """A card in a cheese's line, turned face up."""

    owner: Seat
    kind: Kind


@dataclass(frozen=True, slots=True)
class Gain:
    """A card of ``owner``'s colour that goes to ``seat``'s score pile (the two differ
    when a dog chases a cat or a cat catches a mouse)."""

    seat: Seat
    kind: Kind
    owner: Seat


def chase_cats_with_dogs(line: Sequence[Animal]) -> tuple[list[Animal], list[Gain]]:
    """Step 1, dogs, last-placed dog first.

    "A dog looks at the card immediately in front of it (toward the cheese) and the card
    immediately behind it; each of the two that is a cat of another player's colour is
    taken into the dog owner's score pile (a cat of the dog's own colour, or any other
    card, stays). Dogs stay in the line."

    A taken cat leaves a gap until the step ends; the rules say gaps never change an
    outcome, so the remaining line is returned closed up.
    """
    slots: list[Animal | None] = list(line)
    gains: list[Gain] = []
    for index in reversed(range(len(slots))):
        dog = slots[index]
        if dog is None or dog.kind != DOG:
            continue
        for neighbour in (index - 1, index + 1):
            if not 0 <= neighbour < len(slots):
                continue
            cat = slots[neighbour]
            if cat is not None and is_cat(cat.kind) and cat.owner != dog.owner:
                gains.append(Gain(dog.owner, cat.kind, cat.owner))
                slots[neighbour] = None
    return [card for card in slots if card is not None], gains


def catch_mice_with_cats(line: Sequence[Animal]) -> tuple[list[Animal], list[Gain]]:
    """Step 2, cats, last-placed cat first; every cat is then boxed.

    "A cat looks at the cards in front of it, nearest first, up to 3 cards. A mouse (any
    kind) of another player is caught into the cat owner's score pile; a mouse of the
    cat's own colour stays and still counts toward the 3. Reaching a dog, another cat
    (any colour) or the front of the line stops the cat."

    Mice a cat catches lie between it and the next cat toward the cheese, which stops
    it, so a cat resolved later never looks across a gap this step leaves.
    """
    slots: list[Animal | None] = list(line)
    gains: list[Gain] = []
    for index in reversed(range(len(slots))):
        cat = slots[index]
        if cat is None or not is_cat(cat.kind):
            continue
        for ahead in range(index - 1, max(index - 1 - CAT_REACH, -1), -1):
            card = slots[ahead]
            if card is None or not is_mouse(card.kind):
                break
            if card.owner != cat.owner:
                gains.append(Gain(cat.owner, card.kind, card.owner))
                slots[ahead] = None
        slots[index] = None
    return [card for card in slots if card is not None], gains


def move_king_mice_to_front(line: Sequence[Animal]) -> list[Animal]:
    """Step 3, king mice, last-placed first: "each remaining king mouse moves to the front
    of the line (so after all moves the king mouse that was nearest the cheese is first)"."""
    # Moving each king to the front, last placed first, leaves the kings first in their
    # own order and everything else behind them in its order: a stable partition. (Cards
    # are values, so two kings of one colour are equal and cannot be moved by identity.)
    kings = [card for card in line if card.kind == KING_MOUSE]
    return kings + [card for card in line if card.kind != KING_MOUSE]


def feed_mice(line: Sequence[Animal], cheese: int) -> list[Gain]:
    """Step 4, cheese: "walking the line from the front, skipping dogs, the first v mice
    (v = the cheese's number, any mouse kind) eat and go to their owners' score piles"."""
    mice = [card for card in line if is_mouse(card.kind)]
    return [Gain(mouse.owner, mouse.kind, mouse.owner) for mouse in mice[:cheese]]


@dataclass(frozen=True, slots=True)
class Resolution:
    """One cheese resolved: what each step won, and the line the cheese feeds from."""

    chased: tuple[Gain, ...]
    """Cats taken by dogs (step 1)."""
    caught: tuple[Gain, ...]
    """Mice caught by cats (step 2)."""
    kings_first: tuple[Animal, ...]
    """The line after the cats, king mice moved to the front (step 3)."""
    fed: tuple[Gain, ...]
    """Mice that eat (step 4)."""

    @property
    def gains(self) -> tuple[Gain, ...]:
        return self.chased + self.caught + self.fed


def resolve_steps(cheese: int, line: Sequence[Animal]) -> Resolution:
    """One cheese resolved in the rules' four steps, in order."""
    after_dogs, chased = chase_cats_with_dogs(line)
    after_cats, caught = catch_mice_with_cats(after_dogs)
    kings_first = move_king_mice_to_front(after_cats)
    fed = feed_mice(kings_first, cheese)
    return Resolution(tuple(chased), tuple(caught), tuple(kings_first), tuple(fed))


def resolve_cheese(cheese: int, line: Sequence[Animal]) -> list[Gain]:
    """Every card won at one cheese: the four steps in the rules' order."""
    return list(resolve_steps(cheese, line).gains)


def score_piles(
    num_players: int, cheeses: Iterable[tuple[int, Sequence[Animal]]]
) -> tuple[Pile, ...]:
    """Each seat's score pile (counts per kind) after resolving every (cheese, line)."""
    piles = [EMPTY_PILE] * num_players
    for cheese, line in cheeses:
        for gain in resolve_cheese(cheese, line):
            piles[gain.seat] = add_card(piles[gain.seat], gain.kind)
    return tuple(piles)


def rank_key(pile: Pile) -> tuple[int, int, int]:
    """(points, king mice, other mouse cards) of a score pile (rules, "Scoring and winner").

    The rules break a tie on points by king mice, then by mouse cards of any kind; once
    the king mice are equal, comparing the other mice ranks the same way, and each
    column then counts a card once (the standings show king mice beside the mice).
    """
    mice = sum(count for kind, count in enumerate(pile) if is_mouse(kind) and kind != KING_MOUSE)
    return (pile_points(pile), pile[KING_MOUSE], mice)
