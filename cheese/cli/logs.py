"""``--log FILE``: where a command's log records go, for every command that has the flag.

Records of forked workers reach these handlers too (``cheese.parallel.gathered_worker_logs``
forwards them to the root logger's handlers), and so do the bots' stderr lines (loggers
``cheese.bot.<name>``).
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from cheese.cli.errors import UserInputError
from cheese.referee.external.spec import is_external

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


def point_to_the_log(forfeited: Iterable[str], logged: bool) -> None:
    """Say on stderr that the log keeps what the bots wrote on their stderr, when an
    external bot among the ``forfeited`` bots' specs forfeited and no ``--log`` was given:
    its one line of error rarely says all a crash's traceback does."""
    if not logged and any(is_external(spec) for spec in forfeited):
        print(
            "cheese: what the bots wrote on their stderr (a crash's traceback) is kept in "
            "the log: add --log FILE",
            file=sys.stderr,
        )
