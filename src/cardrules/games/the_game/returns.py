"""What The Game pays its seats: its ``returns`` and ``rewards`` facets (the share of the deck laid).

The table plays together, so every seat gets the same figures: once the game is over, the share
of the deck laid, ``(98 - cards_left) / 98``, and as it goes (for the adapters' rewards) 1/98 for
each card laid, so that an episode's rewards add up to its return.
"""

from __future__ import annotations

from collections.abc import Sequence

from cardrules.games.the_game.cards import CARDS
from cardrules.games.the_game.moves import Play
from cardrules.games.the_game.result import result
from cardrules.games.the_game.state import State

__all__ = ["returns", "rewards"]

_PER_CARD = 1 / len(CARDS)


def returns(state: State) -> tuple[float, ...]:
    """One figure per seat: zeros while the game goes on, then the share of the deck laid.

    >>> from cardrules.games.the_game import Rules, new_game
    >>> returns(new_game(Rules(players=2), seed=1))
    (0.0, 0.0)
    """
    outcome = result(state)
    players = state.rules.players
    if outcome is None:
        return (0.0,) * players
    return ((len(CARDS) - outcome.cards_left) / len(CARDS),) * players


def rewards(moves: Sequence[object]) -> tuple[float, ...]:
    """What each move pays every seat as it is made: 1/98 for a card laid, nothing for ending a
    turn, so that an episode's rewards add up to its return.

    >>> from cardrules.games.the_game import EndTurn, Play
    >>> rewards((Play(35, 0), EndTurn()))
    (0.01020408163265306, 0.0)
    """
    return tuple(_PER_CARD if type(move) is Play else 0.0 for move in moves)
