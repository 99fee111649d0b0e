"""Playing one job: fresh bots with derived generators, paired luck, a replayable record."""

from __future__ import annotations

import random

import pytest

from cheese.bots.base import Bot, Decision, Turn
from cheese.engine import State, load_game
from cheese.engine.records import GameRecord, replay
from cheese.referee.jobs import SIDE_A, GameJob
from cheese.referee.play import GameFailed, bot_rng, play_job
from cheese.tournaments.schedule import Schedule

from ..scripted import duel_setup, scripted_bot


def deal_jobs(game: str, num_players: int, spec_a: str, spec_b: str) -> list[GameJob]:
    schedule = Schedule(duel_setup(game, num_players, spec_a, spec_b, deals=1).plan)
    return [job for job in iter(schedule.next, None)]


def chance_outcomes(record: GameRecord) -> list[int]:
    state: State = load_game(record.game, "reference").new_initial_state(
        num_players=len(record.players), seed=record.seed
    )
    outcomes = []
    for action in record.actions:
        if state.is_chance_node():
            outcomes.append(action)
        state = state.apply(action)
    return outcomes


@pytest.mark.parametrize(
    ("game", "num_players"), [("get-the-cheese", 4), ("cheese-drop", 3), ("cheese-chasers", 1)]
)
def test_a_played_job_replays_to_its_points(game: str, num_players: int) -> None:
    job = deal_jobs(game, num_players, "random", "last")[1]
    result = play_job(job, scripted_bot)
    final = replay(result.record, "reference")
    assert result.points == result.record.scores == final.scores()
    assert result.ranking == final.ranking()
    assert result.record.players == job.seat_specs
    assert result.record.seed == job.deal_seed
    assert result.job == job


def test_the_same_job_plays_the_same_game() -> None:
    job = deal_jobs("get-the-cheese", 4, "random", "random")[0]
    assert play_job(job, scripted_bot) == play_job(job, scripted_bot)


def test_bot_generators_depend_on_every_id() -> None:
    first, second = deal_jobs("get-the-cheese", 4, "random", "random")
    draws = {
        bot_rng(first, 0).getrandbits(64),
        bot_rng(first, 1).getrandbits(64),
        bot_rng(second, 0).getrandbits(64),
    }
    assert len(draws) == 3
    assert bot_rng(first, 2).getrandbits(64) == bot_rng(first, 2).getrandbits(64)


def test_every_game_of_a_deal_sees_the_same_cards() -> None:
    # Two different placement policies on one seed: the deck comes out in the same order
    # for as long as both games last.
    jobs = deal_jobs("cheese-chasers", 1, "first", "last")
    a_game, b_game = (play_job(job, scripted_bot) for job in jobs)
    a_cards, b_cards = chance_outcomes(a_game.record), chance_outcomes(b_game.record)
    shorter = min(len(a_cards), len(b_cards))
    assert shorter >= 2
    assert a_cards[:shorter] == b_cards[:shorter]
    assert a_game.record.actions != b_game.record.actions


def test_the_seats_bots_follow_the_job() -> None:
    job = deal_jobs("cheese-drop", 2, "first", "last")[1]
    assert job.sides[0] != SIDE_A and job.seat_specs == ("last", "first")
    result = play_job(job, scripted_bot)
    assert result.record.players == ("last", "first")


def test_an_illegal_choice_names_the_bot_and_the_game() -> None:
    job = deal_jobs("cheese-drop", 2, "illegal", "first")[0]
    expected = (
        rf"cheese-drop deal 0 \(deal seed {job.deal_seed}\), rotation 0, seats illegal, first: "
        r"bot 'illegal' in seat 0 chose -7, which is not legal there"
    )
    with pytest.raises(GameFailed, match=expected):
        play_job(job, scripted_bot)


def failing_bot(spec: str) -> Bot:
    raise RuntimeError("out of cheese")


def test_any_failure_names_the_game_and_the_cause() -> None:
    job = deal_jobs("cheese-drop", 2, "first", "last")[1]
    with pytest.raises(GameFailed, match=r"rotation 1, seats last, first: RuntimeError: out of"):
        play_job(job, failing_bot)


def test_only_chasers_games_can_end_unfinished() -> None:
    jobs = deal_jobs("cheese-chasers", 1, "first", "last")
    chasers = [play_job(job, scripted_bot) for job in jobs]
    # Always placing to the north-west or south-east corner runs into traps or a dead end.
    assert not any(result.finished for result in chasers)
    assert all(result.points == (0,) for result in chasers)
    others = play_job(deal_jobs("get-the-cheese", 3, "first", "random")[0], scripted_bot)
    assert others.finished


class ListChanger:
    """Chooses an action it appended to the legal list it was given (1000, never legal),
    or the first legal one after emptying the list."""

    def __init__(self, spec: str) -> None:
        self.spec = spec

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        if self.spec == "append":
            legal.append(1000)
            return Decision(legal[-1])
        first = legal[0]
        legal.clear()
        return Decision(first)


def test_a_bot_changing_its_legal_list_changes_nothing_the_referee_checks() -> None:
    # The turn asks the state once and hands each caller a copy: the bot's list is its own.
    played = play_job(deal_jobs("cheese-drop", 2, "clear", "clear")[0], ListChanger)
    assert played.finished
    with pytest.raises(GameFailed, match="chose 1000, which is not legal there"):
        play_job(deal_jobs("cheese-drop", 2, "append", "clear")[0], ListChanger)


class Watcher:
    """Plays the first legal action and keeps, at each of its turns, what it was shown of
    the others' decisions: the mover and its view before and after each."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        self.shown: list[tuple[tuple[int, object, object], ...]] = []

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        self.shown.append(
            tuple(
                (sighting.actor, sighting.view_before, sighting.view_after)
                for sighting in turn.sightings()
            )
        )
        return Decision(turn.legal_actions()[0])


def test_each_bot_is_shown_the_others_decisions_as_its_seat_saw_them() -> None:
    watchers: list[Watcher] = []

    def watcher(spec: str) -> Watcher:
        watchers.append(Watcher(spec))
        return watchers[-1]

    result = play_job(deal_jobs("get-the-cheese", 3, "first", "first")[0], watcher)
    state: State = load_game("get-the-cheese", "reference").new_initial_state(
        num_players=3, seed=result.record.seed
    )
    seen: list[list[tuple[int, object, object]]] = [[] for _ in range(3)]
    for action in result.record.actions:
        if state.is_chance_node():
            state = state.apply(action)
            continue
        mover, after = state.current_player, state.apply(action)
        assert watchers[mover].shown.pop(0) == tuple(seen[mover])
        for seat in range(3):
            if seat != mover:
                seen[seat].append((mover, state.view(seat), after.view(seat)))
        state = after
    assert not any(watcher.shown for watcher in watchers)
