"""A side's tableau: its battle, speed and direction piles, distance and safeties, and what they
mean together (is the side moving? which hazards are in effect?).

The piles are what players see; ``problems`` and ``rolling`` are what the piles mean under the
hand's ``hazard_stacking`` and ``safety_cancel`` rules. They are derived once, by :func:`read_battle`,
whenever the battle pile or the safeties change, so the hot path never re-reads a pile.
"""

from __future__ import annotations

import attrs

from cardrules.arguments import shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import HAZARD_OF, KIND, MILES, SAFETY_OF, Card, CardKind
from cardrules.games.mille_bornes.rules import HazardStacking, SafetyCancel
from cardrules.slots import slot_setters

__all__ = ["EMPTY_TABLEAU", "Tableau", "make_tableau", "read_battle"]

_ROLL = Card.ROLL
_STOP = Card.STOP
_HAZARD = CardKind.HAZARD
_CARD_OF_MILES = {miles: card for card, miles in MILES.items()}


@attrs.frozen
class Tableau:
    """One side's cards on the table (shared by the partners of a team).

    - ``battle``, ``speed``, ``direction``: the piles, bottom to top.
    - ``distance``: the miles of each distance card played, in order; negative for a card driven
      the wrong way (wrong-way variant).
    - ``safeties``: the safeties played, in order; ``coups_fourres``: those played as coups fourrés.
    - ``problems``: the battle hazards in effect; ``rolling``: a ROLL is in effect. The side is
      moving when it has no problem and is rolling or has RIGHT_OF_WAY.
    """

    battle: tuple[Card, ...]
    speed: tuple[Card, ...]
    direction: tuple[Card, ...]
    distance: tuple[int, ...]
    safeties: tuple[Card, ...]
    coups_fourres: tuple[Card, ...]
    problems: frozenset[Card]
    rolling: bool

    @property
    def miles(self) -> int:
        """Miles travelled this hand."""
        return sum(self.distance)

    @property
    def moving(self) -> bool:
        """Whether the side may play distance (speed limit and exact finish aside)."""
        return not self.problems and (self.rolling or Card.RIGHT_OF_WAY in self.safeties)

    @property
    def limited(self) -> bool:
        """Whether a SPEED_LIMIT is in effect (only 25 and 50 may be played)."""
        return bool(self.speed) and self.speed[-1] is Card.SPEED_LIMIT \
            and Card.RIGHT_OF_WAY not in self.safeties

    @property
    def wrong_way(self) -> bool:
        """Whether a WRONG_WAY is in effect (distance is subtracted)."""
        return bool(self.direction) and self.direction[-1] is Card.WRONG_WAY \
            and Card.DRIVING_ACE not in self.safeties

    @property
    def twos(self) -> int:
        """200-mile cards played (either way)."""
        return self.distance.count(200) + self.distance.count(-200)

    def with_battle(self, card: Card, problems: frozenset[Card], rolling: bool) -> Tableau:
        """This tableau with ``card`` on the battle pile, meaning ``problems`` and ``rolling``."""
        return make_tableau((*self.battle, card), self.speed, self.direction, self.distance,
                       self.safeties, self.coups_fourres, problems, rolling)

    def with_speed(self, card: Card) -> Tableau:
        """This tableau with ``card`` (SPEED_LIMIT or END_OF_LIMIT) on the speed pile."""
        return make_tableau(self.battle, (*self.speed, card), self.direction, self.distance,
                       self.safeties, self.coups_fourres, self.problems, self.rolling)

    def with_direction(self, card: Card) -> Tableau:
        """This tableau with ``card`` (WRONG_WAY or END_OF_WRONG_WAY) on the direction pile."""
        return make_tableau(self.battle, self.speed, (*self.direction, card), self.distance,
                       self.safeties, self.coups_fourres, self.problems, self.rolling)

    def with_distance(self, miles: int) -> Tableau:
        """This tableau with a distance card of ``miles`` (negative: driven the wrong way)."""
        return make_tableau(self.battle, self.speed, self.direction, (*self.distance, miles),
                       self.safeties, self.coups_fourres, self.problems, self.rolling)

    def cards(self) -> list[Card]:
        """Every card on this tableau.

        Raises :class:`~cardrules.errors.InvalidStateError` for a distance no card has.

        >>> EMPTY_TABLEAU.with_battle(Card.ROLL, frozenset(), True).with_distance(-75).cards()
        [<Card.ROLL: 14>, <Card.D75: 2>]
        """
        cards = [*self.battle, *self.speed, *self.direction, *self.safeties]
        for miles in self.distance:
            card = _CARD_OF_MILES.get(abs(miles)) if type(miles) is int else None
            if card is None:
                raise InvalidStateError(f"no distance card is worth {shown(miles)} miles")
            cards.append(card)
        return cards


EMPTY_TABLEAU = Tableau(battle=(), speed=(), direction=(), distance=(), safeties=(), coups_fourres=(),
                        problems=frozenset(), rolling=False)
"""The tableau of a side that has played nothing yet."""

# As state.make_table: the hot path fills the slots through their descriptors (cardrules.slots).
_new = object.__new__
(_battle, _speed, _direction, _distance, _safeties, _coups_fourres, _problems, _rolling) = slot_setters(
    Tableau, "battle", "speed", "direction", "distance", "safeties", "coups_fourres", "problems", "rolling")


def make_tableau(
    battle: tuple[Card, ...],
    speed: tuple[Card, ...],
    direction: tuple[Card, ...],
    distance: tuple[int, ...],
    safeties: tuple[Card, ...],
    coups_fourres: tuple[Card, ...],
    problems: frozenset[Card],
    rolling: bool,
) -> Tableau:
    """``Tableau(...)`` with the same arguments, built faster (for the hot path)."""
    tableau: Tableau = _new(Tableau)
    _battle(tableau, battle)
    _speed(tableau, speed)
    _direction(tableau, direction)
    _distance(tableau, distance)
    _safeties(tableau, safeties)
    _coups_fourres(tableau, coups_fourres)
    _problems(tableau, problems)
    _rolling(tableau, rolling)
    return tableau


def read_battle(
    battle: tuple[Card, ...], safeties: tuple[Card, ...], stacking: HazardStacking,
    cancel: SafetyCancel,
) -> tuple[frozenset[Card], bool]:
    """What a battle pile means: the hazards in effect and whether a ROLL is in effect.

    A hazard the side is protected from was cancelled by its safety: with ``cancel="needs_roll"``
    it counts as remedied (a ROLL is needed after it), with ``"restores"`` as never played.
    Without accumulation only the top card counts; with it, every card in order.
    """
    if stacking != "accumulate":
        for card in reversed(battle):
            if KIND[card] is _HAZARD and SAFETY_OF[card] in safeties:
                if cancel == "restores":
                    continue
                return frozenset(), False
            if card is _ROLL:
                return frozenset(), True
            if KIND[card] is _HAZARD:
                return frozenset((card,)), False
            return frozenset(), False
        return frozenset(), False
    problems: set[Card] = set()
    rolling = False
    for card in battle:
        if card is _ROLL:
            problems.discard(_STOP)
            rolling = True
        elif KIND[card] is _HAZARD:
            if SAFETY_OF[card] in safeties:
                if cancel == "restores":
                    continue
            else:
                problems.add(card)
            rolling = False
        else:
            problems.discard(HAZARD_OF[card])
            rolling = False
    return frozenset(problems), rolling
