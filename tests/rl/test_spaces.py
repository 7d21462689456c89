"""Integer action spaces: every legal move numbered, both ways, for every registered game."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given

from cardrules import ArgumentError, rl
from cardrules.games import mille_bornes, the_game
from cardrules.registry import game_of_state
from cardrules.testing import reachable_states
from tests import toy_game

from .states import states


def check_space(state: object) -> None:
    game = game_of_state(state)
    rules = game.rules_of(state)
    space = rl.action_space(rules)
    legal = game.legal_moves(state)
    actions = [space.index(move) for move in legal]
    assert all(space.move(action) == move for action, move in zip(actions, legal, strict=True))
    assert len(set(actions)) == len(actions)
    assert space.legal_actions(state) == tuple(sorted(actions))
    mask = space.mask(state)
    assert mask.dtype == np.bool_
    assert mask.shape == (space.size,)
    assert tuple(np.flatnonzero(mask)) == space.legal_actions(state)
    on_turn = game.current_player(state)
    for seat in range(game.players(rules)):
        observation = game.observe(state, seat)
        expected = space.legal_actions(state) if seat == on_turn else ()
        assert space.legal_actions(observation) == expected
        assert tuple(np.flatnonzero(space.mask(observation))) == expected


@given(states)
def test_every_legal_move_has_an_action_that_maps_back_to_it(state: object) -> None:
    check_space(state)


@given(reachable_states(game="toy-mau"))
def test_a_registered_game_gets_an_action_space(state: object) -> None:
    check_space(state)


def test_the_actions_are_the_games_all_moves_in_order() -> None:
    rules = mille_bornes.Rules(players=6, team_size=2)
    space = rl.action_space(rules)
    assert space.moves == mille_bornes.all_moves(rules)
    assert [space.index(move) for move in space.moves] == list(range(space.size))


def test_equal_rules_share_one_space() -> None:
    assert rl.action_space(the_game.Rules(players=2)) is rl.action_space(the_game.Rules(players=2))


def test_a_move_built_by_hand_finds_its_action() -> None:
    space = rl.action_space(the_game.Rules())
    assert space.index(the_game.Play(35, 2)) == (35 - 2) * 4 + 2
    mb = rl.action_space(mille_bornes.Rules())
    assert mb.move(mb.index(mille_bornes.Play(mille_bornes.Card.STOP, 1))) == mille_bornes.Play(
        mille_bornes.Card.STOP, 1)


def test_a_hazard_on_a_side_that_is_not_at_the_table_has_no_action() -> None:
    space = rl.action_space(mille_bornes.Rules())
    with pytest.raises(ArgumentError, match="not in the action space"):
        space.index(mille_bornes.Play(mille_bornes.Card.STOP, 3))


@pytest.mark.parametrize("bad", ["end turn", None, 3, toy_game.Draw(), mille_bornes.Decline()])
def test_something_that_is_not_a_move_of_the_game_has_no_action(bad: object) -> None:
    with pytest.raises(ArgumentError):
        rl.action_space(the_game.Rules()).index(bad)


@pytest.mark.parametrize("bad", [-1, 393, True, 2.0, "3", None, np.float32(1)])
def test_an_action_out_of_range_or_not_a_whole_number_is_refused(bad: object) -> None:
    with pytest.raises(ArgumentError):
        rl.action_space(the_game.Rules()).move(bad)  # type: ignore[arg-type]


def test_numpy_integers_are_actions() -> None:
    space = rl.action_space(the_game.Rules())
    assert space.move(np.int64(392)) == the_game.EndTurn()


@pytest.mark.parametrize("bad", [None, 3, "state", the_game.Rules()])
def test_something_that_is_not_a_state_or_an_observation_has_no_legal_actions(bad: object) -> None:
    space = rl.action_space(the_game.Rules())
    with pytest.raises(ArgumentError):
        space.legal_actions(bad)
    with pytest.raises(ArgumentError):
        space.mask(bad)


def test_a_state_of_another_game_is_refused() -> None:
    space = rl.action_space(the_game.Rules())
    state = mille_bornes.new_game(seed=1)
    with pytest.raises(ArgumentError):
        space.legal_actions(state)
    with pytest.raises(ArgumentError):
        space.mask(mille_bornes.observe(state, 0))


def test_a_state_whose_rules_number_moves_otherwise_is_refused() -> None:
    space = rl.action_space(mille_bornes.Rules())
    with pytest.raises(ArgumentError, match="numbers its moves differently"):
        space.legal_actions(mille_bornes.new_game(mille_bornes.Rules(players=3), seed=1))


def test_rules_that_number_moves_alike_share_the_numbering() -> None:
    space = rl.action_space(the_game.Rules())
    state = the_game.new_game(the_game.Rules(players=4, expert=True), seed=1)
    assert space.legal_actions(state) == rl.action_space(state.rules).legal_actions(state)


@pytest.mark.parametrize("bad", [None, 3, "the-game", the_game.new_game(seed=1)])
def test_something_that_is_not_rules_has_no_action_space(bad: object) -> None:
    with pytest.raises(ArgumentError):
        rl.action_space(bad)
