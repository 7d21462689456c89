"""Laying cards: direction of the piles, the backwards trick, and why the order of cards matters."""

from __future__ import annotations

import pytest

from cardrules import ArgumentError, IllegalMoveError
from cardrules.games.the_game import (
    EndTurn,
    Play,
    Rules,
    State,
    all_moves,
    apply,
    is_terminal,
    legal_moves,
    new_game,
    parse_move,
    result,
    validate_state,
    why_illegal,
)

from .positions import build_state, deck_order, play_all

ALL_MOVES = all_moves(Rules())
"""The Game's whole action space, in its fixed order."""

# No two of these cards are exactly 10 apart, so the trick never applies among them.
NO_TRICK_HAND = [21, 32, 43, 50, 61, 72, 83, 94]


def solo(*hand: int) -> State:
    """A solo deal whose hand is ``hand`` (the draw pile holds the other cards, ascending)."""
    return new_game(Rules(players=1), deck=deck_order(hand))


def cards_legal_on(state: State, pile: int) -> set[int]:
    return {move.card for move in legal_moves(state) if isinstance(move, Play) and move.pile == pile}


def test_ascending_pile_takes_only_higher_cards() -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, 0))
    assert cards_legal_on(state, 0) == {61, 72, 83, 94}
    with pytest.raises(IllegalMoveError, match="must be higher"):
        apply(state, Play(43, 0))


@pytest.mark.parametrize("pile", [0, 1])
def test_both_ascending_piles_follow_the_same_rule(pile: int) -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, pile))
    assert cards_legal_on(state, pile) == {61, 72, 83, 94}
    assert cards_legal_on(state, 1 - pile) == set(NO_TRICK_HAND) - {50}


def test_descending_pile_takes_only_lower_cards() -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, 2))
    assert cards_legal_on(state, 2) == {21, 32, 43}
    with pytest.raises(IllegalMoveError, match="must be lower"):
        apply(state, Play(61, 2))


@pytest.mark.parametrize("pile", [2, 3])
def test_both_descending_piles_follow_the_same_rule(pile: int) -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, pile))
    assert cards_legal_on(state, pile) == {21, 32, 43}
    assert cards_legal_on(state, 5 - pile) == set(NO_TRICK_HAND) - {50}


def test_backwards_trick_exactly_ten_lower_on_ascending_pile() -> None:
    state = play_all(solo(30, 39, 40, 41, 50, 60, 70, 80), (50, 0))
    assert cards_legal_on(state, 0) == {40, 60, 70, 80}
    after = apply(state, Play(40, 0))
    assert after.table.tops[0] == 40


@pytest.mark.parametrize("card", [39, 41, 30])
def test_backwards_trick_is_only_exactly_ten_on_ascending_pile(card: int) -> None:
    state = play_all(solo(30, 39, 40, 41, 50, 60, 70, 80), (50, 0))
    with pytest.raises(IllegalMoveError, match="must be higher, or exactly 40"):
        apply(state, Play(card, 0))


def test_backwards_trick_exactly_ten_higher_on_descending_pile() -> None:
    state = play_all(solo(20, 30, 50, 59, 60, 61, 70, 80), (50, 3))
    assert cards_legal_on(state, 3) == {20, 30, 60}
    after = apply(state, Play(60, 3))
    assert after.table.tops[3] == 60


@pytest.mark.parametrize("card", [59, 61, 70])
def test_backwards_trick_is_only_exactly_ten_on_descending_pile(card: int) -> None:
    state = play_all(solo(20, 30, 50, 59, 60, 61, 70, 80), (50, 3))
    with pytest.raises(IllegalMoveError, match="must be lower, or exactly 60"):
        apply(state, Play(card, 3))


def test_start_pile_can_never_be_tricked() -> None:
    # A start pile shows its row card (1 or 100): every card follows the pile's direction, and no
    # card lies exactly 10 against it, so each card is offered once per pile and never as a trick.
    state = solo(2, 11, 12, 50, 89, 90, 91, 99)
    plays = [move for move in legal_moves(state) if isinstance(move, Play)]
    assert plays == [Play(card, pile) for card in state.hands[0] for pile in range(4)]
    assert len(set(plays)) == len(plays)
    # The row cards themselves are not cards of the game: nothing can bring a pile back to its start.
    for card, pile in [(1, 0), (1, 1), (100, 2), (100, 3)]:
        with pytest.raises(ArgumentError, match="2 to 99"):
            Play(card, pile)


def test_tricked_pile_is_not_a_start_pile_again() -> None:
    # up1 goes 12 -> 2 by the trick; it now shows 2, and only higher cards follow (nothing "below 1").
    state = play_all(solo(2, 12, 13, 40, 60, 70, 80, 90), (12, 0), (2, 0))
    assert state.table.tops[0] == 2
    assert cards_legal_on(state, 0) == {13, 40, 60, 70, 80, 90}


def test_trick_can_be_chained_in_one_turn() -> None:
    state = solo(25, 35, 45, 55, 65, 75, 90, 99)
    state = play_all(state, (45, 0), (35, 0), (25, 0))
    assert state.table.piles[0] == (1, 45, 35, 25)
    state = play_all(state, (55, 2), (65, 2), (75, 2))
    assert state.table.piles[2] == (100, 55, 65, 75)
    assert state.table.laid == 6
    assert not is_terminal(state)


def test_player_may_lay_the_whole_hand() -> None:
    hand = (10, 20, 30, 40, 50, 60, 70, 80)
    state = play_all(solo(*hand), *[(card, 0) for card in hand])
    assert state.hands[0] == ()
    assert legal_moves(state) == (EndTurn(),)
    after = apply(state, EndTurn())
    assert len(after.hands[0]) == 8
    assert after.hands[0] == tuple(deck_order(hand)[8:16])


def test_card_laid_leaves_the_hand_and_tops_the_pile() -> None:
    state = solo(*NO_TRICK_HAND)
    after = apply(state, Play(43, 3))
    assert 43 not in after.hands[0]
    assert after.table.piles[3] == (100, 43)
    assert after.table.laid == 1
    assert len(after.hands[0]) == 7


def test_order_matters_legal_moves_offer_both_first_moves() -> None:
    state = order_matters_position()
    assert Play(31, 0) in legal_moves(state)
    assert Play(20, 0) in legal_moves(state)
    assert legal_moves(state) == (Play(20, 0), Play(31, 0))


def test_order_matters_laying_31_first_loses() -> None:
    state = apply(order_matters_position(), Play(31, 0))
    assert is_terminal(state)
    assert legal_moves(state) == ()
    outcome = result(state)
    assert outcome is not None
    assert not outcome.won
    assert outcome.outcome == "stuck"


def test_order_matters_laying_20_then_31_succeeds() -> None:
    state = play_all(order_matters_position(), (20, 0), (31, 0))
    assert not is_terminal(state)
    assert state.table.tops[0] == 31
    assert legal_moves(state) == (EndTurn(),)
    after = apply(state, EndTurn())
    assert not is_terminal(after)
    assert after.table.current == 1


def order_matters_position() -> State:
    """The contract's case: ascending piles 30 and 98, descending 2 and 3; hand {5, 6, 7, 8, 20, 31};
    minimum 2 (three players, so six cards is a full hand, and the draw pile still has cards)."""
    state = build_state(
        Rules(players=3),
        tops=(30, 98, 2, 3),
        hands=[(5, 6, 7, 8, 20, 31), (90, 91, 92, 93, 94, 95), (80, 81, 82, 83, 84, 85)],
        draw_pile=(99, 70, 71),
    )
    assert state.minimum == 2
    validate_state(state)
    return state


def test_legal_moves_are_plays_by_card_then_pile_then_end_turn() -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, 0), (61, 2))
    moves = legal_moves(state)
    assert moves[-1] == EndTurn()
    plays = [move for move in moves[:-1] if isinstance(move, Play)]
    assert len(plays) == len(moves) - 1
    assert plays == sorted(plays, key=lambda move: (move.card, move.pile))
    assert [ALL_MOVES.index(move) for move in moves] == sorted(ALL_MOVES.index(move) for move in moves)


def test_every_move_why_illegal_rejects_is_missing_from_legal_moves() -> None:
    state = play_all(solo(*NO_TRICK_HAND), (50, 0), (61, 2))
    legal = set(legal_moves(state))
    for move in ALL_MOVES:
        assert (why_illegal(state, move) is None) == (move in legal), move


def test_card_alone_names_its_move_when_it_fits_only_one_pile() -> None:
    state = order_matters_position()
    assert parse_move(state, "20") == Play(20, 0)
    assert parse_move(state, "31") == Play(31, 0)
