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


def _cards(state: State) -> list[int]:
    cards = [card for pile in state.piles for card in pile[1:]]
    for hand in state.hands:
        cards.extend(hand)
    cards.extend(state.draw_pile)
    return cards


GAME = register(
    Game.from_module(
        sys.modules[__name__],
        name="the-game",
        title="The Game",
        move_classes=(Play, EndTurn),
        card_type=int,
        all_moves=lambda rules: ALL_MOVES,
        cards=_cards,
        deck=lambda rules: CARDS,
    )
)
"""The Game's descriptor in the registry."""
