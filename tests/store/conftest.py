"""Shared helpers for the store tests: ``cheese`` run in-process with a person's input."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from unittest import mock

from cheese.cli.app import main


def cli(*argv: str) -> tuple[int, str, str]:
    """``cheese ARGV…`` in this process, ``q`` typed at any prompt: code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), mock.patch("sys.stdin", io.StringIO("q\n")):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()
