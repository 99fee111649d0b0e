"""The MCTS bot's settings: its spec parameters, checked into one ``MctsConfig``, and
what a setting the spec leaves open means in each loop.

A setting the spec leaves open is ``None`` in the config, so that an explicit value
always wins, even one equal to a default. This module alone says what an open setting
means: the Python loop takes the ``DEFAULT_*`` values, the C loop the game's
(``SearchAdvice.c_search`` of its evaluation), a search of a game's lines the ``LINE_*``
values.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum
from typing import ClassVar

from cheese.bots.base import Clock
from cheese.bots.evaluation import game_evaluators
from cheese.bots.mcts.policy import MODEL_ITERATIONS, MODEL_WORLDS, model_specs
from cheese.bots.mcts.tree import TreePolicy
from cheese.bots.search.budget import AUTO_TIME, Budget, SecondsParameter, clock_seconds
from cheese.bots.search.evaluator import CSearchAdvice, PlayoutPolicy, SearchAdvice
from cheese.bots.spec import ChoiceParameter, FloatParameter, IntParameter
from cheese.bots.spec_config import SettingValues, SpecConfig, setting

NAME = "mcts"
DESCRIPTION = "information-set MCTS over determinizations; per-seat rewards (max^n)"
DEFAULT_ITERATIONS = 300
"""Iterations of the Python loop when the spec gives neither iterations nor time, set by
hand with the first MCTS bot."""
MAX_ITERATIONS = 10_000_000
"""The most iterations a spec may ask for, also the C loop's budget under ``time=`` alone
(the time limit ends the search first)."""
DEFAULT_EXPLORATION = 0.7
"""The Python loop's UCB exploration constant, set by hand with the first MCTS bot."""
DEFAULT_WIDEN = 2.0
"""The Python loop's progressive widening (and the C loop's in a game without its own),
set by hand with the first MCTS bot."""
DEFAULT_PRIOR = 0
"""The Python loop's root virtual visits: none, so that playouts alone rank the moves."""
ALL_ROOT_MOVES = 0
"""The root width that searches every root move."""
MAX_READER_ITERATIONS = 1_000_000
"""The most iterations ``reader=`` may give the search that reads each play: every play
costs ``worlds=`` of them."""
MAX_READING_WORLDS = 10_000
"""The most worlds ``worlds=`` may read each play in."""
LINE_ITERATIONS = 600
"""Iterations of UCT over a game's lines when the spec gives neither iterations nor time,
set with the first UCT over Cheese Drop's lines, which are far smaller than its tree."""
LINE_EXPLORATION = 0.03
"""UCT's exploration over a game's lines when the spec leaves it open: lines differ by
thousandths of reward, and at 0.03 UCT almost always plays the full search's move."""
LINE_WIDEN = 0.5
"""Progressive widening over a game's lines when the spec leaves it open, set with
``LINE_EXPLORATION`` for UCT to play the full search's move."""


class PlayoutChoice(StrEnum):
    """The spec's ``playout=``: the game's advice, or one playout policy for every game."""

    AUTO = "auto"
    RANDOM = PlayoutPolicy.RANDOM.value
    HEURISTIC = PlayoutPolicy.HEURISTIC.value
    NONE = PlayoutPolicy.NONE.value

    def policy(self, advised: PlayoutPolicy) -> PlayoutPolicy:
        """The policy this choice plays where the game advises ``advised``."""
        return advised if self is PlayoutChoice.AUTO else PlayoutPolicy(self.value)


WORDS = tuple(choice.value for choice in PlayoutChoice)
"""The words ``playout=`` takes."""


class KeptWorld(IntEnum):
    """What of the root a search keeps as it is (``search.c``'s ``keep_world``): the
    settings of a measuring instrument (``tools/gtc_ceiling.py``), which no bot spec
    reaches."""

    NONE = 0
    """Nothing: every iteration draws what the seat cannot see (every bot's search)."""
    WORLD = 1
    """The whole root, the true state: a clairvoyant search."""
    TABLE = 2
    """What lies on the table (Get The Cheese!'s face-down cards); the others' hands are
    drawn anew (the game's ``determinize_hands``)."""
    CARDS = 3
    """Each card on the table the seat cannot see, with a chance, card by card (the rest
    dealt with the others' hands by the game's ``determinize_hands``)."""


class Inference(StrEnum):
    """The spec's ``infer=``: how the C loop deals the others' hidden cards."""

    NONE = "none"
    """Uniformly among the deals consistent with the seat's view."""
    MODEL = "model"
    """With the weights of the game's model of what players hide
    (``Evaluator.hidden_card_weights``)."""
    POLICY = "policy"
    """By the odds read from the others' moves so far, a cheaper search standing in
    for each player (``cheese.bots.mcts.policy``, ``Evaluator.play_reading``)."""
    FIT = "fit"
    """As ``POLICY``, each player's moves read by the model among a search and greedy
    that has explained them best so far (``cheese.bots.mcts.policy.FIT_OTHER_MODELS``)."""

    @property
    def reads_moves(self) -> bool:
        """Whether the others' moves are read (policy-based inference)."""
        return self in (Inference.POLICY, Inference.FIT)


class OthersMoves(StrEnum):
    """The spec's ``others=``: how the C tree keys the other seats' moves."""

    EXACT = "exact"
    """As they were played, hidden cards included."""
    SEEN = "seen"
    """As the searching seat sees them: moves it cannot tell apart are one edge, and one
    of them is played at random (partially observable moves)."""
    TREES = "trees"
    """A tree per seat, each keyed by the moves as its seat sees them: every seat chooses
    in its own tree by what it could know (multiple-observer ISMCTS)."""


def native_widen(defaults: CSearchAdvice) -> float:
    """The C loop's widening for a game: its own, else the Python loop's."""
    return DEFAULT_WIDEN if defaults.widen is None else defaults.widen


IN_C = tuple((slug, evaluator.advice.c_search) for slug, evaluator in game_evaluators())
"""Each game's C loop defaults, shown beside the Python ones (``cheese bots``, errors)."""

FINISH_IN = tuple(
    (slug, evaluator.solitaire_finish)
    for slug, evaluator in game_evaluators()
    if evaluator.with_solitaire_finish(evaluator.solitaire_finish) is not None
)
"""The one-seat games whose finished game's reward ``finish=`` sets, with their own."""
FINISH_SHOWN = FINISH_IN[0][1] if len({value for _, value in FINISH_IN}) == 1 else 0.0
"""The default ``cheese bots`` shows for ``finish=``: the one-seat games' own, while they
agree (the help names each)."""


@dataclass(frozen=True, slots=True)
class NativeSearch:
    """The settings of one C search (see ``cheese.bots.mcts.native.search.search``)."""

    iterations: int
    seconds: float | None
    exploration: float
    widen: float
    playout: PlayoutPolicy
    prior_visits: int
    leaf_playouts: int
    chance_nodes: bool
    root_width: int = 0
    infer: Inference = Inference.NONE
    leaf_value: float = 0.0
    others: OthersMoves = OthersMoves.EXACT


@dataclass(frozen=True, slots=True)
class LinesSearch:
    """The settings of one UCT search of a game's lines (``cheese.bots.lines.uct``)."""

    budget: Budget
    exploration: float
    widen: float


def depth_if_absent(values: SettingValues) -> int | None:
    """The playout depth a spec leaves open: to the end (0) under an explicit playout
    policy, else ``None``, the game's advice."""
    return None if values["playout"] == PlayoutChoice.AUTO else 0


@dataclass(frozen=True, slots=True)
class MctsConfig(SpecConfig):
    """The settings of the MCTS bot, checked.

    A setting the spec leaves open is ``None`` here, so that an explicit value always
    wins, even one equal to a default; ``budget``, ``tree_policy``, ``native_search`` and
    ``lines_search`` say what an open one means in each loop.
    """

    bot_name: ClassVar[str] = NAME

    iterations: int | None = setting(
        IntParameter("iterations", DEFAULT_ITERATIONS, 1, MAX_ITERATIONS,
                     f"iterations per move: {DEFAULT_ITERATIONS} in Python, the game's budget "
                     f"in C, {LINE_ITERATIONS} over a game's lines (Cheese Drop's bets); "
                     "unlimited when only time= is given",
                     tuple((slug, defaults.iterations) for slug, defaults in IN_C)),
        absent=None,
    )
    seconds: float | str = setting(
        SecondsParameter("time", 0.0, 0.0, 3600.0,
                         "seconds per move; 0 = no time limit; auto = a share of the game "
                         "clock (duels and tournaments need --tc; elsewhere 1 s)")
    )
    exploration: float | None = setting(
        FloatParameter("c", DEFAULT_EXPLORATION, 0.0, 10.0,
                       "UCB exploration constant (in C, when not given: the game's; "
                       f"over lines {LINE_EXPLORATION})",
                       tuple((slug, defaults.exploration) for slug, defaults in IN_C)),
        absent=None,
    )
    playout: PlayoutChoice = setting(
        ChoiceParameter("playout", PlayoutChoice.AUTO.value, WORDS,
                        "playout policy; auto = the game's advice, none = evaluate the leaf",
                        tuple((slug, defaults.playout.value) for slug, defaults in IN_C)),
        words=PlayoutChoice,
    )
    depth: int | None = setting(
        IntParameter("depth", 0, 0, 10_000,
                     "playout decisions before the leaf evaluation; 0 = to the end "
                     "(with playout=auto: the game's advice unless given)"),
        absent=None,
        absent_from=depth_if_absent,
    )
    widen: float | None = setting(
        FloatParameter("widen", DEFAULT_WIDEN, 0.0, 100.0,
                       "progressive widening: at most 1 + widen*sqrt(visits) children; 0 = off "
                       f"(in C, when not given: the game's; over lines {LINE_WIDEN:g})",
                       tuple((slug, native_widen(defaults)) for slug, defaults in IN_C)),
        absent=None,
    )
    prior: int | None = setting(
        IntParameter("prior", DEFAULT_PRIOR, 0, 100_000,
                     "virtual visits of each root move at its one-ply value; 0 = none "
                     "(in C, when not given: the game's)",
                     tuple((slug, defaults.prior_visits) for slug, defaults in IN_C)),
        absent=None,
    )
    root_width: int | None = setting(
        IntParameter("root", ALL_ROOT_MOVES, 0, 10_000,
                     "root moves the C loop searches, best one-ply values first (with prior); "
                     "0 = all (when not given: the game's)",
                     tuple((slug, defaults.root_width) for slug, defaults in IN_C)),
        absent=None,
    )
    leaf: int = setting(
        IntParameter("leaf", 0, 0, 10_000, "playouts averaged per leaf; 0 = one")
    )
    workers: int = setting(
        IntParameter("workers", 1, 1, 64, "independent searches in parallel processes")
    )
    finish: float | None = setting(
        FloatParameter("finish", FINISH_SHOWN, 0.0, 1.0,
                       "one-seat games: the reward of a finished game before its points "
                       "count (0 = points alone, 1 = finishing alone); when not given, the "
                       "game's: " + ", ".join(f"{slug} {value:g}" for slug, value in FINISH_IN)),
        absent=None,
    )
    value: float = setting(
        FloatParameter("value", 0.0, 0.0, 1.0,
                       "one-seat games with a fitted leaf value (cheese-chasers): its weight "
                       "in the C loop's leaf value beside the playouts'; 0 = playouts alone")
    )
    others: OthersMoves = setting(
        ChoiceParameter("others", OthersMoves.EXACT.value, tuple(o.value for o in OthersMoves),
                        "how the C tree keys the other seats' moves: exact = as played; seen = "
                        "as the searching seat sees them, hidden cards merged; trees = a tree "
                        "per seat, keyed by what that seat sees (get-the-cheese: face-down "
                        "cards)"),
        words=OthersMoves,
    )
    infer: Inference = setting(
        ChoiceParameter("infer", Inference.NONE.value, tuple(i.value for i in Inference),
                        "how the C loop deals the others' hidden cards: none = uniformly; "
                        "model = weighted by the game's model of what players hide "
                        "(get-the-cheese: which cards go face down, and where); policy = by "
                        "what a cheaper search would have hidden to play as each player did "
                        "(get-the-cheese); fit = the same, each player read by the model, "
                        "a search or greedy, that explains its plays best"),
        words=Inference,
    )
    reader: int | None = setting(
        IntParameter("reader", MODEL_ITERATIONS, 1, MAX_READER_ITERATIONS,
                     "infer=policy or fit: iterations of the cheaper search that stands in "
                     "for each other player to read its plays"),
        absent=None,
    )
    worlds: int | None = setting(
        IntParameter("worlds", MODEL_WORLDS, 1, MAX_READING_WORLDS,
                     "infer=policy or fit: worlds, dealt from what the seat knew, in which "
                     "that search plays each play it reads"),
        absent=None,
    )

    recall: int = setting(
        IntParameter("recall", 0, 0, 1,
                     "infer=policy or fit: 1 = each play is read in worlds that deal the "
                     "cards hidden before it by the odds read of them; 0 = uniformly")
    )

    def __post_init__(self) -> None:
        super(MctsConfig, self).__post_init__()
        reading = [
            f"{name}={value}"
            for name, value in (
                ("reader", self.reader), ("worlds", self.worlds), ("recall", self.recall or None)
            )
            if value is not None
        ]
        if reading and not self.infer.reads_moves:
            raise ValueError(
                f"{', '.join(reading)} sets the reading of the others' plays, which only "
                "infer=policy and infer=fit do; add infer=policy or drop "
                f"{reading[0].split('=')[0]}="
            )
        in_c_only = [
            f"{name}={value}"
            for name, value, default in (
                ("value", self.value, 0.0),
                ("others", self.others, OthersMoves.EXACT),
                ("infer", self.infer, Inference.NONE),
            )
            if value != default
        ]
        if in_c_only and (self.playout is PlayoutChoice.NONE or self.depth):
            # Those two send every search to the Python loop, which has none of them.
            named = "playout=none" if self.playout is PlayoutChoice.NONE else "depth="
            raise ValueError(
                f"{', '.join(in_c_only)} is a setting of the C loop, which {named} replaces "
                f"by the Python loop; drop {named} or {in_c_only[0].split('=')[0]}="
            )

    @property
    def reading_models(self) -> tuple[str, ...]:
        """The specs of the models the others' plays are read by (``infer=policy`` or
        ``fit``): the spec's ``reader=`` iterations, else ``MODEL_ITERATIONS``."""
        iterations = MODEL_ITERATIONS if self.reader is None else self.reader
        return model_specs(iterations, fit=self.infer is Inference.FIT)

    @property
    def reading_worlds(self) -> int:
        """The worlds each play is read in: the spec's ``worlds=``, else ``MODEL_WORLDS``."""
        return MODEL_WORLDS if self.worlds is None else self.worlds

    @property
    def wants_clock(self) -> bool:
        """Whether the time per move comes from the game clock (``time=auto``)."""
        return self.seconds == AUTO_TIME

    def on_clock(self, clock: Clock | None) -> MctsConfig:
        """The config of one move: ``time=auto`` becomes the seconds ``clock`` allows
        (``cheese.bots.search.budget.clock_seconds``); any other config is itself."""
        return replace(self, seconds=clock_seconds(clock)) if self.wants_clock else self

    @property
    def move_seconds(self) -> float:
        """The time limit per move, 0 for none (``time=auto`` unresolved: no clock)."""
        if isinstance(self.seconds, str):
            return clock_seconds(None)
        return self.seconds

    @property
    def searches_engine_tree(self) -> bool:
        """Whether the spec names a setting of the search of the engine's tree (playout,
        depth, leaf, prior, root): then every decision is searched so, even where the
        game would rather decide by one ply or search its own lines."""
        return (
            self.playout is not PlayoutChoice.AUTO
            or self.depth is not None
            or bool(self.leaf)
            or self.prior is not None
            or self.root_width is not None
        )

    @property
    def leaf_playouts(self) -> int:
        """The playouts averaged at each leaf, in either loop: the spec's, else one."""
        return self.leaf or 1

    @property
    def budget(self) -> Budget:
        """The Python loop's budget."""
        if self.iterations is None and not self.move_seconds:
            return Budget(DEFAULT_ITERATIONS, None)
        return Budget(self.iterations, self.move_seconds or None)

    def native_search(self, defaults: CSearchAdvice) -> NativeSearch | None:
        """The C loop's settings for a game that advises ``defaults``, or None when the
        spec asks for what only the Python loop does (``playout=none`` or a playout
        depth)."""
        if self.playout is PlayoutChoice.NONE or self.depth:
            return None
        iterations = self.iterations
        if iterations is None:
            iterations = MAX_ITERATIONS if self.move_seconds else defaults.iterations
        return NativeSearch(
            iterations=iterations,
            seconds=self.move_seconds or None,
            exploration=defaults.exploration if self.exploration is None else self.exploration,
            widen=native_widen(defaults) if self.widen is None else self.widen,
            playout=self.playout.policy(defaults.playout),
            prior_visits=defaults.prior_visits if self.prior is None else self.prior,
            leaf_playouts=self.leaf_playouts,
            chance_nodes=defaults.chance_nodes,
            root_width=defaults.root_width if self.root_width is None else self.root_width,
            infer=self.infer,
            leaf_value=self.value,
            others=self.others,
        )

    def lines_search(self) -> LinesSearch:
        """The settings of a search of a game's lines: the spec's, else the ``LINE_*``
        values."""
        iterations = self.iterations
        if iterations is None and not self.move_seconds:
            iterations = LINE_ITERATIONS
        return LinesSearch(
            Budget(iterations, self.move_seconds or None),
            LINE_EXPLORATION if self.exploration is None else self.exploration,
            LINE_WIDEN if self.widen is None else self.widen,
        )

    def tree_policy(self, advice: SearchAdvice, native: bool = False) -> TreePolicy:
        """The tree policy for a game whose evaluator gives ``advice``.

        On the ``native`` backend, playouts to the end run in C: with ``playout=auto``
        the game's ``native_playout`` (when it names one), otherwise an explicit random
        or heuristic playout with depth 0.
        """
        playout: PlayoutPolicy
        if self.playout is PlayoutChoice.AUTO:
            if native and advice.native_playout is not None and not self.depth:
                playout, depth, in_c = advice.native_playout, 0, True
            else:
                playout = advice.playout
                depth = advice.playout_depth if self.depth is None else self.depth
                in_c = native and depth == 0 and playout is not PlayoutPolicy.NONE
        else:
            playout, depth = self.playout.policy(advice.playout), self.depth or 0
            in_c = native and depth == 0 and playout is not PlayoutPolicy.NONE
        return TreePolicy(
            DEFAULT_EXPLORATION if self.exploration is None else self.exploration,
            DEFAULT_WIDEN if self.widen is None else self.widen,
            playout,
            depth,
            in_c,
            self.prior or DEFAULT_PRIOR,
            self.leaf_playouts,
        )


PARAMETERS = MctsConfig.parameters()
