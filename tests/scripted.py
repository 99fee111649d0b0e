"""Scripted bots for duel tests: fixed choices, so outcomes depend only on seeds."""

from __future__ import annotations

import os
import random
import time

from cheese.bots.base import Bot, BotSpecError, Decision, Turn
from cheese.engine.records import GameRecord
from cheese.referee.jobs import DuelSetup, GameJob, GameResult


class ScriptedBot:
    """``first`` and ``last`` take the first or last legal action; ``random`` draws one
    from the rng it is handed; ``illegal`` answers an action that is never legal;
    ``raise`` raises; ``slow`` takes 0.3 s then plays first; ``hang`` never answers;
    ``die`` ends its process on its first decision of deal 0 (and plays first after)."""

    def __init__(self, spec: str) -> None:
        self._spec = spec

    @property
    def spec(self) -> str:
        return self._spec

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if self._spec == "first":
            return Decision(legal[0])
        if self._spec == "last":
            return Decision(legal[-1])
        if self._spec == "random":
            return Decision(legal[rng.randrange(len(legal))])
        if self._spec == "raise":
            raise RuntimeError("out of cheese")
        if self._spec == "slow":
            time.sleep(0.3)
            return Decision(legal[0])
        if self._spec == "hang":
            time.sleep(3600)
        if self._spec.startswith("die:"):
            marker = self._spec.split(":", 1)[1]
            if not os.path.exists(marker):
                open(marker, "w").close()
                os._exit(3)
            return Decision(legal[0])
        return Decision(-7)


SCRIPTS = ("first", "last", "random", "illegal", "raise", "slow", "hang")


def scripted_bot(spec: str) -> Bot:
    """The bot factory of these tests (module level, so worker processes can unpickle it).
    ``die:PATH`` dies once, the first time PATH does not exist yet."""
    if spec not in SCRIPTS and not spec.startswith("die:"):
        raise BotSpecError(f"unknown bot {spec!r}; choose one of: {', '.join(SCRIPTS)}")
    return ScriptedBot(spec)


def duel_setup(
    game: str = "get-the-cheese",
    num_players: int = 4,
    spec_a: str = "random",
    spec_b: str = "first",
    deals: int = 3,
    seed: int = 17,
) -> DuelSetup:
    return DuelSetup(game, num_players, spec_a, spec_b, deals, seed, backend="reference")


def fake_result(
    sides: tuple[int, ...],
    points: tuple[int, ...],
    ranking: tuple[int, ...],
    deal: int = 0,
    rotation: int = 0,
    finished: bool = True,
) -> GameResult:
    """A result as a worker would return it, without playing (for counting tests)."""
    job = GameJob(
        game="get-the-cheese" if len(sides) > 1 else "cheese-chasers",
        options=(),
        num_players=len(sides),
        seat_specs=tuple("ab"[side] for side in sides),
        sides=sides,
        deal_seed=5,
        deal=deal,
        rotation=rotation,
        seed=0,
        backend="reference",
    )
    record = GameRecord(job.game, 5, job.seat_specs, (), (), points)
    return GameResult(job, record, points, ranking, finished)
