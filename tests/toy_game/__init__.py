"""Toy Mau, a third game that lives in the tests: proof that a game is one package plus one registration.

Importing this package registers the game; from then on ``cardrules.apply`` and friends, JSON, game
records, bots, ``check_conformance`` and the command line (``cardrules --import tests.toy_game``) serve
it. ``values`` holds its types, ``engine`` its verbs; this module adds what the registry reads.
"""

from __future__ import annotations

import itertools

import cattrs

from cardrules.arguments import check_instance
from cardrules.registry import Game, register
from tests.toy_game.engine import (
    ALL_MOVES,
    apply,
    current_player,
    describe_move,
    determinize,
    is_terminal,
    legal_moves,
    legal_moves_of,
    new_game,
    observe,
    parse_move,
    render,
    result,
    validate_observation,
    validate_result,
    validate_state,
    why_illegal,
)
from tests.toy_game.values import DECK, Draw, Move, Observation, Pass, Play, Result, Rules, State

__all__ = [
    "ALL_MOVES", "DECK", "GAME", "MOVE_CLASSES", "NAME", "RULES_VERSION", "TITLE", "Draw", "Move",
    "Observation", "Pass", "Play", "Result", "Rules", "State", "all_moves", "apply", "cards",
    "configure_converter", "current_player", "deck", "describe_move", "determinize", "is_terminal",
    "legal_moves", "legal_moves_of", "new_game", "observe", "option_grid", "parse_move", "render",
    "result", "rules_of", "validate_observation", "validate_result", "validate_state", "why_illegal",
]

NAME = "toy-mau"
TITLE = "Toy Mau"
RULES_VERSION = 1
MOVE_CLASSES: tuple[type, ...] = (Play, Draw, Pass)


def option_grid() -> tuple[Rules, ...]:
    """Every table size, with short and full hands: what the conformance check covers."""
    return tuple(Rules(players=p, hand_size=h) for p, h in itertools.product((2, 3, 4), (3, 5)))


def all_moves(rules: Rules) -> tuple[Move, ...]:
    """The whole action space, the same under every rules value: a play per card, draw, pass."""
    check_instance(rules, Rules, "Toy Mau's Rules")
    return ALL_MOVES


def deck(rules: Rules) -> tuple[int, ...]:
    """The 24 cards, sorted (the same under every rules value)."""
    check_instance(rules, Rules, "Toy Mau's Rules")
    return DECK


def cards(state: State) -> tuple[int, ...]:
    """Every card of ``state``: the discard pile, the hands and the stock."""
    check_instance(state, State, "a state of Toy Mau")
    return (*state.discard, *itertools.chain.from_iterable(state.hands), *state.stock)


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under."""
    return check_instance(state, State, "a state of Toy Mau").rules


def configure_converter(converter: cattrs.Converter) -> None:
    """Nothing to teach: cards are numbers, and the core tags the moves from ``MOVE_CLASSES``."""


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
    picture="tests.toy_game.picture:picture",
    encoder="tests.toy_game.encoder:ToyMauEncoder",
    command_line="tests.toy_game.command_line:TOY_MAU",
    openspiel="tests.toy_game.openspiel:OpenSpielFacts",
))
"""Toy Mau's descriptor in the registry: its contract and its facets."""
