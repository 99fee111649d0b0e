"""The score sheet: score a finished physical game written as a layout.

``cheese score cheese-chasers FILE`` reads the layout format (see ``layout``) and scores
the table with the engine's own scoring rules. The sheet scores what it is given; it does
not check that the cards form a path or match the deck's counts.

>>> sheet = score_sheet(".H.\\nHMH\\n.H.\\n", "example-2")
>>> sheet.as_json()
{'nice': 1, 'bonus': 4, 'surrounded': 0, 'total': 5, 'active_traps': 0, 'lost': False}
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.api import SheetError
from cheese.engine.box import over_the_box
from cheese.engine.cheese_chasers.activity import LOSING_ACTIVE_TRAPS
from cheese.engine.cheese_chasers.cards import KIND_LETTERS, KIND_NAMES, STANDARD_COUNTS
from cheese.engine.cheese_chasers.layout import BYTE_ORDER_MARK, parse_layout
from cheese.engine.cheese_chasers.scoring import TableScore, score_table


@dataclass(frozen=True, slots=True)
class ChasersSheet:
    """A scored layout."""

    score: TableScore

    def as_json(self) -> dict[str, object]:
        """``nice``, ``bonus``, ``surrounded``, ``total``, ``active_traps``, ``lost``.

        With 3 or more active traps the game is lost: ``total`` is 0 while the other
        fields still describe the layout.
        """
        return {
            "nice": self.score.nice,
            "bonus": self.score.bonus,
            "surrounded": self.score.surrounded,
            "total": self.score.total,
            "active_traps": self.score.active_traps,
            "lost": self.score.lost,
        }

    def as_text(self) -> str:
        """A few aligned lines, the total last.

        >>> print(score_sheet(".M.\\nMHM\\n.M.", "example-5").as_text())
        nice points         4
        cheese bonus        4
        surrounded cheese  10
        active traps        0
        total              18
        """
        score = self.score
        lines = [
            f"nice points       {score.nice:>3}",
            f"cheese bonus      {score.bonus:>3}",
            f"surrounded cheese {score.surrounded:>3}",
            f"active traps      {score.active_traps:>3}",
            f"total             {score.total:>3}",
        ]
        if score.lost:
            lines.append(
                f"lost: {score.active_traps} active mousetraps "
                f"({LOSING_ACTIVE_TRAPS} or more score 0)"
            )
        return "\n".join(lines)


def score_sheet(text: str, source: str) -> ChasersSheet:
    """Score the layout ``text``; ``SheetError`` names ``source``, line and column."""
    table = parse_layout(text, source)
    _check_card_counts(source, text)
    return ChasersSheet(score_table(table))


def _check_card_counts(source: str, text: str) -> None:
    """No more cards of a kind than the box's deck holds (20 M, 7 C, 9 H, 4 T)."""
    lines = text.removeprefix(BYTE_ORDER_MARK).splitlines()
    overflow = over_the_box(
        (
            (number, KIND_LETTERS.index(letter.upper()))
            for number, line in enumerate(lines, start=1)
            for letter in line
            if letter.upper() in KIND_LETTERS
        ),
        dict(enumerate(STANDARD_COUNTS)),
    )
    if overflow is not None:
        kind = overflow.component
        held = ", ".join(
            f"{count} {letter}" for letter, count in zip(KIND_LETTERS, STANDARD_COUNTS, strict=True)
        )
        raise SheetError(
            f"{source}:{overflow.where}: too many {KIND_NAMES[kind]} cards "
            f"({KIND_LETTERS[kind]}, {overflow.count} of them); the box holds {held}; "
            "check the layout against the table"
        )
