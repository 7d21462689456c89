"""Checks that a Mille Bornes match record and its score sheets could arise in play.

A score sheet is checked twice over: for its form whatever the rules (:func:`check_sheet`: a column
per side, points never negative, trip bonuses only for the side that completed the trip), then
against the rules (every line one that ``score_hand`` could write under them). The match record
around a hand (:func:`check_match`) adds up its sheets, ends where the target score ends it, and
on a game over ends on the sheet its table scores. Kept apart from :mod:`.validation`, which checks
the table, states and observations: a score sheet is a record of its own, which a ``Result`` holds
too (see :func:`~cardrules.games.mille_bornes.result.validate_result`).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.arguments import shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import SAFETIES
from cardrules.games.mille_bornes.flow import can_reshuffle
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import HandScore, SideScore
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import Table

__all__ = ["check_match", "check_sheet"]


def check_sheet(sheet: HandScore, number: int, sides: int) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``sheet`` is a well-formed score
    sheet of hand ``number`` at a table of ``sides`` sides, whatever the rules: one column per side
    in side order, points and miles never negative, trip bonuses only for the side that completed
    the trip (which travelled furthest), extension points only after an extension.

    >>> from cardrules.games.mille_bornes import SideScore
    >>> sheet = HandScore(hand=0, completed_by=0, extended_by=None, delayed=False, miles=(700, 0),
    ...                   sides=(SideScore(side=0, miles=700, trip=400), SideScore(side=1, trip=400)))
    >>> check_sheet(sheet, 0, 2)
    Traceback (most recent call last):
    ...
    cardrules.errors.InvalidStateError: hand 0's score sheet: side 1 has trip bonuses without ...
    """
    _sheet_lines(sheet, number, sides)


def _sheet_lines(sheet: HandScore, number: int, sides: int) -> list[tuple[int, ...]]:
    """:func:`check_sheet`; the lines of each column (``SideScore.points()``)."""
    if type(sheet) is not HandScore:
        raise InvalidStateError(f"a score sheet is a HandScore, not {shown(sheet)}")
    if type(sheet.hand) is not int or sheet.hand != number:
        raise InvalidStateError(f"{_where(number)} is numbered {shown(sheet.hand)}")
    completed, extended_by, delayed = sheet.completed_by, sheet.extended_by, sheet.delayed
    for who in (completed, extended_by):
        if who is not None and (type(who) is not int or not 0 <= who < sides):
            raise InvalidStateError(f"{_where(number)} names a side that does not exist: {shown(who)}")
    if type(delayed) is not bool:
        raise InvalidStateError(f"{_where(number)}: delayed is True or False")
    miles = sheet.miles
    if type(miles) is not tuple or len(miles) != sides or not _whole_numbers(miles) or min(miles) < 0:
        raise InvalidStateError(f"{_where(number)} needs a distance of 0 or more miles for each of "
                                f"{sides} sides")
    columns = sheet.sides
    if type(columns) is not tuple or len(columns) != sides:
        raise InvalidStateError(f"{_where(number)} does not fit the table: it needs one column per side")
    lines = []
    for side, column in enumerate(columns):
        if type(column) is not SideScore:
            raise InvalidStateError(f"{_where(number)} has a column that is not a SideScore")
        if type(column.side) is not int or column.side != side:
            raise InvalidStateError(f"{_where(number)} has its sides out of order")
        points = column.points()
        if not _whole_numbers(points) or min(points) < 0:
            raise InvalidStateError(f"{_where(number)}: side {side} has a line that is not 0 or more points")
        lines.append(points)
    if delayed and completed is None:
        raise InvalidStateError(f"{_where(number)}: a delayed action needs a completed trip")
    for side, (_, _, _, _, trip, delayed_action, safe_trip, shutout, extension) in enumerate(lines):
        if side != completed and (trip or delayed_action or safe_trip or shutout):
            raise InvalidStateError(f"{_where(number)}: side {side} has trip bonuses without completing "
                                    "the trip")
        if delayed_action and not delayed:
            raise InvalidStateError(f"{_where(number)}: a delayed-action bonus without a delayed action")
        if extension and extended_by is None:
            raise InvalidStateError(f"{_where(number)}: extension points without an extension")
    # The side that completed the trip travelled strictly furthest: no other side as far.
    if completed is not None and (max(miles) > miles[completed] or miles.count(miles[completed]) > 1):
        raise InvalidStateError(f"{_where(number)}: the side that completed the trip did not travel furthest")
    return lines


def check_match(rules: Rules, table: Table) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``table.match`` could be the match
    around ``table`` under ``rules``: a hand number and a dealer at the table, one score sheet per
    finished hand, each one ``score_hand`` could write, totals that are their sums, and a match that
    ends exactly when a side reaches the target score (on the sheet its table scores)."""
    match = table.match
    over = table.phase == "over"
    sides = rules.sides
    number, dealer, totals, history = match.hand_number, match.dealer, match.totals, match.history
    if type(number) is not int or type(dealer) is not int or not 0 <= dealer < rules.players:
        raise InvalidStateError("the match record needs a hand number and a dealer at the table")
    if type(totals) is not tuple or len(totals) != sides or not _whole_numbers(totals):
        raise InvalidStateError("the match record needs a total for each side")
    if type(history) is not tuple:
        raise InvalidStateError("the match history is a tuple of score sheets")
    # (Only a game over could claim hand -1: it would have no score sheet to end on.)
    if number != len(history) - over or number < 0:
        raise InvalidStateError("the hand number does not match the finished hands")
    target_score = rules.target_score
    deck = None
    summed = [0] * sides
    for at, sheet in enumerate(history):
        lines = _sheet_lines(sheet, at, sides)
        deck = deck or _DeckSafeties(rules)
        _check_sheet_rules(rules, deck, sheet, lines)
        for side, points in enumerate(lines):
            summed[side] += sum(points)
        final = over and at == len(history) - 1
        if not final and (target_score is None or max(summed) >= target_score):
            raise InvalidStateError(f"the match went on after hand {at}, which ended it")
    if tuple(summed) != totals:
        raise InvalidStateError("the totals are not the sum of the hands' scores")
    if over:
        if target_score is not None and max(totals) < target_score:
            raise InvalidStateError("the match is over before any side reached the target score")
        _check_last_sheet(rules, table, history[-1])


class _DeckSafeties:
    """What the score sheets of a match may show of the safeties of the deck of ``rules``: worked
    out once per match, not once per sheet."""

    def __init__(self, rules: Rules) -> None:
        deck = rules.composition()
        points = rules.scoring
        self.count = sum(deck.get(card, 0) for card in SAFETIES)
        self.all_four_exist = all(deck.get(card, 0) for card in SAFETIES)
        self.safety_lines = _lines(points.safety, self.count)
        self.coup_lines = _lines(points.coup_fourre, self.count)


def _check_sheet_rules(rules: Rules, deck: _DeckSafeties, sheet: HandScore,
                       lines: list[tuple[int, ...]]) -> None:
    """The ``lines`` of ``sheet`` (checked by :func:`check_sheet`) are ones ``score_hand`` could
    write under ``rules``, whose ``deck`` holds the safeties it holds."""
    points = rules.scoring
    completed, extended_by = sheet.completed_by, sheet.extended_by
    if extended_by is not None and rules.extension_to is None:
        raise InvalidStateError(f"{_where(sheet.hand)} has an extension the rules do not allow")
    target = rules.race if extended_by is None else rules.extension_to or 0
    safeties_in_deck, all_four_exist = deck.count, deck.all_four_exist
    safety_lines, coup_lines = deck.safety_lines, deck.coup_lines
    played_safeties = 0
    for side, (line, miles) in enumerate(zip(lines, sheet.miles, strict=True)):
        (miles_line, safeties, all_safeties, coups_fourres, trip, delayed_action, safe_trip, shutout,
         extension) = line
        won = side == completed
        if miles % 25 or miles > target or (miles == target) != won:
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s {shown(miles)} miles do not fit a "
                                    f"race of {shown(target)}")
        count = safety_lines.get(safeties)
        coups = coup_lines.get(coups_fourres)
        if count is None or coups is None or (points.safety and coups > count):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s safety lines do not fit the "
                                    "deck's safeties")
        played_safeties += count
        if all_safeties and (all_safeties != points.all_safeties or not all_four_exist
                             or (points.all_safeties_needs_trip and not won)
                             or (points.safety and count < len(SAFETIES))):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side} cannot have the all-safeties bonus")
        if miles_line != points.per_mile * miles:
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s miles line is not its miles")
        shut_out = [other for other, travelled in enumerate(sheet.miles) if travelled == 0 and other != side]
        if won and (trip != points.trip
                    or delayed_action != (points.delayed_action if sheet.delayed else 0)
                    or safe_trip not in (0, points.safe_trip)
                    or not _shutout_fits(rules, shutout, shut_out)):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s trip bonuses are not the rules'")
        earned = extended_by is not None and (
            extended_by == completed == side
            or (points.extension_failure_to_opponents and extended_by != completed and side != extended_by))
        if extension != (points.extension if earned else 0):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s extension line is not the rules'")
    if points.safety and played_safeties > safeties_in_deck:
        raise InvalidStateError(f"{_where(sheet.hand)} counts more safeties than the deck has")


def _lines(each: int, most: int) -> dict[int, int]:
    """How many things worth ``each`` points (at most ``most``) make each line of points they can
    make. Worth nothing, they make a line of 0 and say nothing of their count (0, then)."""
    if not each:
        return {0: 0}
    return {count * each: count for count in range(most + 1)}


def _shutout_fits(rules: Rules, line: int, shut_out: list[int]) -> bool:
    """Whether ``line`` is the shutout bonus against opponent sides of which ``shut_out`` are at 0
    miles (played no distance card, or, going the wrong way, drove back to 0)."""
    points = rules.scoring
    if not points.shutout:
        return line == 0
    if points.shutout_per_opponent:
        if line % points.shutout:
            return False
        count = line // points.shutout
        return count == len(shut_out) or (rules.wrong_way and count < len(shut_out))
    if len(shut_out) < rules.sides - 1:
        return line == 0
    return line == points.shutout or (rules.wrong_way and line == 0)


def _check_last_sheet(rules: Rules, table: Table, sheet: HandScore) -> None:
    """The score sheet of the hand that ended the game is the one its table scores."""
    target = table.target
    completed = next((side for side, t in enumerate(table.tableaux) if t.miles == target), None)
    delayed = not table.draw_pile_size and not can_reshuffle(rules, table.discard_pile, table.reshuffles)
    if sheet != score_hand(rules, sheet.hand, table.tableaux, completed, table.extended_by, delayed):
        raise InvalidStateError("the last hand's score sheet is not the score of the table")


def _whole_numbers(values: Iterable[object]) -> bool:
    """Whether every one of ``values`` is an ``int`` (not a bool, nor an int of another class)."""
    return set(map(type, values)) <= {int}


def _where(number: object) -> str:
    """How an error names the score sheet of hand ``number``."""
    return f"hand {shown(number)}'s score sheet"
