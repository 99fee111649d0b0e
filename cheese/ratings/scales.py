"""The one sentence shown wherever an Elo is, saying which scale it is on.

The project has two kinds of Elo and they must never be read as one:

- **Relative** Elo, of tournaments, ``cheese ratings`` and duels: the Bradley–Terry fit has
  no origin of its own, so a table is centred on the mean of its own field (0), or on the
  bot ``--anchor`` names, and a duel gives A's Elo over B's (B at 0). Only differences
  within one table mean anything.
- **The levels' scale** (``cheese levels``, ``cheese me``): each table's calibration
  centred on the mean of its candidates at ``LEVELS_MEAN``; a person's rating is fitted
  with the levels held there, so it lies on the same scale as that table.
"""

from __future__ import annotations

LEVELS_MEAN = 1500.0
"""The mean Elo of a level table's calibration candidates: the levels' scale is fixed there."""


def relative_scale(anchor: tuple[str, float] | None = None) -> str:
    """The scale of a tournament's or ``cheese ratings``' Elo table.

    >>> relative_scale()
    "Elo is relative: this table's mean at 0, not the levels' scale."
    >>> relative_scale(("random", -200.0))
    "Elo is relative: random held at -200, not the levels' scale."
    """
    origin = "this table's mean at 0" if anchor is None else f"{anchor[0]} held at {anchor[1]:g}"
    return f"Elo is relative: {origin}, not the levels' scale."


def duel_scale(b_spec: str) -> str:
    """The scale of a duel's Elo: A's strength over B's.

    >>> duel_scale("greedy")
    "Elo is relative: A's over B (greedy), B at 0, not the levels' scale."
    """
    return f"Elo is relative: A's over B ({b_spec}), B at 0, not the levels' scale."


def levels_scale(players: int) -> str:
    """The scale of a level table's Elo, and of a person's rating at that table size.

    >>> levels_scale(3)
    "Elo on the 3-player levels' scale: candidates' mean at 1500, not a tournament's."
    """
    return (
        f"Elo on the {players}-player levels' scale: candidates' mean at {LEVELS_MEAN:g}, "
        "not a tournament's."
    )
