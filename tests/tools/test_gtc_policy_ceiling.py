"""The instrument that deals each face-down card by odds given from outside: its search
reads the odds, not the hidden cards, and its report counts a couple of games."""

from __future__ import annotations

import random

import pytest

from cheese.bots import make_bot
from cheese.bots.base import Turn
from cheese.bots.evaluation.get_the_cheese.play_odds import (
    HIDDEN,
    OddsLayout,
    hidden_places,
    holds_shown_cards,
    odds_array,
    shown,
)
from cheese.bots.mcts.config import KeptWorld
from cheese.bots.mcts.native.search import search
from cheese.engine import State
from cheese.engine.get_the_cheese.cards import (
    CAT,
    DOG,
    KIND_COUNT,
    MOUSE,
    SYMBOL_CAT,
    SYMBOL_MOUSE,
)
from cheese.engine.get_the_cheese.moves import decode_play, play_action
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.native import NativeState, native_facts
from tools.gtc_policy_ceiling import (
    DealTask,
    holding_worlds,
    main,
    one_kind,
    play_odds,
    posterior_bot,
    rerun_odds,
)

from ..bots.mcts.test_search_in_c import native_position
from ..native import needs_native

pytestmark = needs_native


def layout() -> OddsLayout:
    facts = native_facts("get-the-cheese")
    return OddsLayout(facts["max_line"], facts["card_odds_count"])


def face_down_firsts(world: State) -> dict[tuple[int, int], int]:
    """Every card played first in a play, by place, with its kind (as its owner sees it)."""
    firsts = {}
    for owner in range(world.num_players):
        view = world.view(owner)
        assert isinstance(view, GtcView)
        for cheese, line in enumerate(view.lines):
            for index, card in enumerate(line):
                if card.owner == owner and card.position == 1:
                    firsts[cheese, index] = card.kind
    return firsts


def face_down_firsts_seen_by(world: State, seat: int) -> set[tuple[int, int]]:
    """The places of the cards played first that ``seat`` sees: its own."""
    return {slot for slot in face_down_firsts(world) if owner_at(world, slot) == seat}


def owner_at(world: State, slot: tuple[int, int]) -> int:
    view = world.view(0)
    assert isinstance(view, GtcView)
    return view.lines[slot[0]][slot[1]].owner


def truth_odds(world: State) -> list[int]:
    """Odds that put every face-down first card of the others on its true kind."""
    seat = world.current_player
    rows = {
        slot: tuple(int(other == kind) for other in range(KIND_COUNT))
        for slot, kind in face_down_firsts(world).items()
        if slot not in face_down_firsts_seen_by(world, seat)
    }
    return odds_array(rows, layout())


def root_visits(
    world: State, card_odds: list[int] | None, **settings: object
) -> tuple[object, ...]:
    """What a small seeded search of ``world`` learnt of its root moves, its worlds dealt
    by ``card_odds``."""
    assert isinstance(world, NativeState)
    result = search(
        world, world.current_player, iterations=300, seconds=None, exploration=0.3,
        widen=2.0, policy=1, seed=7, card_odds=card_odds, **settings,  # type: ignore[arg-type]
    )
    return tuple((action, visits) for action, visits, _ in result.children)


def other_worlds(state: State, count: int) -> list[State]:
    seat = state.current_player
    return [state, *(state.determinize(seat, random.Random(world)) for world in range(count))]


def test_the_search_deals_the_face_down_cards_by_the_odds_and_nothing_else() -> None:
    worlds = other_worlds(native_position("get-the-cheese", 4, seed=11, moves=6), 40)
    by_firsts: dict[tuple[object, ...], list[State]] = {}
    for world in worlds:
        by_firsts.setdefault(tuple(sorted(face_down_firsts(world).items())), []).append(world)
    # The same odds, other hidden hands (and symbol cards): the same tree.
    same = next(group for group in by_firsts.values() if len(group) > 1)
    assert len({root_visits(world, truth_odds(same[0])) for world in same}) == 1
    # Odds from other tables: other trees, though the root is the same view.
    trees = {root_visits(worlds[0], truth_odds(group[0])) for group in by_firsts.values()}
    assert len(trees) > 1
    # No odds anywhere: every card dealt uniformly among the cards left.
    assert root_visits(worlds[0], [0] * layout().size) == root_visits(
        worlds[1], [0] * layout().size
    )


def test_odds_go_with_no_other_way_of_dealing() -> None:
    world = native_position("get-the-cheese", 4, seed=11, moves=14)
    odds = truth_odds(world)
    for settings in ({"keep_world": KeptWorld.TABLE}, {"determinize_weights": [1] * 42}):
        with pytest.raises(ValueError, match="the search settings are out of range"):
            root_visits(world, odds, **settings)
    drop = native_position("cheese-drop", 2, seed=3, moves=2)
    with pytest.raises(ValueError, match="the search settings are out of range"):
        root_visits(drop, [1] * 8)


def test_a_play_shows_its_start_and_its_face_up_cards() -> None:
    play = play_action(3, (CAT, SYMBOL_CAT, DOG))
    assert decode_play(play) == (3, (CAT, SYMBOL_CAT, DOG))
    assert shown(play) == (3, HIDDEN, DOG)
    assert shown(play_action(3, (MOUSE, SYMBOL_CAT, DOG))) == shown(play)


def test_reruns_count_the_kinds_the_bot_hides_in_each_hidden_place() -> None:
    state = native_position("get-the-cheese", 4, seed=11, moves=14)
    turn = Turn(state, state.current_player)
    bot = make_bot("mcts:iterations=200")
    play = bot.choose(turn, random.Random(1)).action
    odds = rerun_odds([turn] * 5, play, bot, seeds=range(5), all_first=True)
    assert set(odds) == set(hidden_places(shown(play))) and 0 in odds
    assert all(len(row) == KIND_COUNT and sum(row) <= 5 for row in odds.values())
    assert 1 <= sum(odds[0])
    view = state.view(state.current_player)
    assert isinstance(view, GtcView)
    assert all(view.hand[kind] for row in odds.values() for kind in range(KIND_COUNT) if row[kind])
    assert hidden_places(shown(play_action(0, (MOUSE, SYMBOL_CAT, DOG)))) == (0, 1)
    assert hidden_places(shown(play_action(0, (DOG, CAT, SYMBOL_MOUSE)))) == (0, 2)


def test_inferred_odds_come_from_worlds_of_the_seats_view_alone() -> None:
    state = native_position("get-the-cheese", 4, seed=11, moves=14)
    seat = state.current_player
    bot = make_bot("mcts:iterations=200")
    play = bot.choose(Turn(state, seat), random.Random(1)).action
    lone = (seat + 1) % state.num_players
    spec = "mcts:iterations=200"
    task = DealTask(spec, spec, 4, 0, 0, 12, "inferred", spec)
    odds = play_odds(task, state, lone, play, decision=3)
    # Another world of the same view for the lone seat: the same odds.
    other = state.determinize(lone, random.Random(99))
    assert other != state
    assert play_odds(task, other, lone, play, decision=3) == odds
    # Only searches that played alike count: never more than there were.
    assert sum(odds[0]) <= 12


def test_an_inferred_world_holds_the_cards_the_play_shows() -> None:
    play = play_action(2, (MOUSE, SYMBOL_CAT, DOG))
    #                 mouse, mouse*, big, king, cat, cat*, dog
    assert holds_shown_cards((0, 1, 0, 0, 0, 0, 1), shown(play))
    assert holds_shown_cards((0, 0, 0, 0, 0, 1, 1), shown(play))
    assert not holds_shown_cards((3, 0, 0, 0, 0, 0, 1), shown(play))  # no symbol card
    assert not holds_shown_cards((0, 1, 0, 0, 0, 0, 0), shown(play))  # no dog
    assert not holds_shown_cards((0, 0, 0, 0, 0, 0, 2), shown(play_action(0, (DOG, MOUSE, MOUSE))))
    state = native_position("get-the-cheese", 4, seed=11, moves=14)
    seat = state.current_player
    bot = make_bot("mcts:iterations=200")
    real = bot.choose(Turn(state, seat), random.Random(1)).action
    for world in holding_worlds(state, (seat + 1) % 4, real, seeds=range(6)):
        view = world.view(seat)
        assert isinstance(view, GtcView)
        assert holds_shown_cards(view.hand, shown(real))


def test_a_symbol_card_in_2nd_or_3rd_place_is_dealt_by_its_odds() -> None:
    state = native_position("get-the-cheese", 4, seed=11, moves=14)
    seat = state.current_player
    owners = state.view(0)
    assert isinstance(owners, GtcView)
    symbol_slots = [
        (cheese, index)
        for cheese, line in enumerate(owners.lines)
        for index, card in enumerate(line)
        if card.owner != seat and card.position > 1 and card.face_down
    ]
    assert symbol_slots
    trees = {
        root_visits(state, odds_array({slot: one_kind(kind) for slot in symbol_slots}, layout()))
        for kind in (SYMBOL_MOUSE, SYMBOL_CAT)
    }
    assert len(trees) == 2
    # Odds on a card that cannot lie there (no symbol): dealt as if it had none.
    assert root_visits(
        state, odds_array({slot: one_kind(DOG) for slot in symbol_slots}, layout())
    ) == root_visits(state, [0] * layout().size)


def test_the_instrument_is_one_mcts_search(capsys: pytest.CaptureFixture[str]) -> None:
    assert posterior_bot("mcts:iterations=300").spec == "mcts:iterations=300"
    for argv in (["--spec", "greedy"], ["--players", "6"], ["--reruns", "0"], ["--model", "foo"]):
        with pytest.raises(SystemExit) as stopped:
            main([*argv, "--deals", "1"])
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert error.startswith("gtc_policy_ceiling: ") and error.count("\n") == 1


def test_a_short_run_reports_the_score_and_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--spec", "mcts:iterations=100", "--players", "3", "--deals", "2", "--seed", "5",
          "--reruns", "2", "--workers", "2"])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == (
        "mcts:iterations=100 alone among mcts:iterations=100, 3 players, 2 deals (6 games), "
        "seed 5"
    )
    assert printed[1] == (
        "the others' face-down first cards dealt by 2 more searches of their bot, their hands "
        "known"
    )
    assert printed[2].startswith("score ") and printed[2].endswith(" of 12 pairs")
    assert printed[3].startswith("chance the odds gave the true card: ")
    assert printed[3].endswith(" face-down first cards (the rest dealt blind)")
    main(["--spec", "mcts:iterations=100", "--players", "3", "--deals", "1", "--odds", "truth"])
    truth = capsys.readouterr().out.splitlines()
    assert truth[3].startswith("chance the odds gave the true card: 1.000 over 30 of 30 ")
    main(["--spec", "mcts:iterations=100", "--players", "3", "--deals", "1", "--odds",
          "inferred", "--reruns", "4"])
    inferred = capsys.readouterr().out.splitlines()
    assert inferred[1].endswith("dealt from the seat's view, those that played alike")
    main(["--spec", "mcts:iterations=100", "--players", "3", "--deals", "1", "--odds",
          "inferred", "--reruns", "3", "--model", "mcts:iterations=50"])
    modelled = capsys.readouterr().out.splitlines()
    assert modelled[1] == (
        "the others' face-down first cards dealt by 3 searches of mcts:iterations=50 in "
        "worlds dealt from the seat's view, those that played alike"
    )
