"""The documentation site: ``sphinx-build -W --keep-going docs site`` (docs/contributing.md).

The pages are Markdown, read by MyST with GitHub's heading anchors, so a link that works
on the repository's pages works on the site and a broken one fails the strict build.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "cheese"
author = "the cheese developers"
copyright = "2026, the cheese developers"

extensions = ["myst_parser", "cli_reference", "package_rules"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]

myst_heading_anchors = 4
myst_enable_extensions = ["deflist"]

html_theme = "furo"
html_title = "cheese"
html_static_path: list[str] = []
