"""What an external bot costs: a tournament of the Python example bot against itself
beside the same tournament of in-process ``random``, and one act/action round trip.

    pytest tests/benchmarks/test_external_bots.py --benchmark-only -s \\
        --benchmark-columns=median,max --benchmark-sort=name

The tournaments are 4-player Get The Cheese!, four entrants at one table, 25 deals in
every rotation (100 games) on one worker, so the difference is the protocol: a line of
JSON each way per decision and the bots' start (the C example bot too, when ``cc`` is
there, to tell the bot's share from the referee's). Each prints its games per second, and
each external one its ratio to in-process ``random`` in the same run; the target is the C
example bot at least half as fast. The round trip is one ``act`` answered
by the example bot, as the referee measures it (``Decision.reply_seconds``).
"""

from __future__ import annotations

import random
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from cheese.bots.base import Bot, Decision, Turn
from cheese.bots.random_bot import RandomBot
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.sessions import SessionKeeper
from cheese.referee.pool import local_player
from cheese.store import ResultsStore
from cheese.tournaments.tournament import (
    TournamentSettings,
    plan_tournament,
    run_tournament,
)

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"
ENTRANTS = ("a", "b", "c", "d")
DEALS = 25


class NamedRandom:
    """In-process ``random`` under a name of its own, so that four can be entrants."""

    def __init__(self, name: str) -> None:
        self.spec = name
        self._bot = RandomBot()

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        return self._bot.choose(turn, rng)


def external(spec: str) -> Bot:
    return ExternalBot(ExternalCommand(label=spec, argv=(sys.executable, str(EXAMPLE))))


def games_per_second(tmp_path: Path, factory: object) -> float:
    assert callable(factory)
    settings = TournamentSettings(specs=ENTRANTS, game="get-the-cheese", players=4, deals=DEALS)
    plan = plan_tournament(settings, bot_factory=factory)
    started = time.perf_counter()
    with ResultsStore(tmp_path / f"{time.monotonic_ns()}.db") as store:
        summary = run_tournament(plan, settings, store, "t", local_player(1, factory))
    seconds = time.perf_counter() - started
    assert summary.played == 4 * DEALS
    return summary.played / seconds


def external_c(tmp_path: Path) -> Callable[[str], Bot]:
    """The C example bot, built with the system's compiler."""
    if shutil.which("cc") is None:
        pytest.skip("no C compiler (cc)")
    binary = tmp_path / "random_bot"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(EXAMPLE.with_suffix(".c"))], check=True)
    return lambda spec: ExternalBot(ExternalCommand(label=spec, argv=(str(binary),)))


@pytest.fixture(scope="module")
def rates() -> dict[str, float]:
    """The games per second of each kind measured in this run, for their ratios."""
    return {}


@pytest.mark.parametrize(
    "kind", ["in-process random", "external example bot", "external C example bot"]
)
def test_tournament_games_per_second(
    benchmark: object, tmp_path: Path, kind: str, rates: dict[str, float]
) -> None:
    factory: Callable[[str], Bot] = {
        "in-process random": NamedRandom,
        "external example bot": external,
    }.get(kind) or external_c(tmp_path)
    rate = benchmark.pedantic(  # type: ignore[attr-defined]
        lambda: games_per_second(tmp_path, factory), rounds=1, iterations=1
    )
    rates[kind] = rate
    print(f"\n{kind}: {rate:.1f} games/s")
    if kind != "in-process random" and "in-process random" in rates:
        # The target compares rates of one run: the machine's pace moves both alike.
        print(f"{kind} / in-process random: {rate / rates['in-process random']:.2f}")


def test_round_trip(benchmark: object) -> None:
    keeper = SessionKeeper()
    command = ExternalCommand(label="example", argv=(sys.executable, str(EXAMPLE)))
    bot = ExternalBot(command, keeper)
    state = load_game("get-the-cheese").new_initial_state(num_players=4, seed=1)
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
    turn = Turn(state, state.current_player)
    rng = random.Random(0)
    replies: list[float] = []

    def exchange() -> None:
        replies.append(float(bot.choose(turn, rng).reply_seconds or 0.0))

    try:
        benchmark.pedantic(exchange, rounds=200, iterations=1, warmup_rounds=5)  # type: ignore[attr-defined]
    finally:
        bot.game_over(None)
        keeper.close_all()
    print(f"\nmedian act/action round trip: {1000 * statistics.median(replies):.3f} ms")
