"""The full state of a game of The Game, hidden cards included."""

from __future__ import annotations

from typing import Literal, TypeAlias

import attrs

from cardrules.games.the_game.rules import Rules

__all__ = ["PLAYING", "Pile", "State", "Status"]

Status: TypeAlias = Literal["playing", "won", "stuck", "burned"]
"""``playing``; ``won`` (all 98 cards laid); lost: ``stuck`` (the player on turn could not lay
the minimum) or ``burned`` (a fire card was not covered in time)."""

PLAYING: Status = "playing"

Pile: TypeAlias = tuple[int, ...]
"""A pile bottom to top, starting with its row card (1 or 100); its top card is ``pile[-1]``."""


@attrs.frozen
class State:
    """Everything about a game in progress, including the hands and the draw-pile order.

    Build one with :func:`~cardrules.games.the_game.new_game`; read it freely; never pass it to a
    player as is (use :func:`~cardrules.games.the_game.observe`). Fields, in constructor order:

    - ``rules``: the :class:`Rules` in force.
    - ``piles``: the four piles, each from its row card to its top card.
    - ``hands``: each seat's hand, sorted.
    - ``draw_pile``: the face-down cards, the next to be drawn first.
    - ``current``: the seat on turn (when the game is over: the seat that was on turn).
    - ``laid``: cards laid so far this turn.
    - ``turn``: turns completed before this one.
    - ``fire_due``: per pile, the turn by whose end the fire card on top must be covered, or -1.
    - ``status``: see :data:`Status`.
    """

    rules: Rules
    piles: tuple[Pile, Pile, Pile, Pile]
    hands: tuple[tuple[int, ...], ...]
    draw_pile: tuple[int, ...]
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

    @property
    def minimum(self) -> int:
        """Cards the player on turn must lay this turn."""
        return self.rules.minimum if self.draw_pile else 1
