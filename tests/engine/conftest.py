"""Fixtures every game's tests share: the folder of its data files."""

from __future__ import annotations

from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture
def data_dir(request: pytest.FixtureRequest) -> Path:
    """``tests/data/<game slug>`` for the tests of a game's package (``cheese_drop``)."""
    return DATA / request.path.parent.name.replace("_", "-")
