"""Fit the weights of the Cheese Chasers playout heuristic so that its playouts finish.

Every Cheese Chasers search values its leaves by playouts of one heuristic (policy 1 in
``cheese/engine/native/chs.c``): a one-ply look at each cell, a weighted sum of what the
placement does. The fit is the cross-entropy method (R. Rubinstein, 1999; I. Szita and
A. Lőrincz, "Learning Tetris using the noisy cross-entropy method", 2006): each
generation draws ``--population`` weight vectors from a normal law, plays each one's
playouts from the first card of ``DEALS`` seeded deals (the same playouts for every
vector of a generation), and moves the law to the best ``--elite``. It starts from the
hand-set weights. At the end both the hand-set and the fitted weights play fresh
playouts, and the fitted ones are printed (``--write``: written as the package's
``chs_playout_weights.h``, to be compiled with ``python cheese/native_build.py``):

    python tools/chasers_playout_fit.py [--seed S] [--generations G] [--write]

The shipped weights came from (the command is also written in the header)::

    python tools/chasers_playout_fit.py --seed 1 --write

The same seed gives the same weights on any machine whose C compiler rounds doubles as
IEEE 754 says (the usual case).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from cheese.engine import State, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.native import NativeState
from cheese.engine.native.bridge import chasers_playout_finishes

GAME = "cheese-chasers"
HEADER_PATH = Path(__file__).resolve().parents[1] / "cheese/engine/native/chs_playout_weights.h"
DEALS = 8


@dataclass(frozen=True)
class Term:
    """One term of the heuristic: its name in C (``CHS_W_<name>``), the hand-set weight
    the fit starts from, and the spread of the fit's first generation around it."""

    name: str
    hand_set: float
    spread: float
    meaning: str


TERMS = (
    Term("MOUSE_ACTIVE", 2, 1, "an active mouse placed"),
    Term("MOUSE_CHEESE", 2, 1, "per cheese beside an active mouse placed"),
    Term("MOUSE_TRAP", 4, 2, "per trap beside an active mouse placed"),
    Term("MOUSE_SILENCED", -3, 1.5, "a mouse placed beside a cat"),
    Term("CAT_MOUSE", -4, 2, "per active mouse a cat placed silences"),
    Term("CHEESE_MOUSE", 3, 1.5, "per active mouse beside a cheese placed"),
    Term("CHEESE_BLOCKED", -2, 1, "per cat or trap beside a cheese placed"),
    Term("TRAP_MOUSE", 1, 1, "per active mouse beside a trap placed"),
    Term("TRAP_TRAP", -6, 3, "per trap beside a trap placed"),
    Term("TRAP_NEVER_SHUT", -3, 1.5, "a trap placed that can never be shut"),
    Term("NEW_TRAP", -40, 15, "per trap the placement makes active"),
    Term("ROOM", 1, 1, "per empty cell around the card placed, up to 3"),
    Term("READY_HOLE", 0, 2, "per trap in the deck, per ready hole around the card"),
    Term("HOLE_ONE_SHORT", 0, 2, "per trap in the deck, per hole one mouse short around it"),
    Term("NEW_TRAP_WITH_ACTIVE", 0, 2, "per trap made active, per trap active before"),
    Term("CRAMPED", 0, 2, "fewer than 2 empty cells around the card placed"),
)


@dataclass(frozen=True)
class FitSettings:
    seed: int = 1
    generations: int = 30
    population: int = 40
    elite: int = 8
    playouts: int = 2500
    """Playouts from each deal's first card per weight vector and generation."""
    final_playouts: int = 50_000
    """Playouts from each deal's first card when the hand-set and fitted weights are
    compared at the end, on playouts no generation played."""


@dataclass(frozen=True)
class Fit:
    weights: tuple[float, ...]
    hand_set_finished: float
    fitted_finished: float
    playouts: int


def hand_set_weights() -> tuple[float, ...]:
    return tuple(float(term.hand_set) for term in TERMS)


def shipped_weights(text: str | None = None) -> tuple[float, ...]:
    """The weights a header holds (by default the package's ``chs_playout_weights.h``)."""
    header = HEADER_PATH.read_text() if text is None else text
    table = header[header.index("CHS_PLAYOUT_WEIGHTS[CHS_PLAYOUT_TERMS] = {") :]
    values = re.findall(r"^\s+(-?\d+\.\d+),", table, flags=re.MULTILINE)
    return tuple(float(value) for value in values)


def first_cards(seed: int) -> list[NativeState]:
    """The deals' positions after the first card, where every playout starts."""
    starts = []
    for deal in range(DEALS):
        state: State = load_game(GAME, "native").new_initial_state(seed=seed * 1000 + deal)
        while state.is_chance_node():
            state = state.apply(resolve_chance(state))
        assert isinstance(state, NativeState)
        starts.append(state)
    return starts


def finish_rate(
    starts: Sequence[NativeState], weights: Sequence[float], playouts: int, seed: int
) -> float:
    """The share of ``playouts`` playouts from each start that finish with points."""
    finished = sum(
        chasers_playout_finishes(start, weights, playouts, seed * DEALS + deal)
        for deal, start in enumerate(starts)
    )
    return finished / (playouts * len(starts))


def fit(settings: FitSettings, report: bool = False) -> Fit:
    """The cross-entropy fit: the elite's mean after the last generation, rounded to
    thousandths (the values the header holds)."""
    rng = np.random.default_rng(settings.seed)
    starts = first_cards(settings.seed)
    mean = np.array(hand_set_weights())
    spread = np.array([term.spread for term in TERMS])
    for generation in range(settings.generations):
        candidates = mean + spread * rng.standard_normal((settings.population, len(TERMS)))
        candidates[0] = mean  # the law's centre is measured beside its draws
        playout_seed = settings.seed * 1_000_000 + generation
        rates = np.array(
            [finish_rate(starts, c, settings.playouts, playout_seed) for c in candidates]
        )
        elite = candidates[np.argsort(-rates, kind="stable")[: settings.elite]]
        mean = elite.mean(axis=0)
        # a floor keeps the law from collapsing on a few generations' lucky draws
        spread = 0.9 * elite.std(axis=0) + 0.1
        if report:
            print(
                f"generation {generation + 1:2}: centre {rates[0]:.4f}, best {rates.max():.4f}",
                flush=True,
            )
    weights = tuple(round(float(weight), 3) for weight in mean)
    final_seed = settings.seed * 1_000_000 + 999_999
    return Fit(
        weights=weights,
        hand_set_finished=finish_rate(
            starts, hand_set_weights(), settings.final_playouts, final_seed
        ),
        fitted_finished=finish_rate(starts, weights, settings.final_playouts, final_seed),
        playouts=settings.final_playouts * len(starts),
    )


def command_line(settings: FitSettings) -> str:
    defaults = FitSettings()
    words = ["python tools/chasers_playout_fit.py", f"--seed {settings.seed}"]
    for name in ("generations", "population", "elite", "playouts", "final_playouts"):
        value = getattr(settings, name)
        if value != getattr(defaults, name):
            words.append(f"--{name.replace('_', '-')} {value}")
    return " ".join([*words, "--write"])


def header_text(result: Fit, settings: FitSettings) -> str:
    """``chs_playout_weights.h``: the terms' names and the fitted weights."""
    names = "".join(f"    CHS_W_{term.name},\n" for term in TERMS)
    weights = "".join(
        f"    {weight:.3f}, /* {term.meaning} */\n" for term, weight in zip(TERMS, result.weights)
    )
    return (
        "/* The Cheese Chasers playout heuristic's weights (chs_heuristic_value in chs.c),\n"
        " * fitted so that its playouts finish, and written by\n"
        f" *     {command_line(settings)}\n"
        " * Run that command again rather than edit this file. On fresh playouts the fitted\n"
        f" * weights finish {result.fitted_finished:.2%} of games from the first card, the"
        f" hand-set\n * weights the fit started from {result.hand_set_finished:.2%}"
        f" ({result.playouts:,} playouts each). */\n"
        "#ifndef CHS_PLAYOUT_WEIGHTS_H\n#define CHS_PLAYOUT_WEIGHTS_H\n\n"
        f"enum chs_playout_term {{\n{names}    CHS_PLAYOUT_TERMS\n}};\n\n"
        "static const double CHS_PLAYOUT_WEIGHTS[CHS_PLAYOUT_TERMS] = {\n"
        f"{weights}}};\n\n#endif\n"
    )


def main(argv: Sequence[str] | None = None) -> None:
    defaults = FitSettings()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--generations", type=int, default=defaults.generations)
    parser.add_argument("--population", type=int, default=defaults.population)
    parser.add_argument("--elite", type=int, default=defaults.elite)
    parser.add_argument("--playouts", type=int, default=defaults.playouts)
    parser.add_argument("--final-playouts", type=int, default=defaults.final_playouts)
    parser.add_argument("--write", action="store_true", help=f"write {HEADER_PATH.name}")
    args = parser.parse_args(argv)
    if not 1 <= args.elite <= args.population:
        parser.error("--elite must be between 1 and --population")
    settings = FitSettings(
        args.seed,
        args.generations,
        args.population,
        args.elite,
        args.playouts,
        args.final_playouts,
    )
    result = fit(settings, report=True)
    for term, weight in zip(TERMS, result.weights):
        print(f"{term.name:22} {term.hand_set:7.3f} -> {weight:7.3f}")
    print(
        f"finished with points, {result.playouts:,} fresh playouts from the first card: "
        f"hand-set {result.hand_set_finished:.2%}, fitted {result.fitted_finished:.2%}"
    )
    if args.write:
        HEADER_PATH.write_text(header_text(result, settings))
        print(f"wrote {HEADER_PATH}; rebuild: python cheese/native_build.py")


if __name__ == "__main__":
    main()
