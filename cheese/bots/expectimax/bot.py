"""The expectimax bot: how it takes a turn, and the move and record it answers with.

A turn is taken as ``cheese.bots.search.plan`` decides: by the one-ply values, by a full
search of the game's lines, or by depth-limited searches of the engine's tree over the
root's worlds (``root``), deepening one decision at a time under a time limit.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from cheese.bots.base import (
    BotFailure,
    ConfiguredBot,
    Decision,
    TopMeasure,
    Turn,
    best_valued,
    top_choices,
)
from cheese.bots.evaluation import evaluator_for
from cheese.bots.evaluation.select import evaluator_of
from cheese.bots.expectimax.config import GAME_ADVICE, Aim, ExpectimaxConfig, leaf_playout
from cheese.bots.expectimax.root import RootResult, root_candidates, search_depth
from cheese.bots.expectimax.world_search import UPPER, WorldSearch
from cheese.bots.faults import Fault
from cheese.bots.lines.full_search import best_line_values
from cheese.bots.search.evaluator import Evaluator
from cheese.bots.search.one_ply import distinct_worlds, one_ply_decision
from cheese.bots.search.plan import OnePly, SearchLines, SearchTree, plan_turn
from cheese.engine import Action
from cheese.engine.registry import NATIVE


def lines_decision(
    legal: int, moves: Sequence[Action], values: Sequence[float], rng: random.Random,
    started: float,
) -> Decision:
    """Of the ``moves`` searched (among ``legal`` moves), the one whose best line is
    worth most (exact ties: the rng)."""
    action, best_value = best_valued(moves, values, rng)
    return Decision(
        action,
        {
            "legal": legal,
            "depth": "lines",
            "value": round(best_value, 4),
            "elapsed": round(time.perf_counter() - started, 4),
        },
        top=top_choices({move: round(value, 4) for move, value in zip(moves, values)}),
        top_measure=TopMeasure.VALUE,
    )


class ExpectimaxBot(ConfiguredBot[ExpectimaxConfig]):
    """Expectimax over determinizations; see ``cheese.bots.expectimax``."""

    __slots__ = ("evaluator",)

    config_type = ExpectimaxConfig

    def __init__(
        self, config: ExpectimaxConfig | None = None, evaluator: Evaluator | None = None
    ) -> None:
        super().__init__(config)
        self.evaluator = evaluator
        """The game's own evaluation when None (every bot a spec builds); a diagnostic
        may give another, e.g. one that sees the hidden rows (``tools/drop_ceiling.py``)."""

    def refusal_for(self, game: str) -> str | None:
        """Why this bot's settings cannot serve the game ``game``, or None: ``aim=finish``
        needs a one-seat game whose evaluation values finishing alone, and a ``value=``
        other than the lead needs lines the game can value so."""
        if self.config.aim is Aim.FINISH and evaluator_of(game).finishing() is None:
            return (
                "aim=finish needs a game that values finishing alone (cheese-chasers); "
                "use aim=score"
            )
        return self._value_refusal(game)

    def _value_refusal(self, game: str) -> str | None:
        """Why the lines of ``game`` cannot value a round's end as ``value=`` asks, or None.
        Unlike ``aim=finish``, which a game without that aim plays for its score, such a
        value is never quietly replaced, so a turn refuses it too."""
        if self.config.value in evaluator_of(game).end_values:
            return None
        return f"its lines have no value={self.config.value}; drop value="

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if len(legal) == 1:
            return Decision(legal[0], {"legal": 1})
        started = time.perf_counter()
        config = self.config.on_clock(turn.clock)
        evaluator = evaluator_for(turn.game) if self.evaluator is None else self.evaluator
        batched = False
        if config.aim is Aim.FINISH and turn.num_players == 1:
            finishing = evaluator.finishing()
            if finishing is not None:
                evaluator, batched = finishing, True
        refusal = self._value_refusal(turn.game.info.slug)
        if refusal is not None:
            slug = turn.game.info.slug
            raise BotFailure(Fault.RAISED, f"{self.spec} cannot play {slug}: {refusal}")
        match plan_turn(
            turn,
            evaluator,
            rng,
            game_decides=config.depth == GAME_ADVICE,
            end_value=config.value,
        ):
            case OnePly():
                return one_ply_decision(turn, evaluator, rng, config.samples)
            case SearchLines(lines):
                # Ascending, as the legal moves are: the rng breaks exact ties alike.
                moves = sorted(lines.moves(lines.root))
                return lines_decision(
                    len(legal), moves, best_line_values(lines, moves), rng, started
                )
            case SearchTree():
                return self.tree_decision(
                    turn, evaluator, legal, rng, started, config, batched=batched
                )

    def tree_decision(
        self,
        turn: Turn,
        evaluator: Evaluator,
        legal: Sequence[Action],
        rng: random.Random,
        started: float,
        config: ExpectimaxConfig | None = None,
        batched: bool = False,
    ) -> Decision:
        """The decision of the deepest finished search of the engine's tree over the
        root's worlds, deepening one decision at a time (under ``config``, this move's
        settings, else the bot's); ``batched``: each leaf's playouts in one C call."""
        config = self.config if config is None else config
        seconds = config.move_seconds(turn.clock)
        deadline = started + seconds if seconds else None
        samples = config.samples if evaluator.advice.hidden_information else 1
        merged = distinct_worlds(turn, rng, samples)
        worlds = [(world, weight, rng.getrandbits(64)) for world, weight in merged]
        chance_width = config.chance_width or evaluator.advice.chance_width
        native = turn.game.backend == NATIVE
        playout = leaf_playout(config, evaluator.advice, native)
        search = WorldSearch(
            evaluator,
            config.width,
            chance_width,
            deadline,
            playout,
            config.playouts or evaluator.advice.leaf_playouts,
            native,
            batched,
        )
        order = root_candidates(evaluator, merged, legal, config.root_width)
        finished: RootResult | None = None
        for depth in range(1, (config.depth or evaluator.advice.expectimax_depth) + 1):
            result = search_depth(search, worlds, order, turn.seat, depth)
            if result.complete or finished is None:
                if result.values:
                    finished = result
            if not result.complete or not result.cut_by_depth:
                break
            # Search the best moves of this depth first next time: more pruning.
            order = sorted(order, key=lambda action: -result.values.get(action, -UPPER))
        if finished is None:
            # Not even one action was valued in time: trust the priors.
            finished = RootResult(0, {order[0]: 0.0}, False, True)
        valued = [action for action in order if action in finished.values]
        action, best_value = best_valued(
            valued, [finished.values[action] for action in valued], rng
        )
        return Decision(
            action,
            {
                "legal": len(legal),
                "candidates": len(order),
                "depth": finished.depth,
                "value": round(best_value, 4),
                "worlds": len(worlds),
                "nodes": search.nodes,
                "elapsed": round(time.perf_counter() - started, 4),
            },
            top=top_choices({move: round(value, 4) for move, value in finished.values.items()}),
            top_measure=TopMeasure.VALUE,
        )
