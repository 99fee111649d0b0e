"""One game under limits: deciding, clocks, reply times and faults; where games run.

``play`` is the referee of one game (every caller's: tournaments, duels, calibrations and
the terminal's bot turns); ``jobs`` holds the records it is handed and returns; ``pool``
and ``cluster`` run jobs on local forked workers or on a Dask cluster; ``external`` runs
bots that are processes of their own and speak the line protocol.
"""
