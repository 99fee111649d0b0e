"""The terminal's ratings table: every bot's spec shown whole, however long."""

from __future__ import annotations

import io

from rich.console import Console

from cheese.cli.ratings_view import print_ratings
from cheese.ratings.bradley_terry import Rating, Ratings

LONG = "mcts:iterations=15000,infer=policy,reader=1000,worlds="


def test_specs_that_differ_only_at_the_end_are_told_apart_at_80_columns() -> None:
    specs = (f"{LONG}24", f"{LONG}48", "greedy")
    ratings = Ratings(
        tuple(
            Rating(spec, elo, (elo - 20.0, elo + 20.0), 40, 0.5, 0.0, None, None)
            for spec, elo in zip(specs, (60.0, 0.0, -60.0), strict=True)
        ),
        los=((0.5, 0.9, 1.0), (0.1, 0.5, 1.0), (0.0, 0.0, 0.5)),
        deals=10,
        games=40,
    )
    out = io.StringIO()
    print_ratings(ratings, Console(file=out, width=80, color_system=None), with_los=True)
    # A folded cell goes on on the next line: each spec's end, where the two differ, is
    # shown in the ratings and in the LOS matrix.
    text = out.getvalue()
    assert "…" not in text
    assert text.count("worlds=24") == 2 and text.count("worlds=48") == 2
