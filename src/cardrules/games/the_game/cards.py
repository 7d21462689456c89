"""The cards and piles of The Game: number cards 2..99, two ascending and two descending piles."""

from __future__ import annotations

from collections.abc import Iterable

from cardrules.arguments import check_instance
from cardrules.games.the_game.rules import Rules

__all__ = [
    "ASCENDING",
    "CARDS",
    "FIRE_CARDS",
    "PILES",
    "PILE_NAMES",
    "ROW_CARDS",
    "TRICK",
    "dead_cards",
    "deck",
    "fits",
]

CARDS: tuple[int, ...] = tuple(range(2, 100))
"""The 98 number cards, one of each."""

PILES: tuple[int, ...] = (0, 1, 2, 3)
"""Piles 0 and 1 ascend from 1; piles 2 and 3 descend from 100."""

ASCENDING: tuple[bool, ...] = (True, True, False, False)
"""Whether each pile ascends (piles 0 and 1) or descends (piles 2 and 3)."""

ROW_CARDS: tuple[int, ...] = (1, 1, 100, 100)
"""The card that starts each pile; it is not a playable card and can never be tricked."""

PILE_NAMES: tuple[str, ...] = ("up1", "up2", "down1", "down2")
"""How piles are written in move notation."""

TRICK = 10
"""The backwards trick: exactly this far against a pile's direction."""

FIRE_CARDS: frozenset[int] = frozenset({22, 33, 44, 55, 66, 77})
"""The On Fire expansion's fire cards (when ``Rules.on_fire`` is set)."""


def deck(rules: Rules) -> tuple[int, ...]:
    """Every card of the deck, sorted: 2 to 99 under any rules (On Fire marks some, adds none).

    >>> deck(Rules())[:3], len(deck(Rules(on_fire=True)))
    ((2, 3, 4), 98)
    """
    check_instance(rules, Rules, "The Game's Rules")
    return CARDS


def fits(card: int, pile: int, top: int) -> bool:
    """Whether ``card`` may be laid on ``pile`` whose top card is ``top`` (including the trick)."""
    if pile < 2:
        return card > top or card == top - TRICK
    return card < top or card == top + TRICK


def dead_cards(cards: Iterable[int], tops: tuple[int, int, int, int]) -> set[int]:
    """The ``cards`` that fit no pile whose top cards are ``tops``.

    A card fits an ascending pile when it is higher than its top (or exactly 10 lower), and a
    descending one when it is lower (or exactly 10 higher). So the dead cards lie between the
    highest descending top and the lowest ascending top, and none of them is a trick; found with
    set operations rather than a test per card, as ``determinize`` asks this for every unseen card.

    >>> sorted(dead_cards({5, 30, 40, 45, 60}, (50, 70, 20, 30)))  # 30 and 40 by the trick
    [45]
    """
    a, b, c, d = tops
    dead = set(range(max(c, d), min(a, b) + 1))
    dead.intersection_update(cards)
    dead.difference_update((a - TRICK, b - TRICK, c + TRICK, d + TRICK))
    return dead
