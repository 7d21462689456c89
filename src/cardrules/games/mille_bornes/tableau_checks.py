"""The checks of the tableaux on a Mille Bornes table, and the numbers of the cards face up.

Every tableau of a table is checked at once (:func:`_tableaux_seen`): each kind of pile of all sides
as the numbers of its cards in one ``bytes``, stripped of the numbers that may lie there, and the
distance cards as one tuple of miles; only tables that fail are walked side by side, pile by pile
(:func:`_check_tableau`), to say what is wrong and where. Cards are counted as their numbers in
``bytes`` because a ``Counter`` or a set of cards hashes and compares enum members, several times
slower.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter

from cardrules.arguments import shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import BATTLE_HAZARDS, MILES, SAFETIES, Card
from cardrules.games.mille_bornes.check_basics import (
    _ONLY_CARDS,
    _ONLY_INTS,
    _ONLY_TUPLES,
    _check_cards,
    _ints,
    _only,
    _within,
)
from cardrules.games.mille_bornes.rules import Rules
from cardrules.games.mille_bornes.tableau import Tableau, read_battle

_BATTLE = frozenset((*BATTLE_HAZARDS, Card.REPAIRS, Card.GASOLINE, Card.SPARE_TIRE, Card.ROLL))
_SPEED = frozenset((Card.SPEED_LIMIT, Card.END_OF_LIMIT))
_DIRECTION = frozenset((Card.WRONG_WAY, Card.END_OF_WRONG_WAY))
_SAFETY_SET = frozenset(SAFETIES)
_BATTLE_NUMBERS, _SPEED_NUMBERS, _DIRECTION_NUMBERS, _SAFETY_NUMBERS = (
    bytes(sorted(cards)) for cards in (_BATTLE, _SPEED, _DIRECTION, _SAFETY_SET))
_DISTANCES = frozenset(MILES.values())
_SIGNED_DISTANCES = _DISTANCES | {-miles for miles in _DISTANCES}
_CARD_OF_MILES = {miles: card for card, miles in MILES.items()}
_ONLY_TABLEAUX = frozenset((Tableau,))
_TABLEAU_FIELDS = attrgetter("battle", "speed", "direction", "safeties", "coups_fourres", "distance",
                             "problems", "rolling")
_TABLEAU_TYPES = (tuple, tuple, tuple, tuple, tuple, tuple, frozenset, bool)
"""The type of each of the fields :data:`_TABLEAU_FIELDS` reads."""


def _check_tableaux(rules: Rules, tableaux: tuple[Tableau, ...], target: int,
                    discard_pile: object) -> tuple[tuple[int, ...], bytes]:
    """Check every tableau (see :func:`_check_tableau`) and the discard pile; the miles each side
    has travelled, and the numbers of the cards face up (see :func:`_visible_numbers`)."""
    seen = _tableaux_seen(rules, tableaux, target, discard_pile)
    if seen is None:
        # Something is wrong: the tableaux one by one, then the discard pile, say what (and where).
        for side, tableau in enumerate(tableaux):
            _check_tableau(rules, side, tableau, target)
        discard_pile = _check_cards(discard_pile, "the discard pile")
        return tuple(tableau.miles for tableau in tableaux), _visible_numbers(tableaux, discard_pile)
    stacking, cancel = rules.hazard_stacking, rules.safety_cancel
    for side, tableau in enumerate(tableaux):
        if (tableau.problems, tableau.rolling) != read_battle(tableau.battle, tableau.safeties, stacking,
                                                              cancel):
            raise InvalidStateError(f"side {side}'s battle status does not match its battle pile")
    return seen


def _tableaux_seen(rules: Rules, tableaux: tuple[Tableau, ...], target: int,
                   discard_pile: object) -> tuple[tuple[int, ...], bytes] | None:
    """What :func:`_check_tableaux` returns if every tableau passes :func:`_check_tableau` but for
    its battle status, and the discard pile is a tuple of cards; else ``None``. The same checks,
    each made once over the piles of all sides, at C level, building no message."""
    if not _ONLY_TABLEAUX.issuperset(map(type, tableaux)):
        return None
    fields = tuple(map(_TABLEAU_FIELDS, tableaux))
    types = tuple(map(type, chain.from_iterable(fields)))
    if type(discard_pile) is not tuple or types != _TABLEAU_TYPES * len(tableaux):
        return None
    battles, speeds, directions, safeties, coups, distances, problems, _ = zip(*fields, strict=True)
    if not _ONLY_CARDS.issuperset(map(type, chain(discard_pile, *battles, *speeds, *directions, *safeties,
                                                  *coups, *problems))):
        return None
    # Each kind of pile as the numbers of its cards: a pile holds only cards it may hold if
    # stripping those leaves nothing (C level, where a set of the cards would hash enum members).
    faces = (bytes(discard_pile), bytes(chain(*battles)), bytes(chain(*speeds)), bytes(chain(*directions)),
             bytes(chain(*safeties)))
    if (faces[1].strip(_BATTLE_NUMBERS) or faces[2].strip(_SPEED_NUMBERS)
            or faces[3].strip(_DIRECTION_NUMBERS) or faces[4].strip(_SAFETY_NUMBERS)
            or (any(coups) and not all(map(_within, coups, safeties)))):
        return None
    played = tuple(chain(*distances))
    if not _ONLY_INTS.issuperset(map(type, played)) or not (
            _SIGNED_DISTANCES if rules.wrong_way else _DISTANCES).issuperset(played):
        return None
    miles = tuple(map(sum, distances))
    most = rules.max_200s
    if min(miles) < 0 or max(miles) > target or (played.count(200) + played.count(-200) > most
                                                 and max(map(_twos, distances)) > most):
        return None
    return miles, b"".join((*faces, bytes(map(_NUMBER_OF_DISTANCE.__getitem__, played))))


def _twos(distance: tuple[int, ...]) -> int:
    """200-mile cards played (either way), as ``Tableau.twos``."""
    return distance.count(200) + distance.count(-200)


def _check_tableau(rules: Rules, side: int, t: Tableau, target: int) -> None:
    where = f"side {side}"
    if type(t) is not Tableau:
        raise InvalidStateError(f"{where}'s tableau is a Tableau, not {shown(t)}")
    piles = (t.battle, t.speed, t.direction, t.safeties, t.coups_fourres)
    if not _ONLY_TUPLES.issuperset(map(type, piles)) or not _ONLY_CARDS.issuperset(map(type, chain(*piles))):
        for pile in piles:
            _check_cards(pile, "a pile of the tableau of side", side)
    if type(t.problems) is not frozenset or not _only(t.problems, _ONLY_CARDS) or type(t.rolling) is not bool:
        raise InvalidStateError(f"{where}'s battle status is a set of cards and True or False")
    if (not _BATTLE.issuperset(t.battle) or not _SPEED.issuperset(t.speed)
            or not _DIRECTION.issuperset(t.direction)):
        raise InvalidStateError(f"{where} has a card on the wrong pile")
    if not _SAFETY_SET.issuperset(t.safeties):
        raise InvalidStateError(f"{where}'s safety area holds a non-safety")
    if t.coups_fourres and not _within(t.coups_fourres, t.safeties):
        raise InvalidStateError(f"{where}'s coups fourrés must be among its safeties")
    distance = t.distance
    if type(distance) is not tuple or not _ints(distance):
        raise InvalidStateError(f"{where}'s distance is a tuple of whole numbers of miles")
    if not _DISTANCES.issuperset(map(abs, distance)) or (distance and min(distance) < 0
                                                         and not rules.wrong_way):
        for miles in distance:
            if abs(miles) not in _DISTANCES or (miles < 0 and not rules.wrong_way):
                raise InvalidStateError(f"{where} has a distance card of {shown(miles)} miles")
    if not 0 <= t.miles <= target or t.twos > rules.max_200s:
        raise InvalidStateError(f"{where} has travelled an impossible distance")
    if (t.problems, t.rolling) != read_battle(t.battle, t.safeties, rules.hazard_stacking,
                                               rules.safety_cancel):
        raise InvalidStateError(f"{where}'s battle status does not match its battle pile")


def _visible_numbers(tableaux: tuple[Tableau, ...], discard_pile: tuple[Card, ...]) -> bytes:
    """The numbers of the cards face up, on ``tableaux`` (checked) and ``discard_pile``, in no
    particular order."""
    faces = bytes(chain(discard_pile, *(chain(t.battle, t.speed, t.direction, t.safeties)
                                        for t in tableaux)))
    # Distance cards are kept as miles (negative going the wrong way): their numbers by table.
    miles = bytes(map(abs, chain.from_iterable(t.distance for t in tableaux)))
    return faces + miles.translate(_NUMBER_OF_MILES)


_NUMBER_OF_MILES = bytes(_CARD_OF_MILES.get(miles, 0) for miles in range(256))
"""Per distance in miles (below 256), the number of its card."""
_NUMBER_OF_DISTANCE = {sign * miles: int(card) for card, miles in MILES.items() for sign in (1, -1)}
"""Per distance in miles (negative going the wrong way), the number of its card."""
