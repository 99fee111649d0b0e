"""What every search shares: the evaluator interface it calls, rewards, budgets,
playouts, one-ply values, root parallelism, and how a turn is searched."""
