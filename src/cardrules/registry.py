"""The registry of games: one :class:`Game` descriptor per game module, and lookups by name and by value.

A game is a module that satisfies :class:`~cardrules.contract.GameModule`; registering it
(:func:`register`) is all it takes for the package root (``cardrules.apply(state, move)`` and
friends), JSON, game records, bots, the testing helpers and the command line to serve it. The
built-in games register themselves when first imported, and :func:`get` imports them by name.

A game in a package of its own can be found without being imported first: the package declares an
entry point in the group ``cardrules.games`` whose name is the game's ``NAME`` and whose value is
its module (``[project.entry-points."cardrules.games"] my-game = "my_package.my_game"``), and
:func:`available` lists it and :func:`get` imports it on first use.

The registry knows nothing of JSON: the serialization layer asks it for the registered games and
lets each configure the converter (``configure_converter``) the first time it is needed.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import random
import re
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Generic, TypeAlias, TypeVar, cast

import attrs
import cattrs

from cardrules.contract import GameModule, RulesLike, set_renderer
from cardrules.errors import ArgumentError, RegistrationError, UnknownGameError

__all__ = [
    "Game",
    "SomeGame",
    "available",
    "game_of",
    "game_of_observation",
    "game_of_state",
    "get",
    "register",
    "registered",
]

# Built-in games are imported on first use by name, so that ``import cardrules`` stays cheap.
_BUILTIN: dict[str, str] = {
    "mille-bornes": "cardrules.games.mille_bornes",
    "the-game": "cardrules.games.the_game",
}

# The descriptor is immutable, so it may be covariant: a Game[Rules, State, ...] is a SomeGame.
R = TypeVar("R", bound=RulesLike, covariant=True)
S = TypeVar("S", covariant=True)
M = TypeVar("M", covariant=True)
O = TypeVar("O", covariant=True)  # noqa: E741 -- the observation type, as in the contract
X = TypeVar("X", covariant=True)
C = TypeVar("C", covariant=True)

_NAME = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


@attrs.frozen(kw_only=True)
class Game(Generic[R, S, M, O, X, C]):
    """Everything the shared machinery knows about one game: its names, types and verbs.

    Build one with :meth:`from_module`. The verbs are the game module's own functions (bound here
    so that generic loops pay no lookup); ``module`` is the module itself.

    >>> from cardrules.games import the_game
    >>> the_game.GAME.name, the_game.GAME.state_type is the_game.State
    ('the-game', True)
    """

    module: ModuleType
    name: str
    title: str
    rules_version: int
    rules_type: type[R]
    state_type: type[S]
    move_type: object
    """The move union (``Play | EndTurn``), or the one move class of a game that has only one."""
    move_classes: tuple[type, ...]
    observation_type: type[O]
    result_type: type[X]
    legal_moves: Callable[[S], tuple[M, ...]]
    legal_moves_of: Callable[[O], tuple[M, ...]]
    apply: Callable[[S, M], S]
    current_player: Callable[[S], int | None]
    is_terminal: Callable[[S], bool]
    result: Callable[[S], X | None]
    observe: Callable[[S, int], O]
    determinize: Callable[[O, random.Random | int], S]
    parse_move: Callable[[S, str], M]
    why_illegal: Callable[[S, M], str | None]
    render: Callable[..., str]
    """``render(state_or_observation, *, lang="en")``: text for people."""
    describe_move: Callable[..., str]
    """``describe_move(move, *, lang="en")``: a move in words."""
    validate_state: Callable[[S], None]
    validate_observation: Callable[[O], None]
    validate_result: Callable[[X], None]
    option_grid: Callable[[], tuple[R, ...]]
    all_moves: Callable[[R], tuple[M, ...]]
    deck: Callable[[R], tuple[C, ...]]
    cards: Callable[[S], Iterable[C]]
    rules_of: Callable[[S], R]
    configure_converter: Callable[[cattrs.Converter], None]

    @classmethod
    def from_module(cls, module: GameModule[R, S, M, O, X, C]) -> Game[R, S, M, O, X, C]:
        """The descriptor of a module that satisfies :class:`~cardrules.contract.GameModule`.

        A module missing a name of the contract raises :class:`~cardrules.errors.RegistrationError`.
        """
        if not isinstance(module, ModuleType):
            raise RegistrationError(f"a game is a module, not {type(module).__name__}")
        missing = [name for name in _CONTRACT if not hasattr(module, name)]
        if missing:
            raise RegistrationError(
                f"module {module.__name__} does not satisfy the game contract: it lacks {', '.join(missing)}"
            )
        name = module.NAME
        if not isinstance(name, str) or not _NAME.match(name):
            raise RegistrationError(f"a game's NAME is lowercase words joined by hyphens, not {name!r}")
        return cls(
            module=module,
            name=name,
            title=module.TITLE,
            rules_version=module.RULES_VERSION,
            rules_type=module.Rules,
            state_type=module.State,
            move_type=getattr(module, "Move"),  # noqa: B009 -- the union alias is no Protocol member
            move_classes=tuple(module.MOVE_CLASSES),
            observation_type=module.Observation,
            result_type=module.Result,
            legal_moves=module.legal_moves,
            legal_moves_of=module.legal_moves_of,
            apply=module.apply,
            current_player=module.current_player,
            is_terminal=module.is_terminal,
            result=module.result,
            observe=module.observe,
            determinize=module.determinize,
            parse_move=module.parse_move,
            why_illegal=module.why_illegal,
            render=module.render,
            describe_move=module.describe_move,
            validate_state=module.validate_state,
            validate_observation=module.validate_observation,
            validate_result=module.validate_result,
            option_grid=module.option_grid,
            all_moves=module.all_moves,
            deck=module.deck,
            cards=module.cards,
            rules_of=module.rules_of,
            configure_converter=module.configure_converter,
        )

    def new_game(
        self,
        rules: object = None,
        *,
        seed: int | None = None,
        deck: Iterable[object] | None = None,
        first_player: int = 0,
    ) -> S:
        """Deal a game of this game (the module's ``new_game``)."""
        deal: Callable[..., S] = self.module.new_game
        return deal(rules, seed=seed, deck=deck, first_player=first_player)

    def players(self, rules: object) -> int:
        """The number of seats under ``rules`` (this game's rules)."""
        if type(rules) is not self.rules_type:
            raise ArgumentError(f"expected the Rules of {self.title}, not {type(rules).__name__}")
        return cast(RulesLike, rules).players

    def __repr__(self) -> str:
        return f"<Game {self.name!r}: {self.title}>"


SomeGame: TypeAlias = "Game[RulesLike, object, object, object, object, object]"
"""A game whose types are known only at run time (looked up by name or by a value's type)."""

_CONTRACT = (
    "NAME", "TITLE", "RULES_VERSION", "MOVE_CLASSES", "Rules", "State", "Move", "Observation",
    "Result", "new_game", "legal_moves", "legal_moves_of", "apply", "current_player", "is_terminal", "result",
    "observe", "determinize", "parse_move", "why_illegal", "render", "describe_move", "validate_state",
    "validate_observation", "validate_result", "option_grid", "all_moves", "deck", "cards", "rules_of",
    "configure_converter",
)

_BY_NAME: dict[str, SomeGame] = {}
_BY_TYPE: dict[type, SomeGame] = {}
_BY_STATE_TYPE: dict[type, SomeGame] = {}
_BY_OBSERVATION_TYPE: dict[type, SomeGame] = {}


def register(game: Game[R, S, M, O, X, C]) -> Game[R, S, M, O, X, C]:
    """Register ``game`` and return the registered descriptor; registering the same game again (the
    same descriptor, or another descriptor of the same module) changes nothing and returns the first.

    A different game under a name already taken, or a type that already belongs to another game,
    raises :class:`~cardrules.errors.RegistrationError`.
    """
    if not isinstance(game, Game):
        raise RegistrationError(f"register() takes a Game descriptor (Game.from_module), not "
                                f"{type(game).__name__}")
    known = _BY_NAME.get(game.name)
    if known is game:
        return game
    if known is not None and known.module is game.module:
        return known  # type: ignore[return-value]  # the same module: the same types
    if known is not None:
        raise RegistrationError(f"a different game is already registered as {game.name!r}")
    types: tuple[type, ...] = (game.rules_type, game.state_type, game.observation_type,
                               game.result_type, *game.move_classes)
    for kind in types:
        owner = _BY_TYPE.get(kind)
        if owner is not None:
            raise RegistrationError(f"{kind.__name__} already belongs to the game {owner.name!r}")
    _BY_NAME[game.name] = game
    for kind in types:
        _BY_TYPE[kind] = game
    _BY_STATE_TYPE[game.state_type] = game
    _BY_OBSERVATION_TYPE[game.observation_type] = game
    set_renderer(game.state_type, game.render)
    set_renderer(game.observation_type, game.render)
    return game


def _installed() -> dict[str, str]:
    """Built-in games and those that installed packages declare, by name -> module."""
    found = dict(_BUILTIN)
    for point in importlib.metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(point.name, point.value)
    return found


ENTRY_POINT_GROUP = "cardrules.games"
"""The entry-point group in which installed packages declare their games."""


def available() -> tuple[str, ...]:
    """The names of every game that can be played (built in, installed or registered), sorted.

    >>> {"mille-bornes", "the-game"} <= set(available())
    True
    """
    return tuple(sorted(set(_installed()) | set(_BY_NAME)))


def registered() -> tuple[SomeGame, ...]:
    """The descriptors of the games registered so far, in the order they were registered."""
    return tuple(_BY_NAME.values())


def get(name: str) -> SomeGame:
    """The descriptor of the game called ``name``, importing a built-in game on first use.

    >>> get("the-game").title
    'The Game'
    """
    if not isinstance(name, str):
        raise UnknownGameError(f"a game's name is a string, not {type(name).__name__}")
    game = _BY_NAME.get(name)
    if game is not None:
        return game
    module = _BUILTIN.get(name) or _installed().get(name)
    if module is None:
        shown = name if len(name) <= 40 else name[:37] + "..."
        raise UnknownGameError(f"no game called {shown!r}; available: {', '.join(available())}")
    try:
        importlib.import_module(module)
    except ImportError as exc:
        raise UnknownGameError(f"the game {name!r} cannot be loaded from {module}: {exc}") from None
    game = _BY_NAME.get(name)
    if game is None:
        raise UnknownGameError(f"{module} did not register a game called {name!r}")
    return game


def game_of(value: object) -> SomeGame:
    """The game that a state, move, rules value, observation or result belongs to.

    >>> from cardrules.games import the_game
    >>> game_of(the_game.EndTurn()).name
    'the-game'
    """
    game = _BY_TYPE.get(type(value))
    if game is None:
        raise UnknownGameError(
            f"{type(value).__name__} is not a state, move, rules, observation or result of any game"
        )
    return game


def game_of_state(state: object) -> SomeGame:
    """The game that ``state`` is a state of; anything else raises :class:`UnknownGameError`."""
    game = _BY_STATE_TYPE.get(type(state))
    if game is None:
        raise UnknownGameError(f"{type(state).__name__} is not the state of any registered game")
    return game


def game_of_observation(observation: object) -> SomeGame:
    """The game that ``observation`` is an observation of; anything else raises
    :class:`UnknownGameError`."""
    game = _BY_OBSERVATION_TYPE.get(type(observation))
    if game is None:
        raise UnknownGameError(f"{type(observation).__name__} is not an observation of any registered game")
    return game

