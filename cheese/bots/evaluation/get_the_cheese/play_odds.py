"""Get The Cheese!: which cards another player put face down, read from its play by a
model of the player (policy-based inference, ``mcts:infer=policy``).

A play shows every seat its start cheese and its face-up cards; its first card, and a
mouse* or cat* played 2nd or 3rd, go face down. To read such a play, the watching seat
deals worlds as it knew the table before the play, each dealt again (up to
``WORLD_TRIES`` times) until the player holds the cards its play showed, and asks the
model what it would play there. The models' plays that show the same as the real one
are kept; for each face-down place, the kinds they put there, beside ``BLIND_WORLDS``
worlds dealt blind, are the odds with which the searching seat deals that card
(``card_odds`` of the C search, ``card_weights``). A model that tells how its choice
leaned (a search: its root visits, ``Decision.shares``) is read by every play it leaned
to that shows the same, each weighed by its share (``leaning_odds``), beside
``SHARE_BLIND_WORLDS``. A play nothing explains is dealt uniformly, as without inference.
With ``recall=1`` the worlds of a reading deal the cards hidden before the play by the
odds their own readings gave them (``Sighting.determinize_by_odds``): the player knows
what it hid, and what it hid is not in its hand.

This is the policy-based inference Buro, Long, Furtak and Sturtevant describe for Skat
("Improving State Evaluation, Inference, and Search in Trick-Based Card Games", IJCAI
2009), with a search as the policy; it was measured first as an instrument
(``tools/gtc_policy_ceiling.py``).
"""

from __future__ import annotations

import random
from array import array
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.bots.base import Bot, Decision, Sighting, Turn
from cheese.bots.search.evaluator import MoveRead
from cheese.engine import Action, Game, State
from cheese.engine.get_the_cheese.cards import KIND_COUNT, SYMBOL_KINDS, Kind, Pile
from cheese.engine.get_the_cheese.moves import DRAW, decode_play, is_placed_face_down
from cheese.engine.get_the_cheese.view import UNKNOWN, UNKNOWN_SYMBOL, GtcView

HIDDEN: Kind = -1
"""A card of a play's 2nd or 3rd place that went face down (a mouse* or a cat*)."""
WORLD_TRIES = 40
"""Deals of a world, at most, until the player holds what its play showed: enough that
few worlds miss (the last deal is kept when none holds them)."""

BLIND_WORLDS = 3
"""Worlds dealt blind that each reading of a face-down card counts beside the model's
alike plays. Without them a kind no alike play put there is never dealt: in self-play of
the top level that was the truth for a third of the first cards read, whose log-loss
came to 4.9 nats a card against 1.5 for a blind deal; with 3 it is 1.34, the lowest of
the counts 0 to 8 (docs/bots/get-the-cheese.md, "Readings that never deal the truth")."""
SHARE_POWER = 2
"""A model that tells how its choice leaned (a search's root visits, ``Decision.shares``)
is read by every play it leaned to, not only the one it made: each world's plays weigh
their shares raised to this power, over the world's sum of them. Squared shares read
the top level's first cards best of the powers ½ to 3 (docs/bots/get-the-cheese.md,
"Each world's plays by their visits")."""
SHARE_BLIND_WORLDS = 0.5
"""The blind worlds beside such a reading: its weights add up to about half the alike
plays' count, and this count read best beside them."""
WEIGHT_SCALE = 1 << 20
"""The C search takes odds as integers: a card's weight, a fraction, times this."""

Slot = tuple[int, int]
"""A card's place on the table: (cheese, index in its line)."""
ShownPlay = tuple[int, int, int]
"""What every seat sees of a play: its start cheese, and its 2nd and 3rd cards' kinds,
``HIDDEN`` where one went face down."""
Odds = dict[Slot, tuple[int, ...]]
"""Per face-down card's place, a weight per kind for each unseen card of that kind
(``card_weights``)."""


def shown(play: Action) -> ShownPlay:
    """What every seat sees of ``play``."""
    start, (_, second, third) = decode_play(play)

    def seen(kind: Kind, position: int) -> Kind:
        return HIDDEN if is_placed_face_down(kind, position) else kind

    return start, seen(second, 2), seen(third, 3)


def seen_play(before: GtcView, after: GtcView) -> ShownPlay | None:
    """What a seat saw of the play between its views ``before`` and ``after``: the cards
    that joined the lines; ``None`` when none did (a draw)."""
    placed = {
        card.position: (cheese, card.kind)
        for cheese, line in enumerate(after.lines)
        for card in line[len(before.lines[cheese]):]
    }
    if not placed:
        return None

    def seen(position: int) -> Kind:
        kind = placed[position][1]
        return HIDDEN if kind == UNKNOWN_SYMBOL else kind

    return placed[1][0], seen(2), seen(3)


def hidden_places(play: ShownPlay) -> tuple[int, ...]:
    """The places of a play (0 to 2) that went face down: the first, and each ``HIDDEN``."""
    return (0, *(place for place in (1, 2) if play[place] == HIDDEN))


def holds_shown_cards(hand: Sequence[int], play: ShownPlay) -> bool:
    """Whether ``hand`` holds the cards ``play`` shows face up, and a mouse* or cat* for
    each it hides in 2nd or 3rd place."""
    needed = Counter(play[1:])
    symbols = sum(hand[kind] for kind in range(KIND_COUNT) if is_placed_face_down(kind, 2))
    return symbols >= needed.pop(HIDDEN, 0) and all(hand[kind] >= n for kind, n in needed.items())


def holding_world(
    sighting: Sighting, play: ShownPlay, rng: random.Random, card_odds: Sequence[int] | None = None
) -> State:
    """A world before the play, as the watcher knew it, in which the player holds what
    ``play`` shows: the first of up to ``WORLD_TRIES`` deals that does (else the last).
    With ``card_odds`` (the C search's layout) the cards on the table the watcher could
    not see are dealt by them, the rest as before."""
    for _ in range(WORLD_TRIES):
        if card_odds is None:
            world = sighting.determinize(rng)
        else:
            world = sighting.determinize_by_odds(rng, card_odds)
        view = world.view(sighting.actor)
        assert isinstance(view, GtcView)
        if holds_shown_cards(view.hand, play):
            break
    return world


def model_decisions(
    sighting: Sighting,
    play: ShownPlay,
    model: Bot,
    worlds: int,
    rng: random.Random,
    card_odds: Sequence[int] | None = None,
) -> list[Decision]:
    """``model``'s decision in each of ``worlds`` worlds in which the player holds what
    ``play`` shows (``holding_world``, dealt by ``card_odds`` when given)."""
    decisions = []
    for _ in range(worlds):
        world = holding_world(sighting, play, rng, card_odds)
        decisions.append(model.choose(Turn(world, sighting.actor), rng))
    return decisions


def alike_odds(plays: Sequence[Action], play: ShownPlay) -> dict[int, tuple[int, ...]]:
    """Per face-down place of ``play``, how many of ``plays`` that show what it shows put
    each kind there (all 0 where none does)."""
    alike = [other for other in plays if other != DRAW and shown(other) == play]
    return {
        place: tuple(Counter(decode_play(other)[1][place] for other in alike)[kind]
                     for kind in range(KIND_COUNT))
        for place in hidden_places(play)
    }


def leaning_odds(
    decisions: Sequence[Decision], play: ShownPlay
) -> dict[int, tuple[float, ...]]:
    """Per face-down place of ``play``, the weight each kind has there over the plays
    that show what it shows: each world's plays weigh their shares (``Decision.shares``;
    a decision without them, its play alone) to the ``SHARE_POWER``, over the world's
    sum of them."""
    rows = {place: [0.0] * KIND_COUNT for place in hidden_places(play)}
    for decision in decisions:
        shares = decision.shares or {decision.action: 1.0}
        weights = {action: share**SHARE_POWER for action, share in shares.items()}
        total = sum(weights.values())
        for action, weight in weights.items():
            if action == DRAW or shown(action) != play:
                continue
            kinds = decode_play(action)[1]
            for place, row in rows.items():
                row[kinds[place]] += weight / total
    return {place: tuple(row) for place, row in rows.items()}


def gives_shares(decisions: Sequence[Decision]) -> bool:
    """Whether the model told how its choices leaned (``Decision.shares``), so that its
    reading is by ``leaning_odds`` beside ``SHARE_BLIND_WORLDS``."""
    return any(decision.shares is not None for decision in decisions)


def unseen_cards(view: GtcView, seat: int, composition: Pile) -> Pile:
    """The kinds of ``seat``'s cards that ``view`` does not show, which a blind deal deals
    its face-down cards, hand and deck from: its composition less its face-up cards."""
    unseen = list(composition)
    for line in view.lines:
        for card in line:
            if card.owner == seat and card.kind not in (UNKNOWN, UNKNOWN_SYMBOL):
                unseen[card.kind] -= 1
    return tuple(unseen)


def unseen_after(sighting: Sighting) -> Pile:
    """The player's cards the watcher of ``sighting`` has not seen once the play is made
    (``unseen_cards``): what a blind deal deals its face-down cards from."""
    after = sighting.view_after
    assert isinstance(after, GtcView)
    composition = sighting.options["composition"]
    assert isinstance(composition, tuple)
    return unseen_cards(after, sighting.actor, composition)


def card_weights(
    counts: Sequence[float], unseen: Pile, symbol: bool, blind_worlds: float = BLIND_WORLDS
) -> tuple[int, ...]:
    """The weight of each unseen card of each kind for a face-down place where the alike
    plays put ``counts`` of each kind; ``symbol`` for a place only a mouse* or cat* can
    fill.

    The C search draws the place's card among the player's unseen cards, each by its
    kind's weight, so a kind's chance is its weight times its unseen copies. The worlds
    of the reading were dealt from those same cards, so their counts hold the copies
    already: a card's weight is its kind's count over its copies, which keeps the chance
    the reading gave the kind (and follows the copies as the cards come to light). To
    the counts come ``blind_worlds`` worlds dealt blind, shared by the kinds as their
    copies are."""
    kinds = [kind for kind in range(KIND_COUNT) if not symbol or kind in SYMBOL_KINDS]
    copies = sum(unseen[kind] for kind in kinds)
    weights = [0] * KIND_COUNT
    if not copies:  # every card of the player is in sight: nothing to deal
        return tuple(weights)
    for kind in kinds:
        if unseen[kind]:
            share = counts[kind] / unseen[kind] + blind_worlds / copies
            weights[kind] = round(share * WEIGHT_SCALE)
    return tuple(weights)


def decisions_read(sighting: Sighting, play: ShownPlay, decisions: Sequence[Decision]) -> MoveRead:
    """What the model's ``decisions`` in the worlds of ``sighting``'s ``play`` say of its
    face-down cards: per card, the weights of its kinds by the alike plays (by every
    play the model leaned to, weighed by its shares, when it gives them) beside the
    blind worlds; how many worlds played alike."""
    counts = alike_odds([decision.action for decision in decisions], play)
    alike = sum(counts[0])
    rows: Mapping[int, Sequence[float]] = counts
    blind_worlds: float = BLIND_WORLDS
    if gives_shares(decisions):
        rows, blind_worlds = leaning_odds(decisions, play), SHARE_BLIND_WORLDS
    if not sum(rows[0]):
        return MoveRead({}, alike)
    before = sighting.view_before
    assert isinstance(before, GtcView)
    slots = play_slots(before, play[0])
    unseen = unseen_after(sighting)
    odds = {
        slots[place]: card_weights(row, unseen, symbol=place > 0, blind_worlds=blind_worlds)
        for place, row in rows.items()
    }
    return MoveRead(odds, alike)


def play_slots(before: GtcView, start: int) -> tuple[Slot, ...]:
    """Where a play from cheese ``start`` put its three cards, in their order."""
    cheeses = [(start + place) % len(before.lines) for place in range(3)]
    return tuple((cheese, len(before.lines[cheese])) for cheese in cheeses)


@dataclass(frozen=True, slots=True)
class OddsLayout:
    """How the C search takes odds per card (the game's native facts ``max_line`` and
    ``card_odds_count``): a row per place, ``cheese * max_line + index``, a column per
    kind, ``size`` numbers in all."""

    max_line: int
    size: int


def odds_array(odds: Mapping[Slot, Sequence[int]], layout: OddsLayout) -> list[int]:
    """``odds`` laid out as the search takes them; a place without odds is all 0 (dealt
    uniformly)."""
    table = [0] * layout.size
    for (cheese, index), row in odds.items():
        start = (cheese * layout.max_line + index) * KIND_COUNT
        table[start : start + KIND_COUNT] = row
    return table


@dataclass(frozen=True, slots=True)
class GtcPlayReading:
    """Get The Cheese!'s reading of another seat's play (``Evaluator.play_reading``)."""

    def read(
        self,
        sighting: Sighting,
        model: Bot,
        worlds: int,
        rng: random.Random,
        earlier: Mapping[Slot, Sequence[int]] | None = None,
    ) -> MoveRead:
        """The odds of each card ``sighting``'s play put face down, from ``model``'s plays
        in ``worlds`` worlds that hold what it showed (weighed by its shares, when it
        gives them), and how many played alike; nothing for a draw. With ``earlier``,
        the odds of cards read before, the worlds deal those cards by them."""
        before, after = sighting.view_before, sighting.view_after
        assert isinstance(before, GtcView) and isinstance(after, GtcView)
        play = seen_play(before, after)
        if play is None:
            return MoveRead({}, 0)
        card_odds = self.deal_odds(earlier, sighting.game)
        decisions = model_decisions(sighting, play, model, worlds, rng, card_odds)
        return decisions_read(sighting, play, decisions)

    def deal_odds(
        self, earlier: Mapping[Slot, Sequence[int]] | None, game: Game
    ) -> array[int] | None:
        """The odds of the cards read before, ``earlier``, as a reading's worlds are
        dealt by them: an ``array("q")``, which C borrows as it is in each of the
        reading's many deals; ``None`` (dealt blind) when none were read."""
        return array("q", self.card_odds(earlier, game)) if earlier else None

    def card_odds(self, odds: Mapping[Slot, Sequence[int]], game: Game) -> list[int]:
        """``odds`` as the C search of ``game`` takes them."""
        from cheese.engine.native import native_facts

        facts = native_facts(game.info.slug)
        return odds_array(odds, OddsLayout(facts["max_line"], facts["card_odds_count"]))
