"""``cheese bot check``: play a bot against ``random`` and list every problem it shows.

For each game it accepts (it may answer ``hello`` with ``unsupported``), the bot plays a
few games at the default player count, in a different seat each game, on the seats'
clock-free turns with a per-move limit. Every reply is checked: its type, sequence
number, legality and time; a failure ends that game and is reported with its kind.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from cheese.bots.base import Bot, BotFailure, Turn
from cheese.bots.faults import Fault
from cheese.bots.random_bot import RandomBot
from cheese.engine import load_game
from cheese.engine.games import GAME_SLUGS
from cheese.engine.luck import resolve_chance
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.sessions import Declined, SessionKeeper


@dataclass(frozen=True, slots=True)
class Problem:
    """One way the bot broke the protocol, in one game."""

    game: str
    number: int
    kind: Fault
    message: str

    @property
    def line(self) -> str:
        return f"{self.game} game {self.number}: {self.kind}: {self.message}"


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


def _play_one(
    slug: str, bot: ExternalBot, seat: int, seed: int, move_seconds: float, report: CheckReport
) -> None:
    state = load_game(slug).new_initial_state(seed=seed)
    players = state.num_players
    seats: list[Bot] = [RandomBot() for _ in range(players)]
    seats[seat % players] = bot
    rngs = [random.Random(f"check:{seed}:{other}") for other in range(players)]
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        player = state.current_player
        begun = time.monotonic()
        decision = seats[player].choose(Turn(state, player), rngs[player])
        if seats[player] is bot:
            took = decision.reply_seconds
            if took is None:
                took = time.monotonic() - begun
            report.replies.append(took)
            if took > move_seconds:
                raise BotFailure(
                    Fault.TIMEOUT, f"took {took:.3f} s for a {move_seconds:g} s limit"
                )
        state = state.apply(decision.action)
    bot.game_over(state)


def check_bot(
    argv: Sequence[str],
    games: Sequence[str] | None = None,
    games_each: int = 3,
    move_seconds: float = 5.0,
    startup_seconds: float = 10.0,
    seed: int = 0,
) -> CheckReport:
    """Play ``games_each`` games of each game in ``games`` (all by default) with the bot
    that ``argv`` starts; every process it started is ended before this returns."""
    command = ExternalCommand(
        label=" ".join(argv),
        argv=tuple(argv),
        move_seconds=move_seconds,
        startup_seconds=startup_seconds,
    )
    report = CheckReport()
    keeper = SessionKeeper()
    try:
        for slug in games or GAME_SLUGS:
            for number in range(1, games_each + 1):
                bot = ExternalBot(command, keeper)
                try:
                    _play_one(slug, bot, number - 1, seed + number, move_seconds, report)
                except Declined as declined:
                    report.declined[slug] = declined.reason
                    break
                except BotFailure as failure:
                    report.problems.append(Problem(slug, number, failure.kind, str(failure)))
                    bot.game_over(None)
                    continue
                report.played[slug] = report.played.get(slug, 0) + 1
    finally:
        keeper.close_all()
    return report
