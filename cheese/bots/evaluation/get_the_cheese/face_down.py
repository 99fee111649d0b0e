"""Which kind of card a Get The Cheese! player puts face down, and the weights a
determinization draws the others' face-down cards with.

The model is a conditional logit: a player putting a card in place ``p`` of a play
(1 the first, face-down card; 2 and 3 only for cards with the face-down symbol) picks
kind ``k`` with a chance proportional to ``available[k] * exp(weight[p][k])``, where
``available`` counts the cards of each kind it could have put there. In place 1 the
chance also follows what the card would do in its line (``determinize.line_bins``, from
the cards in front of it): ``exp(weight[1][k] + line[f] * bin[k])``, ``f`` the kind's
feature (a cat: the mice it would catch; the dog: whether it takes the cat in front; a
mouse: whether it eats). Weights are fitted
by maximum likelihood to self-play games (``tools/gtc_face_down_fit.py``, which wrote the
shipped ``face_down.json`` with the command stored in it). The determinization then
draws each hidden card of such a place from its owner's unseen cards with the integer
weights of ``draw_weights`` instead of uniformly.

>>> choices = [FaceDownChoice(1, (1, 0, 0, 0, 1, 0, 0), 4)] * 3
>>> choices += [FaceDownChoice(1, (1, 0, 0, 0, 1, 0, 0), 0)]
>>> round(fit(choices).weights[0][4], 1)  # a cat 3 times as likely as a mouse: log 3
1.1
>>> from cheese.engine.get_the_cheese.determinize import CATCHES
>>> two, none = (0, 0, 0, 0, 2, 2, 0), (0,) * 7  # a cat would catch two mice, or none
>>> def chose(kind: int, bins: tuple[int, ...], times: int) -> list[FaceDownChoice]:
...     return [FaceDownChoice(1, (1, 0, 0, 0, 1, 0, 0), kind, bins)] * times
>>> choices = chose(4, two, 6) + chose(0, two, 2) + chose(4, none, 2) + chose(0, none, 2)
>>> round(fit(choices).line[CATCHES], 2)  # 3:1 where it catches two, 1:1 where none: log 3 / 2
0.55
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

import msgspec
import numpy as np

from cheese.engine.get_the_cheese.cards import KIND_COUNT, KINDS, SYMBOL_KINDS, Kind, Pile
from cheese.engine.get_the_cheese.determinize import LINE_BINS, LINE_FEATURE

PLACES = 3
"""Places in a play: the first card goes face down, the 2nd and 3rd only with the symbol."""
WEIGHT_SCALE = 1000
"""A draw weight of ``WEIGHT_SCALE`` is a kind the model neither seeks nor avoids; integer
weights make the Python and C determinizations draw the same numbers."""
RIDGE = 0.01
"""The L2 penalty on the weights, which keeps a kind seldom or never chosen finite."""
NEWTON_STEPS = 50
MODEL_FILE = "face_down.json"

NO_BINS = (0,) * KIND_COUNT


@dataclass(frozen=True, slots=True)
class FaceDownChoice:
    """One card a player put face down: its place in the play (1..3), the cards of each
    kind it could have put there, and the kind it put."""

    place: int
    available: Pile
    kind: Kind
    bins: tuple[int, ...] = NO_BINS
    """Place 1: per kind, what it would do in the line (``determinize.line_bins``)."""


class FaceDownModel(msgspec.Struct, frozen=True):
    """Log-weights per place (1..3) and kind, the place-1 weight of each line feature
    (``determinize.CATCHES``, ``TAKES``, ``EATS``) per unit of its bin, and the command that fitted
    them."""

    weights: tuple[tuple[float, ...], ...]
    line: tuple[float, float, float] = (0.0, 0.0, 0.0)
    command: str = ""
    choices: int = 0

    def first_place_weight(self, kind: Kind, line_bin: int) -> float:
        """The log-weight of putting a card of ``kind`` face down first where it would do
        ``line_bin`` in its line."""
        return self.weights[0][kind] + self.line[LINE_FEATURE[kind]] * line_bin

    def draw_weights(self) -> tuple[int, ...]:
        """The integer weights the determinization draws hidden cards with
        (``determinize.WEIGHT_COUNT``): per kind and line bin for place 1, then per kind
        for places 2 and 3."""
        first = (
            self.first_place_weight(kind, line_bin)
            for kind in KINDS
            for line_bin in range(LINE_BINS)
        )
        later = (weight for place_weights in self.weights[1:] for weight in place_weights)
        return tuple(max(1, round(WEIGHT_SCALE * math.exp(weight))) for weight in (*first, *later))


def first_card_chances(
    model: FaceDownModel, available: Pile, bins: Sequence[int] = NO_BINS
) -> tuple[float, ...]:
    """Per kind, the chance ``model`` gives a player holding ``available`` of putting a
    card of that kind face down first, in a slot where each kind would do ``bins``.

    >>> chances = first_card_chances(UNIFORM, (3, 0, 1, 0, 0, 0, 0))
    >>> chances[0], chances[2]  # uniform: the cards held, one chance each
    (0.75, 0.25)
    """
    odds = [
        available[kind] * math.exp(model.first_place_weight(kind, bins[kind])) for kind in KINDS
    ]
    total = sum(odds)
    return tuple(odd / total for odd in odds)


UNIFORM = FaceDownModel(weights=((0.0,) * KIND_COUNT,) * PLACES)
"""The model that gives every kind the same weight: a uniform determinization."""


def _fit_place(
    choices: Sequence[FaceDownChoice], kinds: Sequence[Kind], with_line: bool
) -> tuple[list[float], tuple[float, float, float]]:
    """Maximum-likelihood log-weights of ``kinds`` (the first held at 0), and with
    ``with_line`` the weights of the line features, by Newton's method."""
    weights = [0.0] * KIND_COUNT
    line = (0.0, 0.0, 0.0)
    if not choices or len(kinds) < 2:
        return weights, line
    columns = list(kinds)
    available = np.array([[choice.available[k] for k in columns] for choice in choices], float)
    chosen = np.zeros_like(available)
    for row, choice in enumerate(choices):
        chosen[row, columns.index(choice.kind)] = 1.0
    # The design: per choice and alternative, one column per free kind weight, then one
    # per line feature holding the alternative's bin.
    free = len(columns) - 1
    features = len(line) if with_line else 0
    design = np.zeros((len(choices), len(columns), free + features))
    for alternative in range(1, len(columns)):
        design[:, alternative, alternative - 1] = 1.0
    if with_line:
        for row, choice in enumerate(choices):
            for alternative, kind in enumerate(columns):
                design[row, alternative, free + LINE_FEATURE[kind]] = choice.bins[kind]
    theta = np.zeros(free + features)
    with np.errstate(divide="ignore"):
        offsets = np.log(available)
    for _ in range(NEWTON_STEPS):
        utility = offsets + design @ theta
        utility -= utility.max(axis=1, keepdims=True)
        odds = np.exp(utility)
        chances = odds / odds.sum(axis=1, keepdims=True)
        expected = np.einsum("ra,rap->rp", chances, design)
        gradient = np.einsum("ra,rap->p", chosen, design) - expected.sum(axis=0)
        gradient -= RIDGE * theta
        second = np.einsum("ra,rap,raq->pq", chances, design, design) - expected.T @ expected
        hessian = -second - RIDGE * np.eye(len(theta))
        step = np.linalg.solve(hessian, gradient)
        theta -= step
        if np.abs(step).max() < 1e-10:
            break
    for column, value in zip(columns[1:], theta[:free], strict=True):
        weights[column] = float(value)
    if with_line:
        catches, takes, eats = (float(value) for value in theta[free:])
        line = (catches, takes, eats)
    return weights, line


def fit(choices: Sequence[FaceDownChoice], command: str = "") -> FaceDownModel:
    """The model of ``choices``: place 1 over every kind (mouse held at 0), places 2 and 3
    over the kinds with the face-down symbol (the mouse* held at 0)."""
    symbols = sorted(SYMBOL_KINDS)
    fitted = [
        _fit_place(
            [choice for choice in choices if choice.place == place],
            range(KIND_COUNT) if place == 1 else symbols,
            with_line=place == 1,
        )
        for place in range(1, PLACES + 1)
    ]
    return FaceDownModel(
        weights=tuple(tuple(weights) for weights, _ in fitted),
        line=fitted[0][1],
        command=command,
        choices=len(choices),
    )


def load_model() -> FaceDownModel:
    """The shipped model (``face_down.json`` beside this module)."""
    data = resources.files(__package__).joinpath(MODEL_FILE).read_bytes()
    return msgspec.json.decode(data, type=FaceDownModel)


def encode_model(model: FaceDownModel) -> bytes:
    """``model`` as the JSON the package ships, indented, one trailing newline."""
    return msgspec.json.format(msgspec.json.encode(model), indent=2) + b"\n"
