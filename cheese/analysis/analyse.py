"""One seat's decisions of a recorded game, each played move set against the best one.

At each decision of the seat, only what the seat saw counts: worlds are drawn from its
view (``State.determinize``, as the searching bots draw theirs), never from the record's
true hidden cards. The candidates are the move played, the analysing bot's choice at that
moment, and the moves the game's evaluation ranks highest by one ply; each is played out
to the end in the same worlds with the same luck (common random numbers), the best by
standing is kept, and the played move and the best are then measured again in fresh
worlds, so that the drop is paired and not inflated by having picked the best of many
noisy estimates.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cheese.analysis.file import FORMAT, AnalysisFile, DecisionAnalysis
from cheese.analysis.marks import THRESHOLDS, mark_of, summarize
from cheese.analysis.outcomes import Estimate, Outcome, estimate, outcome_of, paired_drop, play_out
from cheese.bots.base import Bot, Decided, Turn, decisions_of_history
from cheese.bots.evaluation.select import evaluator_of
from cheese.bots.search.evaluator import Evaluator, PlayoutPolicy
from cheese.bots.search.one_ply import ONE_PLY_SAMPLES, one_ply_values
from cheese.engine import Action, RecordError, Seat, State
from cheese.engine.records import GameRecord, replay_states

DEFAULT_SAMPLES = 256
"""Worlds per move, measured so that a whole game of any of the games takes well under a
minute on two cores (docs/analysis.md)."""
DEFAULT_CANDIDATES = 4
"""Moves taken from the evaluation's one-ply ranking besides the played one and the bot's."""


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard to look: worlds per move, candidates, and whose knowledge."""

    bot: Bot
    samples: int = DEFAULT_SAMPLES
    candidates: int = DEFAULT_CANDIDATES
    policy: PlayoutPolicy = PlayoutPolicy.HEURISTIC
    seed: int = 0


@dataclass(frozen=True, slots=True)
class RecordedDecision:
    """A decision of the record: the state before it, the action played, and every
    decision before it (chance left out), which a bot reading the others' moves reads."""

    move: int
    action_index: int
    state: State
    played: Action
    past: tuple[Decided, ...]


def decisions_of(record: GameRecord, seat: Seat) -> tuple[list[RecordedDecision], bool]:
    """The decisions of ``seat`` in ``record``, numbered as ``cheese replay`` numbers
    moves, and whether the game is finished; ``RecordError`` for a bad record."""
    states = replay_states(record)
    decided = decisions_of_history(states[:-1], record.actions)
    # Each decision's index among all actions, chance outcomes counted.
    indices = [index for index, state in enumerate(states[:-1]) if not state.is_chance_node()]
    decisions = [
        RecordedDecision(move, index, state, action, decided[: move - 1])
        for move, (index, (state, action)) in enumerate(zip(indices, decided, strict=True), 1)
        if state.current_player == seat
    ]
    return decisions, states[-1].is_terminal()


def analyse_record(
    record: GameRecord,
    seat: Seat,
    settings: Settings,
    advance: Callable[[int, int], None] = lambda done, total: None,
) -> AnalysisFile:
    """The analysis of ``seat``'s decisions in the finished game ``record``; ``advance``
    is called with the decisions done and their number, first with none done, then
    after each (a progress bar)."""
    decisions, finished = decisions_of(record, seat)
    if not finished:
        raise RecordError(
            "the game is unfinished: only a finished game can be analysed (cheese play "
            "--continue finishes it)"
        )
    evaluator = evaluator_of(record.game)
    analysed: list[DecisionAnalysis] = []
    advance(0, len(decisions))
    for decision in decisions:
        analysed.append(analyse_decision(decision, evaluator, settings))
        advance(len(analysed), len(decisions))
    return AnalysisFile(
        format=FORMAT,
        game=record.game,
        seed=record.seed,
        players=len(record.players),
        actions=len(record.actions),
        seat=seat,
        bot=settings.bot.spec,
        samples=settings.samples,
        candidates=settings.candidates,
        thresholds=THRESHOLDS,
        decisions=tuple(analysed),
        summary=summarize(analysed),
    )


def analyse_decision(
    decision: RecordedDecision, evaluator: Evaluator, settings: Settings
) -> DecisionAnalysis:
    """The played move of ``decision`` against the best found, from the seat's view."""
    state = decision.state
    seat = state.current_player
    legal = state.legal_actions()
    # Each decision's luck is its own: analysing one seat or another, or a longer
    # record, draws the same worlds for the same decision.
    rng = random.Random(f"{settings.seed}:{state.seed}:{decision.action_index}")
    worlds = _worlds(state, seat, rng, settings.samples)
    if len(legal) == 1:
        played = _outcomes(worlds, decision.played, seat, settings.policy, evaluator)
        return _entry(decision, legal, decision.played, played, played, (0.0, 0.0), None, None)
    turn = Turn(state, seat, past=decision.past)
    choice = settings.bot.choose(turn, random.Random(rng.getrandbits(64))).action
    candidates = _candidates(state, seat, legal, worlds, evaluator, settings.candidates)
    screened = {
        action: _outcomes(worlds, action, seat, settings.policy, evaluator)
        for action in dict.fromkeys((decision.played, choice, *candidates))
    }
    best = max(screened, key=lambda action: _order(estimate(screened[action], 1)))
    if best == decision.played:
        played = screened[best]
        return _entry(decision, legal, best, played, played, (0.0, 0.0), None, None)
    fresh = _worlds(state, seat, rng, settings.samples)
    played = _outcomes(fresh, decision.played, seat, settings.policy, evaluator)
    best_outcomes = _outcomes(fresh, best, seat, settings.policy, evaluator)
    drop, noise = paired_drop(best_outcomes, played)
    if drop <= 0.0:
        # Measured again, the move found best is no better: the played move stands.
        return _entry(decision, legal, decision.played, played, played, (0.0, 0.0), None, None)
    mark = mark_of(drop, noise)
    reason = None
    if mark is not None:
        others_gain = estimate(played, 1).others_points - estimate(best_outcomes, 1).others_points
        reason = evaluator.move_reason(
            fresh[0][0], decision.played, best, others_gain
        ) or _plain_reason(estimate(played, 1), estimate(best_outcomes, 1), state.num_players)
    return _entry(decision, legal, best, played, best_outcomes, (drop, noise), mark, reason)


def _worlds(state: State, seat: Seat, rng: random.Random, count: int) -> list[tuple[State, int]]:
    """``count`` worlds drawn from ``seat``'s view, each with the seed of its luck."""
    return [(state.determinize(seat, rng), rng.getrandbits(63)) for _ in range(count)]


def _candidates(
    state: State,
    seat: Seat,
    legal: Sequence[Action],
    worlds: Sequence[tuple[State, int]],
    evaluator: Evaluator,
    count: int,
) -> list[Action]:
    """The ``count`` legal moves with the best one-ply values in the first worlds."""
    if count == 0:
        return []
    # As greedy does: one world when the evaluation reads only the view.
    sample = [
        (world, 1) for world, _ in worlds[: 1 if evaluator.advice.view_only else ONE_PLY_SAMPLES]
    ]
    values = one_ply_values(evaluator, sample, seat, legal)
    ranked = sorted(range(len(legal)), key=lambda index: (-values[index], index))
    return [legal[index] for index in ranked[:count]]


def _outcomes(
    worlds: Sequence[tuple[State, int]],
    action: Action,
    seat: Seat,
    policy: PlayoutPolicy,
    evaluator: Evaluator,
) -> list[Outcome]:
    """How each world ends after ``action``, each world's playout with its own seed
    (the same for every move: common random numbers)."""
    outcomes = []
    for world, seed in worlds:
        points, keys = play_out(world.apply(action), seed, policy, evaluator)
        outcomes.append(outcome_of(points, keys, seat))
    return outcomes


def _order(value: Estimate) -> tuple[float, float]:
    return value.standing, value.points


def _plain_reason(played: Estimate, best: Estimate, players: int) -> str:
    """What the estimates themselves say: points, a scoring chance, or a place lost."""
    lost = best.points - played.points
    if lost >= 0.5:
        return f"loses {lost:.1f} expected points"
    if players == 1:
        return f"scores {100 * (best.win - played.win):.0f}% less often"
    return f"expected place {played.place:.1f} instead of {best.place:.1f}"


def _entry(
    decision: RecordedDecision,
    legal: Sequence[Action],
    best: Action,
    played: Sequence[Outcome],
    best_outcomes: Sequence[Outcome],
    drop_noise: tuple[float, float],
    mark: str | None,
    reason: str | None,
) -> DecisionAnalysis:
    state = decision.state
    drop, noise = drop_noise
    players = state.num_players
    mine, theirs = estimate(played, players), estimate(best_outcomes, players)
    return DecisionAnalysis(
        move=decision.move,
        action_index=decision.action_index,
        seat=state.current_player,
        legal=len(legal),
        forced=len(legal) == 1,
        played=state.action_to_string(decision.played),
        best=state.action_to_string(best),
        played_points=round(mine.points, 3),
        best_points=round(theirs.points, 3),
        played_win=round(mine.win, 4),
        best_win=round(theirs.win, 4),
        played_place=round(mine.place, 3),
        best_place=round(theirs.place, 3),
        played_places=tuple(round(chance, 4) for chance in mine.places),
        best_places=tuple(round(chance, 4) for chance in theirs.places),
        drop=round(drop, 4),
        noise=round(noise, 4),
        mark=mark,
        reason=reason,
    )
