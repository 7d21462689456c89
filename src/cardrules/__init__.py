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
"""

from __future__ import annotations

from typing import Any

from cardrules.errors import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    InvalidStateError,
    NotationError,
    RulesError,
    SerializationError,
    UnknownGameError,
)
from cardrules.records import GameRecord, replay
from cardrules.registry import game_of_state
from cardrules.serialization import from_json, to_json

__all__ = [
    "ArgumentError",
    "CardrulesError",
    "GameRecord",
    "IllegalMoveError",
    "InvalidStateError",
    "NotationError",
    "RulesError",
    "SerializationError",
    "UnknownGameError",
    "apply",
    "current_player",
    "determinize",
    "from_json",
    "is_terminal",
    "legal_moves",
    "observe",
    "parse_move",
    "replay",
    "result",
    "to_json",
]

__version__ = "0.1.0.dev0"


def legal_moves(state: Any) -> tuple[Any, ...]:
    """Every move the player on turn may make, in a stable order; ``()`` iff the game is over."""
    return game_of_state(state).legal_moves(state)


def apply(state: Any, move: Any) -> Any:
    """The state after ``move``; raises :class:`IllegalMoveError` (saying why) if it is not legal."""
    return game_of_state(state).apply(state, move)


def current_player(state: Any) -> int | None:
    """The seat that must decide now, or ``None`` once the game is over."""
    return game_of_state(state).current_player(state)


def is_terminal(state: Any) -> bool:
    """Whether the game (for a match: the whole match) is over."""
    return game_of_state(state).is_terminal(state)


def result(state: Any) -> Any:
    """The game's result (a game-specific value), or ``None`` while it is not over."""
    return game_of_state(state).result(state)


def observe(state: Any, seat: int) -> Any:
    """What ``seat`` may know of ``state``: its own hand and everything public, nothing else."""
    return game_of_state(state).observe(state, seat)


def parse_move(state: Any, text: str) -> Any:
    """The legal move written as ``text`` (as ``str(move)`` prints it) in ``state``."""
    return game_of_state(state).parse_move(state, text)


def determinize(observation: Any, rng: Any) -> Any:
    """A full state consistent with ``observation``, hidden cards dealt at random from ``rng``."""
    from cardrules.registry import _BY_TYPE

    game = _BY_TYPE.get(type(observation))
    if game is None or type(observation) is not game.observation_type:
        raise UnknownGameError(f"{type(observation).__name__} is not an observation of any game")
    return game.determinize(observation, rng)
