"""Points by source: nice points, cheese bonus and surrounded cheese add up to the score
over many seeded random games on both backends, and a lost game scores 0 in each."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cheese.engine.cheese_chasers.points import points_by_source
from cheese.engine.cheese_chasers.scoring import score_table
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.registry import load_game

from ...native import BACKENDS_HERE
from ...random_games import random_game

GAMES = 120
SMALL_DECK = {"mice": 8, "cats": 2, "cheese": 4, "traps": 1}
"""A deck that one trap cannot lose, so that many random games place every card."""


@pytest.mark.parametrize("backend", BACKENDS_HERE)
@pytest.mark.parametrize("options", [{}, SMALL_DECK], ids=["standard", "small"])
def test_the_parts_add_up_to_the_score(backend: str, options: dict[str, int]) -> None:
    game = load_game("cheese-chasers", backend=backend)
    endings: Counter[str | None] = Counter()
    for seed in range(GAMES):
        final, _ = random_game(game.new_initial_state(1, seed=seed, **options), random.Random(seed))
        view = final.view(0)
        assert isinstance(view, ChasersView)
        points = points_by_source(view)
        assert (points.nice + points.bonus + points.surrounded,) == final.scores()
        assert points.total == final.scores()[0]
        score = score_table(view.table())
        assert points.table == score.nice + score.bonus + score.surrounded
        assert points.complete == (view.ending == "complete")
        endings[view.ending] += 1
    # The standard deck is mostly lost at random, the small one mostly complete.
    assert endings["complete"] > 0 if options else set(endings) - {"complete"}


def test_a_lost_game_scores_nothing_in_every_part() -> None:
    cross = ((1, 0, 0), (0, 1, 0), (1, 1, 2), (2, 1, 0), (1, 2, 0))
    points = points_by_source(ChasersView(cross, (1, 2), None, (0, 0, 0, 0), "trapped"))
    assert (points.nice, points.bonus, points.surrounded, points.table) == (0, 0, 0, 18)
    assert not points.complete
