"""The options of The Game: player count, expert minimum, reduced hands, the On Fire expansion."""

from __future__ import annotations

import itertools

import attrs

from cardrules.arguments import shown
from cardrules.errors import RulesError

__all__ = ["MAX_PLAYERS", "NAME", "RULES_VERSION", "TITLE", "Rules", "option_grid"]

NAME = "the-game"
"""The game's name in the registry, in JSON and on the command line."""

TITLE = "The Game"
"""The game's name for people."""

RULES_VERSION = 1
"""Bumped whenever a rule's implementation changes what a recorded game would do."""

MAX_PLAYERS = 5
"""The Game is played by 1 to 5 players."""

_HAND_SIZES = {1: 8, 2: 7, 3: 6, 4: 6, 5: 6}


def _check_players(_: object, __: object, value: object) -> None:
    if type(value) is not int or not 1 <= value <= MAX_PLAYERS:
        raise RulesError(f"The Game is played by 1 to {MAX_PLAYERS} players, not {shown(value)}")


def _check_flag(_: object, attribute: attrs.Attribute[bool], value: object) -> None:
    if type(value) is not bool:
        raise RulesError(f"Rules.{attribute.name} is True or False, not {shown(value)}")


@attrs.frozen(kw_only=True)
class Rules:
    """How a game of The Game is played; the defaults are the rulebook's base game, solo.

    >>> Rules(players=3)
    Rules(players=3, expert=False, reduced_hand=False, on_fire=False)
    >>> Rules(players=3).hand_size, Rules(players=3, expert=True).minimum
    (6, 3)
    """

    players: int = attrs.field(default=1, validator=_check_players)
    """1 to 5 (cooperative: everyone wins or loses together)."""
    expert: bool = attrs.field(default=False, validator=_check_flag)
    """Expert mode: lay at least 3 cards a turn while the draw pile has cards (else 1)."""
    reduced_hand: bool = attrs.field(default=False, validator=_check_flag)
    """Every hand one card smaller (7 solo, 6 for two, 5 for three to five)."""
    on_fire: bool = attrs.field(default=False, validator=_check_flag)
    """The On Fire expansion: 22, 33, 44, 55, 66 and 77 must be covered by the end of the next turn."""

    # Derived once, when the rules are made, because the engine reads them on every move. They are
    # not options: they stay out of the constructor, ``repr`` and equality, and JSON leaves them
    # out (cattrs skips fields that are not in the constructor).
    hand_size: int = attrs.field(init=False, repr=False, eq=False)
    """Cards in a full hand: 8 solo, 7 for two, 6 for three to five (one fewer if reduced)."""
    minimum: int = attrs.field(init=False, repr=False, eq=False)
    """Cards to lay each turn while the draw pile has cards (1 once it is empty): 2, or 3 if expert."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "hand_size", _HAND_SIZES[self.players] - self.reduced_hand)
        object.__setattr__(self, "minimum", 3 if self.expert else 2)


_FLAGS = (False, True)


def option_grid() -> tuple[Rules, ...]:
    """Every combination of options at every table size: what the conformance suite covers."""
    return tuple(
        Rules(players=p, expert=e, reduced_hand=r, on_fire=f)
        for p, e, r, f in itertools.product(range(1, MAX_PLAYERS + 1), _FLAGS, _FLAGS, _FLAGS)
    )
