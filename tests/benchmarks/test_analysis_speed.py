"""Seconds ``cheese analyze`` takes for one seat of one seeded game, at its defaults
(skipped by default).

    pytest tests/benchmarks/test_analysis_speed.py --benchmark-only \\
        --benchmark-columns=median,max

The default budget (``cheese.analysis.DEFAULT_SAMPLES`` worlds a move, the game's top
level as the bot) is chosen so that each stays well under a minute on two cores
(``docs/analysis.md``). Games: greedy at every seat, the games' default player counts.
"""

from __future__ import annotations

import pytest

from cheese.analysis import AnalysisFile, Settings, analyse_record
from cheese.bots import make_bot
from cheese.engine import GAME_SLUGS, game_info
from cheese.levels import top_level_spec

from ..analysis.games import bots_game

ROUNDS = 1


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_one_seat_of_a_game(benchmark: object, slug: str) -> None:
    record = bots_game(slug, game_info(slug).default_players, seed=11)
    settings = Settings(bot=make_bot(top_level_spec(slug, game_info(slug).default_players)))

    def analyse() -> AnalysisFile:
        return analyse_record(record, 0, settings)

    analysis = benchmark.pedantic(analyse, rounds=ROUNDS, iterations=1)  # type: ignore[attr-defined]
    assert analysis.decisions
