"""Per-seat returns of a game, for every game: its ``returns`` facet, or the figures its result gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from cardrules.bots.search import outcome_returns
from cardrules.errors import ArgumentError, CardrulesError, RegistrationError
from cardrules.registry import SomeGame, game_of_state

__all__ = ["ReturnsFunction", "returns"]

ReturnsFunction = Callable[[object], tuple[float, ...]]
"""A game's returns: a state in, one float per seat out."""

# Each game's returns function, found once: rl.returns ends every episode of every adapter.
_RETURNS: dict[SomeGame, ReturnsFunction] = {}


def returns(state: object) -> tuple[float, ...]:
    """One return per seat: the game's ``returns`` facet if it declares one, else the figures its
    result gives (:func:`cardrules.bots.search.outcome_returns`): zeros while the game goes on; once it
    is over, for The Game (played together) ``(98 - cards_left) / 98`` for everyone, for Mille
    Bornes ``(n * s - 1) / (n - 1)`` for each seat of a side with share ``s`` of the win among
    ``n`` sides, for a game whose result names the winning seats ``1 / len(winners)`` for each of
    them and 0 for the others.

    >>> from cardrules import rl
    >>> from cardrules.games import the_game
    >>> rl.returns(the_game.new_game(the_game.Rules(players=2), seed=1))
    (0.0, 0.0)
    """
    try:
        game = game_of_state(state)
    except CardrulesError:
        raise ArgumentError(f"returns() takes a state of a game, not {type(state).__name__}") from None
    function = _RETURNS.get(game)
    if function is None:
        function = _RETURNS[game] = _returns_of(game)
    return function(state)


def _returns_of(game: SomeGame) -> ReturnsFunction:
    declared = game.facet("returns")
    if declared is None:
        return lambda state: _from_result(game, state)
    if not callable(declared):
        raise RegistrationError(f"{game.title}'s returns facet ({game.returns}) is not a function of a "
                                f"state: it is {type(declared).__name__}")
    return cast(ReturnsFunction, declared)


def _from_result(game: SomeGame, state: object) -> tuple[float, ...]:
    try:
        return outcome_returns(state)
    except ArgumentError:
        # The one refusal left once the state is known to be a game's: a result outcome_returns
        # cannot read. Its own message advises ISMCTSBot's users; this one, the game's author.
        raise ArgumentError(f"{game.title}'s result says neither cards_left nor winners, and the game "
                            f"declares no returns facet (returns='package.module:function' in its Game)") \
            from None
