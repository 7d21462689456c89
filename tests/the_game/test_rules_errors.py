"""Refusals: every bad call raises the right CardrulesError, says why, and changes nothing."""

from __future__ import annotations

import random

import pytest

from cardrules import (
    ArgumentError,
    CardrulesError,
    IllegalMoveError,
    NotationError,
    to_json,
)
from cardrules.games.the_game import (
    EndTurn,
    Play,
    Rules,
    State,
    apply,
    current_player,
    determinize,
    legal_moves,
    new_game,
    observe,
    parse_move,
    result,
    why_illegal,
)

from .positions import deck_order, play_all

HAND = (10, 20, 30, 40, 50, 60, 70, 80)


def solo() -> State:
    return new_game(Rules(players=1), deck=deck_order(HAND))


def test_card_not_in_hand_is_an_illegal_move_naming_the_card() -> None:
    state = solo()
    move = Play(55, 0)
    with pytest.raises(IllegalMoveError) as caught:
        apply(state, move)
    assert caught.value.move == move
    assert caught.value.reason == "55 is not in seat 0's hand"
    assert str(caught.value) == "illegal move 55 on up1: 55 is not in seat 0's hand"


def test_card_in_another_players_hand_is_not_in_hand() -> None:
    state = new_game(Rules(players=2), deck=range(2, 100))
    with pytest.raises(IllegalMoveError, match="9 is not in seat 0's hand"):
        apply(state, Play(9, 0))


def test_card_already_laid_cannot_be_laid_again() -> None:
    state = play_all(solo(), (10, 0))
    with pytest.raises(IllegalMoveError, match="10 is not in seat 0's hand"):
        apply(state, Play(10, 1))


@pytest.mark.parametrize("move", ["10 on up1", ("play", 10, 0), None, 10, Play])
def test_wrong_move_type_is_an_illegal_move(move: object) -> None:
    state = solo()
    with pytest.raises(IllegalMoveError, match="is not a move of The Game") as caught:
        apply(state, move)  # type: ignore[arg-type]
    assert caught.value.move is move


@pytest.mark.parametrize(("card", "pile"), [(1, 0), (100, 2), (0, 1), (50, 4), (50, -1), ("50", 0)])
def test_move_outside_the_game_cannot_even_be_built(card: object, pile: object) -> None:
    with pytest.raises(ArgumentError):
        Play(card, pile)  # type: ignore[arg-type]


def test_illegal_moves_are_value_errors_for_callers_that_catch_those() -> None:
    with pytest.raises(ValueError, match="must be higher"):
        apply(play_all(solo(), (50, 0)), Play(30, 0))


@pytest.mark.parametrize("attempt", [Play(55, 0), Play(70, 2), EndTurn(), "junk"])
def test_rejected_apply_changes_nothing(attempt: object) -> None:
    state = play_all(solo(), (50, 2))
    copy = play_all(solo(), (50, 2))
    snapshot = to_json(state)
    moves_before = legal_moves(state)
    with pytest.raises(IllegalMoveError):
        apply(state, attempt)  # type: ignore[arg-type]
    assert to_json(state) == snapshot
    assert state == copy
    assert legal_moves(state) == moves_before
    # The state is as good as new: the same legal moves still lead to the same states.
    for move in moves_before:
        assert apply(state, move) == apply(copy, move)


def test_rejected_parse_changes_nothing() -> None:
    state = solo()
    snapshot = to_json(state)
    with pytest.raises(CardrulesError):
        parse_move(state, "55 on up1")
    with pytest.raises(CardrulesError):
        parse_move(state, "fly away")
    assert to_json(state) == snapshot


def test_why_illegal_explains_in_a_players_words() -> None:
    state = play_all(solo(), (50, 0), (60, 2))
    assert why_illegal(state, Play(40, 0)) is None
    assert why_illegal(state, Play(30, 0)) == (
        "30 cannot go on up1 showing 50: it must be higher, or exactly 40"
    )
    assert why_illegal(state, Play(70, 2)) is None
    assert why_illegal(state, Play(80, 2)) == (
        "80 cannot go on down1 showing 60: it must be lower, or exactly 70"
    )


def test_playing_after_the_game_is_over_is_refused() -> None:
    state = new_game(Rules(players=1), deck=deck_order(HAND))
    while current_player(state) is not None:
        state = apply(state, legal_moves(state)[0])
    assert result(state) is not None
    for move in (Play(99, 0), EndTurn()):
        with pytest.raises(IllegalMoveError, match="the game is over"):
            apply(state, move)


@pytest.mark.parametrize("verb", [legal_moves, current_player, result])
def test_verbs_refuse_something_that_is_not_a_state(verb: object) -> None:
    with pytest.raises(ArgumentError, match="state of The Game"):
        verb("not a state")  # type: ignore[operator]


@pytest.mark.parametrize("seat", [-1, 1, 5, "0"])
def test_observe_refuses_a_seat_that_is_not_at_the_table(seat: object) -> None:
    with pytest.raises(ArgumentError, match="seat"):
        observe(solo(), seat)  # type: ignore[arg-type]


def test_determinize_takes_a_seed_as_well_as_a_random_generator() -> None:
    observation = observe(new_game(Rules(players=3), seed=6), 1)
    assert determinize(observation, 5) == determinize(observation, random.Random(5))


def test_determinize_refuses_a_bad_random_source() -> None:
    with pytest.raises(ArgumentError, match="rng"):
        determinize(observe(solo(), 0), "seven")  # type: ignore[arg-type]


def test_parse_move_reads_what_str_writes() -> None:
    state = solo()
    assert parse_move(state, "10 on up1") == Play(10, 0)
    assert parse_move(state, "80 on down2") == Play(80, 3)
    assert parse_move(state, "  80   DOWN2 ") == Play(80, 3)
    assert parse_move(state, "80 3") == Play(80, 3)


def test_parse_move_of_end_turn() -> None:
    state = play_all(solo(), (10, 0), (20, 0))
    assert parse_move(state, "end turn") == EndTurn()
    assert parse_move(state, "end") == EndTurn()


@pytest.mark.parametrize("text", ["", "fly", "10 on sideways", "150 on up1", "1 on up1", "on up1"])
def test_parse_move_refuses_unreadable_text_with_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_move(solo(), text)


def test_parse_move_needs_the_pile_when_a_card_fits_several() -> None:
    with pytest.raises(NotationError, match="fits several piles"):
        parse_move(solo(), "10")


def test_parse_move_refuses_a_readable_but_illegal_move_saying_why() -> None:
    with pytest.raises(IllegalMoveError, match="lay at least 2 cards"):
        parse_move(solo(), "end turn")
    with pytest.raises(IllegalMoveError, match="55 is not in seat 0's hand"):
        parse_move(solo(), "55 on up1")
