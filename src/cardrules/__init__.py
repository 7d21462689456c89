"""cardrules: rules engines for card games — immutable states and pure functions, no I/O.

Every game module (``cardrules.games.the_game``, ...) has the same verbs; the package root dispatches
on the state's type, so generic code (a bot, a server, a test) can drive any game:

>>> import cardrules
>>> from cardrules.games import the_game
>>> state = the_game.new_game(the_game.Rules(players=2), seed=1)
>>> cardrules.current_player(state)
0
>>> move = cardrules.legal_moves(state)[0]
>>> state = cardrules.apply(state, move)
>>> cardrules.is_terminal(state)
False

``str(state)`` is the game's ``render(state)``; ``cardrules.render`` and ``cardrules.describe_move``
write a state, an observation or a move for people in English, Spanish or French.
"""

from __future__ import annotations

import random
from importlib import metadata
from typing import TypeVar, cast, overload

from cardrules import svg  # noqa: F401 -- gives states and observations their pictures in Jupyter
from cardrules.contract import GameObservation, GameState
from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    NotYourTurnError,
    RegistrationError,
    RulesError,
    SerializationError,
    UnknownGameError,
)
from cardrules.i18n import Lang, check_lang
from cardrules.records import GameRecord, replay
from cardrules.registry import SomeGame, game_of, game_of_observation, game_of_state
from cardrules.serialization import from_json, to_json
from cardrules.session import Choice, SeatEvent, Session

__all__ = [
    "ArgumentError",
    "CardrulesError",
    "Choice",
    "GameObservation",
    "GameRecord",
    "GameState",
    "IllegalMoveError",
    "InvalidStateError",
    "NotYourTurnError",
    "NotationError",
    "RegistrationError",
    "RulesError",
    "SeatEvent",
    "SerializationError",
    "Session",
    "UnknownGameError",
    "apply",
    "current_player",
    "describe_move",
    "determinize",
    "from_json",
    "is_terminal",
    "legal_moves",
    "observe",
    "parse_move",
    "render",
    "replay",
    "result",
    "to_json",
]

# One source of truth: the version in pyproject.toml, read from the installed package's metadata (so
# `cardrules --version`, pip and this agree). A source tree on sys.path that was never installed has
# no metadata, and no version to claim.
try:
    __version__ = metadata.version("cardrules")
except metadata.PackageNotFoundError:
    __version__ = "0+unknown"

S = TypeVar("S")
M = TypeVar("M")
O = TypeVar("O")  # noqa: E741 -- the observation type, as in the contract
X = TypeVar("X")

_NO_MOVE = object()  # describe_move called with the move alone

# Each verb looks the game up by the state's type and calls the game's own function; the casts
# restore what the lookup by type cannot tell the type checker (the game's state is ``S``, ...).


def legal_moves(state: GameState[S, M, O, X]) -> tuple[M, ...]:
    """Every move the player on turn may make, in a stable order; ``()`` iff the game is over."""
    return cast(tuple[M, ...], game_of_state(state).legal_moves(state))


def apply(state: GameState[S, M, O, X], move: M) -> S:
    """The state after ``move``; raises :class:`IllegalMoveError` (saying why) if it is not legal."""
    return cast(S, game_of_state(state).apply(state, move))


def current_player(state: GameState[S, M, O, X]) -> int | None:
    """The seat that must decide now, or ``None`` once the game is over."""
    return game_of_state(state).current_player(state)


def is_terminal(state: GameState[S, M, O, X]) -> bool:
    """Whether the game (for a match: the whole match) is over."""
    return game_of_state(state).is_terminal(state)


def result(state: GameState[S, M, O, X]) -> X | None:
    """The game's result (a game-specific value), or ``None`` while it is not over."""
    return cast(X | None, game_of_state(state).result(state))


def observe(state: GameState[S, M, O, X], seat: int) -> O:
    """What ``seat`` may know of ``state``: its own hand and everything public, nothing else."""
    return cast(O, game_of_state(state).observe(state, seat))


def parse_move(state: GameState[S, M, O, X], text: str) -> M:
    """The legal move written as ``text`` (as ``str(move)`` prints it) in ``state``."""
    return cast(M, game_of_state(state).parse_move(state, text))


def determinize(observation: GameObservation[S], rng: random.Random | int) -> S:
    """A full state consistent with ``observation``, hidden cards dealt at random from ``rng``."""
    return cast(S, game_of_observation(observation).determinize(observation, rng))


def _game_of_position(x: object) -> SomeGame:
    """The game of a state or an observation; anything else raises :class:`UnknownGameError`."""
    if isinstance(x, GameObservation):
        return game_of_observation(x)
    return game_of_state(x)


def render(x: GameState[S, M, O, X] | GameObservation[S], *, lang: Lang = "en") -> str:
    """A state or an observation as text for people, in ``lang`` (``"en"``, ``"es"`` or ``"fr"``):
    the game's own ``render``. A state shows every hand, an observation only the observer's.

    >>> from cardrules.games import the_game
    >>> state = the_game.new_game(the_game.Rules(players=2), seed=4)
    >>> print(render(state, lang="fr").splitlines()[1:3])
    ['Piles :', '  pile ascendante 1 (up1) : 1']
    >>> render(state) == str(state)
    True

    A ``lang`` other than those raises :class:`ArgumentError`; a value that is no state or
    observation of a registered game, :class:`UnknownGameError`.
    """
    lang = check_lang(lang)
    return _game_of_position(x).render(x, lang=lang)


@overload
def describe_move(move: object, /, *, lang: Lang = "en") -> str: ...


@overload
def describe_move(x: GameState[S, M, O, X] | GameObservation[S], move: M, /, *, lang: Lang = "en") -> str: ...


def describe_move(x: object, move: object = _NO_MOVE, /, *, lang: Lang = "en") -> str:
    """A move in words for people, in ``lang``: ``describe_move(move)``, found by the move's type
    like the game's own ``describe_move(move)``; or ``describe_move(x, move)`` for a move of the game
    of ``x``, a state or an observation.

    >>> from cardrules.games import mille_bornes, the_game
    >>> describe_move(mille_bornes.Play(mille_bornes.Card.STOP, 1), lang="fr")
    'pose Feu rouge sur le camp 1'
    >>> state = the_game.new_game(the_game.Rules(players=2), seed=4)
    >>> [describe_move(state, move, lang="es") for move in legal_moves(state)[:2]]
    ['coloca el 3 en la pila ascendente 1', 'coloca el 3 en la pila ascendente 2']

    A value that is no move of a registered game raises :class:`UnknownGameError`; a state alone, a
    move of another game than ``x``'s, or a ``lang`` other than ``"en"``, ``"es"`` and ``"fr"``,
    :class:`ArgumentError`.

    >>> describe_move(state)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: describe_move() takes a move (or a state or observation and a move), ...
    """
    lang = check_lang(lang)
    if move is _NO_MOVE:
        game = game_of(x)
        if type(x) not in game.move_classes:
            raise ArgumentError("describe_move() takes a move (or a state or observation and a move), "
                                f"not a {type(x).__name__}")
        return game.describe_move(x, lang=lang)
    return _game_of_position(x).describe_move(move, lang=lang)


def __dir__() -> list[str]:
    """What ``dir(cardrules)`` lists: the public API and ``__version__``, not the modules and the
    helpers the package is built from (they stay importable, but they are not the face)."""
    return sorted([*__all__, "__version__"])
