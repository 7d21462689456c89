"""A turn: the minimum to lay, ending the turn, drawing back up, and skipping empty hands."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.games.the_game import (
    EndTurn,
    Play,
    Rules,
    State,
    apply,
    current_player,
    is_terminal,
    legal_moves,
    new_game,
)

from .positions import build_state, deck_order, play_all

HAND = (10, 20, 30, 40, 50, 60, 70, 80)


def solo(*hand: int, draw_front: tuple[int, ...] = ()) -> State:
    return new_game(Rules(players=1), deck=deck_order(hand, draw_front=draw_front))


def may_end(state: State) -> bool:
    return EndTurn() in legal_moves(state)


def test_minimum_is_two_while_the_draw_pile_has_cards() -> None:
    state = solo(*HAND)
    assert not may_end(state)
    state = apply(state, Play(10, 0))
    assert not may_end(state)
    with pytest.raises(IllegalMoveError, match=r"lay at least 2 cards this turn first \(1 laid so far\)"):
        apply(state, EndTurn())
    state = apply(state, Play(20, 0))
    assert may_end(state)
    assert state.minimum == 2


def test_player_may_go_on_laying_after_the_minimum() -> None:
    state = play_all(solo(*HAND), (10, 0), (20, 0))
    assert may_end(state)
    assert Play(30, 0) in legal_moves(state)
    state = play_all(state, (30, 0), (40, 0))
    assert may_end(state)
    assert state.table.laid == 4


def late_solo(*, draw_pile: tuple[int, ...], expert: bool = False) -> State:
    """Solo, deep in the game: up1 shows 40, down1 shows 50, and the hand is 41..48."""
    return build_state(
        Rules(players=1, expert=expert),
        tops=(40, 1, 50, 100),
        hands=[(41, 42, 43, 44, 45, 46, 47, 48)],
        draw_pile=draw_pile,
    )


def test_minimum_is_fixed_when_the_turn_starts() -> None:
    # One card left to draw: the turn still asks for 2 cards, although drawing will empty the pile.
    state = late_solo(draw_pile=(49,))
    state = apply(state, Play(41, 0))
    assert not may_end(state)
    state = apply(state, Play(42, 0))
    assert may_end(state)
    state = apply(state, EndTurn())
    assert state.draw_pile == ()
    # The next turn starts with an empty draw pile: one card is enough.
    assert state.minimum == 1
    state = apply(state, Play(43, 0))
    assert may_end(state)


def test_expert_minimum_is_fixed_when_the_turn_starts() -> None:
    state = late_solo(draw_pile=(49,), expert=True)
    state = play_all(state, (41, 0), (42, 0))
    assert not may_end(state)
    state = apply(state, Play(43, 0))
    assert may_end(state)


def test_end_turn_draws_back_to_hand_size() -> None:
    state = solo(*HAND, draw_front=(99, 2, 57, 3))
    state = play_all(state, (10, 0), (20, 0), (80, 2), EndTurn())
    assert state.hands[0] == (2, 30, 40, 50, 57, 60, 70, 99)
    assert state.draw_pile[0] == 3
    assert len(state.draw_pile) == 90 - 3


@pytest.mark.parametrize(("players", "hand_size"), [(2, 7), (3, 6), (5, 6)])
def test_end_turn_draws_as_many_as_were_laid(players: int, hand_size: int) -> None:
    state = new_game(Rules(players=players), seed=31)
    front = state.draw_pile[:3]
    seat = state.table.current
    kept = state.hands[seat]
    plays = [move for move in legal_moves(state) if isinstance(move, Play)][:1]
    state = apply(state, plays[0])
    state = apply(state, next(m for m in legal_moves(state) if isinstance(m, Play)))
    laid = {card for card in kept if card not in state.hands[seat]}
    state = apply(state, EndTurn())
    assert len(state.hands[seat]) == hand_size
    assert set(state.hands[seat]) == (set(kept) - laid) | set(front[:2])
    assert state.draw_pile[0] == front[2]


def test_end_turn_draws_until_the_draw_pile_is_empty() -> None:
    state = late_solo(draw_pile=(49,))
    state = play_all(state, (41, 0), (42, 0), (43, 0), EndTurn())
    assert state.hands[0] == (44, 45, 46, 47, 48, 49)
    assert state.draw_pile == ()


def test_empty_draw_pile_means_minimum_one() -> None:
    state = build_state(Rules(players=1), tops=(41, 1, 50, 100), hands=[(42, 43, 44, 45, 46, 47, 48, 49)])
    assert not may_end(state)
    state = apply(state, Play(42, 0))
    assert state.minimum == 1
    assert may_end(state)


def test_empty_draw_pile_means_minimum_one_in_expert_mode_too() -> None:
    state = build_state(
        Rules(players=1, expert=True), tops=(41, 1, 50, 100), hands=[(42, 43, 44, 45, 46, 47, 48, 49)]
    )
    state = apply(state, Play(42, 0))
    assert may_end(state)


def test_nobody_draws_once_the_draw_pile_is_empty() -> None:
    state = build_state(Rules(players=1), tops=(41, 1, 50, 100), hands=[(42, 43, 44, 45, 46, 47, 48, 49)])
    state = play_all(state, (42, 0), (43, 0), EndTurn())
    assert state.hands[0] == (44, 45, 46, 47, 48, 49)
    state = play_all(state, (44, 0), EndTurn())
    assert state.hands[0] == (45, 46, 47, 48, 49)


def test_player_with_empty_hand_is_skipped() -> None:
    state = build_state(
        Rules(players=3),
        tops=(41, 1, 50, 100),
        hands=[(42, 43), (), (44, 45, 46, 47, 48, 49)],
    )
    state = play_all(state, (42, 0), EndTurn())
    assert current_player(state) == 2
    state = play_all(state, (44, 0), EndTurn())
    assert current_player(state) == 0


def test_player_who_lays_the_last_card_of_the_hand_is_skipped_afterwards() -> None:
    state = build_state(
        Rules(players=3),
        tops=(41, 1, 50, 100),
        hands=[(42, 43), (44, 45), (46, 47, 48, 49)],
    )
    state = play_all(state, (42, 0), (43, 0), EndTurn())  # seat 0 is out of cards
    assert current_player(state) == 1
    state = play_all(state, (44, 0), (45, 0), EndTurn())  # so is seat 1
    assert current_player(state) == 2
    state = play_all(state, (46, 0), EndTurn())
    assert current_player(state) == 2
    assert not is_terminal(state)


def test_turns_are_counted_only_for_players_who_play() -> None:
    state = build_state(
        Rules(players=3),
        tops=(42, 1, 50, 100),
        hands=[(43,), (), (44, 45, 46, 47, 48, 49)],
    )
    start = state.table.turn
    state = play_all(state, (43, 0), EndTurn(), (44, 0), EndTurn(), (45, 0), EndTurn())
    assert state.table.turn == start + 3
    assert current_player(state) == 2


def test_turn_passes_to_the_next_seat_after_end_turn() -> None:
    state = new_game(Rules(players=2), seed=3)
    assert current_player(state) == 0
    first = next(move for move in legal_moves(state) if isinstance(move, Play))
    state = apply(state, first)
    assert current_player(state) == 0  # laying a card does not end the turn
    state = apply(state, next(m for m in legal_moves(state) if isinstance(m, Play)))
    state = apply(state, EndTurn())
    assert current_player(state) == 1
    assert state.table.laid == 0
    assert state.table.turn == 1
