"""§4 and §9 written again from the rules contract, independently of the engine: the moves the
contract allows and the battle status it reads from the piles, under every variant field. The
property tests compare ``legal_moves`` and the tableaux with this oracle."""

from __future__ import annotations

from cardrules.games.mille_bornes import (
    BATTLE_HAZARDS,
    SAFETIES,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Play,
    State,
    Tableau,
)

C = Card
SAFETY_OF = {
    C.ACCIDENT: C.DRIVING_ACE, C.OUT_OF_GAS: C.EXTRA_TANK, C.FLAT_TIRE: C.PUNCTURE_PROOF,
    C.STOP: C.RIGHT_OF_WAY, C.SPEED_LIMIT: C.RIGHT_OF_WAY, C.WRONG_WAY: C.DRIVING_ACE,
}
REMEDY_OF = {C.ACCIDENT: C.REPAIRS, C.OUT_OF_GAS: C.GASOLINE, C.FLAT_TIRE: C.SPARE_TIRE, C.STOP: C.ROLL}
HAZARD_OF = {remedy: hazard for hazard, remedy in REMEDY_OF.items()}
MILES = {C.D25: 25, C.D50: 50, C.D75: 75, C.D100: 100, C.D200: 200}


def effective_pile(state: State, t: Tableau) -> list[Card]:
    """The battle pile as it counts: under ``safety_cancel="restores"`` a hazard cancelled by its
    safety counts as never played."""
    if state.rules.safety_cancel == "restores":
        return [card for card in t.battle if not (card in SAFETY_OF and SAFETY_OF[card] in t.safeties)]
    return list(t.battle)


def hazards_in_effect(state: State, t: Tableau) -> set[Card]:
    pile = effective_pile(state, t)
    if state.rules.hazard_stacking != "accumulate":
        # Only the top card counts; a hazard cancelled by its safety counts as remedied.
        top = pile[-1] if pile else None
        return {top} if top in BATTLE_HAZARDS and SAFETY_OF[top] not in t.safeties else set()
    # Accumulated attacks: every hazard played and not yet answered (STOP is answered by the ROLL).
    problems = set()
    for hazard in BATTLE_HAZARDS:
        if hazard in pile and SAFETY_OF[hazard] not in t.safeties:
            last = len(pile) - 1 - pile[::-1].index(hazard)
            if REMEDY_OF[hazard] not in pile[last + 1:]:
                problems.add(hazard)
    return problems


def rolling(state: State, t: Tableau) -> bool:
    pile = effective_pile(state, t)
    return bool(pile) and pile[-1] is C.ROLL


def moving(state: State, t: Tableau) -> bool:
    return not hazards_in_effect(state, t) and (rolling(state, t) or C.RIGHT_OF_WAY in t.safeties)


def plays(state: State, card: Card) -> list[Move]:
    """The plays of ``card`` the contract allows the seat on turn."""
    rules = state.rules
    own = rules.side_of(state.table.current)
    mine = state.table.tableaux[own]
    right_of_way = C.RIGHT_OF_WAY in mine.safeties
    if card in SAFETIES:
        return [Play(card)]
    if card in MILES:
        miles = MILES[card]
        limited = bool(mine.speed) and mine.speed[-1] is C.SPEED_LIMIT and not right_of_way
        backwards = bool(mine.direction) and mine.direction[-1] is C.WRONG_WAY \
            and C.DRIVING_ACE not in mine.safeties
        twos = mine.distance.count(C.D200)
        fits = mine.miles - miles >= 0 if backwards else mine.miles + miles <= state.table.target
        allowed = (moving(state, mine) and not (limited and miles > 50)
                   and not (miles == 200 and twos >= rules.max_200s) and fits)
        return [Play(card)] if allowed else []
    if card is C.ROLL:
        allowed = (not right_of_way and not rolling(state, mine)
                   and hazards_in_effect(state, mine) <= {C.STOP})
        return [Play(card)] if allowed else []
    if card is C.END_OF_LIMIT:
        return [Play(card)] if mine.speed and mine.speed[-1] is C.SPEED_LIMIT else []
    if card is C.END_OF_WRONG_WAY:
        return [Play(card)] if mine.direction and mine.direction[-1] is C.WRONG_WAY else []
    if card in HAZARD_OF:
        return [Play(card)] if HAZARD_OF[card] in hazards_in_effect(state, mine) else []
    found: list[Move] = []
    for side, t in enumerate(state.table.tableaux):
        if side == own or SAFETY_OF[card] in t.safeties:
            continue
        if card is C.SPEED_LIMIT:
            allowed = not (t.speed and t.speed[-1] is C.SPEED_LIMIT)
        elif card is C.WRONG_WAY:
            allowed = not (t.direction and t.direction[-1] is C.WRONG_WAY)
        elif rules.hazard_stacking == "none":
            allowed = moving(state, t)
        elif rules.hazard_stacking == "topmost":
            allowed = bool(t.battle) or C.RIGHT_OF_WAY in t.safeties
        else:
            allowed = card not in hazards_in_effect(state, t)
        if allowed:
            found.append(Play(card, side))
    return found


def contract_moves(state: State) -> set[Move]:
    if state.table.phase == "over":
        return set()
    if state.table.phase == "coup_fourre":
        return {CoupFourre(), Decline()}
    if state.table.phase == "extension":
        return {Extend(), Decline()}
    found: set[Move] = set()
    for card in set(state.hands[state.table.current]):
        allowed = plays(state, card)
        found.update(allowed)
        if state.rules.discard == "any" or not allowed:
            found.add(Discard(card))
    return found
