"""The result of a finished game of The Game: won or lost, and how many cards were left."""

from __future__ import annotations

from typing import Literal

import attrs

from cardrules.errors import ArgumentError, InvalidStateError
from cardrules.games.the_game.state import PLAYING, State

__all__ = ["EXCELLENT", "Result", "result", "validate_result"]

EXCELLENT = 10
"""Fewer cards left than this is an excellent result, per the rulebook."""


@attrs.frozen(kw_only=True)
class Result:
    """How a game ended; shared by every player (the game is cooperative).

    - ``won``: all 98 cards were laid.
    - ``cards_left``: cards in all hands plus the draw pile (0 when won) — the score to beat.
    - ``outcome``: ``"won"``, ``"stuck"`` (the player on turn could not lay the minimum) or
      ``"burned"`` (On Fire: a fire card was not covered in time).
    - ``seat``: the seat on turn when the game ended.
    """

    won: bool
    cards_left: int
    outcome: Literal["won", "stuck", "burned"]
    seat: int

    @property
    def excellent(self) -> bool:
        """Fewer than 10 cards left."""
        return self.cards_left < EXCELLENT


def result(state: State) -> Result | None:
    """The result of a finished game, or ``None`` while it goes on.

    >>> from cardrules.games.the_game import new_game, Rules
    >>> result(new_game(Rules(), seed=1)) is None
    True
    """
    if type(state) is not State:
        raise ArgumentError(f"expected a state of The Game, not {type(state).__name__}")
    if state.status == PLAYING:
        return None
    left = len(state.draw_pile) + sum(len(hand) for hand in state.hands)
    outcome: Literal["won", "stuck", "burned"] = (
        "won" if state.status == "won" else "stuck" if state.status == "stuck" else "burned"
    )
    return Result(won=outcome == "won", cards_left=left, outcome=outcome, seat=state.current)


def validate_result(value: Result) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``value`` could end a game."""
    if value.outcome not in ("won", "stuck", "burned"):
        raise InvalidStateError(f"unknown outcome {value.outcome!r}")
    if value.won != (value.outcome == "won") or value.won != (value.cards_left == 0):
        raise InvalidStateError("a game is won exactly when no card is left")
    if not 0 <= value.cards_left <= 98 or not 0 <= value.seat < 5:
        raise InvalidStateError("a result with an impossible card count or seat")
