"""``mcts:infer=policy``: the others' face-down cards dealt by what a model of each player
would have hidden to play as it did, read from the seat's own sightings of the game."""

from __future__ import annotations

import random
from array import array
from collections.abc import Mapping, Sequence
from dataclasses import replace

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.base import Bot, Decided, Decision, Sighting
from cheese.bots.evaluation.get_the_cheese.play_odds import (
    BLIND_WORLDS,
    HIDDEN,
    SHARE_POWER,
    GtcPlayReading,
    alike_odds,
    card_weights,
    leaning_odds,
    seen_play,
    shown,
    unseen_cards,
)
from cheese.bots.mcts import MctsBot
from cheese.bots.mcts.policy import PlayReadings, best_models, sighting_key
from cheese.bots.search.evaluator import MoveRead
from cheese.engine import Game, State, load_game
from cheese.engine.get_the_cheese.cards import (
    CAT,
    DOG,
    KIND_COUNT,
    MOUSE,
    SYMBOL_CAT,
    SYMBOL_KINDS,
    SYMBOL_MOUSE,
)
from cheese.engine.get_the_cheese.moves import DRAW, play_action
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE

from ...native import needs_native
from .test_search_in_c import outcome

pytestmark = needs_native

MODEL = make_bot("mcts:iterations=100")


def played(players: int, seed: int, decisions: int) -> tuple[State, list[Decided]]:
    """The Get The Cheese! state after ``decisions`` seeded random decisions (chance by
    the deal) and those decisions, ending at a decision with a choice."""
    rng = random.Random(seed)
    state = load_game("get-the-cheese", NATIVE).new_initial_state(players, seed=seed)
    decided: list[Decided] = []
    while len(decided) < decisions or state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        decided.append((state, action))
        state = state.apply(action)
    return state, decided


def gtc_view(view: object) -> GtcView:
    assert isinstance(view, GtcView)
    return view


def test_a_turn_shows_the_others_decisions_as_its_seat_knew_them() -> None:
    state, decided = played(4, seed=3, decisions=20)
    seat = state.current_player
    sightings = Turn(state, seat, past=decided).sightings()
    others = [index for index, (before, _) in enumerate(decided) if before.current_player != seat]
    assert [sighting.index for sighting in sightings] == others
    for sighting in sightings:
        before, action = decided[sighting.index]
        assert sighting.actor == before.current_player != seat == sighting.seat
        assert sighting.view_before == before.view(seat)
        assert sighting.view_after == before.apply(action).view(seat)
        # Worlds drawn from what the seat knew then: the seat's view, the others' hands
        # drawn anew.
        world = sighting.determinize(random.Random(sighting.index))
        assert world.view(seat) == sighting.view_before
    play = next(sighting for sighting in reversed(sightings) if decided[sighting.index][1] != DRAW)
    hands = {
        gtc_view(play.determinize(random.Random(draw)).view(play.actor)).hand
        for draw in range(10)
    }
    assert len(hands) > 1
    assert Turn(state, seat).sightings() == ()


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_seat_sees_of_a_play_its_start_and_face_up_cards(players: int) -> None:
    _, decided = played(players, seed=players, decisions=7 * players)
    plays = 0
    for before, action in decided:
        after = before.apply(action)
        for watcher in range(players):
            if watcher == before.current_player:
                continue
            seen = seen_play(gtc_view(before.view(watcher)), gtc_view(after.view(watcher)))
            assert seen == (None if action == DRAW else shown(action))
        plays += action != DRAW
    assert plays > players


def test_only_the_model_plays_that_look_like_the_real_one_give_odds() -> None:
    real = shown(play_action(1, (DOG, SYMBOL_CAT, MOUSE)))
    assert real == (1, HIDDEN, MOUSE)
    plays = [
        play_action(1, (CAT, SYMBOL_CAT, MOUSE)),
        play_action(1, (DOG, SYMBOL_CAT, MOUSE)),
        play_action(1, (CAT, SYMBOL_CAT, MOUSE)),
        play_action(2, (CAT, SYMBOL_CAT, MOUSE)),  # another start
        play_action(1, (CAT, MOUSE, MOUSE)),  # a face-up 2nd card
        DRAW,
    ]
    odds = alike_odds(plays, real)
    assert set(odds) == {0, 1}
    assert odds[0][CAT] == 2 and odds[0][DOG] == 1 and sum(odds[0]) == 3
    assert odds[1][SYMBOL_CAT] == 3 and sum(odds[1]) == 3
    assert alike_odds([DRAW], real) == {0: (0,) * KIND_COUNT, 1: (0,) * KIND_COUNT}


def test_a_world_weighs_each_play_it_leaned_to_by_its_share() -> None:
    real = shown(play_action(1, (DOG, SYMBOL_CAT, MOUSE)))
    cat, dog = play_action(1, (CAT, SYMBOL_CAT, MOUSE)), play_action(1, (DOG, SYMBOL_CAT, MOUSE))
    other = play_action(2, (CAT, SYMBOL_CAT, MOUSE))  # another start: explains nothing
    leaning = Decision(other, shares={other: 0.5, cat: 0.3, dog: 0.2})
    plain = Decision(dog)  # no shares: its play alone
    odds = leaning_odds([leaning, plain], real)
    squares = 0.5**SHARE_POWER + 0.3**SHARE_POWER + 0.2**SHARE_POWER
    assert odds[0][CAT] == pytest.approx(0.3**SHARE_POWER / squares)
    assert odds[0][DOG] == pytest.approx(0.2**SHARE_POWER / squares + 1)
    assert odds[1][SYMBOL_CAT] == pytest.approx(sum(odds[0]))
    # Without shares the weights are the alike plays' counts.
    plays = [cat, dog, other, DRAW, cat]
    assert leaning_odds([Decision(play) for play in plays], real) == alike_odds(plays, real)


@needs_native
def test_a_search_tells_how_its_choice_leaned() -> None:
    state, _ = played(4, seed=5, decisions=12)
    turn = Turn(state, state.current_player)
    decision = make_bot("mcts:iterations=400").choose(turn, random.Random(3))
    assert decision.shares is not None
    assert set(decision.shares) <= set(turn.legal_actions())
    assert sum(decision.shares.values()) == pytest.approx(1)
    assert decision.shares[decision.action] == max(decision.shares.values())


def last_play(decided: list[Decided], seat: int) -> Sighting:
    """``seat``'s sighting of the last play of another seat in ``decided``."""
    index = max(
        index
        for index, (before, action) in enumerate(decided)
        if action != DRAW and before.current_player != seat
    )
    before, action = decided[index]
    return Sighting(before, action, seat, index)


def test_a_reading_gives_odds_for_the_face_down_places_alone() -> None:
    state, decided = played(4, seed=5, decisions=20)
    seat = state.current_player
    sighting = last_play(decided, seat)
    read = GtcPlayReading().read(sighting, MODEL, 8, random.Random(1))
    odds = read.odds
    assert 0 < read.alike <= 8
    after = gtc_view(sighting.view_after)
    before = gtc_view(sighting.view_before)
    hidden = {
        (cheese, index)
        for cheese, line in enumerate(after.lines)
        for index, card in enumerate(line)
        if index >= len(before.lines[cheese]) and card.kind < 0
    }
    assert odds and set(odds) <= hidden
    composition = sighting.options["composition"]
    assert isinstance(composition, tuple)
    unseen = unseen_cards(after, sighting.actor, composition)
    # Every kind the player may still have put there keeps a chance, none other has one.
    for (cheese, index), row in odds.items():
        symbol = after.lines[cheese][index].position > 1
        possible = [unseen[k] > 0 and (not symbol or k in SYMBOL_KINDS) for k in range(KIND_COUNT)]
        assert [weight > 0 for weight in row] == possible


def chances(weights: tuple[int, ...], unseen: tuple[int, ...]) -> list[float]:
    """Each kind's chance when every unseen card of it weighs ``weights``, as the C
    search deals a face-down card."""
    total = sum(weight * copies for weight, copies in zip(weights, unseen, strict=True))
    return [weight * copies / total for weight, copies in zip(weights, unseen, strict=True)]


def test_a_kinds_chance_is_its_share_of_the_alike_plays_and_the_blind_worlds() -> None:
    unseen = (4, 1, 2, 0, 1, 1, 1)
    counts = (3, 0, 0, 0, 1, 0, 0)  # four alike plays: three mice, a cat
    got = chances(card_weights(counts, unseen, symbol=False), unseen)
    worlds = sum(counts) + BLIND_WORLDS
    blind = [copies / sum(unseen) for copies in unseen]
    expected = [(n + BLIND_WORLDS * share) / worlds for n, share in zip(counts, blind)]
    assert got == pytest.approx(expected, abs=1e-5)
    # A kind no alike play put there keeps a chance; the plain counts would deal it never.
    assert got[DOG] > 0 and got[MOUSE] < 3 / 4


def test_a_place_of_a_symbol_card_weighs_the_symbol_kinds_alone() -> None:
    unseen = (4, 2, 2, 0, 1, 1, 1)
    weights = card_weights((0, 2, 0, 0, 0, 0, 0), unseen, symbol=True)
    assert [kind for kind in range(KIND_COUNT) if weights[kind]] == [SYMBOL_MOUSE, SYMBOL_CAT]
    got = chances(weights, unseen)
    assert got[SYMBOL_MOUSE] == pytest.approx((2 + BLIND_WORLDS * 2 / 3) / (2 + BLIND_WORLDS))
    assert card_weights((0,) * KIND_COUNT, (0,) * KIND_COUNT, symbol=False) == (0,) * KIND_COUNT


def test_a_reading_depends_on_what_the_seat_saw_not_on_the_hidden_cards() -> None:
    state, decided = played(4, seed=5, decisions=20)
    seat = state.current_player
    sighting = last_play(decided, seat)
    before, action = decided[sighting.index]
    # Another world the seat cannot tell from the true one, in which the player could
    # make the same play.
    rng = random.Random(2)
    other = next(
        world
        for world in (before.determinize(seat, rng) for _ in range(200))
        if world != before and action in world.legal_actions()
    )
    twin = Sighting(other, action, seat, sighting.index)
    assert twin.view_before == sighting.view_before and twin.view_after == sighting.view_after
    reading = GtcPlayReading()
    assert reading.read(sighting, MODEL, 6, random.Random(4)) == reading.read(
        twin, MODEL, 6, random.Random(4)
    )
    assert sighting_key(twin) == sighting_key(sighting)


@pytest.mark.parametrize("recall", [False, True])
def test_readings_are_the_same_however_often_they_are_asked(recall: bool) -> None:
    state, decided = played(4, seed=7, decisions=22)
    seat = state.current_player
    reading = GtcPlayReading()
    at_once = PlayReadings(recall=recall).card_odds(
        Turn(state, seat, past=decided), reading, [MODEL]
    )
    assert at_once is not None and any(at_once)
    step_by_step = PlayReadings(recall=recall)
    for index, (before, _) in enumerate(decided):
        if before.current_player == seat:
            step_by_step.card_odds(Turn(before, seat, past=decided[:index]), reading, [MODEL])
    assert step_by_step.card_odds(Turn(state, seat, past=decided), reading, [MODEL]) == at_once
    assert PlayReadings(recall=recall).card_odds(Turn(state, seat), reading, [MODEL]) is None


def face_down_of_others(view: GtcView) -> list[tuple[int, int, int]]:
    """(cheese, index, owner) of each card on the table ``view`` does not show."""
    return [
        (cheese, index, card.owner)
        for cheese, line in enumerate(view.lines)
        for index, card in enumerate(line)
        if card.owner != view.seat and card.kind < 0
    ]


def test_worlds_dealt_by_odds_keep_the_view_and_give_each_card_its_odds() -> None:
    state, _ = played(4, seed=7, decisions=22)
    seat = state.current_player
    view = gtc_view(state.view(seat))
    hidden = face_down_of_others(view)
    assert len(hidden) >= 2
    composition = state.options["composition"]
    assert isinstance(composition, tuple)
    # Each card not shown gets all its odds on one kind its owner has left unseen.
    wanted: dict[tuple[int, int], int] = {}
    left = {owner: list(unseen_cards(view, owner, composition)) for _, _, owner in hidden}
    for cheese, index, owner in hidden:
        symbol = view.lines[cheese][index].position > 1
        kinds = SYMBOL_KINDS if symbol else range(KIND_COUNT)
        kind = max(k for k in kinds if left[owner][k])
        left[owner][kind] -= 1
        wanted[cheese, index] = kind
    odds = {
        slot: tuple(1000 if k == kind else 0 for k in range(KIND_COUNT))
        for slot, kind in wanted.items()
    }
    card_odds = GtcPlayReading().card_odds(odds, state.game)
    rng = random.Random(5)
    for _ in range(20):
        world = state.determinize_by_odds(seat, rng, card_odds)
        assert world.view(seat) == view
        dealt = {
            (cheese, index): gtc_view(world.view(owner)).lines[cheese][index].kind
            for cheese, index, owner in hidden
        }
        assert dealt == wanted
    # The same seed deals the same world, the odds lent to C as an array or copied.
    assert state.determinize_by_odds(seat, random.Random(5), array("q", card_odds)) == (
        state.determinize_by_odds(seat, random.Random(5), card_odds)
    )


class RecordedEarlier:
    """A reading that records the odds of the earlier moves each reading was given, and
    reads odds naming the move and the model."""

    def __init__(self) -> None:
        self.given: list[tuple[int, str, dict[tuple[int, int], Sequence[int]] | None]] = []

    def read(
        self,
        sighting: Sighting,
        model: Bot,
        worlds: int,
        rng: random.Random,
        earlier: Mapping[tuple[int, int], Sequence[int]] | None = None,
    ) -> MoveRead:
        self.given.append((sighting.index, model.spec, None if earlier is None else dict(earlier)))
        return MoveRead({(sighting.index, 0): (len(model.spec),)}, 1)

    def card_odds(self, odds: Mapping[tuple[int, int], Sequence[int]], game: Game) -> list[int]:
        return []


def test_with_recall_each_model_reads_a_move_by_what_it_read_before() -> None:
    state, decided = played(4, seed=7, decisions=22)
    turn = Turn(state, state.current_player, past=decided)
    models = [make_bot("greedy"), make_bot("random")]
    blind = RecordedEarlier()
    PlayReadings().card_odds(turn, blind, models)
    assert blind.given and all(earlier is None for _, _, earlier in blind.given)
    recalling = RecordedEarlier()
    PlayReadings(recall=True).card_odds(turn, recalling, models)
    read = [index for index, spec, _ in recalling.given if spec == "greedy"]
    for index, spec, earlier in recalling.given:
        before = [i for i in read if i < index]
        assert earlier == {(i, 0): (len(spec),) for i in before}


def test_recall_is_a_setting_of_the_reading() -> None:
    bot = make_bot("mcts:infer=policy,recall=1")
    assert isinstance(bot, MctsBot) and bot.config.recall == 1
    with pytest.raises(ValueError, match="recall=1 sets the reading"):
        make_bot("mcts:recall=1")


def test_each_player_is_read_by_the_model_that_explains_it_best() -> None:
    read = MoveRead({}, 0)
    reads = [
        (1, (replace(read, alike=3), replace(read, alike=1))),
        (2, (replace(read, alike=0), replace(read, alike=2))),
        (1, (replace(read, alike=0), replace(read, alike=1))),
        (3, (replace(read, alike=1), replace(read, alike=1))),  # a tie: the first
    ]
    assert best_models(reads) == {1: 0, 2: 1, 3: 0}


class ReadBySeat:
    """A reading in which the first model explains seat 1's moves, the second the others';
    each model's odds name the model, and the odds are laid out as their sorted items."""

    def read(
        self,
        sighting: Sighting,
        model: Bot,
        worlds: int,
        rng: random.Random,
        earlier: Mapping[tuple[int, int], Sequence[int]] | None = None,
    ) -> MoveRead:
        first = model is MODELS[0]
        explains = first == (sighting.actor == 1)
        place = (sighting.index, 0)
        return MoveRead({place: (0 if first else 1,)}, 3 if explains else 1)

    def card_odds(self, odds: Mapping[tuple[int, int], Sequence[int]], game: Game) -> list[int]:
        return [number for place in sorted(odds) for number in (*place, *odds[place])]


MODELS = (make_bot("greedy"), make_bot("random"))


def test_the_odds_of_each_players_moves_come_from_its_own_model() -> None:
    state, decided = played(4, seed=7, decisions=22)
    seat = state.current_player
    odds = PlayReadings().card_odds(Turn(state, seat, past=decided), ReadBySeat(), MODELS)
    assert odds is not None
    model_of = {index: model for index, _, model in zip(odds[::3], odds[1::3], odds[2::3])}
    actors = {index: before.current_player for index, (before, _) in enumerate(decided)}
    assert model_of and all(model == (actors[index] != 1) for index, model in model_of.items())


@pytest.mark.parametrize("infer", ["policy", "fit"])
def test_the_bot_plays_legal_moves_determined_by_its_seed_and_what_it_saw(infer: str) -> None:
    # A cheaper model than the bot's keeps the test quick; the reading is the same.
    bot = make_bot(f"mcts:iterations=200,infer={infer},reader=100")
    assert isinstance(bot, MctsBot)
    state, decided = played(4, seed=9, decisions=18)
    turn = Turn(state, state.current_player, past=decided)
    first = bot.choose(turn, random.Random(1))
    assert first.action in turn.legal_actions()
    assert outcome(make_bot(bot.spec).choose(turn, random.Random(1))) == outcome(first)
    assert outcome(bot.choose(turn, random.Random(1))) == outcome(first)
    # The readings steer the search: without them it is the blind search.
    blind = make_bot("mcts:iterations=200")
    bare = Turn(state, state.current_player)
    assert outcome(bot.choose(bare, random.Random(1))) == outcome(
        blind.choose(bare, random.Random(1))
    )
    turns = [played(4, seed=seed, decisions=18) for seed in range(9, 13)]
    assert any(
        outcome(bot.choose(Turn(final, final.current_player, past=past), random.Random(1)))
        != outcome(blind.choose(Turn(final, final.current_player), random.Random(1)))
        for final, past in turns
    )


@pytest.mark.parametrize("infer", ["policy", "fit"])
@pytest.mark.parametrize("game", ["cheese-drop", "cheese-chasers"])
def test_policy_inference_is_refused_where_the_game_has_no_reading(game: str, infer: str) -> None:
    bot = make_bot(f"mcts:infer={infer}")
    assert isinstance(bot, MctsBot)
    refusal = bot.refusal_for(game)
    assert refusal is not None and refusal.startswith(f"infer={infer} needs")
    assert bot.refusal_for("get-the-cheese") is None


class CountedWorlds:
    """A reading that records the model and the worlds of every play it reads, and reads
    nothing from them."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, int]] = []

    def read(
        self,
        sighting: Sighting,
        model: Bot,
        worlds: int,
        rng: random.Random,
        earlier: Mapping[tuple[int, int], Sequence[int]] | None = None,
    ) -> MoveRead:
        self.asked.append((model.spec, worlds))
        return MoveRead({}, 0)

    def card_odds(self, odds: Mapping[tuple[int, int], Sequence[int]], game: Game) -> list[int]:
        return []


@pytest.mark.parametrize(
    ("spec", "models", "worlds"),
    [
        ("mcts:infer=policy", ("mcts:iterations=2000",), 24),
        ("mcts:infer=policy,reader=1000,worlds=48", ("mcts:iterations=1000",), 48),
        ("mcts:infer=fit,reader=500", ("mcts:iterations=500", "greedy"), 24),
    ],
)
def test_reader_and_worlds_set_the_model_and_the_worlds_of_each_reading(
    spec: str, models: tuple[str, ...], worlds: int
) -> None:
    bot = make_bot(spec)
    assert isinstance(bot, MctsBot)
    assert bot.config.reading_models == models
    state, decided = played(4, seed=9, decisions=18)
    reading = CountedWorlds()
    readings = PlayReadings(bot.config.reading_worlds)
    turn = Turn(state, state.current_player, past=decided)
    readings.card_odds(turn, reading, [make_bot(model) for model in models])
    assert reading.asked and set(reading.asked) == {(model, worlds) for model in models}


@pytest.mark.parametrize(
    "spec", ["mcts:reader=1000", "mcts:worlds=48", "mcts:infer=model,worlds=8"]
)
def test_reader_and_worlds_are_refused_without_a_reading_of_the_plays(spec: str) -> None:
    with pytest.raises(ValueError, match="only infer=policy and infer=fit do; add infer=policy"):
        make_bot(spec)
