"""Start each external bot of a run once before any game: a command that does not start,
or a bot that does not answer ``hello``, is refused in one line instead of forfeiting
every game it sits at.

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
from cheese.referee.external.protocol import QUIT
from cheese.referee.external.sessions import Declined, options_text, start_session
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
        try:
            session = start_session(
                command, game, state.num_players, options_text(settled), settled
            )
        except Declined as declined:
            raise BotSpecError(
                f"bot {spec!r} does not play {game} with {state.num_players} players: "
                f"{declined.reason}"
            ) from None
        except BotFailure as failure:
            if failure.kind is Fault.STALL:
                # It runs but answers slowly: its games forfeit as stalls and are counted,
                # which says more than refusing the run.
                continue
            raise BotSpecError(
                f"bot {spec!r} did not start ({failure.kind}): {failure}; run "
                f"cheese bot check on its command to see why"
            ) from None
        session.process.close(QUIT)
