"""The clairvoyant Get The Cheese! search sees the cards the seat's view hides, and its
duel reports the score on a couple of games."""

from __future__ import annotations

import random

import pytest

from cheese.bots import make_bot
from cheese.bots.base import Turn
from cheese.bots.mcts import MctsBot
from cheese.bots.mcts.config import KeptWorld
from cheese.bots.mcts.native.search import search
from cheese.engine import Seat, State
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.native import NativeState
from tools.gtc_ceiling import (
    ClairvoyantMcts,
    clairvoyant_bot,
    main,
    seat_factory,
)

from ..bots.mcts.test_search_in_c import native_position
from ..native import needs_native

pytestmark = needs_native


def other_worlds(state: State, count: int = 5) -> list[State]:
    """``state`` and ``count`` states of the same view whose hidden cards were dealt
    again."""
    seat = state.current_player
    return [state, *(state.determinize(seat, random.Random(world)) for world in range(count))]


def gtc_view(world: State, seat: Seat) -> GtcView:
    """What ``seat`` sees of ``world``."""
    view = world.view(seat)
    assert isinstance(view, GtcView)
    return view


def table_of(world: State, seat: Seat) -> tuple[object, ...]:
    """Every card on the table, face-down ones included: the lines as each other seat
    sees them (its own face-down cards shown)."""
    others = (other for other in range(world.num_players) if other != seat)
    return tuple(gtc_view(world, other).lines for other in others)


def hands_of(world: State, seat: Seat) -> tuple[object, ...]:
    """The other seats' hands."""
    others = (other for other in range(world.num_players) if other != seat)
    return tuple(gtc_view(world, other).hand for other in others)


def root_visits(
    world: State, keep_world: KeptWorld, redraw: float = 0.0
) -> tuple[tuple[int, int], ...]:
    """What a small seeded search of ``world`` learnt of its root moves."""
    assert isinstance(world, NativeState)
    result = search(
        world, world.current_player, iterations=300, seconds=None, exploration=0.3,
        widen=2.0, policy=1, seed=7, keep_world=keep_world, redraw_table=redraw,
    )
    return tuple((action, visits) for action, visits, _ in result.children)


def test_only_the_clairvoyant_search_depends_on_the_hidden_cards() -> None:
    worlds = other_worlds(native_position("get-the-cheese", 4, seed=11, moves=14))
    view = worlds[0].view(worlds[0].current_player)
    assert all(world.view(world.current_player) == view for world in worlds)
    assert len(set(worlds)) == len(worlds)
    # A blind search draws its worlds from the view alone: the same tree from each.
    assert len({root_visits(world, KeptWorld.NONE) for world in worlds}) == 1
    assert len({root_visits(world, KeptWorld.WORLD) for world in worlds}) > 1


def test_keeping_the_table_draws_the_other_seats_hands_alone() -> None:
    state = native_position("get-the-cheese", 4, seed=11, moves=6)
    seat = state.current_player
    by_table: dict[tuple[object, ...], list[State]] = {}
    for world in other_worlds(state, 40):
        by_table.setdefault(table_of(world, seat), []).append(world)
    assert len(by_table) > 1
    one, other = next(
        group for group in by_table.values() if len({hands_of(w, seat) for w in group}) > 1
    )[:2]
    assert hands_of(one, seat) != hands_of(other, seat)
    # The same face-down cards, other hands: the hands are drawn anyway.
    assert root_visits(one, KeptWorld.TABLE) == root_visits(other, KeptWorld.TABLE)
    assert root_visits(one, KeptWorld.WORLD) != root_visits(other, KeptWorld.WORLD)
    # Other face-down cards: other trees.
    assert len({root_visits(group[0], KeptWorld.TABLE) for group in by_table.values()}) > 1


def test_a_table_known_in_part_is_redrawn_in_that_share_of_the_iterations() -> None:
    worlds = other_worlds(native_position("get-the-cheese", 4, seed=11, moves=14))
    # Every iteration redrawn: a blind search, whatever the table.
    assert len({root_visits(world, KeptWorld.TABLE, redraw=1.0) for world in worlds}) == 1
    # Half of them: the table still shows.
    assert len({root_visits(world, KeptWorld.TABLE, redraw=0.5) for world in worlds}) > 1
    assert root_visits(worlds[0], KeptWorld.TABLE, 0.5) != root_visits(
        worlds[0], KeptWorld.TABLE
    )
    for refused in ((KeptWorld.NONE, 0.5), (KeptWorld.WORLD, 0.5), (KeptWorld.TABLE, 1.5),
                    (KeptWorld.CARDS, -0.5)):
        with pytest.raises(ValueError):
            root_visits(worlds[0], *refused)


def test_the_clairvoyant_is_the_specs_mcts_and_only_an_mcts_spec_is_made_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    bot = clairvoyant_bot("mcts:iterations=300,c=0.5")
    assert isinstance(bot, ClairvoyantMcts) and bot.spec == "mcts:iterations=300,c=0.5"
    assert bot.kept is KeptWorld.WORLD
    assert clairvoyant_bot("mcts", "table").kept is KeptWorld.TABLE
    assert clairvoyant_bot("mcts", "table", redraw=0.25).redraw == 0.25
    with pytest.raises(SystemExit) as stopped:
        main(["--spec", "greedy", "--games", "2"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        "gtc_ceiling: the clairvoyant bot is an mcts spec, not 'greedy'\n"
    )


def test_the_clairvoyant_plays_a_legal_move_of_the_true_state() -> None:
    state = native_position("get-the-cheese", 3, seed=4, moves=9)
    turn = Turn(state, state.current_player)
    decision = clairvoyant_bot("mcts:iterations=200").choose(turn, random.Random(1))
    assert decision.action in state.legal_actions()
    assert decision.info["loop"] == "c"


def test_only_the_clairvoyant_seats_text_builds_the_clairvoyant() -> None:
    build = seat_factory("mcts:iterations=300")
    assert type(build("clairvoyant mcts:iterations=300")) is ClairvoyantMcts
    seeing_the_table = seat_factory("mcts:iterations=300", "table", 0.5)
    table_seer = seeing_the_table("clairvoyant mcts:iterations=300")
    assert isinstance(table_seer, ClairvoyantMcts)
    assert (table_seer.kept, table_seer.redraw) == (KeptWorld.TABLE, 0.5)
    blind = build("mcts:iterations=300")
    assert isinstance(blind, MctsBot) and not isinstance(blind, ClairvoyantMcts)
    assert build("greedy").spec == make_bot("greedy").spec


def test_a_short_duel_reports_the_score_and_the_replies(
    capsys: pytest.CaptureFixture[str],
) -> None:
    main(["--spec", "mcts:iterations=200", "--players", "3", "--games", "6", "--seed", "3"])
    printed = capsys.readouterr().out.splitlines()
    assert printed.pop(0) == (
        "the clairvoyant sees: every hidden card (the others' hands and face-down cards)"
    )
    assert printed[0] == (
        "clairvoyant mcts:iterations=200 vs mcts:iterations=200, 3 players, 1 deal (6 games), "
        "seed 3"
    )
    assert printed[1].startswith("score ") and printed[1].endswith(" of 12 pairs")
    assert printed[-2].startswith("replies: A clairvoyant mcts:iterations=200: median ")
    assert printed[-1].startswith("replies: B mcts:iterations=200: median ")


def test_a_game_with_nothing_face_down_on_the_table_cannot_keep_only_its_table() -> None:
    state = native_position("cheese-drop", 2, seed=3, moves=2)
    with pytest.raises(ValueError, match="the search settings are out of range"):
        root_visits(state, KeptWorld.TABLE)
    assert root_visits(state, KeptWorld.WORLD)


def test_a_table_known_card_by_card_runs_from_the_whole_table_to_none_of_it() -> None:
    worlds = other_worlds(native_position("get-the-cheese", 4, seed=11, moves=14))
    for world in worlds:
        # No card dealt: the whole table kept; every card dealt: a blind search.
        assert root_visits(world, KeptWorld.CARDS, 0.0) == root_visits(world, KeptWorld.TABLE)
        assert root_visits(world, KeptWorld.CARDS, 1.0) == root_visits(world, KeptWorld.NONE)
    halfway = {root_visits(world, KeptWorld.CARDS, 0.5) for world in worlds}
    assert len(halfway) > 1
    assert root_visits(worlds[0], KeptWorld.CARDS, 0.5) not in {
        root_visits(worlds[0], KeptWorld.TABLE),
        root_visits(worlds[0], KeptWorld.NONE),
        root_visits(worlds[0], KeptWorld.TABLE, 0.5),
    }


def test_a_redraw_share_needs_the_table_and_a_share(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--redraw", "0.5"], ["--sees", "cards", "--redraw", "2"]):
        with pytest.raises(SystemExit) as stopped:
            main([*argv, "--games", "2"])
        assert stopped.value.code == 2
        assert capsys.readouterr().err == (
            "gtc_ceiling: --redraw is a share from 0 to 1, with --sees table or cards\n"
        )
