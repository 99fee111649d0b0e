"""Duels and tournaments: scheduling, worker pools, results, ratings and SPRT."""
