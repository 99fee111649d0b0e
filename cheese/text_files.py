"""Reading a file a person names, bounded, and checking where one is to be written: one
place for the ways each can fail.

A config, a layout to score, a game record, a results file, a bots file: each is read
whole, so an endless file (``/dev/zero``), a named pipe nobody writes (which would block
for ever), a folder or a runaway file must be refused before it fills memory or hangs,
and every other failure (missing, not UTF-8, unreadable) said in words that tell how to
fix it.
"""

from __future__ import annotations

import os
import stat
import tempfile
import tomllib
from pathlib import Path

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_OPEN_FLAGS = os.O_RDONLY | _NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
"""POSIX flags where the platform has them (Windows has neither named pipes nor ttys)."""


class UnreadableText(ValueError):
    """The file cannot be read as the text it should be; the message says why in words
    and ends with what to give instead."""


class UnwritablePath(ValueError):
    """A file cannot be written where a person asked; the message names the option, the
    true reason and what to give instead."""


def read_bounded_bytes(path: Path, what: str, limit: int) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; ``UnreadableText``
    otherwise.

    ``what`` names the file the command wants, e.g. "a TOML config file".
    """
    wanted = f"give the path of {what}"
    try:
        # O_NONBLOCK: opening a named pipe that no one writes must not wait; the mode is
        # then checked on the open file itself, so nothing can swap it in between.
        descriptor = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise UnreadableText(f"{path}: no such file; {wanted}") from None
    except IsADirectoryError:
        raise UnreadableText(f"{path}: is a directory, not a file; {wanted}") from None
    except OSError as error:
        raise UnreadableText(f"{path}: cannot be read ({error.strerror}); {wanted}") from None
    try:
        _check_regular(path, os.fstat(descriptor).st_mode, what)
        if _NONBLOCK:
            os.set_blocking(descriptor, True)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(limit + 1)
    except OSError as error:
        raise UnreadableText(f"{path}: cannot be read ({error.strerror}); {wanted}") from None
    finally:
        os.close(descriptor)
    if len(data) > limit:
        size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit:,} bytes"
        raise UnreadableText(f"{path}: is larger than {size}; {wanted}")
    return data


def read_bounded_text(path: Path, what: str, limit: int) -> str:
    """The UTF-8 text of ``path``, at most ``limit`` bytes; ``UnreadableText`` otherwise.

    ``what`` names the file the command wants, e.g. "a TOML config file".

    >>> read_bounded_text(Path("/nowhere.toml"), "a config", 10)
    Traceback (most recent call last):
    ...
    cheese.text_files.UnreadableText: /nowhere.toml: no such file; give the path of a config
    """
    data = read_bounded_bytes(path, what, limit)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableText(f"{path}: is not UTF-8 text; give the path of {what}") from None


MAX_TOML_DEPTH = 64
"""Deepest nesting of lists and tables a TOML file may have: every format here nests a few."""
TOO_DEEP = "arrays or tables nest too deep"


def load_toml(text: str) -> dict[str, object]:
    """The TOML document ``text``; every way it fails is a ``tomllib.TOMLDecodeError``.

    ``tomllib`` alone lets deep nesting through, as a ``RecursionError`` or (where the
    recursion limit was raised) as a document every later reader would recurse into, and an
    integer of thousands of digits as a bare ``ValueError``: tracebacks, not messages.
    Whatever the recursion limit, a document deeper than ``MAX_TOML_DEPTH`` is refused.

    >>> load_toml("x = " + "[" * 65 + "]" * 65)
    Traceback (most recent call last):
    ...
    tomllib.TOMLDecodeError: arrays or tables nest too deep
    >>> load_toml("x = [[1]]")
    {'x': [[1]]}
    """
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        raise
    except RecursionError:
        raise tomllib.TOMLDecodeError(TOO_DEEP) from None
    except ValueError:  # beyond the TOML errors, only an integer too long to convert
        raise tomllib.TOMLDecodeError("a number with too many digits") from None
    if _nests_deeper(document, MAX_TOML_DEPTH):
        raise tomllib.TOMLDecodeError(TOO_DEEP)
    return document


def _nests_deeper(value: object, most: int) -> bool:
    """Whether ``value``'s lists and tables nest more than ``most`` deep (no recursion)."""
    waiting: list[tuple[object, int]] = [(value, 0)]
    while waiting:
        item, depth = waiting.pop()
        if isinstance(item, dict | list):
            if depth >= most:
                return True
            children = item.values() if isinstance(item, dict) else item
            waiting.extend((child, depth + 1) for child in children)
    return False


_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a device"),
    (stat.S_ISBLK, "a device"),
)


def _check_regular(path: Path, mode: int, what: str) -> None:
    if stat.S_ISREG(mode):
        return
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    raise UnreadableText(f"{path}: is {kind}, not a file; give the path of {what}")


def check_writable(path: Path, option: str, *, make_folder: bool) -> None:
    """``UnwritablePath`` unless a file can be written at ``path`` (given as ``option``,
    e.g. "--table"): not a folder, in a folder that exists (made first when
    ``make_folder``, as the option documents) and takes a new file.

    Checked before any work, so a long run does not end in a file it cannot write.

    >>> check_writable(Path("/"), "--table", make_folder=False)
    Traceback (most recent call last):
    ...
    cheese.text_files.UnwritablePath: --table /: is a directory; give the path of a file
    """
    said = f"{option} {path}"
    if path.is_dir():
        raise UnwritablePath(f"{said}: is a directory; give the path of a file")
    folder = path.parent
    if not folder.is_dir():
        above = next(
            (place for place in folder.parents if os.path.lexists(place)), Path(folder.anchor)
        )
        if os.path.lexists(folder) or not above.is_dir():
            blocker = folder if os.path.lexists(folder) else above
            raise UnwritablePath(
                f"{said}: {blocker} is a file, not a folder; give a path in a folder"
            )
        if not make_folder:
            raise UnwritablePath(
                f"{said}: there is no folder {folder}; create it, or give a path in a folder "
                "that exists"
            )
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UnwritablePath(
                f"{said}: its folder {folder} cannot be created ({error.strerror}); give a "
                "path in a writable folder"
            ) from None
    try:
        # A real write, not os.access: it also sees a read-only mount or a full disk's
        # inodes, and answers the same for root.
        descriptor, probe = tempfile.mkstemp(prefix=".cheese-", suffix=".probe", dir=folder)
    except OSError as error:
        raise UnwritablePath(
            f"{said}: cannot write in {folder} ({error.strerror}); give a path in a writable folder"
        ) from None
    os.close(descriptor)
    os.unlink(probe)
