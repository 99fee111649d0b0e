"""The clairvoyant diagnostic sees where the hidden marbles ended, and its duel reports
the duel's score on a couple of games."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cheese.bots import make_bot
from cheese.bots.base import Turn
from cheese.bots.evaluation.cheese_drop.evaluator import (
    CheeseDropEvaluator,
    drop_options,
    drop_view,
)
from cheese.bots.evaluation.cheese_drop.round_lines import draw_lanes
from cheese.bots.expectimax import ExpectimaxBot
from cheese.bots.greedy import GreedyBot
from cheese.engine import State
from cheese.engine.cheese_drop.core import Phase
from cheese.tournaments.duel import plan_duel, run_duel
from tools.drop_ceiling import clairvoyant_bot, hidden_truth, main, seat_factory

from ..bots.evaluation.cheese_drop.test_round_lines import bet_in_round
from ..bots.expectimax.test_cheese_drop_tables import decision_in_round
from ..native import needs_native


def other_worlds(state: State) -> list[State]:
    """``state`` and three states of the same view whose hidden marbles were redrawn."""
    seat = state.current_player
    return [state, *(state.determinize(seat, random.Random(world)) for world in range(3))]


def test_the_clairvoyant_reads_each_worlds_hidden_marbles_the_view_cannot_tell() -> None:
    worlds = other_worlds(bet_in_round(4, 1, seed=8))
    truths = [hidden_truth(Turn(world, world.current_player)) for world in worlds]
    assert len({truth.base.tobytes() + truth.events.tobytes() for truth in truths}) > 1
    view = drop_view(worlds[0])
    assert all(drop_view(world) == view for world in worlds)
    # Every draw of the lanes' law a bot makes comes from the view alone: the same in
    # every world.
    blind = [
        draw_lanes(drop_view(world), drop_options(world), 8, np.random.default_rng(1))
        for world in worlds
    ]
    assert all((draws.base == blind[0].base).all() for draws in blind)


def test_the_clairvoyant_bets_by_the_truth_and_the_bot_does_not() -> None:
    worlds = other_worlds(decision_in_round(4, 5, 2, Phase.BET))
    seen = [
        clairvoyant_bot("expectimax").choose(Turn(world, world.current_player), random.Random(4))
        for world in worlds
    ]
    blind = [
        make_bot("expectimax").choose(Turn(world, world.current_player), random.Random(4))
        for world in worlds
    ]
    assert len({decision.top for decision in seen}) > 1
    assert len({decision.top for decision in blind}) == 1


def test_only_an_expectimax_spec_is_made_clairvoyant(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["--spec", "greedy", "--games", "2"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "drop_ceiling: the clairvoyant bot is an expectimax spec, not 'greedy'\n"
    )


@needs_native
def test_a_short_duel_reports_the_score_and_the_replies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--players", "2", "--games", "2", "--seed", "3"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "clairvoyant expectimax vs greedy, 2 players, 1 deal (2 games), seed 3"
    assert printed[1].startswith("score ")
    assert printed[1].endswith(" of 2 pairs")
    assert printed[-2].startswith("replies: A clairvoyant expectimax: median ")
    assert printed[-1].startswith("replies: B greedy: median ")


def test_only_the_clairvoyant_seats_text_builds_the_clairvoyant() -> None:
    build = seat_factory("expectimax:width=6")
    seeing = build("clairvoyant expectimax:width=6")
    blind = build("expectimax:width=6")
    assert isinstance(seeing, ExpectimaxBot) and isinstance(blind, ExpectimaxBot)
    assert seeing.spec == blind.spec == "expectimax:width=6"
    assert isinstance(seeing.evaluator, CheeseDropEvaluator) and blind.evaluator is None
    assert isinstance(build("greedy"), GreedyBot)


@pytest.mark.slow
@needs_native
def test_blind_it_plays_the_duels_games(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--players", "2", "--games", "2", "--seed", "3", "--blind"])
    printed = capsys.readouterr().out.splitlines()
    setup = plan_duel("expectimax", "greedy", game="cheese-drop", players=2, games=2, seed=3)
    duel = run_duel(setup)
    pairs = duel.pairs
    assert printed[0].startswith("expectimax vs greedy, 2 players")
    assert printed[1].startswith(
        f"score {duel.score:.3f}: {pairs.wins} wins, {pairs.draws} draws, {pairs.losses} losses"
    )
