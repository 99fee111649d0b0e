"""The site's rules pages are the package's own: ``docs/rules/<slug>.md`` is read as
``cheese/rules/<slug>.md``, the page ``cheese rules <slug>`` shows.

On the repository ``docs/rules/<slug>.md`` is a one-line pointer to that file; on the site
its text is replaced by the file while the pages are read, so there is one copy of each
game's rules and neither can drift.
"""

from __future__ import annotations

from pathlib import Path

from sphinx.application import Sphinx

RULES = Path(__file__).resolve().parents[2] / "cheese" / "rules"
PREFIX = "rules/"


def read_package_rules(app: Sphinx, docname: str, source: list[str]) -> None:
    """Give the pages under ``rules/`` the text of the package's rules page."""
    if docname.startswith(PREFIX):
        source[0] = (RULES / f"{docname.removeprefix(PREFIX)}.md").read_text(encoding="utf-8")


def setup(app: Sphinx) -> dict[str, object]:
    app.connect("source-read", read_package_rules)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
