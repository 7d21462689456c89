"""The reference bot as the published analysis plays it: the strongest hand starts, and the reach
widens once the draw pile is empty."""

from __future__ import annotations

from typing import Any

import pytest

from cardrules import ArgumentError
from cardrules.bots import RandomBot, play_game, strongest_first_player
from cardrules.cli import main
from cardrules.games.the_game import (
    END_TURN,
    Observation,
    Play,
    Rules,
    State,
    legal_moves,
    new_game,
    observe,
    result,
)
from cardrules.games.the_game.bots import ENDGAME_REACH, REACH, GreedyBot

from .positions import build_state, deck_order


class Rater:
    """Rates every hand by a fixed number per seat, and remembers what it was shown."""

    def __init__(self, ratings: dict[int, float]) -> None:
        self.ratings = ratings
        self.shown: list[Observation] = []

    def choose(self, observation: Observation, legal: tuple[Any, ...]) -> Any:
        return legal[0]

    def opening_strength(self, observation: Observation) -> float:
        self.shown.append(observation)
        return self.ratings[observation.seat]


def dealt(final: object) -> State:
    assert isinstance(final, State)
    return final


def choice(state: State, bot: GreedyBot) -> object:
    return bot.choose(observe(state, state.table.current), legal_moves(state))


# --- who starts ------------------------------------------------------------------------------------


def test_the_seat_with_the_strongest_opening_starts() -> None:
    # Seat 1 can open with 2, 3, 4, 5 (a change of 1 each); seats 0 and 2 hold middling cards.
    deck = deck_order((40, 41, 60, 61, 70, 71), (2, 3, 4, 5, 50, 51), (30, 31, 62, 63, 72, 73))
    state = new_game(Rules(players=3), deck=deck)
    assert strongest_first_player(state, GreedyBot()) == 1


def test_the_same_seed_deals_the_same_cards_whoever_starts() -> None:
    rules = Rules(players=4)
    dealt = new_game(rules, seed=11)
    starter = strongest_first_player(dealt, GreedyBot())
    assert new_game(rules, seed=11, first_player=starter).hands == dealt.hands
    strongest = play_game(rules, GreedyBot(), seed=11, first_player="strongest")
    assert strongest == play_game(rules, GreedyBot(), seed=11, first_player=starter)


def test_each_seat_rates_only_its_own_observation() -> None:
    state = new_game(Rules(players=3), seed=5)
    raters = [Rater({0: 1.0}), Rater({1: 1.0}), Rater({2: 1.0})]
    strongest_first_player(state, raters)
    for seat, rater in enumerate(raters):
        assert rater.shown == [observe(state, seat)]


def test_a_tie_goes_to_the_lowest_seat() -> None:
    state = new_game(Rules(players=3), seed=5)
    assert strongest_first_player(state, Rater({0: 1.0, 1: 3.0, 2: 3.0})) == 1


def test_a_bot_that_cannot_rate_its_hand_cannot_help_choose() -> None:
    state = new_game(Rules(players=2), seed=5)
    with pytest.raises(ArgumentError, match="opening_strength"):
        strongest_first_player(state, [GreedyBot(), RandomBot(1)])


def test_choosing_the_strongest_start_needs_a_seeded_deal() -> None:
    with pytest.raises(ArgumentError, match="seed"):
        play_game(Rules(players=2), GreedyBot(), first_player="strongest")


def test_simulate_lets_the_strongest_hand_start(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "the-game", "--players", "3", "--games", "5", "--seed", "1", "--no-progress"]
    assert main([*args, "--first-player", "strongest"]) == 0
    mean_line = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("mean cards"))
    finals = [play_game(Rules(players=3), GreedyBot(), seed=seed, first_player="strongest")
              for seed in range(1, 6)]
    left = [outcome.cards_left for final in finals if (outcome := result(dealt(final))) is not None]
    assert mean_line.split()[-1] == f"{sum(left) / 5:.2f}"


@pytest.mark.parametrize(("option", "message"), [
    (["--first-player", "3"], "seat from 0 to 2"),
    (["--first-player", "first"], "strongest"),
    (["--first-player", "strongest", "--bot", "random"], "cannot rate"),
])
def test_simulate_refuses_a_start_it_cannot_follow(option: list[str], message: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "the-game", "--players", "3", "--games", "2", "--no-progress", *option]) == 2
    assert message in capsys.readouterr().err


# --- the reach once the draw pile is empty --------------------------------------------------------


def test_the_reach_widens_once_the_draw_pile_is_empty() -> None:
    # The minimum is laid; 45 would move up1 by 5: too far while cards are left to draw, close
    # enough once nobody draws any more.
    drawing = build_state(Rules(players=2), tops=(40, 60, 30, 50),
                          hands=[(45, 88, 89, 90, 91), (2, 3, 4, 5, 6, 7, 8)],
                          draw_pile=(97, 98, 99), laid=2)
    assert choice(drawing, GreedyBot()) == END_TURN
    endgame = build_state(Rules(players=2), tops=(40, 60, 30, 50), hands=[(45, 88), (2, 3)], laid=1)
    assert choice(endgame, GreedyBot()) == Play(45, 0)
    assert choice(endgame, GreedyBot(endgame_reach=4)) == END_TURN  # 45 - 40 = 5 > 4


def test_solo_keeps_a_reach_of_one_to_the_end() -> None:
    endgame = build_state(Rules(players=1), tops=(40, 60, 30, 50), hands=[(42, 88)], laid=1)
    assert choice(endgame, GreedyBot()) == END_TURN
    assert choice(endgame, GreedyBot(endgame_reach=2)) == Play(42, 0)


def test_the_default_reaches_by_table_size_and_draw_pile() -> None:
    solo, table = Rules(players=1), Rules(players=4)
    endgame = build_state(table, tops=(40, 60, 30, 50), hands=[(45,), (2,), (3,), (4,)], laid=0)
    assert GreedyBot().reach_for(observe(new_game(solo, seed=1), 0)) == 1
    assert GreedyBot().reach_for(observe(new_game(table, seed=1), 0)) == REACH[4] == 3
    assert GreedyBot().reach_for(observe(endgame, 0)) == ENDGAME_REACH[4] == 7
    assert GreedyBot(5, endgame_reach=9).reach_for(observe(endgame, 0)) == 9


@pytest.mark.parametrize("reach", [-1, 2.5, "7"])
def test_an_endgame_reach_must_be_a_whole_number(reach: Any) -> None:
    with pytest.raises(ArgumentError, match="endgame_reach"):
        GreedyBot(endgame_reach=reach)


# --- a golden regression ---------------------------------------------------------------------------


def test_two_hundred_three_player_games_give_the_recorded_totals() -> None:
    # Recorded when GreedyBot became the analyser's strategy (issue 20): a change to the bot or to
    # the engine that alters any of these games shows up here.
    outcomes = [result(dealt(play_game(Rules(players=3), GreedyBot(), seed=seed, first_player="strongest")))
                for seed in range(1, 201)]
    assert sum(outcome.won for outcome in outcomes if outcome) == GOLDEN_WON
    assert sum(outcome.cards_left for outcome in outcomes if outcome) == GOLDEN_LEFT


GOLDEN_WON = 22
GOLDEN_LEFT = 2088
