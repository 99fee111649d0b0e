"""Where a run's games are played: ``--cluster ADDRESS`` (a Dask scheduler), or worker
processes on this machine. Written once for ``cheese duel`` and ``cheese tournament run``,
so both refuse an unreachable cluster in the same words."""

from __future__ import annotations

from cheese.cli.errors import UserInputError
from cheese.referee.pool import Player, local_player


def player_of(cluster: str | None, workers: int) -> Player:
    """The cluster at ``cluster``, else ``workers`` processes here; ``UserInputError``
    when Dask is missing or the scheduler cannot be reached."""
    if cluster is None:
        return local_player(workers)
    # Imported only here: Dask is an optional extra, slow to import.
    from cheese.referee.cluster import ClusterUnavailable, cluster_player

    try:
        return cluster_player(cluster)
    except ClusterUnavailable as error:
        raise UserInputError(str(error)) from None
