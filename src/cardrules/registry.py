"""The registry of games: one :class:`~cardrules.contract.Game` per game; lookups by name and by value.

A game is a package that declares its :class:`~cardrules.contract.Game` descriptor; registering it
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
from typing import TypeVar

from cardrules.contract import Game, SomeGame, set_renderer
from cardrules.errors import RegistrationError, UnknownGameError

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

_BY_NAME: dict[str, SomeGame] = {}
_BY_TYPE: dict[type, SomeGame] = {}
_BY_STATE_TYPE: dict[type, SomeGame] = {}
_BY_OBSERVATION_TYPE: dict[type, SomeGame] = {}


G = TypeVar("G", bound=SomeGame)


def register(game: G) -> G:
    """Register ``game`` and return the registered descriptor; registering the same game again (the
    same descriptor, or another descriptor of the same types) changes nothing and returns the first.

    A different game under a name already taken, or a type that already belongs to another game,
    raises :class:`~cardrules.errors.RegistrationError`.
    """
    if not isinstance(game, Game):
        raise RegistrationError(f"register() takes a Game descriptor, not "
                                f"{type(game).__name__}")
    known = _BY_NAME.get(game.name)
    if known is game:
        return game
    if known is not None and known.state_type is game.state_type:
        return known  # type: ignore[return-value]  # the same types: the same game
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

