"""Games of Get The Cheese! for the tools that read a bot's choices
(``gtc_face_down_fit.py``, ``gtc_choice_spread.py``: one spec in every seat;
``gtc_reading_fit.py``: a spec a seat), on deal seeds from ``SEED`` onward, each seat's
bot seeded from the deal, so a deal's game is the same whatever process plays it."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TypeVar

from cheese.bots import Turn, make_bot
from cheese.bots.base import BotSpecError
from cheese.engine import Action, State, load_game
from cheese.engine.luck import resolve_chance
from tools.chasers_completion import map_deals

GAME = "get-the-cheese"
Record = TypeVar("Record")
Recorder = Callable[[State, int, Action, int], list[Record]]
"""What a tool keeps of one decision: from the state, the seat, the action it chose and a
number no other decision of the run shares (to seed what the tool does there)."""


def play_deal(deal: int, players: int, spec: str, record: Recorder[Record]) -> list[Record]:
    """What ``record`` keeps of every decision of the self-play game on ``deal``."""
    return play_table(deal, [spec] * players, record)


def play_table(deal: int, specs: Sequence[str], record: Recorder[Record]) -> list[Record]:
    """What ``record`` keeps of every decision of the game on ``deal`` played by
    ``specs``, one a seat; the number it is given is ``deal * 1000`` plus the decision's
    place in the game, counted from 1."""
    bots = [make_bot(spec) for spec in specs]
    rngs = [random.Random(deal * 16 + seat) for seat in range(len(specs))]
    state = load_game(GAME).new_initial_state(num_players=len(specs), seed=deal)
    records: list[Record] = []
    decision = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        seat = state.current_player
        action = bots[seat].choose(Turn(state, seat), rngs[seat]).action
        decision += 1
        records.extend(record(state, seat, action, deal * 1000 + decision))
        state = state.apply(action)
    return records


def play_deals(
    games: int, seed: int, players: int, spec: str, record: Recorder[Record], workers: int = 1
) -> list[Record]:
    """What ``record`` keeps of ``games`` self-play games on deals ``seed`` onward, in deal
    order whatever the number of ``workers`` (processes; ``record`` must pickle)."""
    deals = range(seed, seed + games)
    play = partial(play_deal, players=players, spec=spec, record=record)
    # Ctrl-C reaches the workers too: map_deals's leave it to this process, whose leaving
    # the pool ends them.
    return [kept for records in map_deals(play, deals, workers) for kept in records]


def stopped(parser: argparse.ArgumentParser, tool: str) -> None:
    """Exit 130 with one line when Ctrl-C stopped a tool's games: nothing is measured."""
    parser.exit(130, f"{tool}: stopped before the last game; nothing measured\n")


def add_self_play_arguments(parser: argparse.ArgumentParser, seed: int, spec: str) -> None:
    """The games, ``--seed``, ``--players``, ``--spec`` and ``--workers`` of a tool."""
    parser.add_argument("games", type=int)
    parser.add_argument("--seed", type=int, default=seed)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--spec", default=spec)
    parser.add_argument("--workers", type=int, default=1, help="processes playing the games")


def check_self_play_arguments(
    parser: argparse.ArgumentParser, args: argparse.Namespace, tool: str
) -> None:
    """Exit 2 with one line naming ``tool`` if the self-play arguments cannot be played."""
    if args.games < 1 or args.workers < 1 or not 3 <= args.players <= 5:
        parser.exit(2, f"{tool}: give games >= 1, --workers >= 1 and --players 3 to 5\n")
    try:
        make_bot(args.spec)
    except BotSpecError as error:
        parser.exit(2, f"{tool}: {error}\n")
