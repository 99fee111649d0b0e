"""The C extension is there whenever ``CHEESE_REQUIRE_NATIVE=1`` says it must be (CI)."""

from __future__ import annotations

from ..native import check_native


def test_the_extension_imports_when_required() -> None:
    check_native()  # skips without the extension; fails, naming why, when it is required
