"""The search bot's flat mode: every root move on the same deals, halving, a guard judging fresh deals."""

from __future__ import annotations

import random
import types
from typing import Any

import pytest

import cardrules
from cardrules import ArgumentError
from cardrules.bots import ISMCTSBot, play_out
from cardrules.bots.flat import flat_choice
from cardrules.bots.search import outcome_returns
from cardrules.games import the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.the_game.bots import GreedyBot, change
from cardrules.games.the_game.command_line import GreedySearchBot
from cardrules.registry import game_of
from tests import toy_game
from tests.core.search_positions import MILLE_BORNES_HAND, Counting, decide, midgame


class _Saboteur:
    """GreedyBot, except on the first card of a game: then the card that jumps its pile furthest."""

    def __init__(self) -> None:
        self.greedy = GreedyBot()

    def choose(self, observation: the_game.Observation, legal: tuple[the_game.Move, ...]) -> the_game.Move:
        if observation.table.laid or observation.table.turn:
            return self.greedy.choose(observation, legal)
        tops = observation.table.tops
        plays = [move for move in legal if type(move) is the_game.Play]
        return max(plays, key=lambda move: change(move.card, move.pile, tops[move.pile]) or 0)


@pytest.mark.parametrize(("rules", "policy"), [(the_game.Rules(players=3), GreedyBot()),
                                               (MILLE_BORNES_HAND, HeuristicBot()),
                                               (toy_game.Rules(), None)])
def test_flat_search_is_the_same_for_the_same_seed(rules: Any, policy: Any) -> None:
    for seed in range(3):
        state = midgame(rules, seed, 5)
        moves = {decide(ISMCTSBot(iterations=40, rollout=policy, flat=True, seed=seed), state)
                 for _ in range(2)}
        assert len(moves) == 1
        assert moves <= set(cardrules.legal_moves(state))


def test_flat_search_plays_whole_games_of_the_game_and_of_the_toy_game() -> None:
    final = play_out(the_game.new_game(the_game.Rules(players=2), seed=9),
                     ISMCTSBot(iterations=10, rollout=GreedyBot(), flat=True, seed=1))
    assert the_game.is_terminal(final)
    toy = play_out(toy_game.new_game(toy_game.Rules(), seed=2), ISMCTSBot(iterations=20, flat=True, seed=3))
    assert toy_game.is_terminal(toy)


def test_flat_search_spends_its_budget_without_exceeding_it() -> None:
    state = midgame(the_game.Rules(players=2), 1, 3)
    for iterations in (60, 200):
        value = Counting()
        decide(ISMCTSBot(iterations=iterations, rollout=GreedyBot(), value=value, flat=True, seed=1), state)
        assert iterations // 2 <= value.calls <= iterations


def test_a_budget_below_the_legal_moves_still_tries_each_of_them_once() -> None:
    state = midgame(the_game.Rules(players=1), 2, 2)
    legal = the_game.legal_moves(state)
    assert len(legal) > 4
    value = Counting()
    decide(ISMCTSBot(iterations=1, rollout=GreedyBot(), value=value, flat=True, seed=1), state)
    # One deal per round: every move, then half of them, ... down to the policy's move and one other.
    expected, size = len(legal), len(legal)
    while size > 2:
        size = (size + 1) // 2
        expected += size
    assert value.calls == expected


def test_every_root_move_is_tried_on_the_same_deals() -> None:
    game = game_of(the_game.Rules(players=2))
    deals: list[object] = []
    tried: dict[int, set[object]] = {}

    def determinize(observation: object, rng: Any) -> object:
        deals.append(game.determinize(observation, rng))
        return deals[-1]

    def apply(state: object, move: object) -> object:
        for index, deal in enumerate(deals):
            if deal is state:
                tried.setdefault(index, set()).add(move)
        return game.apply(state, move)

    spy = types.SimpleNamespace(determinize=determinize, apply=apply, legal_moves=game.legal_moves,
                                observe=game.observe, current_player=game.current_player, title=game.title)
    state = midgame(the_game.Rules(players=2), 3, 3)
    legal = the_game.legal_moves(state)
    observation = the_game.observe(state, the_game.current_player(state) or 0)
    flat_choice(spy, observation, legal, policy=GreedyBot(), value=outcome_returns,  # type: ignore[arg-type]
                iterations=120, seconds=None, guard=2.0, rng=random.Random(4))
    own = GreedyBot().choose(observation, legal)
    assert tried[0] == set(legal)
    assert all(own in moves and len(moves) >= 2 for moves in tried.values())
    assert len(tried) == len(deals) > 3


def test_flat_search_leaves_a_policys_bad_move_for_a_better_one() -> None:
    # At the first card of a solo game the saboteur jumps a pile as far as it can; rolled out on the
    # same deals, a better first card shows, and the guard lets the search play it.
    for seed in range(3):
        state = the_game.new_game(the_game.Rules(players=1), seed=seed)
        legal = the_game.legal_moves(state)
        bad = _Saboteur().choose(the_game.observe(state, 0), legal)
        chosen = ISMCTSBot(iterations=200, rollout=_Saboteur(), flat=True, seed=seed).choose(
            the_game.observe(state, 0), legal)
        assert chosen != bad
        kept = ISMCTSBot(iterations=200, rollout=_Saboteur(), flat=True, guard=1e9, seed=seed).choose(
            the_game.observe(state, 0), legal)
        assert kept == bad


def test_a_flat_time_budget_stops_at_its_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves a hundredth of a second with each simulated game: half a second is about 50.
    value = Counting()
    monkeypatch.setattr("cardrules.bots.flat.time.perf_counter", lambda: value.calls / 100)
    state = midgame(the_game.Rules(players=2), 1, 3)
    legal = the_game.legal_moves(state)
    move = decide(ISMCTSBot(seconds=0.5, rollout=GreedyBot(), value=value, flat=True, seed=1), state)
    assert move in legal
    # The clock is read between deals, so the last deal may finish past the deadline.
    assert 40 <= value.calls <= 50 + len(legal)


def test_flat_must_be_true_or_false() -> None:
    with pytest.raises(ArgumentError):
        ISMCTSBot(flat=1)  # type: ignore[arg-type]
    assert GreedySearchBot(iterations=5, flat=True).flat
