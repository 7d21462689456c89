"""The table of The Game: what every seat sees.

It holds the piles, how many cards each hand and the draw pile hold, whose turn it is and how it
stands.
"""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

__all__ = ["PLAYING", "STATUSES", "Pile", "Status", "Table"]

Status: TypeAlias = Literal["playing", "won", "stuck", "burned"]
"""How the game stands, won, lost or going on (Mille Bornes' ``Phase`` says something else: which kind
of decision is pending, and The Game has only one). ``playing``; ``won`` (all 98 cards laid); lost:
``stuck`` (the player on turn could not lay the minimum) or ``burned`` (a fire card was not covered
in time)."""

PLAYING: Status = "playing"
"""The status of a game that goes on."""

STATUSES: tuple[Status, ...] = ("playing", "won", "stuck", "burned")
"""Every :data:`Status`, in the order above."""

Pile: TypeAlias = tuple[int, ...]
"""A pile bottom to top, starting with its row card (1 or 100); its top card is ``pile[-1]``."""


@attrs.frozen
class Table:
    """The public part of a game: everything every seat sees, and nothing hidden.

    A :class:`~cardrules.games.the_game.State` holds one, and so does every seat's
    :class:`~cardrules.games.the_game.Observation` (the very same object, as ``observe`` passes it
    on). Fields, in constructor order (``apply`` builds tables positionally, for speed):

    - ``piles``: the four piles, each from its row card to its top card. Every card ever laid stays
      visible here, so a seat that remembers the game knows nothing the table does not show.
    - ``hand_sizes``: how many cards each seat holds.
    - ``draw_pile_size``: how many cards are left to draw.
    - ``current``: the seat on turn (when the game is over: the seat that was on turn).
    - ``laid``: cards laid so far this turn.
    - ``turn``: turns completed before this one.
    - ``fire_due``: per pile, the turn by whose end the fire card on top must be covered, or -1.
    - ``status``: see :data:`Status`.

    >>> from cardrules.games.the_game import Rules, new_game
    >>> table = new_game(Rules(players=2), seed=4).table
    >>> table.tops, table.hand_sizes, table.draw_pile_size, table.current, table.status
    ((1, 1, 100, 100), (7, 7), 84, 0, 'playing')
    """

    piles: tuple[Pile, Pile, Pile, Pile]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    current: int
    laid: int
    turn: int
    fire_due: tuple[int, int, int, int]
    status: Status

    @property
    def tops(self) -> tuple[int, int, int, int]:
        """The top card of each pile (a row card, 1 or 100, while the pile is empty)."""
        a, b, c, d = self.piles
        return a[-1], b[-1], c[-1], d[-1]
