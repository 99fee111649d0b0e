"""One search in C for a measuring instrument's bot: what the instrument gives the search
(a true root, odds for the hidden cards) goes in, a bot's decision comes out."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cheese.bots.base import BotSpecError, Decision, Turn
from cheese.bots.mcts.bot import merge, most_visited, visited_decision
from cheese.bots.mcts.config import MctsConfig
from cheese.bots.mcts.search import TrueRoot, configured_evaluator, search_in_c
from cheese.engine.registry import NATIVE


def instrument_decision(
    turn: Turn,
    legal: int,
    rng: random.Random,
    config: MctsConfig,
    instrument: str,
    *,
    truth: TrueRoot | None = None,
    card_odds: Sequence[int] | None = None,
) -> Decision:
    """The most visited move of one C search of ``turn`` under ``config``, with the
    instrument's ``truth`` or ``card_odds`` (``search_in_c``); ``BotSpecError`` naming
    ``instrument`` when the game or the spec cannot search in C."""
    if turn.game.backend != NATIVE:
        raise BotSpecError(f"the {instrument} search runs in C: use the native backend")
    evaluator = configured_evaluator(turn.game, config)
    settings = config.native_search(evaluator.advice.c_search)
    if settings is None:
        raise BotSpecError(f"{config.spec!r} searches in Python; the {instrument} runs in C")
    stats = search_in_c(
        turn, settings, evaluator, rng.getrandbits(64), truth=truth, card_odds=card_odds
    )
    merged = merge([stats])
    return visited_decision(
        legal, merged, most_visited(merged), stats.iterations, stats.elapsed, stats.loop
    )
