"""How well a model of a player explains its plays in Get The Cheese!, the ground a
reading of the others' plays (``mcts:infer=policy``) stands on, per player and per model.

Seeded games are played by the ``--table`` specs, one a seat, the table turned by one
seat each deal so that every spec sits in every seat. Each play (not a draw) is read
from the next seat's view by every ``--model`` as ``infer=policy`` reads it
(``cheese/bots/evaluation/get_the_cheese/play_odds.py``): ``--worlds`` worlds dealt
from what the watcher knew before the play, in which the player holds what its play
showed, and the model's play in each. For each player and model it prints:

- **alike**: the share of the worlds whose model play showed what the real play showed
  (the start cheese and the face-up cards), over every play read: how well the model
  explains the player;
- **none alike**: the share of plays no world explained (their cards are dealt blind);
- **true card**: where some world played alike, the mean odds the reading gave the true
  kind of the play's face-down first card;
- **blind**: on the same plays, the mean odds a blind deal (``infer=none``: worlds dealt
  from the watcher's view after the play) gives it.

A reading helps where its true card beats the blind one, and misleads where it falls
below; a reading that models each player by the model that explains it needs the alike
share to tell the players apart, and the better-explaining model to give the truer odds. The
same seed plays the same games and readings; Ctrl-C (SIGINT) reports the deals finished:

    python tools/gtc_reading_fit.py --table greedy mcts:iterations=15000 --players 4 \\
        --model greedy --model mcts:iterations=2000 --deals 20 --seed 36201 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import make_bot
from cheese.bots.base import Bot, BotSpecError, Sighting
from cheese.bots.evaluation.get_the_cheese.play_odds import (
    alike_odds,
    model_plays,
    play_slots,
    shown,
)
from cheese.bots.mcts.policy import MODEL_WORLDS
from cheese.engine import Action, State
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.view import GtcView
from tools.chasers_completion import kept_until_stopped, map_deals
from tools.gtc_self_play import play_table

NO_ODDS = -1.0
"""The true card's odds where no world played alike (the card is dealt blind)."""


@dataclass(frozen=True, slots=True)
class FitTask:
    """One deal: the table's specs (turned by ``deal`` seats), the models, the seed."""

    table: tuple[str, ...]
    models: tuple[str, ...]
    seed: int
    deal: int
    worlds: int


@dataclass(frozen=True, slots=True)
class PlayFit:
    """One play of ``player`` as ``model`` read it: the worlds whose model play showed
    the same, of ``worlds``, and the odds given the true first card (``NO_ODDS``: none)
    by the reading and by a blind deal."""

    player: str
    model: str
    alike: int
    worlds: int
    true_odds: float
    blind_odds: float
    """The odds a blind deal (``infer=none``) gives the true first card."""


def read_play(
    sighting: Sighting, action: Action, model: Bot, worlds: int, rng: random.Random
) -> tuple[int, float]:
    """How many of ``worlds`` worlds ``model`` played as ``action`` showed, and the odds
    its alike plays gave the true first card (``NO_ODDS`` when none played alike)."""
    play = shown(action)
    plays = model_plays(sighting, play, model, worlds, rng)
    alike = sum(1 for other in plays if other != DRAW and shown(other) == play)
    first = alike_odds(plays, play)[0]
    true_kind = decode_play(action)[1][0]
    return alike, (first[true_kind] / sum(first) if any(first) else NO_ODDS)


def blind_odds(
    before: State, action: Action, watcher: int, worlds: int, rng: random.Random
) -> float:
    """The share of ``worlds`` worlds dealt blind from ``watcher``'s view after ``action``
    (as ``infer=none`` deals them) that give its face-down first card its true kind."""
    actor = before.current_player
    view_before = before.view(watcher)
    assert isinstance(view_before, GtcView)
    start, kinds = decode_play(action)
    cheese, index = play_slots(view_before, start)[0]
    after = before.apply(action)
    true_kind, dealt = kinds[0], 0
    for _ in range(worlds):
        view = after.determinize(watcher, rng).view(actor)
        assert isinstance(view, GtcView)
        dealt += view.lines[cheese][index].kind == true_kind
    return dealt / worlds


def play_deal(task: FitTask) -> tuple[PlayFit, ...]:
    """The deal's game and every play of it read by every model (a worker's task)."""
    players = len(task.table)
    specs = [task.table[(seat + task.deal) % players] for seat in range(players)]
    game_seed = task.seed + task.deal
    models = [make_bot(spec) for spec in task.models]

    def read(state: State, seat: int, action: Action, number: int) -> list[PlayFit]:
        if action == DRAW:
            return []
        index = number - game_seed * 1000 - 1
        sighting = Sighting(state, action, (seat + 1) % players, index)
        rng = random.Random(f"{game_seed}:{index}")
        blind = blind_odds(state, action, sighting.seat, task.worlds, rng)
        fits = []
        for spec, model in zip(task.models, models):
            rng = random.Random(f"{game_seed}:{index}:{spec}")
            alike, odds = read_play(sighting, action, model, task.worlds, rng)
            fits.append(PlayFit(specs[seat], spec, alike, task.worlds, odds, blind))
        return fits

    return tuple(play_table(game_seed, specs, read))


def report(task: FitTask, deals: Sequence[tuple[PlayFit, ...]]) -> str:
    """A line per player and model: plays read, the alike share, the share with none
    alike, and the true card's mean odds where some world played alike."""
    grouped: dict[tuple[str, str], list[PlayFit]] = defaultdict(list)
    for fits in deals:
        for fit in fits:
            grouped[fit.player, fit.model].append(fit)
    plural = "s" if len(deals) > 1 else ""
    lines = [
        f"{', '.join(task.table)} at {len(task.table)} seats, {len(deals)} deal{plural}, "
        f"seed {task.seed}; each play read in {task.worlds} worlds",
        f"{'player':<28} {'model':<24} {'plays':>6} {'alike':>7} {'none alike':>11} "
        f"{'true card':>10} {'blind':>6}",
    ]
    for player in dict.fromkeys(task.table):
        for model in task.models:
            read_by = grouped.get((player, model), [])
            if not read_by:
                continue
            alike = sum(fit.alike for fit in read_by) / sum(fit.worlds for fit in read_by)
            read = [fit for fit in read_by if fit.true_odds != NO_ODDS]
            none = 1 - len(read) / len(read_by)
            true_card = f"{fmean(fit.true_odds for fit in read):.3f}" if read else "-"
            blind = f"{fmean(fit.blind_odds for fit in read):.3f}" if read else "-"
            lines.append(
                f"{player:<28} {model:<24} {len(read_by):>6} {alike:>7.3f} {none:>11.3f} "
                f"{true_card:>10} {blind:>6}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--table", nargs="+", required=True,
        help="the specs at the table, repeated in turn to fill --players seats",
    )
    parser.add_argument("--players", type=int, default=4, help="seats, 3 to 5")
    parser.add_argument(
        "--model", action="append", required=True, help="a model reading the plays (repeat)"
    )
    parser.add_argument("--worlds", type=int, default=MODEL_WORLDS, help="worlds a reading")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=36201)
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals")
    args = parser.parse_args(argv)
    try:
        if not 3 <= args.players <= 5:
            raise ValueError("--players: give 3 to 5")
        if min(args.deals, args.worlds, args.workers) < 1:
            raise ValueError("--deals, --worlds and --workers take a positive count")
        for spec in (*args.table, *args.model):
            make_bot(spec)
    except (BotSpecError, ValueError) as error:
        parser.exit(2, f"gtc_reading_fit: {error}\n")
    table = tuple(args.table[seat % len(args.table)] for seat in range(args.players))
    tasks = [
        FitTask(table, tuple(args.model), args.seed, deal, args.worlds)
        for deal in range(args.deals)
    ]
    deals = kept_until_stopped(map_deals(play_deal, tasks, args.workers))
    if deals:
        print(report(tasks[0], deals))


if __name__ == "__main__":
    main()
