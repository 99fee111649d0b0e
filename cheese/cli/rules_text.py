"""The rules players read: each game's full page and its one-screen summary.

Both ship as package data beside each other, ``cheese/rules/<slug>.md`` and
``<slug>.summary.md``; a summary fits one terminal screen (``SUMMARY_LINES`` lines of at
most ``SUMMARY_COLUMNS`` columns) so that it can be shown in the middle of a game.

>>> summary("cheese-chasers").splitlines()[0]
'Cheese Chasers in one screen'
>>> full_page("cheese-drop").startswith("# Cheese Drop")
True
"""

from __future__ import annotations

from importlib import resources

from cheese.engine import GAME_SLUGS

SUMMARY_LINES = 22
SUMMARY_COLUMNS = 80


def _rules_file(game_slug: str, suffix: str) -> str:
    if game_slug not in GAME_SLUGS:
        # Callers pass a slug the command line has already checked; a wrong one is a bug.
        raise ValueError(f"no rules for {game_slug!r}; the games are: {', '.join(GAME_SLUGS)}")
    page = resources.files("cheese").joinpath("rules", f"{game_slug}{suffix}")
    return page.read_text("utf-8")


def full_page(game_slug: str) -> str:
    """The whole rules page of ``game_slug``, in Markdown."""
    return _rules_file(game_slug, ".md")


def summary(game_slug: str) -> str:
    """The rules of ``game_slug`` on one screen, as plain text: the goal, what a turn is,
    how points are scored and how the game ends."""
    return _rules_file(game_slug, ".summary.md")
