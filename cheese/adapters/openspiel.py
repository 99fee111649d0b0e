"""Our three games as OpenSpiel games: ``import cheese.adapters.openspiel`` registers
``python_get_the_cheese``, ``python_cheese_chasers`` and ``python_cheese_drop``.

>>> import pyspiel
>>> import cheese.adapters.openspiel
>>> game = pyspiel.load_game("python_cheese_drop", {"players": 3, "simple": True})
>>> game.num_players(), game.get_type().information.name
(3, 'IMPERFECT_INFORMATION')

Each game is sequential with explicit chance (draws, deals, deflections are chance
nodes with their exact probabilities) and terminal rewards: a seat's return is its game
points (``returns=points``, the default), so the games are general-sum; with
``returns=rewards`` it is the reward in [0, 1] our searches maximise
(``cheese.bots.search.rewards``: mostly the share of other seats beaten; a solitaire game's
reward grows with its points), the scale OpenSpiel's
search constants expect. The game's options are its parameters, plus ``players`` and
``returns``; tuple options (Get The Cheese!'s ``composition`` and ``cheese_values``)
are written as numbers joined by ``/`` (``"7/2/2/1/1/1/1"``; commas would clash with
OpenSpiel's game strings). Actions are the engine's ints.

Observations follow the engine: both the observation and the information state of a
seat are its view (``State.view``), what the rules say that seat knows; strings are the
view's text, tensors come from ``cheese.adapters.tensors``. A view holds what a seat
knows now, not the order of past turns (in Get The Cheese!, which turns were draws), so
the information state is not perfect recall in OpenSpiel's sense.
``resample_from_infostate`` draws from ``State.determinize``, uniformly among the
states consistent with the seat's view, with its randomness taken from the sampler.

A state holds an immutable engine state, shared rather than copied when OpenSpiel
clones it, so cloning costs one small object.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

import pyspiel

from cheese.adapters.facts import game_facts
from cheese.adapters.tensors import ViewTensor
from cheese.bots.evaluation import evaluator_for
from cheese.bots.search.evaluator import Evaluator
from cheese.engine import Game, Seat, State, game_info, load_game
from cheese.engine.api import OptionValue
from cheese.engine.description import GameDescription, Information
from cheese.engine.games import GAMES, describe

PREFIX = "python_"
PLAYERS = "players"
RETURNS = "returns"
POINTS = "points"
REWARDS = "rewards"
SEED_BITS = 53
TUPLE_SEPARATOR = "/"


def short_name(slug: str) -> str:
    """The OpenSpiel name of the game ``slug``: ``python_cheese_drop`` for cheese-drop."""
    return PREFIX + slug.replace("-", "_")


def _parameter(value: OptionValue) -> int | bool | str:
    if isinstance(value, tuple):
        return TUPLE_SEPARATOR.join(str(item) for item in value)
    return value


def _option(default: OptionValue, value: object) -> OptionValue:
    """A parameter read back as the option type its default has."""
    if isinstance(default, tuple) and isinstance(value, str):
        try:
            items = value.replace(",", TUPLE_SEPARATOR).split(TUPLE_SEPARATOR)
            return tuple(int(item) for item in items if item.strip())
        except ValueError:
            raise ValueError(
                f"{value!r} is not a list of numbers; write e.g. '7/2/2/1/1/1/1'"
            ) from None
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, tuple) and all(isinstance(item, int) for item in value):
        return value
    raise ValueError(f"parameter value {value!r} is not a bool, int or text")


class _Shared:
    """An immutable engine state that OpenSpiel's deep copies share instead of copying."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, object]) -> _Shared:
        return self

    def __getstate__(self) -> State:
        return self.state

    def __setstate__(self, state: State) -> None:
        self.state = state


class CheeseObserver:
    """OpenSpiel's observer protocol over a seat's view: ``tensor``, ``dict``,
    ``set_from`` and ``string_from``."""

    def __init__(
        self, slug: str, num_players: int, options: Mapping[str, OptionValue],
        iig_obs_type: pyspiel.IIGObservationType | None, params: Mapping[str, object] | None,
    ) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)}")
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError(
                "only a seat's own view is observable (public_info=True, "
                "private_info=SINGLE_PLAYER)"
            )
        self._view_tensor = ViewTensor(slug, num_players, options)
        self.tensor = self._view_tensor.tensor
        self.dict = self._view_tensor.parts

    def set_from(self, state: CheeseState, player: int) -> None:
        self._view_tensor.set_from(state.engine_state.view(player))

    def string_from(self, state: CheeseState, player: int) -> str:
        return repr(state.engine_state.view(player))


class CheeseGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games behind OpenSpiel's ``Game`` interface; a subclass per game names
    its ``SLUG``."""

    SLUG: str

    def __init__(self, params: Mapping[str, object] | None = None) -> None:
        slug = self.SLUG
        engine_game = load_game(slug)
        defaults = engine_game.default_options()
        given = dict(params or {})
        num_players = given.pop(PLAYERS, game_info(slug).default_players)
        if not isinstance(num_players, int):
            raise ValueError(f"players={num_players!r} is not a whole number")
        returns = str(given.pop(RETURNS, POINTS))
        if returns not in (POINTS, REWARDS):
            raise ValueError(f"returns={returns!r} is not allowed; use {POINTS} or {REWARDS}")
        unknown = sorted(set(given) - set(defaults))
        if unknown:
            raise ValueError(
                f"unknown parameters {unknown}; allowed: {[PLAYERS, RETURNS, *defaults]}"
            )
        options = {name: _option(defaults[name], value) for name, value in given.items()}
        # Chance is explicit here: OpenSpiel draws every outcome, so the deal seed (which
        # only paired luck reads) is never used.
        initial = engine_game.new_initial_state(num_players, seed=0, **options)
        facts = game_facts(slug, num_players, initial.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=facts.num_distinct_actions,
            max_chance_outcomes=facts.max_chance_outcomes,
            num_players=num_players,
            min_utility=0.0,
            max_utility=float(facts.max_points) if returns == POINTS else 1.0,
            utility_sum=None,
            max_game_length=facts.max_game_length,
        )
        parameters = {PLAYERS: num_players, RETURNS: returns, **{
            name: _parameter(value) for name, value in initial.options.items()
        }}
        super().__init__(game_type(slug), info, parameters)
        self.slug = slug
        self.engine_game: Game = engine_game
        self.initial_state = initial
        self.returns = returns
        self.evaluator: Evaluator = evaluator_for(engine_game)

    def new_initial_state(self) -> CheeseState:
        return CheeseState(self)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The classes are made from the registry, so a pickle names the game, not its class.
        return (_game_of, (self.slug, dict(self.get_parameters())))

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None,
        params: Mapping[str, object] | None = None,
    ) -> CheeseObserver:
        return CheeseObserver(
            self.slug, self.num_players(), self.initial_state.options, iig_obs_type, params
        )


class CheeseState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state over an immutable engine state."""

    def __init__(self, game: CheeseGame, engine_state: State | None = None) -> None:
        super().__init__(game)
        self._held = _Shared(game.initial_state if engine_state is None else engine_state)

    @property
    def engine_state(self) -> State:
        """The engine state this OpenSpiel state stands for."""
        return self._held.state

    def current_player(self) -> int:
        return self._held.state.current_player

    def _legal_actions(self, player: int) -> list[int]:
        return self._held.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._held.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._held = _Shared(self._held.state.apply(action))

    def _action_to_string(self, player: int, action: int) -> str:
        state = self._held.state
        if player == state.current_player:
            return state.action_to_string(action)
        return f"action {action}"

    def is_terminal(self) -> bool:
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        state = self._held.state
        if not state.is_terminal():
            return [0.0] * state.num_players
        if self.get_game().returns == REWARDS:
            return list(self.get_game().evaluator.rewards(state))
        return [float(points) for points in state.scores()]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float]
    ) -> CheeseState:
        """A state drawn uniformly among those ``player_id`` cannot tell from this one;
        the sampler's next number seeds the draw."""
        seed = int(probability_sampler() * (1 << SEED_BITS))
        return self.resample_with(player_id, random.Random(seed))

    def resample_with(self, seat: Seat, rng: random.Random) -> CheeseState:
        """A state drawn uniformly among those ``seat`` cannot tell from this one."""
        game = self.get_game()
        return CheeseState(game, self._held.state.determinize(seat, rng))

    def __str__(self) -> str:
        state = self._held.state
        return "\n".join(repr(state.view(seat)) for seat in range(state.num_players))


def game_type(slug: str) -> pyspiel.GameType:
    """The truthful OpenSpiel game type of ``slug`` (its parameters at their defaults)."""
    info = game_info(slug)
    engine_game = load_game(slug)
    defaults = engine_game.default_options()
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if describe(slug).information is Information.PERFECT
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(slug),
        long_name=f"Python {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            PLAYERS: info.default_players,
            RETURNS: POINTS,
            **{name: _parameter(value) for name, value in defaults.items()},
        },
    )


def _openspiel_class(description: GameDescription) -> type[CheeseGame]:
    """The OpenSpiel game class of the game ``description`` describes."""

    class Registered(CheeseGame):
        __doc__ = f"{description.info.title} in OpenSpiel (``{short_name(description.slug)}``)."
        SLUG = description.slug

    name = "".join(word.capitalize() for word in description.slug.split("-")) + "Game"
    Registered.__name__ = Registered.__qualname__ = name
    return Registered


GAME_CLASSES: tuple[type[CheeseGame], ...] = tuple(_openspiel_class(game) for game in GAMES)
"""One class per game (``GetTheCheeseGame`` …), made from its description."""
# Classes, not closures, are registered: OpenSpiel keeps the creator until after the
# interpreter has shut down, and only a class outlives that without a crash at exit.


def _game_of(slug: str, params: Mapping[str, object]) -> CheeseGame:
    """The game ``slug`` with ``params`` (what a pickled game is rebuilt by)."""
    return game_class(slug)(params)


def game_class(slug: str) -> type[CheeseGame]:
    """The OpenSpiel game class of ``slug``."""
    for candidate in GAME_CLASSES:
        if candidate.SLUG == slug:
            return candidate
    raise ValueError(f"no OpenSpiel game for {slug!r}")


def register_games() -> tuple[str, ...]:
    """Register the three games with OpenSpiel (once per process); their short names."""
    registered = set(pyspiel.registered_names())
    names = []
    for game_class in GAME_CLASSES:
        name = short_name(game_class.SLUG)
        if name not in registered:
            pyspiel.register_game(game_type(game_class.SLUG), game_class)
        names.append(name)
    return tuple(names)


GAME_NAMES = register_games()
"""The short names under which OpenSpiel loads our games."""

__all__ = ["GAME_NAMES", "CheeseGame", "CheeseObserver", "CheeseState", "short_name"]
