"""The result of a finished game, and the check that a result read from outside adds up."""

from __future__ import annotations

from cardrules.arguments import check_instance
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.match_validation import check_sheet
from cardrules.games.mille_bornes.score_sheet import Result
from cardrules.games.mille_bornes.state import State

__all__ = ["result", "validate_result"]


def result(state: State) -> Result | None:
    """The result of a finished game, or ``None`` while it goes on.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> result(new_game(Rules(), seed=1)) is None
    True
    """
    check_instance(state, State, "a state of Mille Bornes")
    table = state.table
    if table.phase != "over":
        return None
    totals = table.match.totals
    best = max(totals)
    return Result(
        totals=totals,
        winners=tuple(side for side, total in enumerate(totals) if total == best),
        hands=table.match.history,
    )


def validate_result(value: Result) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``value`` adds up: every hand's
    score sheet is well formed (see :func:`~cardrules.games.mille_bornes.match_validation.check_sheet`),
    the totals are their sums and the winners are the sides with the highest total.

    >>> from cardrules.games.mille_bornes import SideScore, HandScore
    >>> sheet = HandScore(hand=0, completed_by=0, extended_by=None, delayed=False, miles=(700, 0),
    ...                   sides=(SideScore(side=0, miles=700, trip=400), SideScore(side=1)))
    >>> validate_result(Result(totals=(1100, 0), winners=(0,), hands=(sheet,)))
    >>> validate_result(Result(totals=(1100, 0), winners=(1,), hands=(sheet,)))
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: the winners are not the sides with the highest total
    """
    check_instance(value, Result, "a result of Mille Bornes")
    totals, hands = value.totals, value.hands
    if type(totals) is not tuple or len(totals) < 2 or any(type(total) is not int for total in totals):
        raise InvalidStateError("a result has a total for each of two or more sides")
    if type(hands) is not tuple or not hands:
        raise InvalidStateError("a result has the score sheet of at least one hand")
    sides = len(totals)
    summed = [0] * sides
    for number, sheet in enumerate(hands):
        check_sheet(sheet, number, sides)
        for side, points in enumerate(sheet.totals):
            summed[side] += points
    if tuple(summed) != totals:
        raise InvalidStateError("the totals are not the sums of the hands' scores")
    best = max(totals)
    if value.winners != tuple(side for side, total in enumerate(totals) if total == best):
        raise InvalidStateError("the winners are not the sides with the highest total")
