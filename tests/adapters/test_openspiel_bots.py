"""OpenSpiel's MCTS and ISMCTS at our tables: specs, determinism, view only, the duel,
and the one-line error without OpenSpiel."""

from __future__ import annotations

import importlib.util
import json
import random

import pytest

pytest.importorskip("pyspiel")

from cheese.adapters import openspiel_bots  # noqa: E402
from cheese.adapters.openspiel_bots import RootChild, final_action  # noqa: E402
from cheese.bots import BotSpecError, Turn, bot_catalogue, make_bot  # noqa: E402
from cheese.cli.app import main  # noqa: E402

from .conftest import GAMES, random_position  # noqa: E402

SPECS = ("openspiel-mcts:simulations=30", "openspiel-ismcts:simulations=30")


def test_the_bots_are_in_the_catalogue_with_their_settings() -> None:
    entries = {entry.name: entry for entry in bot_catalogue()}
    for name in ("openspiel-mcts", "openspiel-ismcts"):
        keys = [parameter.name for parameter in entries[name].parameters]
        assert keys == ["simulations", "uct_c", "policy", "rollouts", "time"]


@pytest.mark.parametrize(
    "spec",
    [
        "openspiel-mcts",
        "openspiel-ismcts:simulations=200,uct_c=1.5,policy=max_value",
        "openspiel-mcts:policy=normalized_visit_count,rollouts=4,time=0.25",
    ],
)
def test_a_spec_reads_back_as_itself(spec: str) -> None:
    assert make_bot(spec).spec == spec


def test_a_bad_key_names_the_allowed_ones() -> None:
    with pytest.raises(BotSpecError, match="unknown key 'iterations'.*simulations"):
        make_bot("openspiel-ismcts:iterations=10")
    with pytest.raises(BotSpecError, match="policy.*max_visit_count"):
        make_bot("openspiel-mcts:policy=best")


def test_without_openspiel_the_spec_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real_find_spec = importlib.util.find_spec

    def find_spec(name: str, package: str | None = None) -> object:
        return None if name == "pyspiel" else real_find_spec(name, package)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    with pytest.raises(BotSpecError) as error:
        make_bot("openspiel-mcts")
    assert str(error.value) == (
        "bot 'openspiel-mcts' needs OpenSpiel: OpenSpiel is not installed; "
        "pip install 'cheese[openspiel]'"
    )


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(("slug", "players"), GAMES)
def test_a_seed_fixes_the_move_and_it_is_legal(spec: str, slug: str, players: int) -> None:
    state = random_position(slug, players, seed=4, moves=3)
    turn = Turn(state, state.current_player)
    first = make_bot(spec).choose(turn, random.Random(9))
    second = make_bot(spec).choose(turn, random.Random(9))
    untimed = [{key: value for key, value in decision.info.items() if key != "elapsed"}
               for decision in (first, second)]
    assert first.action == second.action and untimed[0] == untimed[1]
    assert first.action in state.legal_actions()
    if len(state.legal_actions()) > 1:
        assert first.info["simulations"] == 30


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize(("slug", "players"), [("get-the-cheese", 4), ("cheese-drop", 2)])
def test_states_with_the_same_view_get_the_same_move(spec: str, slug: str, players: int) -> None:
    bot = make_bot(spec)
    for seed, moves in ((1, 3), (2, 9)):
        state = random_position(slug, players, seed, moves)
        seat = state.current_player
        other = state.determinize(seat, random.Random(seed))
        assert other.view(seat) == state.view(seat)
        expected = bot.choose(Turn(state, seat), random.Random(seed)).action
        assert bot.choose(Turn(other, seat), random.Random(seed)).action == expected


def test_the_final_policies_pick_by_visits_value_or_share() -> None:
    children = [RootChild(3, 10, 4.0), RootChild(5, 10, 6.0), RootChild(7, 2, 1.8)]
    rng = random.Random(0)
    assert final_action(children, openspiel_bots.MAX_VISITS, rng).action == 5
    assert final_action(children, openspiel_bots.MAX_VALUE, rng).action == 7
    drawn = [final_action(children, openspiel_bots.VISIT_SHARE, rng).action for _ in range(400)]
    assert 20 <= drawn.count(7) <= 60  # 2 visits of 22: about 36 of 400


@pytest.mark.parametrize("game", ["cheese-chasers", "cheese-drop"])
def test_a_duel_against_our_mcts_runs(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main([
        "duel", "mcts:iterations=20", "openspiel-ismcts:simulations=10", "--game", game,
        "--games", "2", "--workers", "1", "--json",
    ])
    captured = capsys.readouterr()
    assert (code, captured.err) == (0, "")
    result = json.loads(captured.out)
    assert result["b"]["spec"] == "openspiel-ismcts:simulations=10"
