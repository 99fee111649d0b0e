"""Shared helpers for the command-line tests: a command run in-process, and one refused."""

from __future__ import annotations

import pytest

from cheese.cli.app import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``cheese ARGV…`` in this process: its exit code, standard output and error."""
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of ``argv``, after checking exit code 2 and nothing else said."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, ""), (code, out, err)
    assert err.count("\n") == 1 and err.startswith("cheese: error: "), err
    assert "Traceback" not in err
    return err
