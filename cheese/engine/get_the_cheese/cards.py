"""The animal cards of Get The Cheese!: kinds, values, face-down symbols, colours.

A kind is a small int (0..6) so that hands and decks are counts per kind and actions
pack three kinds into one number. Cards of the same kind and colour are interchangeable.

>>> KIND_NAMES[SYMBOL_CAT], CARD_VALUES[BIG_MOUSE], COLOURS[2]
('cat*', 2, 'purple')
"""

from __future__ import annotations

from typing import TypeAlias

Kind: TypeAlias = int

MOUSE: Kind = 0
SYMBOL_MOUSE: Kind = 1
"""A regular mouse carrying the face-down symbol."""
BIG_MOUSE: Kind = 2
KING_MOUSE: Kind = 3
CAT: Kind = 4
SYMBOL_CAT: Kind = 5
"""A cat carrying the face-down symbol."""
DOG: Kind = 6

KINDS: tuple[Kind, ...] = (MOUSE, SYMBOL_MOUSE, BIG_MOUSE, KING_MOUSE, CAT, SYMBOL_CAT, DOG)
KIND_COUNT = len(KINDS)

KIND_NAMES: tuple[str, ...] = ("mouse", "mouse*", "big", "king", "cat", "cat*", "dog")
"""How the notation names each kind; ``*`` marks the face-down symbol."""
KIND_WORDS: tuple[str, ...] = ("mouse", "mouse", "big mouse", "king mouse", "cat", "cat", "dog")
"""How the rules name each kind in a sentence (the symbol changes no card's name)."""

CARD_VALUES: tuple[int, ...] = (1, 1, 2, 1, 3, 3, 0)
"""Points of a card in a score pile (rules, "Scoring"); a dog is never in one."""

MOUSE_KINDS: frozenset[Kind] = frozenset({MOUSE, SYMBOL_MOUSE, BIG_MOUSE, KING_MOUSE})
CAT_KINDS: frozenset[Kind] = frozenset({CAT, SYMBOL_CAT})
SYMBOL_KINDS: frozenset[Kind] = frozenset({SYMBOL_MOUSE, SYMBOL_CAT})
"""Kinds that carry the face-down symbol: always placed face down."""

COLOURS: tuple[str, ...] = ("blue", "green", "purple", "red", "yellow")
"""Colour of each seat, in seat order."""
COLOUR_LETTERS: tuple[str, ...] = tuple(colour[0] for colour in COLOURS)

Pile: TypeAlias = tuple[int, ...]
"""Cards counted per kind (a hand, a deck or a score pile), indexed by ``Kind``."""

EMPTY_PILE: Pile = (0,) * KIND_COUNT


def is_mouse(kind: Kind) -> bool:
    return kind in MOUSE_KINDS


def is_cat(kind: Kind) -> bool:
    return kind in CAT_KINDS


def pile_size(pile: Pile) -> int:
    return sum(pile)


def pile_points(pile: Pile) -> int:
    """The points of a score pile (rules, "Scoring and winner")."""
    return sum(count * value for count, value in zip(pile, CARD_VALUES, strict=True))


def add_card(pile: Pile, kind: Kind, count: int = 1) -> Pile:
    """``pile`` with ``count`` more cards of ``kind`` (a negative count removes them)."""
    return (*pile[:kind], pile[kind] + count, *pile[kind + 1 :])


def pile_of(kinds: tuple[Kind, ...] | list[Kind]) -> Pile:
    """The counts per kind of a sequence of cards."""
    return tuple(kinds.count(kind) for kind in KINDS)


def kinds_of(pile: Pile) -> list[Kind]:
    """The cards of ``pile`` one by one, in ascending kind order."""
    return [kind for kind in KINDS for _ in range(pile[kind])]
