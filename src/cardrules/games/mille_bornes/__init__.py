"""Mille Bornes: the French racing card game, every rulebook's rules and variants.

The rules as implemented, with every decided point, are in ``docs/mille-bornes.md``. The verbs are
the same as every game's:

>>> from cardrules.games import mille_bornes as mb
>>> state = mb.new_game(mb.Rules.parker(players=4, team_size=2), seed=0)
>>> [str(move) for move in mb.legal_moves(state)][:2]
['roll', 'discard 25']
>>> state = mb.apply(state, mb.parse_move(state, "roll"))
>>> state.tableaux[0].rolling, mb.current_player(state)
(True, 1)
"""

from __future__ import annotations

import sys

import cattrs

from cardrules.errors import ArgumentError
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    DISTANCES,
    HAZARDS,
    MILES,
    NAMES,
    REMEDIES,
    SAFETIES,
    Card,
    card_name,
)
from cardrules.games.mille_bornes.engine import (
    apply,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
)
from cardrules.games.mille_bornes.grid import TABLES, option_grid, variant_grid
from cardrules.games.mille_bornes.legality import why_illegal
from cardrules.games.mille_bornes.moves import (
    COUP_FOURRE,
    DECLINE,
    EXTEND,
    CoupFourre,
    Decline,
    Discard,
    Extend,
    Move,
    Play,
    all_moves,
)
from cardrules.games.mille_bornes.notation import parse_move
from cardrules.games.mille_bornes.observation import (
    Observation,
    determinize,
    observe,
    validate_observation,
)
from cardrules.games.mille_bornes.rules import RULES_VERSION, Rules, Scoring, configure_rules_converter
from cardrules.games.mille_bornes.scoring import HandScore, Result, SideScore, result, validate_result
from cardrules.games.mille_bornes.state import Match, Phase, State, Window
from cardrules.games.mille_bornes.tableau import Tableau
from cardrules.games.mille_bornes.validation import validate_state
from cardrules.registry import Game, register
from cardrules.serialization import enum_by_name

__all__ = [
    "BATTLE_HAZARDS",
    "COUP_FOURRE",
    "DECLINE",
    "DISTANCES",
    "EXTEND",
    "GAME",
    "HAZARDS",
    "MILES",
    "NAMES",
    "REMEDIES",
    "RULES_VERSION",
    "SAFETIES",
    "TABLES",
    "Card",
    "CoupFourre",
    "Decline",
    "Discard",
    "Extend",
    "HandScore",
    "Match",
    "Move",
    "Observation",
    "Phase",
    "Play",
    "Result",
    "Rules",
    "Scoring",
    "SideScore",
    "State",
    "Tableau",
    "Window",
    "all_moves",
    "apply",
    "card_name",
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
    "variant_grid",
    "why_illegal",
]
__all__ += ["MOVE_CLASSES", "NAME", "TITLE", "cards", "configure_converter", "deck", "rules_of"]


NAME = "mille-bornes"
"""The game's name in the registry."""
TITLE = "Mille Bornes"
MOVE_CLASSES: tuple[type, ...] = (Play, Discard, CoupFourre, Extend, Decline)
"""The classes of :data:`Move`."""


def deck(rules: Rules) -> tuple[Card, ...]:
    """Every card of the deck under ``rules``, sorted."""
    if type(rules) is not Rules:
        raise ArgumentError(f"expected Mille Bornes' Rules, not {type(rules).__name__}")
    return rules.deck_cards()


def cards(state: State) -> list[Card]:
    """Every card ``state`` holds: draw and discard piles, hands and tableaux."""
    if type(state) is not State:
        raise ArgumentError(f"expected a state of Mille Bornes, not {type(state).__name__}")
    found = [*state.draw_pile, *state.discard_pile]
    for hand in state.hands:
        found.extend(hand)
    for tableau in state.tableaux:
        found.extend(tableau.cards())
    return found


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under."""
    if type(state) is not State:
        raise ArgumentError(f"expected a state of Mille Bornes, not {type(state).__name__}")
    return state.rules


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` Mille Bornes' values: cards by name (``"RIGHT_OF_WAY"``), and the race
    and extension of rules that follow the table as ``"by_table"``."""
    converter.register_unstructure_hook(Card, lambda card: card.name)
    converter.register_structure_hook(Card, enum_by_name(Card))
    converter.register_unstructure_hook_func(
        lambda t: t == frozenset[Card], lambda cards: sorted(card.name for card in cards)
    )
    read_card = enum_by_name(Card)
    converter.register_structure_hook_func(
        lambda t: t == frozenset[Card],
        lambda value, _: frozenset(read_card(v, Card) for v in value),
    )
    configure_rules_converter(converter)


GAME = register(Game.from_module(sys.modules[__name__]))
"""Mille Bornes' descriptor in the registry."""
