"""``python -m cheese`` runs the command line."""

from __future__ import annotations

import sys

from cheese.cli.app import main

sys.exit(main())
