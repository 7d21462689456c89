"""The rulebooks' rules as constructors of ``Rules``: Parker Brothers', French, Wikipedia's, the room's.

Each is a constructor of :class:`~cardrules.games.mille_bornes.rules.Rules`: Parker Brothers' (the
default), the French rules, the Spanish Wikipedia article's and the online game room's (see
docs/rules/mille-bornes.md).

Each preset takes every option as a keyword, with the rulebook's choices as defaults, and returns an
ordinary ``Rules`` value whose fields can be changed with ``attrs.evolve``. They are classmethods of
:class:`Presets`, which ``Rules`` inherits: ``Rules.parker(players=4, team_size=2)``.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, ParamSpec, Self, TypeVar

from cardrules.arguments import shown
from cardrules.errors import ArgumentError, RulesError
from cardrules.games.mille_bornes.options import (
    BY_TABLE,
    ByTable,
    CoupFourreRule,
    DeckCounts,
    DiscardRule,
    HandEnd,
    HazardStacking,
    SafetyCancel,
    SafetyExtraTurn,
    Scoring,
)

__all__ = ["Presets"]

_PARKER_SCORING: Final = Scoring.parker()
_WIKIPEDIA_SCORING: Final = Scoring(extension_failure_to_opponents=False)
_ROOM_SCORING: Final = Scoring.room()

P = ParamSpec("P")
R = TypeVar("R")


def _fields_of(arguments: dict[str, object]) -> dict[str, Any]:
    """A preset's arguments (its ``locals()``) as the keyword arguments of ``Rules``: every explicit
    keyword parameter of a preset is a field of ``Rules`` of the same name."""
    return {name: value for name, value in arguments.items() if name != "cls"}


def _keywords_checked(preset: Callable[P, R]) -> Callable[P, R]:
    """``preset``, refusing a call whose arguments do not fit its signature (a misspelt option, a
    positional argument) with an :class:`ArgumentError` that names the options."""
    signature = inspect.signature(preset)
    options = [name for name, parameter in signature.parameters.items()
               if parameter.kind is parameter.KEYWORD_ONLY]

    @functools.wraps(preset)
    def checked(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            signature.bind(*args, **kwargs)
        except TypeError:
            unknown = [name for name in kwargs if name not in options]
            problem = (f"has no option {', '.join(map(repr, unknown))}" if unknown
                       else "takes its options by keyword")
            raise ArgumentError(f"Rules.{preset.__name__}() {problem}; its options are "
                                f"{', '.join(options)}") from None
        return preset(*args, **kwargs)

    return checked


class Presets:
    """The rulebooks' rules, as classmethods of :class:`~cardrules.games.mille_bornes.rules.Rules`
    (which inherits them; this class holds no field)."""

    __slots__ = ()

    if TYPE_CHECKING:
        def __init__(self, **options: Any) -> None: ...

    @classmethod
    @_keywords_checked
    def parker(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = True,
        safety_extra_turn: SafetyExtraTurn = "always", hazard_stacking: HazardStacking = "none",
        coup_fourre: CoupFourreRule = "attacked_side", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _PARKER_SCORING, target_score: int | None = 5000,
    ) -> Self:
        """Parker Brothers' rules (see docs/rules/mille-bornes.md), the default: 700 or 1000 miles by table.

        >>> from cardrules.games.mille_bornes import Rules
        >>> Rules.parker(players=6, team_size=2).race
        700
        >>> Rules.parker(player=4)
        Traceback (most recent call last):
        ...
        cardrules.errors.ArgumentError: Rules.parker() has no option 'player'; its options are players, ...
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def french(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = True,
        safety_extra_turn: SafetyExtraTurn = "while_drawing", hazard_stacking: HazardStacking = "none",
        coup_fourre: CoupFourreRule = "attacked_side", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _PARKER_SCORING, target_score: int | None = 5000,
    ) -> Self:
        """The French rules: as Parker, but no extra turn for a normal safety once the draw pile
        is empty.

        >>> from cardrules.games.mille_bornes import Rules
        >>> Rules.french(players=3).safety_extra_turn
        'while_drawing'
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def wikipedia(
        cls, *, players: int = 2, team_size: int = 1, race: int | ByTable = BY_TABLE,
        extension_to: int | ByTable | None = BY_TABLE, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = False,
        safety_extra_turn: SafetyExtraTurn = "always", hazard_stacking: HazardStacking = "topmost",
        coup_fourre: CoupFourreRule = "any_player", safety_cancel: SafetyCancel = "needs_roll",
        discard: DiscardRule = "any", hand_end: HandEnd = "all_hands_empty",
        reshuffle_discards: bool = False, reshuffle_limit: int = 3, wrong_way: bool = False,
        scoring: Scoring = _WIKIPEDIA_SCORING, target_score: int | None = 5000,
    ) -> Self:
        """The Spanish Wikipedia article's rules (see docs/rules/mille-bornes.md): hazards stack
        (only the top counts), any player may call a coup fourré, all 106 cards at every table,
        and the extension bonus only for a caller who completes the longer trip; pass
        ``race=1000, extension_to=1200`` for the long race it describes.

        >>> from cardrules.games.mille_bornes import Rules
        >>> rules = Rules.wikipedia(race=1000, extension_to=1200)
        >>> rules.hazard_stacking, rules.coup_fourre, rules.race, rules.extension_to
        ('topmost', 'any_player', 1000, 1200)
        """
        return cls(**_fields_of(locals()))

    @classmethod
    @_keywords_checked
    def room(
        cls, *, players: int = 2, team_size: int = 1, accumulate: bool = False,
        reshuffle: bool = False, wrong_way: bool = False, race: int | ByTable = 1000,
        extension_to: int | ByTable | None = None, hand_size: int = 6, max_200s: int = 2,
        deck: DeckCounts | None = None, small_table_deck: bool = False,
        safety_extra_turn: SafetyExtraTurn = "always", coup_fourre: CoupFourreRule = "attacked_side",
        safety_cancel: SafetyCancel = "needs_roll", discard: DiscardRule = "unplayable_only",
        hand_end: HandEnd = "any_hand_empty", reshuffle_limit: int = 3,
        scoring: Scoring = _ROOM_SCORING, target_score: int | None = 5000,
    ) -> Self:
        """The online game room's rules (see docs/rules/mille-bornes.md): race 1000 without
        extension, its scoring, only unplayable cards may be discarded, the hand ends when a
        player due to play has no cards. Its three variants are switches, off unless asked for:
        ``accumulate`` (accumulated attacks: ``hazard_stacking="accumulate"``), ``reshuffle``
        (``reshuffle_discards=True``) and ``wrong_way`` (the wrong-way card).

        >>> from cardrules.games.mille_bornes import Rules
        >>> rules = Rules.room(players=4, accumulate=True)
        >>> rules.race, rules.hazard_stacking, rules.reshuffle_discards
        (1000, 'accumulate', False)
        >>> Rules.room(accumulate="no")
        Traceback (most recent call last):
        ...
        cardrules.errors.RulesError: Rules.room(accumulate=...) is True or False, not 'no'
        """
        for name, switch in (("accumulate", accumulate), ("reshuffle", reshuffle), ("wrong_way", wrong_way)):
            if type(switch) is not bool:
                raise RulesError(f"Rules.room({name}=...) is True or False, not {shown(switch)}")
        return cls(
            players=players, team_size=team_size, race=race, extension_to=extension_to,
            hand_size=hand_size, max_200s=max_200s, deck=deck, small_table_deck=small_table_deck,
            safety_extra_turn=safety_extra_turn,
            hazard_stacking="accumulate" if accumulate else "none", coup_fourre=coup_fourre,
            safety_cancel=safety_cancel, discard=discard, hand_end=hand_end,
            reshuffle_discards=reshuffle, reshuffle_limit=reshuffle_limit, wrong_way=wrong_way,
            scoring=scoring, target_score=target_score,
        )
