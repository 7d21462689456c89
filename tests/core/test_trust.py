"""What the library vouches for (``cardrules._trust``): the values its own verbs build, never a value
built or changed by hand, and never anything that follows from one by play; the mark is no part of
the value (JSON, ``repr``, ``==`` and hashing ignore it)."""

from __future__ import annotations

import copy
import pickle
import random
from types import ModuleType
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardrules
from cardrules import InvalidStateError
from cardrules._trust import vouched
from cardrules.games import mille_bornes, the_game
from cardrules.games.mille_bornes.bots import HeuristicBot
from cardrules.games.mille_bornes.expert_bot import ExpertBot
from cardrules.games.the_game.bots import GreedyBot
from cardrules.testing import reachable_states


def played(game: ModuleType, rules: Any, moves: int, seed: int = 5) -> Any:
    state = game.new_game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
    return state


GAMES = [
    pytest.param(the_game, the_game.Rules(players=3), id="the-game"),
    pytest.param(mille_bornes, mille_bornes.Rules(players=4, team_size=2), id="mille-bornes"),
]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_the_library_vouches_for_what_its_verbs_build(game: ModuleType, rules: Any) -> None:
    state = played(game, rules, 30)
    observation = game.observe(state, 1)
    assert vouched(game.new_game(rules, seed=1))
    assert vouched(state)
    assert vouched(observation)
    assert vouched(game.determinize(observation, 3))
    assert vouched(cardrules.from_json(cardrules.to_json(state), type(state)))
    assert vouched(cardrules.from_json(cardrules.to_json(observation), type(observation)))
    assert vouched(copy.copy(state))
    assert vouched(copy.deepcopy(observation))
    assert vouched(pickle.loads(pickle.dumps(state)))


@pytest.mark.parametrize(("game", "rules"), [
    *GAMES,
    pytest.param(the_game, the_game.Rules(players=2, on_fire=True), id="the-game-on-fire"),
    pytest.param(mille_bornes, mille_bornes.Rules(players=3, target_score=None), id="mille-bornes-hand"),
])
def test_every_state_of_a_whole_game_from_new_game_is_vouched_for(game: ModuleType, rules: Any) -> None:
    # Whole games: every kind of move (coups fourrés, extensions, the end of a hand, the next deal).
    for seed in range(3):
        state = game.new_game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal(state):
            state = game.apply(state, rng.choice(game.legal_moves(state)))
            assert vouched(state)
        assert pickle.loads(pickle.dumps(state)) == state


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_an_evolved_or_hand_built_value_is_not_vouched_for(game: ModuleType, rules: Any) -> None:
    state = played(game, rules, 30)
    observation = game.observe(state, 1)
    assert not vouched(attrs.evolve(state))
    assert not vouched(attrs.evolve(observation))
    assert not vouched(type(observation)(rules=observation.rules, seat=observation.seat,
                                         table=observation.table, hand=observation.hand))
    assert not vouched(game.observe(attrs.evolve(state), 0))


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_play_from_a_hand_built_state_is_never_vouched_for(game: ModuleType, rules: Any) -> None:
    state = attrs.evolve(played(game, rules, 10))
    rng = random.Random(2)
    for _ in range(40):
        if game.is_terminal(state):
            break
        state = game.apply(state, rng.choice(game.legal_moves(state)))
        assert not vouched(state)
        assert not vouched(game.observe(state, 0))


def test_determinize_refuses_a_hand_built_observation_with_an_impossible_table() -> None:
    observation = the_game.observe(played(the_game, the_game.Rules(players=3), 8), 0)
    the_game.determinize(observation, 1)
    piles = observation.table.piles
    # A card on two piles at once: no game shows that.
    twice = attrs.evolve(observation.table,
                         piles=(piles[0] + (50,), piles[1] + (50,), piles[2], piles[3]))
    with pytest.raises(InvalidStateError):
        the_game.determinize(attrs.evolve(observation, table=twice), 1)
    impossible = the_game.Observation(observation.rules, observation.seat, twice, observation.hand)
    with pytest.raises(InvalidStateError):
        the_game.determinize(impossible, 1)


def test_determinize_refuses_a_hand_built_mille_bornes_observation_with_an_impossible_table() -> None:
    observation = mille_bornes.observe(played(mille_bornes, mille_bornes.Rules(), 20), 0)
    table = observation.table
    # More draw pile than the deck holds.
    impossible = attrs.evolve(observation,
                              table=attrs.evolve(table, draw_pile_size=table.draw_pile_size + 50))
    with pytest.raises(InvalidStateError):
        mille_bornes.determinize(impossible, 1)


def _forged(game: ModuleType, observation: Any) -> Any:
    """``observation`` with a hand no game could show it: one card the deck lacks or holds once,
    held more often than the deck has it."""
    if game is the_game:
        return attrs.evolve(observation, hand=(observation.hand[0],) * len(observation.hand))
    return attrs.evolve(observation, hand=(mille_bornes.Card.RIGHT_OF_WAY,) * len(observation.hand))


REFERENCE_BOTS = [
    pytest.param(the_game, the_game.Rules(players=3), GreedyBot, id="GreedyBot"),
    pytest.param(mille_bornes, mille_bornes.Rules(players=3), HeuristicBot, id="HeuristicBot"),
    pytest.param(mille_bornes, mille_bornes.Rules(players=4, team_size=2), ExpertBot,
                 id="ExpertBot"),
]


@pytest.mark.parametrize(("game", "rules", "bot"), REFERENCE_BOTS)
def test_a_reference_bot_checks_a_hand_built_observation_and_refuses_an_impossible_one(
        game: ModuleType, rules: Any, bot: Any) -> None:
    state = played(game, rules, 12)
    seat = game.current_player(state)
    legal = game.legal_moves(state)
    observation = game.observe(state, seat)
    # A copy built by hand is checked, found possible and played as the original.
    assert bot().choose(attrs.evolve(observation), legal) == bot().choose(observation, legal)
    with pytest.raises(InvalidStateError):
        bot().choose(_forged(game, observation), legal)
    with pytest.raises(cardrules.ArgumentError):
        bot().choose(state, legal)  # a state is not an observation
    with pytest.raises(cardrules.ArgumentError):
        bot().choose(observation, ())
    with pytest.raises(cardrules.ArgumentError):
        bot().choose(observation, list(legal))


@pytest.mark.parametrize("options", [{"extend_min_draw": -1}, {"hold_safeties": 2.5},
                                     {"extend_min_draw": "20"}])
def test_heuristic_bot_refuses_options_that_are_not_whole_numbers_from_0(options: dict[str, Any]) -> None:
    with pytest.raises(cardrules.ArgumentError, match="HeuristicBot's"):
        HeuristicBot(**options)


def test_play_from_an_impossible_hand_built_state_still_yields_refused_observations() -> None:
    # Seat 1 holds the card seat 0 is about to lay: play goes on (apply does not check the hidden
    # cards at every move), and seat 1 then sees that card in its hand and on a pile. Nothing that
    # follows from a hand-built state is taken on trust, so determinize refuses it.
    state = played(the_game, the_game.Rules(players=2), 0)
    move = the_game.legal_moves(state)[0]
    assert isinstance(move, the_game.Play)
    hands = (state.hands[0], tuple(sorted((*state.hands[1][1:], move.card))))
    after = the_game.apply(attrs.evolve(state, hands=hands), move)
    with pytest.raises(InvalidStateError, match="twice"):
        the_game.determinize(the_game.observe(after, 1), 1)


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_the_mark_is_no_part_of_the_value(game: ModuleType, rules: Any) -> None:
    state = played(game, rules, 25)
    observation = game.observe(state, 0)
    for value in (state, observation):
        hand_built = attrs.evolve(value)
        assert vouched(value)
        assert not vouched(hand_built)
        assert value == hand_built
        assert hash(value) == hash(hand_built)
        assert repr(value) == repr(hand_built)
        assert "trusted" not in repr(value)
        text = cardrules.to_json(value)
        assert text == cardrules.to_json(hand_built)
        assert "trusted" not in text


@settings(max_examples=40)
@given(reachable_states(the_game.Rules(players=3)))
def test_determinize_of_a_vouched_for_observation_is_consistent_with_it(state: the_game.State) -> None:
    for seat in range(state.rules.players):
        observation = the_game.observe(state, seat)
        assert vouched(observation)
        guess = the_game.determinize(observation, random.Random(seat))
        the_game.validate_state(guess)
        assert the_game.observe(guess, seat) == observation


@settings(max_examples=25)
@given(reachable_states(mille_bornes.Rules(players=3)))
def test_determinize_of_a_vouched_for_mille_bornes_observation_is_consistent_with_it(
    state: mille_bornes.State,
) -> None:
    for seat in range(state.rules.players):
        observation = mille_bornes.observe(state, seat)
        assert vouched(observation)
        guess = mille_bornes.determinize(observation, random.Random(seat))
        mille_bornes.validate_state(guess)
        assert mille_bornes.observe(guess, seat) == observation


@settings(max_examples=60)
@given(reachable_states(game="the-game"), st.integers(0, 2**32))
def test_determinize_deals_a_vouched_for_observation_as_it_deals_the_same_one_checked(
    state: the_game.State, seed: int,
) -> None:
    # The first call on a vouched-for observation skips the check; one built by hand (an evolved
    # copy, equal to it) is checked in full. With the same generator state they deal one world.
    for seat in range(state.rules.players):
        observation = the_game.observe(state, seat)
        checked = attrs.evolve(observation)
        assert not vouched(checked)
        assert (the_game.determinize(observation, random.Random(seed))
                == the_game.determinize(checked, random.Random(seed)))


@settings(max_examples=60)
@given(reachable_states(game="mille-bornes"), st.integers(0, 2**32))
def test_mille_bornes_deals_a_vouched_for_observation_as_it_deals_the_same_one_checked(
    state: mille_bornes.State, seed: int,
) -> None:
    # Over the option grid (wrong-way distances, house decks, revealed safeties, whole matches):
    # the observation dealt without the check is one the check accepts, dealt the same way.
    for seat in range(state.rules.players):
        observation = mille_bornes.observe(state, seat)
        checked = attrs.evolve(observation)
        mille_bornes.validate_observation(checked)
        assert (mille_bornes.determinize(observation, random.Random(seed))
                == mille_bornes.determinize(checked, random.Random(seed)))
