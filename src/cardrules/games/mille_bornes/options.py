"""The values Mille Bornes' options take, and the limits of every number.

The words of each rule that is a choice, the points of a :class:`Scoring`, the race that follows
the table (:data:`BY_TABLE`), a deck given as counts, and the limits of every number. The options
themselves are the fields of :class:`~cardrules.games.mille_bornes.rules.Rules`.
"""

from __future__ import annotations

import enum
import functools
from typing import Final, Literal, TypeAlias

import attrs

from cardrules.arguments import shown
from cardrules.errors import RulesError
from cardrules.games.mille_bornes.cards import Card

__all__ = [
    "BY_TABLE",
    "MAX_MILES",
    "MAX_PLAYERS",
    "MAX_RESHUFFLES",
    "MAX_TARGET_SCORE",
    "ByTable",
    "CoupFourreRule",
    "DeckCounts",
    "DiscardRule",
    "HandEnd",
    "HazardStacking",
    "SafetyCancel",
    "SafetyExtraTurn",
    "Scoring",
]

HazardStacking: TypeAlias = Literal["none", "topmost", "accumulate"]
CoupFourreRule: TypeAlias = Literal["attacked_side", "any_player", "off"]
SafetyCancel: TypeAlias = Literal["needs_roll", "restores"]
DiscardRule: TypeAlias = Literal["any", "unplayable_only"]
HandEnd: TypeAlias = Literal["all_hands_empty", "any_hand_empty"]
SafetyExtraTurn: TypeAlias = Literal["always", "while_drawing"]

DeckCounts: TypeAlias = tuple[tuple[Card, int], ...]
"""A deck given as ``((card, count), ...)``, each card at most once."""

MAX_PLAYERS: Final = 9
"""The most seats at a table (and so the most sides)."""
MAX_MILES: Final = 10_000
"""The longest race or extension: ten times the rulebooks' longest (1000, extended to 1200)."""
MAX_RESHUFFLES: Final = 100
"""The most reshuffles of the discards a hand may allow (the game room's is 3): a hand lasts at
most ``deck × (1 + reshuffle_limit)`` card moves."""
MAX_TARGET_SCORE: Final = 1_000_000
"""The highest target score of a match (the rulebooks' is 5000)."""


def _whole(value: object) -> bool:
    return type(value) is int


@attrs.frozen(kw_only=True)
class Scoring:
    """Points scored by each side at the end of a hand; the defaults are Parker's.

    >>> Scoring().trip, Scoring.room().trip, Scoring.room().shutout_per_opponent
    (400, 300, False)
    """

    per_mile: int = 1
    """Points per mile travelled (every side)."""
    safety: int = 100
    """Per safety played (every side)."""
    all_safeties: int = 300
    """Bonus for a side that played all four safeties."""
    all_safeties_needs_trip: bool = False
    """Room rules: the all-safeties bonus only for the side that completed the trip."""
    coup_fourre: int = 300
    """Per coup fourré, on top of the safety's own points."""
    trip: int = 400
    """For the side that completed the trip."""
    delayed_action: int = 300
    """Trip completed after the draw pile ran out."""
    safe_trip: int = 300
    """Trip completed without playing a 200."""
    shutout: int = 500
    """Trip completed while an opponent side played no distance card."""
    shutout_per_opponent: bool = True
    """Parker: one shutout per such opponent side. Room: one, only if *no* other side has distance."""
    extension: int = 200
    """To the side that called an extension and completed it."""
    extension_failure_to_opponents: bool = True
    """Parker: when the caller does not complete the extended trip, each opponent side scores the
    extension bonus instead. Wikipedia: nobody does."""

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Scoring):
            value = getattr(self, field.name)
            if field.type in ("int", int) and (not _whole(value) or value < 0):
                raise RulesError(f"Scoring.{field.name} is a whole number of points, not {shown(value)}")
            if field.type in ("bool", bool) and type(value) is not bool:
                raise RulesError(f"Scoring.{field.name} is True or False, not {shown(value)}")

    @functools.cached_property
    def _worth_points(self) -> frozenset[str]:
        # The lines that give points, worked out once per Scoring value (presets share theirs).
        return frozenset(name for name in _LINES if getattr(self, name) > 0)

    @classmethod
    def parker(cls) -> Scoring:
        """Parker Brothers' scoring (also the French and Wikipedia rules')."""
        return cls()

    @classmethod
    def room(cls) -> Scoring:
        """The online game room's scoring (see docs/rules/mille-bornes.md): 300 trip, 300
        "coronación", no safe-trip or extension bonus, one shutout only if no other side has
        distance, all-four-safeties bonus only for the side that completed the trip."""
        return cls(trip=300, safe_trip=0, extension=0, shutout_per_opponent=False,
                   all_safeties_needs_trip=True)


_LINES = tuple(field.name for field in attrs.fields(Scoring) if field.type in ("int", int))


class ByTable(enum.Enum):
    """The value of ``Rules.race`` or ``Rules.extension_to`` that follows the table (its only member
    is :data:`BY_TABLE`)."""

    BY_TABLE = "by_table"

    def __repr__(self) -> str:
        return "BY_TABLE"


BY_TABLE: Final = ByTable.BY_TABLE
"""Asks for the race or the extension Parker gives the table: the default of both fields."""
