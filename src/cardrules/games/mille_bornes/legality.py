"""What may be played on what (§4 of docs/rules/mille-bornes.md): distance, remedies, hazards,
safeties, discards.

The predicates are small and flat because ``legal_moves`` calls them for every card in hand at
every step; :func:`why_illegal` turns a refusal into words and is only called when a move fails.
"""

from __future__ import annotations

from cardrules.arguments import check_instance
from cardrules.games.mille_bornes.cards import (
    HAZARD_OF,
    KIND,
    MILES,
    SAFETY_OF,
    Card,
    CardKind,
    card_name,
)
from cardrules.games.mille_bornes.moves import CoupFourre, Decline, Discard, Extend, Play
from cardrules.games.mille_bornes.rules import HazardStacking, Rules
from cardrules.games.mille_bornes.state import State, Table
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = ["can_attack", "can_drive", "can_remedy", "has_play", "longest_drive", "why_illegal"]

_ROW = Card.RIGHT_OF_WAY
_ACE = Card.DRIVING_ACE
_ROLL = Card.ROLL
_STOP = Card.STOP
_LIMIT = Card.SPEED_LIMIT
_WRONG = Card.WRONG_WAY
_ONLY_STOP = frozenset((_STOP,))


def longest_drive(t: Tableau, rules: Rules, target: int) -> int:
    """The longest distance card side tableau ``t`` may play in a race to ``target`` (0: none).

    Every shorter card may be played too: each limit (not moving, a speed limit, the 200s already
    played, the miles left to the target or, going the wrong way, back to 0) is a ceiling, so
    ``legal_moves`` asks once per turn and compares each card's miles with the answer.
    """
    # The tableau's properties, read here without calling them: this runs at every step.
    safeties = t.safeties
    if t.problems or not (t.rolling or _ROW in safeties):
        return 0
    distance = t.distance
    direction = t.direction
    if direction and direction[-1] is _WRONG and _ACE not in safeties:
        longest = sum(distance)
    else:
        longest = target - sum(distance)
    if longest > 50 and t.speed and t.speed[-1] is _LIMIT and _ROW not in safeties:
        longest = 50
    if longest >= 200 and distance.count(200) + distance.count(-200) >= rules.max_200s:
        longest = 100
    return longest


def can_drive(t: Tableau, miles: int, rules: Rules, target: int) -> bool:
    """Whether side tableau ``t`` may play a distance card of ``miles`` in a race to ``target``."""
    return miles <= longest_drive(t, rules, target)


def can_remedy(t: Tableau, card: Card) -> bool:
    """Whether a remedy ``card`` may go on side tableau ``t``."""
    if card is _ROLL:
        return not t.rolling and _ROW not in t.safeties and (
            not t.problems or t.problems == _ONLY_STOP
        )
    if card is Card.END_OF_LIMIT:
        return bool(t.speed) and t.speed[-1] is _LIMIT
    if card is Card.END_OF_WRONG_WAY:
        return bool(t.direction) and t.direction[-1] is _WRONG
    return HAZARD_OF[card] in t.problems


def can_attack(t: Tableau, hazard: Card, stacking: HazardStacking) -> bool:
    """Whether ``hazard`` may be played on side tableau ``t`` under the hand's stacking rule."""
    safeties = t.safeties
    if SAFETY_OF[hazard] in safeties:
        return False
    if hazard is _LIMIT:
        return not (t.speed and t.speed[-1] is _LIMIT)
    if hazard is _WRONG:
        return not (t.direction and t.direction[-1] is _WRONG)
    if stacking == "none":
        return not t.problems and (t.rolling or _ROW in safeties)
    if stacking == "topmost":
        return bool(t.battle) or _ROW in safeties
    return hazard not in t.problems


def has_play(rules: Rules, table: Table, card: Card) -> bool:
    """Whether the seat on turn could play ``card`` (on its own side, or on some opponent)."""
    sides = rules.sides
    own = table.current % sides  # rules.side_of(table.current), without the call
    tableaux = table.tableaux
    kind = KIND[card]
    if kind is CardKind.SAFETY:
        return True
    if kind is CardKind.DISTANCE:
        return MILES[card] <= longest_drive(tableaux[own], rules, table.target)
    if kind is CardKind.REMEDY:
        return can_remedy(tableaux[own], card)
    stacking = rules.hazard_stacking
    # A loop, not any(...) over a generator: under discard="unplayable_only" this runs at every discard.
    for side in range(sides):  # noqa: SIM110
        if side != own and can_attack(tableaux[side], card, stacking):
            return True
    return False


def why_illegal(state: State, move: object) -> str | None:
    """Why ``move`` may not be made now, in a player's words; ``None`` if it is legal.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> state = new_game(Rules(), deck=None, seed=3)
    >>> why_illegal(state, Play(Card.D100))
    'cannot drive 100: the side has no ROLL showing'
    """
    check_instance(state, State, "a state of Mille Bornes")
    table = state.table
    phase = table.phase
    if phase == "over":
        return "the game is over"
    if isinstance(move, CoupFourre):
        return None if phase == "coup_fourre" else "no hazard is waiting for a coup fourré"
    if isinstance(move, Extend):
        return None if phase == "extension" else "no completed race to extend"
    if isinstance(move, Decline):
        return None if phase in ("coup_fourre", "extension") else "there is nothing to decline"
    if not isinstance(move, Play | Discard):
        return f"{type(move).__name__} is not a move of Mille Bornes"
    if phase == "coup_fourre":
        return "call the coup fourré or decline it first"
    if phase == "extension":
        return "extend the race or decline first"
    card = move.card
    seat = table.current
    if card not in state.hands[seat]:
        return f"no {card_name(card)} in seat {seat}'s hand"
    if isinstance(move, Discard):
        if state.rules.discard == "unplayable_only" and has_play(state.rules, table, card):
            return f"{card_name(card)} could be played, so it may not be discarded"
        return None
    return _why_not_play(state.rules, table, card, move.side)


def _why_not_play(rules: Rules, table: Table, card: Card, side: int | None) -> str | None:
    own = rules.side_of(table.current)
    kind = KIND[card]
    name = card_name(card)
    if kind is not CardKind.HAZARD:
        if side is not None:
            return f"{name} is played on one's own side: give no side"
        t = table.tableaux[own]
        if kind is CardKind.SAFETY:
            return None
        if kind is CardKind.REMEDY:
            return None if can_remedy(t, card) else _why_not_remedy(t, card)
        miles = MILES[card]
        if can_drive(t, miles, rules, table.target):
            return None
        return _why_not_drive(t, miles, rules, table.target)
    if side is None:
        return f"say which side the {name} is for"
    if not 0 <= side < rules.sides:
        return f"there is no side {side}"
    if side == own:
        return f"{name} is played on an opponent, not on one's own side"
    t = table.tableaux[side]
    if can_attack(t, card, rules.hazard_stacking):
        return None
    if SAFETY_OF[card] in t.safeties:
        return f"side {side} is protected by {card_name(SAFETY_OF[card])}"
    if card is _LIMIT:
        return f"side {side} already has a speed limit"
    if card is _WRONG:
        return f"side {side} is already going the wrong way"
    if rules.hazard_stacking == "accumulate":
        return f"side {side} already suffers a {name}"
    if rules.hazard_stacking == "topmost":
        return f"side {side} has not started: its battle pile is empty"
    return f"side {side} is not moving: hazards go on a ROLL"


def _why_not_remedy(t: Tableau, card: Card) -> str:
    name = card_name(card)
    if card is _ROLL:
        if _ROW in t.safeties:
            return "the side has Right of Way and needs no ROLL"
        if t.rolling:
            return "the side is already rolling"
        return "remedy the hazard first: a ROLL does not answer it"
    if card is Card.END_OF_LIMIT:
        return "no speed limit to end"
    if card is Card.END_OF_WRONG_WAY:
        return "the side is not going the wrong way"
    return f"{name} answers {card_name(HAZARD_OF[card])}, which is not in effect"


def _why_not_drive(t: Tableau, miles: int, rules: Rules, target: int) -> str:
    if t.problems:
        hazard = sorted(t.problems)[0]
        return f"cannot drive {miles}: the side is stopped by {card_name(hazard)}"
    if not (t.rolling or _ROW in t.safeties):
        return f"cannot drive {miles}: the side has no ROLL showing"
    if miles > 50 and t.speed and t.speed[-1] is _LIMIT and _ROW not in t.safeties:
        return f"cannot play {miles} under a speed limit: only 25 and 50"
    if miles == 200 and t.twos >= rules.max_200s:
        return f"a side may play at most {rules.max_200s} cards of 200 per hand"
    if t.wrong_way:
        return f"cannot drive {miles} the wrong way: it would take the side below 0"
    return f"cannot drive {miles}: it would pass {target} (the race must end exactly)"
