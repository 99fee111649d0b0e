"""The ``cheese`` command: a typer application; no game logic lives here."""

from __future__ import annotations

import warnings


def _format_warning_as_one_line(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    line: str | None = None,
) -> str:
    return f"cheese: warning: {message}\n"


# The terminal shows warnings (e.g. "native engine unavailable") as one plain line, not as
# a source excerpt; this runs before the engine is imported so that its warnings use it.
warnings.formatwarning = _format_warning_as_one_line
