"""Safeties and the coup fourré: what a safety cancels, who may answer a hazard, what that does.

The rules are §5 of docs/rules/mille-bornes.md.

A coup fourré is a decision of the holder: when a hazard is played, the engine opens a window and
asks the holder of the matching safety before anything else happens. Asking tells the whole table
that this player holds that safety, so the card is marked in ``State.revealed``.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.games.mille_bornes.cards import PROTECTS, SAFETY_OF, Card
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.tableau import Tableau, make_tableau, read_battle

__all__ = ["holders", "safety_played", "without_hazard"]

_STOP = Card.STOP
_LIMIT = Card.SPEED_LIMIT
_WRONG = Card.WRONG_WAY


def safety_played(
    rules: Rules, t: Tableau, safety: Card, *, coup: bool
) -> tuple[Tableau, tuple[Card, ...]]:
    """Side tableau ``t`` after ``safety`` joins its safety area; also the cards it discards.

    A safety cancels every hazard of its kind in effect. STOP and SPEED_LIMIT under RIGHT_OF_WAY,
    and WRONG_WAY under DRIVING_ACE, go to the discard pile. A cancelled ACCIDENT, OUT_OF_GAS or
    FLAT_TIRE stays in place counting as remedied (``safety_cancel="needs_roll"``), or goes to the
    discard pile leaving the pile as before it (``"restores"``).
    """
    battle, speed, direction = t.battle, t.speed, t.direction
    discarded: list[Card] = []
    for hazard in PROTECTS[safety]:
        if hazard is _LIMIT:
            if speed and speed[-1] is _LIMIT:
                speed = speed[:-1]
                discarded.append(hazard)
        elif hazard is _WRONG:
            if direction and direction[-1] is _WRONG:
                direction = direction[:-1]
                discarded.append(hazard)
        elif hazard in t.problems and (hazard is _STOP or rules.safety_cancel == "restores"):
            at = len(battle) - 1 - battle[::-1].index(hazard)
            battle = battle[:at] + battle[at + 1:]
            discarded.append(hazard)
    safeties = (*t.safeties, safety)
    problems, rolling = read_battle(battle, safeties, rules.hazard_stacking, rules.safety_cancel)
    coups = (*t.coups_fourres, safety) if coup else t.coups_fourres
    return (
        make_tableau(battle, speed, direction, t.distance, safeties, coups, problems, rolling, t.backwards,
                     t.miles),
        tuple(discarded),
    )


def without_hazard(rules: Rules, t: Tableau, hazard: Card) -> Tableau:
    """Side tableau ``t`` with the ``hazard`` just played on it taken back off (a coup fourré):
    exactly as it was before."""
    battle, speed, direction = t.battle, t.speed, t.direction
    if hazard is _LIMIT:
        speed = speed[:-1]
    elif hazard is _WRONG:
        direction = direction[:-1]
    else:
        battle = battle[:-1]
    problems, rolling = read_battle(battle, t.safeties, rules.hazard_stacking, rules.safety_cancel)
    return make_tableau(battle, speed, direction, t.distance, t.safeties, t.coups_fourres, problems,
                        rolling, t.backwards, t.miles)


def holders(
    rules: Rules, hands: Sequence[tuple[Card, ...]], attacker: int, hazard: Card, side: int
) -> tuple[int, ...]:
    """The seats that may answer ``hazard`` on ``side`` by coup fourré, in turn order from the
    attacker's left."""
    if rules.coup_fourre == "off":
        return ()
    safety = SAFETY_OF[hazard]
    players = rules.players
    # The table of sides, not rules.side_of(seat): this runs after every hazard.
    side_of_seat = rules.side_of_seat
    anyone = rules.coup_fourre == "any_player"
    found = []
    for step in range(1, players):
        seat = (attacker + step) % players
        if safety in hands[seat] and (anyone or side_of_seat[seat] == side):
            found.append(seat)
    return tuple(found)
