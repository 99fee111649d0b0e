"""typer still has the internals that the readable help overrides (cheese/cli/help_format.py).

They are not typer's public API, so an upgrade may drop them; then this test names what
is gone instead of the help quietly going back to typer's type labels.
"""

from __future__ import annotations

import importlib.util

from cheese.cli.help_format import TYPER_HOOKS


def test_the_vendored_click_is_there() -> None:
    assert importlib.util.find_spec("typer._click") is not None, (
        "typer no longer vendors click as typer._click; cheese/cli/help_format.py imports it"
    )


def test_typer_has_every_overridden_internal() -> None:
    missing = [
        f"{owner.__module__}.{owner.__name__}.{name}"
        for owner, name in TYPER_HOOKS
        if not hasattr(owner, name)
    ]
    assert not missing, (
        f"this typer lacks {', '.join(missing)}, which cheese/cli/help_format.py overrides; "
        "adapt help_format.py to the new typer, or keep typer within the pinned series"
    )
