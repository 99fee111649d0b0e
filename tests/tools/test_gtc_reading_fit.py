"""The instrument of how well a model explains a player's plays: every play is read by
every model, the counts agree with the odds, and the same seed reads the same."""

from __future__ import annotations

import pytest

from tools.gtc_reading_fit import NO_ODDS, FitTask, main, play_deal, report

TABLE = ("greedy", "greedy:temperature=0.06", "greedy", "greedy:temperature=0.06")
MODELS = ("greedy", "greedy:temperature=0.06")


def test_every_play_is_read_by_every_model_and_the_odds_agree_with_the_counts() -> None:
    fits = play_deal(FitTask(TABLE, MODELS, seed=3, deal=1, worlds=5))
    assert fits
    # Plays come in groups, one fit per model, in the models' order.
    assert [fit.model for fit in fits] == list(MODELS) * (len(fits) // len(MODELS))
    assert {fit.player for fit in fits} == set(TABLE)
    for fit in fits:
        assert 0 <= fit.alike <= fit.worlds == 5
        # The first card always goes face down: alike plays always give it odds.
        assert (fit.alike == 0) == (fit.true_odds == NO_ODDS)
        assert fit.true_odds == NO_ODDS or 0.0 <= fit.true_odds <= 1.0
        assert 0.0 <= fit.blind_odds <= 1.0
    # A play's blind deal is the same whatever model reads it.
    assert fits[0].blind_odds == fits[1].blind_odds
    assert any(fit.alike for fit in fits)


def test_the_dealt_odds_lie_between_the_alike_plays_and_a_blind_deal() -> None:
    fits = play_deal(FitTask(TABLE, MODELS, seed=3, deal=1, worlds=5))
    read = [fit for fit in fits if fit.alike]
    assert read
    for fit in read:
        assert 0 < fit.blind_chance <= 1
        if fit.blind_chance < 1:  # the game goes on: the reading deals the first card
            # Without blind worlds the deal is the alike plays' share; with them, every
            # unseen kind keeps a chance, and the true card's lies between the two.
            assert fit.dealt_odds(0) == pytest.approx(fit.true_odds)
            assert fit.dealt_odds(3) > 0
            low, high = sorted((fit.true_odds, fit.blind_chance))
            assert low - 1e-9 <= fit.dealt_odds(3) <= high + 1e-9
    assert any(fit.dealt_odds(0) == 0 < fit.dealt_odds(3) for fit in read)


def test_the_same_seed_reads_the_same_and_the_table_turns_by_deal() -> None:
    task = FitTask(("greedy", "greedy:temperature=0.15", "greedy"), ("greedy",), 8, 0, 3)
    assert play_deal(task) == play_deal(task)
    turned = FitTask(task.table, task.models, task.seed, 1, task.worlds)
    assert play_deal(turned) != play_deal(task)


def test_with_recall_the_plays_after_the_first_are_read_in_other_worlds() -> None:
    blind = play_deal(FitTask(TABLE, MODELS, seed=3, deal=1, worlds=5))
    recalled = play_deal(FitTask(TABLE, MODELS, seed=3, deal=1, worlds=5, recall=True))
    assert len(recalled) == len(blind)
    # The game's first play has nothing read before it; the readings part later.
    assert recalled[: len(MODELS)] == blind[: len(MODELS)]
    assert recalled != blind


def test_the_report_has_a_line_per_player_and_model(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--table", *TABLE[:2], "--model", MODELS[0], "--model", MODELS[1],
          "--worlds", "3", "--deals", "1", "--seed", "5"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("greedy, greedy:temperature=0.06, greedy, greedy:temperature=0.06")
    pairs = [(player, model) for player in TABLE[:2] for model in MODELS]
    rows = [line.split() for line in lines[2 : 2 + len(pairs)]]
    assert [(row[0], row[1]) for row in rows] == pairs
    # The last table: the log-loss over every play, blind, by the alike plays, by the
    # shares; greedy gives no shares, so it is read by its plays alone either way.
    last = [line.split() for line in lines[lines.index("") + 3 :]]
    assert [(row[0], row[1]) for row in last] == pairs
    assert all(row[-1] == row[-2] for row in last)
    task = FitTask(TABLE, MODELS, 5, 0, 3)
    assert report(task, [play_deal(task)]).splitlines()[2:] == lines[2:]


@pytest.mark.parametrize(
    "argv",
    [
        ["--table", "greedy", "--model", "no-such-bot"],
        ["--table", "greedy", "--model", "greedy", "--players", "6"],
        ["--table", "greedy", "--model", "greedy", "--worlds", "0"],
        ["--table", "greedy", "--model", "greedy", "--blind-worlds", "-1"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
