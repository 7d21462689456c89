"""Scoring a hand (§7 of the rules): the score sheet of every side, from the tableaux at its end."""

from __future__ import annotations

from cardrules.games.mille_bornes.cards import SAFETIES
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import HandScore, SideScore
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = ["score_hand"]


def score_hand(
    rules: Rules,
    hand: int,
    tableaux: tuple[Tableau, ...],
    completed_by: int | None,
    extended_by: int | None,
    delayed: bool,
) -> HandScore:
    """The score sheet of hand number ``hand``, which ended with these ``tableaux``.

    Every safety card played scores (a second copy, with a deck that has several, too); the
    all-four bonus needs the four different safeties.

    >>> from cardrules.games.mille_bornes.cards import Card
    >>> from cardrules.games.mille_bornes.tableau import EMPTY_TABLEAU
    >>> won = EMPTY_TABLEAU.with_distance(Card.D200).with_distance(Card.D200).with_distance(Card.D100)
    >>> sheet = score_hand(Rules(race=500), 0, (won, EMPTY_TABLEAU), 0, None, False)
    >>> sheet.totals, sheet.sides[0].shutout
    ((1400, 0), 500)
    """
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
