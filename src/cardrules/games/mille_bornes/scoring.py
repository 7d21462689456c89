"""Scoring a hand (the full score sheet of every side) and the result of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import SAFETIES
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.tableau import Tableau

if TYPE_CHECKING:
    from cardrules.games.mille_bornes.state import State

__all__ = ["HandScore", "Result", "SideScore", "result", "score_hand", "validate_result"]

_LINES = (
    ("miles", "Miles travelled"),
    ("safeties", "Safeties"),
    ("all_safeties", "All four safeties"),
    ("coups_fourres", "Coups fourrés"),
    ("trip", "Trip completed"),
    ("delayed_action", "Delayed action"),
    ("safe_trip", "Safe trip"),
    ("shutout", "Shutout"),
    ("extension", "Extension"),
)


@attrs.frozen(kw_only=True)
class SideScore:
    """One side's points for one hand, line by line (a score sheet column)."""

    side: int
    miles: int = 0
    safeties: int = 0
    all_safeties: int = 0
    coups_fourres: int = 0
    trip: int = 0
    delayed_action: int = 0
    safe_trip: int = 0
    shutout: int = 0
    extension: int = 0

    @property
    def total(self) -> int:
        """The sum of the lines."""
        return sum(getattr(self, name) for name, _ in _LINES)

    def lines(self) -> tuple[tuple[str, int], ...]:
        """``(label, points)`` for every line, in score-sheet order.

        >>> SideScore(side=0, miles=700, trip=400).lines()[0]
        ('Miles travelled', 700)
        """
        return tuple((label, getattr(self, name)) for name, label in _LINES)


@attrs.frozen(kw_only=True)
class HandScore:
    """The score sheet of a finished hand.

    ``completed_by`` is the side that completed the trip (``None`` if nobody did), ``extended_by``
    the side that called an extension, ``delayed`` whether the trip was completed after the draw
    pile ran out, ``miles`` each side's distance.
    """

    hand: int
    completed_by: int | None
    extended_by: int | None
    delayed: bool
    miles: tuple[int, ...]
    sides: tuple[SideScore, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each side's points for the hand."""
        return tuple(side.total for side in self.sides)


@attrs.frozen(kw_only=True)
class Result:
    """How a game ended: each side's ``totals``, the ``winners`` (sides with the highest total;
    several on an exact tie), and the score sheet of every hand."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[HandScore, ...]


def score_hand(
    rules: Rules,
    hand: int,
    tableaux: tuple[Tableau, ...],
    completed_by: int | None,
    extended_by: int | None,
    delayed: bool,
) -> HandScore:
    """The score sheet of a hand that ended with these tableaux."""
    points = rules.scoring
    played_distance = [bool(t.distance) for t in tableaux]
    sheets = []
    for side, tableau in enumerate(tableaux):
        won = side == completed_by
        line = {
            "miles": points.per_mile * tableau.miles,
            "safeties": points.safety * len(tableau.safeties),
            "coups_fourres": points.coup_fourre * len(tableau.coups_fourres),
        }
        if all(safety in tableau.safeties for safety in SAFETIES) and (
            won or not points.all_safeties_needs_trip
        ):
            line["all_safeties"] = points.all_safeties
        if won:
            line["trip"] = points.trip
            if delayed:
                line["delayed_action"] = points.delayed_action
            if tableau.twos == 0:
                line["safe_trip"] = points.safe_trip
            shut_out = [other for other in range(len(tableaux))
                        if other != side and not played_distance[other]]
            if points.shutout_per_opponent:
                line["shutout"] = points.shutout * len(shut_out)
            elif len(shut_out) == len(tableaux) - 1:
                line["shutout"] = points.shutout
        if extended_by is not None and (
            extended_by == completed_by == side
            or (points.extension_failure_to_opponents and extended_by != completed_by
                and side != extended_by)
        ):
            line["extension"] = points.extension
        sheets.append(SideScore(side=side, **line))
    return HandScore(
        hand=hand,
        completed_by=completed_by,
        extended_by=extended_by,
        delayed=delayed and completed_by is not None,
        miles=tuple(t.miles for t in tableaux),
        sides=tuple(sheets),
    )


def result(state: State) -> Result | None:
    """The result of a finished game, or ``None`` while it goes on.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> result(new_game(Rules(), seed=1)) is None
    True
    """
    from cardrules.games.mille_bornes.engine import check_state

    check_state(state)
    if state.phase != "over":
        return None
    totals = state.match.totals
    best = max(totals)
    return Result(
        totals=totals,
        winners=tuple(side for side, total in enumerate(totals) if total == best),
        hands=state.match.history,
    )


def validate_result(value: Result) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``value`` adds up: totals are the
    sums of the hands' score sheets and the winners are the sides with the highest total."""
    sides = len(value.totals)
    if sides < 2 or not value.hands:
        raise InvalidStateError("a result has two or more sides and at least one hand")
    summed = [0] * sides
    for number, sheet in enumerate(value.hands):
        if sheet.hand != number or len(sheet.sides) != sides or len(sheet.miles) != sides:
            raise InvalidStateError(f"hand {number}'s score sheet does not fit the table")
        if any(column.side != side for side, column in enumerate(sheet.sides)):
            raise InvalidStateError(f"hand {number}'s score sheet has its sides out of order")
        for who in (sheet.completed_by, sheet.extended_by):
            if who is not None and not 0 <= who < sides:
                raise InvalidStateError(f"hand {number} names a side that does not exist")
        for side, points in enumerate(sheet.totals):
            summed[side] += points
    if tuple(summed) != value.totals:
        raise InvalidStateError("the totals are not the sums of the hands' scores")
    best = max(value.totals)
    if value.winners != tuple(side for side, total in enumerate(value.totals) if total == best):
        raise InvalidStateError("the winners are not the sides with the highest total")
