"""The clairvoyant solver knows each deal's order, finds completions that replay in the
engine, and agrees with an exhaustive search of every placement on small decks; the fatal
placement of a lost game is the last one a clairvoyant could still complete after."""

from __future__ import annotations

from pathlib import Path

import pytest

from cheese.engine import State, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.native.bridge import NativeState, chasers_solve_order
from tools.chasers_ceiling import deck_order, main
from tools.chasers_completion import main as completion_main
from tools.chasers_completion import play_deal
from tools.chasers_fatal_placement import cards_on_table, clairvoyant_completes
from tools.chasers_fatal_placement import main as fatal_main

from ..native import needs_native

SMALL_DECK = {"mice": 5, "cats": 1, "cheese": 1, "traps": 3}
"""Three traps, so one must be shut by four active mice: some orders allow it, some not."""


def native_state(seed: int, **options: int) -> NativeState:
    state = load_game("cheese-chasers", "native").new_initial_state(1, seed, **options)
    assert isinstance(state, NativeState)
    return state


def completable(state: State, known: dict[State, bool]) -> bool:
    """Whether some placements complete the deal, trying every one (the draws are the
    deal's own): the exhaustive answer the solver must give."""
    if state.is_terminal():
        return not state.ended_early()
    if state not in known:
        if state.is_chance_node():
            known[state] = completable(state.apply(resolve_chance(state)), known)
        else:
            known[state] = any(completable(state.apply(a), known) for a in state.legal_actions())
    return known[state]


@needs_native
def test_the_order_is_the_one_the_deal_draws_whatever_is_placed() -> None:
    state = native_state(1_100_007)
    order = deck_order(state)
    drawn: list[int] = []
    while not state.is_terminal():
        if state.is_chance_node():
            kind = resolve_chance(state)
            drawn.append(kind)
            state = state.apply(kind)
        else:
            state = state.apply(state.legal_actions()[-1])
    assert len(order) == 40
    assert drawn == order[: len(drawn)]


@needs_native
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 8, 10, 11])
def test_the_solver_agrees_with_trying_every_placement(seed: int) -> None:
    state = native_state(seed, **SMALL_DECK)
    solve = chasers_solve_order(state, deck_order(state), 10_000_000)
    assert solve.completed is completable(state, {})


@needs_native
@pytest.mark.parametrize("seed", [1_100_000, 1_100_003, 1])
def test_a_completion_found_replays_to_the_end_in_the_engine(seed: int) -> None:
    state = native_state(seed) if seed > 1 else native_state(seed, **SMALL_DECK)
    solve = chasers_solve_order(state, deck_order(state), 1_000_000)
    assert solve.completed is True
    placements = iter(solve.line)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            if not state.is_terminal() and state.is_chance_node():
                assert next(placements) == -1  # the first card goes to the origin
        else:
            state = state.apply(next(placements))
    assert not state.ended_early()
    assert next(placements, None) is None


@needs_native
def test_a_budget_too_small_leaves_the_deal_undecided() -> None:
    state = native_state(1_100_000)
    solve = chasers_solve_order(state, deck_order(state), 5)
    assert solve.completed is None and solve.line == () and solve.nodes == 5


@needs_native
def test_an_order_that_is_not_the_decks_is_refused() -> None:
    state = native_state(1_100_000)
    order = deck_order(state)
    with pytest.raises(ValueError, match="not the kinds of the cards still in the deck"):
        chasers_solve_order(state, order[:-1] + [3 - order[-1] % 4], 100)


@needs_native
def test_the_report_bounds_the_rate_and_compares_with_a_bots_deals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = tmp_path / "bot.txt"
    bot.write_text("0 1 30\n1 0 0\n2 0 0\n")
    out = tmp_path / "solved.txt"
    main(["--deals", "3", "--seed", "11", "--budget", "100000", "--against", str(bot),
          "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()
    assert printed[0].startswith("clairvoyant, at most 100,000 placements searched a deal: ")
    assert printed[0].endswith("(seed 11)")
    assert printed[1].startswith("against ")
    assert "3 deals in common; the bot completed 1" in printed[1]
    solved = [line.split()[1] for line in out.read_text().splitlines()]
    known = 1 + sum(1 for code in solved[1:] if code == "1")
    assert printed[1].endswith(f"with the bot's, {known} are completable, {known / 3:.1%}")
    assert [line.split()[0] for line in out.read_text().splitlines()] == ["0", "1", "2"]


@needs_native
@pytest.mark.parametrize(
    ("text", "reason"),
    [(None, "No such file or directory"), ("0 1 30\nnot a result\n", "line 2 is not")],
)
def test_an_against_file_that_is_not_results_is_one_usage_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str | None, reason: str
) -> None:
    bot = tmp_path / "bot.txt"
    if text is not None:
        bot.write_text(text)
    with pytest.raises(SystemExit) as stopped:
        main(["--deals", "1", "--against", str(bot)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert f": error: --against {bot}: {reason}" in error
    assert error.endswith("give a file --out wrote")


@needs_native
def test_the_fatal_placement_follows_the_last_position_a_clairvoyant_completes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    played = tmp_path / "greedy.txt"
    completion_main(["greedy", "--deals", "8", "--seed", "11", "--out", str(played)])
    out = tmp_path / "fatal.txt"
    fatal_main(["greedy", "--against", str(played), "--seed", "11", "--budget", "100000",
                "--out", str(out)])
    printed = capsys.readouterr().out.splitlines()[-1]
    rows = [tuple(int(field) for field in line.split()) for line in out.read_text().splitlines()]
    lost = [line.split()[0] for line in played.read_text().splitlines() if line.split()[1] == "0"]
    assert [str(row[0]) for row in rows] == lost
    found = [row for row in rows if row[1] != -1]
    assert found, "greedy's lost deals of seed 11 include some a clairvoyant completes"
    assert printed.startswith(f"greedy lost {len(rows)} deals; ")
    assert f"completed {len(found)}; in those the fatal placement was card " in printed
    for deal, fatal_card, cards_at_end in found:
        positions: list[State] = []
        play_deal("greedy", 11, deal, after_move=positions.append)
        assert cards_on_table(positions[-1]) == cards_at_end
        going_on = [state for state in positions if not state.is_terminal()]
        before = [state for state in going_on if cards_on_table(state) == fatal_card - 1]
        after = [state for state in going_on if cards_on_table(state) == fatal_card]
        assert len(before) == 1 and clairvoyant_completes(before[0], 100_000)
        assert not after or not clairvoyant_completes(after[0], 100_000)


@needs_native
def test_a_file_whose_lost_deal_the_spec_completes_is_one_usage_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("11 0 0\n")  # greedy completes deal 11 of seed 11
    with pytest.raises(SystemExit) as stopped:
        fatal_main(["greedy", "--against", str(wrong), "--seed", "11", "--budget", "1000"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert "greedy completed deal 11 of seed 11: the file says it lost" in error
    assert error.endswith("give the spec and --seed it was played with")


@pytest.mark.parametrize(
    ("spec", "reason"),
    [("bogus", "unknown bot 'bogus'"), ("mcts:infer=model", "cannot play cheese-chasers")],
)
def test_a_spec_that_cannot_play_the_deals_is_one_usage_line(
    capsys: pytest.CaptureFixture[str], spec: str, reason: str
) -> None:
    for tool in (completion_main, fatal_main):
        with pytest.raises(SystemExit) as stopped:
            tool([spec, "--against", "/no/such/file"] if tool is fatal_main else [spec])
        assert stopped.value.code == 2
        assert reason in capsys.readouterr().err.splitlines()[-1]
