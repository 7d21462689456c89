"""The moves of Mille Bornes: play a card, discard one, answer a coup fourré window, extend."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules.arguments import shown
from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import KIND, MILES, Card, CardKind
from cardrules.games.mille_bornes.rules import MAX_PLAYERS, Rules

__all__ = [
    "COUP_FOURRE",
    "DECLINE",
    "EXTEND",
    "CoupFourre",
    "Decline",
    "Discard",
    "Extend",
    "Move",
    "Play",
    "all_moves",
    "card_word",
]

MAX_SIDES = MAX_PLAYERS
"""The most sides a table has (every player alone at the largest table)."""


def card_word(card: Card) -> str:
    """How a card is written in move notation: ``"100"``, ``"stop"``, ``"right of way"``."""
    if card in MILES:
        return str(MILES[card])
    return card.name.lower().replace("_", " ")


def _check_card(_: object, __: object, value: Card) -> None:
    if not isinstance(value, Card):
        raise ArgumentError(f"a Mille Bornes card is a Card, not {shown(value)}")


def _check_side(_: object, __: object, value: int | None) -> None:
    if value is not None and (type(value) is not int or not 0 <= value < MAX_SIDES):
        raise ArgumentError(f"a side is a number from 0 to {MAX_SIDES - 1} (or None), not {shown(value)}")


@attrs.frozen
class Play:
    """Play ``card``: a hazard onto side ``side``'s tableau, anything else onto one's own
    (``side`` is ``None`` then).

    >>> str(Play(Card.D100)), str(Play(Card.STOP, 1)), str(Play(Card.ROLL))
    ('drive 100', 'stop -> side 1', 'roll')
    """

    card: Card = attrs.field(validator=_check_card)
    side: int | None = attrs.field(default=None, validator=_check_side)

    def __str__(self) -> str:
        if self.card in MILES:
            return f"drive {MILES[self.card]}"
        if self.side is not None:
            return f"{card_word(self.card)} -> side {self.side}"
        return card_word(self.card)


@attrs.frozen
class Discard:
    """Discard ``card`` face up (dead for the rest of the hand).

    >>> str(Discard(Card.D200))
    'discard 200'
    """

    card: Card = attrs.field(validator=_check_card)

    def __str__(self) -> str:
        return f"discard {card_word(self.card)}"


@attrs.frozen
class CoupFourre:
    """Answer the hazard just played with the matching safety from one's hand.

    >>> str(CoupFourre())
    'coup fourre'
    """

    def __str__(self) -> str:
        return "coup fourre"


@attrs.frozen
class Extend:
    """Having completed the race exactly, extend it to ``Rules.extension_to`` and play on.

    >>> str(Extend())
    'extend'
    """

    def __str__(self) -> str:
        return "extend"


@attrs.frozen
class Decline:
    """Decline the coup fourré, or the extension (which ends the hand).

    >>> str(Decline())
    'decline'
    """

    def __str__(self) -> str:
        return "decline"


Move: TypeAlias = Play | Discard | CoupFourre | Extend | Decline
"""Any move of Mille Bornes."""

COUP_FOURRE = CoupFourre()
"""The one :class:`CoupFourre` move (it has no fields), as ``legal_moves`` hands it out."""
EXTEND = Extend()
"""The one :class:`Extend` move."""
DECLINE = Decline()
"""The one :class:`Decline` move."""

# Shared instances handed out by the engine: _PLAY[card][side + 1] (index 0: no side).
_PLAY: tuple[tuple[Play, ...], ...] = tuple(
    (Play(card), *(Play(card, side) for side in range(MAX_SIDES))) if KIND[card] is CardKind.HAZARD
    else (Play(card),)
    for card in Card
)
_DISCARD: tuple[Discard, ...] = tuple(Discard(card) for card in Card)


def _action_space(sides: int) -> tuple[Move, ...]:
    plays: list[Move] = []
    for card in Card:
        if KIND[card] is CardKind.HAZARD:
            plays.extend(_PLAY[card][1:sides + 1])
        else:
            plays.append(_PLAY[card][0])
    return (*plays, *_DISCARD, COUP_FOURRE, EXTEND, DECLINE)


# Built once for every possible number of sides: all_moves is a lookup.
_ACTION_SPACES: tuple[tuple[Move, ...], ...] = tuple(_action_space(sides) for sides in range(MAX_SIDES + 1))


def all_moves(rules: Rules) -> tuple[Move, ...]:
    """The whole action space of a game under ``rules``, in a fixed order: plays (hazards once per
    side), then discards, then ``CoupFourre``, ``Extend``, ``Decline``. A move's index in it is
    its integer action; it depends only on the number of sides.

    >>> moves = all_moves(Rules(players=4, team_size=2))
    >>> len(moves), str(moves[0]), str(moves[5]), str(moves[-1])
    (51, 'drive 25', 'accident -> side 0', 'decline')
    >>> all_moves(2)
    Traceback (most recent call last):
    ...
    cardrules.errors.ArgumentError: all_moves takes Mille Bornes Rules, not int
    """
    if type(rules) is not Rules:
        raise ArgumentError(f"all_moves takes Mille Bornes Rules, not {type(rules).__name__}")
    return _ACTION_SPACES[rules.sides]
