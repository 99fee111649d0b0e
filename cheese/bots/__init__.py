"""Bots that play from a seat's view: random, greedy, MCTS and expectimax.

>>> from cheese.bots import make_bot
>>> make_bot("expectimax:depth=3").spec
'expectimax:depth=3'
"""

from __future__ import annotations

from cheese.bots.base import Bot, BotSpecError, Decision, Turn
from cheese.bots.registry import BotEntry, bot_catalogue, make_bot

__all__ = ["Bot", "BotEntry", "BotSpecError", "Decision", "Turn", "bot_catalogue", "make_bot"]
