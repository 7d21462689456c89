"""Expert mode ("Para expertos"): a minimum of 3 cards, and reduced hands; the two are independent."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.games.the_game import EndTurn, Play, Rules, apply, legal_moves, new_game

from .positions import deck_order, play_all

HAND = (10, 20, 30, 40, 50, 60, 70, 80)


def test_expert_minimum_is_three_while_the_draw_pile_has_cards() -> None:
    state = new_game(Rules(players=1, expert=True), deck=deck_order(HAND))
    state = play_all(state, (10, 0), (20, 0))
    assert EndTurn() not in legal_moves(state)
    with pytest.raises(IllegalMoveError, match="lay at least 3 cards"):
        apply(state, EndTurn())
    state = apply(state, Play(30, 0))
    assert EndTurn() in legal_moves(state)


def test_expert_end_turn_draws_the_three_cards_back() -> None:
    state = new_game(Rules(players=1, expert=True), deck=deck_order(HAND, draw_front=(2, 3, 4, 5)))
    state = play_all(state, (10, 0), (20, 0), (30, 0), EndTurn())
    assert state.hands[0] == (2, 3, 4, 40, 50, 60, 70, 80)


@pytest.mark.parametrize(("players", "hand_size"), [(1, 7), (2, 6), (3, 5), (4, 5), (5, 5)])
def test_reduced_hand_is_one_card_smaller(players: int, hand_size: int) -> None:
    rules = Rules(players=players, reduced_hand=True)
    state = new_game(rules, seed=2)
    assert rules.hand_size == hand_size
    assert [len(hand) for hand in state.hands] == [hand_size] * players
    assert len(state.draw_pile) == 98 - players * hand_size


def test_reduced_hand_deals_from_the_deck_in_smaller_hands() -> None:
    state = new_game(Rules(players=2, reduced_hand=True), deck=range(2, 100))
    assert state.hands == ((2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13))
    assert state.draw_pile[0] == 14


def test_reduced_hand_draws_back_to_the_reduced_size() -> None:
    state = new_game(Rules(players=1, reduced_hand=True), deck=deck_order(HAND[:7]))
    state = play_all(state, (10, 0), (20, 0), EndTurn())
    assert len(state.hands[0]) == 7


def test_expert_alone_keeps_the_full_hand() -> None:
    rules = Rules(players=1, expert=True)
    assert rules.hand_size == 8
    assert len(new_game(rules, seed=1).hands[0]) == 8


def test_reduced_hand_alone_keeps_the_minimum_of_two() -> None:
    rules = Rules(players=1, reduced_hand=True)
    state = new_game(rules, deck=deck_order(HAND[:7]))
    state = play_all(state, (10, 0), (20, 0))
    assert EndTurn() in legal_moves(state)


def test_expert_and_reduced_hand_together() -> None:
    rules = Rules(players=3, expert=True, reduced_hand=True)
    state = new_game(rules, deck=deck_order((10, 20, 30, 40, 50)))
    assert len(state.hands[0]) == 5
    state = play_all(state, (10, 0), (20, 0))
    assert EndTurn() not in legal_moves(state)
    state = play_all(state, (30, 0), EndTurn())
    assert len(state.hands[0]) == 5
