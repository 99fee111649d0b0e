"""Fit which kind of card Get The Cheese! players put face down, from self-play.

Plays ``GAMES`` games of ``SPEC`` against itself (deal seeds ``SEED`` onward, each seat's
bot seeded from the deal), records every card a player put face down with the cards it
could have put there, prints how far the choices are from uniform (each kind's share
among the face-down first cards against its share of the hands they came from) and the
fitted model (``cheese.bots.evaluation.get_the_cheese.face_down``); ``--write`` stores it
as the package's ``face_down.json``:

    python tools/gtc_face_down_fit.py GAMES [--seed S] [--players N] [--spec SPEC]
        [--workers W] [--write]

``--workers`` plays the games in that many processes; the choices, and so the model, are
the same for any count. The shipped model's command is stored in the model itself.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `tools`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots.evaluation.get_the_cheese import face_down
from cheese.bots.evaluation.get_the_cheese.face_down import FaceDownChoice, FaceDownModel
from cheese.engine import State
from cheese.engine.get_the_cheese.cards import KIND_COUNT, KIND_NAMES, SYMBOL_KINDS
from cheese.engine.get_the_cheese.determinize import line_bins
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.view import GtcView
from tools.gtc_self_play import (
    add_self_play_arguments,
    check_self_play_arguments,
    play_deals,
    stopped,
)

MODEL_PATH = Path(face_down.__file__).with_name(face_down.MODEL_FILE)


def play_choices(
    state: State, seat: int, action: int, decision: int = 0
) -> list[FaceDownChoice]:
    """The face-down cards of ``seat``'s ``action`` at ``state``, with what it held; the
    first card's line bins as the next seat sees the line (an opponent inferring). The
    decision's number (``gtc_self_play.Recorder``) is not needed here."""
    if action == DRAW:
        return []
    view = state.view(seat)
    observer = state.view((seat + 1) % state.num_players)
    assert isinstance(view, GtcView) and isinstance(observer, GtcView)
    hand = list(view.hand)
    start, kinds = decode_play(action)
    choices = []
    for place, kind in enumerate(kinds, start=1):
        if place == 1:
            bins = line_bins(observer, seat, (start, len(observer.lines[start])))
            choices.append(FaceDownChoice(place, tuple(hand), kind, bins))
        elif kind in SYMBOL_KINDS:
            choices.append(FaceDownChoice(place, tuple(hand), kind))
        hand[kind] -= 1
    return choices


def collect(
    games: int, seed: int, players: int, spec: str, workers: int = 1
) -> list[FaceDownChoice]:
    """The face-down choices of ``games`` self-play games on deals ``seed`` onward, in
    deal order whatever the number of ``workers``."""
    return play_deals(games, seed, players, spec, play_choices, workers)


def shares(choices: Sequence[FaceDownChoice]) -> list[tuple[str, float, float]]:
    """Per kind: its share among the face-down first cards, and among the hands they
    were chosen from."""
    firsts = [choice for choice in choices if choice.place == 1]
    held = [sum(choice.available[kind] for choice in firsts) for kind in range(KIND_COUNT)]
    chosen = [sum(choice.kind == kind for choice in firsts) for kind in range(KIND_COUNT)]
    return [
        (KIND_NAMES[kind], chosen[kind] / max(1, len(firsts)), held[kind] / max(1, sum(held)))
        for kind in range(KIND_COUNT)
    ]


def command_line(games: int, seed: int, players: int, spec: str) -> str:
    return (
        f"python tools/gtc_face_down_fit.py {games} --seed {seed} --players {players}"
        f" --spec {spec} --write"
    )


def fitted_model(games: int, seed: int, players: int, spec: str) -> FaceDownModel:
    """The model fitted to ``games`` self-play games, with the command that refits it."""
    choices = collect(games, seed, players, spec)
    return face_down.fit(choices, command_line(games, seed, players, spec))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_self_play_arguments(parser, seed=1000, spec="mcts:iterations=1000")
    parser.add_argument("--write", action="store_true", help="store the model in the package")
    args = parser.parse_args(argv)
    check_self_play_arguments(parser, args, "gtc_face_down_fit")
    try:
        choices = collect(args.games, args.seed, args.players, args.spec, args.workers)
    except KeyboardInterrupt:
        stopped(parser, "gtc_face_down_fit")
    print(f"{len(choices)} face-down cards from {args.games} games")
    print("kind     face-down first  in hands")
    for name, chosen, held in shares(choices):
        print(f"{name:8} {chosen:15.3f} {held:9.3f}")
    model = face_down.fit(choices, command_line(args.games, args.seed, args.players, args.spec))
    for place, weights in enumerate(model.weights, start=1):
        print(f"place {place}: " + " ".join(f"{w:+.2f}" for w in weights))
    catches, takes, eats = model.line
    print(f"place 1, per unit of the line: catches {catches:+.2f}, takes {takes:+.2f}, "
          f"eats {eats:+.2f}")
    if args.write:
        MODEL_PATH.write_bytes(face_down.encode_model(model))
        print(f"wrote {MODEL_PATH}")


if __name__ == "__main__":
    main()
