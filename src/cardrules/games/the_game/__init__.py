"""The Game (Steffen Benndorf): lay all 98 cards on two ascending and two descending piles.

The rules as implemented, with every decided point, are in ``docs/the-game.md``. The verbs are the
same as every game's:

>>> from cardrules.games import the_game
>>> state = the_game.new_game(the_game.Rules(players=2), seed=11)
>>> move = the_game.legal_moves(state)[0]
>>> str(move), the_game.parse_move(state, str(move)) == move
('11 on up1', True)
>>> state = the_game.apply(state, move)
>>> the_game.current_player(state), state.laid
(0, 1)
"""

from __future__ import annotations

import sys

import cattrs

from cardrules.errors import ArgumentError
from cardrules.games.the_game.cards import (
    ASCENDING,
    CARDS,
    FIRE_CARDS,
    PILE_NAMES,
    PILES,
    ROW_CARDS,
    TRICK,
)
from cardrules.games.the_game.engine import (
    apply,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
    why_illegal,
)
from cardrules.games.the_game.moves import ALL_MOVES, END_TURN, EndTurn, Move, Play
from cardrules.games.the_game.notation import parse_move
from cardrules.games.the_game.observation import (
    Observation,
    determinize,
    observe,
    validate_observation,
)
from cardrules.games.the_game.result import Result, result, validate_result
from cardrules.games.the_game.rules import RULES_VERSION, Rules, option_grid
from cardrules.games.the_game.state import State, Status
from cardrules.games.the_game.validation import validate_state
from cardrules.registry import Game, register

__all__ = [
    "ALL_MOVES",
    "ASCENDING",
    "CARDS",
    "END_TURN",
    "FIRE_CARDS",
    "GAME",
    "PILES",
    "PILE_NAMES",
    "ROW_CARDS",
    "RULES_VERSION",
    "TRICK",
    "EndTurn",
    "Move",
    "Observation",
    "Play",
    "Result",
    "Rules",
    "State",
    "Status",
    "apply",
    "current_player",
    "determinize",
    "is_terminal",
    "legal_moves",
    "new_game",
    "observe",
    "option_grid",
    "parse_move",
    "result",
    "validate_observation",
    "validate_result",
    "validate_state",
    "why_illegal",
]
__all__ += ["MOVE_CLASSES", "NAME", "TITLE", "all_moves", "cards", "configure_converter", "deck", "rules_of"]


NAME = "the-game"
"""The game's name in the registry."""
TITLE = "The Game"
MOVE_CLASSES: tuple[type, ...] = (Play, EndTurn)
"""The classes of :data:`Move`."""


def all_moves(rules: Rules) -> tuple[Move, ...]:
    """The whole action space (the same under every rules value): :data:`ALL_MOVES`."""
    if type(rules) is not Rules:
        raise ArgumentError(f"expected The Game's Rules, not {type(rules).__name__}")
    return ALL_MOVES


def deck(rules: Rules) -> tuple[int, ...]:
    """The cards of the deck, sorted: 2 to 99 under every rules value."""
    if type(rules) is not Rules:
        raise ArgumentError(f"expected The Game's Rules, not {type(rules).__name__}")
    return CARDS


def cards(state: State) -> list[int]:
    """Every card ``state`` holds: on the piles (row cards aside), in hands and in the draw pile."""
    if type(state) is not State:
        raise ArgumentError(f"expected a state of The Game, not {type(state).__name__}")
    found = [card for pile in state.piles for card in pile[1:]]
    for hand in state.hands:
        found.extend(hand)
    found.extend(state.draw_pile)
    return found


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under."""
    if type(state) is not State:
        raise ArgumentError(f"expected a state of The Game, not {type(state).__name__}")
    return state.rules


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` The Game's values: nothing beyond what it reads by itself (cards are
    numbers, and the shared machinery tags the moves)."""


GAME = register(Game.from_module(sys.modules[__name__]))
"""The Game's descriptor in the registry."""
