"""``--log FILE``: where a command's log records go, for every command that has the flag.

Records of forked workers reach these handlers too (``cheese.parallel.gathered_worker_logs``
forwards them to the root logger's handlers), and so do the bots' stderr lines (loggers
``cheese.bot.<name>``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from cheese.cli.errors import UserInputError

LOG_FORMAT = "%(asctime)s %(processName)s %(levelname)s %(name)s: %(message)s"
LOG_HELP = "Write the log (the bots' stderr included) to this file."


@contextmanager
def logging_to(path: Path | None, verbose: bool = False) -> Iterator[None]:
    """While inside, log records go to ``path`` (INFO, or DEBUG with ``verbose``) and,
    with ``verbose``, INFO records to stderr as well; a file that cannot be written is
    bad input (``UserInputError``)."""
    root = logging.getLogger()
    formatter = logging.Formatter(LOG_FORMAT)
    added: list[logging.Handler] = []
    if path is not None:
        try:
            handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
        except OSError as error:
            raise UserInputError(f"--log {path}: cannot be written ({error.strerror})") from None
        handler.setLevel(logging.DEBUG if verbose else logging.INFO)
        added.append(handler)
    if verbose:
        stream = logging.StreamHandler(sys.stderr)
        stream.setLevel(logging.INFO)
        added.append(stream)
    level = root.level
    for handler in added:
        handler.setFormatter(formatter)
        root.addHandler(handler)
    if added:
        root.setLevel(logging.DEBUG if verbose else logging.INFO)
    try:
        yield
    finally:
        root.setLevel(level)
        for handler in added:
            root.removeHandler(handler)
            handler.close()
