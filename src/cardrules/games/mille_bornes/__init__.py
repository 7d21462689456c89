"""Mille Bornes: the French racing card game, every rulebook's rules and variants.

The rules as implemented, with every decided point, are in ``docs/mille-bornes.md``. The verbs are
the same as every game's:

>>> from cardrules.games import mille_bornes as mb
>>> state = mb.new_game(mb.Rules.parker(players=4, team_size=2), seed=0)
>>> [str(move) for move in mb.legal_moves(state)][:2]
['roll', 'discard 25']
>>> state = mb.apply(state, mb.parse_move(state, "roll"))
>>> state.table.tableaux[0].rolling, mb.current_player(state)
(True, 1)

The package is layered, each module importing only those before it: ``cards`` -> ``options``
(the values options take) -> ``presets`` (the rulebooks) and ``termination`` (the proof that a
match ends) -> ``rules`` -> ``moves`` -> ``tableau`` -> ``converter`` -> ``score_sheet`` ->
``scoring`` -> ``state`` (the records: ``Table``, ``State``, ``Observation``) -> ``legality`` ->
``safeties`` -> ``flow`` -> ``engine`` -> ``match_validation`` (the match record and its score
sheets) -> ``validation`` (tables, states and observations) -> ``result`` -> ``observation`` ->
``notation`` -> ``render`` -> ``bots`` and ``expert_bot``.
"""

from __future__ import annotations

# Not public (not in __all__): the registry reads it until the game's descriptor names it.
from cardrules.games.mille_bornes._converter import configure_converter as configure_converter
from cardrules.games.mille_bornes.cards import (
    BATTLE_HAZARDS,
    DISTANCES,
    HAZARDS,
    MILES,
    NAMES,
    REMEDIES,
    SAFETIES,
    Card,
    CardKind,
    card_name,
)
from cardrules.games.mille_bornes.engine import apply, current_player, is_terminal, new_game
from cardrules.games.mille_bornes.grid import TABLES, option_grid, variant_grid
from cardrules.games.mille_bornes.legality import illegal_reason, legal_moves, legal_moves_of, why_illegal
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
from cardrules.games.mille_bornes.observation import determinize, observe
from cardrules.games.mille_bornes.render import describe_move, describe_result, render
from cardrules.games.mille_bornes.result import result, validate_result
from cardrules.games.mille_bornes.rules import (
    BY_TABLE,
    NAME,
    OPTION_CHOICES,
    RULES_VERSION,
    TITLE,
    Rules,
    Scoring,
    deck,
)
from cardrules.games.mille_bornes.score_sheet import HandScore, Result, SideScore
from cardrules.games.mille_bornes.state import (
    Match,
    Observation,
    Phase,
    State,
    Table,
    Window,
    cards,
    rules_of,
)
from cardrules.games.mille_bornes.tableau import Distance, Tableau
from cardrules.games.mille_bornes.validation import validate_observation, validate_state, validate_table
from cardrules.registry import Game, register

__all__ = [
    "BATTLE_HAZARDS",
    "BY_TABLE",
    "COUP_FOURRE",
    "DECLINE",
    "DISTANCES",
    "EXTEND",
    "GAME",
    "HAZARDS",
    "MILES",
    "MOVE_CLASSES",
    "NAME",
    "NAMES",
    "OPTION_CHOICES",
    "REMEDIES",
    "RULES_VERSION",
    "SAFETIES",
    "TABLES",
    "TITLE",
    "Card",
    "CardKind",
    "CoupFourre",
    "Decline",
    "Discard",
    "Distance",
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
    "Table",
    "Tableau",
    "Window",
    "all_moves",
    "apply",
    "card_name",
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
    "render",
    "result",
    "rules_of",
    "validate_observation",
    "validate_result",
    "validate_state",
    "validate_table",
    "variant_grid",
    "why_illegal",
]

MOVE_CLASSES: tuple[type, ...] = (Play, Discard, CoupFourre, Extend, Decline)
"""The classes of the :data:`Move` union, in a fixed order (their snake-case names tag JSON moves)."""



GAME: Game[Rules, State, Move, Observation, Result, Card] = register(Game(
    name=NAME, title=TITLE, rules_version=RULES_VERSION,
    rules_type=Rules, state_type=State, move_type=Move, move_classes=MOVE_CLASSES,
    observation_type=Observation, result_type=Result,
    new_game=new_game, legal_moves=legal_moves, legal_moves_of=legal_moves_of, apply=apply,
    current_player=current_player, is_terminal=is_terminal, result=result, observe=observe,
    determinize=determinize, parse_move=parse_move, why_illegal=why_illegal, render=render,
    describe_move=describe_move, validate_state=validate_state, validate_observation=validate_observation,
    validate_result=validate_result, option_grid=option_grid, all_moves=all_moves, deck=deck, cards=cards,
    rules_of=rules_of, configure_converter=configure_converter,
    picture="cardrules.games.mille_bornes.picture:picture",
    encoder="cardrules.games.mille_bornes.encoder:MilleBornesEncoder",
    returns="cardrules.games.mille_bornes.returns:returns",
    command_line="cardrules.games.mille_bornes.command_line:MILLE_BORNES",
    openspiel="cardrules.games.mille_bornes.openspiel:OpenSpielFacts",
    bots={"expert": "cardrules.games.mille_bornes.expert_bot:ExpertBot",
          "heuristic": "cardrules.games.mille_bornes.bots:HeuristicBot"},
))
"""Mille Bornes' descriptor in the registry: its contract and its facets."""
