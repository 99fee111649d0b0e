"""The layout text format of the rules page: rows top to bottom, one character a cell.

``M`` mouse, ``C`` cat, ``H`` cheese, ``T`` mousetrap, ``.`` empty (letters in either
case). Cells are not separated: a space or tab inside a row is an error, because it
could mean either an empty cell or a separator. Trailing whitespace and blank lines
before and after the layout are ignored; rows may differ in length (missing cells are
empty), and a blank row inside the layout is a row of empty cells. The top-left cell
of the first row is ``(0, 0)``.

>>> table = parse_layout(".M.\\nMHM\\n.M.\\n", "example")
>>> table[(1, 1)], len(table)
(2, 5)
>>> print(render_layout(table))
.M.
MHM
.M.
"""

from __future__ import annotations

from cheese.engine.api import SheetError
from cheese.engine.cheese_chasers.board import Cell, Table
from cheese.engine.cheese_chasers.cards import KIND_LETTERS, Kind

EMPTY = "."
BYTE_ORDER_MARK = "\ufeff"
_KIND_OF_LETTER = {letter: kind for kind, letter in enumerate(KIND_LETTERS)}


def parse_layout(text: str, source: str) -> dict[Cell, Kind]:
    """The table written in ``text``; ``SheetError`` names ``source``, line and column."""
    lines = text.removeprefix(BYTE_ORDER_MARK).splitlines()
    numbered = [(number, line.rstrip()) for number, line in enumerate(lines, start=1)]
    filled = [index for index, (_, line) in enumerate(numbered) if line]
    if not filled:
        raise SheetError(
            f"{source}: the layout is empty; write the table as rows of M C H T and . "
            "(see: cheese rules cheese-chasers)"
        )
    table: dict[Cell, Kind] = {}
    for y, (number, line) in enumerate(numbered[filled[0] : filled[-1] + 1]):
        for x, character in enumerate(line):
            if character == EMPTY:
                continue
            kind = _KIND_OF_LETTER.get(character.upper())
            if kind is None:
                raise SheetError(_bad_character(source, number, x + 1, character))
            table[(x, y)] = kind
    if not table:
        raise SheetError(
            f"{source}: the layout has no cards, only empty cells; write M C H T for the "
            "cards (see: cheese rules cheese-chasers)"
        )
    return table


def _bad_character(source: str, line: int, column: int, character: str) -> str:
    where = f"{source}:{line}:{column}"
    if character.isspace():
        return (
            f"{where}: unexpected whitespace {character!r} inside a row; cells are not "
            "separated, write . for an empty cell"
        )
    return f"{where}: unexpected character {character!r}; use M C H T or . (empty cell)"


def render_layout(table: Table) -> str:
    """``table`` in the layout format: the smallest rectangle holding its cards."""
    if not table:
        return ""
    xs = [x for x, _ in table]
    ys = [y for _, y in table]
    return "\n".join(
        "".join(
            KIND_LETTERS[table[(x, y)]] if (x, y) in table else EMPTY
            for x in range(min(xs), max(xs) + 1)
        )
        for y in range(min(ys), max(ys) + 1)
    )
