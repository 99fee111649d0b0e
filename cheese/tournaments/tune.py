"""Tuning a bot's numeric spec parameters on paired deals, then a duel of the tuned bot
against the start.

**Steps on shared deals.** The tune runs in steps; each step asks the optimizer for a few
candidates, and every candidate of the step plays a duel against each ``--against`` bot on
the step's deals — the same seed, so the same deals, seats and luck for all of them. The
step's duels differ only by the candidates, so their scores are paired; each step has
fresh deals, so the optimizer is not fitted to a handful of deals. A candidate's value is
its mean score (share of the pair points) against the opponents.

**The optimizer** is optuna's TPE sampler (a tree-structured Parzen estimator): it models
which values land among the better results instead of interpolating the results
themselves, so it is not misled by the noise of a few hundred games, takes a batch of
candidates before their results (a step), handles integer and real parameters, and is
seeded. It imports in about half a second; nevergrad (whose noisy optimizers would also
serve) takes several seconds to import and ten times the packages.

**Resuming.** Each candidate's duel is stored as a duel is, under its own name, so a tune
run again with the same arguments asks the same candidates (the sampler is seeded and is
told the same results in the same order) and reads each duel's stored games back, playing
only those not stored: after ``kill -9`` nothing is lost or played twice.

The tune ends with a duel of the best candidate against the start on new deals, with an
SPRT, through the same duel code; the best candidate's spec is the one to use.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from cheese.bots.registry import bot_catalogue
from cheese.bots.spec import BotSpec, IntParameter, Parameter, ParameterRange, compose_spec
from cheese.ratings.sprt import SprtSettings
from cheese.referee.pool import Player
from cheese.store import ResultsStore
from cheese.tournaments.duel import plan_duel, run_duel, stored_duel
from cheese.tournaments.report import DuelReport

if TYPE_CHECKING:
    import optuna

STEP_SEED_STRIDE = 1_000_003
"""Steps' seeds are the tune's seed times this plus the step: apart for nearby seeds."""
FINAL_STEP = 1_000_000
"""The final duel's deals are those of this step, one no tune reaches."""
SIGNIFICANT_DIGITS = 4
"""A real candidate is rounded to this many digits, the value its spec holds."""
DEFAULT_SPRT = SprtSettings(0.0, 20.0)


@dataclass(frozen=True, slots=True)
class TunedParameter:
    """A numeric spec parameter of the bot and the range the tune searches."""

    name: str
    low: float
    high: float
    integer: bool
    log: bool = False
    """Searched on a log scale (``NAME=LOW:HIGH:log``): for a range over several orders
    of magnitude, where a uniform draw would almost never try the small values."""

    @classmethod
    def parse(cls, text: str, bot: str) -> TunedParameter:
        """``NAME=LOW:HIGH`` or ``NAME=LOW:HIGH:log`` for the bot named ``bot``;
        ``ValueError`` says what is wrong.

        >>> TunedParameter.parse("c=0.1:4", "mcts")
        TunedParameter(name='c', low=0.1, high=4.0, integer=False, log=False)
        >>> TunedParameter.parse("temperature=0.001:4:log", "greedy").log
        True
        """
        body, colon, scale = text.rpartition(":")
        log = bool(colon) and scale.strip().lower() == "log"
        if not log and text.count(":") > 1:
            raise ValueError(
                f"--param {text!r}: after LOW:HIGH only :log may follow (NAME=LOW:HIGH:log)"
            )
        chosen = ParameterRange.parse(
            body if log else text,
            bot=bot,
            declared=parameters_of(bot),
            option="--param",
            example="c=0.1:4 (or c=0.01:4:log for a log scale)",
        )
        if log and chosen.low <= 0:
            raise ValueError(
                f"--param {text!r}: a log scale needs LOW above 0; write e.g. "
                f"{chosen.parameter.name}=0.001:{chosen.high:g}:log"
            )
        parameter = chosen.parameter
        integer = isinstance(parameter, IntParameter)
        return cls(parameter.name, chosen.low, chosen.high, integer, log)

    def rounded(self, value: float) -> int | float:
        """``value`` as the spec holds it: a whole number, or 4 significant digits."""
        if self.integer:
            return round(value)
        return float(f"{value:.{SIGNIFICANT_DIGITS}g}")


def parameters_of(bot: str) -> tuple[Parameter, ...]:
    """The spec parameters the bot named ``bot`` declares; ``ValueError`` if none is."""
    for entry in bot_catalogue():
        if entry.name == bot:
            return entry.parameters
    raise ValueError(f"there is no bot {bot!r} to tune; cheese bots lists them")


@dataclass(frozen=True, slots=True)
class TuneSetup:
    """Everything that decides a tune's games, checked by ``plan_tune``."""

    start: str
    parameters: tuple[TunedParameter, ...]
    against: tuple[str, ...]
    game: str
    players: int | None
    games: int
    """Games of each candidate against each opponent, per step."""
    candidates: int
    steps: int
    seed: int
    final_games: int
    sprt: SprtSettings

    def candidate_spec(self, values: Sequence[int | float]) -> str:
        """The start's spec with the tuned parameters set to ``values``.

        >>> plan_tune("mcts:iterations=50,c=5", ["c=0.1:4"], ["random"]).candidate_spec([2.5])
        'mcts:iterations=50,c=2.5'
        """
        start = BotSpec.parse(self.start)
        settings = dict(start.settings)
        for parameter, value in zip(self.parameters, values):
            settings[parameter.name] = str(value)
        return compose_spec(start.name, list(settings.items()))

    def step_seed(self, step: int) -> int:
        return (self.seed * STEP_SEED_STRIDE + step) % 2**64


def plan_tune(
    start: str,
    params: Sequence[str],
    against: Sequence[str],
    *,
    game: str = "cheese-drop",
    players: int | None = None,
    games: int = 40,
    candidates: int = 4,
    steps: int = 10,
    seed: int = 0,
    final_games: int = 2000,
    sprt: SprtSettings = DEFAULT_SPRT,
) -> TuneSetup:
    """Check the tune's arguments; ``ValueError`` (or ``BotSpecError``) names the bad one."""
    spec = BotSpec.parse(start)
    if not params:
        raise ValueError("give at least one --param NAME=LOW:HIGH to tune")
    if not against:
        raise ValueError("give at least one --against BOT to measure the candidates by")
    parameters = tuple(TunedParameter.parse(text, spec.name) for text in params)
    names = [parameter.name for parameter in parameters]
    if len(set(names)) != len(names):
        raise ValueError("--param: each parameter once")
    for count, what in (
        (games, "--games"),
        (candidates, "--candidates"),
        (steps, "--steps"),
        (final_games, "--final-games"),
    ):
        if count < 1:
            raise ValueError(f"{what} must be at least 1, not {count}")
    setup = TuneSetup(
        start,
        parameters,
        tuple(against),
        game,
        players,
        games,
        candidates,
        steps,
        seed,
        final_games,
        sprt,
    )
    # Every spec is checked once here, with the game and seats, before any game.
    plan_duel(
        setup.candidate_spec([parameter.rounded(parameter.low) for parameter in parameters]),
        against[0],
        game=game,
        players=players,
        games=games,
        seed=seed,
    )
    for opponent in against:
        plan_duel(start, opponent, game=game, players=players, games=games, seed=seed)
    return setup


@dataclass(frozen=True, slots=True)
class Candidate:
    """One candidate of a step and how it did against the opponents."""

    step: int
    values: tuple[int | float, ...]
    spec: str
    score: float
    """Mean share of the pair points against the opponents."""
    elo: float
    """Mean Elo over the opponents."""
    ci95: tuple[float, float] | None
    """The Elo interval against the first opponent."""


@dataclass(frozen=True, slots=True)
class TuneResult:
    candidates: tuple[Candidate, ...]
    best: Candidate
    final: DuelReport
    """The best candidate (A) against the start (B)."""


class TuneObserver(Protocol):
    def step_done(self, step: int, of: int, found: Sequence[Candidate], best: Candidate) -> None:
        """A step's candidates are measured; ``best`` is the best so far."""


def run_tune(
    setup: TuneSetup,
    *,
    player: Player,
    store: ResultsStore,
    observer: TuneObserver | None = None,
) -> TuneResult:
    """Tune, storing every game in ``store`` (a run again resumes), then the final duel."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(
        direction="maximize",
        sampler=optuna.samplers.TPESampler(seed=setup.seed % 2**32),
    )
    start_values = _start_values(setup)
    if start_values is not None:
        study.enqueue_trial(start_values)
    measured: list[Candidate] = []
    best: Candidate | None = None
    for step in range(setup.steps):
        trials = [study.ask() for _ in range(setup.candidates)]
        found = []
        for trial in trials:
            values = tuple(suggest_value(trial, parameter) for parameter in setup.parameters)
            candidate = _measure(setup, step, values, player, store)
            study.tell(trial, candidate.score)
            found.append(candidate)
            if best is None or candidate.score > best.score:
                best = candidate
        measured.extend(found)
        assert best is not None
        if observer is not None:
            observer.step_done(step + 1, setup.steps, found, best)
    assert best is not None
    final_setup = plan_duel(
        best.spec,
        setup.start,
        game=setup.game,
        players=setup.players,
        games=setup.final_games,
        seed=setup.step_seed(FINAL_STEP),
    )
    final = run_duel(
        final_setup, sprt=setup.sprt, player=player, stored=stored_duel(final_setup, store)
    )
    return TuneResult(tuple(measured), best, final)


def _start_values(setup: TuneSetup) -> dict[str, int | float] | None:
    """The start's own values of the tuned parameters, tried first when all are given
    in its spec and inside the ranges."""
    given = BotSpec.parse(setup.start).params
    values: dict[str, int | float] = {}
    for parameter in setup.parameters:
        try:
            value = float(given[parameter.name])
        except (KeyError, ValueError):
            return None
        if not parameter.low <= value <= parameter.high:
            return None
        values[parameter.name] = parameter.rounded(value)
    return values


def suggest_value(trial: optuna.Trial, parameter: TunedParameter) -> int | float:
    if parameter.integer:
        return trial.suggest_int(
            parameter.name, round(parameter.low), round(parameter.high), log=parameter.log
        )
    return parameter.rounded(
        trial.suggest_float(parameter.name, parameter.low, parameter.high, log=parameter.log)
    )


def _measure(
    setup: TuneSetup,
    step: int,
    values: tuple[int | float, ...],
    player: Player,
    store: ResultsStore,
) -> Candidate:
    """The candidate's duels against each opponent on the step's deals."""
    spec = setup.candidate_spec(values)
    reports = []
    for opponent in setup.against:
        duel_setup = plan_duel(
            spec,
            opponent,
            game=setup.game,
            players=setup.players,
            games=setup.games,
            seed=setup.step_seed(step),
        )
        reports.append(run_duel(duel_setup, player=player, stored=stored_duel(duel_setup, store)))
    elos = [report.elo.elo for report in reports]
    return Candidate(
        step=step,
        values=values,
        spec=spec,
        score=math.fsum(report.score for report in reports) / len(reports),
        elo=math.fsum(elos) / len(elos),
        ci95=reports[0].elo.ci95,
    )
