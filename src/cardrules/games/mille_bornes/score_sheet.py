"""The score sheet: one column of points per side for each hand, and the result of a game.

Plain records, written by :func:`~cardrules.games.mille_bornes.scoring.score_hand` at the end of
each hand and kept in the match's history; :func:`~cardrules.games.mille_bornes.result.result`
turns the history into a :class:`Result`.
"""

from __future__ import annotations

from operator import attrgetter

import attrs

__all__ = ["LINES", "HandScore", "Result", "SideScore"]

LINES: tuple[tuple[str, str], ...] = (
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
"""The lines of a score sheet column: ``(field of SideScore, label)`` in score-sheet order."""

_POINTS = attrgetter(*(name for name, _ in LINES))


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
        """The sum of the lines.

        >>> SideScore(side=0, miles=700, trip=400).total
        1100
        """
        return sum(self.points())

    def points(self) -> tuple[int, ...]:
        """The points of every line, in score-sheet order.

        >>> SideScore(side=0, miles=700, trip=400).points()
        (700, 0, 0, 0, 400, 0, 0, 0, 0)
        """
        points: tuple[int, ...] = _POINTS(self)
        return points

    def lines(self) -> tuple[tuple[str, int], ...]:
        """``(label, points)`` for every line, in score-sheet order.

        >>> SideScore(side=0, miles=700, trip=400).lines()[0]
        ('Miles travelled', 700)
        """
        return tuple(zip((label for _, label in LINES), self.points(), strict=True))


@attrs.frozen(kw_only=True)
class HandScore:
    """The score sheet of a finished hand.

    ``hand`` is its number in the match (from 0); ``completed_by`` the side that completed the trip
    (``None`` if nobody did); ``extended_by`` the side that called an extension; ``delayed`` whether
    the trip was completed after the draw pile ran out; ``miles`` each side's distance; ``sides``
    one :class:`SideScore` per side, in side order.
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
