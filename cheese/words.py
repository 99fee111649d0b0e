"""Counts in words, singular or plural as the number asks: "1 deal", "2 deals"."""

from __future__ import annotations


def counted(count: int, singular: str, plural: str | None = None) -> str:
    """``count`` and the noun that fits it (``plural`` defaults to ``singular`` + s).

    >>> counted(1, "deal"), counted(2, "deal"), counted(1, "loss", "losses")
    ('1 deal', '2 deals', '1 loss')
    """
    return f"{count} {singular if count == 1 else plural or singular + 's'}"
