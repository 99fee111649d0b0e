"""Shared helpers for the store tests: ``cheese`` run in-process with a person's input, and
databases of an earlier schema copied to be converted."""

from __future__ import annotations

import io
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

from cheese.cli.app import main
from cheese.store import ResultsStore


def cli(*argv: str) -> tuple[int, str, str]:
    """``cheese ARGV…`` in this process, ``q`` typed at any prompt: code, stdout, stderr."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err), mock.patch("sys.stdin", io.StringIO("q\n")):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def old_database(tmp_path: Path, fixture: Path) -> Path:
    """A copy of ``fixture``, a database of an earlier schema, as ``tmp_path / "old.db"``."""
    path = tmp_path / "old.db"
    shutil.copy(fixture, path)
    return path


def assert_converted_once(path: Path) -> None:
    """Opening the converted database at ``path`` again leaves its bytes as they are."""
    before = path.read_bytes()
    ResultsStore(path).close()
    assert path.read_bytes() == before
