"""Default names: readable, shortened, distinct for other settings, and a store's
tournaments found under the names they were given."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from cheese.store import ResultsStore
from cheese.tournaments.names import MOST_NAME_CHARACTERS, readable_name, spec_words
from cheese.tournaments.tournament import TournamentSettings, default_name, tournament_name

SETTINGS = TournamentSettings(
    specs=("mcts", "greedy", "random"), game="get-the-cheese", players=4, backend="reference"
)


def test_the_name_reads_as_the_game_the_seats_and_the_bots(tmp_path: Path) -> None:
    with ResultsStore(tmp_path / "r.db") as store:
        assert tournament_name(store, SETTINGS, 4) == "get-the-cheese-4p-mcts-greedy-random"


def test_other_settings_under_a_taken_name_get_the_digest(tmp_path: Path) -> None:
    with ResultsStore(tmp_path / "r.db") as store:
        first = tournament_name(store, SETTINGS, 4)
        store.tournament(first, SETTINGS.as_dict(4), 10)
        assert tournament_name(store, SETTINGS, 4) == first
        seeded = replace(SETTINGS, seed=5)
        other = tournament_name(store, seeded, 4)
        assert other.startswith(first + "-") and other != first
        store.tournament(other, seeded.as_dict(4), 10)
        assert tournament_name(store, seeded, 4) == other


def test_a_tournament_begun_under_its_digest_name_keeps_it(tmp_path: Path) -> None:
    with ResultsStore(tmp_path / "r.db") as store:
        digest_name = default_name(SETTINGS, 4)
        assert digest_name.startswith("get-the-cheese-") and len(digest_name) == 23
        store.tournament(digest_name, SETTINGS.as_dict(4), 10)
        assert tournament_name(store, SETTINGS, 4) == digest_name


def test_a_long_field_is_cut_and_stays_distinct() -> None:
    field = [f"mcts:iterations={count},c=0.5" for count in range(100, 110)]
    one = readable_name("cheese-drop", 2, field)
    other = readable_name("cheese-drop", 2, [*field[:-1], "mcts:iterations=999,c=0.5"])
    assert len(one) == len(other) == MOST_NAME_CHARACTERS
    assert one.startswith("cheese-drop-2p-mcts-iterations100-c0.5-") and one != other


def test_spec_words_keep_letters_digits_and_dots() -> None:
    assert spec_words("mybot@bots.toml") == "mybot"
    assert spec_words("::") == "bot"
