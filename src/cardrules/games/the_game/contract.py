"""The Game's side of the shared game contract (:class:`cardrules.contract.GameModule`): its names,
its action space and deck, and the cards of a state."""

from __future__ import annotations

import cattrs

from cardrules.arguments import check_instance
from cardrules.games.the_game.cards import CARDS
from cardrules.games.the_game.moves import ALL_MOVES, Move
from cardrules.games.the_game.rules import Rules
from cardrules.games.the_game.state import State

__all__ = ["NAME", "TITLE", "all_moves", "cards", "configure_converter", "deck", "rules_of"]

NAME = "the-game"
"""The game's name in the registry, in JSON and on the command line."""

TITLE = "The Game"
"""The game's name for people."""


def all_moves(rules: Rules) -> tuple[Move, ...]:
    """The whole action space: :data:`~cardrules.games.the_game.ALL_MOVES`, the same for every rules.

    >>> len(all_moves(Rules(players=3)))
    393
    """
    check_instance(rules, Rules, "The Game's Rules")
    return ALL_MOVES


def deck(rules: Rules) -> tuple[int, ...]:
    """Every card of the deck, sorted: 2 to 99 under any rules (On Fire marks some, adds none).

    >>> deck(Rules())[:3], len(deck(Rules(on_fire=True)))
    ((2, 3, 4), 98)
    """
    check_instance(rules, Rules, "The Game's Rules")
    return CARDS


def cards(state: State) -> list[int]:
    """Every card ``state`` holds: on the piles (row cards left out), in the hands, in the draw pile.

    >>> from cardrules.games.the_game import new_game
    >>> sorted(cards(new_game(Rules(players=2), seed=1))) == list(CARDS)
    True
    """
    check_instance(state, State, "a state of The Game")
    held = [card for pile in state.table.piles for card in pile[1:]]
    for hand in state.hands:
        held.extend(hand)
    held.extend(state.draw_pile)
    return held


def rules_of(state: State) -> Rules:
    """The rules ``state`` is played under.

    >>> from cardrules.games.the_game import new_game
    >>> rules_of(new_game(Rules(players=4), seed=1)).players
    4
    """
    return check_instance(state, State, "a state of The Game").rules


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` The Game's values: nothing to add. Cards are numbers, and the moves are
    tagged by the shared serialization from :data:`MOVE_CLASSES` (``"move": "play"`` or
    ``"end_turn"``), as every game's are.

    >>> configure_converter(cattrs.Converter())
    """
