"""The result of a finished game of The Game: won or lost, and how many cards were left."""

from __future__ import annotations

from typing import Literal

from cardrules.arguments import check_instance, shown
from cardrules.errors import InvalidStateError
from cardrules.games.the_game.cards import CARDS
from cardrules.games.the_game.rules import MAX_PLAYERS
from cardrules.games.the_game.state import EXCELLENT, Result, State
from cardrules.games.the_game.table import PLAYING

__all__ = ["EXCELLENT", "Result", "result", "validate_result"]


def result(state: State) -> Result | None:
    """The result of a finished game, or ``None`` while it goes on.

    >>> from cardrules.games.the_game import new_game, Rules
    >>> result(new_game(Rules(), seed=1)) is None
    True
    """
    table = check_instance(state, State, "a state of The Game").table
    if table.status == PLAYING:
        return None
    left = table.draw_pile_size + sum(table.hand_sizes)
    outcome: Literal["won", "stuck", "burned"] = (
        "won" if table.status == "won" else "stuck" if table.status == "stuck" else "burned"
    )
    return Result(won=outcome == "won", cards_left=left, outcome=outcome, seat=table.current)


def validate_result(value: Result) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``value`` could end a game.

    >>> validate_result(Result(won=True, cards_left=3, outcome="won", seat=0))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: a game is won exactly when no card is left
    """
    check_instance(value, Result, "a result of The Game")
    if value.outcome not in ("won", "stuck", "burned"):
        raise InvalidStateError(f"unknown outcome {shown(value.outcome)}")
    if type(value.won) is not bool or type(value.cards_left) is not int or type(value.seat) is not int:
        raise InvalidStateError("a result holds a flag and two whole numbers")
    if value.won != (value.outcome == "won") or value.won != (value.cards_left == 0):
        raise InvalidStateError("a game is won exactly when no card is left")
    if not 0 <= value.cards_left <= len(CARDS) or not 0 <= value.seat < MAX_PLAYERS:
        raise InvalidStateError("a result with an impossible card count or seat")
