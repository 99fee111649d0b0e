"""Research tools run from a checkout (``python tools/NAME.py`` or ``python -m tools.NAME``);
they use the installed package and are not part of it."""
