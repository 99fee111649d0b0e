"""The package is mypy --strict clean (the settings are in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest

mypy_api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_type_checks() -> None:
    stdout, stderr, status = mypy_api.run(
        [
            "--config-file",
            str(ROOT / "pyproject.toml"),
            str(ROOT / "cheese"),
            str(ROOT / "tools"),
            str(ROOT / "docs" / "_ext"),
        ]
    )
    assert status == 0, stdout + stderr
