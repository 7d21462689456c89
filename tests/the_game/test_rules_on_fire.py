"""The On Fire expansion: 22, 33, 44, 55, 66 and 77 must be covered by the end of the next turn."""

from __future__ import annotations

import pytest

from cardrules.games.the_game import (
    CARDS,
    FIRE_CARDS,
    EndTurn,
    Play,
    Result,
    Rules,
    State,
    apply,
    is_terminal,
    new_game,
    result,
)

from .positions import build_state, deck_order, play_all

FIRE = Rules(players=1, on_fire=True)
SOLO_HAND = (22, 30, 40, 50, 60, 70, 80, 90)


def fire_solo() -> State:
    return new_game(FIRE, deck=deck_order(SOLO_HAND, draw_front=(2, 3, 4, 5, 6, 7)))


def final(state: State) -> Result:
    outcome = result(state)
    assert outcome is not None
    return outcome


def test_fire_cards_are_22_33_44_55_66_77_and_the_deck_is_unchanged() -> None:
    assert frozenset({22, 33, 44, 55, 66, 77}) == FIRE_CARDS
    state = new_game(FIRE, seed=3)
    dealt = sorted([card for hand in state.hands for card in hand] + list(state.draw_pile))
    assert dealt == list(CARDS)


def test_solo_fire_card_may_stay_uncovered_until_the_end_of_the_next_turn() -> None:
    state = play_all(fire_solo(), (22, 0), (90, 2), EndTurn())
    assert not is_terminal(state)
    assert state.table.tops[0] == 22


def test_solo_fire_card_uncovered_at_the_end_of_the_own_next_turn_burns() -> None:
    state = play_all(fire_solo(), (22, 0), (90, 2), EndTurn())
    state = play_all(state, (80, 2), (70, 2))
    assert not is_terminal(state)  # the deadline is the end of the turn, not before
    state = apply(state, EndTurn())
    assert is_terminal(state)
    assert final(state) == Result(won=False, cards_left=98 - 4, outcome="burned", seat=0)


def test_solo_fire_card_covered_in_the_next_turn_is_safe() -> None:
    state = play_all(fire_solo(), (22, 0), (90, 2), EndTurn())
    state = play_all(state, (30, 0), (80, 2), EndTurn())
    assert not is_terminal(state)
    state = play_all(state, (70, 2), (60, 2), EndTurn())
    assert not is_terminal(state)


def test_fire_card_covered_in_the_same_turn_is_safe() -> None:
    state = play_all(fire_solo(), (22, 0), (30, 0), EndTurn())
    state = play_all(state, (90, 2), (80, 2), EndTurn())
    state = play_all(state, (70, 2), (60, 2), EndTurn())
    assert not is_terminal(state)


def test_fire_card_covered_by_the_backwards_trick_is_safe() -> None:
    state = new_game(FIRE, deck=deck_order((12, 22, 50, 60, 70, 80, 90, 99)))
    state = play_all(state, (22, 0), (12, 0), EndTurn())
    state = play_all(state, (90, 2), (80, 2), EndTurn())
    state = play_all(state, (70, 2), (60, 2), EndTurn())
    assert not is_terminal(state)


def test_fire_card_covering_a_fire_card_has_its_own_deadline() -> None:
    state = new_game(FIRE, deck=deck_order((22, 33, 50, 60, 70, 80, 90, 99)))
    state = play_all(state, (22, 0), (90, 2), EndTurn())  # 22 is due at the end of the next turn
    state = play_all(state, (33, 0), (80, 2), EndTurn())  # 33 covers it, and is due a turn later
    assert not is_terminal(state)
    state = play_all(state, (70, 2), (60, 2), EndTurn())
    assert final(state).outcome == "burned"


@pytest.mark.parametrize("card", sorted(FIRE_CARDS))
def test_every_fire_card_burns_when_left_uncovered(card: int) -> None:
    others = [c for c in (91, 92, 93, 94, 95, 96, 97) if c != card]
    state = new_game(FIRE, deck=deck_order((card, *others)))
    state = play_all(state, (card, 2), (97, 3), EndTurn())
    state = play_all(state, (96, 3), (95, 3), EndTurn())
    assert final(state).outcome == "burned"


def test_without_on_fire_an_uncovered_22_is_harmless() -> None:
    state = new_game(Rules(players=1), deck=deck_order(SOLO_HAND, draw_front=(2, 3, 4, 5, 6, 7)))
    state = play_all(state, (22, 0), (90, 2), EndTurn(), (80, 2), (70, 2), EndTurn())
    state = play_all(state, (60, 2), (50, 2), EndTurn())
    assert not is_terminal(state)
    assert state.table.tops[0] == 22


def fire_pair() -> State:
    rules = Rules(players=2, on_fire=True)
    return new_game(
        rules,
        deck=deck_order((22, 30, 40, 50, 60, 70, 80), (91, 92, 93, 94, 95, 96, 97)),
    )


def test_multiplayer_fire_card_must_be_covered_by_the_next_player() -> None:
    state = play_all(fire_pair(), (22, 0), (80, 2), EndTurn())
    assert state.table.current == 1
    state = play_all(state, (97, 3), (96, 3), EndTurn())
    # Seat 0 never gets its own next turn to cover it: the deadline was seat 1's turn.
    assert final(state) == Result(won=False, cards_left=98 - 4, outcome="burned", seat=1)


def test_multiplayer_next_player_may_cover_the_fire_card() -> None:
    state = play_all(fire_pair(), (22, 0), (80, 2), EndTurn())
    state = play_all(state, (91, 0), (97, 3), EndTurn())
    assert not is_terminal(state)
    assert state.table.current == 0


def three_players_seat_one_out() -> State:
    # Draw pile empty, seat 1 has no cards: after seat 0 the next player who has cards is seat 2.
    return build_state(
        Rules(players=3, on_fire=True),
        tops=(21, 97, 3, 100),
        hands=[(22,), (), (23, 98)],
    )


def test_multiplayer_fire_deadline_is_the_next_player_who_has_cards() -> None:
    state = play_all(three_players_seat_one_out(), (22, 0), EndTurn())
    assert state.table.current == 2
    state = play_all(state, (98, 1), EndTurn())
    assert final(state) == Result(won=False, cards_left=1, outcome="burned", seat=2)


def test_multiplayer_fire_card_covered_by_the_next_player_who_has_cards() -> None:
    state = play_all(three_players_seat_one_out(), (22, 0), EndTurn(), (23, 0), EndTurn())
    assert not is_terminal(state)
    assert state.table.current == 2
    assert final(apply(state, Play(98, 1))).won


def test_fire_card_as_the_98th_card_wins() -> None:
    state = build_state(FIRE, tops=(76, 99, 78, 100), hands=[(77,)])
    state = play_all(state, (77, 0))
    assert final(state) == Result(won=True, cards_left=0, outcome="won", seat=0)


def test_fire_card_as_the_98th_card_wins_in_a_multiplayer_game() -> None:
    state = build_state(
        Rules(players=2, on_fire=True), tops=(76, 99, 78, 100), hands=[(), (66, 77)], current=1
    )
    state = play_all(state, (77, 0), (66, 2))
    assert final(state).won
