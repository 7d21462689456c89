"""Checks that a Mille Bornes state or observation read from outside could arise in play."""

from __future__ import annotations

from collections import Counter

from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    KIND,
    MILES,
    SAFETIES,
    SAFETY_OF,
    Card,
)
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.scoring import HandScore
from cardrules.games.mille_bornes.state import State, Window
from cardrules.games.mille_bornes.tableau import Tableau, read_battle

__all__ = ["validate_state"]

_BATTLE = frozenset((*BATTLE_HAZARDS, Card.REPAIRS, Card.GASOLINE, Card.SPARE_TIRE, Card.ROLL))
_SPEED = frozenset((Card.SPEED_LIMIT, Card.END_OF_LIMIT))
_DIRECTION = frozenset((Card.WRONG_WAY, Card.END_OF_WRONG_WAY))
_PHASES = ("play", "coup_fourre", "extension", "over")


def validate_state(state: State) -> None:
    """Raise :class:`~cardrules.errors.InvalidStateError` unless ``state`` could arise in play.

    Checked: every card of the rules' deck exactly once; piles hold only the cards that go there and
    mean what the tableau says; hands sorted and of possible sizes; the decision under way, the
    race, the scores and the match bookkeeping agree with each other.
    """
    if type(state) is not State or type(state.rules) is not Rules:
        raise InvalidStateError("not a state of Mille Bornes")
    rules = state.rules
    if len(state.hands) != rules.players or len(state.revealed) != rules.players:
        raise InvalidStateError(f"a {rules.players}-player game needs one hand per seat")
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            raise InvalidStateError(f"seat {seat}'s hand is not sorted")
        if Counter(state.revealed[seat]) - Counter(hand):
            raise InvalidStateError(f"seat {seat} is known to hold a card it does not have")
    held: Counter[Card] = Counter(state.draw_pile)
    held.update(state.discard_pile)
    for hand in state.hands:
        held.update(hand)
    for tableau in state.tableaux:
        held.update(tableau.cards())
    expected = Counter(rules.deck_cards())
    if held != expected:
        extra = sorted((held - expected).elements())
        missing = sorted((expected - held).elements())
        raise InvalidStateError(
            "the state must hold the rules' deck exactly"
            + (f"; extra {[c.name for c in extra[:5]]}" if extra else "")
            + (f"; missing {[c.name for c in missing[:5]]}" if missing else "")
        )
    sizes = tuple(len(hand) for hand in state.hands)
    match = state.match
    check_public(rules, state.tableaux, sizes, state.current, state.phase, state.window,
                 state.target, state.extended_by, state.reshuffles, match.hand_number,
                 match.dealer, match.totals, match.history)
    if state.phase == "coup_fourre":
        window = state.window
        assert window is not None
        if SAFETY_OF[window.hazard] not in state.hands[state.current]:
            raise InvalidStateError("the seat asked for a coup fourré does not hold the safety")
    if state.phase == "play" and not state.hands[state.current]:
        raise InvalidStateError("the seat on turn has no card to play")


def check_public(
    rules: Rules,
    tableaux: tuple[Tableau, ...],
    sizes: tuple[int, ...],
    current: int,
    phase: str,
    window: Window | None,
    target: int,
    extended_by: int | None,
    reshuffles: int,
    hand_number: int,
    dealer: int,
    totals: tuple[int, ...],
    history: tuple[HandScore, ...],
) -> None:
    """The checks that need only what every player sees."""
    if len(tableaux) != rules.sides:
        raise InvalidStateError(f"{rules.sides} sides need {rules.sides} tableaux")
    for side, tableau in enumerate(tableaux):
        _check_tableau(rules, side, tableau, target)
    if any(size > rules.hand_size + 1 for size in sizes):
        raise InvalidStateError(f"no hand holds more than {rules.hand_size + 1} cards")
    if not 0 <= current < rules.players or phase not in _PHASES:
        raise InvalidStateError("a bad seat on turn or phase")
    if (phase == "coup_fourre") != (window is not None):
        raise InvalidStateError("a coup fourré window is open exactly in the coup fourré phase")
    if window is not None:
        attacked = tableaux[window.side] if 0 <= window.side < len(tableaux) else None
        pile = (None if attacked is None else attacked.speed if window.hazard is Card.SPEED_LIMIT
                else attacked.direction if window.hazard is Card.WRONG_WAY else attacked.battle)
        if KIND[window.hazard] != "hazard" or not pile or pile[-1] is not window.hazard:
            raise InvalidStateError("the coup fourré window's hazard is not on top of its pile")
        if not 0 <= window.attacker < rules.players or rules.side_of(window.attacker) == window.side:
            raise InvalidStateError("a hazard is played by an opponent of the attacked side")
    if (target == rules.extension_to) != (extended_by is not None) or target not in (
        rules.race, rules.extension_to
    ):
        raise InvalidStateError("the race length and the extension disagree")
    if extended_by is not None and not 0 <= extended_by < rules.sides:
        raise InvalidStateError("the extension was called by a side that does not exist")
    if phase == "extension" and (target != rules.race or tableaux[rules.side_of(current)].miles != target):
        raise InvalidStateError("only a side that just completed the race decides an extension")
    if not 0 <= reshuffles <= (rules.reshuffle_limit if rules.reshuffle_discards else 0):
        raise InvalidStateError("more reshuffles than the rules allow")
    if not 0 <= dealer < rules.players or len(totals) != rules.sides:
        raise InvalidStateError("a bad dealer or score list")
    finished = len(history) - (1 if phase == "over" else 0)
    if hand_number != finished or any(sheet.hand != number for number, sheet in enumerate(history)):
        raise InvalidStateError("the hand number does not match the finished hands")
    summed = [0] * rules.sides
    for sheet in history:
        if len(sheet.sides) != rules.sides:
            raise InvalidStateError("a score sheet needs one column per side")
        for side, points in enumerate(sheet.totals):
            summed[side] += points
    if tuple(summed) != totals:
        raise InvalidStateError("the totals are not the sum of the hands' scores")
    if phase == "over" and rules.target_score is not None and max(totals) < rules.target_score:
        raise InvalidStateError("the match is over before any side reached the target score")


def _check_tableau(rules: Rules, side: int, t: Tableau, target: int) -> None:
    where = f"side {side}"
    if not set(t.battle) <= _BATTLE or not set(t.speed) <= _SPEED or not set(t.direction) <= _DIRECTION:
        raise InvalidStateError(f"{where} has a card on the wrong pile")
    if len(set(t.safeties)) != len(t.safeties) or not set(t.safeties) <= set(SAFETIES):
        raise InvalidStateError(f"{where}'s safety area holds a card twice or a non-safety")
    if not set(t.coups_fourres) <= set(t.safeties) or len(set(t.coups_fourres)) != len(t.coups_fourres):
        raise InvalidStateError(f"{where}'s coups fourrés must be among its safeties")
    legal = set(MILES.values())
    for miles in t.distance:
        if type(miles) is not int or abs(miles) not in legal or (miles < 0 and not rules.wrong_way):
            raise InvalidStateError(f"{where} has a distance card of {miles!r} miles")
    if not 0 <= t.miles <= target or t.twos > rules.max_200s:
        raise InvalidStateError(f"{where} has travelled an impossible distance")
    if (t.problems, t.rolling) != read_battle(t.battle, t.safeties, rules.hazard_stacking,
                                               rules.safety_cancel):
        raise InvalidStateError(f"{where}'s battle status does not match its battle pile")
