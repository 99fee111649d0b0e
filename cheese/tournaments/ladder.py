"""A skill ladder: the Elo a bot gains each time a budget parameter is doubled.

``iterations=250:16000`` gives the rungs 250, 500, 1000, … up to 16000; each rung plays
the one below it in a duel on paired deals (its own seed per rung), so each doubling's Elo
and 95% interval are measured directly, and their running sum is the ladder. The ladder
*flattens* at the doubling from which on every interval reaches down to zero: from there
the games cannot tell any larger budget from the one below it. (A single doubling whose
interval reaches zero, followed by one that gains clearly, is noise, not a flat.)
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.bots.spec import BotSpec, ParameterRange, compose_spec
from cheese.referee.pool import Player
from cheese.store import ResultsStore
from cheese.tournaments.duel import plan_duel, run_duel, stored_duel
from cheese.tournaments.report import DuelReport
from cheese.tournaments.tune import STEP_SEED_STRIDE, parameters_of

MAX_RUNGS = 16
"""At most this many budgets (15 doublings) in one ladder."""


@dataclass(frozen=True, slots=True)
class LadderSetup:
    """The bot, the doubled parameter's rungs and the duels' settings."""

    start: str
    parameter: str
    rungs: tuple[int, ...]
    game: str
    players: int | None
    games: int
    seed: int

    def spec_at(self, value: int) -> str:
        """The start's spec with the budget set to ``value``.

        >>> plan_ladder("mcts:c=1", "iterations=10:40").spec_at(20)
        'mcts:c=1,iterations=20'
        """
        start = BotSpec.parse(self.start)
        settings = dict(start.settings)
        settings[self.parameter] = str(value)
        return compose_spec(start.name, list(settings.items()))


def plan_ladder(
    start: str,
    budget: str,
    *,
    game: str = "cheese-drop",
    players: int | None = None,
    games: int = 200,
    seed: int = 0,
) -> LadderSetup:
    """Check the ladder's arguments; ``ValueError`` (or ``BotSpecError``) names the bad one.

    >>> plan_ladder("mcts", "iterations=250:2000").rungs
    (250, 500, 1000, 2000)
    """
    spec = BotSpec.parse(start)
    chosen = ParameterRange.parse(
        budget,
        bot=spec.name,
        declared=parameters_of(spec.name),
        option="--budget",
        example="iterations=250:16000",
        integer_only=True,
    )
    name, low, high = chosen.parameter.name, int(chosen.low), int(chosen.high)
    if not (0 < low and 2 * low <= high):
        raise ValueError(f"--budget {budget!r}: HIGH must be at least twice LOW, above 0")
    rungs = [low]
    while 2 * rungs[-1] <= high and len(rungs) < MAX_RUNGS:
        rungs.append(2 * rungs[-1])
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    setup = LadderSetup(start, name, tuple(rungs), game, players, games, seed)
    plan_duel(
        setup.spec_at(rungs[1]),
        setup.spec_at(rungs[0]),
        game=game,
        players=players,
        games=games,
        seed=seed,
    )
    return setup


@dataclass(frozen=True, slots=True)
class Rung:
    """One doubling: the budget it doubles to, and the duel of it against the one below."""

    value: int
    below: int
    duel: DuelReport

    @property
    def flat(self) -> bool:
        """Whether the doubling's interval reaches down to zero (or it has none)."""
        return self.duel.elo.ci95 is None or self.duel.elo.ci95[0] <= 0.0


@dataclass(frozen=True, slots=True)
class Ladder:
    setup: LadderSetup
    rungs: tuple[Rung, ...]

    @property
    def flattens_at(self) -> int | None:
        """The budget from which on no doubling is told apart from the one below."""
        return flat_from([rung.value for rung in self.rungs], [rung.flat for rung in self.rungs])

    def cumulative(self) -> list[float]:
        """The Elo of each budget over the lowest (0 for the lowest)."""
        total = [0.0]
        for rung in self.rungs:
            total.append(total[-1] + rung.duel.elo.elo)
        return total


def flat_from(values: list[int], flat: list[bool]) -> int | None:
    """The first of ``values`` from which on every doubling is ``flat``; None if the last
    one is not.

    >>> flat_from([500, 1000, 2000, 4000], [False, True, False, True])
    4000
    >>> flat_from([500, 1000, 2000], [True, True, True])
    500
    >>> flat_from([500, 1000], [True, False]) is None
    True
    """
    start = len(flat)
    while start > 0 and flat[start - 1]:
        start -= 1
    return values[start] if start < len(values) else None


def run_ladder(setup: LadderSetup, *, player: Player, store: ResultsStore) -> Ladder:
    """Each rung's duel against the one below, stored in ``store`` (a run again resumes)."""
    rungs = []
    for index, (below, value) in enumerate(zip(setup.rungs, setup.rungs[1:])):
        duel_setup = plan_duel(
            setup.spec_at(value),
            setup.spec_at(below),
            game=setup.game,
            players=setup.players,
            games=setup.games,
            seed=(setup.seed * STEP_SEED_STRIDE + index) % 2**64,
        )
        report = run_duel(duel_setup, player=player, stored=stored_duel(duel_setup, store))
        rungs.append(Rung(value, below, report))
    return Ladder(setup, tuple(rungs))
