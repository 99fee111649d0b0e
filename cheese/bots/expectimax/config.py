"""The expectimax bot's settings: its spec parameters, checked into one
``ExpectimaxConfig``, and what a setting left to the game means."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import ClassVar

from cheese.bots.base import Clock
from cheese.bots.search.budget import AUTO_TIME, SecondsParameter, clock_seconds
from cheese.bots.search.evaluator import EndValue, PlayoutPolicy, SearchAdvice
from cheese.bots.spec import ChoiceParameter, IntParameter
from cheese.bots.spec_config import SettingValues, SpecConfig, setting

NAME = "expectimax"
DESCRIPTION = "depth-limited max^n expectimax with exact chance, over determinizations"
DEFAULT_SAMPLES = 4
"""Determinizations averaged at the root, set by hand with the first expectimax bot."""
DEFAULT_WIDTH = 8
"""Moves searched at each decision below the root, set by hand with the first expectimax
bot."""
DEFAULT_ROOT_WIDTH = 0
"""Moves searched at the root: 0, every one."""
GAME_ADVICE = 0
"""The depth, chance width or playouts that leave the setting to the game's advice."""
MAX_DEPTH = 50
"""The deepest search a spec may ask for, and the limit of deepening under ``time=``."""

class LeafValue(StrEnum):
    """The spec's ``leaf=``: what values the leaves of the search."""

    AUTO = "auto"
    """Playouts where the game plays them out in C, else the evaluation."""
    EVALUATION = "eval"
    """The evaluation."""
    PLAYOUT = "playout"
    """Playouts."""


class Aim(StrEnum):
    """The spec's ``aim=``: what a one-seat game's search is after."""

    SCORE = "score"
    """The game's reward of the points (Cheese Chasers: finishing is worth half, the
    points the rest)."""
    FINISH = "finish"
    """Finishing alone, where the game's evaluation has that aim (Cheese Chasers: the
    completion rate its levels measure); its leaf playouts run in one C call each."""


def depth_if_absent(values: SettingValues) -> int:
    """The depth a spec leaves open: the game's advice, or under a time limit the
    deepest allowed (the search deepens until the time is up)."""
    return GAME_ADVICE if not values["seconds"] else MAX_DEPTH


@dataclass(frozen=True, slots=True)
class ExpectimaxConfig(SpecConfig):
    """The settings of the expectimax bot, checked; 0 for ``depth``, ``chance_width`` or
    ``playouts`` takes the game's advice."""

    bot_name: ClassVar[str] = NAME

    depth: int = setting(
        IntParameter("depth", GAME_ADVICE, 0, MAX_DEPTH,
                     "decisions searched; 0 = the game's advice (Cheese Drop's bets: the "
                     "round's lines; with time=: the deepest allowed, default unlimited)"),
        absent_from=depth_if_absent,
    )
    seconds: float | str = setting(
        SecondsParameter("time", 0.0, 0.0, 3600.0,
                         "seconds per move, deepening one decision at a time; 0 = no time "
                         "limit; auto = a share of the game clock (duels and tournaments "
                         "need --tc; elsewhere 1 s)")
    )
    samples: int = setting(
        IntParameter("samples", DEFAULT_SAMPLES, 1, 1000,
                     "determinizations of the hidden cards averaged at the root")
    )
    root_width: int = setting(
        IntParameter("root", DEFAULT_ROOT_WIDTH, 0, 10_000,
                     "moves searched at the root, best priors first; 0 = all")
    )
    width: int = setting(
        IntParameter("width", DEFAULT_WIDTH, 0, 1000,
                     "moves searched at decisions below the root, best priors first; 0 = all")
    )
    chance_width: int = setting(
        IntParameter("chance", GAME_ADVICE, 0, 100_000,
                     "chance branches expanded exactly between two decisions; "
                     "0 = the game's advice")
    )
    leaf: LeafValue = setting(
        ChoiceParameter("leaf", LeafValue.AUTO.value, tuple(leaf.value for leaf in LeafValue),
                        "leaf values: the game's evaluation, or C playouts (native backend); "
                        "auto = playouts where the game plays them out in C"),
        words=LeafValue,
    )
    playouts: int = setting(
        IntParameter("playouts", GAME_ADVICE, 0, 10_000,
                     "playouts averaged per played-out leaf; 0 = the game's advice")
    )
    aim: Aim = setting(
        ChoiceParameter("aim", Aim.SCORE.value, tuple(aim.value for aim in Aim),
                        "what a one-seat game's search values: the reward of its points "
                        "(score), or finishing alone (finish, where the game has that aim: "
                        "Cheese Chasers)"),
        words=Aim,
    )

    value: EndValue = setting(
        ChoiceParameter("value", EndValue.LEAD.value, tuple(value.value for value in EndValue),
                        "how the searched lines value a round's end before the last "
                        "(Cheese Drop's bets): lead = by the lead over each rival; places = "
                        "by the chances of each final place, from play-outs of the rounds "
                        "to come in their betting order; odds = by the normal chances of "
                        "beating each rival, from those play-outs' means and spreads"),
        words=EndValue,
    )

    def __post_init__(self) -> None:
        super(ExpectimaxConfig, self).__post_init__()
        if self.value is not EndValue.LEAD and self.depth != GAME_ADVICE:
            # Only the game's lines value a round's end; the engine's tree has leaves.
            named = "time=" if self.seconds and self.depth == MAX_DEPTH else "depth="
            raise ValueError(
                f"value={self.value} values the lines the game searches, which {named} "
                f"replaces by a search of the engine's tree; drop {named} or value="
            )

    @property
    def wants_clock(self) -> bool:
        """Whether the time per move comes from the game clock (``time=auto``)."""
        return self.seconds == AUTO_TIME

    def move_seconds(self, clock: Clock | None) -> float:
        """The time limit of a move on ``clock``, 0 for none: ``time=auto`` takes the
        seconds the clock allows (``cheese.bots.search.budget.clock_seconds``)."""
        if isinstance(self.seconds, str):
            return clock_seconds(clock)
        return self.seconds

    def on_clock(self, clock: Clock | None) -> ExpectimaxConfig:
        """The config of one move, ``time=auto`` resolved on ``clock``."""
        return replace(self, seconds=self.move_seconds(clock)) if self.wants_clock else self


PARAMETERS = ExpectimaxConfig.parameters()


def leaf_playout(
    config: ExpectimaxConfig, advice: SearchAdvice, native: bool
) -> PlayoutPolicy | None:
    """The playout policy that values the leaves, or None for the evaluation.

    ``leaf=auto`` plays out in C where the game advises it (native backend only);
    ``leaf=playout`` always plays out (in C on native states, else through the engine
    with the evaluator's playout moves), with the game's C policy or uniform moves.
    """
    if config.leaf is LeafValue.EVALUATION:
        return None
    if config.leaf is LeafValue.PLAYOUT:
        return advice.native_playout or PlayoutPolicy.HEURISTIC
    return advice.native_playout if native else None
