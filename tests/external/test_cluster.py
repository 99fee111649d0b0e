"""External bots on a Dask cluster: the games are played on the workers, stored as by
the local pool, and no bot process is left on the workers once the run is over."""

from __future__ import annotations

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
