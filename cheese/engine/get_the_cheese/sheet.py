"""Scoring a physical game from text (``cheese score get-the-cheese FILE``).

One cheese per line, ``<cheese value>: <owner>:<card> <owner>:<card> ...`` from the
cheese outward; owners ``b g p r y``, cards ``mouse big king cat dog`` (any case; a
trailing ``*`` for the face-down symbol is allowed and changes nothing). Blank lines and
``#`` comments are ignored; a line with no cards is a cheese nobody reached. Every line is
resolved with the engine's own resolution code.

>>> sheet = score_sheet("3: r:mouse b:mouse g:cat r:big b:dog r:cat g:mouse g:king", "x")
>>> sheet.as_json()["scores"]
{'blue': 3, 'green': 4, 'red': 2}
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.api import Seat, SheetError
from cheese.engine.box import over_the_box
from cheese.engine.get_the_cheese.cards import (
    BIG_MOUSE,
    CAT,
    COLOUR_LETTERS,
    COLOURS,
    DOG,
    KING_MOUSE,
    MOUSE,
    SYMBOL_CAT,
    SYMBOL_MOUSE,
    Kind,
    Pile,
)
from cheese.engine.get_the_cheese.options import (
    DEFAULT_CHEESE_VALUES,
    DEFAULT_COMPOSITION,
    MAX_CHEESE_VALUE,
    MAX_CHEESES,
)
from cheese.engine.get_the_cheese.resolve import Animal, rank_key, score_piles

SHEET_CARDS: dict[str, Kind] = {
    "mouse": MOUSE,
    "mouse*": SYMBOL_MOUSE,
    "big": BIG_MOUSE,
    "king": KING_MOUSE,
    "cat": CAT,
    "cat*": SYMBOL_CAT,
    "dog": DOG,
}
CARD_GROUPS: dict[str, tuple[Kind, ...]] = {
    "mouse": (MOUSE, SYMBOL_MOUSE),
    "big": (BIG_MOUSE,),
    "king": (KING_MOUSE,),
    "cat": (CAT, SYMBOL_CAT),
    "dog": (DOG,),
}
"""How a sheet names cards (the symbol does not matter) and which kinds each name covers."""
EXAMPLE_LINE = "3: r:mouse b:cat g:dog"


@dataclass(frozen=True, slots=True)
class _Line:
    number: int
    cheese: int
    animals: tuple[Animal, ...]


@dataclass(frozen=True, slots=True)
class GtcScoreSheet:
    """The score piles of the colours that appear on a sheet."""

    colours: tuple[Seat, ...]
    """Seats (colour indices) that own at least one card on the sheet, ascending."""
    piles: tuple[Pile, ...]
    """Every seat's score pile, counts per kind (all five colours)."""

    def _by_colour(self, column: int) -> dict[str, int]:
        return {COLOURS[seat]: rank_key(self.piles[seat])[column] for seat in self.colours}

    def as_json(self) -> dict[str, object]:
        return {
            "scores": self._by_colour(0),
            "king_mice": self._by_colour(1),
            "mice": self._by_colour(2),
        }

    def places(self) -> dict[Seat, int]:
        """Place per colour, 1 = first; tied colours share the better place."""
        keys = {seat: rank_key(self.piles[seat]) for seat in self.colours}
        return {seat: 1 + sum(other > key for other in keys.values()) for seat, key in keys.items()}

    def as_text(self) -> str:
        places = self.places()
        rows = [("place", "colour", "points", "king mice", "mice")]
        for seat in sorted(self.colours, key=lambda seat: (places[seat], seat)):
            points, kings, mice = rank_key(self.piles[seat])
            shared = list(places.values()).count(places[seat]) > 1
            place = f"{places[seat]}{'=' if shared else ''}"
            rows.append((place, COLOURS[seat], str(points), str(kings), str(mice)))
        widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
        return "\n".join(
            "  ".join(
                cell.ljust(width) if column == 1 else cell.rjust(width)
                for column, (cell, width) in enumerate(zip(row, widths, strict=True))
            ).rstrip()
            for row in rows
        )


def score_sheet(text: str, source: str) -> GtcScoreSheet:
    """Resolve every cheese line of ``text``; ``SheetError`` names the line and token."""
    lines = [
        line
        for number, raw in enumerate(text.splitlines(), start=1)
        if (line := _parse_line(source, number, raw)) is not None
    ]
    if not lines:
        raise SheetError(
            f"{source}:{max(1, len(text.splitlines()))}: the sheet has no cheese line "
            f"(end of file); write one line per cheese like {EXAMPLE_LINE!r}"
        )
    if len(lines) > MAX_CHEESES:
        raise SheetError(
            f"{source}:{lines[MAX_CHEESES].number}: more than {MAX_CHEESES} cheeses "
            f"({len(lines)} lines); a circle has 2 cheeses per player, 5 players at most"
        )
    _check_cheese_values(source, lines)
    _check_card_counts(source, lines)
    piles = score_piles(len(COLOURS), ((line.cheese, line.animals) for line in lines))
    colours = sorted({animal.owner for line in lines for animal in line.animals})
    return GtcScoreSheet(tuple(colours), piles)


def _parse_line(source: str, number: int, raw: str) -> _Line | None:
    content = raw.split("#", 1)[0].strip()
    if not content:
        return None
    value_text, colon, cards_text = content.partition(":")
    value_text = value_text.strip()
    if not colon or len(value_text.split()) > 1:
        # Without its own colon the value runs into the first card ("3 r:mouse").
        raise SheetError(
            f"{source}:{number}: missing ':' after the cheese value ({content.split()[0]}); "
            f"write the line like {EXAMPLE_LINE!r}"
        )
    # isdigit alone lets through digits int() refuses, such as a superscript two.
    if not value_text.isascii() or not value_text.isdigit() or not (
        1 <= int(value_text) <= MAX_CHEESE_VALUE
    ):
        raise SheetError(
            f"{source}:{number}: bad cheese value ({value_text or 'nothing'}); "
            f"start the line with the cheese's number, 1 to {MAX_CHEESE_VALUE}, then ':'"
        )
    animals = tuple(_parse_card(source, number, token) for token in cards_text.split())
    return _Line(number, int(value_text), animals)


def _parse_card(source: str, number: int, token: str) -> Animal:
    owner_text, colon, card_text = token.partition(":")
    if not colon:
        raise SheetError(
            f"{source}:{number}: missing ':' between owner and card ({token}); "
            f"write each card as <owner>:<card>, e.g. r:mouse"
        )
    owner = owner_text.lower()
    if owner not in COLOUR_LETTERS:
        raise SheetError(
            f"{source}:{number}: unknown owner ({owner_text or token}); "
            f"use a colour letter: {' '.join(COLOUR_LETTERS)}"
        )
    card = card_text.lower()
    if card not in SHEET_CARDS:
        raise SheetError(
            f"{source}:{number}: unknown card ({card_text or token}); "
            f"use one of: {' '.join(CARD_GROUPS)}"
        )
    return Animal(COLOUR_LETTERS.index(owner), SHEET_CARDS[card])


def _check_cheese_values(source: str, lines: list[_Line]) -> None:
    """No more cheeses of a value than the box's cheese cards hold (values 2 to 5)."""
    box = {value: DEFAULT_CHEESE_VALUES.count(value) for value in set(DEFAULT_CHEESE_VALUES)}
    overflow = over_the_box(((line.number, line.cheese) for line in lines), box)
    if overflow is not None:
        held = ", ".join(f"{box[value]} of value {value}" for value in sorted(box))
        raise SheetError(
            f"{source}:{overflow.where}: too many cheeses of value {overflow.component} "
            f"({overflow.count} of them); the box holds {held}; check the sheet against "
            "the table"
        )


def _check_card_counts(source: str, lines: list[_Line]) -> None:
    """No colour can show more cards of a kind than its 15 cards hold."""
    group_of = {kind: name for name, kinds in CARD_GROUPS.items() for kind in kinds}
    box = {
        (owner, name): sum(DEFAULT_COMPOSITION[kind] for kind in kinds)
        for owner in range(len(COLOURS))
        for name, kinds in CARD_GROUPS.items()
    }
    overflow = over_the_box(
        (
            (line.number, (animal.owner, group_of[animal.kind]))
            for line in lines
            for animal in line.animals
        ),
        box,
    )
    if overflow is not None:
        owner, name = overflow.component
        raise SheetError(
            f"{source}:{overflow.where}: too many {COLOURS[owner]} {name} cards "
            f"({COLOUR_LETTERS[owner]}:{name}, {overflow.count} of them); each colour "
            f"has {overflow.holds}; check the sheet against the table"
        )
