"""The MCTS bot: how it takes a turn, and the move and record it answers with.

A turn is taken as ``cheese.bots.search.plan`` decides: by the one-ply values, by a
search of the game's lines, or by searches of the engine's tree (``search``), ``workers``
of them at once, whose root statistics are added up. The move played is the root child
with the most visits (ties: higher mean reward, then the lower action).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cheese.bots.base import ConfiguredBot, Decision, TopMeasure, Turn, top_choices
from cheese.bots.evaluation.select import evaluator_of
from cheese.bots.mcts.config import FINISH_IN, Inference, MctsConfig, OthersMoves
from cheese.bots.mcts.policy import PlayReadings
from cheese.bots.mcts.search import (
    RootStats,
    SearchLoop,
    configured_evaluator,
    search,
    search_lines,
)
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, one_ply_decision
from cheese.bots.search.plan import OnePly, SearchLines, SearchTree, plan_turn
from cheese.bots.search.root_parallel import run_searches
from cheese.engine import Action
from cheese.engine.registry import NATIVE


def merge(stats: Sequence[RootStats]) -> dict[Action, tuple[int, float]]:
    """Visits and reward sums per root action, added up over searches."""
    merged: dict[Action, tuple[int, float]] = {}
    for result in stats:
        for action, visits, reward_sum in result.children:
            seen_visits, seen_sum = merged.get(action, (0, 0.0))
            merged[action] = (seen_visits + visits, seen_sum + reward_sum)
    return merged


def most_visited(merged: Mapping[Action, tuple[int, float]]) -> Action:
    """The action with the most visits; ties: higher mean reward, then lower action."""
    return min(
        merged,
        key=lambda action: (
            -merged[action][0],
            -(merged[action][1] / merged[action][0]) if merged[action][0] else 0.0,
            action,
        ),
    )


class MctsBot(ConfiguredBot[MctsConfig]):
    """Information-set MCTS; see ``cheese.bots.mcts``."""

    __slots__ = ("_readings",)

    config_type = MctsConfig

    def __init__(self, config: MctsConfig | None = None) -> None:
        super().__init__(config)
        self._readings = PlayReadings(self.config.reading_worlds, bool(self.config.recall))

    def refusal_for(self, game: str) -> str | None:
        """Why this bot's settings cannot serve the game ``game``, or None: ``finish=``
        needs a one-seat game that rewards finishing, ``value=`` a game with a fitted leaf
        value, ``infer=model`` the game's model of hidden cards."""
        finish = self.config.finish
        if finish is not None and evaluator_of(game).with_solitaire_finish(finish) is None:
            games = ", ".join(slug for slug, _ in FINISH_IN)
            return f"finish= is for a one-seat game that rewards finishing ({games}); drop finish="
        if self.config.value and not evaluator_of(game).has_fitted_leaf_value():
            return "value= needs the game's fitted leaf value, and it has none; use value=0"
        others = self.config.others
        if others is not OthersMoves.EXACT and not evaluator_of(game).hides_moves():
            return f"others={others.value} is for a game whose moves are partly hidden; " + (
                "use others=exact"
            )
        infer = self.config.infer
        if infer.reads_moves and evaluator_of(game).play_reading() is None:
            return f"infer={infer.value} needs the game's reading of the others' moves, " + (
                "and it has none; use infer=none"
            )
        if self.config.infer is not Inference.MODEL:
            return None
        if evaluator_of(game).hidden_card_weights() is None:
            return "infer=model needs the game's model of hidden cards, and it has none; " + (
                "use infer=none"
            )
        return None

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        config = self.config.on_clock(turn.clock)
        evaluator = configured_evaluator(turn.game, config)
        game_decides = not config.searches_engine_tree
        match plan_turn(turn, evaluator, rng, game_decides=game_decides):
            case OnePly():
                return one_ply_decision(turn, evaluator, rng, ONE_PLY_SAMPLES)
            case SearchLines(lines):
                uct, elapsed = search_lines(lines, config)
                statistics = uct.root_statistics()
                return visited_decision(
                    len(legal), statistics, most_visited(statistics),
                    uct.iterations, elapsed, SearchLoop.LINES,
                )
            case SearchTree():
                return self.tree_decision(turn, len(legal), rng, config)

    def tree_decision(
        self, turn: Turn, legal: int, rng: random.Random, config: MctsConfig | None = None
    ) -> Decision:
        """The decision of ``workers`` searches of the engine's tree, one seed each (under
        ``config``, this move's settings, else the bot's)."""
        config = self.config if config is None else config
        card_odds = self.policy_odds(turn, config)
        seeds = [rng.getrandbits(64) for _ in range(config.workers)]
        stats = run_searches(lambda seed: search(turn, config, seed, card_odds), seeds)
        merged = merge(stats)
        return visited_decision(
            legal, merged, most_visited(merged),
            sum(result.iterations for result in stats),
            max(result.elapsed for result in stats),
            stats[0].loop,
        )

    def policy_odds(self, turn: Turn, config: MctsConfig) -> list[int] | None:
        """With ``infer=policy`` or ``infer=fit`` in C, the odds of the others' hidden
        cards read from their moves so far (``cheese.bots.mcts.policy``); else ``None``."""
        if not config.infer.reads_moves or turn.game.backend != NATIVE:
            return None
        reading = evaluator_of(turn.game.info.slug).play_reading()
        if reading is None:
            return None
        # The registry knows every bot, this one included: asked here, not at import.
        from cheese.bots.registry import make_bot

        models = [make_bot(spec) for spec in config.reading_models]
        return self._readings.card_odds(turn, reading, models)


def visited_decision(
    legal: int,
    merged: Mapping[Action, tuple[int, float]],
    action: Action,
    iterations: int,
    elapsed: float,
    loop: SearchLoop,
) -> Decision:
    """The decision for ``action`` with the root statistics ``merged`` (visits and reward
    sum per root move) and how the search ran."""
    visits, reward_sum = merged[action]
    return Decision(
        action,
        {
            "legal": legal,
            "iterations": iterations,
            "elapsed": round(elapsed, 4),
            "visits": visits,
            "value": round(reward_sum / visits, 4) if visits else 0.0,
            "children": len(merged),
            "loop": loop.value,
        },
        top=top_choices(visit_shares(merged)),
        top_measure=TopMeasure.VISIT_SHARE,
        shares=visit_shares(merged, digits=None),
    )


def visit_shares(
    merged: Mapping[Action, tuple[int, float]], digits: int | None = 4
) -> dict[Action, float]:
    """Each root action's share of the root visits, rounded to ``digits`` places (for a
    hint) or not (``None``)."""
    total = sum(visits for visits, _ in merged.values()) or 1
    return {
        action: visits / total if digits is None else round(visits / total, digits)
        for action, (visits, _) in merged.items()
    }
