"""Play one job: build the seats' bots, play the deal with paired luck, return the result.

Chance nodes are resolved by the deal seed (``cheese.engine.luck.resolve_chance``), so
every game of a deal sees the same luck. Each seat's bot is built fresh for the game and
gets its own generator, seeded from (duel seed, deal, rotation, seat): a game plays the
same wherever and whenever it runs, which is what makes a duel reproducible with any
number of workers.

The referee times every decision (``time.monotonic``, or an external bot's own measure of
its reply, ``Decision.info["reply_seconds"]``), keeps each seat's reply times in the
result, and with a game clock (``--tc``) hands each seat its ``Clock`` in the ``Turn`` and
forfeits it on time when the clock runs out (``clocks.SeatClocks``). A bot's
``BotFailure`` forfeits with the kind it names; after the game every bot's optional
``game_over`` hook hears the final state (``None`` when a forfeit abandoned the game).
"""

from __future__ import annotations

import logging
import math
import operator
import random
import time
from collections.abc import Callable, Mapping, Sequence

from cheese.bots.base import Bot, BotFailure, Clock, Turn
from cheese.engine import State, load_game
from cheese.engine.api import Action
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord
from cheese.parallel import NoWatch, Watch
from cheese.referee.clocks import SeatClocks
from cheese.referee.jobs import Fault, GameJob, GameResult
from cheese.referee.seats import parse_seat, seat_bot

BotFactory = Callable[[str], Bot]
"""A stand-in that builds bots from their specs' texts (scripted bots in tests); without
one, each seat's bot is built from its parsed spec (``cheese.referee.seats``)."""

NO_WATCH = NoWatch()
LOGGER = logging.getLogger("cheese.referee.play")
MOVE_TIME_GRACE_SECONDS = 0.1
MOVE_TIME_GRACE_SHARE = 0.1


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


def soft_limit(move_time: float) -> float:
    """Seconds a decision may take before the bot forfeits: the limit plus a small grace
    for the machine's noise (0.1 s and 10%).

    >>> round(soft_limit(0.5), 3)
    0.65
    """
    return move_time * (1.0 + MOVE_TIME_GRACE_SHARE) + MOVE_TIME_GRACE_SECONDS


def hard_limit(move_time: float) -> float:
    """Seconds after which a decision that has not returned (a hung bot) gets its worker
    killed by the pool: twice the limit and a second."""
    return 2.0 * move_time + 1.0


class _Fault(Exception):
    """A bot failed in ``seat``: it raised, chose an illegal action or overran the time."""

    def __init__(
        self,
        seat: int,
        kind: Fault,
        reason: str,
        actions: tuple[Action, ...],
        error: BaseException | None = None,
    ) -> None:
        super().__init__(reason)
        self.seat = seat
        self.kind = kind
        self.reason = reason
        self.actions = actions
        self.error = error
        self.replies: tuple[tuple[float, ...], ...] = ()


def failure_fault(failure: BotFailure) -> Fault:
    """The forfeit kind of a bot's ``BotFailure``: its ``kind`` word, or ``raised`` for a
    word the results store does not know.

    >>> failure_fault(BotFailure("timeout", "no reply")), failure_fault(BotFailure("x", ""))
    (<Fault.TIMEOUT: 'timeout'>, <Fault.RAISED: 'raised'>)
    """
    try:
        return Fault(failure.kind)
    except ValueError:
        return Fault.RAISED


def reply_seconds(decision: object, measured: float) -> float:
    """How long a decision took: the bot's own measure (``info["reply_seconds"]``, an
    external bot's round trip) when it gives a number of seconds, else ``measured``.

    >>> from cheese.bots.base import Decision
    >>> reply_seconds(Decision(0, {"reply_seconds": 0.25}), 0.3), reply_seconds(None, 0.3)
    (0.25, 0.3)
    """
    info = getattr(decision, "info", None)
    given = info.get("reply_seconds") if isinstance(info, Mapping) else None
    if isinstance(given, int | float) and not isinstance(given, bool):
        if math.isfinite(given) and given >= 0:
            return float(given)
    return measured


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


def _action_number(value: object) -> Action | None:
    """A bot's answer as an action number, or ``None`` if it is none at all (``None``,
    strings and ``True`` are not; numpy integers are)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


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
        raise _Fault(seat, failure_fault(failure), f"failed to start: {failure}", ()) from None
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
    played: list[Action] = []

    def decide(state: State) -> Action:
        seat = state.current_player
        limits = [] if job.move_time is None else [hard_limit(job.move_time)]
        if clocks is not None:
            limits.append(clocks.hard_limit(seat))
        clock = (
            None
            if clocks is None
            else Clock(clocks.remaining[seat], clocks.control.increment)
        )
        # Armed for every decision, so that a worker dying now is laid at this seat's door.
        watch.arm(min(limits) if limits else None, seat)
        begun = time.monotonic()
        try:
            decision = bots[seat].choose(Turn(state, seat, clock), rngs[seat])
        except BotFailure as failure:
            raise _Fault(seat, failure_fault(failure), str(failure), tuple(played)) from None
        # KeyboardInterrupt and SystemExit raised by a bot are its faults too; a real
        # Ctrl-C never reaches a worker (it ignores SIGINT).
        except BaseException as error:
            raise _Fault(
                seat, Fault.RAISED, f"raised {type(error).__name__}: {error}", tuple(played),
                error,
            ) from None
        finally:
            watch.disarm()
        took = reply_seconds(decision, time.monotonic() - begun)
        replies[seat].append(took)
        if job.move_time is not None and took > soft_limit(job.move_time):
            raise _Fault(
                seat,
                Fault.OVERRAN,
                f"overran --move-time: {took:.2f} s for {job.move_time:g} s",
                tuple(played),
            )
        if clocks is not None:
            left = clocks.remaining[seat]
            if not clocks.spend(seat, took):
                raise _Fault(
                    seat,
                    Fault.TIMEOUT,
                    f"lost on time: {took:.3f} s with {left:.3f} s left on its clock "
                    f"(--tc {clocks.control.text}, margin {clocks.control.margin:g} s)",
                    tuple(played),
                )
        action = getattr(decision, "action", None)
        if action is None:
            raise _Fault(
                seat,
                Fault.ILLEGAL,
                f"answered {decision!r}, which is not a decision (a Decision with an action)",
                tuple(played),
            )
        legal = state.legal_actions()
        number = _action_number(action)
        if number is None or number not in legal:
            raise _Fault(
                seat,
                Fault.ILLEGAL,
                f"chose {action!r}, which is not legal there; legal actions: {legal}",
                tuple(played),
            )
        return number

    # The engine's play loop, written out so a forfeit keeps the actions played so far.
    final = initial
    while not final.is_terminal():
        action = resolve_chance(final) if final.is_chance_node() else decide(final)
        played.append(action)
        final = final.apply(action)
    return final, played


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
