"""``cheese`` started in a pseudo-terminal of 80×24, as a person's terminal runs it."""

from __future__ import annotations

import os
import sys

import pexpect

from ..default_signals import restore_in_child

TIMEOUT = 60


def spawn_cheese(*arguments: str, env: dict[str, str]) -> pexpect.spawn:
    """``python -m cheese ARGUMENTS…`` under an xterm with this environment, less
    ``NO_COLOR``, plus ``env``."""
    full = {key: value for key, value in os.environ.items() if key != "NO_COLOR"}
    full["TERM"] = "xterm-256color"
    full.update(env)
    return pexpect.spawn(
        sys.executable,
        ["-m", "cheese", *arguments],
        env=full,
        encoding="utf-8",
        timeout=TIMEOUT,
        dimensions=(24, 80),
        # the keys a test presses (Ctrl-C) must reach the program even when this suite
        # was started ignoring them, as a background job of a script is
        preexec_fn=restore_in_child,
    )
