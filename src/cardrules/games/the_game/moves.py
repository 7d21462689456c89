"""The moves of The Game: lay a card on a pile, or end the turn."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from cardrules.arguments import check_instance, shown
from cardrules.errors import ArgumentError
from cardrules.games.the_game.cards import CARDS, PILE_NAMES, PILES
from cardrules.games.the_game.rules import Rules

__all__ = ["END_TURN", "MOVE_CLASSES", "EndTurn", "Move", "Play", "all_moves"]


def _check_card(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 2 <= value <= 99:
        raise ArgumentError(f"a card of The Game is a number from 2 to 99, not {shown(value)}")


def _check_pile(_: object, __: object, value: int) -> None:
    if type(value) is not int or not 0 <= value <= 3:
        raise ArgumentError("piles are numbered 0 and 1 (ascending), 2 and 3 (descending), "
                            f"not {shown(value)}")


@attrs.frozen
class Play:
    """Lay ``card`` on pile ``pile`` (0 and 1 ascend, 2 and 3 descend).

    >>> str(Play(35, 2))
    '35 on down1'
    """

    card: int = attrs.field(validator=_check_card)
    pile: int = attrs.field(validator=_check_pile)

    def __str__(self) -> str:
        return f"{self.card} on {PILE_NAMES[self.pile]}"


@attrs.frozen
class EndTurn:
    """End the turn (legal once the minimum is laid) and draw back up to a full hand.

    >>> str(EndTurn())
    'end turn'
    """

    def __str__(self) -> str:
        return "end turn"


Move: TypeAlias = Play | EndTurn
"""Any move of The Game."""

MOVE_CLASSES: tuple[type[Play], type[EndTurn]] = (Play, EndTurn)
"""The classes of :data:`Move`, in a fixed order; in JSON they are tagged ``play`` and ``end_turn``."""

END_TURN = EndTurn()
"""The one ``EndTurn()`` the engine hands out."""

# The engine hands out these shared instances instead of building a move per legal move.
_PLAYS: tuple[tuple[Play, ...], ...] = tuple(
    tuple(Play(card, pile) for pile in PILES) if card >= 2 else ()
    for card in range(100)
)

_ALL_MOVES: tuple[Move, ...] = (*(_PLAYS[card][pile] for card in CARDS for pile in PILES), END_TURN)


def all_moves(rules: Rules) -> tuple[Move, ...]:
    """The whole action space, the same for every rules: ``Play(2, 0) .. Play(99, 3)``, then
    ``EndTurn()``. The index of a move in this tuple is its integer action.

    >>> moves = all_moves(Rules(players=3))
    >>> len(moves), moves.index(Play(35, 0)), moves.index(EndTurn())
    (393, 132, 392)
    """
    check_instance(rules, Rules, "The Game's Rules")
    return _ALL_MOVES
