"""The ``cheese`` command: a typer application; no game logic lives here."""
