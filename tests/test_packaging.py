"""The package says what it holds: a wheel tagged for the stable ABI its extension is
built for, with the license, the bots' C library and the bots' launcher inside."""

from __future__ import annotations

import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_extension_is_built_for_the_stable_abi_the_wheel_tag_names() -> None:
    native = pytest.importorskip("cheese.engine.native._cheese_native")
    assert str(native.__file__).endswith(".abi3.so")
    settings = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert settings["tool"]["distutils"]["bdist_wheel"]["py-limited-api"] == "cp311"
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")


@pytest.mark.slow
def test_the_wheel_is_tagged_abi3_and_carries_the_license(tmp_path: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(ROOT)],
        check=True,
    )
    (wheel,) = tmp_path.glob("cheese-*.whl")
    assert "-cp311-abi3-" in wheel.name
    names = zipfile.ZipFile(wheel).namelist()
    assert any(name.endswith("/LICENSE") for name in names)
    assert any(name.endswith("_cheese_native.abi3.so") for name in names)
    assert "cheese/engine/native/libcheese_bot.so" in names
    assert "cheese/engine/native/include/cheese_bot.h" in names
    # The bots' launcher, as a program that can be run once installed.
    launcher = zipfile.ZipFile(wheel).getinfo("cheese/referee/external/bot_launcher")
    assert (launcher.external_attr >> 16) & 0o111
