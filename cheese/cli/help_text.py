"""Command help from docstrings, with their hard line breaks taken out.

Docstrings are wrapped at the source's line length; the help renderer keeps single line
breaks, so a paragraph would break mid-sentence wherever the source did. Paragraphs
(separated by a blank line) are joined into one line each, and the terminal wraps them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable


def unwrapped(text: str) -> str:
    """``text`` with every paragraph on one line.

    >>> unwrapped("Play A against B\\n  and rate them.\\n\\n  Example: cheese duel a b")
    'Play A against B and rate them.\\n\\nExample: cheese duel a b'
    """
    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in paragraphs)


def help_of(command: Callable[..., object]) -> str:
    """The unwrapped docstring of ``command``."""
    return unwrapped(command.__doc__ or "")
