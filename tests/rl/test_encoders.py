"""Observation encodings: from the observation only, seat-relative, finite, in [0, 1], laid out."""

from __future__ import annotations

import random
from typing import Any

import attrs
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules import ArgumentError, RegistrationError, rl
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.encoder import MilleBornesEncoder
from cardrules.registry import game_of_state
from cardrules.rl import encoders
from tests import toy_game
from tests.toy_game.encoder import ToyMauEncoder
from tests.toy_game.redeclared import redeclare

from .states import rngs, states, the_game_states


@given(states, rngs)
def test_an_observation_encodes_as_the_observation_of_any_state_behind_it(
    state: object, rng: random.Random
) -> None:
    game = game_of_state(state)
    rules = game.rules_of(state)
    encoder = rl.observation_encoder(rules)
    for seat in range(game.players(rules)):
        observation = game.observe(state, seat)
        vector = encoder.encode(observation)
        guess = game.determinize(observation, rng)
        assert np.array_equal(encoder.encode(game.observe(guess, seat)), vector)


@given(states)
def test_every_encoding_has_the_fixed_shape_and_lies_in_zero_one(state: object) -> None:
    game = game_of_state(state)
    rules = game.rules_of(state)
    encoder = rl.observation_encoder(rules)
    for seat in range(game.players(rules)):
        vector = encoder.encode(game.observe(state, seat))
        assert vector.dtype == np.float32
        assert vector.shape == encoder.shape
        assert np.isfinite(vector).all()
        assert (vector >= 0).all()
        assert (vector <= 1).all()


@pytest.mark.parametrize("rules", [the_game.Rules(players=4), mille_bornes.Rules(players=6, team_size=2)])
def test_the_layout_covers_the_vector_end_to_end(rules: object) -> None:
    encoder = rl.observation_encoder(rules)
    stops = [0] + [segment.stop for segment in encoder.layout]
    assert [segment.start for segment in encoder.layout] == stops[:-1]
    assert stops[-1] == encoder.shape[0]
    assert all(segment.description for segment in encoder.layout)


def test_the_game_hand_and_unseen_cards_are_one_hot() -> None:
    state = the_game.new_game(the_game.Rules(players=2), seed=5)
    observation = the_game.observe(state, 1)
    encoder = rl.observation_encoder(state.rules)
    vector = encoder.encode(observation)
    segment = {s.name: s for s in encoder.layout}
    hand, unseen = segment["hand"], segment["unseen"]
    assert [i + 2 for i in np.flatnonzero(vector[hand.start:hand.stop])] == list(observation.hand)
    assert [i + 2 for i in np.flatnonzero(vector[unseen.start:unseen.stop])] == list(observation.unseen())


def test_the_observer_comes_first_so_seats_look_alike() -> None:
    state = the_game.new_game(the_game.Rules(players=3), seed=5)
    encoder = rl.observation_encoder(state.rules)
    segment = {s.name: s for s in encoder.layout}["current"]
    for seat in range(3):
        vector = encoder.encode(the_game.observe(state, seat))
        on_turn = (0 - seat) % 3  # seat 0, counted from the observer
        assert list(vector[segment.start:segment.stop]) == [1.0 if k == on_turn else 0.0 for k in range(3)]


def test_an_observation_under_other_rules_is_refused() -> None:
    encoder = rl.observation_encoder(the_game.Rules(players=2))
    with pytest.raises(ArgumentError):
        encoder.encode(the_game.observe(the_game.new_game(the_game.Rules(players=3), seed=1), 0))


def test_an_observation_of_another_game_is_refused() -> None:
    encoder = rl.observation_encoder(the_game.Rules())
    with pytest.raises(ArgumentError):
        encoder.encode(mille_bornes.observe(mille_bornes.new_game(seed=1), 0))
    with pytest.raises(ArgumentError):
        encoder.encode(the_game.new_game(seed=1))


@pytest.fixture
def fresh_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    """Encoders built by a test are forgotten after it."""
    monkeypatch.setattr(encoders, "_ENCODERS", dict(encoders._ENCODERS))


@pytest.mark.usefixtures("fresh_cache")
def test_a_game_without_an_encoder_says_how_to_declare_one(monkeypatch: pytest.MonkeyPatch) -> None:
    redeclare(monkeypatch, encoder=None)
    with pytest.raises(ArgumentError, match=r"Toy Mau has no observation encoder; a game declares one as its "
                                            r"encoder facet: encoder='package.module:Factory' in its Game"):
        rl.observation_encoder(toy_game.Rules(players=4, hand_size=3))


@pytest.mark.usefixtures("fresh_cache")
def test_an_encoder_facet_that_is_not_a_factory_is_refused_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    redeclare(monkeypatch, encoder="tests.toy_game.values:DECK")
    with pytest.raises(RegistrationError, match=r"Toy Mau's encoder facet \(tests.toy_game.values:DECK\) is "
                                                r"not called with a rules value: it is tuple"):
        rl.observation_encoder(toy_game.Rules(players=4, hand_size=3))


@pytest.mark.usefixtures("fresh_cache")
def test_a_games_encoder_is_its_encoder_facet_built_once_per_rules() -> None:
    rules = toy_game.Rules(players=3)
    encoder = rl.observation_encoder(rules)
    assert isinstance(encoder, ToyMauEncoder)
    assert encoder is rl.observation_encoder(toy_game.Rules(players=3))
    observation = toy_game.observe(toy_game.new_game(rules, seed=1), 0)
    assert encoder.encode(observation)[:48].sum() == len(observation.hand) + 1


@pytest.mark.parametrize("bad", [None, "the-game", the_game.new_game(seed=1)])
def test_something_that_is_not_rules_has_no_encoder(bad: object) -> None:
    with pytest.raises(ArgumentError):
        rl.observation_encoder(bad)


@given(st.lists(states, min_size=1, max_size=4), st.randoms(use_true_random=False))
def test_an_encoding_does_not_depend_on_what_was_encoded_before(
    found: list[object], rng: random.Random
) -> None:
    # The encoders remember the last tableaux and discard pile they saw (for speed); what they
    # return must not depend on it.
    observations: list[Any] = []
    for state in found:
        game = game_of_state(state)
        rules = game.rules_of(state)
        observations.extend(game.observe(state, seat) for seat in range(game.players(rules)))
    rng.shuffle(observations)
    for observation in observations:
        rules = observation.rules
        fresh = type(rl.observation_encoder(rules))(rules)  # type: ignore[call-arg]
        assert np.array_equal(rl.observation_encoder(rules).encode(observation), fresh.encode(observation))


def test_successive_states_of_a_game_encode_as_they_would_alone() -> None:
    rules = mille_bornes.Rules(players=4, team_size=2, target_score=None)
    state = mille_bornes.new_game(rules, seed=3)
    encoder = rl.observation_encoder(rules)
    while not mille_bornes.is_terminal(state):
        observation = mille_bornes.observe(state, state.table.current)
        alone = MilleBornesEncoder(rules).encode(observation)
        assert np.array_equal(encoder.encode(observation), alone)
        state = mille_bornes.apply(state, mille_bornes.legal_moves(state)[-1])


def test_an_observation_showing_more_copies_than_the_deck_holds_is_refused() -> None:
    observation = mille_bornes.observe(mille_bornes.new_game(mille_bornes.Rules(), seed=1), 0)
    table = attrs.evolve(observation.table, discard_pile=(mille_bornes.Card.RIGHT_OF_WAY,) * 2)
    with pytest.raises(ArgumentError, match="more copies"):
        rl.observation_encoder(observation.rules).encode(attrs.evolve(observation, table=table))


@given(the_game_states, rngs)
def test_two_states_that_differ_only_in_hidden_cards_encode_the_same_for_a_seat(
    state: the_game.State, rng: random.Random
) -> None:
    # Swap cards between seat 1's hand and the draw pile: seat 0 cannot tell the two states apart.
    if state.rules.players < 2 or not state.hands[1] or not state.draw_pile:
        return
    hand, pile = list(state.hands[1]), list(state.draw_pile)
    i, j = rng.randrange(len(hand)), rng.randrange(len(pile))
    hand[i], pile[j] = pile[j], hand[i]
    other = attrs.evolve(state, hands=(state.hands[0], tuple(sorted(hand)), *state.hands[2:]),
                         draw_pile=tuple(pile))
    encoder = rl.observation_encoder(state.rules)
    seen_by_0 = encoder.encode(the_game.observe(state, 0))
    assert np.array_equal(seen_by_0, encoder.encode(the_game.observe(other, 0)))
    assert not np.array_equal(encoder.encode(the_game.observe(state, 1)),
                              encoder.encode(the_game.observe(other, 1)))
