"""A game's lines after one decision, and the two ways the bots search them.

Where a game can model what follows a decision better than sampled playouts (Cheese
Drop's bets, to the end of the round's betting), it offers ``Lines`` (``model``): the
searching seat's own moves, the other seats' replies predicted, every end valued
exactly. Expectimax searches them in full (``full_search.best_line_values``), MCTS by
UCT (``uct.UctLines``); both reach the same answer given enough budget.

>>> from cheese.bots.lines.full_search import best_line_values
>>> from cheese.bots.lines.uct import UctLines
>>> class Pick:  # choose twice from {1, 2, 3}; the end is worth the sum over 6
...     width = 2
...     root = ()
...     def moves(self, node): return [3, 2, 1]
...     def after(self, node, move): return node + (move,)
...     def is_end(self, node): return len(node) == 2
...     def end_value(self, node): return sum(node) / 6
>>> best_line_values(Pick(), [1, 3])
[0.6666666666666666, 1.0]
>>> visits = UctLines(Pick(), [1, 2, 3], exploration=0.3, widen=0.0).run(200).root_statistics()
>>> max(visits, key=lambda move: visits[move][0])
3
"""
