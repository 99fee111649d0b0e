"""Which kind of card a Get The Cheese! player puts face down, and the weights a
determinization draws the others' face-down cards with.

The model is a conditional logit: a player putting a card in place ``p`` of a play
(1 the first, face-down card; 2 and 3 only for cards with the face-down symbol) picks
kind ``k`` with a chance proportional to ``available[k] * exp(weight[p][k])``, where
``available`` counts the cards of each kind it could have put there. Weights are fitted
by maximum likelihood to self-play games (``tools/gtc_face_down_fit.py``, which wrote the
shipped ``face_down.json`` with the command stored in it). The determinization then
draws each hidden card of such a place from its owner's unseen cards with the integer
weights of ``draw_weights`` instead of uniformly.

>>> choices = [FaceDownChoice(1, (1, 0, 0, 0, 1, 0, 0), 4)] * 3
>>> choices += [FaceDownChoice(1, (1, 0, 0, 0, 1, 0, 0), 0)]
>>> round(fit(choices).weights[0][4], 1)  # a cat 3 times as likely as a mouse: log 3
1.1
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

import msgspec
import numpy as np

from cheese.engine.get_the_cheese.cards import KIND_COUNT, SYMBOL_KINDS, Kind, Pile

PLACES = 3
"""Places in a play: the first card goes face down, the 2nd and 3rd only with the symbol."""
WEIGHT_SCALE = 1000
"""A draw weight of ``WEIGHT_SCALE`` is a kind the model neither seeks nor avoids; integer
weights make the Python and C determinizations draw the same numbers."""
RIDGE = 0.01
"""The L2 penalty on the weights, which keeps a kind seldom or never chosen finite."""
NEWTON_STEPS = 50
MODEL_FILE = "face_down.json"


@dataclass(frozen=True, slots=True)
class FaceDownChoice:
    """One card a player put face down: its place in the play (1..3), the cards of each
    kind it could have put there, and the kind it put."""

    place: int
    available: Pile
    kind: Kind


class FaceDownModel(msgspec.Struct, frozen=True):
    """Log-weights per place (1..3) and kind, and the command that fitted them."""

    weights: tuple[tuple[float, ...], ...]
    command: str = ""
    choices: int = 0

    def draw_weights(self) -> tuple[int, ...]:
        """The integer weights of each (place, kind), place-major, that the
        determinization draws hidden cards with."""
        return tuple(
            max(1, round(WEIGHT_SCALE * math.exp(weight)))
            for place_weights in self.weights
            for weight in place_weights
        )


UNIFORM = FaceDownModel(weights=((0.0,) * KIND_COUNT,) * PLACES)
"""The model that gives every kind the same weight: a uniform determinization."""


def _fit_place(choices: Sequence[FaceDownChoice], kinds: Sequence[Kind]) -> list[float]:
    """Maximum-likelihood log-weights of ``kinds`` (the first held at 0) by Newton's method."""
    weights = [0.0] * KIND_COUNT
    if not choices or len(kinds) < 2:
        return weights
    columns = list(kinds)
    available = np.array([[choice.available[k] for k in columns] for choice in choices], float)
    chosen = np.zeros_like(available)
    for row, choice in enumerate(choices):
        chosen[row, columns.index(choice.kind)] = 1.0
    free = len(columns) - 1
    theta = np.zeros(free)
    with np.errstate(divide="ignore"):
        offsets = np.log(available)
    for _ in range(NEWTON_STEPS):
        utility = offsets + np.concatenate(([0.0], theta))
        utility -= utility.max(axis=1, keepdims=True)
        odds = np.exp(utility)
        chances = odds / odds.sum(axis=1, keepdims=True)
        residual = (chosen - chances)[:, 1:]
        gradient = residual.sum(axis=0) - RIDGE * theta
        p = chances[:, 1:]
        hessian = -(np.diag(p.sum(axis=0)) - p.T @ p) - RIDGE * np.eye(free)
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if np.abs(step).max() < 1e-10:
            break
    for column, value in zip(columns[1:], theta, strict=True):
        weights[column] = float(value)
    return weights


def fit(choices: Sequence[FaceDownChoice], command: str = "") -> FaceDownModel:
    """The model of ``choices``: place 1 over every kind (mouse held at 0), places 2 and 3
    over the kinds with the face-down symbol (the mouse* held at 0)."""
    symbols = sorted(SYMBOL_KINDS)
    weights = tuple(
        tuple(
            _fit_place(
                [choice for choice in choices if choice.place == place],
                range(KIND_COUNT) if place == 1 else symbols,
            )
        )
        for place in range(1, PLACES + 1)
    )
    return FaceDownModel(weights=weights, command=command, choices=len(choices))


def load_model() -> FaceDownModel:
    """The shipped model (``face_down.json`` beside this module)."""
    data = resources.files(__package__).joinpath(MODEL_FILE).read_bytes()
    return msgspec.json.decode(data, type=FaceDownModel)


def encode_model(model: FaceDownModel) -> bytes:
    """``model`` as the JSON the package ships, indented, one trailing newline."""
    return msgspec.json.format(msgspec.json.encode(model), indent=2) + b"\n"
