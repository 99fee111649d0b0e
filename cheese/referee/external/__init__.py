"""Bots that run as their own processes and speak the line protocol (``docs/protocol.md``).

``cmd:COMMAND`` names one inline; a bots file (``bots_file``) names them with their
settings. ``bot`` is the referee's side, ``serve`` lets any cheese bot speak the
protocol, ``check`` plays a bot against ``random`` and lists every problem it shows.
"""
