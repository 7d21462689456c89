"""The checks of a state read from outside take C-level shortcuts for what is plainly valid; they
accept exactly what the rules accept, and refuse the rest with the message they always gave."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import InvalidStateError
from cardrules.games import the_game
from cardrules.games.the_game.cards import dead_cards
from cardrules.games.the_game.validation import _check_cards, _check_hand_on_turn
from cardrules.testing import reachable_states

numbers = st.one_of(st.integers(2, 99), st.integers(-300, 400), st.booleans(), st.floats(0, 100))


@given(st.lists(numbers, max_size=110) | st.permutations(list(range(2, 100))))
def test_cards_are_accepted_exactly_when_each_is_a_card_of_the_game_once(cards: list[Any]) -> None:
    valid = (all(type(card) is int and 2 <= card <= 99 for card in cards)
             and len(set(cards)) == len(cards))
    if valid:
        _check_cards(cards)
    else:
        with pytest.raises(InvalidStateError, match=r"not cards of The Game|cards held twice"):
            _check_cards(cards)


def test_a_card_held_twice_among_many_is_named() -> None:
    with pytest.raises(InvalidStateError, match=r"cards held twice: \[57\]"):
        _check_cards([*range(2, 100), 57])


@given(reachable_states(game="the-game"), st.lists(st.integers(2, 99), max_size=8, unique=True))
def test_the_hand_on_turn_is_judged_as_the_count_of_its_dead_cards_judges_it(
    state: the_game.State, cards: list[int],
) -> None:
    hand = tuple(sorted(cards))
    for status in ("playing", "stuck"):
        table = attrs.evolve(state.table, status=status, laid=0)
        can_lay = len(dead_cards(set(hand), table.tops)) < len(hand)
        refused = can_lay if status == "stuck" else not can_lay
        if refused:
            with pytest.raises(InvalidStateError):
                _check_hand_on_turn(state.rules, table, hand)
        else:
            _check_hand_on_turn(state.rules, table, hand)
