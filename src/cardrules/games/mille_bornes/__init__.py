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
from typing import Any

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
from cardrules.serialization import converter

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


def _cards(state: State) -> list[Card]:
    cards = [*state.draw_pile, *state.discard_pile]
    for hand in state.hands:
        cards.extend(hand)
    for tableau in state.tableaux:
        cards.extend(tableau.cards())
    return cards


def _structure_card(value: Any, _: type) -> Card:
    if isinstance(value, str) and value in Card.__members__:
        return Card[value]
    raise ValueError(f"unknown card {value!r}")


converter.register_unstructure_hook(Card, lambda card: card.name)
converter.register_structure_hook(Card, _structure_card)
converter.register_unstructure_hook_func(
    lambda t: t == frozenset[Card], lambda cards: sorted(card.name for card in cards)
)
converter.register_structure_hook_func(
    lambda t: t == frozenset[Card],
    lambda value, _: frozenset(_structure_card(v, Card) for v in value),
)
configure_rules_converter(converter)

GAME = register(
    Game.from_module(
        sys.modules[__name__],
        name="mille-bornes",
        title="Mille Bornes",
        move_classes=(Play, Discard, CoupFourre, Extend, Decline),
        card_type=Card,
        all_moves=all_moves,
        cards=_cards,
        deck=lambda rules: rules.deck_cards(),
    )
)
"""Mille Bornes' descriptor in the registry."""

