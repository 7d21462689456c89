"""The end of the game: lost when the player on turn owes cards and cannot lay, won with all 98 laid."""

from __future__ import annotations

import pytest

from cardrules import IllegalMoveError
from cardrules.games.the_game import (
    EndTurn,
    Play,
    Result,
    Rules,
    State,
    apply,
    current_player,
    is_terminal,
    legal_moves,
    result,
)

from .positions import build_state, play_all

# Ascending piles show 60 and 61, descending 50 and 51: 52..58 fit nowhere; 70 fits the ascending
# piles, and once it is laid nothing in 52..58 fits either (60 would be its trick, not 52..58).
BLOCKED = (52, 53, 54, 55, 56, 57, 58)
TOPS = (60, 61, 50, 51)


def blocked_solo(draw_pile: tuple[int, ...] = (2,)) -> State:
    return build_state(Rules(players=1), tops=TOPS, hands=[(*BLOCKED, 70)], draw_pile=draw_pile)


def final(state: State) -> Result:
    outcome = result(state)
    assert outcome is not None
    return outcome


def test_game_lost_when_player_owes_cards_and_cannot_lay() -> None:
    state = apply(blocked_solo(), Play(70, 0))
    assert state.table.laid == 1
    assert is_terminal(state)
    assert legal_moves(state) == ()
    assert current_player(state) is None
    assert final(state) == Result(won=False, cards_left=8, outcome="stuck", seat=0)


def test_game_lost_ends_at_once_no_further_move_is_accepted() -> None:
    state = apply(blocked_solo(), Play(70, 0))
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(state, EndTurn())
    with pytest.raises(IllegalMoveError, match="the game is over"):
        apply(state, Play(52, 2))


def test_cards_laid_before_a_loss_stay_laid() -> None:
    state = apply(blocked_solo(), Play(70, 0))
    assert state.table.tops == (70, 61, 50, 51)
    assert 70 not in state.hands[0]
    assert final(state).cards_left == len(BLOCKED) + 1


def test_game_not_lost_while_the_player_on_turn_can_still_lay() -> None:
    state = blocked_solo()
    assert not is_terminal(state)
    assert result(state) is None
    assert legal_moves(state) == (Play(70, 0), Play(70, 1))


def two_players_seat_one_blocked() -> State:
    return build_state(
        Rules(players=2),
        tops=TOPS,
        hands=[(70, 71, 72, 73, 74, 75, 76), BLOCKED],
        draw_pile=(2, 3),
    )


def test_game_lost_when_the_next_player_cannot_lay_at_the_start_of_the_turn() -> None:
    state = play_all(two_players_seat_one_blocked(), (70, 0), (71, 0), EndTurn())
    assert is_terminal(state)
    assert state.table.laid == 0
    assert final(state) == Result(won=False, cards_left=14, outcome="stuck", seat=1)


def test_loss_does_not_depend_on_another_player_being_able_to_go_on() -> None:
    state = play_all(two_players_seat_one_blocked(), (70, 0), (71, 0), EndTurn())
    # Seat 0 still holds 72..76, which fit the ascending piles; the game is lost all the same.
    assert {72, 73, 74, 75, 76} <= set(state.hands[0])
    assert is_terminal(state)


def test_loss_counts_every_hand_and_the_draw_pile() -> None:
    state = build_state(
        Rules(players=2),
        tops=TOPS,
        hands=[(*BLOCKED, ), (70, 71, 72, 73, 74, 75, 76)],
        draw_pile=(2, 3, 4, 5),
        current=1,
    )
    state = play_all(state, (70, 0), (71, 0), EndTurn())
    assert final(state).cards_left == 7 + 7 + 2


@pytest.mark.parametrize(("draw_pile", "left", "excellent"), [((2,), 8, True), ((2, 3), 9, True),
                                                              ((2, 3, 4), 10, False)])
def test_fewer_than_ten_cards_left_is_excellent(
    draw_pile: tuple[int, ...], left: int, excellent: bool
) -> None:
    outcome = final(apply(blocked_solo(draw_pile), Play(70, 0)))
    assert outcome.cards_left == left
    assert outcome.excellent is excellent


def test_game_won_when_all_98_cards_are_laid() -> None:
    state = build_state(Rules(players=1), tops=(97, 1, 100, 100), hands=[(98, 99)])
    state = apply(state, Play(98, 0))
    assert not is_terminal(state)
    state = apply(state, Play(99, 0))
    assert is_terminal(state)
    assert legal_moves(state) == ()
    assert current_player(state) is None
    assert final(state) == Result(won=True, cards_left=0, outcome="won", seat=0)
    assert final(state).excellent
    assert sum(len(pile) - 1 for pile in state.table.piles) == 98


def test_game_won_by_the_last_card_of_a_later_turn() -> None:
    state = build_state(Rules(players=1), tops=(97, 1, 100, 100), hands=[(98, 99)])
    state = play_all(state, (98, 0), EndTurn())
    assert not is_terminal(state)
    state = apply(state, Play(99, 1))
    assert final(state).won


def test_game_won_in_a_multiplayer_game_when_the_last_hand_empties() -> None:
    state = build_state(Rules(players=3), tops=(97, 1, 100, 100), hands=[(), (98, 99), ()], current=1)
    state = play_all(state, (98, 0), (99, 0))
    assert final(state) == Result(won=True, cards_left=0, outcome="won", seat=1)


def test_game_not_won_while_another_hand_holds_cards() -> None:
    state = build_state(Rules(players=2), tops=(97, 1, 100, 100), hands=[(98,), (99,)])
    state = apply(state, Play(98, 0))
    assert not is_terminal(state)
    state = apply(state, EndTurn())
    assert current_player(state) == 1
    assert final(apply(state, Play(99, 0))).won


def test_result_is_none_while_the_game_goes_on() -> None:
    state = build_state(Rules(players=1), tops=(97, 1, 100, 100), hands=[(98, 99)])
    assert result(state) is None
