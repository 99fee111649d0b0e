"""A tournament run as a person runs it: ``cheese tournament run`` in a process of its own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def tournament_in_subprocess(
    tmp_path: Path, spec: str, game: str, *options: str, timeout: float
) -> tuple[str, Path]:
    """``cheese tournament run SPEC random --game GAME OPTIONS…`` into a new database under
    ``tmp_path``, which must succeed; its standard output and the database."""
    database = tmp_path / f"{len(list(tmp_path.glob('*.db')))}.db"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "cheese",
            "tournament",
            "run",
            spec,
            "random",
            "--game",
            game,
            "--db",
            str(database),
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout, database
