"""GreedyBot plays the published analyser's strategy: one set-up position per rule of it."""

from __future__ import annotations

import gc
import pickle

import pytest

from cardrules.bots import play_game, strongest_first_player
from cardrules.games.the_game import (
    END_TURN,
    Move,
    Play,
    Rules,
    State,
    apply,
    legal_moves,
    new_game,
    observe,
)
from cardrules.games.the_game.bots import ENDGAME_REACH, REACH, GreedyBot

from .positions import build_state, deck_order


def choice(state: State, bot: GreedyBot | None = None) -> Move:
    move: Move = (bot or GreedyBot()).choose(observe(state, state.table.current), legal_moves(state))
    return move


def turn(state: State, bot: GreedyBot | None = None) -> list[Move]:
    """Every card the bot lays from ``state`` to the end of the turn (the end of the turn left out)."""
    bot = bot or GreedyBot()
    laid: list[Move] = []
    while (move := choice(state, bot)) != END_TURN:
        laid.append(move)
        state = apply(state, move)
    return laid


def table_of_three_after_the_minimum(tops: tuple[int, int, int, int], hand: tuple[int, ...]) -> State:
    """A 3-player table (reach 3 while drawing) where seat 0 has laid its two cards."""
    others = [(3, 4, 5, 6, 7, 8), (91, 92, 93, 94, 95, 96)]
    return build_state(Rules(players=3), tops=tops, hands=[hand, *others], draw_pile=(97, 98, 99), laid=2)


# --- reach by table size ---------------------------------------------------------------------------


def test_the_reaches_by_table_size_are_the_analysers() -> None:
    assert dict(REACH) == {1: 1, 2: 2, 3: 3, 4: 3, 5: 3}
    assert dict(ENDGAME_REACH) == {1: 1, 2: 6, 3: 8, 4: 7, 5: 6}
    for players in range(1, 6):
        rules = Rules(players=players)
        dealt = observe(new_game(rules, seed=1), 0)
        assert GreedyBot().reach_for(dealt) == REACH[players]
        hands = [(40 + seat,) for seat in range(players)]
        endgame = build_state(rules, tops=(30, 60, 70, 50), hands=hands)
        assert GreedyBot().reach_for(observe(endgame, 0)) == ENDGAME_REACH[players]


def test_two_players_reach_2_while_drawing() -> None:
    # The minimum is laid; 43 would move up1 by 3: beyond the reach of 2 while cards are left to draw.
    state = build_state(Rules(players=2), tops=(40, 60, 30, 50),
                        hands=[(43, 88, 89, 90, 91), (2, 3, 4, 5, 6, 7, 8)], draw_pile=(97, 98, 99), laid=2)
    assert choice(state) == END_TURN
    assert choice(state, GreedyBot(reach=3)) == Play(43, 0)


def test_two_players_reach_6_once_the_draw_pile_is_empty() -> None:
    state = build_state(Rules(players=2), tops=(40, 60, 30, 20), hands=[(46, 88), (2, 3)], laid=1)
    assert choice(state) == Play(46, 0)
    assert choice(state, GreedyBot(endgame_reach=5)) == END_TURN


# --- the cards owed ----------------------------------------------------------------------------------


def test_the_cards_owed_take_the_route_of_least_movement_not_the_best_average() -> None:
    # 11 and 12 move up1 by 2 in all. 86, 85, 84, 83 on down1 would move it by 4, 1, 1, 1: a better
    # average per card, but the cards owed go where the piles move least, and 86 is beyond the reach.
    state = build_state(Rules(players=3), tops=(10, 70, 90, 30),
                        hands=[(11, 12, 83, 84, 85, 86), (3, 4, 5, 6, 7, 8), (91, 92, 93, 94, 95, 96)],
                        draw_pile=(97, 98, 99))
    assert turn(state) == [Play(11, 0), Play(12, 0)]


def test_a_ten_pair_is_laid_as_one_block_with_the_cards_between() -> None:
    # On up1 at 20, the pair 24/34 is a block: 27 (between), 34, then 24 by the trick: up1 moves by 4.
    state = build_state(Rules(players=3), tops=(20, 70, 90, 60),
                        hands=[(24, 27, 34, 80, 81, 82), (3, 4, 5, 6, 7, 8), (91, 92, 93, 94, 95, 96)],
                        draw_pile=(97, 98, 99))
    assert turn(state) == [Play(27, 0), Play(34, 0), Play(24, 0)]


def test_equal_ascending_piles_take_the_card_on_the_second() -> None:
    state = new_game(Rules(players=1), deck=range(2, 100))  # hand 2..9, both up piles at 1
    assert choice(state) == Play(2, 1)


def test_equal_descending_piles_take_the_card_on_the_second() -> None:
    state = new_game(Rules(players=1), deck=range(99, 1, -1))  # hand 92..99, both down piles at 100
    assert choice(state) == Play(99, 3)


# --- extra cards -------------------------------------------------------------------------------------


def test_each_extra_card_is_within_reach_of_its_own_pile_not_on_average() -> None:
    # 45 moves up1 by 5 and 46 then by 1: within a reach of 3 on average, but 45 alone is not.
    state = table_of_three_after_the_minimum((40, 60, 30, 50), (45, 46, 88, 89))
    assert choice(state) == END_TURN


def test_the_near_card_of_a_ten_pair_is_never_an_extra() -> None:
    # 35 is within reach of up1 at 32, but it is the near card of 35/45: the pair waits for a trick.
    state = table_of_three_after_the_minimum((32, 60, 20, 15), (35, 45, 88, 90))
    assert choice(state) == END_TURN
    assert choice(state, GreedyBot(reach=20)) == END_TURN


def test_the_far_card_of_a_ten_pair_across_the_top_may_be_an_extra() -> None:
    # Up1 at 43: 45 is within reach, and 35 follows by the trick.
    state = table_of_three_after_the_minimum((43, 60, 20, 15), (35, 45, 88, 90))
    assert turn(state) == [Play(45, 0), Play(35, 0)]


def test_a_turn_may_lay_a_run_of_six_cards() -> None:
    # 11 and 12 are owed; 14, 16, 18 and 20 each move up1 by 2, within the reach of 2 players.
    state = build_state(Rules(players=2), tops=(10, 70, 90, 30),
                        hands=[(11, 12, 14, 16, 18, 20, 80), (3, 4, 5, 6, 7, 8, 9)], draw_pile=(97, 98, 99))
    assert turn(state) == [Play(card, 0) for card in (11, 12, 14, 16, 18, 20)]
    assert turn(state, GreedyBot(depth=4)) == [Play(card, 0) for card in (11, 12, 14, 16)]


# --- stuck ------------------------------------------------------------------------------------------


def test_a_stuck_player_lays_the_one_card_the_rules_force() -> None:
    # It owes two cards and only 80 fits (on up2, 20 beyond the reach). The analyser would lay
    # nothing; the rules make a player who owes cards lay any card that fits.
    state = build_state(Rules(players=2), tops=(50, 60, 30, 20),
                        hands=[(31, 32, 33, 34, 35, 36, 80), (2, 3, 4, 5, 6, 7, 8)], draw_pile=(97, 98, 99))
    assert legal_moves(state) == (Play(80, 0), Play(80, 1))
    assert choice(state) == Play(80, 1)


# --- who starts -------------------------------------------------------------------------------------


def test_a_tie_for_the_strongest_hand_goes_to_the_lowest_seat() -> None:
    # 3..9 and 92..98 mirror each other: both open by laying three cards at one apart.
    low, high = tuple(range(3, 10)), tuple(range(92, 99))
    for hands in ((low, high), (high, low)):
        state = new_game(Rules(players=2), deck=deck_order(*hands))
        ratings = [GreedyBot().opening_strength(observe(state, seat)) for seat in (0, 1)]
        assert ratings[0] == ratings[1]
        assert strongest_first_player(state, GreedyBot()) == 0


def test_the_hand_with_the_cheapest_opening_turn_starts() -> None:
    state = new_game(Rules(players=3), deck=deck_order((40, 41, 60, 61, 70, 71), (2, 3, 4, 5, 50, 51),
                                                       (30, 31, 62, 63, 72, 73)))
    assert strongest_first_player(state, GreedyBot()) == 1


# --- the plan of the turn ---------------------------------------------------------------------------


def test_a_used_bot_plays_as_a_fresh_one() -> None:
    bot = GreedyBot()
    play_game(Rules(players=3), bot, seed=4, first_player="strongest")
    again = play_game(Rules(players=3), bot, seed=5, first_player="strongest")
    assert again == play_game(Rules(players=3), GreedyBot(), seed=5, first_player="strongest")


def test_a_turn_taken_up_in_the_middle_is_planned_afresh() -> None:
    # The block 27, 34, 24 was begun by someone else with 34: the bot goes on with the trick.
    state = build_state(Rules(players=3), tops=(20, 70, 90, 60),
                        hands=[(24, 27, 34, 80, 81, 82), (3, 4, 5, 6, 7, 8), (91, 92, 93, 94, 95, 96)],
                        draw_pile=(97, 98, 99))
    bot = GreedyBot()
    assert choice(state, bot) == Play(27, 0)
    assert choice(apply(state, Play(34, 0)), bot) == Play(24, 0)


@pytest.mark.parametrize("players", [2, 4])
def test_a_pickled_bot_plays_the_same_games(players: int) -> None:
    bot = GreedyBot(reach=2)
    play_game(Rules(players=players), bot, seed=1)
    copy = pickle.loads(pickle.dumps(bot))
    assert repr(copy) == repr(bot)
    assert play_game(Rules(players=players), copy, seed=2) == play_game(Rules(players=players), bot, seed=2)


def test_a_greedy_game_leaves_no_cycles_for_the_collector() -> None:
    # A server's bot threads plan many turns a minute; garbage that only the cycle collector can
    # free makes its full collections (and their stalls) come sooner.
    gc.collect()
    gc.disable()
    try:
        play_game(Rules(players=3), GreedyBot(), seed=3)
        assert gc.collect() == 0
    finally:
        gc.enable()
