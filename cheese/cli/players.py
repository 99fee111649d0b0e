"""Where a run's games are played: ``--cluster ADDRESS`` (a Dask scheduler), or worker
processes on this machine, each held to a processor with ``--pin-cores``. Written once for
the commands that run games, so all refuse an unreachable cluster in the same words."""

from __future__ import annotations

from cheese.cli.errors import UserInputError
from cheese.parallel import can_pin_cores
from cheese.referee.pool import Player, local_player


def player_of(cluster: str | None, workers: int, pin_cores: bool = False) -> Player:
    """The cluster at ``cluster``, else ``workers`` processes here (pinned to processors
    with ``pin_cores``); ``UserInputError`` when Dask is missing, the scheduler cannot be
    reached, or processors cannot be pinned here."""
    if pin_cores and cluster is not None:
        raise UserInputError(
            "--pin-cores holds this machine's worker processes, and --cluster plays on the "
            "cluster's: give one of them"
        )
    if pin_cores and not can_pin_cores():
        raise UserInputError("--pin-cores needs Linux, which lets a process choose its processors")
    if cluster is None:
        return local_player(workers, pin_cores=pin_cores)
    # Imported only here: Dask is an optional extra, slow to import.
    from cheese.referee.cluster import ClusterUnavailable, cluster_player

    try:
        return cluster_player(cluster)
    except ClusterUnavailable as error:
        raise UserInputError(str(error)) from None
