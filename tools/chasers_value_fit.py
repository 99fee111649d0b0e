"""Fit the Cheese Chasers leaf value: the chance that a position's game is completed.

The C tree (``mcts``) values a leaf by one playout of the game's heuristic, which
finishes fewer than a fifth of the games a search finishes: a leaf's value says how the
heuristic would do from there, not how the search would. This tool fits a value to what
the search does instead, in two steps:

1. **Play**: ``--teacher`` (a bot spec) plays ``--games`` seeded deals (deal ``d`` is the
   game seeded ``seed * 100000 + d``, as ``tools/chasers_completion.py`` seeds them), on
   ``--workers`` processes; every position after a placement is kept with whether its game
   was completed. The positions are saved in ``--positions`` (a ``.npz`` file), and a
   later run with the same file and settings reads them instead of playing again.
2. **Fit**: a logistic regression of "completed" on the position's features
   (``chs_value_features`` in ``cheese/engine/native/chs.c``: active traps, the traps
   that must still be shut, ready holes, room, the deck's counts), by Newton's method
   with a small ridge, on the games of even deal number; the games of odd deal number
   measure it (log-loss and Brier score against the base rate). ``--write`` writes the
   weights as ``chs_value_weights.h``, compiled with ``python cheese/native_build.py``.

The shipped weights came from (the command is also written in the header)::

    python tools/chasers_value_fit.py --games 4000 --seed 3001 --workers 2 --write

The same seed, teacher and games give the same positions on any machine (the bots'
budgets are iterations, not time), and so the same weights.
"""

from __future__ import annotations

import argparse
import multiprocessing
import re
import sys
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cheese.engine import State
from cheese.engine.native import NativeState
from cheese.engine.native.bridge import chasers_value_features

if __package__ in (None, ""):
    # run as a script: the deals are played as tools/chasers_completion.py plays them
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tools.chasers_completion import play_deal  # noqa: E402

DEFAULT_TEACHER = "mcts:iterations=3000"
HEADER_PATH = Path(__file__).resolve().parents[1] / "cheese/engine/native/chs_value_weights.h"
RIDGE = 1e-3
"""The ridge on every weight but the bias, per position: enough to keep Newton's steps
finite where a feature (no room left) all but decides the outcome."""
NEWTON_STEPS = 50
FEATURES = (
    "bias",
    "one active trap",
    "two active traps",
    "traps left in the deck",
    "one trap to shut",
    "two traps to shut",
    "three or more to shut",
    "cards left (tens)",
    "traps to shut x cards left",
    "ready holes",
    "ready holes, up to those needed",
    "holes one mouse short",
    "holes one mouse short, traps to shut",
    "ready holes near the previous card",
    "active traps that could be shut",
    "active traps that never can",
    "shut traps a cat could open",
    "room around the previous card",
    "no room",
    "one empty cell of room",
    "mice left (tens)",
    "cats left (tens)",
    "mice left while traps must be shut",
)
"""The features of ``chs_value_features``, in its order (enum chs_value_feature)."""


def play_positions(task: tuple[str, int, int]) -> tuple[list[bytes], bool, int]:
    """The states after each placement of one deal played by ``teacher``, whether it was
    completed, and its points."""
    teacher, seed, deal = task
    positions: list[bytes] = []

    def keep(state: State) -> None:
        if not state.is_terminal():
            assert isinstance(state, NativeState)
            positions.append(state.data)

    completed, points, _ = play_deal(teacher, seed, deal, after_move=keep)
    return positions, completed, points


def play(teacher: str, seed: int, games: int, workers: int) -> dict[str, np.ndarray]:
    """Every deal's positions (rows of state bytes), deal numbers, completions, points."""
    tasks = [(teacher, seed, deal) for deal in range(games)]
    states: list[bytes] = []
    deals: list[int] = []
    completed: list[bool] = []
    points: list[int] = []
    with multiprocessing.Pool(workers) as pool:
        for deal, (positions, done, score) in enumerate(pool.imap(play_positions, tasks)):
            states += positions
            deals += [deal] * len(positions)
            completed.append(done)
            points.append(score)
            if (deal + 1) % 100 == 0:
                print(f"played {deal + 1}/{games} deals", flush=True)
    width = len(states[0])
    return {
        "states": np.frombuffer(b"".join(states), dtype=np.uint8).reshape(-1, width),
        "deals": np.array(deals, dtype=np.int32),
        "completed": np.array(completed, dtype=bool),
        "points": np.array(points, dtype=np.int32),
    }


def feature_rows(states: np.ndarray) -> np.ndarray:
    """Each position's features (a row per state's bytes)."""
    return np.array([chasers_value_features(row.tobytes()) for row in states])


def fit_logistic(features: np.ndarray, outcomes: np.ndarray) -> np.ndarray:
    """The weights of a logistic regression of ``outcomes`` (0 or 1) on ``features`` (the
    first column the bias) by Newton's method with a ridge on all but the bias."""
    weights = np.zeros(features.shape[1])
    ridge = np.full(features.shape[1], RIDGE * len(outcomes))
    ridge[0] = 0.0
    for _ in range(NEWTON_STEPS):
        chance = 1.0 / (1.0 + np.exp(-features @ weights))
        gradient = features.T @ (outcomes - chance) - ridge * weights
        hessian = (features * (chance * (1.0 - chance))[:, None]).T @ features + np.diag(ridge)
        step = np.linalg.solve(hessian, gradient)
        weights += step
        if np.max(np.abs(step)) < 1e-10:
            break
    return weights


def log_loss(chance: np.ndarray, outcomes: np.ndarray) -> float:
    """Mean negative log-likelihood of ``outcomes`` under ``chance``, in bits."""
    clipped = np.clip(chance, 1e-12, 1.0 - 1e-12)
    return float(-np.mean(outcomes * np.log2(clipped) + (1 - outcomes) * np.log2(1 - clipped)))


def header_text(fitted: ValueFit, command: str) -> str:
    """``chs_value_weights.h`` for ``fitted``, written by ``command``."""
    rows = "\n".join(
        f"    {weight:+.17g}, /* {name} */" for name, weight in zip(FEATURES, fitted.weights)
    )
    about = textwrap.wrap(
        "Run that command again rather than edit this file. " + fitted.measured, 84
    )
    comment = "\n".join(f" * {line}" for line in about)
    points = fitted.points
    return f"""/* The Cheese Chasers leaf value's weights (chs_value_on in chs.c): a logistic
 * regression of whether a search completed the game on the features of each position
 * it played, written by
 *     {command}
{comment} */
#ifndef CHS_VALUE_WEIGHTS_H
#define CHS_VALUE_WEIGHTS_H

static const double CHS_VALUE_WEIGHTS[] = {{
{rows}
}};

/* The mean points of the games the search completed: a leaf's expected points. */
#define CHS_VALUE_POINTS {points:.17g}

#endif
"""


@dataclass(frozen=True)
class ValueFit:
    """Fitted weights (one per feature), the mean points of a completed game, and what
    the held-out games measured."""

    weights: tuple[float, ...]
    points: float
    measured: str


def fit_value(data: dict[str, np.ndarray]) -> ValueFit:
    """The value fitted to played positions (``play``'s arrays): measured on the odd
    deals after a fit to the even ones, then fitted to all."""
    completed = data["completed"]
    features = feature_rows(data["states"])
    outcomes = completed[data["deals"]].astype(float)
    train = data["deals"] % 2 == 0
    held_out = ~train
    weights = fit_logistic(features[train], outcomes[train])
    chance = 1.0 / (1.0 + np.exp(-features[held_out] @ weights))
    base = np.full(held_out.sum(), outcomes[train].mean())
    measured = (
        f"Fitted to the even deals, on the odd ones it scores a log-loss of "
        f"{log_loss(chance, outcomes[held_out]):.4f} bits against "
        f"{log_loss(base, outcomes[held_out]):.4f} for the base rate (Brier "
        f"{np.mean((chance - outcomes[held_out]) ** 2):.4f} against "
        f"{np.mean((base - outcomes[held_out]) ** 2):.4f})."
    )
    weights = fit_logistic(features, outcomes)
    points = float(data["points"][completed].mean())
    return ValueFit(tuple(float(weight) for weight in weights), points, measured)


def shipped_weights(text: str | None = None) -> tuple[float, ...]:
    """The weights of ``chs_value_weights.h`` (or of the header ``text``)."""
    header = HEADER_PATH.read_text() if text is None else text
    return tuple(float(value) for value in re.findall(r"^\s+([-+][0-9.e+-]+), /\*", header, re.M))


def command_line(teacher: str, seed: int, games: int) -> str:
    """The command that fits the value from these games (``--write``)."""
    return (
        f"python tools/chasers_value_fit.py --games {games} --seed {seed} "
        f"--teacher {teacher} --workers 2 --write"
    )


def load_or_play(
    positions: Path, teacher: str, seed: int, games: int, workers: int
) -> dict[str, np.ndarray]:
    """The positions saved in ``positions`` when it holds this teacher's, seed's and
    games'; else played now and saved there."""
    if positions.exists():
        saved = dict(np.load(positions))
        if (str(saved["teacher"]), int(saved["seed"]), int(saved["games"])) == (
            teacher, seed, games,
        ):
            print(f"positions read from {positions}")
            return saved
    data = play(teacher, seed, games, workers)
    arrays: dict[str, Any] = {"teacher": teacher, "seed": seed, "games": games, **data}
    np.savez_compressed(positions, **arrays)
    return data


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=3001)
    parser.add_argument("--teacher", default=DEFAULT_TEACHER)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--positions", type=Path, default=Path("chasers-positions.npz"))
    parser.add_argument("--write", action="store_true", help=f"write {HEADER_PATH.name}")
    args = parser.parse_args(argv)
    data = load_or_play(args.positions, args.teacher, args.seed, args.games, args.workers)
    print(
        f"{args.games} deals by {args.teacher}, {len(data['deals'])} positions, "
        f"completed {data['completed'].mean():.1%}"
    )
    fitted = fit_value(data)
    print(fitted.measured)
    for name, weight in zip(FEATURES, fitted.weights):
        print(f"{weight:+9.4f}  {name}")
    print(f"mean points of a completed game: {fitted.points:.2f}")
    if args.write:
        command = command_line(args.teacher, args.seed, args.games)
        HEADER_PATH.write_text(header_text(fitted, command))
        print(f"wrote {HEADER_PATH}; build it with: python cheese/native_build.py")


if __name__ == "__main__":
    main()
