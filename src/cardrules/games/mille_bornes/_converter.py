"""Mille Bornes' values in JSON: cards by name, and rules whose race follows the table as ``"by_table"``.

:func:`configure_converter` teaches a cattrs converter the game's own types; everything else
(states, score sheets) is plain attrs records the converter handles by itself, and the moves are
tagged by the shared serialization from ``MOVE_CLASSES``. Nothing is registered at import: the
serialization calls this function the first time the game's values are written or read.
"""

from __future__ import annotations

from typing import Any

import cattrs

from cardrules.arguments import MAX_JSON_ITEMS, shown
from cardrules.errors import SerializationError
from cardrules.games.mille_bornes.cards import MILES, Card
from cardrules.games.mille_bornes.rules import configure_rules_converter
from cardrules.games.mille_bornes.tableau import Tableau

__all__ = ["configure_converter"]

_NAMES: dict[Card, str] = {card: card.name for card in Card}
_BY_NAME: dict[str, Card] = {card.name: card for card in Card}


def configure_converter(converter: cattrs.Converter) -> None:
    """Teach ``converter`` Mille Bornes' cards (written by name: ``"D100"``, ``"STOP"``), sets of
    cards (sorted lists of names) and the race and extension of rules that follow the table
    (``"by_table"``).

    >>> converter = cattrs.Converter()
    >>> configure_converter(converter)
    >>> from cardrules.games.mille_bornes.moves import Discard
    >>> converter.unstructure(Discard(Card.STOP))
    {'card': 'STOP'}
    >>> converter.structure("D100", Card)
    <Card.D100: 3>
    """
    converter.register_unstructure_hook(Card, _NAMES.__getitem__)
    converter.register_structure_hook(Card, _structure_card)
    # Most of a state is lists of cards: written and read a list at a time, by table lookups in C,
    # rather than one hook call per card (half the time of a round trip of a state).
    converter.register_unstructure_hook_func(_is_card_list, _card_names)
    if not converter.detailed_validation:
        # A converter that words errors reads card by card instead, to name the bad one.
        converter.register_structure_hook_func(_is_card_list, _structure_card_list)
    converter.register_unstructure_hook_func(_is_card_set, _unstructure_card_set)
    converter.register_structure_hook_func(_is_card_set, _structure_card_set)
    configure_rules_converter(converter)
    structure_tableau = converter.get_structure_hook(Tableau)
    converter.register_structure_hook(
        Tableau, lambda value, cls: structure_tableau(_distance_as_cards(value), cls))


def _structure_card(value: Any, _: type) -> Card:
    if isinstance(value, str) and value in _BY_NAME:
        return _BY_NAME[value]
    raise SerializationError(f"unknown card {shown(value)}")


def _is_card_list(kind: Any) -> bool:
    return bool(kind == tuple[Card, ...])


def _card_names(cards: tuple[Card, ...]) -> list[str]:
    return list(map(_NAMES.__getitem__, cards))


def _structure_card_list(value: Any, _: type) -> tuple[Card, ...]:
    if type(value) is not list or len(value) > MAX_JSON_ITEMS:
        raise SerializationError("expected a list of card names")
    # Anything but a card's name is no key of the table: KeyError or TypeError, and the text is
    # read again by a converter that says which item is wrong.
    return tuple(map(_BY_NAME.__getitem__, value))


def _is_card_set(kind: Any) -> bool:
    return bool(kind == frozenset[Card])


def _unstructure_card_set(cards: frozenset[Card]) -> list[str]:
    return sorted(map(_NAMES.__getitem__, cards))


def _structure_card_set(value: Any, _: type) -> frozenset[Card]:
    if not isinstance(value, list):
        raise SerializationError(f"a set of cards is a list of card names, not {type(value).__name__}")
    return frozenset(_structure_card(item, Card) for item in value)


_NAME_OF_MILES = {miles: card.name for card, miles in MILES.items()}


def _distance_as_cards(value: Any) -> Any:
    """A tableau as cardrules 0.2 wrote it (distance as miles, negative driven the wrong way,
    and no ``backwards``) as it is written now (the cards by name, and those driven the wrong way
    in ``backwards``); any other value as it is."""
    if type(value) is not dict or "backwards" in value or type(value.get("distance")) is not list:
        return value
    distance = value["distance"]
    if not all(type(miles) is int and abs(miles) in _NAME_OF_MILES for miles in distance):
        return value
    return {**value, "distance": [_NAME_OF_MILES[abs(miles)] for miles in distance],
            "backwards": [_NAME_OF_MILES[-miles] for miles in distance if miles < 0]}
