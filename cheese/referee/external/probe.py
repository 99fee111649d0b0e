"""Start each external bot of a run once before any game: a command that does not start,
a bot that does not answer ``hello`` as it should or refuses its settings, is refused in
one line instead of forfeiting every game it sits at. A bot that does not answer in time
is tried again, up to the keeper's limit of failed starts: a bot given up on here is not
started by the run's workers (forked from this process), its games forfeit at once.

>>> probe_bots(["greedy", "random"], "cheese-drop", 2)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cheese.bots.base import BotFailure, BotSpecError
from cheese.bots.faults import Fault
from cheese.bots.spec import BotSpec
from cheese.engine import load_game
from cheese.engine.api import OptionValue
from cheese.referee.external.bot import options_of
from cheese.referee.external.sessions import (
    GIVE_UP_AFTER_STALLS,
    SESSIONS,
    BadSettings,
    Declined,
    SessionKind,
)
from cheese.referee.external.spec import ExternalSpec, external_spec


def probe_bots(
    specs: Sequence[str | BotSpec | ExternalSpec],
    game: str,
    players: int | None,
    options: Mapping[str, OptionValue] | None = None,
) -> None:
    """Say ``hello`` to each external bot among ``specs`` (texts, or specs parsed once) for
    this game and end it; ``BotSpecError`` naming the first that fails (other specs are
    left alone)."""
    # The options are checked by the game itself; a typed mapping cannot say "not seed".
    given: dict[str, Any] = dict(options or {})
    state = load_game(game).new_initial_state(num_players=players, seed=0, **given)
    settled = options_of(state.options)
    for named in dict.fromkeys(specs):
        external = external_spec(named) if isinstance(named, str) else named
        if not isinstance(external, ExternalSpec):
            continue
        spec, command = external.text, external.command
        for _ in range(GIVE_UP_AFTER_STALLS):
            try:
                session = SESSIONS.start(SessionKind.of(command, game, state.num_players, settled))
            except Declined as declined:
                raise BotSpecError(
                    f"bot {spec!r} does not play {game} with {state.num_players} players: "
                    f"{declined.reason}"
                ) from None
            except BadSettings as refused:
                raise BotSpecError(
                    f"bot {spec!r} {refused}; fix the options of its [[bot]] table"
                ) from None
            except BotFailure as failure:
                if failure.kind is Fault.STALL:
                    # It runs but answers slowly: its games forfeit as stalls and are
                    # counted, which says more than refusing the run.
                    continue
                raise BotSpecError(
                    f"bot {spec!r} did not start ({failure.kind}): {failure}; run "
                    f"cheese bot check on its command to see why"
                ) from None
            SESSIONS.end(session)
            break
