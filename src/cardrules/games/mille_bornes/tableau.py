"""A side's tableau: its piles, distance and safeties, and what they mean together.

Its battle, speed and direction piles, its distance and safeties, and what they mean together: is
the side moving? which hazards are in effect?

The piles are what players see; ``problems`` and ``rolling`` are what the piles mean under the
hand's ``hazard_stacking`` and ``safety_cancel`` rules. They are derived once, by :func:`read_battle`,
whenever the battle pile or the safeties change, so the hot path never re-reads a pile; ``miles``
likewise, whenever a distance card is laid.

The distance cards are cards (``Card.D200``), never miles: a :class:`Distance` holds them, and
refuses a search for a number of miles, which a card would quietly answer (it compares equal to
its number, ``Card.D200 == 4``).
"""

from __future__ import annotations

import sys
from typing import Any, SupportsIndex

import attrs

from cardrules._slots import slot_setters
from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import HAZARD_OF, KIND, MILES, SAFETY_OF, Card, CardKind
from cardrules.games.mille_bornes.rules import HazardStacking, SafetyCancel

__all__ = ["EMPTY_TABLEAU", "Distance", "Tableau", "drive", "make_tableau", "read_battle"]

_ROLL = Card.ROLL
_STOP = Card.STOP
_D200 = Card.D200
_HAZARD = CardKind.HAZARD
_MILES_OF = tuple(MILES.get(card, 0) for card in Card)
"""The miles of each card, by its number (0 for a card that is not a distance)."""


class Distance(tuple[Card, ...]):
    """Distance cards in the order they were laid: a tuple of :class:`Card` values.

    A card compares equal to its number (``Card.D200 == 4``, it is an ``IntEnum``), so a pile
    searched for a number of miles would answer for some other card, or for none, without a word.
    This tuple refuses such a search: ``count``, ``index`` and ``in`` take a card, and raise
    :class:`~cardrules.errors.ArgumentError` for any other number. (``sum`` of the cards adds their
    numbers, not their miles: read ``Tableau.miles``.)

    >>> played = Distance((Card.D200, Card.D100, Card.D200))
    >>> played.count(Card.D200), Card.D100 in played
    (2, True)
    >>> played.count(200)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: distance holds cards, not miles: ask for Card.D200, not 200
    """

    __slots__ = ()

    def count(self, value: Any, /) -> int:
        """How many times the card ``value`` was laid."""
        _refuse_miles(value)
        return tuple.count(self, value)

    def index(self, value: Any, start: SupportsIndex = 0, stop: SupportsIndex = sys.maxsize, /) -> int:
        """Where the card ``value`` was first laid (from ``start``, before ``stop``)."""
        _refuse_miles(value)
        return tuple.index(self, value, start, stop)

    def __contains__(self, value: object, /) -> bool:
        _refuse_miles(value)
        return tuple.__contains__(self, value)


def _refuse_miles(value: object) -> None:
    if isinstance(value, int) and type(value) is not Card:
        card = next((card for card, miles in MILES.items() if miles == value), None)
        hint = f"ask for Card.{card.name}, not {shown(value)}" if card is not None else \
            f"not {shown(value)}"
        raise ArgumentError(f"distance holds cards, not miles: {hint}")


_NO_DISTANCE = Distance()


def _as_distance(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    # Any tuple given to the constructor becomes a Distance; anything else is kept as it is, for
    # the validation to refuse in words.
    return Distance(cards) if type(cards) is tuple else cards


def _miles_of(distance: object, backwards: object) -> int:
    """The miles the distance cards ``distance`` make, less twice those of ``backwards`` (driven
    the wrong way: counted in ``distance`` too). Anything but a distance card counts 0, for the
    validation to refuse in words."""
    return _sum_miles(distance) - 2 * _sum_miles(backwards)


def _sum_miles(cards: object) -> int:
    if not isinstance(cards, tuple):
        return 0
    return sum(_MILES_OF[card] if type(card) is Card else 0 for card in cards)


@attrs.frozen
class Tableau:
    """One side's cards on the table (shared by the partners of a team).

    - ``battle``, ``speed``, ``direction``: the piles, bottom to top.
    - ``distance``: the distance cards played, in order, whichever way they were driven (a
      :class:`Distance`: cards, not miles; ``miles`` adds them up); ``backwards``: those of them
      driven the wrong way (wrong-way variant), in order.
    - ``safeties``: the safeties played, in order; ``coups_fourres``: those played as coups fourrés.
    - ``problems``: the battle hazards in effect; ``rolling``: a ROLL is in effect. The side is
      moving when it has no problem and is rolling or has RIGHT_OF_WAY.

    >>> side = EMPTY_TABLEAU.with_distance(Card.D200).with_distance(Card.D75)
    >>> side.distance.count(Card.D200), side.miles
    (1, 275)
    """

    battle: tuple[Card, ...]
    speed: tuple[Card, ...]
    direction: tuple[Card, ...]
    distance: tuple[Card, ...] = attrs.field(converter=_as_distance)
    safeties: tuple[Card, ...]
    coups_fourres: tuple[Card, ...]
    problems: frozenset[Card]
    rolling: bool
    backwards: tuple[Card, ...] = attrs.field(default=_NO_DISTANCE, converter=_as_distance)
    miles: int = attrs.field(init=False, eq=False, repr=False)
    """Miles travelled this hand: the distance cards driven forward less those driven back
    (worked out when the tableau is built, not an argument, and not part of equality or JSON:
    ``legal_moves`` reads it at every step)."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "miles", _miles_of(self.distance, self.backwards))

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
        return tuple.count(self.distance, _D200)

    def with_battle(self, card: Card, problems: frozenset[Card], rolling: bool) -> Tableau:
        """This tableau with ``card`` on the battle pile, meaning ``problems`` and ``rolling``."""
        return make_tableau((*self.battle, card), self.speed, self.direction, self.distance,
                            self.safeties, self.coups_fourres, problems, rolling, self.backwards,
                            self.miles)

    def with_speed(self, card: Card) -> Tableau:
        """This tableau with ``card`` (SPEED_LIMIT or END_OF_LIMIT) on the speed pile."""
        return make_tableau(self.battle, (*self.speed, card), self.direction, self.distance,
                            self.safeties, self.coups_fourres, self.problems, self.rolling, self.backwards,
                            self.miles)

    def with_direction(self, card: Card) -> Tableau:
        """This tableau with ``card`` (WRONG_WAY or END_OF_WRONG_WAY) on the direction pile."""
        return make_tableau(self.battle, self.speed, (*self.direction, card), self.distance,
                            self.safeties, self.coups_fourres, self.problems, self.rolling, self.backwards,
                            self.miles)

    def with_distance(self, card: Card, backwards: bool = False) -> Tableau:
        """This tableau with the distance card ``card`` driven forward, or ``backwards``.

        >>> EMPTY_TABLEAU.with_distance(200)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: a distance card is a Card such as Card.D200, not 200
        """
        if type(card) is not Card or not _MILES_OF[card]:
            raise ArgumentError(f"a distance card is a Card such as Card.D200, not {shown(card)}")
        return drive(self, card, backwards)

    def cards(self) -> list[Card]:
        """Every card on this tableau.

        >>> EMPTY_TABLEAU.with_battle(Card.ROLL, frozenset(), True).with_distance(Card.D75, True).cards()
        [<Card.ROLL: 14>, <Card.D75: 2>]
        """
        return [*self.battle, *self.speed, *self.direction, *self.safeties, *self.distance]


EMPTY_TABLEAU = Tableau(battle=(), speed=(), direction=(), distance=(), safeties=(), coups_fourres=(),
                        problems=frozenset(), rolling=False, backwards=())
"""The tableau of a side that has played nothing yet."""

# As state.make_table: the hot path fills the slots through their descriptors (cardrules._slots).
_new = object.__new__
(_battle, _speed, _direction, _distance, _safeties, _coups_fourres, _problems, _rolling, _backwards,
 _miles) = slot_setters(Tableau, "battle", "speed", "direction", "distance", "safeties", "coups_fourres",
                        "problems", "rolling", "backwards", "miles")


def drive(t: Tableau, card: Card, backwards: bool) -> Tableau:
    """``t.with_distance(card, backwards)`` for a card known to be a distance card (the engine's
    hot path: a play it has found legal)."""
    if backwards:
        return make_tableau(t.battle, t.speed, t.direction, Distance((*t.distance, card)), t.safeties,
                            t.coups_fourres, t.problems, t.rolling, Distance((*t.backwards, card)),
                            t.miles - _MILES_OF[card])
    return make_tableau(t.battle, t.speed, t.direction, Distance((*t.distance, card)), t.safeties,
                        t.coups_fourres, t.problems, t.rolling, t.backwards, t.miles + _MILES_OF[card])


def make_tableau(
    battle: tuple[Card, ...],
    speed: tuple[Card, ...],
    direction: tuple[Card, ...],
    distance: tuple[Card, ...],
    safeties: tuple[Card, ...],
    coups_fourres: tuple[Card, ...],
    problems: frozenset[Card],
    rolling: bool,
    backwards: tuple[Card, ...],
    miles: int | None = None,
) -> Tableau:
    """``Tableau(...)`` with the same arguments, built faster (for the hot path): ``distance`` and
    ``backwards`` must be :class:`Distance` values already; ``miles``, if given, the miles they
    make (the hot path knows them: the tableau it builds on, with one card more or none)."""
    tableau: Tableau = _new(Tableau)
    _battle(tableau, battle)
    _speed(tableau, speed)
    _direction(tableau, direction)
    _distance(tableau, distance)
    _safeties(tableau, safeties)
    _coups_fourres(tableau, coups_fourres)
    _problems(tableau, problems)
    _rolling(tableau, rolling)
    _backwards(tableau, backwards)
    _miles(tableau, _miles_of(distance, backwards) if miles is None else miles)
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
