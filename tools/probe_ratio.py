"""The engine's random-playout pace beside plain-C loops that play the same games bare.

``tools/probes/gtc.c`` (4-player Get The Cheese!) and ``tools/probes/cc.c`` (Cheese
Chasers) are a state struct, a legal-move loop and a random pick, with rules close to
the real ones but not exact: they set the pace a C engine could reach on this machine.
This compiles them (``gcc -O2``), then for each round runs both probes and ``cheese bench
--json`` back to back, and prints the median of the rounds and the engine's share of each
probe's pace, with ``mcts_share`` for every game:

    python tools/probe_ratio.py [--rounds 3] [--compiler gcc]

The bench is the checkout this file is in, or the one ``PYTHONPATH`` names (to measure
another tree: ``PYTHONPATH=/tmp/before python tools/probe_ratio.py``); it runs outside the
current directory, which ``python -m`` would otherwise put first.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

PROBES = Path(__file__).resolve().parent / "probes"
CHECKOUT = Path(__file__).resolve().parents[1]
PROBED_GAMES = {"get-the-cheese": "gtc.c", "cheese-chasers": "cc.c"}
"""The game each probe plays, by slug."""
_RATE = re.compile(r"playouts: ([0-9.]+) /s")


def probe_rate(printed: str) -> float:
    """The playouts per second a probe printed.

    >>> probe_rate("GtC 4p random playouts: 631078 /s (state 1520 bytes)")
    631078.0
    """
    found = _RATE.search(printed)
    if found is None:
        raise ValueError(f"no rate in the probe's output: {printed!r}")
    return float(found.group(1))


def compile_probes(compiler: str, folder: Path) -> dict[str, Path]:
    """Each probe built with ``-O2`` into ``folder``, by game."""
    built = {}
    for slug, source in PROBED_GAMES.items():
        binary = folder / Path(source).stem
        subprocess.run([compiler, "-O2", "-o", str(binary), str(PROBES / source)], check=True)
        built[slug] = binary
    return built


def one_round(probes: dict[str, Path], folder: Path) -> dict[str, dict[str, float]]:
    """The probes' and the bench's figures, measured back to back (the bench run in
    ``folder``)."""
    figures: dict[str, dict[str, float]] = {}
    for slug, binary in probes.items():
        printed = subprocess.run([str(binary)], capture_output=True, text=True, check=True)
        figures[slug] = {"probe_playouts_per_s": probe_rate(printed.stdout)}
    environment = dict(os.environ)
    environment.setdefault("PYTHONPATH", str(CHECKOUT))
    bench = subprocess.run(
        [sys.executable, "-m", "cheese", "bench", "--json"],
        capture_output=True,
        text=True,
        check=True,
        cwd=folder,
        env=environment,
    )
    for slug, measured in json.loads(bench.stdout).items():
        figures.setdefault(slug, {}).update(
            native_playouts_per_s=measured["native_playouts_per_s"],
            mcts_share=measured["mcts_share"],
        )
    return figures


def medians(rounds: Sequence[dict[str, dict[str, float]]]) -> dict[str, dict[str, float]]:
    """Each figure's median over the rounds, and the engine's share of the probe's pace.

    >>> medians([{"g": {"probe_playouts_per_s": 10.0, "native_playouts_per_s": 8.0}}])
    {'g': {'probe_playouts_per_s': 10.0, 'native_playouts_per_s': 8.0, 'of_probe': 0.8}}
    """
    result: dict[str, dict[str, float]] = {}
    for slug, first in rounds[0].items():
        result[slug] = {
            name: statistics.median(measured[slug][name] for measured in rounds) for name in first
        }
        if "probe_playouts_per_s" in first:
            shares = [
                measured[slug]["native_playouts_per_s"] / measured[slug]["probe_playouts_per_s"]
                for measured in rounds
            ]
            result[slug]["of_probe"] = round(statistics.median(shares), 3)
    return result


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="rounds, each probe then bench")
    parser.add_argument("--compiler", default="gcc", help="the C compiler of the probes")
    arguments = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        probes = compile_probes(arguments.compiler, Path(folder))
        rounds = [one_round(probes, Path(folder)) for _ in range(max(1, arguments.rounds))]
    print(json.dumps(medians(rounds), indent=2))


if __name__ == "__main__":
    main()
