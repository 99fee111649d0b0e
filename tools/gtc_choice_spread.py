"""How well could a model of a Get The Cheese! bot tell the card it puts face down?

Plays ``GAMES`` self-play games of ``SPEC`` (deal seeds ``SEED`` onward, each seat's
bot seeded from the deal, the games ``tools/gtc_face_down_fit.py`` plays). At every play,
the bot searches the same turn ``--reruns`` more times with other seeds, and each rerun's
first card (the face-down one), or its draw, is recorded. Two figures follow, over the
same plays:

- **the bot's own chances**: the chance that two of those searches put the same kind
  face down first. A model that knew everything the bot knew at that turn (its hand,
  the table) and the bot's own chances of each choice would draw the card a search
  then hides with exactly this chance: no deal that draws worlds as likely as they are
  can hold the right first card more often.
- **the models**: the chance a world drawn by each model, given the true hand and the
  line as the next seat sees it, holds the card a rerun hid: uniformly among the cards
  held (``infer=none``), and the shipped face-down model (``infer=model``). A seat
  inferring must also guess the hand, so in play the models do worse than here.

    python tools/gtc_choice_spread.py GAMES [--seed S] [--players N] [--spec SPEC]
        [--reruns R] [--workers W]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `tools`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation.get_the_cheese.face_down import (
    UNIFORM,
    FaceDownModel,
    first_card_chances,
    load_model,
)
from cheese.engine import State
from cheese.engine.get_the_cheese.determinize import line_bins
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.view import GtcView
from tools.gtc_self_play import (
    add_self_play_arguments,
    check_self_play_arguments,
    play_deals,
    stopped,
)

DRAWN = -1
"""A rerun's choice when it drew instead of playing: it hides no card."""


@dataclass(frozen=True, slots=True)
class PlayRerun:
    """One play of a self-play game: what the player held, what each kind would do in
    the slot of its first card (as the next seat sees it), and each rerun's first card
    (``DRAWN`` for a draw)."""

    hand: tuple[int, ...]
    bins: tuple[int, ...]
    firsts: tuple[int, ...]


def first_card(action: int) -> int:
    """The kind ``action`` puts face down first, or ``DRAWN``."""
    return DRAWN if action == DRAW else decode_play(action)[1][0]


def rerun_play(
    state: State, seat: int, action: int, decision: int, *, spec: str, reruns: int
) -> list[PlayRerun]:
    """``seat``'s ``action`` at ``state`` if it is a play, searched ``reruns`` more times
    with seeds from the ``decision``'s number."""
    if action == DRAW:
        return []
    view = state.view(seat)
    observer = state.view((seat + 1) % state.num_players)
    assert isinstance(view, GtcView) and isinstance(observer, GtcView)
    start, _ = decode_play(action)
    bins = line_bins(observer, seat, (start, len(observer.lines[start])))
    bot = make_bot(spec)
    turn = Turn(state, seat)
    seeds = [decision * 100 + rerun for rerun in range(reruns)]
    firsts = tuple(first_card(bot.choose(turn, random.Random(seed)).action) for seed in seeds)
    return [PlayRerun(tuple(view.hand), tuple(bins), firsts)]


def collect(
    games: int, seed: int, players: int, spec: str, reruns: int, workers: int = 1
) -> list[PlayRerun]:
    """The plays of ``games`` self-play games on deals ``seed`` onward, in deal order
    whatever the number of ``workers``."""
    record = partial(rerun_play, spec=spec, reruns=reruns)
    return play_deals(games, seed, players, spec, record, workers)


def self_agreement(plays: Sequence[PlayRerun]) -> float:
    """The chance two searches of the same play hide the same kind first (a draw matches
    nothing: it hides no card), over every pair of reruns of each play."""
    matches = pairs = 0
    for play in plays:
        firsts = play.firsts
        for one in range(len(firsts)):
            for other in range(one + 1, len(firsts)):
                pairs += 1
                matches += firsts[one] == firsts[other] != DRAWN
    return matches / pairs if pairs else 0.0


def model_agreement(plays: Sequence[PlayRerun], model: FaceDownModel) -> float:
    """The chance a first card drawn by ``model``, given the true hand and line, is the
    kind a rerun hid (none if it drew), over every rerun of each play."""
    total = runs = 0.0
    for play in plays:
        chances = first_card_chances(model, play.hand, play.bins)
        for first in play.firsts:
            runs += 1
            total += chances[first] if first != DRAWN else 0.0
    return total / runs if runs else 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_self_play_arguments(parser, seed=50000, spec="mcts:iterations=15000")
    parser.add_argument("--reruns", type=int, default=3, help="searches of each play again")
    args = parser.parse_args(argv)
    check_self_play_arguments(parser, args, "gtc_choice_spread")
    if args.reruns < 2:
        parser.exit(2, "gtc_choice_spread: give --reruns 2 or more\n")
    try:
        plays = collect(args.games, args.seed, args.players, args.spec, args.reruns, args.workers)
    except KeyboardInterrupt:
        stopped(parser, "gtc_choice_spread")
    drawn = sum(first == DRAWN for play in plays for first in play.firsts)
    games = f"{args.games} game" + ("s" if args.games > 1 else "")
    print(f"{len(plays)} plays of {games}, each searched {args.reruns} more times "
          f"({drawn} of the reruns drew)")
    print("chance a world holds the first card a search hid:")
    figures = (
        ("the bot's own chances (an exact model)", self_agreement(plays)),
        ("the shipped face-down model, hand known", model_agreement(plays, load_model())),
        ("uniform among the cards held, hand known", model_agreement(plays, UNIFORM)),
    )
    for label, chance in figures:
        print(f"  {label:<41} {chance:.3f}")


if __name__ == "__main__":
    main()
