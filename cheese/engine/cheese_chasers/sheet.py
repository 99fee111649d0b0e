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

from cheese.engine.cheese_chasers.activity import LOSING_ACTIVE_TRAPS
from cheese.engine.cheese_chasers.layout import parse_layout
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
    return ChasersSheet(score_table(parse_layout(text, source)))
