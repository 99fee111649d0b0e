"""Resamples of whole deals, the draws of every bootstrap interval of a rating.

The deal is the statistical unit: its games share luck and opponents, so a bootstrap draws
whole deals with replacement, never single games or pairs. A resample is the sum of the
drawn deals' matrices, each deal counted as often as it was drawn. The generator is the
caller's, seeded, so the same results always give the same resamples.
"""

from __future__ import annotations

from typing import TypeAlias

import numpy as np
import numpy.typing as npt

Matrix: TypeAlias = npt.NDArray[np.float64]


class DealResampler:
    """Draws resamples of the deals ``by_deal`` (shape ``(D, ...)``, one array a deal).

    >>> deals = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 2.0]])
    >>> DealResampler(deals).draw(np.random.Generator(np.random.PCG64(0)), 2).tolist()
    [[2.0, 4.0], [3.0, 0.0]]

    (deals 1, 1 and 2, then deal 0 three times).

    A deal touches only the pairs of the bots it seated: deals seating the same bots are
    added as one block over just those cells, a fraction of the work of the whole matrix
    when tables are small against the field.
    """

    MAX_GROUPS = 2000

    __slots__ = ("_flat", "_groups", "_shape")

    def __init__(self, by_deal: Matrix) -> None:
        if len(by_deal) == 0:
            raise ValueError("a resample needs at least one deal")
        self._shape = by_deal.shape[1:]
        self._flat = by_deal.reshape(len(by_deal), -1)
        groups: dict[tuple[int, ...], list[int]] = {}
        for deal, row in enumerate(self._flat):
            groups.setdefault(tuple(np.flatnonzero(row).tolist()), []).append(deal)
        self._groups = (
            [(np.array(cells), np.array(members)) for cells, members in groups.items()]
            if len(groups) <= self.MAX_GROUPS
            else None
        )

    def draw(self, generator: np.random.Generator, count: int) -> Matrix:
        """``count`` resamples of as many deals as there are, drawn with replacement: shape
        ``(count, ...)``, each the sum of its deals."""
        deals = len(self._flat)
        drawn = generator.integers(0, deals, size=(count, deals))
        counts = np.stack([np.bincount(row, minlength=deals) for row in drawn])
        return self._sums(counts).reshape(count, *self._shape)

    def _sums(self, counts: npt.NDArray[np.int64]) -> Matrix:
        """The deals weighted by ``counts`` and added up, ``counts @ flat``."""
        weights = counts.astype(np.float64)
        if self._groups is None:
            return np.asarray(weights @ self._flat, dtype=np.float64)
        total = np.zeros((len(counts), self._flat.shape[1]))
        for cells, members in self._groups:
            if len(cells):
                total[:, cells] += weights[:, members] @ self._flat[np.ix_(members, cells)]
        return total
