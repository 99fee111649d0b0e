"""``cheese tune`` end to end: a tiny seeded tune, its resume after a kill, bad input."""

from __future__ import annotations

import json
import signal
from pathlib import Path

import pytest

from cheese.tournaments.tune import TunedParameter, plan_tune, suggest_value

from .conftest import Running, refused, run, stored_games

TINY = (
    "greedy:temperature=1",
    "--param",
    "temperature=0:2",
    "--against",
    "random",
    "--game",
    "cheese-chasers",
    "--games",
    "4",
    "--candidates",
    "2",
    "--steps",
    "2",
    "--final-games",
    "4",
    "--workers",
    "1",
    "--seed",
    "1",
)


def test_a_tiny_tune_is_seeded_stored_and_ends_with_a_duel(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, err = run(capsys, "tune", *TINY, "--db", str(tmp_path / "a.db"), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert [entry["step"] for entry in data["candidates"]] == [0, 0, 1, 1]
    # The start's own value is the first candidate; every candidate of a step is measured
    # on the step's deals.
    assert data["candidates"][0]["values"] == [1.0]
    assert data["best"]["score"] == max(entry["score"] for entry in data["candidates"])
    assert data["final"]["a"]["spec"] == data["best"]["spec"]
    assert data["final"]["b"]["spec"] == "greedy:temperature=1"
    assert data["use"] in (data["best"]["spec"], "greedy:temperature=1")
    assert "step 1/2:" in err and "step 2/2:" in err and "best greedy:temperature=" in err
    stored = stored_games(tmp_path / "a.db")
    assert stored == 4 * 4 + data["final"]["games"]
    again = run(capsys, "tune", *TINY, "--db", str(tmp_path / "a.db"), "--json")
    assert json.loads(again[1])["candidates"] == data["candidates"]
    assert stored_games(tmp_path / "a.db") == stored


def test_the_text_names_the_spec_to_use(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, _ = run(capsys, "tune", *TINY, "--db", str(tmp_path / "a.db"))
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("best candidate: greedy:temperature=")
    assert lines[-1].startswith("use: greedy:temperature=")


@pytest.mark.slow
def test_a_tune_killed_with_sigkill_goes_on_where_it_stopped(tmp_path: Path) -> None:
    straight = Running(["tune", *TINY, "--db", "straight.db", "--json"], tmp_path)
    assert straight.finish()[0] == 0
    expected = json.loads(straight.out)
    killed = Running(["tune", *TINY, "--db", "killed.db", "--json"], tmp_path)
    killed.wait_for(lambda: stored_games(tmp_path / "killed.db") >= 6)
    killed.kill()
    resumed = Running(["tune", *TINY, "--db", "killed.db", "--json"], tmp_path)
    assert resumed.finish()[0] == 0
    assert json.loads(resumed.out)["candidates"] == expected["candidates"]
    assert stored_games(tmp_path / "killed.db") == stored_games(tmp_path / "straight.db")


@pytest.mark.parametrize(
    ("param", "words"),
    [
        ("depth=1:3", "greedy has no numeric parameter 'depth'; its numeric parameters are"),
        ("temperature=-1:2", "temperature must be a number from 0 to 100 at both ends"),
        ("temperature=0:abc", "temperature must be a number from 0 to 100"),
        ("temperature=2:1", "LOW must be below HIGH"),
        ("temperature", "is not NAME=LOW:HIGH"),
        ("temperature=0:4:log", "a log scale needs LOW above 0"),
        ("temperature=1:4:lin", "only :log may follow"),
    ],
)
def test_bad_params_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], param: str, words: str
) -> None:
    err = refused(capsys, "tune", "greedy", "--param", param, "--against", "random")
    assert words in err


def test_a_bad_opponent_or_count_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "bot" in refused(
        capsys, "tune", "greedy", "--param", "temperature=0:1", "--against", "nosuchbot"
    )
    assert "--steps must be at least 1" in refused(
        capsys,
        "tune",
        "greedy",
        "--param",
        "temperature=0:1",
        "--against",
        "random",
        "--steps",
        "0",
    )


def test_integer_parameters_and_the_candidate_spec() -> None:
    setup = plan_tune("mcts:iterations=50,c=5", ["c=0.1:4", "iterations=20:80"], ["random"])
    assert setup.parameters[1] == TunedParameter("iterations", 20.0, 80.0, True)
    assert setup.candidate_spec([1.5, 30]) == "mcts:iterations=30,c=1.5"
    assert setup.parameters[0].rounded(1.234567) == 1.235


def test_a_log_scale_draws_small_values_as_often_as_large_ones(tmp_path: Path) -> None:
    # Over 0.001..4 a uniform draw almost never tries below 0.04; a log scale does a third
    # of the time. Checked on the optimizer's own draws, without playing a game.
    import optuna

    linear, log = (
        TunedParameter.parse(text, "greedy")
        for text in ("temperature=0.001:4", "temperature=0.001:4:log")
    )
    assert (linear.log, log.log) == (False, True)
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    for parameter, least in ((linear, 0), (log, 20)):
        study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=1))
        small = sum(
            suggest_value(study.ask(), parameter) < 0.04  # type: ignore[operator]
            for _ in range(100)
        )
        assert small >= least if least else small <= 3


@pytest.mark.slow
def test_a_dask_cluster_tunes_as_the_local_pool_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    distributed = pytest.importorskip("distributed")
    local = json.loads(run(capsys, "tune", *TINY, "--db", str(tmp_path / "l.db"), "--json")[1])
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
    ) as cluster:
        # Every candidate's duel is a run of its own: the player connects for each.
        code, out, err = run(
            capsys,
            "tune",
            *TINY,
            "--db",
            str(tmp_path / "c.db"),
            "--json",
            "--cluster",
            cluster.scheduler_address,
        )
    assert code == 0, err
    remote = json.loads(out)
    assert remote["candidates"] == local["candidates"]
    assert remote["best"] == local["best"] and remote["use"] == local["use"]


@pytest.mark.slow
def test_ctrl_c_says_the_same_command_goes_on(tmp_path: Path) -> None:
    tune = Running(["tune", *TINY, "--steps", "50", "--db", "c.db"], tmp_path)
    tune.wait_for(lambda: stored_games(tmp_path / "c.db") >= 2)
    tune.process.send_signal(signal.SIGINT)
    code, err = tune.finish()
    assert code == 130
    assert err.splitlines()[-1] == (
        "cheese: the tune stopped; its games are in c.db: the same command goes on"
    )
