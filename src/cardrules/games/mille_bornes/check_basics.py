"""What every check of Mille Bornes' validation uses: the facts of a rules value the checks read
again and again (worked out once per rules), the memory of values found valid, and the quick tests
and error wording they share.

The checks test a whole pile, hand or history at once: ``_ONLY_INTS.issuperset(map(type, values))``
is one C-level pass that builds nothing, where a loop of ``isinstance`` calls would run in Python
for every card. Only a value that fails is walked again, piece by piece, to say what is wrong.

The facts of a rules value (:class:`_Facts`) include the tables the score sheet checks read
(:func:`_lines`, :func:`_safety_set`): they are worked out with the rest, once per rules, so the
checks of the match find them ready like the checks of the deck.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import NamedTuple, TypeVar

from cardrules.arguments import shown
from cardrules.errors import InvalidStateError
from cardrules.games.mille_bornes.cards import SAFETIES, Card
from cardrules.games.mille_bornes.rules import Rules

_CARDS = tuple(Card)
"""Every card, by its number."""
_ONLY_CARDS = frozenset((Card,))
_ONLY_INTS = frozenset((int,))
_ONLY_TUPLES = frozenset((tuple,))

_KEPT = 256
E = TypeVar("E")


def _remember(memory: dict[int, E], value: object, entry: E) -> None:
    """Keep ``entry`` for ``value`` (by ``id``; the entry holds the value), forgetting everything
    kept so far once the memory is full."""
    if len(memory) >= _KEPT:
        memory.clear()
    memory[id(value)] = entry


class _Facts(NamedTuple):
    """What the checks read of a rules value again and again, worked out once."""

    deck: Mapping[Card, int]
    safeties: tuple[int, bool]
    race: int
    extension_to: int | None
    size: int
    """How many cards the deck holds."""
    numbers: tuple[int, ...]
    """The number of each card the deck holds, in card order..."""
    counts: tuple[int, ...]
    """... and how many of it the deck holds."""
    limits: tuple[int, ...]
    """Per card number (of every card), how many the deck holds (0 for a card it does not hold)."""
    safety_lines: Mapping[int, int]
    """Per safeties line a score sheet may show, how many safeties make it (see :func:`_lines`)."""
    coup_lines: Mapping[int, int]
    """Per coups fourrés line a score sheet may show, how many coups fourrés make it."""
    safety_sets: tuple[frozenset[tuple[int, int, int]], frozenset[tuple[int, int, int]]]
    """The safeties, all-safeties and coups fourrés lines a column may show together, for a side
    that did not complete the trip, then for the side that did (see
    :func:`.match_checks._check_sheet_rules`)."""


def _facts(rules: Rules) -> _Facts:
    # By identity first (hashing a rules value means hashing its two dozen fields), then by value:
    # the same rules come back again and again, and Rules.deck_cards sorts a hundred cards.
    known = _FACTS_BY_ID.get(id(rules))
    if known is not None and known[0] is rules:
        return known[1]
    facts = _facts_of(rules)
    _remember(_FACTS_BY_ID, rules, (rules, facts))
    return facts


_FACTS_BY_ID: dict[int, tuple[Rules, _Facts]] = {}


@lru_cache(maxsize=64)
def _facts_of(rules: Rules) -> _Facts:
    deck = Counter(rules.deck_cards())
    safeties = (sum(deck.get(card, 0) for card in SAFETIES), all(deck.get(card, 0) for card in SAFETIES))
    numbers, counts = zip(*((int(card), count) for card, count in sorted(deck.items())), strict=True)
    points = rules.scoring
    safety_lines, coup_lines = _lines(points.safety, safeties[0]), _lines(points.coup_fourre, safeties[0])
    return _Facts(deck, safeties, rules.race, rules.extension_to, deck.total(), numbers, counts,
                  tuple(deck.get(card, 0) for card in _CARDS), safety_lines, coup_lines,
                  (_safety_set(rules, safety_lines, coup_lines, safeties[1], False),
                   _safety_set(rules, safety_lines, coup_lines, safeties[1], True)))


def _safety_set(rules: Rules, safety_lines: Mapping[int, int], coup_lines: Mapping[int, int],
                all_four_exist: bool, won: bool) -> frozenset[tuple[int, int, int]]:
    """Every ``(safeties, all_safeties, coups_fourres)`` lines
    :func:`.match_checks._check_sheet_rules` accepts in a column of a side that did (``won``) or
    did not complete the trip."""
    points = rules.scoring
    return frozenset(
        (line, all_safeties, coups_line)
        for line, count in safety_lines.items()
        for coups_line, coups in coup_lines.items()
        if not (points.safety and coups > count)
        for all_safeties in {0, points.all_safeties}
        if not (all_safeties and (not all_four_exist or (points.all_safeties_needs_trip and not won)
                                  or (points.safety and count < len(SAFETIES)))))


def _lines(each: int, most: int) -> dict[int, int]:
    """How many things worth ``each`` points (at most ``most``) make each line of points they can
    make. Worth nothing, they make a line of 0 and say nothing of their count (0, then)."""
    if not each:
        return {0: 0}
    return {count * each: count for count in range(most + 1)}


def _check_cards(cards: object, what: str, number: int | None = None) -> tuple[Card, ...]:
    if type(cards) is not tuple or not _only(cards, _ONLY_CARDS):
        whose = what if number is None else f"{what} {number}"
        raise InvalidStateError(f"{whose} is a tuple of cards, not {shown(cards)}")
    return cards


def _within(some: tuple[Card, ...], cards: tuple[Card, ...]) -> bool:
    """Whether every card of ``some`` is among ``cards``, copies counted."""
    # As numbers in bytes, counted at C level (Counters of cards hash and compare enum members).
    wanted, held = bytes(some), bytes(cards)
    return all(held.count(card) >= wanted.count(card) for card in set(wanted))


def _ints(values: Iterable[object]) -> bool:
    return _only(values, _ONLY_INTS)


def _only(values: Iterable[object], types: frozenset[type]) -> bool:
    return types.issuperset(map(type, values))

