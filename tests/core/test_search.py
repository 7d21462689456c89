"""ISMCTSBot: plays every registered game, is deterministic for a seed, keeps its budget, never peeks."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import cardrules
from cardrules import ArgumentError, rl
from cardrules.bots import ISMCTSBot, RandomBot, play_game, play_out
from cardrules.bots.search import outcome_returns
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.mille_bornes.command_line import MILLE_BORNES, ExpertSearchBot
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.games.the_game.bots import GreedyBot
from cardrules.games.the_game.command_line import THE_GAME, GreedySearchBot
from cardrules.registry import game_of
from tests import toy_game
from tests.core.search_positions import MILLE_BORNES_HAND, Counting, decide, midgame


@pytest.mark.parametrize("rules", [the_game.Rules(players=3), MILLE_BORNES_HAND, toy_game.Rules()])
def test_the_same_seed_and_iterations_give_the_same_move(rules: Any) -> None:
    for seed in range(3):
        state = midgame(rules, seed, 5)
        moves = {decide(ISMCTSBot(iterations=40, seed=seed), state) for _ in range(2)}
        assert len(moves) == 1
        assert moves <= set(cardrules.legal_moves(state))


def test_plays_whole_games_of_the_game_with_greedy_rollouts() -> None:
    start = the_game.new_game(the_game.Rules(players=2), seed=9)
    final = play_out(start, ISMCTSBot(iterations=4, rollout=GreedyBot(), seed=1))
    assert the_game.is_terminal(final)
    again = play_out(start, ISMCTSBot(iterations=4, rollout=GreedyBot(), seed=1))
    assert again == final


def test_plays_whole_hands_of_mille_bornes_against_the_heuristic() -> None:
    bots: list[Any] = [ISMCTSBot(iterations=6, rollout=HeuristicBot(), seed=2), HeuristicBot()]
    final = play_out(mille_bornes.new_game(MILLE_BORNES_HAND, seed=4), bots)
    assert mille_bornes.is_terminal(final)


def test_plays_the_toy_game_with_random_rollouts() -> None:
    final = play_out(toy_game.new_game(toy_game.Rules(), seed=2), ISMCTSBot(iterations=20, seed=3))
    assert toy_game.is_terminal(final)


@pytest.mark.parametrize("rules", [the_game.Rules(players=4), MILLE_BORNES_HAND])
def test_hidden_cards_do_not_change_the_choice(rules: Any) -> None:
    # Two full states that the deciding seat cannot tell apart: the same observation, other hidden cards.
    for seed in range(3):
        real = midgame(rules, seed, 6)
        seat = cardrules.current_player(real)
        assert seat is not None
        observation = cardrules.observe(real, seat)
        other = cardrules.determinize(observation, seed + 100)
        assert cardrules.observe(other, seat) == observation
        assert other != real
        chosen = decide(ISMCTSBot(iterations=30, seed=5), real)
        assert decide(ISMCTSBot(iterations=30, seed=5), other) == chosen


def test_an_iteration_budget_is_that_many_simulated_games_per_decision() -> None:
    state = midgame(the_game.Rules(players=2), 1, 3)
    for iterations in (1, 7, 50):
        value = Counting()
        decide(ISMCTSBot(iterations=iterations, value=value, seed=1), state)
        assert value.calls == iterations


def test_a_time_budget_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a tenth of a second each time it is read: 2 seconds allow about 20 iterations.
    ticks = itertools.count()
    monkeypatch.setattr("cardrules.bots.search.time.perf_counter", lambda: next(ticks) / 10)
    value = Counting()
    decide(ISMCTSBot(seconds=2.0, value=value, seed=1), midgame(the_game.Rules(players=2), 1, 3))
    assert 10 <= value.calls <= 21


def test_a_single_legal_move_is_played_without_search() -> None:
    value = Counting()
    state = the_game.new_game(the_game.Rules(players=1), seed=1)
    only = the_game.legal_moves(state)[:1]
    assert ISMCTSBot(iterations=10, value=value).choose(the_game.observe(state, 0), only) == only[0]
    assert value.calls == 0


@pytest.mark.parametrize("rules", [the_game.Rules(players=3), MILLE_BORNES_HAND,
                                   mille_bornes.Rules(players=4)])
def test_outcome_returns_are_the_returns_of_cardrules_rl(rules: Any) -> None:
    for seed in range(3):
        final = play_game(rules, RandomBot(seed), seed=seed)
        assert outcome_returns(final) == pytest.approx(rl.returns(final))
        start = game_of(rules).new_game(rules, seed=seed)
        assert outcome_returns(start) == rl.returns(start)


@pytest.mark.parametrize("arguments", [
    {"iterations": 0}, {"iterations": 2.5}, {"iterations": True}, {"seconds": 0}, {"seconds": -1.0},
    {"seconds": float("inf")}, {"seconds": "1"}, {"iterations": 10, "seconds": 1.0}, {"exploration": -0.1},
    {"exploration": "big"}, {"widening": 0}, {"widening": float("nan")}, {"rollout": object()},
    {"value": 3}, {"seed": "7"}, {"guard": -1.0}, {"guard": float("inf")}, {"guard": "2"},
])
def test_bad_arguments_raise_argument_error(arguments: dict[str, object]) -> None:
    with pytest.raises(ArgumentError):
        ISMCTSBot(**arguments)  # type: ignore[arg-type]


def test_bad_choose_arguments_raise_argument_error() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=1)
    bot = ISMCTSBot(iterations=5)
    with pytest.raises(ArgumentError):
        bot.choose(the_game.observe(state, 0), ())
    with pytest.raises(ArgumentError):
        bot.choose(the_game.observe(state, 0), list(the_game.legal_moves(state)))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError):
        bot.choose("not an observation", the_game.legal_moves(state))
    with pytest.raises(ArgumentError):
        outcome_returns("not a state")


@pytest.mark.parametrize(("rules", "policy"), [(the_game.Rules(players=3), GreedyBot()),
                                               (MILLE_BORNES_HAND, HeuristicBot())])
def test_the_guard_keeps_the_policys_move_without_evidence_against_it(rules: Any, policy: Any) -> None:
    # A guard no gain can pass: the search always ends on the policy's own move.
    for seed in range(4):
        state = midgame(rules, seed, 5)
        seat = cardrules.current_player(state)
        assert seat is not None
        own = policy.choose(cardrules.observe(state, seat), cardrules.legal_moves(state))
        assert decide(ISMCTSBot(iterations=40, rollout=policy, guard=1e9, seed=seed), state) == own


def test_without_a_guard_the_search_departs_from_the_policy() -> None:
    # The same positions with guard=None (the most visited move) and guard=0 (any better mean):
    # on some of them the search prefers another move than the policy's.
    rules = the_game.Rules(players=2)
    departed = {"none": 0, "zero": 0}
    for seed in range(6):
        state = midgame(rules, seed, 4)
        own = GreedyBot().choose(cardrules.observe(state, cardrules.current_player(state) or 0),
                                 cardrules.legal_moves(state))
        departed["none"] += decide(ISMCTSBot(iterations=60, rollout=GreedyBot(), guard=None,
                                              seed=seed), state) != own
        departed["zero"] += decide(ISMCTSBot(iterations=60, rollout=GreedyBot(), guard=0.0,
                                              seed=seed), state) != own
    assert departed["none"] > 0
    assert departed["zero"] > 0


def test_the_command_lines_ismcts_rolls_out_with_the_reference_bots() -> None:
    assert THE_GAME.bots["ismcts"] is GreedySearchBot
    assert MILLE_BORNES.bots["ismcts"] is ExpertSearchBot
    assert isinstance(GreedySearchBot(iterations=5).rollout, GreedyBot)
    assert isinstance(ExpertSearchBot(seconds=0.1).rollout, ExpertBot)
    assert GreedySearchBot(guard=None).guard is None
