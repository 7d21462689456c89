"""The Game's rewards as it goes, for the adapters: each card laid pays every seat its share of the deck."""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.games.the_game.cards import CARDS
from cardrules.games.the_game.moves import Play

__all__ = ["rewards"]

_PER_CARD = 1 / len(CARDS)


def rewards(moves: Sequence[object]) -> tuple[float, ...]:
    """What each move pays every seat as it is made: its return is the share of the deck laid,
    ``(98 - cards_left) / 98``, so each card laid pays 1/98 and an episode's rewards add up to the
    return.

    >>> from cardrules.games.the_game import EndTurn, Play
    >>> rewards((Play(35, 0), EndTurn()))
    (0.01020408163265306, 0.0)
    """
    return tuple(_PER_CARD if type(move) is Play else 0.0 for move in moves)
