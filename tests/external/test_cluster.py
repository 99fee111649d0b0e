"""External bots on a Dask cluster: the games are played on the workers, stored as by
the local pool, and no bot process is left on the workers once the run is over."""

from __future__ import annotations

import json
import sqlite3
import sys
import uuid
from pathlib import Path

import pytest

from cheese.cli.app import main

BOTS = Path(__file__).resolve().parents[1] / "external_bots"


def _marked(marker: str) -> list[str]:
    found = []
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in command:
            found.append(entry.name)
    return found


def test_a_tournament_on_a_local_cluster(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    marker = f"marker-{uuid.uuid4().hex}"
    spec = f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} good {marker}"
    local, remote = tmp_path / "local.db", tmp_path / "cluster.db"
    arguments = [
        "tournament",
        "run",
        spec,
        "random",
        "--game",
        "cheese-drop",
        "--deals",
        "2",
        "--name",
        "t",
        "-q",
    ]
    assert main([*arguments, "--workers", "1", "--db", str(local)]) == 0
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
    ) as cluster:
        assert main([*arguments, "--cluster", cluster.scheduler_address, "--db", str(remote)]) == 0
        assert not _marked(marker)  # ended by the workers at the run's end, not at theirs

    def stored(path: Path) -> list[tuple[object, ...]]:
        with sqlite3.connect(path) as connection:
            return list(connection.execute("SELECT job, actions, fault FROM games ORDER BY job"))

    assert stored(remote) == stored(local)
    assert len(stored(remote)) == 4 and all(row[2] is None for row in stored(remote))


def _duel_json(capsys: pytest.CaptureFixture[str], *where: str) -> dict[str, object]:
    """A duel's JSON report without the reply times (they differ from run to run)."""
    arguments = ["duel", "greedy", "random", "--game", "cheese-drop", "--games", "12"]
    assert main([*arguments, "--seed", "5", "--json", *where]) == 0
    report = json.loads(capsys.readouterr().out)
    for side in ("a", "b"):
        report[side].pop("latency")
    assert isinstance(report, dict)
    return report


def test_a_duel_on_a_local_cluster_reports_as_on_the_pool(
    capsys: pytest.CaptureFixture[str],
) -> None:
    distributed = pytest.importorskip("distributed")
    local = _duel_json(capsys, "--workers", "1")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None
    ) as cluster:
        remote = _duel_json(capsys, "--cluster", cluster.scheduler_address)
    assert remote == local and local["games"] == 12


@pytest.mark.parametrize("command", [["duel", "greedy", "random"], ["tournament", "run",
                                      "greedy", "random", "--deals", "1"]])
def test_an_unreachable_cluster_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command: list[str]
) -> None:
    pytest.importorskip("distributed")
    where = ["--game", "cheese-drop", "--db", str(tmp_path / "runs.db")]
    assert main([*command, *where, "--cluster", "tcp://127.0.0.1:9"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert captured.err.startswith("cheese: error: cannot reach the Dask scheduler at "
                                   "tcp://127.0.0.1:9")
