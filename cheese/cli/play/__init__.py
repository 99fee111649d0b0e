"""Human play in a terminal: one renderer per game, a session loop, records and replays.

Every screen is drawn from ``state.view(seat)`` of the person's seat, the same value a
bot is given, so the terminal can show nothing that seat cannot see.
"""
