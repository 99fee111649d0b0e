"""Play one job: build the seats' bots, play the deal with paired luck, return the result.

Chance nodes are resolved by the deal seed (``cheese.engine.luck.resolve_chance``), so
every game of a deal sees the same luck. Each seat's bot is built fresh for the game and
gets its own generator, seeded from (duel seed, deal, rotation, seat): a game plays the
same wherever and whenever it runs, which is what makes a duel reproducible with any
number of workers.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cheese.bots.base import Bot, Turn
from cheese.bots.registry import make_bot
from cheese.engine import State, load_game
from cheese.engine.api import Action
from cheese.engine.play import play_game
from cheese.engine.records import GameRecord
from cheese.tournaments.records import GameJob, GameResult

BotFactory = Callable[[str], Bot]
"""Builds a bot from its spec string (``make_bot``, or scripted bots in tests)."""

EARLY_ENDINGS = frozenset({"trapped", "enclosed"})
"""View endings that mean a game was lost before its natural end (Cheese Chasers)."""


def bot_rng(job: GameJob, seat: int) -> random.Random:
    """The generator of ``seat``'s bot in ``job``: a function of the ids alone.

    String seeds are hashed with SHA-512 by ``random.Random``, so the stream is the same
    in every process and on every run.
    """
    return random.Random(f"duel:{job.duel_seed}:{job.deal}:{job.rotation}:{seat}")


def finished(final: State) -> bool:
    """Whether the game reached its natural end rather than being lost early.

    Only Cheese Chasers can end early; its view names the ending (``complete``,
    ``trapped`` or ``enclosed``). Games whose view has no ending always finish.
    """
    ending = getattr(final.view(0), "ending", None)
    return ending not in EARLY_ENDINGS


class GameFailed(Exception):
    """A game could not be played to the end: a bot failed or chose an illegal action.

    The message names the game (deal, deal seed, rotation, seats) and the cause, so the
    game can be replayed on its own.
    """


def describe(job: GameJob) -> str:
    """The ids of ``job`` in words, enough to play it again."""
    return (
        f"{job.game} deal {job.deal} (deal seed {job.deal_seed}), rotation {job.rotation}, "
        f"seats {', '.join(job.seat_specs)}"
    )


def play_job(job: GameJob, bot_factory: BotFactory = make_bot) -> GameResult:
    """Play ``job`` to the end and return its result with the engine's game record.

    Any failure on the way is raised as ``GameFailed`` naming the game.
    """
    try:
        return _play(job, bot_factory)
    except GameFailed:
        raise
    except Exception as error:
        raise GameFailed(f"{describe(job)}: {type(error).__name__}: {error}") from error


def _play(job: GameJob, bot_factory: BotFactory) -> GameResult:
    game = load_game(job.game, job.backend)
    initial = game.new_initial_state(
        num_players=job.num_players, seed=job.deal_seed, **dict(job.options)
    )
    bots = [bot_factory(spec) for spec in job.seat_specs]
    rngs = [bot_rng(job, seat) for seat in range(job.num_players)]

    def decide(state: State) -> Action:
        seat = state.current_player
        action = bots[seat].choose(Turn(state, seat), rngs[seat]).action
        legal = state.legal_actions()
        if action not in legal:
            raise GameFailed(
                f"{describe(job)}: bot {job.seat_specs[seat]!r} in seat {seat} chose "
                f"{action}, which is not legal there; legal actions: {legal}"
            )
        return action

    final, actions = play_game(initial, decide)
    return GameResult(
        job=job,
        record=GameRecord.of_game(final, job.seat_specs, actions),
        points=tuple(final.scores()),
        ranking=tuple(final.ranking()),
        finished=finished(final),
    )
