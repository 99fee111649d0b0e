"""Marks per decision of each bot in a results database: how often ``cheese analyze``
marks each bot's moves, every seat of every game analysed with the defaults.

    python tools/analysis_marks.py RESULTS.db [--budget WORLDS] [--bot SPEC]

e.g. after ``cheese duel greedy:temperature=0.15 mcts:iterations=15000 --games 10 --seed 0
--db levels.db``, ``python tools/analysis_marks.py levels.db`` prints, per bot, its
decisions (forced ones apart), the marks of each kind and the marks per decision; the
figures of ``docs/analysis.md`` come from it. The analysing bot is ``--bot``, else the top
level of each game's table size, as ``cheese analyze`` chooses it.
"""

from __future__ import annotations

import argparse
import sqlite3
from collections import Counter
from pathlib import Path

from cheese.analysis import DEFAULT_SAMPLES, Settings, analyse_record
from cheese.bots.registry import make_bot
from cheese.levels import top_level_spec
from cheese.store import read_game


def game_ids(database: Path) -> list[int]:
    with sqlite3.connect(f"file:{database}?mode=ro", uri=True) as connection:
        return [row[0] for row in connection.execute("SELECT id FROM games ORDER BY id")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("database", type=Path)
    parser.add_argument("--budget", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--bot", help="the analysing bot (default: each game's top level)")
    arguments = parser.parse_args()
    tally: dict[str, Counter[str]] = {}
    for game_id in game_ids(arguments.database):
        record = read_game(arguments.database, game_id)
        spec = arguments.bot or top_level_spec(record.game, len(record.players))
        bot = make_bot(spec)
        for seat, player in enumerate(record.players):
            analysis = analyse_record(record, seat, Settings(bot=bot, samples=arguments.budget))
            counts = tally.setdefault(player, Counter())
            for decision in analysis.decisions:
                counts["forced" if decision.forced else "decisions"] += 1
                if decision.mark is not None:
                    counts[decision.mark] += 1
                    counts["marks"] += 1
        print(f"game {game_id} analysed", flush=True)
    print("bot | decisions | forced | inaccuracies | mistakes | blunders | marks per decision")
    for player, counts in tally.items():
        print(
            f"{player} | {counts['decisions']} | {counts['forced']} | {counts['inaccuracy']} | "
            f"{counts['mistake']} | {counts['blunder']} | "
            f"{counts['marks'] / max(1, counts['decisions']):.3f}"
        )


if __name__ == "__main__":
    main()
