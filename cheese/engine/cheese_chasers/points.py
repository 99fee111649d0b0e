"""Where the solitaire's points came from: nice points, cheese bonus, surrounded cheese.

Rules, "Winning and scoring": only a game whose every card is placed scores, and then
"Total = nice + cheese bonus + surrounded"; a lost game scores 0 in every part, whatever
its table would have scored (kept in ``table`` to say what was lost).

>>> from cheese.engine.cheese_chasers.view import ChasersView
>>> cross = ((1, 0, 0), (0, 1, 0), (1, 1, 2), (2, 1, 0), (1, 2, 0))
>>> points_by_source(ChasersView(cross, (1, 2), None, (0, 0, 0, 0), "complete"))
ChasersPoints(nice=4, bonus=4, surrounded=10, table=18, complete=True)
>>> points_by_source(ChasersView(cross, (1, 2), 0, (0, 0, 0, 0), "enclosed")).total
0
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.cheese_chasers.scoring import score_table
from cheese.engine.cheese_chasers.view import ChasersView, Ending

SCORING_ENDING: Ending = "complete"


@dataclass(frozen=True, slots=True)
class ChasersPoints:
    """The points the game scored, by part, and what the table itself adds up to."""

    nice: int
    bonus: int
    surrounded: int
    table: int
    """The table's nice + bonus + surrounded, which a lost game does not score."""
    complete: bool
    """Whether every card is placed, the only way the table scores."""

    @property
    def total(self) -> int:
        return self.nice + self.bonus + self.surrounded


def points_by_source(view: ChasersView) -> ChasersPoints:
    """The points of the game ``view`` shows: its table's parts once every card is
    placed, else 0 in each part (0 too while the game goes on)."""
    score = score_table(view.table())
    table = score.nice + score.bonus + score.surrounded
    if view.ending != SCORING_ENDING:
        return ChasersPoints(0, 0, 0, table, complete=False)
    return ChasersPoints(score.nice, score.bonus, score.surrounded, table, complete=True)
