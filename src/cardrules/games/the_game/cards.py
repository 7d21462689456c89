"""The cards and piles of The Game: number cards 2..99, two ascending and two descending piles."""

from __future__ import annotations

__all__ = [
    "ASCENDING",
    "CARDS",
    "FIRE_CARDS",
    "PILES",
    "PILE_NAMES",
    "ROW_CARDS",
    "TRICK",
]

CARDS: tuple[int, ...] = tuple(range(2, 100))
"""The 98 number cards, one of each."""

PILES: tuple[int, ...] = (0, 1, 2, 3)
"""Piles 0 and 1 ascend from 1; piles 2 and 3 descend from 100."""

ASCENDING: tuple[bool, ...] = (True, True, False, False)

ROW_CARDS: tuple[int, ...] = (1, 1, 100, 100)
"""The card that starts each pile; it is not a playable card and can never be tricked."""

PILE_NAMES: tuple[str, ...] = ("up1", "up2", "down1", "down2")
"""How piles are written in move notation."""

TRICK = 10
"""The backwards trick: exactly this far against a pile's direction."""

FIRE_CARDS: frozenset[int] = frozenset({22, 33, 44, 55, 66, 77})
"""The On Fire expansion's fire cards (when ``Rules.on_fire`` is set)."""


def fits(card: int, pile: int, top: int) -> bool:
    """Whether ``card`` may be laid on ``pile`` whose top card is ``top`` (including the trick)."""
    if pile < 2:
        return card > top or card == top - TRICK
    return card < top or card == top + TRICK
