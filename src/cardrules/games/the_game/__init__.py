"""The Game (Steffen Benndorf): lay all 98 cards on two ascending and two descending piles.

The rules as implemented, with every decided point, are in ``docs/the-game.md``. The verbs are the
same as every game's:

>>> from cardrules.games import the_game
>>> state = the_game.new_game(the_game.Rules(players=2), seed=11)
>>> move = the_game.legal_moves(state)[0]
>>> str(move), the_game.parse_move(state, str(move)) == move
('11 on up1', True)
>>> state = the_game.apply(state, move)
>>> the_game.current_player(state), state.table.laid
(0, 1)

A :class:`State` is the public :class:`Table` (what every seat sees) plus the hidden hands and draw
pile; an :class:`Observation` is the same table plus one seat's own hand.
"""

from __future__ import annotations

from cardrules.games.the_game._converter import configure_converter as configure_converter
from cardrules.games.the_game.cards import (
    ASCENDING,
    CARDS,
    FIRE_CARDS,
    PILE_NAMES,
    PILES,
    ROW_CARDS,
    TRICK,
    deck,
)
from cardrules.games.the_game.engine import apply, current_player, is_terminal, new_game
from cardrules.games.the_game.legality import illegal_reason, legal_moves, legal_moves_of, why_illegal
from cardrules.games.the_game.moves import END_TURN, MOVE_CLASSES, EndTurn, Move, Play, all_moves
from cardrules.games.the_game.notation import parse_move
from cardrules.games.the_game.observation import determinize, observe
from cardrules.games.the_game.render import describe_move, describe_result, pile_name, render
from cardrules.games.the_game.result import result, validate_result
from cardrules.games.the_game.rules import NAME, RULES_VERSION, TITLE, Rules, option_grid
from cardrules.games.the_game.state import Observation, Result, State, cards, rules_of
from cardrules.games.the_game.table import Status, Table
from cardrules.games.the_game.validation import validate_observation, validate_state, validate_table
from cardrules.registry import Game, register

# The public API. configure_converter, imported above, is not part of it: the registry reads it
# from the package for the serialization.
__all__ = [
    "ASCENDING",
    "CARDS",
    "END_TURN",
    "FIRE_CARDS",
    "GAME",
    "MOVE_CLASSES",
    "NAME",
    "PILES",
    "PILE_NAMES",
    "ROW_CARDS",
    "RULES_VERSION",
    "TITLE",
    "TRICK",
    "EndTurn",
    "Move",
    "Observation",
    "Play",
    "Result",
    "Rules",
    "State",
    "Status",
    "Table",
    "all_moves",
    "apply",
    "cards",
    "current_player",
    "deck",
    "describe_move",
    "describe_result",
    "determinize",
    "illegal_reason",
    "is_terminal",
    "legal_moves",
    "legal_moves_of",
    "new_game",
    "observe",
    "option_grid",
    "parse_move",
    "pile_name",
    "render",
    "result",
    "rules_of",
    "validate_observation",
    "validate_result",
    "validate_state",
    "validate_table",
    "why_illegal",
]

GAME: Game[Rules, State, Move, Observation, Result, int] = register(Game(
    name=NAME, title=TITLE, rules_version=RULES_VERSION,
    rules_type=Rules, state_type=State, move_type=Move, move_classes=MOVE_CLASSES,
    observation_type=Observation, result_type=Result,
    new_game=new_game, legal_moves=legal_moves, legal_moves_of=legal_moves_of, apply=apply,
    current_player=current_player, is_terminal=is_terminal, result=result, observe=observe,
    determinize=determinize, parse_move=parse_move, why_illegal=why_illegal, render=render,
    describe_move=describe_move, validate_state=validate_state, validate_observation=validate_observation,
    validate_result=validate_result, option_grid=option_grid, all_moves=all_moves, deck=deck, cards=cards,
    rules_of=rules_of, configure_converter=configure_converter,
    picture="cardrules.games.the_game.picture:picture",
    encoder="cardrules.games.the_game.encoder:TheGameEncoder",
    returns="cardrules.games.the_game.returns:returns",
    rewards="cardrules.games.the_game.returns:rewards",
    command_line="cardrules.games.the_game.command_line:THE_GAME",
    openspiel="cardrules.games.the_game.openspiel:OpenSpielFacts",
    bots={"greedy": "cardrules.games.the_game.bots:GreedyBot"},
))
"""The Game's descriptor in the registry: its contract and its facets."""
