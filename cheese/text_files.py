"""Reading a text file a person names, bounded: one place for the ways it can fail.

A config, a layout to score, a game record, a results file: each is read whole, so an
endless file (``/dev/zero``) or a runaway one must be refused before it fills memory, and
every other failure (missing, a folder, not UTF-8, unreadable) said in words that tell
how to fix it.
"""

from __future__ import annotations

from pathlib import Path


class UnreadableText(ValueError):
    """The file cannot be read as the text it should be; the message says why in words
    and ends with what to give instead."""


def read_bounded_text(path: Path, what: str, limit: int) -> str:
    """The UTF-8 text of ``path``, at most ``limit`` bytes; ``UnreadableText`` otherwise.

    ``what`` names the file the command wants, e.g. "a TOML config file".

    >>> read_bounded_text(Path("/nowhere.toml"), "a config", 10)
    Traceback (most recent call last):
    ...
    cheese.text_files.UnreadableText: /nowhere.toml: no such file; give the path of a config
    """
    wanted = f"give the path of {what}"
    try:
        with path.open("rb") as file:
            data = file.read(limit + 1)
    except FileNotFoundError:
        raise UnreadableText(f"{path}: no such file; {wanted}") from None
    except IsADirectoryError:
        raise UnreadableText(f"{path}: is a directory; {wanted}") from None
    except OSError as error:
        raise UnreadableText(f"{path}: cannot be read ({error.strerror}); {wanted}") from None
    if len(data) > limit:
        size = f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit:,} bytes"
        raise UnreadableText(f"{path}: is larger than {size}; {wanted}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise UnreadableText(f"{path}: is not UTF-8 text; {wanted}") from None
