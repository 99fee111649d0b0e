"""The adapters are a layer on top: the rest of cheese never needs OpenSpiel or PettingZoo."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
import cheese.bots, cheese.cli.app, cheese.engine, cheese.tournaments
from cheese.bots import bot_catalogue
names = [entry.name for entry in bot_catalogue()]
assert "openspiel-mcts" in names and "openspiel-ismcts" in names, names
heavy = sorted(name for name in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium")
               if name in sys.modules)
print(",".join(heavy))
"""


def test_listing_every_bot_imports_no_outside_framework() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == ""
