"""The bots: the shared ``Bot`` protocol and game loop, ``RandomBot``, and The Game's ``GreedyBot``."""

from __future__ import annotations

import random
from statistics import mean
from typing import Any

import pytest
from hypothesis import given

from cardrules import ArgumentError, IllegalMoveError
from cardrules.bots import Bot, RandomBot, play_game, play_out
from cardrules.games.the_game import (
    END_TURN,
    Move,
    Observation,
    Play,
    Result,
    Rules,
    State,
    apply,
    determinize,
    is_terminal,
    legal_moves,
    new_game,
    observe,
    result,
)
from cardrules.games.the_game.bots import GreedyBot
from cardrules.testing.strategies import reachable_states

from .positions import build_state


class Checked:
    """Wraps a bot: records what it was shown and insists that it answers with a legal move."""

    def __init__(self, bot: Bot[Observation, Move]) -> None:
        self.bot = bot
        self.shown: set[type] = set()

    def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        self.shown.add(type(observation))
        move = self.bot.choose(observation, legal)
        assert move in legal, f"{move} is not legal"
        return move


def final_result(state: State) -> Result:
    outcome = result(state)
    assert outcome is not None
    return outcome


def greedy_choice(state: State, bot: GreedyBot | None = None) -> Move:
    seat = state.table.current
    move: Move = (bot or GreedyBot()).choose(observe(state, seat), legal_moves(state))
    return move


# --- the shared machinery ---------------------------------------------------------------------------


def test_both_bots_are_bots() -> None:
    assert isinstance(RandomBot(1), Bot)
    assert isinstance(GreedyBot(), Bot)


def test_play_game_gives_bots_observations_never_states() -> None:
    bot = Checked(RandomBot(3))
    final = play_out(new_game(Rules(players=3), seed=5), bot)
    assert is_terminal(final)
    assert bot.shown == {Observation}


def test_play_game_seats_one_bot_per_seat() -> None:
    seats = [Checked(RandomBot(seat)) for seat in range(4)]
    play_game(Rules(players=4), seats, seed=2)
    assert all(bot.shown for bot in seats)


def test_play_game_needs_as_many_bots_as_seats() -> None:
    with pytest.raises(ArgumentError, match="3 seats but 2 bots"):
        play_game(Rules(players=3), [RandomBot(1), RandomBot(2)], seed=1)


def test_the_same_seeds_play_the_same_game() -> None:
    first = play_game(Rules(players=2), [RandomBot(1), RandomBot(2)], seed=9)
    assert play_game(Rules(players=2), [RandomBot(1), RandomBot(2)], seed=9) == first
    assert play_game(Rules(players=2), [RandomBot(1), RandomBot(3)], seed=9) != first


def test_play_out_finishes_a_game_from_any_position() -> None:
    state = new_game(Rules(players=2), seed=4)
    for _ in range(2):
        state = apply(state, legal_moves(state)[0])
    final = play_out(state, GreedyBot())
    assert is_terminal(final)
    piles = zip(final.table.piles, state.table.piles, strict=True)
    assert all(after[:len(before)] == before for after, before in piles)


def test_a_bot_answering_with_an_illegal_move_is_refused() -> None:
    class Cheat:
        def choose(self, observation: Any, legal: tuple[Any, ...]) -> Any:
            return END_TURN  # before laying the minimum

    with pytest.raises(IllegalMoveError, match="lay at least 2 cards"):
        play_game(Rules(), Cheat(), seed=1)


# --- GreedyBot: legal, and blind to what its seat cannot see ------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize(
    "options",
    [{}, {"expert": True}, {"reduced_hand": True}, {"on_fire": True}, {"expert": True, "on_fire": True}],
)
def test_greedy_bot_only_returns_legal_moves(players: int, options: dict[str, bool]) -> None:
    bot = Checked(GreedyBot())
    for seed in range(3):
        assert is_terminal(play_out(new_game(Rules(players=players, **options), seed=seed), bot))
    assert bot.shown == {Observation}


@given(reachable_states(game="the-game"))
def test_greedy_bot_choice_is_legal_in_any_reachable_state(state: State) -> None:
    if not is_terminal(state):
        assert greedy_choice(state) in legal_moves(state)


@given(reachable_states(game="the-game"))
def test_greedy_bot_cannot_tell_states_that_look_the_same_to_its_seat(state: State) -> None:
    if is_terminal(state):
        return
    seat = state.table.current
    other = determinize(observe(state, seat), random.Random(1))  # other hands, other draw pile
    assert other.hands[seat] == state.hands[seat]
    assert greedy_choice(other) == greedy_choice(state)


def test_greedy_bot_takes_only_an_observation() -> None:
    state = new_game(Rules(players=2), seed=3)
    with pytest.raises(ArgumentError, match="observation of The Game"):
        GreedyBot().choose(state, legal_moves(state))  # type: ignore[arg-type]


# --- GreedyBot: the heuristic -----------------------------------------------------------------------


def test_greedy_bot_beats_random_bot_clearly() -> None:
    greedy = [final_result(play_out(new_game(Rules(), seed=seed), GreedyBot())) for seed in range(200)]
    rand = [final_result(play_out(new_game(Rules(), seed=seed), RandomBot(seed))) for seed in range(200)]
    greedy_left = mean(outcome.cards_left for outcome in greedy)
    random_left = mean(outcome.cards_left for outcome in rand)
    assert greedy_left < 16 < 60 < random_left
    assert sum(outcome.won for outcome in greedy) >= 10 > sum(outcome.won for outcome in rand)


def test_greedy_bot_lays_20_before_31_where_order_matters() -> None:
    # The contract's case: ascending 30 and 98, descending 2 and 3; laying 31 first would lose.
    state = build_state(
        Rules(players=3),
        tops=(30, 98, 2, 3),
        hands=[(5, 6, 7, 8, 20, 31), (90, 91, 92, 93, 94, 95), (80, 81, 82, 83, 84, 85)],
        draw_pile=(99, 70, 71),
    )
    assert greedy_choice(state) == Play(20, 0)
    state = apply(state, Play(20, 0))
    assert greedy_choice(state) == Play(31, 0)


def solo_after_the_minimum(tops: tuple[int, int, int, int], hand: tuple[int, ...], *, on_fire: bool = False,
                           fire_due: tuple[int, int, int, int] = (-1, -1, -1, -1)) -> State:
    """A solo table where the player has laid the minimum (two cards) and holds ``hand``."""
    return build_state(Rules(players=1, on_fire=on_fire), tops=tops, hands=[hand], draw_pile=(97, 98, 99),
                       laid=2, fire_due=fire_due)


def test_greedy_bot_lays_an_extra_card_only_within_reach() -> None:
    state = solo_after_the_minimum((40, 60, 30, 50), (42, 88, 89, 90, 91, 92))  # 42 moves up1 by 2
    assert greedy_choice(state, GreedyBot(reach=1)) == END_TURN
    assert greedy_choice(state, GreedyBot(reach=2)) == Play(42, 0)
    assert greedy_choice(state) == END_TURN  # solo: reach 1


def test_greedy_bot_lays_a_chain_of_backwards_tricks_as_an_extra() -> None:
    # 20 then 10 move up1 from 30 back to 10: an extra that gives room, whatever the reach.
    state = solo_after_the_minimum((30, 60, 25, 15), (10, 20, 88, 90, 92, 94))
    assert greedy_choice(state) == Play(20, 0)
    assert greedy_choice(apply(state, Play(20, 0))) == Play(10, 0)


def test_greedy_bot_lays_the_minimum_with_the_smallest_total_change() -> None:
    state = build_state(Rules(players=1), tops=(10, 50, 90, 40),
                        hands=[(12, 13, 30, 52, 55, 70, 85, 88)], draw_pile=(97, 98, 99))
    moves = []
    for _ in range(2):
        move = greedy_choice(state)
        moves.append(move)
        state = apply(state, move)
    assert sorted(moves, key=str) == [Play(12, 0), Play(13, 0)]  # changes 2 + 1; 88 on down1 is 2 alone


def test_greedy_bot_covers_a_fire_card_that_burns_this_turn() -> None:
    tops, hand = (33, 60, 20, 15), (36, 88, 90, 92, 94, 95)
    turn = solo_after_the_minimum((30, 60, 20, 15), hand).table.turn
    burning = solo_after_the_minimum(tops, hand, on_fire=True, fire_due=(turn, -1, -1, -1))
    assert greedy_choice(burning) == Play(36, 0)
    assert greedy_choice(solo_after_the_minimum(tops, hand)) == END_TURN


@pytest.mark.parametrize("reach", [-1, 1.5, "3"])
def test_greedy_bot_rejects_a_reach_that_is_not_a_whole_number(reach: Any) -> None:
    with pytest.raises(ArgumentError, match="reach"):
        GreedyBot(reach=reach)


def test_greedy_bot_rejects_a_depth_below_one() -> None:
    with pytest.raises(ArgumentError, match="depth"):
        GreedyBot(depth=0)
