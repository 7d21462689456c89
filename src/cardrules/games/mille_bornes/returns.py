"""What Mille Bornes pays its seats: its ``returns`` facet, each side's share of the win.

A hand or a match is won by the sides with the best score. Among ``n`` sides, a side with share
``s`` of the win (1 alone, ``1/k`` in a tie of ``k``, 0 beaten) gets ``(n * s - 1) / (n - 1)``:
1 for a win alone, ``-1 / (n - 1)`` for a loss, so that the figures of the sides add up to 0;
every seat of a side gets its side's figure.
"""

from __future__ import annotations

from cardrules.games.mille_bornes.result import result
from cardrules.games.mille_bornes.state import State

__all__ = ["returns"]


def returns(state: State) -> tuple[float, ...]:
    """One figure per seat: zeros while the game goes on, then its side's share of the win.

    >>> from cardrules.games.mille_bornes import Rules, new_game
    >>> returns(new_game(Rules(players=4, team_size=2), seed=1))
    (0.0, 0.0, 0.0, 0.0)
    """
    rules = state.rules
    outcome = result(state)
    if outcome is None:
        return (0.0,) * rules.players
    sides, share = rules.sides, 1 / len(outcome.winners)
    per_side = [((sides * share if side in outcome.winners else 0.0) - 1) / (sides - 1)
                for side in range(sides)]
    return tuple(per_side[side] for side in rules.side_of_seat)
