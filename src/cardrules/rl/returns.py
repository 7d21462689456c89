"""Per-seat returns of a finished game, for every game that has them."""

from __future__ import annotations

import threading
from collections.abc import Callable

from cardrules.errors import ArgumentError, CardrulesError, RegistrationError
from cardrules.registry import game_of_state

__all__ = ["ReturnsFunction", "register_returns", "returns"]

ReturnsFunction = Callable[[object], tuple[float, ...]]
"""A game's returns: a state in, one float per seat out."""

_RETURNS: dict[str, ReturnsFunction] = {}
_LOCK = threading.Lock()


def register_returns(game_name: str, function: ReturnsFunction) -> None:
    """Make ``function(state)`` the returns of the game called ``game_name``.

    Registering the same function again changes nothing; another function for a game that has one
    raises :class:`~cardrules.errors.RegistrationError`.
    """
    if not isinstance(game_name, str):
        raise ArgumentError(f"register_returns() takes a game's name, not {type(game_name).__name__}")
    if not callable(function):
        raise ArgumentError(f"register_returns() takes a function of a state, not {type(function).__name__}")
    with _LOCK:
        known = _RETURNS.get(game_name)
        if known is not None and known is not function:
            raise RegistrationError(f"the game {game_name!r} already has returns")
        _RETURNS[game_name] = function


def returns(state: object) -> tuple[float, ...]:
    """One return per seat: zeros while the game goes on; once it is over, for The Game (played
    together) ``(98 - cards_left) / 98`` for everyone, for Mille Bornes ``(n * s - 1) / (n - 1)``
    for each seat of a side with share ``s`` of the win among ``n`` sides.

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> rl.returns(the_game.new_game(the_game.Rules(players=2), seed=1))
    (0.0, 0.0)
    """
    try:
        game = game_of_state(state)
    except CardrulesError:
        raise ArgumentError(f"returns() takes a state of a game, not {type(state).__name__}") from None
    function = _RETURNS.get(game.name)
    if function is None:
        raise ArgumentError(f"{game.title} has no returns; give it some with "
                            f"cardrules.rl.register_returns({game.name!r}, function)")
    return function(state)
