"""The checks of a Mille Bornes match record and its score sheets.

A score sheet is checked twice over: for its form whatever the rules (:func:`check_sheet`: a column
per side, points never negative, trip bonuses only for the side that completed the trip), then
against the rules (:func:`_check_sheet_rules`: every line what ``score_hand`` could write). A
history read from outside (as JSON brings a match) is checked in bulk first
(:func:`_history_scores`): the checks of form made once over all sheets and columns at C level,
those of the rules read from tables worked out once per rules (:attr:`_Facts.safety_sets`); only a
history that fails is checked sheet by sheet, which finds what is wrong and says it.

Match records and score sheets are remembered by identity once found valid: they are frozen
records of tuples of numbers (which the checks make sure of), so one found valid under some rules
stays valid under them. Every state of a hand shares its match record, and every later state of a
match the sheets of the hands before it, so a search that checks state after state checks a match
once per hand and a sheet once per match.
"""

from __future__ import annotations

from itertools import chain
from operator import add, attrgetter, itemgetter

from cardrules.arguments import shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import SAFETIES
from cardrules.games.mille_bornes.check_basics import (
    _ONLY_INTS,
    _ONLY_TUPLES,
    _Facts,
    _facts,
    _ints,
    _remember,
)
from cardrules.games.mille_bornes.flow import can_reshuffle
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.score_sheet import LINES, HandScore, SideScore
from cardrules.games.mille_bornes.scoring import score_hand
from cardrules.games.mille_bornes.state import Match, Table

__all__ = ["check_sheet"]

_ONLY_BOOLS = frozenset((bool,))
_ONLY_SIDE_SCORES = frozenset((SideScore,))
_LINES_OF = attrgetter(*(name for name, _ in LINES))
"""A score sheet column's lines, as ``SideScore.points`` gives them."""
_SIDE_OF = attrgetter("side")
_ROW_OF = attrgetter("side", *(name for name, _ in LINES))
"""A score sheet column's side, then its lines."""
_FIRST = itemgetter(0)
_SHEET_FIELDS = attrgetter("hand", "completed_by", "extended_by", "delayed", "miles", "sides")
_ONLY_HAND_SCORES = frozenset((HandScore,))
_INT_OR_NONE = frozenset((int, type(None)))
_KNOWN_MATCHES: dict[int, tuple[Match, Rules]] = {}
"""Match records found valid (for a hand under way), by ``id``, with their rules. An entry holds
its match, so that no other object can take the match's ``id`` while the entry is kept."""
_KNOWN_SHEETS: dict[int, tuple[HandScore, Rules, int, tuple[int, ...]]] = {}
"""Score sheets found valid, by ``id``, with their rules, hand number and totals; as above."""


def check_sheet(sheet: HandScore, number: int, sides: int) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``sheet`` is a well-formed score
    sheet of hand ``number`` at a table of ``sides`` sides, whatever the rules: one column per side
    in side order, points and miles never negative, trip bonuses only for the side that completed
    the trip (which travelled furthest), extension points only after an extension."""
    _sheet_lines(sheet, number, sides)


def _sheet_lines(sheet: HandScore, number: int, sides: int) -> tuple[tuple[int, ...], ...]:
    """:func:`check_sheet`, which also gives the lines of each column (``SideScore.points()``)."""
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
    if type(miles) is not tuple or len(miles) != sides or not _ints(miles) or min(miles) < 0:
        raise InvalidStateError(f"{_where(number)} needs a distance of 0 or more miles for each of "
                                f"{sides} sides")
    columns = sheet.sides
    if type(columns) is not tuple or len(columns) != sides:
        raise InvalidStateError(f"{_where(number)} does not fit the table: it needs one column per side")
    lines = _column_lines(columns)
    if lines is None:
        # Something is wrong: the columns one by one say what.
        for side, column in enumerate(columns):
            if type(column) is not SideScore:
                raise InvalidStateError(f"{_where(number)} has a column that is not a SideScore")
            if column.side != side or type(column.side) is not int:
                raise InvalidStateError(f"{_where(number)} has its sides out of order")
            points = column.points()
            if not _ints(points) or min(points) < 0:
                raise InvalidStateError(f"{_where(number)}: side {side} has a line that is not 0 or more "
                                        "points")
        lines = tuple(map(_LINES_OF, columns))
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
        raise InvalidStateError(f"{_where(number)}: the side that completed the trip did not travel "
                                "furthest")
    return lines


def _column_lines(columns: tuple[SideScore, ...]) -> tuple[tuple[int, ...], ...] | None:
    """The lines of each column if the columns are SideScores in side order whose every line is a
    whole number of 0 or more points, else ``None`` (each check made once over all columns)."""
    if not _ONLY_SIDE_SCORES.issuperset(map(type, columns)):
        return None
    numbers = tuple(map(_SIDE_OF, columns))
    if not _ints(numbers) or numbers != tuple(range(len(columns))):
        return None
    lines = tuple(map(_LINES_OF, columns))
    if not _ints(chain.from_iterable(lines)) or min(chain.from_iterable(lines)) < 0:
        return None
    return lines


def _where(number: object) -> str:
    """How an error names the score sheet of hand ``number`` (built only for an error)."""
    return f"hand {shown(number)}'s score sheet"


def _check_match(rules: Rules, table: Table) -> None:
    match = table.match
    over = table.phase == "over"
    if not over:
        # A hand under way: the check depends on the match record and the rules alone.
        known = _KNOWN_MATCHES.get(id(match))
        if known is not None and known[0] is match and known[1] is rules:
            return
    _check_new_match(rules, table, match, over)
    if not over:
        _remember(_KNOWN_MATCHES, match, (match, rules))


def _check_new_match(rules: Rules, table: Table, match: Match, over: bool) -> None:
    sides = rules.sides
    number, dealer, totals, history = match.hand_number, match.dealer, match.totals, match.history
    if type(number) is not int or type(dealer) is not int or not 0 <= dealer < rules.players:
        raise InvalidStateError("the match record needs a hand number and a dealer at the table")
    if type(totals) is not tuple or len(totals) != sides or not _ints(totals):
        raise InvalidStateError("the match record needs a total for each side")
    if type(history) is not tuple:
        raise InvalidStateError("the match history is a tuple of score sheets")
    if number != len(history) - over:
        raise InvalidStateError("the hand number does not match the finished hands")
    if number < 0:
        # (Only a game over could claim hand -1: it would have no score sheet to end on.)
        raise InvalidStateError("the hand number does not match the finished hands")
    summed = (0,) * sides
    facts = _facts(rules)
    target_score = rules.target_score
    last = len(history) - 1
    # A sheet is checked against its number and the rules alone (each later state of the match
    # holds the same sheet objects, and JSON reads equal sheets as one): remembered like tables,
    # with its totals. The sheets not remembered are checked at once, in bulk; only a history
    # that fails that is checked sheet by sheet, which finds what is wrong.
    remembered = []
    for at, sheet in enumerate(history):
        known = _KNOWN_SHEETS.get(id(sheet))
        if known is None or known[0] is not sheet or known[1] is not rules or known[2] != at:
            break
        remembered.append(known[3])
    fresh = history[len(remembered):]
    scores = _history_scores(rules, fresh, sides, facts, len(remembered)) if fresh else None
    if scores is not None:
        for at, (sheet, scored) in enumerate(zip(fresh, scores, strict=True), start=len(remembered)):
            _remember(_KNOWN_SHEETS, sheet, (sheet, rules, at, scored))
        scores = (*remembered, *scores)
    for at, sheet in enumerate(history):
        known = _KNOWN_SHEETS.get(id(sheet)) if scores is None else (sheet, rules, at, scores[at])
        if known is None or known[0] is not sheet or known[1] is not rules or known[2] != at:
            lines = _sheet_lines(sheet, at, sides)
            _check_sheet_rules(rules, sheet, facts, lines)
            scored = tuple(map(sum, lines))
            _remember(_KNOWN_SHEETS, sheet, (sheet, rules, at, scored))
        else:
            scored = known[3]
        summed = tuple(map(add, summed, scored))
        final = over and at == last
        if not final and (target_score is None or max(summed) >= target_score):
            raise InvalidStateError(f"the match went on after hand {at}, which ended it")
    if summed != totals:
        raise InvalidStateError("the totals are not the sum of the hands' scores")
    if over:
        if target_score is not None and max(totals) < target_score:
            raise InvalidStateError("the match is over before any side reached the target score")
        _check_last_sheet(rules, table, history[-1])


def _history_scores(rules: Rules, history: tuple[object, ...], sides: int,
                    facts: _Facts, first: int = 0) -> tuple[tuple[int, ...], ...] | None:
    """Each side's points in each sheet of ``history`` (the sheets of hands ``first`` on) if every
    sheet passes :func:`check_sheet` and :func:`_check_sheet_rules`, else ``None``. The same checks,
    those of form made once over all sheets and columns at C level, those of the rules read from
    tables worked out per rules (:attr:`_Facts.safety_sets`), building no message."""
    if not _ONLY_HAND_SCORES.issuperset(map(type, history)):
        return None
    hands, completeds, extendeds, delayeds, miless, columnss = zip(*map(_SHEET_FIELDS, history),
                                                                   strict=True)
    sheets = len(history)
    if not (_ONLY_INTS.issuperset(map(type, hands)) and hands == tuple(range(first, first + sheets))
            and _INT_OR_NONE.issuperset(map(type, chain(completeds, extendeds)))
            and {None, *range(sides)}.issuperset(chain(completeds, extendeds))
            and _ONLY_BOOLS.issuperset(map(type, delayeds))
            and _ONLY_TUPLES.issuperset(map(type, chain(miless, columnss)))
            and set(map(len, chain(miless, columnss))) == {sides}):
        return None
    columns = tuple(chain(*columnss))
    if not _ONLY_SIDE_SCORES.issuperset(map(type, columns)):
        return None
    rows = tuple(map(_ROW_OF, columns))
    if not (_ONLY_INTS.issuperset(map(type, chain(*rows, *miless))) and min(chain(*rows, *miless)) >= 0
            and tuple(map(_FIRST, rows)) == tuple(range(sides)) * sheets):
        return None
    points = rules.scoring
    race, extension_to = facts.race, facts.extension_to
    safety_lines, safety_sets = facts.safety_lines, facts.safety_sets
    per_mile, trip_bonus, safe_trip_bonus = points.per_mile, points.trip, points.safe_trip
    extension_bonus, to_opponents = points.extension, points.extension_failure_to_opponents
    most_safeties = facts.safeties[0] if points.safety else None
    at = 0
    scores = []
    for completed, extended_by, delayed, miles in zip(completeds, extendeds, delayeds, miless, strict=True):
        if (delayed and completed is None) or (extended_by is not None and extension_to is None):
            return None
        if completed is not None and (max(miles) > miles[completed] or miles.count(miles[completed]) > 1):
            return None
        target = race if extended_by is None else extension_to or 0
        delayed_bonus = points.delayed_action if delayed else 0
        played_safeties = 0
        scored = []
        for side, (_, miles_line, safeties, all_safeties, coups_fourres, trip, delayed_action, safe_trip,
                   shutout, extension) in enumerate(rows[at:at + sides]):
            travelled = miles[side]
            won = side == completed
            earned = extended_by is not None and (
                extended_by == completed == side
                or (to_opponents and extended_by != completed and side != extended_by))
            if (travelled % 25 or travelled > target or (travelled == target) != won
                    or (safeties, all_safeties, coups_fourres) not in safety_sets[won]
                    or miles_line != per_mile * travelled
                    or extension != (extension_bonus if earned else 0)):
                return None
            if won:
                shut_out = [other for other, zero in enumerate(miles) if zero == 0 and other != side]
                if (trip != trip_bonus or delayed_action != delayed_bonus
                        or safe_trip not in (0, safe_trip_bonus)
                        or not _shutout_fits(rules, shutout, shut_out)):
                    return None
            elif trip or delayed_action or safe_trip or shutout:
                return None
            played_safeties += safety_lines[safeties]
            scored.append(miles_line + safeties + all_safeties + coups_fourres + trip + delayed_action
                          + safe_trip + shutout + extension)
        if most_safeties is not None and played_safeties > most_safeties:
            return None
        at += sides
        scores.append(tuple(scored))
    return tuple(scores)


def _check_sheet_rules(rules: Rules, sheet: HandScore, facts: _Facts,
                       lines: tuple[tuple[int, ...], ...]) -> None:
    """The ``lines`` of ``sheet`` (checked by :func:`check_sheet`) are ones ``score_hand`` could
    write under ``rules`` (whose ``facts`` are given: its deck's safeties, its race and extension)."""
    points = rules.scoring
    completed, extended_by = sheet.completed_by, sheet.extended_by
    if extended_by is not None and facts.extension_to is None:
        raise InvalidStateError(f"{_where(sheet.hand)} has an extension the rules do not allow")
    target = facts.race if extended_by is None else facts.extension_to or 0
    safeties_in_deck, all_four_exist = facts.safeties
    safety_lines, coup_lines = facts.safety_lines, facts.coup_lines
    played_safeties = 0
    all_miles = sheet.miles
    for side, (line, miles) in enumerate(zip(lines, all_miles, strict=True)):
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
        if won and (trip != points.trip
                    or delayed_action != (points.delayed_action if sheet.delayed else 0)
                    or safe_trip not in (0, points.safe_trip)
                    or not _shutout_fits(rules, shutout, [other for other, travelled in enumerate(all_miles)
                                                          if travelled == 0 and other != side])):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s trip bonuses are not the rules'")
        earned = extended_by is not None and (
            extended_by == completed == side
            or (points.extension_failure_to_opponents and extended_by != completed
                and side != extended_by))
        if extension != (points.extension if earned else 0):
            raise InvalidStateError(f"{_where(sheet.hand)}: side {side}'s extension line is not the rules'")
    if points.safety and played_safeties > safeties_in_deck:
        raise InvalidStateError(f"{_where(sheet.hand)} counts more safeties than the deck has")


def _shutout_fits(rules: Rules, line: int, shut_out: list[int]) -> bool:
    """Whether ``line`` is the shutout bonus against opponent sides of which ``shut_out`` are at 0
    miles (played no distance card, or, going the wrong way, drove back to 0)."""
    points = rules.scoring
    others = rules.sides - 1
    if not points.shutout:
        return line == 0
    if points.shutout_per_opponent:
        if line % points.shutout:
            return False
        count = line // points.shutout
        return count == len(shut_out) or (rules.wrong_way and count < len(shut_out))
    if len(shut_out) < others:
        return line == 0
    return line == points.shutout or (rules.wrong_way and line == 0)


def _check_last_sheet(rules: Rules, table: Table, sheet: HandScore) -> None:
    """The score sheet of the hand that ended the game is the one its table scores."""
    target = table.target
    completed = next((side for side, t in enumerate(table.tableaux) if t.miles == target), None)
    delayed = not table.draw_pile_size and not can_reshuffle(rules, table.discard_pile, table.reshuffles)
    if sheet != score_hand(rules, sheet.hand, table.tableaux, completed, table.extended_by, delayed):
        raise InvalidStateError("the last hand's score sheet is not the score of the table")
