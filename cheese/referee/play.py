"""Play one job: build the seats' bots, play the deal with paired luck, return the result.

Chance nodes are resolved by the deal seed (``cheese.engine.luck.resolve_chance``), so
every game of a deal sees the same luck. Each seat's bot is built fresh for the game and
gets its own generator, seeded from (duel seed, deal, rotation, seat): a game plays the
same wherever and whenever it runs, which is what makes a duel reproducible with any
number of workers.

Each decision is refereed by ``cheese.referee.turn.TurnReferee`` under the job's move time
and game clock (``--tc``); a failing bot forfeits with the kind of its fault, and each
seat's reply times are kept in the result. After the game every bot's optional
``game_over`` hook hears the final state (``None`` when a forfeit abandoned the game).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Callable, Sequence

from cheese.bots.base import Bot, BotFailure, Clock, Decided
from cheese.engine import State, load_game
from cheese.engine.api import Action
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord
from cheese.parallel import Watch
from cheese.referee.clocks import SeatClocks
from cheese.referee.jobs import Fault, GameJob, GameResult
from cheese.referee.seats import parse_seat, seat_bot
from cheese.referee.turn import NO_WATCH, TurnFault, TurnReferee, raised_reason

BotFactory = Callable[[str], Bot]
"""A stand-in that builds bots from their specs' texts (scripted bots in tests); without
one, each seat's bot is built from its parsed spec (``cheese.referee.seats``)."""
Decide = Callable[[State], Action]
"""Chooses the action of the seat to act in a (non-chance, non-terminal) state."""

LOGGER = logging.getLogger("cheese.referee.play")


def bot_rng(job: GameJob, seat: int) -> random.Random:
    """The generator of ``seat``'s bot in ``job``: a function of the ids alone.

    String seeds are hashed with SHA-512 by ``random.Random``, so the stream is the same
    in every process and on every run.
    """
    # The "duel" prefix is kept so that duels play the games they always have.
    return random.Random(f"duel:{job.seed}:{job.deal}:{job.rotation}:{seat}")


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


class _Fault(TurnFault):
    """A bot failed in ``seat``: it raised, chose an illegal action or overran the time;
    ``actions`` were played before."""

    def __init__(
        self,
        seat: int,
        kind: Fault,
        reason: str,
        actions: tuple[Action, ...],
        error: BaseException | None = None,
    ) -> None:
        super().__init__(kind, reason, error)
        self.seat = seat
        self.actions = actions
        self.replies: tuple[tuple[float, ...], ...] = ()


def play_job(
    job: GameJob, bot_factory: BotFactory | None = None, watch: Watch = NO_WATCH
) -> GameResult:
    """Play ``job`` to the end and return its result with the engine's game record.

    Any failure on the way is raised as ``GameFailed`` naming the game.
    """
    try:
        return _play(job, bot_factory, watch)
    except _Fault as fault:
        if fault.error is not None:
            error = fault.error
            raise GameFailed(f"{describe(job)}: {type(error).__name__}: {error}") from error
        spec = job.seat_specs[fault.seat]
        where = f"bot {spec!r} in seat {fault.seat}"
        raise GameFailed(f"{describe(job)}: {where} {fault.reason}") from None
    except Exception as error:
        raise GameFailed(f"{describe(job)}: {type(error).__name__}: {error}") from error


def play_or_forfeit(
    job: GameJob, watch: Watch = NO_WATCH, bot_factory: BotFactory | None = None
) -> GameResult:
    """Play ``job``; a bot that fails (raises, plays an illegal action, overruns the move
    time, cannot be built) forfeits the game instead of stopping the tournament."""
    LOGGER.debug("deal %d rotation %d: %s", job.deal, job.rotation, ", ".join(job.seat_specs))
    try:
        result = _play(job, bot_factory, watch)
    except _Fault as fault:
        result = forfeited(
            job, fault.seat, fault.kind, fault.reason, fault.actions, replies=fault.replies
        )
        LOGGER.info("deal %d rotation %d: %s", job.deal, job.rotation, result.error)
        return result
    LOGGER.debug(
        "deal %d rotation %d: places %s in %.3f s", job.deal, job.rotation,
        list(result.ranking), result.seconds,
    )
    return result


def forfeited(
    job: GameJob,
    seat: int,
    kind: Fault,
    reason: str,
    actions: tuple[Action, ...] = (),
    seconds: float = 0.0,
    replies: tuple[tuple[float, ...], ...] = (),
) -> GameResult:
    """The result of a game ``seat`` forfeited: it is last alone, the others share first."""
    ranking = tuple(job.num_players if other == seat else 1 for other in range(job.num_players))
    return GameResult(
        job=job,
        record=GameRecord(job.game, job.deal_seed, job.seat_specs, job.options, actions, ()),
        points=(),
        ranking=ranking,
        finished=False,
        forfeit=seat,
        error=f"bot {job.seat_specs[seat]!r} in seat {seat} {reason}",
        seconds=seconds,
        fault=kind,
        replies=replies,
    )


def _play(job: GameJob, bot_factory: BotFactory | None, watch: Watch) -> GameResult:
    started = time.monotonic()
    game = load_game(job.game, job.backend)
    initial = game.new_initial_state(
        num_players=job.num_players, seed=job.deal_seed, **dict(job.options)
    )
    bots: list[Bot] = []
    replies: list[list[float]] = [[] for _ in range(job.num_players)]
    try:
        for seat in range(job.num_players):
            bots.append(_built(seat, job, bot_factory))
        final, played = _played(job, initial, bots, replies, watch)
    except _Fault as fault:
        fault.replies = tuple(tuple(times) for times in replies)
        _tell_game_over(bots, None)
        raise
    except BaseException:
        _tell_game_over(bots, None)
        raise
    _tell_game_over(bots, final)
    return GameResult(
        job=job,
        record=GameRecord.of_game(final, job.seat_specs, played),
        points=tuple(final.scores()),
        ranking=tuple(final.ranking()),
        finished=not final.ended_early(),
        seconds=time.monotonic() - started,
        replies=tuple(tuple(times) for times in replies),
    )


def _built(seat: int, job: GameJob, bot_factory: BotFactory | None) -> Bot:
    """The bot of ``seat``: built from its parsed spec (a job built by hand has only the
    texts, parsed here), or by the stand-in ``bot_factory`` from the text."""
    text = job.seat_specs[seat]
    try:
        if bot_factory is not None:
            return bot_factory(text)
        return seat_bot(job.seat_bots[seat] if job.seat_bots else parse_seat(text))
    except BotFailure as failure:  # an external bot that did not start as it should
        raise _Fault(seat, failure.kind, f"failed to start: {failure}", ()) from None
    # A bot's own code may raise anything, SystemExit included: it forfeits.
    except BaseException as error:
        raise _Fault(
            seat,
            Fault.NOT_BUILT,
            f"could not be built: {type(error).__name__}: {error}",
            (),
            error,
        ) from None


def _played(
    job: GameJob,
    initial: State,
    bots: Sequence[Bot],
    replies: list[list[float]],
    watch: Watch,
) -> tuple[State, list[Action]]:
    """The final state of the game from ``initial`` and the actions that led there;
    ``_Fault`` when a seat forfeits.
    Each seat's reply times are appended to ``replies`` as it decides."""
    rngs = [bot_rng(job, seat) for seat in range(job.num_players)]
    clocks = None if job.time_control is None else SeatClocks(job.time_control, job.num_players)
    referee = TurnReferee(job.move_time, clocks, watch)
    played: list[Action] = []
    decided: list[Decided] = []
    for seat, bot in enumerate(bots):
        _prepare_game(bot, initial, seat)
    for seat, bot in enumerate(bots):
        _begin_game(bot, initial, seat, rngs[seat], clocks)

    def decide(state: State) -> Action:
        seat = state.current_player
        try:
            reply = referee.decide(bots[seat], state, rngs[seat], tuple(decided))
        except TurnFault as fault:
            if fault.seconds is not None:
                replies[seat].append(fault.seconds)
            # A BotFailure is the bot's own account of what went wrong: the game's failure
            # is told in its words, not as an error of the referee's.
            error = None if isinstance(fault.error, BotFailure) else fault.error
            raise _Fault(seat, fault.kind, fault.reason, tuple(played), error) from None
        replies[seat].append(reply.seconds)
        decided.append((state, reply.action))
        return reply.action

    return play_out(initial, decide, played), played


def _prepare_game(bot: Bot, initial: State, seat: int) -> None:
    """Call the bot's optional ``prepare_game`` hook, before any seat's ``begin_game``:
    an external bot starts its process there without waiting for it, so that the
    table's processes start side by side (each takes tens of milliseconds to answer)."""
    hook = getattr(bot, "prepare_game", None)
    if hook is None:
        return
    try:
        hook(initial)
    except BaseException as error:
        raise _Fault(seat, Fault.RAISED, raised_reason(error), ()) from None


def _begin_game(
    bot: Bot, initial: State, seat: int, rng: random.Random, clocks: SeatClocks | None
) -> None:
    """Call the bot's optional ``begin_game`` hook (an external bot starts its process
    and says ``new_game`` there), outside any decision's limits: a bot that cannot begin
    forfeits with its fault's kind, and the other bots of its worker play on."""
    hook = getattr(bot, "begin_game", None)
    if hook is None:
        return
    clock = None
    if clocks is not None:
        control = clocks.control
        clock = Clock(clocks.remaining[seat], control.increment, control.margin)
    try:
        hook(initial, seat, rng, clock)
    except BotFailure as failure:
        raise _Fault(seat, failure.kind, f"failed to start: {failure}", ()) from None
    except BaseException as error:
        raise _Fault(seat, Fault.RAISED, raised_reason(error), ()) from None


def play_out(initial: State, decide: Decide, played: list[Action] | None = None) -> State:
    """The end of the game from ``initial``: chance by the deal seed (paired luck), each
    decision by ``decide``. Every action applied, chance outcomes included, is appended to
    ``played`` as it is made, so a game stopped by a failure keeps those made before.

    >>> from cheese.engine import load_game
    >>> start = load_game("cheese-chasers", "reference").new_initial_state(seed=5)
    >>> actions: list[Action] = []
    >>> final = play_out(start, lambda state: state.legal_actions()[0], actions)
    >>> final.is_terminal(), len(actions) > 0
    (True, True)
    """
    final = initial
    while not final.is_terminal():
        action = resolve_chance(final) if final.is_chance_node() else decide(final)
        if played is not None:
            played.append(action)
        final = final.apply(action)
    return final


def _tell_game_over(bots: Sequence[Bot], final: State | None) -> None:
    """Call each bot's optional ``game_over`` hook; its failure is logged, never the
    game's."""
    for seat, bot in enumerate(bots):
        hook = getattr(bot, "game_over", None)
        if hook is None:
            continue
        try:
            hook(final)
        # Whatever a bot's hook does, the game's result stands.
        except BaseException as error:
            LOGGER.warning(
                "seat %d (%s): game_over failed: %s: %s", seat, bot.spec,
                type(error).__name__, error,
            )
