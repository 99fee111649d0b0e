"""What an external bot costs: short tournaments of the Python and the C example bots
against themselves, each timed just after the same tournament of in-process ``random``,
one act/action round trip, a table's four bots started and ended under each launcher, and
what a round trip through a pipe costs with and without engine work around it.

    pytest tests/benchmarks/test_external_bots.py --benchmark-only -s -p no:cacheprovider \\
        --benchmark-columns=median,max --benchmark-sort=name

A round is a 4-player Get The Cheese! tournament, four entrants at one table, ``DEALS``
deals in every rotation (``GAMES`` games) on one worker: the worker's fork, the bots'
start, every decision and the results store, the path of ``cheese tournament``. Beside
in-process ``random`` the difference is the protocol: a line of JSON each way per
decision and the bots' start (the C example bot, built with ``cc`` when there is one,
tells the bot's share from the referee's).

Each external bot plays ``ROUNDS`` rounds, each just after a round of in-process
``random`` (the pedantic ``setup``, timed here but not by pytest-benchmark), so the two
rates of a pair see the machine at nearly the same pace. The printed ratio is the median
over the rounds of (the bot's games per second) / (``random``'s games per second in the
round just before); the printed rates are the medians of the rounds' rates. The target
is the C example bot at a ratio of at least 1/2. The round trip is one ``act`` answered
by the example bot, as the referee measures it (``Decision.reply_seconds``).
"""

from __future__ import annotations

import os
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
from cheese.parallel import can_pin_cores
from cheese.referee.external import process
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.protocol import act_line
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
"""Deals of a round, each in the 4 rotations: 100 games, over which the bots' start
(tens of milliseconds each) weighs as it does in a tournament of that size."""
GAMES = 4 * DEALS
ROUNDS = 5
"""Paired rounds per external bot: an odd number, so that the median is one of them."""

Factory = Callable[[str], Bot]


class NamedRandom:
    """In-process ``random`` under a name of its own, so that four can be entrants."""

    def __init__(self, name: str) -> None:
        self.spec = name
        self._bot = RandomBot()

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        return self._bot.choose(turn, rng)


def external_python(spec: str) -> Bot:
    return ExternalBot(ExternalCommand(label=spec, argv=(sys.executable, str(EXAMPLE))))


def built_c_example(tmp_path: Path) -> Path:
    """The C example bot, built with the system's compiler."""
    if shutil.which("cc") is None:
        pytest.skip("no C compiler (cc)")
    binary = tmp_path / "random_bot"
    subprocess.run(["cc", "-O2", "-o", str(binary), str(EXAMPLE.with_suffix(".c"))], check=True)
    return binary


def external_c(tmp_path: Path) -> Factory:
    binary = built_c_example(tmp_path)
    return lambda spec: ExternalBot(ExternalCommand(label=spec, argv=(str(binary),)))


def games_per_second(tmp_path: Path, factory: Factory, pin_cores: bool = False) -> float:
    """One round: a tournament of ``GAMES`` games of ``factory``'s bots, by the wall clock
    (the bots are other processes, so this process's CPU time would miss their part); its
    worker and the bots it starts on one processor with ``pin_cores``."""
    settings = TournamentSettings(specs=ENTRANTS, game="get-the-cheese", players=4, deals=DEALS)
    plan = plan_tournament(settings, bot_factory=factory)
    player = local_player(1, factory, pin_cores=pin_cores)
    started = time.perf_counter()
    with ResultsStore(tmp_path / f"{time.monotonic_ns()}.db") as store:
        summary = run_tournament(plan, settings, store, "t", player)
    seconds = time.perf_counter() - started
    assert summary.played == GAMES
    return summary.played / seconds


def test_tournament_in_process_random(benchmark: object, tmp_path: Path) -> None:
    rates: list[float] = []
    benchmark.pedantic(  # type: ignore[attr-defined]
        lambda: rates.append(games_per_second(tmp_path, NamedRandom)), rounds=ROUNDS
    )
    print(f"\nin-process random: {statistics.median(rates):.1f} games/s")


@pytest.mark.parametrize("placement", ["free", "pinned"])
@pytest.mark.parametrize("kind", ["external example bot", "external C example bot"])
def test_tournament_paired_with_random(
    benchmark: object, tmp_path: Path, kind: str, placement: str
) -> None:
    """``free``: the worker and the bots where the scheduler puts them; ``pinned``: as
    ``--pin-cores`` runs them, the worker (of either round) and its bots on one processor."""
    if placement == "pinned" and not can_pin_cores():
        pytest.skip("this system cannot pin a process to processors")
    factory = external_python if kind == "external example bot" else external_c(tmp_path)
    pin_cores = placement == "pinned"
    baseline: list[float] = []
    rates: list[float] = []

    def random_first() -> None:
        baseline.append(games_per_second(tmp_path, NamedRandom, pin_cores))

    benchmark.pedantic(  # type: ignore[attr-defined]
        lambda: rates.append(games_per_second(tmp_path, factory, pin_cores)),
        setup=random_first,
        rounds=ROUNDS,
    )
    ratios = [rate / before for rate, before in zip(rates, baseline)]
    benchmark.extra_info["ratios"] = ratios  # type: ignore[attr-defined]
    label = f"{kind}, {placement}"
    print(
        f"\n{label}: {statistics.median(rates):.1f} games/s, in-process random "
        f"{statistics.median(baseline):.1f} games/s in the rounds before"
    )
    print(f"rounds' ratios: {', '.join(f'{ratio:.2f}' for ratio in ratios)}")
    print(
        f"{label} / in-process random, median of {ROUNDS} paired rounds: "
        f"{statistics.median(ratios):.2f}"
    )


LAUNCHERS = {
    "built launcher": [str(process.NATIVE_LAUNCHER)],
    "script launcher": [sys.executable, "-I", "-S", str(process.LAUNCHER)],
}


@pytest.mark.parametrize("launcher", sorted(LAUNCHERS))
def test_a_tables_start_and_end(
    benchmark: object, tmp_path: Path, launcher: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four C example bots started side by side (each launched and sent ``hello``, then
    each ``ready`` read), as a worker starts a table's bots, and then ended together, as
    a run ends them; under each launcher."""
    if launcher == "built launcher" and not process.NATIVE_LAUNCHER.exists():
        pytest.skip("the launcher was not built")
    monkeypatch.setattr(process, "launcher_command", lambda: list(LAUNCHERS[launcher]))
    binary = built_c_example(tmp_path)
    commands = [ExternalCommand(label=name, argv=(str(binary),)) for name in ENTRANTS]
    starts: list[float] = []
    ends: list[float] = []

    def start_and_end() -> None:
        keeper = SessionKeeper()
        began = time.perf_counter()
        claims = [keeper.claim(command, "get-the-cheese", 4, {}) for command in commands]
        for claim in claims:
            keeper.ready(claim)
        ready = time.perf_counter()
        keeper.close_all()
        starts.append(ready - began)
        ends.append(time.perf_counter() - ready)

    benchmark.pedantic(start_and_end, rounds=15, iterations=1)  # type: ignore[attr-defined]
    print(
        f"\n{launcher}: four bots ready in {1000 * statistics.median(starts):.1f} ms, "
        f"ended in {1000 * statistics.median(ends):.1f} ms (medians of 15)"
    )


def _engine_work(rng: random.Random) -> None:
    """About a decision's worth of the referee's engine work: three moves of a new game."""
    state = load_game("get-the-cheese").new_initial_state(num_players=4, seed=rng.randrange(999))
    for _ in range(3):
        state = state.apply(
            resolve_chance(state) if state.is_chance_node() else rng.choice(state.legal_actions())
        )


@pytest.mark.parametrize("placement", ["free", "pinned"])
def test_what_a_process_switch_costs(
    benchmark: object, tmp_path: Path, placement: str, request: pytest.FixtureRequest
) -> None:
    """The floor under an external bot's decision: the same ``act`` line written to four C
    example bots in turn and their replies read, with nothing else to do, and then with
    ``_engine_work`` between round trips (beside the same work alone), so that what the
    switches cost the work around them shows too. Plain pipes, no referee; ``pinned``:
    this process and the bots on one processor, as ``--pin-cores`` places a worker's."""
    if placement == "pinned":
        if not can_pin_cores():
            pytest.skip("this system cannot pin a process to processors")
        everywhere = os.sched_getaffinity(0)
        request.addfinalizer(lambda: os.sched_setaffinity(0, everywhere))
        os.sched_setaffinity(0, {min(everywhere)})
    binary = built_c_example(tmp_path)
    state = load_game("get-the-cheese").new_initial_state(num_players=4, seed=1)
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
    turn = Turn(state, state.current_player)
    legal = SessionKeeper().legal_json.of(turn, turn.legal_actions())
    view = turn.view_json_text()
    assert view is not None
    line = act_line(3, view, legal.json, None)
    bots = [
        subprocess.Popen(
            [str(binary)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
        )
        for _ in ENTRANTS
    ]
    pipes = [(bot.stdin.fileno(), bot.stdout.fileno()) for bot in bots]  # type: ignore[union-attr]
    rng = random.Random(0)
    trips = 2000

    def per_trip(work: bool, talk: bool) -> float:
        began = time.perf_counter()
        for trip in range(trips):
            if work:
                _engine_work(rng)
            if talk:
                to_bot, from_bot = pipes[trip % len(pipes)]
                os.write(to_bot, line)
                os.read(from_bot, 65536)  # the reply is one short line, read whole
        return (time.perf_counter() - began) / trips

    alone: list[float] = []
    work: list[float] = []
    both: list[float] = []

    def measure() -> None:
        alone.append(per_trip(work=False, talk=True))
        work.append(per_trip(work=True, talk=False))
        both.append(per_trip(work=True, talk=True))

    try:
        benchmark.pedantic(measure, rounds=3, iterations=1)  # type: ignore[attr-defined]
    finally:
        for bot in bots:
            bot.stdin.close()  # type: ignore[union-attr]
            bot.wait()
    round_trip, engine, together = (
        1e6 * statistics.median(values) for values in (alone, work, both)
    )
    print(
        f"\n{placement}: round trip alone {round_trip:.1f} us; engine work alone {engine:.1f} us; "
        f"both {together:.1f} us: the round trip adds {together - engine:.1f} us"
    )


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
