"""Words for the screens: counts, singular or plural as the number asks ("1 deal", "2
deals"), and text cut to its column, with the whole of it under a table."""

from __future__ import annotations

import textwrap


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that fits it (``plural`` defaults to ``singular`` + s).

    >>> counted(1, "deal"), counted(2, "deal"), counted(1, "loss", "losses")
    ('1 deal', '2 deals', '1 loss')
    """
    return f"{count} {singular if count == 1 else plural or singular + 's'}"


def cut(text: str, width: int) -> str:
    """``text`` in ``width`` characters: whole where it fits, else cut with an ellipsis.

    >>> cut("greedy", 10), cut("mcts:iterations=15000", 10)
    ('greedy', 'mcts:iter…')
    """
    return text if len(text) <= width else text[: width - 1] + "…"


def in_full(name: str, text: str, width: int) -> list[str]:
    """Lines of ``width`` that give whole a ``text`` cut short in a table's row, under
    the table, by the ``name`` of its row: the text on a line of its own where it does
    not fit beside the name, and never broken at a hyphen in it.

    >>> in_full("level 7", "mcts:iterations=15000,infer=policy", 40)
    ['level 7 in full:', 'mcts:iterations=15000,infer=policy']
    """
    return textwrap.wrap(f"{name} in full: {text}", width, break_on_hyphens=False)
