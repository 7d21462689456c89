"""``legal_moves_of(observation)``: a seat's legal moves from what it sees, in every game."""

from __future__ import annotations

import pytest
from hypothesis import given

import cardrules
from cardrules import ArgumentError
from cardrules.games import mille_bornes, the_game
from cardrules.registry import get
from cardrules.testing import reachable_states
from tests import toy_game

from .states import states


@given(states)
def test_the_seat_on_turn_sees_exactly_the_legal_moves_of_the_state(state: object) -> None:
    game = cardrules.registry.game_of_state(state)
    players = game.players(game.rules_of(state))
    on_turn = game.current_player(state)
    for seat in range(players):
        seen = game.legal_moves_of(game.observe(state, seat))
        assert seen == (game.legal_moves(state) if seat == on_turn else ())


@given(reachable_states(game="toy-mau"))
def test_a_registered_game_offers_the_same_from_an_observation(state: toy_game.State) -> None:
    on_turn = toy_game.current_player(state)
    for seat in range(state.rules.players):
        seen = toy_game.legal_moves_of(toy_game.observe(state, seat))
        assert seen == (toy_game.legal_moves(state) if seat == on_turn else ())


def test_the_registry_binds_legal_moves_of() -> None:
    assert get("the-game").legal_moves_of is the_game.legal_moves_of
    assert get("mille-bornes").legal_moves_of is mille_bornes.legal_moves_of


@pytest.mark.parametrize("module", [the_game, mille_bornes])
def test_a_state_is_not_an_observation(module: object) -> None:
    state = module.new_game(seed=1)  # type: ignore[attr-defined]
    with pytest.raises(ArgumentError):
        module.legal_moves_of(state)  # type: ignore[attr-defined]


def test_no_moves_for_anyone_once_the_game_is_over() -> None:
    state = the_game.new_game(the_game.Rules(), seed=2)
    while not the_game.is_terminal(state):
        state = the_game.apply(state, the_game.legal_moves(state)[0])
    assert the_game.legal_moves_of(the_game.observe(state, 0)) == ()
