"""Bots that play from a seat's view: random, greedy, MCTS and expectimax."""
