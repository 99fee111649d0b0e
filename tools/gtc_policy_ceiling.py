"""What an exact model of the others' face-down choices could be worth in Get The Cheese!.

The instrument is the ``mcts`` spec alone at a table of ``--against`` seats (by default
the spec itself), in each seat of every deal in turn. Whenever another seat plays, its
own bot searches that turn ``--reruns`` more times with other seeds, on the true state:
with the hand it really held. The kinds those searches put in each place the play hid
(the first, and a symbol card's 2nd or 3rd) are the odds with which the instrument's
search deals that card in every iteration, counting only the reruns whose play shows the
same (the start cheese and the face-up cards); for the first card, all of them when none
does, and a symbol card's place without such a rerun is dealt as a blind search deals it.
Everything else it cannot see (the others' hands and decks) is dealt as a blind search
deals it (``card_odds`` in ``cheese/bots/mcts/native/search.c``).

With ``--odds reruns`` (the default) each face-down card is drawn as a model would draw
it that knew the player's bot exactly and the hand it held, which no seat sees. With
``--odds inferred`` the searches run instead in worlds dealt from the instrument's own
view, each dealt again (up to 40 times) until the player holds the cards its play showed,
and a first card without a search that played alike is dealt blind: policy-based
inference, which any seat could do. (A search is no exact Bayesian, and a few searches
only estimate the bot's chances: these are measurements, not proofs.) The same spec
blind in the lone seat scores one half by symmetry. ``--model`` searches with another
spec than the others' (a cheaper model, as a bot inside its time would need). ``--odds
truth`` is the control: every face-down card dealt as it is (the table seen, the hands
drawn), as ``tools/gtc_ceiling.py --sees table`` sees it.

It prints the lone seat's share of its pairs against the others (a tie one half), its
Elo with the 95% bootstrap interval over deals, and how often the odds gave the true
card. The same seed plays the same games; Ctrl-C (SIGINT) reports the deals finished:

    python tools/gtc_policy_ceiling.py --players 4 --deals 75 --seed 34001 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import Turn, make_bot
from cheese.bots.base import Bot, BotSpecError, Decision, Sighting
from cheese.bots.evaluation.get_the_cheese.play_odds import (
    OddsLayout,
    Slot,
    alike_odds,
    hidden_places,
    holding_world,
    odds_array,
    play_slots,
    shown,
)
from cheese.bots.mcts import MctsBot
from cheese.bots.mcts.config import MctsConfig
from cheese.engine import Action, State, load_game
from cheese.engine.get_the_cheese.cards import KIND_COUNT
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.luck import resolve_chance
from cheese.engine.native import native_facts
from cheese.ratings.pairwise import PairTally, seat_pairs
from cheese.ratings.stats import bootstrap_interval, logistic_elo
from cheese.referee.jobs import SIDE_A, SIDE_B
from tools.chasers_completion import kept_until_stopped, map_deals
from tools.instrument_search import instrument_decision

GAME = "get-the-cheese"
ODDS = ("reruns", "inferred", "truth")
NO_ODDS = -1.0
"""A face-down first card's chance where no search gave it odds (it is dealt blind)."""


@dataclass(frozen=True, slots=True)
class DealTask:
    """One deal, played with the instrument in each seat in turn."""

    spec: str
    against: str
    players: int
    seed: int
    deal: int
    reruns: int
    odds: str
    model: str
    """The spec whose searches give the odds (``--model``; by default ``against``)."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """The lone seat's pairs over a deal's games, and the chance its odds gave each
    face-down first card of the others (``NO_ODDS`` where they gave none)."""

    pairs: PairTally
    true_chances: tuple[float, ...]


def rerun_odds(
    turns: Sequence[Turn], play: Action, bot: Bot, seeds: Sequence[int], *, all_first: bool
) -> dict[int, tuple[int, ...]]:
    """Per hidden place of ``play`` and per kind, how many of ``bot``'s searches of
    ``turns`` (one each, with ``seeds``) put that kind there, counting those whose play
    shows what ``play`` shows (``alike_odds``); with ``all_first``, for the first card
    every play when none does. A place without such a search has no odds (all 0)."""
    plays = [bot.choose(turn, random.Random(seed)).action for turn, seed in zip(turns, seeds)]
    odds = alike_odds(plays, shown(play))
    if all_first and not any(odds[0]):
        kinds = Counter(decode_play(rerun)[1][0] for rerun in plays if rerun != DRAW)
        odds[0] = tuple(kinds[kind] for kind in range(KIND_COUNT))
    return odds


def play_odds(
    task: DealTask, state: State, lone: int, play: Action, decision: int
) -> dict[int, tuple[int, ...]]:
    """The odds of each hidden place of another seat's ``play`` at ``state``, as
    ``task.odds`` gives them."""
    kinds = decode_play(play)[1]
    if task.odds == "truth":
        return {place: one_kind(kinds[place]) for place in hidden_places(shown(play))}
    game = task.seed + task.deal
    seeds = [(game * 1000 + decision) * 100 + rerun for rerun in range(task.reruns)]
    seat, bot = state.current_player, make_bot(task.model)
    if task.odds == "reruns":
        return rerun_odds([Turn(state, seat)] * len(seeds), play, bot, seeds, all_first=True)
    worlds = holding_worlds(state, lone, play, seeds)
    return rerun_odds([Turn(world, seat) for world in worlds], play, bot, seeds, all_first=False)


def holding_worlds(state: State, lone: int, play: Action, seeds: Sequence[int]) -> list[State]:
    """Worlds of ``state`` dealt from ``lone``'s view in which the player of ``play`` holds
    what it shows (``holding_world``), one per seed."""
    sighting = Sighting(state, play, lone, 0)
    return [holding_world(sighting, shown(play), random.Random(seed)) for seed in seeds]


def gtc_view(state: State) -> GtcView:
    """What the seat to act in ``state`` sees."""
    view = state.view(state.current_player)
    assert isinstance(view, GtcView)
    return view


def one_kind(kind: int) -> tuple[int, ...]:
    """Odds all on ``kind``."""
    return tuple(int(other == kind) for other in range(KIND_COUNT))


class PosteriorMcts(MctsBot):
    """The ``mcts`` bot of a spec whose every search deals the face-down cards by
    ``card_odds`` (``odds_array``), which the tool sets before each decision."""

    __slots__ = ("card_odds",)

    def __init__(self, config: MctsConfig) -> None:
        super().__init__(config)
        self.card_odds: list[int] | None = None

    def tree_decision(
        self, turn: Turn, legal: int, rng: random.Random, config: MctsConfig | None = None
    ) -> Decision:
        return instrument_decision(
            turn, legal, rng, self.config if config is None else config, "instrument",
            card_odds=self.card_odds,
        )


def posterior_bot(spec: str) -> PosteriorMcts:
    """The instrument for ``spec``; ``BotSpecError`` for a spec that is not one ``mcts``
    search."""
    blind = make_bot(spec)
    if not isinstance(blind, MctsBot) or blind.config.workers != 1:
        raise BotSpecError(f"the instrument is one mcts search, not {spec!r}")
    return PosteriorMcts(blind.config)


def play_game(task: DealTask, lone: int, layout: OddsLayout) -> tuple[PairTally, list[float]]:
    """One game of the deal with the instrument in seat ``lone``: its pairs, and the
    chance its odds gave each face-down first card of the others (``NO_ODDS`` where they
    gave none)."""
    state = load_game(GAME).new_initial_state(
        num_players=task.players, seed=task.seed + task.deal
    )
    instrument = posterior_bot(task.spec)
    others = make_bot(task.against)
    rngs = [random.Random((task.seed + task.deal) * 16 + seat) for seat in range(task.players)]
    odds: dict[Slot, tuple[int, ...]] = {}
    chances: list[float] = []
    decision = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        seat, decision = state.current_player, decision + 1
        turn = Turn(state, seat)
        if seat == lone:
            instrument.card_odds = odds_array(odds, layout) if odds else None
            action = instrument.choose(turn, rngs[seat]).action
        else:
            action = others.choose(turn, rngs[seat]).action
            if action != DRAW:
                rows = play_odds(task, state, lone, action, decision)
                slots = play_slots(gtc_view(state), decode_play(action)[0])
                odds.update((slots[place], row) for place, row in rows.items() if any(row))
                first, kind = rows[0], decode_play(action)[1][0]
                chances.append(first[kind] / sum(first) if any(first) else NO_ODDS)
        state = state.apply(action)
    sides = tuple(SIDE_A if seat == lone else SIDE_B for seat in range(task.players))
    return seat_pairs(sides, state.ranking()), chances


def play_deal(task: DealTask) -> DealResult:
    """The deal's games, the instrument in each seat in turn (a worker's task)."""
    facts = native_facts(GAME)
    layout = OddsLayout(facts["max_line"], facts["card_odds_count"])
    pairs, chances = PairTally(), []
    for lone in range(task.players):
        tally, game_chances = play_game(task, lone, layout)
        pairs += tally
        chances.extend(game_chances)
    return DealResult(pairs, tuple(chances))


def report(task: DealTask, deals: Sequence[DealResult]) -> str:
    """The lone seat's score, its Elo with the interval over deals, and the odds' chance of
    the true card."""
    total = sum((deal.pairs for deal in deals), PairTally())
    scores = [deal.pairs.score for deal in deals]
    elo = logistic_elo(total.score)
    interval = ""
    if len(scores) > 1:
        low, high = bootstrap_interval(scores, random.Random(task.seed))
        interval = f" [{logistic_elo(low):+.1f}, {logistic_elo(high):+.1f}]"
    model = "their bot" if task.model == task.against else task.model
    every = [chance for deal in deals for chance in deal.true_chances]
    chances = [chance for chance in every if chance != NO_ODDS]
    dealt = {
        "truth": "as they are",
        "reruns": f"by {task.reruns} more searches of {model}, their hands known",
        "inferred": f"by {task.reruns} searches of {model} in worlds dealt from the seat's "
        "view, those that played alike",
    }[task.odds]
    plural = "s" if len(deals) > 1 else ""
    return "\n".join(
        (
            f"{task.spec} alone among {task.against}, {task.players} players, "
            f"{len(deals)} deal{plural} ({len(deals) * task.players} games), seed {task.seed}",
            f"the others' face-down first cards dealt {dealt}",
            f"score {total.score:.3f}, Elo {elo:+.1f}{interval}: {total.wins} wins, "
            f"{total.draws} draws, {total.losses} losses of {total.pairs} pairs",
            f"chance the odds gave the true card: {fmean(chances) if chances else 0.0:.3f} "
            f"over {len(chances)} of {len(every)} face-down first cards (the rest dealt blind)",
        )
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="mcts:iterations=15000", help="the mcts spec measured")
    parser.add_argument("--against", default=None, help="the other seats' spec (default: --spec)")
    parser.add_argument("--players", type=int, default=4, help="seats, 3 to 5")
    parser.add_argument("--deals", type=int, default=75)
    parser.add_argument("--seed", type=int, default=34001)
    parser.add_argument("--reruns", type=int, default=6, help="searches of each play again")
    parser.add_argument(
        "--model", default=None, help="the spec searching each play again (default: --against)"
    )
    parser.add_argument(
        "--odds", choices=ODDS, default="reruns",
        help="reruns: from the others' bots searching again with their hands; inferred: from "
        "their bots searching worlds dealt from the seat's view; truth: the true cards",
    )
    parser.add_argument("--workers", type=int, default=1, help="processes playing deals")
    args = parser.parse_args(argv)
    against = args.spec if args.against is None else args.against
    model = against if args.model is None else args.model
    try:
        posterior_bot(args.spec)
        make_bot(against)
        make_bot(model)
        if not 3 <= args.players <= 5:
            raise ValueError("--players: give 3 to 5")
        if args.deals < 1 or args.workers < 1 or args.reruns < 1:
            raise ValueError("--deals, --reruns and --workers take a positive count")
    except (BotSpecError, ValueError) as error:
        parser.exit(2, f"gtc_policy_ceiling: {error}\n")
    tasks = [
        DealTask(args.spec, against, args.players, args.seed, deal, args.reruns, args.odds, model)
        for deal in range(args.deals)
    ]
    deals = kept_until_stopped(map_deals(play_deal, tasks, args.workers))
    if deals:
        print(report(tasks[0], deals))


if __name__ == "__main__":
    main()
