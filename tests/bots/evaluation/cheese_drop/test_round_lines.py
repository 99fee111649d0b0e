"""Cheese Drop's round search: lane draws against the rules' scoring, exact places,
the other seats' predicted replies, and the searching seat's lines."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from cheese.bots.base import Turn
from cheese.bots.evaluation.cheese_drop.evaluator import (
    CheeseDropEvaluator,
    drop_options,
    drop_view,
    round_end_spread,
)
from cheese.bots.evaluation.cheese_drop.outlook import lane_distributions, marble_odds, outlook
from cheese.bots.evaluation.cheese_drop.round_lines import (
    LaneDraws,
    RoundEndSpread,
    RoundLines,
    draw_lanes,
    drawn_points,
    mean_rewards,
    mirror_column,
    scored_lanes,
)
from cheese.bots.greedy import GreedyBot
from cheese.bots.lines.full_search import best_line_values
from cheese.bots.search.rewards import estimated_rewards, terminal_rewards_of
from cheese.engine import State, load_game
from cheese.engine.api import OptionValue
from cheese.engine.cheese_drop.betting import legal_columns
from cheese.engine.cheese_drop.core import EVENT_COUNT, LANE_COUNT, ROUNDS, Phase
from cheese.engine.cheese_drop.scoring import lane_contents, round_points
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.luck import advance_chance
from tools.cheese_drop_fit import play_seated
from tools.drop_ceiling import hidden_truth

from ...expectimax.test_cheese_drop_tables import decision_in_round
from .test_evaluator import betting_position


def bet_in_round(players: int, round_index: int, seed: int, **options: OptionValue) -> State:
    """The first bet of round ``round_index`` after seeded random moves."""
    game = load_game("cheese-drop", backend="reference")
    state = advance_chance(game.new_initial_state(players, seed=seed, **options))
    rng = random.Random(seed)
    while not (drop_view(state).phase == Phase.BET and drop_view(state).round == round_index):
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
    return state


def spread_of(view: DropView) -> RoundEndSpread | None:
    return round_end_spread(view.num_players, ROUNDS - 1 - view.round)


def lines_of(state: State, seed: int = 0, samples: int = 256) -> RoundLines:
    evaluator = CheeseDropEvaluator()
    view = drop_view(state)
    return RoundLines(
        view, drop_options(state), evaluator.bet_rewards, spread_of(view),
        random.Random(seed), samples=samples,
    )


@pytest.mark.parametrize("seed", range(3))
def test_with_nothing_hidden_every_draw_is_the_rules_scoring(seed: int) -> None:
    state = betting_position(seed, hidden_rows=0)
    view = drop_view(state)
    lanes = draw_lanes(view, drop_options(state), 4, np.random.default_rng(seed))
    bets = ((0, 2, 6 + 4), (1, 6 + 0, 6 + 6))
    expected = [points.total for points in round_points(lane_contents(state.marbles), bets)]
    assert drawn_points(bets, lanes).tolist() == [expected] * 4


def test_the_draws_follow_the_evaluations_law_of_the_fall() -> None:
    state = betting_position(5)
    view = drop_view(state)
    options = drop_options(state)
    lanes = draw_lanes(view, options, 40_000, np.random.default_rng(5))
    exact = outlook(marble_odds(view, options, lane_distributions(options.rows)))
    for lane in range(LANE_COUNT):
        assert lanes.base[:, lane].mean() == pytest.approx(exact.base[lane], abs=0.05)
        # Events 1–5 are exact in the evaluation (6 and 7 use a normal approximation).
        for event in range(EVENT_COUNT - 2):
            assert lanes.events[:, event, lane].mean() == pytest.approx(
                exact.events[event][lane], abs=0.06
            )


def test_exact_places_are_the_rewards_of_a_finished_game() -> None:
    totals = np.array([[7.0, 3.0, 7.0, 0.0], [1.0, 2.0, 3.0, 4.0]])
    for draw in totals:
        assert mean_rewards(draw[None, :], None).tolist() == pytest.approx(
            list(terminal_rewards_of(draw, draw))
        )
    assert mean_rewards(totals, None).tolist() == pytest.approx(
        list(np.mean([terminal_rewards_of(draw, draw) for draw in totals], axis=0))
    )


def test_before_the_last_round_the_rewards_are_the_estimated_ones() -> None:
    for draw in ([7.0, 3.0, 7.0, 0.0], [1.0, 2.0, 3.0, 4.0]):
        assert mean_rewards(np.array([draw]), RoundEndSpread.even(5.0)).tolist() == (
            pytest.approx(list(estimated_rewards(draw, 5.0)))
        )


def test_an_uneven_spread_values_leads_and_deficits_apart() -> None:
    totals = np.array([[10.0, 9.0, 13.0]])
    first, _, _ = mean_rewards(totals, RoundEndSpread(ahead=0.5, behind=3.0))
    beaten = 1.0 / (1.0 + math.exp(-1.0 / 0.5)) + 1.0 / (1.0 + math.exp(3.0 / 3.0))
    assert first == pytest.approx(0.8 * beaten / 2 + 0.2 * 10.0 / 32.0)


def test_with_two_players_a_lead_before_the_last_round_is_all_but_a_win() -> None:
    """The searching seat keeps a two-player lead by copying its rival's lanes in the
    last round; a deficit still leaves it a chance."""
    for rounds_after in (1, 2):
        spread = round_end_spread(2, rounds_after)
        assert spread is not None
        lead, trail = mean_rewards(np.array([[11.0, 10.0]]), spread)
        assert lead > 0.8 * 0.99 + 0.2 * 11.0 / 21.0 - 1e-9
        assert 0.8 * 0.1 < trail - 0.2 * 10.0 / 21.0 < 0.8 * 0.5
    assert round_end_spread(2, 0) is None
    assert round_end_spread(4, 1) == RoundEndSpread.even(5.0)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_the_other_seats_are_predicted_to_play_greedys_bets(players: int, seed: int) -> None:
    state = bet_in_round(players, 1, seed)
    search = lines_of(state)
    bets = drop_view(state).bets
    for _ in range(players):
        seat = state.current_player
        chosen = GreedyBot().choose(Turn(state, seat), random.Random(0)).action
        valued = search.one_ply(bets, seat)
        best = [column for value, column in valued if value == valued[0][0]]
        # Greedy breaks exact ties by its rng, the prediction by the lower column.
        assert chosen in best and search.reply(bets, seat) == best[0]
        state = advance_chance(state.apply(chosen))
        bets = drop_view(state).bets


def test_the_values_read_only_the_public_view() -> None:
    state = bet_in_round(4, 0, seed=4)
    hidden = state.determinize(state.current_player, random.Random(9))
    assert hidden != state
    legal = state.legal_actions()
    evaluator = CheeseDropEvaluator()
    values = []
    for world in (state, hidden):
        lines = evaluator.lines(Turn(world, world.current_player), random.Random(3))
        assert lines is not None
        values.append(best_line_values(lines, legal))
    assert values[0] == values[1] and len(values[0]) == len(legal)


def revealed_lanes(turn: Turn) -> LaneDraws:
    return hidden_truth(turn)


def test_the_true_lanes_are_those_the_round_is_scored_by() -> None:
    state = bet_in_round(4, 1, seed=6)
    truth = revealed_lanes(Turn(state, state.current_player))
    rng = random.Random(2)
    while len(drop_view(state).results) < 2:
        legal = state.legal_actions()
        state = advance_chance(state.apply(legal[rng.randrange(len(legal))]))
    scored = drop_view(state).results[1]
    counts = np.array([scored.lanes], dtype=np.int64)
    assert (truth.base == scored_lanes(counts).base).all()
    assert (truth.events == scored_lanes(counts).events).all()
    assert drawn_points(scored.bets, truth).tolist() == [list(scored.points)]


def test_lines_given_the_truth_value_each_world_by_its_own_hidden_lanes() -> None:
    state = decision_in_round(4, 4, 1, Phase.BET)
    legal = state.legal_actions()
    seeing = CheeseDropEvaluator(hidden_lanes=revealed_lanes)
    values = []
    worlds = [state.determinize(state.current_player, random.Random(w)) for w in range(3)]
    for world in (state, *worlds):
        lines = seeing.lines(Turn(world, world.current_player), random.Random(3))
        assert lines is not None
        values.append(best_line_values(lines, legal))
    assert len({tuple(found) for found in values}) > 1


def test_gates_have_no_lines() -> None:
    game = load_game("cheese-drop", backend="reference")
    state = advance_chance(game.new_initial_state(4, seed=1))
    assert drop_view(state).phase == Phase.GATE
    turn = Turn(state, state.current_player)
    assert CheeseDropEvaluator().lines(turn, random.Random(0)) is None


def test_a_seat_nobody_can_catch_is_sure_of_its_place_on_every_line() -> None:
    state = bet_in_round(3, ROUNDS - 1, seed=6)
    view = drop_view(state)
    seat = view.current_player
    totals = tuple(200 if other == seat else 0 for other in range(3))
    evaluator = CheeseDropEvaluator()
    search = RoundLines(
        replace(view, totals=totals), drop_options(state), evaluator.bet_rewards,
        spread_of(view), random.Random(0),
    )
    for value in best_line_values(search, state.legal_actions()):
        assert 0.8 + 0.2 * 200 / 250 < value <= 1.0


def test_in_the_last_round_a_seat_ahead_copies_its_rivals_last_lane() -> None:
    """Two seats, the last piece of the game, the seat to bet one point ahead and its
    rival on three lanes, two of them its own: taking the third keeps the lead on every
    draw, which the exact value sees as a sure win."""
    state = bet_in_round(2, ROUNDS - 1, seed=2)
    view = drop_view(state)
    options = drop_options(state)
    exact = outlook(marble_odds(view, options, lane_distributions(options.rows)))
    lanes = sorted(range(LANE_COUNT), key=lambda lane: -exact.base[lane])
    copied, held = lanes[0], tuple(sorted(lanes[1:3]))
    ahead, behind = 1, 0
    bets = (tuple(sorted((*held, copied))), held)
    position = replace(view, totals=(10, 11), bets=bets, current_player=ahead)
    evaluator = CheeseDropEvaluator()
    search = RoundLines(position, options, evaluator.bet_rewards, None, random.Random(0))
    assert search.seat == ahead and behind != ahead
    legal = legal_columns(bets, ahead, options)
    values = dict(zip(legal, best_line_values(search, legal)))
    assert max(values, key=lambda column: values[column]) == copied
    assert values[copied] > 0.8


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (4, 5)])
def test_a_line_runs_to_the_end_of_the_round_through_the_predicted_replies(
    players: int, seed: int
) -> None:
    state = bet_in_round(players, 1, seed)
    search = lines_of(state)
    node = search.root
    while not search.is_end(node):
        column = search.moves(node)[0]
        following = search.after(node, column)
        placed = sum(len(columns) for columns in following) - sum(len(c) for c in node)
        # Between two turns of the seat, every other seat placed one piece: a lap.
        assert placed == players or search.is_end(following)
        assert column in following[search.seat]
        node = following
    assert all(len(columns) == 3 for columns in node)
    assert 0.0 <= search.end_value(node) <= 1.0


def test_the_mirror_column_is_the_rivals_piece_a_seat_ahead_has_not_copied() -> None:
    options = drop_options(bet_in_round(2, ROUNDS - 1, seed=1))
    lane, event = 2, LANE_COUNT + 1
    # Seat 1 ahead, its rival on lane 2 and event 2, seat 1 on event 2 only.
    assert mirror_column(((event, lane), (event,)), 1, (10, 11), options) == lane
    assert mirror_column(((lane,), ()), 1, (10, 11), options) == lane
    # Level or behind: copying keeps a tie or a deficit, nothing sure to keep.
    assert mirror_column(((lane,), ()), 1, (11, 11), options) is None
    assert mirror_column(((lane,), ()), 1, (12, 11), options) is None
    # A piece of the seat's own elsewhere: the rounds' points may differ.
    assert mirror_column(((event, lane), (4,)), 1, (10, 11), options) is None
    # Not the seat's turn in the lap, or one cell a column: no copy to make.
    assert mirror_column(((lane,), (lane,)), 1, (10, 11), options) is None
    assert mirror_column(((lane,), ()), 1, (10, 11), replace(options, cells_per_column=1)) is None
    # Three seats: a copy of one rival keeps nothing from the third.
    assert mirror_column(((lane,), (), ()), 1, (10, 11, 0), options) is None


@pytest.mark.parametrize("spec", ["mcts", "expectimax"])
def test_with_two_seats_a_lead_into_the_last_round_is_kept_whatever_the_rival_bets(
    spec: str,
) -> None:
    """Against the random bot (nothing like the greedy bets the lines predict), the
    searching seat ahead after round 2 takes its rival's every column in round 3 and
    wins."""
    leads = 0
    for seed in range(4):
        searcher, rival = seed % 2, 1 - seed % 2
        final = play_seated(2, seed, spec, "random")
        results = drop_view(final).results
        before = [sum(result.points[seat] for result in results[:-1]) for seat in range(2)]
        if before[searcher] > before[rival]:
            leads += 1
            last_bets = results[-1].bets
            assert sorted(last_bets[searcher]) == sorted(last_bets[rival])
            assert final.ranking()[searcher] == 1 < final.ranking()[rival]
    assert leads >= 2, "too few games with a lead to show it kept"
