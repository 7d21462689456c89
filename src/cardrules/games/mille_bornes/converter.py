"""How Mille Bornes' values are written as JSON: cards by name, moves as a union tagged ``"move"``.

:func:`configure_converter` teaches a cattrs converter the game's own types; everything else
(rules, states, score sheets) is plain attrs records the converter handles by itself. Nothing is
registered at import: the registry calls this function when the game is registered.
"""

from __future__ import annotations

import re
from typing import Any

import cattrs
from cattrs.strategies import configure_tagged_union

from cardrules.errors import SerializationError
from cardrules.games.mille_bornes.cards import Card
from cardrules.games.mille_bornes.moves import Move

__all__ = ["configure_converter", "move_tag"]


def move_tag(cls: type) -> str:
    """The JSON tag of a move class: its name in snake case (``CoupFourre`` -> ``"coup_fourre"``).

    >>> from cardrules.games.mille_bornes.moves import CoupFourre
    >>> move_tag(CoupFourre)
    'coup_fourre'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` Mille Bornes' cards (written by name: ``"D100"``, ``"STOP"``), sets of
    cards (sorted lists of names) and the move union (``{"move": "play", "card": "STOP", "side": 1}``).

    >>> converter = cattrs.Converter()
    >>> configure_converter(converter)
    >>> from cardrules.games.mille_bornes.moves import Play
    >>> converter.unstructure(Play(Card.STOP, 1), Move)
    {'card': 'STOP', 'side': 1, 'move': 'play'}
    >>> converter.structure({"move": "discard", "card": "D100"}, Move)
    Discard(card=<Card.D100: 3>)
    """
    converter.register_unstructure_hook(Card, _card_name)
    converter.register_structure_hook(Card, _structure_card)
    converter.register_unstructure_hook_func(_is_card_set, _unstructure_card_set)
    converter.register_structure_hook_func(_is_card_set, _structure_card_set)
    configure_tagged_union(Move, converter, tag_generator=move_tag, tag_name="move")


def _card_name(card: Card) -> str:
    return card.name


def _structure_card(value: Any, _: type) -> Card:
    if isinstance(value, str) and value in Card.__members__:
        return Card[value]
    text = repr(value)
    raise SerializationError(f"unknown card {text if len(text) <= 40 else text[:37] + '...'}")


def _is_card_set(kind: Any) -> bool:
    return bool(kind == frozenset[Card])


def _unstructure_card_set(cards: frozenset[Card]) -> list[str]:
    return sorted(card.name for card in cards)


def _structure_card_set(value: Any, _: type) -> frozenset[Card]:
    if not isinstance(value, list):
        raise SerializationError(f"a set of cards is a list of card names, not {type(value).__name__}")
    return frozenset(_structure_card(item, Card) for item in value)
