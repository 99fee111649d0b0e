"""``cheese bot check``: play a bot against ``random`` and list every problem it shows, or
ask it about one position.

For each game it accepts (it may answer ``hello`` with ``unsupported``), the bot plays a
few games at the player count asked (each game's default otherwise), in a different seat
each game, with a per-move limit or on a game clock. Every reply is checked: its type,
sequence number, legality and time; a failure ends that game and is reported with its
kind and the last lines the bot wrote on its standard error.
"""

from __future__ import annotations

import logging
import random
import time
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from cheese.bots.base import Bot, BotFailure, Clock, Turn
from cheese.bots.faults import Fault
from cheese.bots.random_bot import RandomBot
from cheese.engine import State, load_game
from cheese.engine.games import GAME_SLUGS
from cheese.engine.luck import resolve_chance
from cheese.referee.clocks import TimeControl
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.sessions import Declined, SessionKeeper
from cheese.referee.external.stderr_log import logger_name

DEFAULT_GAMES_EACH = 3
TAIL_LINES = 10
"""Lines of the bot's standard error shown with a problem."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One way the bot broke the protocol, in one game, and its last stderr lines."""

    game: str
    number: int
    kind: Fault
    message: str
    stderr: tuple[str, ...] = ()

    @property
    def line(self) -> str:
        return f"{self.game} game {self.number}: {self.kind}: {self.message}"


@dataclass(frozen=True, slots=True)
class CheckPlan:
    """What the check plays: the games, the player count (``None``: each game's
    default), games of each, the first deal's seed and the clock (``None``: per-move
    limits)."""

    games: tuple[str, ...] = GAME_SLUGS
    players: int | None = None
    games_each: int = DEFAULT_GAMES_EACH
    seed: int = 0
    time_control: TimeControl | None = None

    def players_of(self, slug: str) -> int:
        """The player count of ``slug``'s games; ``OptionError`` if it does not allow it."""
        return load_game(slug).info.check_players(self.players)


@dataclass(slots=True)
class CheckReport:
    """What the check saw: problems, games played and declined, reply times."""

    problems: list[Problem] = field(default_factory=list)
    played: dict[str, int] = field(default_factory=dict)
    declined: dict[str, str] = field(default_factory=dict)
    replies: list[float] = field(default_factory=list)

    @property
    def compliant(self) -> bool:
        return not self.problems and bool(self.played)


class _Tail(logging.Handler):
    """Keeps the last lines of the records it sees (a record may hold several lines)."""

    def __init__(self, lines: int) -> None:
        super().__init__(logging.INFO)
        self.lines: deque[str] = deque(maxlen=lines)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.extend(record.getMessage().splitlines())


@contextmanager
def stderr_tail(label: str, lines: int = TAIL_LINES) -> Iterator[deque[str]]:
    """While inside, the last ``lines`` lines the bot ``label`` writes on its stderr (its
    logger is enabled for them; the records still reach the root's handlers, ``--log``)."""
    logger = logging.getLogger(logger_name(label))
    handler = _Tail(lines)
    level = logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield handler.lines
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


def _play_one(
    slug: str,
    players: int,
    bot: ExternalBot,
    seat: int,
    seed: int,
    plan: CheckPlan,
    report: CheckReport,
) -> None:
    state = load_game(slug).new_initial_state(num_players=players, seed=seed)
    seats: list[Bot] = [RandomBot() for _ in range(players)]
    seats[seat % players] = bot
    rngs = [random.Random(f"check:{seed}:{other}") for other in range(players)]
    clock = plan.time_control
    remaining = None if clock is None else clock.base
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        player = state.current_player
        if seats[player] is not bot:
            state = state.apply(seats[player].choose(Turn(state, player), rngs[player]).action)
            continue
        shown = None if clock is None or remaining is None else Clock(remaining, clock.increment)
        begun = time.monotonic()
        decision = bot.choose(Turn(state, player, shown), rngs[player])
        took = decision.reply_seconds
        if took is None:
            took = time.monotonic() - begun
        report.replies.append(took)
        if clock is None or remaining is None:
            if took > bot.command.move_seconds:
                raise BotFailure(
                    Fault.TIMEOUT, f"took {took:.3f} s for a {bot.command.move_seconds:g} s limit"
                )
        else:
            remaining -= took
            if remaining < -clock.margin:
                raise BotFailure(
                    Fault.TIMEOUT,
                    f"ran out of its {clock.text} s clock: {-remaining:.3f} s over",
                )
            remaining += clock.increment
        state = state.apply(decision.action)
    bot.game_over(state)


def check_bot(command: ExternalCommand, plan: CheckPlan) -> CheckReport:
    """Play ``plan`` with the bot that ``command`` starts; every process it started is
    ended before this returns."""
    report = CheckReport()
    keeper = SessionKeeper()
    with stderr_tail(command.label) as tail:
        try:
            for slug in plan.games:
                players = plan.players_of(slug)
                for number in range(1, plan.games_each + 1):
                    bot = ExternalBot(command, keeper)
                    seed = plan.seed + number
                    try:
                        _play_one(slug, players, bot, number - 1, seed, plan, report)
                    except Declined as declined:
                        report.declined[slug] = declined.reason
                        break
                    except BotFailure as failure:
                        # A fault found by the referee alone (an illegal action) leaves
                        # the process running: its stderr may not be read yet.
                        bot.settle_stderr()
                        bot.game_over(None)
                        report.problems.append(
                            Problem(slug, number, failure.kind, str(failure), tuple(tail))
                        )
                        continue
                    report.played[slug] = report.played.get(slug, 0) + 1
        finally:
            keeper.close_all()
    return report


@dataclass(frozen=True, slots=True)
class PositionAnswer:
    """What the bot answered in one position: the action and its notation when legal,
    else the problem; its last stderr lines."""

    seat: int
    legal_actions: int
    action: int | None
    notation: str | None
    reply_seconds: float | None
    problem: str | None
    stderr: tuple[str, ...] = ()


def ask_position(
    command: ExternalCommand, state: State, seed: int = 0, clock: TimeControl | None = None
) -> PositionAnswer:
    """Start the bot for ``state``'s game, give it ``state`` as its first decision and
    return its answer; the process is ended before this returns."""
    seat = state.current_player
    legal = len(state.legal_actions())
    shown = None if clock is None else Clock(clock.base, clock.increment)
    keeper = SessionKeeper()
    with stderr_tail(command.label) as tail:
        bot = ExternalBot(command, keeper)
        try:
            decision = bot.choose(Turn(state, seat, shown), random.Random(f"check:{seed}"))
            bot.game_over(None)
        except BotFailure as failure:
            bot.game_over(None)
            keeper.close_all()
            problem = f"{failure.kind}: {failure}"
            return PositionAnswer(seat, legal, None, None, None, problem, tuple(tail))
        finally:
            keeper.close_all()
    notation = state.action_to_string(decision.action)
    return PositionAnswer(
        seat, legal, decision.action, notation, decision.reply_seconds, None, tuple(tail)
    )
