"""What the validators and ``determinize`` remember (tables, match records, observations they found
valid) never lets through what they would refuse: the memory is of a table *under its rules*, and
of nothing that is not frozen."""

from __future__ import annotations

import random

import attrs
import pytest

from cardrules import InvalidStateError
from cardrules.games import mille_bornes, the_game


def the_game_state(players: int = 2, moves: int = 6) -> the_game.State:
    state = the_game.new_game(the_game.Rules(players=players), seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        state = the_game.apply(state, rng.choice(the_game.legal_moves(state)))
    return state


def mille_bornes_state(rules: mille_bornes.Rules, moves: int) -> mille_bornes.State:
    state = mille_bornes.new_game(rules, seed=5)
    rng = random.Random(5)
    for _ in range(moves):
        moves_now = mille_bornes.legal_moves(state)
        if not moves_now:
            break
        state = mille_bornes.apply(state, rng.choice(moves_now))
    return state


def test_a_table_found_valid_is_still_refused_under_other_rules() -> None:
    state = the_game_state(players=2)
    the_game.validate_table(state.rules, state.table)
    with pytest.raises(InvalidStateError, match="2 hand sizes at a 3-player table"):
        the_game.validate_table(the_game.Rules(players=3), state.table)
    with pytest.raises(InvalidStateError):
        the_game.validate_state(attrs.evolve(state, rules=the_game.Rules(players=2, reduced_hand=True)))


def test_an_observation_of_a_table_found_valid_is_still_refused_for_an_impossible_hand() -> None:
    state = the_game_state()
    observation = the_game.observe(state, 0)
    the_game.determinize(observation, 1)  # the table is now known to be valid
    on_a_pile = next(pile[-1] for pile in state.table.piles if len(pile) > 1)
    impossible = attrs.evolve(observation, hand=tuple(sorted({*observation.hand[1:], on_a_pile})))
    with pytest.raises(InvalidStateError, match="twice"):
        the_game.validate_observation(impossible)
    with pytest.raises(InvalidStateError, match="twice"):
        the_game.determinize(impossible, 1)


def test_determinize_refuses_an_impossible_observation_every_time_it_is_asked() -> None:
    observation = the_game.observe(the_game_state(), 1)
    backwards = attrs.evolve(observation, hand=observation.hand[::-1])
    for seed in range(3):
        with pytest.raises(InvalidStateError, match="not sorted"):
            the_game.determinize(backwards, seed)


def test_many_determinizations_of_one_observation_are_all_consistent_and_varied() -> None:
    for state in (the_game_state(players=4, moves=9),
                  mille_bornes_state(mille_bornes.Rules(players=4, team_size=2), 40)):
        game = the_game if isinstance(state, the_game.State) else mille_bornes
        seat = game.current_player(state)
        assert seat is not None
        observation = game.observe(state, seat)
        rng = random.Random(9)
        guesses = [game.determinize(observation, rng) for _ in range(20)]
        for guess in guesses:
            game.validate_state(guess)
            assert game.observe(guess, seat) == observation
        assert len({guess.draw_pile for guess in guesses}) == 20


def test_a_mille_bornes_table_found_valid_is_still_refused_under_other_rules() -> None:
    state = mille_bornes_state(mille_bornes.Rules(), 30)
    mille_bornes.validate_state(state)
    with pytest.raises(InvalidStateError, match="3 sides need 3 tableaux"):
        mille_bornes.validate_table(attrs.evolve(state.rules, players=3), state.table)


def test_a_match_record_found_valid_is_still_refused_under_a_lower_target_score() -> None:
    state = mille_bornes_state(mille_bornes.Rules(players=2), 400)
    assert state.table.match.history, "the match has finished hands"
    assert not mille_bornes.is_terminal(state)
    mille_bornes.validate_state(state)
    with pytest.raises(InvalidStateError, match="the match went on after hand 0"):
        mille_bornes.validate_state(attrs.evolve(state, rules=attrs.evolve(state.rules, target_score=100)))
