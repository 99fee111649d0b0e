"""The probe comparison reads the probes' output and takes medians of shares."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tools.probe_ratio import PROBED_GAMES, PROBES, compile_probes, medians, probe_rate


def test_the_rate_is_read_from_each_probes_line() -> None:
    assert probe_rate("CC random playouts: 949399 /s (state 6960 bytes)") == 949399.0
    with pytest.raises(ValueError, match="no rate"):
        probe_rate("segmentation fault")


def test_the_share_is_the_median_of_each_rounds_share() -> None:
    rounds = [
        {"g": {"probe_playouts_per_s": 10.0, "native_playouts_per_s": 5.0}},
        {"g": {"probe_playouts_per_s": 20.0, "native_playouts_per_s": 18.0}},
        {"g": {"probe_playouts_per_s": 10.0, "native_playouts_per_s": 7.0}},
    ]
    assert medians(rounds)["g"]["of_probe"] == 0.7


def test_the_probes_compile(tmp_path: Path) -> None:
    if shutil.which("gcc") is None:
        pytest.skip("no gcc")
    built = compile_probes("gcc", tmp_path)
    assert set(built) == set(PROBED_GAMES)
    assert all(path.is_file() for path in built.values())
    assert all((PROBES / source).is_file() for source in PROBED_GAMES.values())
