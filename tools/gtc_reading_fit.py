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
  from the watcher's view after the play) gives it;
- **dealt**: on the same plays, the chance the bot's deal gives the true first card: the
  alike plays beside ``--blind-worlds`` worlds dealt blind (``card_weights``);
- **never**: the share of those plays whose deal never gives the true card (only
  without blind worlds);
- **loss** and **blind loss**: the mean log-loss of the true first card, in nats, of the
  bot's deal and of a blind one (a chance of 0 counts as ``LOSS_CAP``).

These last four leave out a play that ends the game, after which nothing is dealt.

A last table is over every play read (but those that end the game), each dealt as the
bot would deal it by each reading: its log-loss dealt blind, by the alike plays (blind
where none played alike), and by every world's plays weighed by the model's shares
(``leaning_odds``, beside ``SHARE_BLIND_WORLDS``; a model that gives no shares, greedy,
is read by its plays alone either way).

With ``--recall`` each player's plays are read in worlds that deal its face-down cards
read before by the odds its earlier plays were read to give them (``mcts:recall=1``);
only the player's own cards matter there, as the model deals the others' from the
player's view.

With ``--blind-worlds`` given more than once, the table is for the first count, and a
second one gives dealt, never and loss for each.

A reading helps where its true card beats the blind one, and misleads where it falls
below; a reading that models each player by the model that explains it needs the alike
share to tell the players apart, and the better-explaining model to give the truer odds. The
same seed plays the same games and readings; Ctrl-C (SIGINT) reports the deals finished:

    python tools/gtc_reading_fit.py --table greedy mcts:iterations=15000 --players 4 \\
        --model greedy --model mcts:iterations=2000 --deals 20 --seed 36201 --workers 2

``--blind-worlds`` changes the dealt odds alone: the games and the worlds read are the
same whatever it is.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import make_bot
from cheese.bots.base import Bot, BotSpecError, Sighting
from cheese.bots.evaluation.get_the_cheese.play_odds import (
    BLIND_WORLDS,
    SHARE_BLIND_WORLDS,
    GtcPlayReading,
    Slot,
    alike_odds,
    card_weights,
    decisions_read,
    gives_shares,
    leaning_odds,
    model_decisions,
    play_slots,
    shown,
    unseen_after,
)
from cheese.bots.mcts.policy import MODEL_WORLDS
from cheese.bots.search.evaluator import MoveRead
from cheese.engine import Action, State
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.view import GtcView
from tools.chasers_completion import kept_until_stopped, map_deals
from tools.gtc_self_play import play_table

NO_ODDS = -1.0
"""The true card's odds where no world played alike (the card is dealt blind)."""
LOSS_CAP = -math.log(1e-6)
"""The log-loss counted for a true card given no chance, which would be infinite."""


@dataclass(frozen=True, slots=True)
class FitTask:
    """One deal: the table's specs (turned by ``deal`` seats), the models, the seed."""

    table: tuple[str, ...]
    models: tuple[str, ...]
    seed: int
    deal: int
    worlds: int
    recall: bool = False
    """Whether each player's plays are read in worlds that deal its face-down cards
    read before by their odds (``--recall``)."""


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
    first: tuple[int, ...]
    """How many alike plays put each kind first."""
    unseen: tuple[int, ...]
    """The player's cards the watcher has not seen after the play, per kind."""
    true_kind: int
    leaning: tuple[float, ...]
    """The weight of each kind first over every world's plays, by the model's shares."""
    weighed: bool
    """Whether the model gave shares (else ``leaning`` is the alike counts)."""

    def loss_by_plays(self) -> float:
        """The true first card's log-loss dealt by the alike plays (blind without)."""
        return self.loss_dealt(self.dealt_odds(BLIND_WORLDS))

    def loss_by_shares(self) -> float:
        """The same dealt by the shares (``leaning_odds``), as the bot deals it."""
        if not self.weighed:
            return self.loss_by_plays()
        return self.loss_dealt(
            dealt_chance(self.leaning, self.unseen, self.true_kind, SHARE_BLIND_WORLDS)
        )

    def loss_dealt(self, chance: float) -> float:
        """The log-loss of a deal that gives the true card ``chance``, or deals blind
        (``NO_ODDS``)."""
        return log_loss(self.blind_chance if chance == NO_ODDS else chance)

    def dealt_odds(self, blind_worlds: float) -> float:
        """The chance the bot's deal gives the true first card, the alike plays beside
        ``blind_worlds`` worlds dealt blind (``NO_ODDS``: none alike)."""
        return dealt_chance(self.first, self.unseen, self.true_kind, blind_worlds)

    @property
    def blind_chance(self) -> float:
        """The chance a blind deal gives it: its kind's share of the unseen cards (1 once
        the game is over and every card is in sight)."""
        return self.unseen[self.true_kind] / sum(self.unseen) if any(self.unseen) else 1.0


def read_play(
    sighting: Sighting,
    action: Action,
    model: Bot,
    worlds: int,
    rng: random.Random,
    earlier: Mapping[Slot, Sequence[int]],
) -> tuple[tuple[int, ...], tuple[float, ...], bool, MoveRead]:
    """How many of ``worlds`` worlds ``model`` played as ``action`` showed putting each
    kind first; the weight of each kind first by the model's shares (``leaning_odds``);
    whether it gave shares; and the odds the bot reads of each face-down card. The
    worlds deal the cards of ``earlier`` by its odds (none: blind)."""
    play = shown(action)
    card_odds = GtcPlayReading().deal_odds(earlier, sighting.game)
    decisions = model_decisions(sighting, play, model, worlds, rng, card_odds)
    first = alike_odds([decision.action for decision in decisions], play)[0]
    read = decisions_read(sighting, play, decisions)
    return first, leaning_odds(decisions, play)[0], gives_shares(decisions), read


def dealt_chance(
    first: Sequence[float], unseen: Sequence[int], kind: int, blind_worlds: float
) -> float:
    """The chance the bot's deal gives the first card ``kind`` when the reading put
    ``first`` of each kind there (the alike plays' counts, or the shares' weights;
    ``NO_ODDS`` when it put none)."""
    if not any(first):
        return NO_ODDS
    if not any(unseen):  # the game is over: every card is in sight
        return 1.0
    weights = card_weights(first, tuple(unseen), symbol=False, blind_worlds=blind_worlds)
    total = sum(weight * copies for weight, copies in zip(weights, unseen, strict=True))
    return weights[kind] * unseen[kind] / total


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
    # With --recall, per model and player, the odds of its face-down cards read so far.
    earlier: dict[tuple[str, int], dict[Slot, Sequence[int]]] = defaultdict(dict)

    def read(state: State, seat: int, action: Action, number: int) -> list[PlayFit]:
        if action == DRAW:
            return []
        index = number - game_seed * 1000 - 1
        sighting = Sighting(state, action, (seat + 1) % players, index)
        rng = random.Random(f"{game_seed}:{index}")
        blind = blind_odds(state, action, sighting.seat, task.worlds, rng)
        true_kind = decode_play(action)[1][0]
        unseen = unseen_after(sighting)
        fits = []
        for spec, model in zip(task.models, models):
            rng = random.Random(f"{game_seed}:{index}:{spec}")
            known = earlier[spec, seat]
            first, leaning, weighed, move_read = read_play(
                sighting, action, model, task.worlds, rng, known if task.recall else {}
            )
            known.update(move_read.odds)
            odds = first[true_kind] / sum(first) if any(first) else NO_ODDS
            fits.append(
                PlayFit(
                    specs[seat], spec, sum(first), task.worlds, odds, blind, first, unseen,
                    true_kind, leaning, weighed,
                )
            )
        return fits

    return tuple(play_table(game_seed, specs, read))


def log_loss(chance: float) -> float:
    """The log-loss, in nats, of a true card given ``chance`` (``LOSS_CAP`` for none)."""
    return -math.log(chance) if chance > 0 else LOSS_CAP


def mean_of(fits: Sequence[PlayFit], measure: Callable[[PlayFit], float]) -> str:
    """The mean of ``measure`` over ``fits`` to three places, "-" when there are none."""
    return f"{fmean(measure(fit) for fit in fits):.3f}" if fits else "-"


def report(
    task: FitTask,
    deals: Sequence[tuple[PlayFit, ...]],
    blind_worlds: Sequence[float] = (BLIND_WORLDS,),
) -> str:
    """A line per player and model: plays read, the alike share, the share with none
    alike, and where some world played alike, the true card's mean odds and log-loss,
    dealt beside the first of ``blind_worlds``; with more than one, a second table of
    the dealt odds beside each."""
    grouped: dict[tuple[str, str], list[PlayFit]] = defaultdict(list)
    for fits in deals:
        for fit in fits:
            grouped[fit.player, fit.model].append(fit)
    plural = "s" if len(deals) > 1 else ""
    lines = [
        f"{', '.join(task.table)} at {len(task.table)} seats, {len(deals)} deal{plural}, "
        f"seed {task.seed}; each play read in {task.worlds} worlds, dealt beside "
        f"{blind_worlds[0]:g} blind",
        f"{'player':<28} {'model':<24} {'plays':>6} {'alike':>7} {'none alike':>11} "
        f"{'true card':>10} {'blind':>6} {'dealt':>6} {'never':>6} {'loss':>6} "
        f"{'blind loss':>10}",
    ]
    by_blind_worlds = [f"{'player':<28} {'model':<24} {'blind worlds':>12} {'dealt':>6} "
                       f"{'never':>6} {'loss':>6}"]
    for player in dict.fromkeys(task.table):
        for model in task.models:
            read_by = grouped.get((player, model), [])
            if not read_by:
                continue
            alike = sum(fit.alike for fit in read_by) / sum(fit.worlds for fit in read_by)
            read = [fit for fit in read_by if fit.true_odds != NO_ODDS]
            none = 1 - len(read) / len(read_by)
            # A play that ends the game leaves nothing to deal.
            dealt_after = [fit for fit in read if any(fit.unseen)]
            dealt = [dealt_means(dealt_after, count) for count in blind_worlds]
            blind_loss = mean_of(dealt_after, lambda fit: log_loss(fit.blind_chance))
            lines.append(
                f"{player:<28} {model:<24} {len(read_by):>6} {alike:>7.3f} {none:>11.3f} "
                f"{mean_of(read, lambda fit: fit.true_odds):>10} "
                f"{mean_of(read, lambda fit: fit.blind_odds):>6} "
                f"{dealt[0][0]:>6} {dealt[0][1]:>6} {dealt[0][2]:>6} {blind_loss:>10}"
            )
            by_blind_worlds.extend(
                f"{player:<28} {model:<24} {count:>12g} {means[0]:>6} {means[1]:>6} {means[2]:>6}"
                for count, means in zip(blind_worlds, dealt, strict=True)
            )
    if len(blind_worlds) > 1:
        lines += ["", "the true first card as dealt beside each count of blind worlds"]
        lines += by_blind_worlds
    lines += ["", "the true first card's log-loss over every play, dealt by each reading",
              f"{'player':<28} {'model':<24} {'plays':>6} {'blind':>6} {'alike':>6} "
              f"{'shares':>6}"]
    for player in dict.fromkeys(task.table):
        for model in task.models:
            left = [fit for fit in grouped.get((player, model), []) if any(fit.unseen)]
            if left:
                lines.append(
                    f"{player:<28} {model:<24} {len(left):>6} "
                    f"{mean_of(left, lambda fit: log_loss(fit.blind_chance)):>6} "
                    f"{mean_of(left, PlayFit.loss_by_plays):>6} "
                    f"{mean_of(left, PlayFit.loss_by_shares):>6}"
                )
    return "\n".join(lines)


def dealt_means(read: Sequence[PlayFit], blind_worlds: float) -> tuple[str, str, str]:
    """Over the plays ``read`` (some world alike), dealt beside ``blind_worlds`` blind
    worlds: the true first card's mean chance, the share never dealt it, the log-loss."""
    if not read:
        return "-", "-", "-"
    chances = [fit.dealt_odds(blind_worlds) for fit in read]
    return (
        f"{fmean(chances):.3f}",
        f"{fmean(float(chance == 0) for chance in chances):.3f}",
        f"{fmean(log_loss(chance) for chance in chances):.3f}",
    )


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
    parser.add_argument(
        "--blind-worlds", type=float, action="append",
        help=f"worlds dealt blind beside the alike plays in the dealt odds (repeat to "
        f"compare; default {BLIND_WORLDS:g}, the bot's)",
    )
    parser.add_argument(
        "--recall", action="store_true",
        help="read each play in worlds that deal the player's face-down cards read "
        "before by their odds (mcts:infer=policy,recall=1)",
    )
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=36201)
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals")
    args = parser.parse_args(argv)
    try:
        if not 3 <= args.players <= 5:
            raise ValueError("--players: give 3 to 5")
        if min(args.deals, args.worlds, args.workers) < 1:
            raise ValueError("--deals, --worlds and --workers take a positive count")
        blind_worlds = args.blind_worlds or [BLIND_WORLDS]
        if not all(0 <= count < math.inf for count in blind_worlds):
            raise ValueError("--blind-worlds: give a count of 0 or more")
        for spec in (*args.table, *args.model):
            make_bot(spec)
    except (BotSpecError, ValueError) as error:
        parser.exit(2, f"gtc_reading_fit: {error}\n")
    table = tuple(args.table[seat % len(args.table)] for seat in range(args.players))
    tasks = [
        FitTask(table, tuple(args.model), args.seed, deal, args.worlds, args.recall)
        for deal in range(args.deals)
    ]
    deals = kept_until_stopped(map_deals(play_deal, tasks, args.workers))
    if deals:
        print(report(tasks[0], deals, blind_worlds))


if __name__ == "__main__":
    main()
