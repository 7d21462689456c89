"""The rules values the conformance suite covers: each preset at each table, each variant mix.

Every preset at every table, and every combination of the variant fields.
"""

from __future__ import annotations

import itertools
from typing import Any

import attrs

from cardrules.games.mille_bornes.rules import OPTION_CHOICES, Rules

__all__ = ["TABLES", "option_grid", "variant_grid"]

TABLES: tuple[tuple[int, int], ...] = (
    (2, 1), (3, 1), (4, 1), (4, 2), (5, 1), (6, 1), (6, 2), (6, 3),
    (7, 1), (8, 1), (8, 2), (8, 4), (9, 1), (9, 3),
)
"""Every table the rules allow, as ``(players, team_size)``."""

_PRESETS = (Rules.parker, Rules.french, Rules.wikipedia, Rules.room)


def option_grid() -> tuple[Rules, ...]:
    """Each preset at each table for a single hand, and each preset's full match at 2 players and
    in two partnerships.

    >>> len(option_grid())
    64
    """
    single = [preset(players=players, team_size=team_size, target_score=None)
              for players, team_size in TABLES for preset in _PRESETS]
    matches = [preset(players=players, team_size=team_size)
               for players, team_size in ((2, 1), (4, 2)) for preset in _PRESETS]
    return (*single, *matches)


# Every option but safety_extra_turn (which only changes whose turn it is once the draw pile is
# empty); the choices are the options' own.
_VARIANTS: dict[str, tuple[object, ...]] = {
    **{name: OPTION_CHOICES[name]
       for name in ("hazard_stacking", "coup_fourre", "safety_cancel", "discard", "hand_end")},
    "reshuffle_discards": (False, True),
    "wrong_way": (False, True),
}


def variant_grid(players: int = 2, team_size: int = 1) -> tuple[Rules, ...]:
    """Every combination of the variant fields (288) at one table, for single hands.

    >>> len(variant_grid())
    288
    """
    names = list(_VARIANTS)
    base = Rules(players=players, team_size=team_size, target_score=None)
    grid = []
    for values in itertools.product(*_VARIANTS.values()):
        options: dict[str, Any] = dict(zip(names, values, strict=True))
        grid.append(attrs.evolve(base, **options))
    return tuple(grid)
