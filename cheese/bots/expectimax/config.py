"""The expectimax bot's settings: its spec parameters, checked into one
``ExpectimaxConfig``, and what a setting left to the game means."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from cheese.bots.search.evaluator import SearchAdvice
from cheese.bots.spec import (
    ChoiceParameter,
    FloatParameter,
    IntParameter,
    Parameter,
    SettingValue,
    compose_spec,
    read_settings,
)

NAME = "expectimax"
DESCRIPTION = "depth-limited max^n expectimax with exact chance, over determinizations"
DEFAULT_SAMPLES = 4
DEFAULT_WIDTH = 8
DEFAULT_ROOT_WIDTH = 0
GAME_ADVICE = 0
AUTO = "auto"
EVALUATION = "eval"
PLAYOUT = "playout"
MAX_DEPTH = 50
PARAMETERS: tuple[Parameter, ...] = (
    IntParameter("depth", GAME_ADVICE, 0, MAX_DEPTH,
                 "decisions searched; 0 = the game's advice (Cheese Drop's bets: the "
                 "round's lines; with time=: the deepest allowed, default unlimited)"),
    FloatParameter("time", 0.0, 0.0, 3600.0,
                   "seconds per move, deepening one decision at a time; 0 = no time limit"),
    IntParameter("samples", DEFAULT_SAMPLES, 1, 1000,
                 "determinizations of the hidden cards averaged at the root"),
    IntParameter("root", DEFAULT_ROOT_WIDTH, 0, 10_000,
                 "moves searched at the root, best priors first; 0 = all"),
    IntParameter("width", DEFAULT_WIDTH, 0, 1000,
                 "moves searched at decisions below the root, best priors first; 0 = all"),
    IntParameter("chance", GAME_ADVICE, 0, 100_000,
                 "chance branches expanded exactly between two decisions; 0 = the game's advice"),
    ChoiceParameter("leaf", AUTO, (AUTO, EVALUATION, PLAYOUT),
                    "leaf values: the game's evaluation, or C playouts (native backend); "
                    "auto = playouts where the game plays them out in C"),
    IntParameter("playouts", GAME_ADVICE, 0, 10_000,
                 "playouts averaged per played-out leaf; 0 = the game's advice"),
)


@dataclass(frozen=True, slots=True)
class ExpectimaxConfig:
    """The settings of the expectimax bot, checked."""

    depth: int = GAME_ADVICE
    """Decisions searched; 0 takes the game's advice."""
    seconds: float | None = None
    samples: int = DEFAULT_SAMPLES
    root_width: int = DEFAULT_ROOT_WIDTH
    width: int = DEFAULT_WIDTH
    chance_width: int = GAME_ADVICE
    """0 takes the game's advice."""
    leaf: str = AUTO
    playouts: int = GAME_ADVICE
    """0 takes the game's advice."""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> ExpectimaxConfig:
        settings = read_settings(NAME, PARAMETERS, params)
        seconds = settings.number("time") or None
        depth = settings.integer("depth")
        if seconds is not None and not settings.is_given("depth"):
            depth = MAX_DEPTH
        return cls(
            depth=depth,
            seconds=seconds,
            samples=settings.integer("samples"),
            root_width=settings.integer("root"),
            width=settings.integer("width"),
            chance_width=settings.integer("chance"),
            leaf=settings.choice("leaf"),
            playouts=settings.integer("playouts"),
        )

    @property
    def spec(self) -> str:
        changed: list[tuple[str, SettingValue]] = []
        if self.depth != (GAME_ADVICE if self.seconds is None else MAX_DEPTH):
            changed.append(("depth", self.depth))
        if self.seconds is not None:
            changed.append(("time", self.seconds))
        if self.samples != DEFAULT_SAMPLES:
            changed.append(("samples", self.samples))
        if self.root_width != DEFAULT_ROOT_WIDTH:
            changed.append(("root", self.root_width))
        if self.width != DEFAULT_WIDTH:
            changed.append(("width", self.width))
        if self.chance_width != GAME_ADVICE:
            changed.append(("chance", self.chance_width))
        if self.leaf != AUTO:
            changed.append(("leaf", self.leaf))
        if self.playouts != GAME_ADVICE:
            changed.append(("playouts", self.playouts))
        return compose_spec(NAME, changed)


def leaf_playout(config: ExpectimaxConfig, advice: SearchAdvice, native: bool) -> str | None:
    """The playout policy that values the leaves, or None for the evaluation.

    ``leaf=auto`` plays out in C where the game advises it (native backend only);
    ``leaf=playout`` always plays out (in C on native states, else through the engine
    with the evaluator's playout moves), with the game's C policy or uniform moves.
    """
    if config.leaf == EVALUATION:
        return None
    if config.leaf == PLAYOUT:
        return advice.native_playout or "heuristic"
    return advice.native_playout if native else None
