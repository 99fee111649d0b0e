"""Cheese Drop's evaluation: expected points from the lanes' distributions.

``outlook`` (where the round's marbles will be, what each column is worth),
``predicted_bets`` (who gets which column), ``evaluator`` (the evaluation: totals plus
this round's expected points), ``round_lines`` (the rest of a round's betting as lines
for the searches).
"""
