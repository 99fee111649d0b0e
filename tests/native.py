"""Whether the tests of the C extension run, skip or fail: one decision for the suite.

They key on whether the extension imports, not on the default backend, so a run with
``CHEESE_BACKEND=reference`` still compares the backends. Without the extension they
skip, unless ``CHEESE_REQUIRE_NATIVE=1`` (set by CI) says it must be there: then they
fail, so the suite cannot pass without ever comparing the backends.
"""

from __future__ import annotations

import os

import pytest

from cheese.engine.registry import NATIVE, REFERENCE, native_problem

REQUIRE_VARIABLE = "CHEESE_REQUIRE_NATIVE"


NATIVE_PROBLEM = native_problem()
REQUIRED = os.environ.get(REQUIRE_VARIABLE, "").strip() == "1"
_MISSING = f"the native engine is not built ({NATIVE_PROBLEM})"
_RUN = NATIVE_PROBLEM is None or REQUIRED

needs_native = pytest.mark.skipif(not _RUN, reason=_MISSING)
"""Mark of a test (or a module's ``pytestmark``) that needs the extension; when it is
required but missing, the test runs and ``check_native`` or its first C call fails it."""

BACKENDS_HERE = (REFERENCE, NATIVE) if _RUN else (REFERENCE,)
"""The backends to run a test on: the native one too whenever it is built or required."""


def check_native() -> None:
    """Skip the calling test or module without the extension; fail it if it is required.

    Call it at the top of a module (before anything loads a native game) or of a test.
    """
    if NATIVE_PROBLEM is None:
        return
    if REQUIRED:
        pytest.fail(f"{_MISSING}, but {REQUIRE_VARIABLE}=1 requires it", pytrace=False)
    pytest.skip(_MISSING, allow_module_level=True)
