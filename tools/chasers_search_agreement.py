"""How often the Cheese Chasers playout heuristic places a card where a search places it.

The C tree values each leaf by one playout of the game's one-ply heuristic
(``chs_heuristic_value``, weights in ``chs_playout_weights.h``), so the tree's values are
those of a policy that places every card by a weighted sum of a few terms. This tool
measures, at the positions of a search's own games, how often that policy chooses what
the search chooses, and whether its terms could say more with other weights:

1. **Play**: ``--teacher`` (an ``mcts`` spec) plays ``--games`` seeded deals (deal ``d`` is the
   game seeded ``seed * 100000 + d``, the games ``tools/chasers_completion.py`` plays) on
   ``--workers`` processes. At each decision with more than one placement it keeps every
   placement's heuristic terms (``chasers_action_terms``), the teacher's choice and its
   share of the search's visits (``Decision.top``). With ``--again``, a second search of
   the same spec, with a generator of its own, chooses at the same position too: how
   often the search agrees with itself. With ``--geometry``, six terms of where the
   card goes are kept beside the heuristic's, for each kind of card (a diagonal step, the
   empty cells around the cell and within two steps, its sides taken, how much farther
   from the cards' centre than the previous card, the same step as the one before). With
   ``--patterns``, three local patterns of each placement, for each kind of card: what
   lies on the cell's four sides once the card is on it, and on its four diagonals (each
   cell empty, an active or a silenced mouse, a cat, a cheese, an active or a shut trap,
   in any order), and how many active mice border each empty side (the holes it leaves).
2. **Report**, on the games of odd deal number, by how sure the teacher was (the share
   of visits of its choice): how often the heuristic's best placement is the teacher's
   (a tie counted by its share), how often the best placement of a conditional logit of
   the teacher's visit shares on the terms (fitted by Newton's method to the games of
   even deal number) is, with ``--geometry`` and ``--patterns`` that of the logit on
   the heuristic's terms and those (a weight per pattern seen in the fitted games), and
   with ``--again`` the second search's. The refitted weights are printed, in the
   order of ``chs_playout_weights.h``.

    python tools/chasers_search_agreement.py --teacher mcts:iterations=20000 \
        --games 200 --seed 3101 --workers 2 --again --geometry --patterns

Ctrl-C (SIGINT) reports on the deals played so far.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeAlias

import numpy as np

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import Decision, Turn, make_bot
from cheese.bots.mcts.bot import MctsBot
from cheese.engine import State
from cheese.engine.cheese_chasers.activity import is_active_mouse, is_active_trap
from cheese.engine.cheese_chasers.board import (
    DIRECTION_OFFSETS,
    Cell,
    neighbour,
    orthogonal_neighbours,
)
from cheese.engine.cheese_chasers.cards import CAT, MOUSE, TRAP
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.native.bridge import NativeState, chasers_action_terms
from tools.chasers_completion import (
    DEALS_PER_SEED,
    checked_specs,
    kept_until_stopped,
    map_deals,
    play_deal,
)
from tools.chasers_playout_fit import shipped_weights

DEFAULT_TEACHER = "mcts:iterations=20000"
CONFIDENCES = (0.0, 0.5, 0.8, 0.95)
"""The teacher's share of visits from which a decision is counted, one column each."""
GEOMETRY = (
    "diagonal step",
    "empty cells around",
    "empty cells within two steps",
    "sides taken",
    "farther from the centre",
    "the same step again",
)
"""The terms of ``--geometry``, each kept once per kind of card."""
KINDS = 4
Pattern: TypeAlias = tuple[str, int, tuple[int, ...]]
"""A local pattern of ``--patterns``: its name, the card's kind, its cells' states sorted
(or the empty sides' counts of active mice beside them)."""
RIDGE = 1e-3
"""The ridge on every weight, per decision: enough to keep Newton's steps finite where a
term never varies among a decision's placements."""
NEWTON_STEPS = 50


@dataclass(frozen=True)
class Choice:
    """One decision of the teacher's game: a row per placement that does not lose at once
    (the heuristic never makes one while another is left)."""

    deal: int
    terms: tuple[tuple[float, ...], ...]
    geometry: tuple[tuple[float, ...], ...]
    patterns: tuple[tuple[Pattern, ...], ...]
    shares: tuple[float, ...]
    """The teacher's share of visits of each placement (0 beyond its few best)."""
    chosen: int
    again: int | None
    """The second search's choice (``--again``), a row index (-1: a placement that loses
    at once); None without it."""


@dataclass(frozen=True)
class Extras:
    """What is kept beside the heuristic's terms: ``--again``, ``--geometry``,
    ``--patterns``."""

    again: bool = False
    geometry: bool = False
    patterns: bool = False


@dataclass
class Played:
    """A deal's decisions, and whether the teacher completed it."""

    deal: int
    completed: bool
    choices: list[Choice] = field(default_factory=list)


def geometry_terms(view: ChasersView, before: Cell | None, direction: int) -> tuple[float, ...]:
    """The ``GEOMETRY`` terms of placing the pending card in ``direction``, each in the
    slot of the card's kind (the others 0)."""
    assert view.last is not None and view.pending is not None
    table = view.table()
    cell = neighbour(view.last, direction)
    x, y = cell
    around = sum(neighbour(cell, step) not in table for step in range(len(DIRECTION_OFFSETS)))
    within_two = sum(
        (x + dx, y + dy) not in table
        for dx in range(-2, 3)
        for dy in range(-2, 3)
        if (dx, dy) != (0, 0)
    )
    sides_taken = sum(side in table for side in orthogonal_neighbours(cell))
    centre_x = statistics.fmean(card[0] for card in view.cards)
    centre_y = statistics.fmean(card[1] for card in view.cards)
    farther = float(np.hypot(x - centre_x, y - centre_y)) - float(
        np.hypot(view.last[0] - centre_x, view.last[1] - centre_y)
    )
    step = DIRECTION_OFFSETS[direction]
    again = before is not None and (view.last[0] - before[0], view.last[1] - before[1]) == step
    values = (
        float(step[0] != 0 and step[1] != 0),
        around / 8,
        within_two / 24,
        sides_taken / 4,
        farther,
        float(again),
    )
    return tuple(
        value if kind == view.pending else 0.0 for value in values for kind in range(KINDS)
    )


def cell_state(table: Mapping[Cell, int], cell: Cell) -> int:
    """0 empty, 1 an active mouse, 2 a silenced one, 3 a cat, 4 a cheese, 5 an active
    trap, 6 a shut one."""
    kind = table.get(cell)
    if kind is None:
        return 0
    if kind == MOUSE:
        return 1 if is_active_mouse(table, cell) else 2
    if kind == TRAP:
        return 5 if is_active_trap(table, cell) else 6
    return 3 if kind == CAT else 4


def local_patterns(view: ChasersView, direction: int) -> tuple[Pattern, ...]:
    """The ``--patterns`` of placing the pending card in ``direction``."""
    assert view.last is not None and view.pending is not None
    cell = neighbour(view.last, direction)
    table = {**view.table(), cell: view.pending}
    x, y = cell
    sides = orthogonal_neighbours(cell)
    diagonals = [(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1)]
    holes = [
        sum(table.get(mouse) == MOUSE and is_active_mouse(table, mouse)
            for mouse in orthogonal_neighbours(side))
        for side in sides
        if side not in table
    ]
    return (
        ("sides", view.pending, tuple(sorted(cell_state(table, side) for side in sides))),
        ("diagonals", view.pending, tuple(sorted(cell_state(table, c) for c in diagonals))),
        ("holes", view.pending, tuple(sorted(holes))),
    )


def play_choices(task: tuple[str, int, int, Extras]) -> Played:
    """The teacher's game of one deal (``play_deal``'s, so the same as
    ``chasers_completion.py`` plays) with each decision's terms and choices."""
    teacher, seed, deal, extras = task
    second = make_bot(teacher) if extras.again else None
    second_rng = random.Random(f"again:{seed * DEALS_PER_SEED + deal}")
    played = Played(deal, completed=False)
    cells: list[Cell] = []

    def keep(state: State, decision: Decision) -> None:
        view = state.view(0)
        assert isinstance(view, ChasersView) and isinstance(state, NativeState)
        if view.last is not None and (not cells or cells[-1] != view.last):
            cells.append(view.last)
        actions = list(state.legal_actions())
        if len(actions) < 2:
            return
        placements = chasers_action_terms(state.data, actions)
        rows = [row for row, loses in enumerate(placements.loses) if not loses]
        if len(rows) < 2 or actions.index(decision.action) not in rows:
            return
        shares = dict(decision.top)
        before = cells[-2] if len(cells) > 1 else None
        second_choice = None
        if second is not None:
            action = second.choose(Turn(state, state.current_player), second_rng).action
            index = actions.index(action)
            second_choice = rows.index(index) if index in rows else -1
        played.choices.append(
            Choice(
                deal,
                tuple(placements.terms[row] for row in rows),
                tuple(geometry_terms(view, before, actions[row]) for row in rows)
                if extras.geometry
                else (),
                tuple(local_patterns(view, actions[row]) for row in rows)
                if extras.patterns
                else (),
                tuple(float(shares.get(actions[row], 0.0)) for row in rows),
                rows.index(actions.index(decision.action)),
                second_choice,
            )
        )

    played.completed = play_deal(teacher, seed, deal, on_decision=keep)[0]
    return played


def probabilities(terms: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """The conditional logit's chance of each placement (a row of ``terms`` each)."""
    scores = terms @ weights
    scores -= scores.max()
    chance = np.exp(scores)
    return np.asarray(chance / chance.sum())


def fit_logit(rows: Sequence[np.ndarray], targets: Sequence[np.ndarray]) -> np.ndarray:
    """Weights of a conditional logit maximising the likelihood of ``targets`` (each a
    distribution over its decision's placements) by Newton's method with a ridge."""
    width = rows[0].shape[1]
    weights = np.zeros(width)
    for _ in range(NEWTON_STEPS):
        gradient = RIDGE * len(rows) * weights
        hessian = RIDGE * len(rows) * np.eye(width)
        for terms, target in zip(rows, targets, strict=True):
            chance = probabilities(terms, weights)
            mean = terms.T @ chance
            gradient += terms.T @ (chance - target)
            hessian += terms.T @ (terms * chance[:, None]) - np.outer(mean, mean)
        step = np.linalg.solve(hessian, gradient)
        weights -= step
        if np.max(np.abs(step)) < 1e-9:
            break
    return weights


def best_share(scores: np.ndarray, chosen: int) -> float:
    """How much of the best placement by ``scores`` is ``chosen`` (ties share it)."""
    best = np.flatnonzero(scores >= scores.max() - 1e-9)
    return 1.0 / len(best) if chosen in best else 0.0


def agreement_row(name: str, hits: Sequence[float], sure: Sequence[float]) -> str:
    """One line of the report: ``hits`` per decision, counted from each confidence."""
    cells = []
    for least in CONFIDENCES:
        counted = [hit for hit, share in zip(hits, sure, strict=True) if share >= least]
        cells.append(f"{statistics.fmean(counted):6.1%}" if counted else "     -")
    return f"  {name:<38}" + " ".join(cells)


def terms_of(
    choice: Choice, geometry: bool = False, vocabulary: Mapping[Pattern, int] | None = None
) -> np.ndarray:
    """A row per placement: the heuristic's terms, then the geometry's, then a 1 for each
    of its patterns in ``vocabulary`` (a column each)."""
    rows = []
    for row, terms in enumerate(choice.terms):
        values = list(terms) + list(choice.geometry[row] if geometry else ())
        if vocabulary is not None:
            seen = [0.0] * len(vocabulary)
            for pattern in choice.patterns[row]:
                if pattern in vocabulary:
                    seen[vocabulary[pattern]] = 1.0
            values += seen
        rows.append(values)
    return np.array(rows)


def target_of(choice: Choice) -> np.ndarray:
    """The teacher's visit shares over the placements (its choice alone if none)."""
    shares = np.array(choice.shares)
    if shares.sum() <= 0.0:
        shares = np.eye(len(choice.shares))[choice.chosen]
    return np.asarray(shares / shares.sum())


def report(teacher: str, seed: int, played: Sequence[Played], shipped: Sequence[float]) -> str:
    """What the decisions of ``played`` say: the lines the tool prints."""
    choices = [choice for deal in played for choice in deal.choices]
    fitting = [choice for choice in choices if choice.deal % 2 == 0]
    measured = [choice for choice in choices if choice.deal % 2 == 1]
    if not fitting or not measured:
        return "too few deals: the fit needs games of even and of odd deal number"
    sure = [choice.shares[choice.chosen] for choice in measured]
    completed = sum(deal.completed for deal in played)
    quartiles = statistics.quantiles([choice.shares[choice.chosen] for choice in choices], n=4)
    counts = [sum(share >= least for share in sure) for least in CONFIDENCES]
    lines = [
        f"{teacher} played {len(played)} deals of seed {seed} (completed {completed}), "
        f"{len(choices)} decisions between placements; its choice had {quartiles[1]:.0%} "
        f"of the visits at the median (quartiles {quartiles[0]:.0%} and {quartiles[2]:.0%})",
        "how often each chooses the teacher's placement, on the decisions of odd deals, by "
        "the teacher's share of the visits:",
        f"  {'':<38}" + " ".join(f"{'all' if not least else f'>={least:.0%}':>6}"
                                 for least in CONFIDENCES),
        f"  {'decisions':<38}" + " ".join(f"{count:6d}" for count in counts),
        agreement_row(
            "the heuristic's best placement",
            [best_share(terms_of(c) @ np.array(shipped), c.chosen) for c in measured],
            sure,
        ),
    ]
    vocabulary: dict[Pattern, int] = {}
    for choice in fitting:
        for row in choice.patterns:
            for pattern in row:
                vocabulary.setdefault(pattern, len(vocabulary))
    variants: list[tuple[str, bool, Mapping[Pattern, int] | None]] = [
        ("its terms refitted to the teacher", False, None)
    ]
    if all(choice.geometry for choice in choices):
        variants.append(("its terms and the geometry refitted", True, None))
    if all(choice.patterns for choice in choices):
        variants.append(("its terms and the patterns refitted", False, vocabulary))
    refitted = np.zeros(0)
    for name, geometry, patterns in variants:
        weights = fit_logit(
            [terms_of(c, geometry, patterns) for c in fitting], [target_of(c) for c in fitting]
        )
        if not refitted.size:
            refitted = weights
        lines.append(
            agreement_row(
                name,
                [best_share(terms_of(c, geometry, patterns) @ weights, c.chosen)
                 for c in measured],
                sure,
            )
        )
    if all(choice.again is not None for choice in measured):
        lines.append(
            agreement_row(
                "the same search again",
                [float(c.again == c.chosen) for c in measured],
                sure,
            )
        )
    lines.append("refitted weights: " + ",".join(f"{weight:.4f}" for weight in refitted))
    return "\n".join(lines)


def played_deals(
    teacher: str, seed: int, games: int, workers: int, extras: Extras
) -> Iterator[Played]:
    tasks = [(teacher, seed, deal, extras) for deal in range(games)]
    yield from map_deals(play_choices, tasks, workers)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teacher", default=DEFAULT_TEACHER, help="the search to compare with")
    parser.add_argument("--games", type=int, default=200, help="deals the teacher plays")
    parser.add_argument("--seed", type=int, default=3101)
    parser.add_argument(
        "--workers", type=int, default=1, help="processes playing deals side by side"
    )
    parser.add_argument(
        "--again", action="store_true", help="a second search chooses at each decision too"
    )
    parser.add_argument(
        "--geometry", action="store_true", help="fit six terms of where the card goes too"
    )
    parser.add_argument(
        "--patterns", action="store_true", help="fit the cells around the card's cell too"
    )
    args = parser.parse_args(argv)
    if args.games < 2 or args.workers < 1:
        parser.error("--games is at least 2 (even and odd deals) and --workers at least 1")
    checked_specs(parser, [args.teacher])
    if not isinstance(make_bot(args.teacher), MctsBot):
        parser.error(
            f"--teacher {args.teacher}: the teacher must be an mcts spec, whose decisions "
            "carry the search's visits (e.g. mcts:iterations=20000)"
        )
    extras = Extras(args.again, args.geometry, args.patterns)
    played = kept_until_stopped(
        played_deals(args.teacher, args.seed, args.games, args.workers, extras)
    )
    print(report(args.teacher, args.seed, played, shipped_weights()))


if __name__ == "__main__":
    main()
