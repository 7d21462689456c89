"""The OpenSpiel adapter: OpenSpiel's own checks and bots, and a chance model that hides the draws."""

from __future__ import annotations

import ast
import base64
import json
import os
import pickle
import random
import runpy
import shlex
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any, cast

import attrs
import numpy as np
import pyspiel  # type: ignore[import-not-found]
import pytest
from hypothesis import given
from hypothesis import strategies as st
from open_spiel.python.algorithms import ismcts, mcts  # type: ignore[import-untyped]
from open_spiel.python.observation import make_observation  # type: ignore[import-untyped]

import cardrules
from cardrules import rl
from cardrules.arguments import MAX_RECORD_MOVES
from cardrules.bots.search import outcome_returns
from cardrules.errors import (
    ArgumentError,
    IllegalMoveError,
    RegistrationError,
    RulesError,
    SerializationError,
)
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from cardrules.integrations import openspiel
from cardrules.integrations.openspiel import engine_state, from_engine_state
from cardrules.testing import reachable_states
from tests import toy_game
from tests.toy_game import openspiel as toy_game_openspiel

CONFIGURATIONS = (
    "cardrules_the_game",
    "cardrules_the_game(players=3,expert=True)",
    "cardrules_the_game(players=5,on_fire=True,reduced_hand=True)",
    "cardrules_mille_bornes",
    "cardrules_mille_bornes(players=4,team_size=2)",
    "cardrules_mille_bornes(players=3,preset=wikipedia)",
    "cardrules_mille_bornes(players=3,preset=room,reshuffle_discards=True,wrong_way=True)",
    "cardrules_mille_bornes(target_score=1500)",
)


def play_randomly(state: Any, rng: random.Random, *, stop: Any = None) -> Any:
    """Play ``state`` on with random actions and chance outcomes drawn with their probabilities, up
    to the end (or until ``stop(state)``); return the state."""
    while not state.is_terminal() and not (stop and stop(state)):
        step(state, rng)
    return state


def step(state: Any, rng: random.Random) -> None:
    """Apply one random action or chance outcome to ``state``."""
    if state.is_chance_node():
        outcomes, chances = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, chances)[0])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def sorted_piles(state: Any) -> Any:
    """``state`` as the adapter holds it: hidden piles sorted (Mille Bornes: seed 0, too)."""
    if isinstance(state, mb.State):
        return attrs.evolve(state, draw_pile=tuple(sorted(state.draw_pile)), seed=0)
    return attrs.evolve(state, draw_pile=tuple(sorted(state.draw_pile)))


def draw(state: Any, cards: Any) -> Any:
    """Answer the chance nodes of ``state`` with ``cards`` (cards of the game) until a player is on
    turn; return how many cards were drawn."""
    drawn = 0
    for card in cards:
        if not state.is_chance_node():
            break
        state.apply_action(int(card))
        drawn += 1
    assert not state.is_chance_node()
    return drawn


# --- OpenSpiel's own checks -------------------------------------------------------------------------

@pytest.mark.parametrize("name", CONFIGURATIONS)
def test_openspiels_random_simulation_test_passes(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "simulations"), [("cardrules_the_game(players=2)", 8),
                                                   ("cardrules_mille_bornes", 2)])
def test_openspiels_ismcts_bot_plays_a_game_to_the_end(name: str, simulations: int) -> None:
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=1.0,
                           max_simulations=simulations, random_state=rng)
    # ISMCTS resamples with pyspiel.UniformProbabilitySampler, which is seeded anew at every
    # construction: a sampler of our own makes the game the same on every run.
    draws = random.Random(5).random
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, draws))
    state = game.new_initial_state()
    chance = random.Random(3)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            play_randomly(state, chance, stop=lambda s: not s.is_chance_node())
        else:
            state.apply_action(bot.step(state))
            moves += 1
    assert moves >= 3  # at least a whole turn: two cards and its end in The Game
    assert state.returns() == list(rl.returns(engine_state(state)))


def test_a_resampled_state_has_the_same_information_state_and_player() -> None:
    # What OpenSpiel's ResampleInfostateTest checks, at every decision of a few games.
    for name in ("cardrules_the_game(players=3)", "cardrules_mille_bornes(players=3)"):
        game = pyspiel.load_game(name)
        sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
        state = game.new_initial_state()
        rng = random.Random(5)
        while not state.is_terminal():
            if not state.is_chance_node():
                for player in range(game.num_players()):
                    other = state.resample_from_infostate(player, sampler)
                    assert other.information_state_string(player) == state.information_state_string(player)
                    assert other.information_state_tensor(player) == state.information_state_tensor(player)
                    assert other.current_player() == state.current_player()
                    if player == state.current_player():
                        assert other.legal_actions() == state.legal_actions()
            step(state, rng)


def test_resampling_deals_the_unseen_cards_afresh() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=3)")
    state = play_randomly(game.new_initial_state(), random.Random(1), stop=lambda s: not s.is_chance_node())
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    samples = [engine_state(state.resample_from_infostate(0, sampler)) for _ in range(5)]
    real = engine_state(state)
    assert all(sample.hands[0] == real.hands[0] for sample in samples)
    assert len({sample.hands[1] for sample in samples}) == 5
    for sample in samples:
        the_game.validate_state(sample)
        assert list(sample.draw_pile) == sorted(sample.draw_pile)


def test_resampling_is_refused_while_cards_are_drawn_and_for_a_seat_not_at_the_table() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    state = game.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    with pytest.raises(ArgumentError, match="not while chance deals or draws"):
        state.resample_from_infostate(0, sampler)
    play_randomly(state, random.Random(1), stop=lambda s: not s.is_chance_node())
    with pytest.raises(ArgumentError, match="player_id is a seat from 0 to 1, not 2"):
        state.resample_from_infostate(2, sampler)


# --- The chance model: the future is not in the state ------------------------------------------------

@pytest.mark.parametrize("name", ["cardrules_the_game(players=3,on_fire=True)",
                                  "cardrules_mille_bornes(players=3,preset=room,reshuffle_discards=True)",
                                  "cardrules_mille_bornes(target_score=1000)"])
def test_every_state_is_valid_and_holds_no_order_of_the_hidden_cards(name: str) -> None:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        inner = engine_state(state)
        if inner is not None:
            assert list(inner.draw_pile) == sorted(inner.draw_pile)
            assert getattr(inner, "seed", 0) == 0
            cardrules.registry.game_of_state(inner).validate_state(inner)
        step(state, rng)


def test_the_cards_drawn_at_the_end_of_a_turn_are_chance_over_the_whole_draw_pile() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    state = play_randomly(game.new_initial_state(), random.Random(4),
                          stop=lambda s: not s.is_chance_node() and s.legal_actions()[-1] == 392)
    pile = engine_state(state).draw_pile
    state.apply_action(392)  # end the turn
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(card, 1 / len(pile)) for card in pile]


def test_the_deal_of_mille_bornes_draws_kinds_of_card_as_often_as_the_deck_holds_them() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes")
    deck = Counter(mb.deck(game.rules))
    assert game.new_initial_state().chance_outcomes() == [
        (int(card), count / len(mb.deck(game.rules))) for card, count in sorted(deck.items())]
    assert game.max_chance_outcomes() == len(mb.Card)


@pytest.mark.parametrize(("name", "rules"), [
    ("cardrules_the_game(players=4)", the_game.Rules(players=4)),
    ("cardrules_mille_bornes(players=3)", mb.Rules(players=3, target_score=None)),
])
def test_dealing_the_engines_own_order_gives_the_engines_own_deal(name: str, rules: Any) -> None:
    game = pyspiel.load_game(name)
    module = the_game if isinstance(rules, the_game.Rules) else mb
    for seed in range(5):
        dealt = module.new_game(rules, seed=seed)
        first, *others = dealt.hands
        size = len(others[0])
        order = [*first[:size], *(card for hand in others for card in hand), *first[size:]]
        state = game.new_initial_state()
        assert draw(state, order) == len(order)
        assert engine_state(state) == sorted_piles(dealt)


SPIEL_GAMES = {
    the_game.Rules(players=2): "cardrules_the_game(players=2)",
    the_game.Rules(players=3, expert=True, on_fire=True):
        "cardrules_the_game(players=3,expert=True,on_fire=True)",
    the_game.Rules(players=1, reduced_hand=True): "cardrules_the_game(reduced_hand=True)",
    mb.Rules(target_score=None): "cardrules_mille_bornes",
    mb.Rules(players=4, team_size=2, target_score=None): "cardrules_mille_bornes(players=4,team_size=2)",
    mb.Rules.wikipedia(players=3, target_score=None): "cardrules_mille_bornes(players=3,preset=wikipedia)",
    mb.Rules.room(players=3, reshuffle=True, target_score=None):
        "cardrules_mille_bornes(players=3,preset=room,reshuffle_discards=True)",
}


@given(reachable_states(st.sampled_from(list(SPIEL_GAMES))), st.data())
def test_drawing_the_cards_the_engine_would_draw_reaches_the_engines_own_state(state: Any, data: Any) -> None:
    game = pyspiel.load_game(SPIEL_GAMES[state.rules])
    moves = cardrules.legal_moves(state)
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    after = cardrules.apply(state, move)
    if isinstance(after, mb.State) and after.table.reshuffles != state.table.reshuffles:
        return  # the engine draws from its seeded reshuffle: see the reshuffle test below
    spiel = from_engine_state(game, state)
    spiel.apply_action(rl.action_space(state.rules).index(move))
    drawn = draw(spiel, state.draw_pile)
    assert engine_state(spiel) == sorted_piles(after)
    assert drawn == len(state.draw_pile) - len(after.draw_pile)


def test_the_next_hand_of_a_match_is_dealt_by_chance_as_the_engine_deals_it() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes(target_score=1000)")
    rng = random.Random(8)
    state = game.new_initial_state()
    while True:
        play_randomly(state, rng, stop=lambda s: not s.is_chance_node())
        before = engine_state(state)
        action = rng.choice(state.legal_actions())
        after = mb.apply(before, cast(mb.Move, rl.action_space(game.rules).move(action)))
        if after.table.match.hand_number > before.table.match.hand_number:
            break
        state.apply_action(action)
    first = after.table.current
    order = [card for seat in range(2) if seat != first for card in after.hands[seat]]
    order = [*after.hands[first][:6], *order, *after.hands[first][6:]] if first == 0 else \
        [*order, *after.hands[first]]
    state.apply_action(action)
    assert draw(state, order) == 13
    assert engine_state(state) == sorted_piles(after)
    assert engine_state(state).table.match.hand_number == 1


def reshuffles(rules: mb.Rules, seeds: range) -> list[tuple[mb.State, mb.Move]]:
    """Positions of random games (hidden piles sorted) and a legal move that reshuffles the discards."""
    found = []
    for seed in seeds:
        rng = random.Random(seed)
        state = sorted_piles(mb.new_game(rules, seed=seed))
        while not mb.is_terminal(state):
            moves = mb.legal_moves(state)
            for move in moves:
                if mb.apply(state, move).table.reshuffles > state.table.reshuffles:
                    found.append((state, move))
            state = sorted_piles(mb.apply(state, rng.choice(moves)))
    return found


def outcomes_of(game: Any, state: mb.State, move: mb.Move) -> dict[Any, float]:
    """Every state the adapter may reach by making ``move`` from ``state``, with its probability."""
    reached: dict[Any, float] = {}
    start = from_engine_state(game, state)
    start.apply_action(rl.action_space(state.rules).index(move))

    def visit(spiel: Any, chance: float) -> None:
        if not spiel.is_chance_node():
            key = engine_state(spiel)
            reached[key] = reached.get(key, 0.0) + chance
            return
        for outcome, probability in spiel.chance_outcomes():
            visit(spiel.child(outcome), chance * probability)

    visit(start, 1.0)
    return reached


def test_a_reshuffle_draws_each_discarded_card_as_the_engines_shuffles_can() -> None:
    rules = mb.Rules.room(players=3, reshuffle=True, target_score=None)
    game = pyspiel.load_game("cardrules_mille_bornes(players=3,preset=room,reshuffle_discards=True)")
    positions = reshuffles(rules, range(3))
    assert len(positions) >= 10
    for state, move in positions[:10]:
        reached = outcomes_of(game, state, move)
        assert sum(reached.values()) == pytest.approx(1.0)
        # Every shuffle the engine makes is a chance outcome...
        for seed in range(60):
            assert sorted_piles(mb.apply(attrs.evolve(state, seed=seed), move)) in reached
        # ...and every chance outcome a shuffle the engine can make.
        missing = set(reached)
        for seed in range(5000):
            missing.discard(sorted_piles(mb.apply(attrs.evolve(state, seed=seed), move)))
            if not missing:
                break
        assert not missing


def test_a_coup_fourre_on_an_empty_draw_pile_draws_both_cards_from_the_reshuffled_discards() -> None:
    rules = mb.Rules.room(players=2, reshuffle=True, target_score=None)
    game = pyspiel.load_game("cardrules_mille_bornes(preset=room,reshuffle_discards=True)")
    rng = random.Random(1193)
    state = sorted_piles(mb.new_game(rules, seed=1193))  # a game that reaches one (searched for)
    while not (state.table.phase == "coup_fourre" and state.table.draw_pile_size <= 1):
        state = sorted_piles(mb.apply(state, rng.choice(mb.legal_moves(state))))
    if state.draw_pile:  # the last card goes face up on the discards: nothing left to draw
        table = attrs.evolve(state.table, discard_pile=state.table.discard_pile + state.draw_pile,
                             draw_pile_size=0)
        state = attrs.evolve(state, table=table, draw_pile=())
    mb.validate_state(state)
    caller = state.table.current
    spiel = from_engine_state(game, state)
    spiel.apply_action(rl.action_space(rules).index(mb.CoupFourre()))
    assert draw(spiel, sorted(state.table.discard_pile)[:2]) == 2
    reached = outcomes_of(game, sorted_piles(state), mb.CoupFourre())
    assert sum(reached.values()) == pytest.approx(1.0)
    for seed in range(40):
        after = sorted_piles(mb.apply(attrs.evolve(state, seed=seed), mb.CoupFourre()))
        assert after in reached
        assert len(after.hands[caller]) == len(state.hands[caller]) + 1


# --- Observations, returns, serialization ------------------------------------------------------------

@pytest.mark.parametrize(("name", "dealt"), [("cardrules_the_game(players=3)", 18),
                                             ("cardrules_mille_bornes(players=4,team_size=2)", 25)])
def test_tensors_are_the_encoders_and_strings_hide_other_hands(name: str, dealt: int) -> None:
    game = pyspiel.load_game(name)
    encoder = rl.observation_encoder(game.rules)
    state = game.new_initial_state()
    assert state.observation_tensor(0) == [0.0] * encoder.shape[0]
    assert state.observation_string(1) == f"dealing: 0 of {dealt} cards dealt"
    rng = random.Random(6)
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    while not state.is_terminal():
        step(state, rng)
        inner = engine_state(state)
        if inner is None:
            assert state.observation_tensor(1) == [0.0] * encoder.shape[0]
            continue
        for player in range(game.num_players()):
            expected = encoder.encode(cardrules.observe(inner, player)).tolist()
            assert state.observation_tensor(player) == pytest.approx(expected)
            assert state.information_state_tensor(player) == pytest.approx(expected)
            assert state.information_state_string(player) == state.observation_string(player)
            if not state.is_chance_node():
                other = state.resample_from_infostate(player, sampler)
                assert other.observation_string(player) == state.observation_string(player)
    assert game.observation_tensor_shape() == list(encoder.shape)
    observation = make_observation(game)
    assert list(observation.dict) == [segment.name for segment in encoder.layout if segment.size]


def test_observation_kinds_other_than_one_seats_are_refused() -> None:
    game = pyspiel.load_game("cardrules_the_game")
    public = pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ArgumentError, match="observes for one seat"):
        make_observation(game, public)
    with pytest.raises(ArgumentError, match="take no parameters"):
        make_observation(game, None, {"x": 1})


def test_returns_are_zero_until_the_end_then_cardrules_rl_returns() -> None:
    for name in ("cardrules_the_game(players=2)", "cardrules_mille_bornes(players=6,team_size=2)"):
        game = pyspiel.load_game(name)
        state = game.new_initial_state()
        rng = random.Random(3)
        while not state.is_terminal():
            assert state.returns() == [0.0] * game.num_players()
            step(state, rng)
        assert state.returns() == list(rl.returns(engine_state(state)))
        assert game.min_utility() <= min(state.returns()) <= max(state.returns()) <= game.max_utility()


def test_a_state_pickles_at_every_kind_of_node() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes(target_score=1000)")
    state = game.new_initial_state()
    rng = random.Random(9)
    seen: set[str] = set()
    while not state.is_terminal():
        kind = "deal" if engine_state(state) is None else "chance" if state.is_chance_node() else "decision"
        if kind not in seen or len(state.history()) % 50 == 0:
            seen.add(kind)
            copy = pickle.loads(pickle.dumps(state))
            assert str(copy) == str(state)
            assert copy.history() == state.history()
            assert copy.legal_actions() == state.legal_actions()
            _, loaded = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
            assert str(loaded) == str(state)
        step(state, rng)
    assert seen == {"deal", "chance", "decision"}
    assert str(pickle.loads(pickle.dumps(state))) == str(state)


class _Forged:
    """Pickles as the adapter's saved core, with any text."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return openspiel.state.load_core, (self.text,)


def test_a_serialized_state_is_read_back_with_cardrules_json_checks() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    state = play_randomly(game.new_initial_state(), random.Random(1), stop=lambda s: not s.is_chance_node())
    load, (text,) = state.__dict__["_core"].__reduce__()
    assert load is openspiel.state.load_core
    assert cardrules.from_json(json.loads(text)["state"]) == engine_state(state)  # cardrules JSON inside
    assert pickle.loads(pickle.dumps(state.__dict__["_core"])).state == engine_state(state)
    forged = cardrules.to_json(engine_state(state)).replace('"hand_sizes": [7, 7]', '"hand_sizes": [7, 8]')
    assert forged != cardrules.to_json(engine_state(state))
    data = ('{"game": "cardrules_the_game", "rules": ' + repr(cardrules.to_json(game.rules)).replace("'", '"')
            + ', "state": ' + repr(forged).replace("'", '"') + ', "move": null, "chosen": []}')
    with pytest.raises(SerializationError):
        pickle.loads(pickle.dumps(_Forged(data)))
    with pytest.raises(SerializationError, match="not a state of this OpenSpiel adapter"):
        pickle.loads(pickle.dumps(_Forged("{}")))


class _Pwn:
    """Pickles as a call of ``os.system`` that makes ``marker``: the payload of a hostile text."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return os.system, (f"touch {shlex.quote(str(self.marker))}",)


def _pickled(value: object) -> str:
    return base64.b64encode(pickle.dumps(value)).decode("ascii")


def test_deserialize_state_never_unpickles_the_text_it_is_given(tmp_path: Path) -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    marker = tmp_path / "pwned"
    real = play_randomly(game.new_initial_state(), random.Random(2), stop=lambda s: len(s.history()) > 20)
    history = real.serialize().split("\n")[0]
    payloads = [
        f"history=\nmove_number=0\n__dict__={_pickled(_Pwn(marker))}",
        f"history=\nmove_number=0\ncardrules={_pickled(_Pwn(marker))}",
        f"{history}\nmove_number={real.move_number()}\ncardrules={_pickled(_Pwn(marker))}",
    ]
    for text in payloads:
        with pytest.raises(SerializationError):
            game.deserialize_state(text)
        assert not marker.exists(), "the text ran code"
    # With a history, pyspiel's form is replayed from it and its pickle is left unread.
    replayed = game.deserialize_state(f"{history}\nmove_number={real.move_number()}\n"
                                      f"__dict__={_pickled({'_core': _Pwn(marker)})}")
    assert str(replayed) == str(real)
    assert replayed.history() == real.history()
    assert not marker.exists(), "the text ran code"


@pytest.mark.parametrize(("text", "message"), [
    ("", "not a state written by state.serialize()"),
    ("garbage", "not a state written by state.serialize()"),
    ("history=x\nmove_number=1\ncardrules={}", "history: 'x' is not"),
    ("history=-1:2\nmove_number=1\ncardrules={}", "not a state of this OpenSpiel adapter"),
    ("history=-1:1\nmove_number=1\ncardrules=", "history entry 1: chance outcome 1 is not a card"),
    ("history=0:5\nmove_number=1\ncardrules=", "history entry 1: seat 0 acted, but chance"),
    ("history=-1:2\nmove_number=7\ncardrules=", "move_number 7 does not match the history, which has 1 ent"),
    ("history=-1:2,-1:2\nmove_number=2\ncardrules=", "history entry 2: chance outcome 2 is not a card"),
    ("history=\nmove_number=0\n__dict__=", "needs a history"),
    ("x" * 60_000_000, "characters is over the limit"),
    (b"history=", "takes a str"),
])
def test_deserialize_state_refuses_what_no_state_wrote(text: Any, message: str) -> None:
    game = pyspiel.load_game("cardrules_the_game(players=1)")
    with pytest.raises(SerializationError, match=message):
        game.deserialize_state(text)


def test_a_forged_history_with_an_illegal_move_is_refused_with_the_engines_reason() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=1)")
    state = play_randomly(game.new_initial_state(), random.Random(3), stop=lambda s: not s.is_chance_node())
    history = ",".join(f"{-1 if i < 8 else 0}:{a}" for i, a in enumerate([*state.history(), 392]))
    with pytest.raises(SerializationError, match=r"history entry 9: .*lay at least 2 cards this turn"):
        game.deserialize_state(f"history={history}\nmove_number=9\ncardrules=")


def test_serialize_and_deserialize_state_round_trip_at_every_kind_of_node() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes(target_score=1000,reshuffle_discards=True)")
    state = game.new_initial_state()
    rng = random.Random(5)
    checked = 0
    while not state.is_terminal():
        if len(state.history()) % 37 == 0 or (state.is_chance_node() and rng.random() < 0.05):
            text = state.serialize()
            assert "__dict__" not in text
            copy = game.deserialize_state(text)
            assert (str(copy), copy.history(), copy.move_number()) == (str(state), state.history(),
                                                                          state.move_number())
            assert copy.legal_actions() == state.legal_actions()
            checked += 1
        step(state, rng)
    assert str(game.deserialize_state(state.serialize())) == str(state)
    assert checked > 10
    # pyspiel's own text (its pickled trailer is never read): the state is replayed from the history.
    again = game.deserialize_state(pyspiel.serialize_game_and_state(game, state).split("[State]\n")[1])
    assert str(again) == str(state)


def test_a_position_started_from_an_engine_state_round_trips_through_its_json() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    state = from_engine_state(game, the_game.new_game(game.rules, seed=4))
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert copy.history() == []
    forged = state.serialize().replace("[7, 7]", "[7, 8]")
    with pytest.raises(SerializationError):
        game.deserialize_state(forged)


@pytest.mark.parametrize("name", ["cardrules_the_game(players=2)", "cardrules_mille_bornes"])
def test_a_position_started_from_an_engine_state_and_played_on_reads_back_and_clones(name: str) -> None:
    game = pyspiel.load_game(name)
    start = from_engine_state(game, game.spec.game.new_game(game.rules, seed=4))
    played = play_randomly(start.clone(), random.Random(3), stop=lambda s: len(s.history()) > 12)
    copy = game.deserialize_state(played.serialize())
    assert (str(copy), copy.history()) == (str(played), played.history())
    assert str(played.clone()) == str(played)  # pyspiel clones a Python state through its text
    assert str(pickle.loads(pickle.dumps(played))) == str(played)
    on = play_randomly(copy, random.Random(4), stop=lambda s: len(s.history()) > 20)
    assert str(game.deserialize_state(on.serialize())) == str(on)


def test_a_history_and_a_json_that_disagree_are_refused() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    one = play_randomly(game.new_initial_state(), random.Random(1), stop=lambda s: len(s.history()) > 30)
    other = play_randomly(game.new_initial_state(), random.Random(2), stop=lambda s: len(s.history()) > 30)
    mixed = one.serialize().split("\n")[:2] + other.serialize().split("\n")[2:]
    with pytest.raises(SerializationError, match="the history and the state it carries disagree"):
        game.deserialize_state("\n".join(mixed))


# --- Moves, parameters, errors -----------------------------------------------------------------------

def test_actions_and_chance_outcomes_read_as_moves_and_cards() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes")
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, int(mb.Card.STOP)) == "deal Stop"
    play_randomly(state, random.Random(1), stop=lambda s: not s.is_chance_node())
    space = rl.action_space(game.rules)
    assert [state.action_to_string(action) for action in state.legal_actions()] == [
        str(move) for move in sorted(cardrules.legal_moves(engine_state(state)), key=space.index)]


def test_an_illegal_action_or_chance_outcome_is_refused_with_the_engines_reason() -> None:
    game = pyspiel.load_game("cardrules_the_game")
    state = game.new_initial_state()
    with pytest.raises(ArgumentError, match="chance outcome 1 is not a card that can be drawn now"):
        state.apply_action(1)
    play_randomly(state, random.Random(1), stop=lambda s: not s.is_chance_node())
    with pytest.raises(IllegalMoveError, match="lay at least 2 cards this turn first"):
        state.apply_action(392)
    with pytest.raises(ArgumentError, match="no card is being drawn"):
        openspiel.state.draw(state.__dict__["_core"], 50)


@pytest.mark.parametrize(("name", "error", "message"), [
    ("cardrules_the_game(players=6)", RulesError, "played by 1 to 5 players, not 6"),
    ("cardrules_mille_bornes(players=1)", RulesError, "played by 2 to 9 players, not 1"),
    ("cardrules_mille_bornes(players=4,team_size=3)", RulesError, "4 players cannot sit in sides of 3"),
    ("cardrules_mille_bornes(preset=bridge)", ArgumentError, "preset is one of parker, french, wikipedia"),
    ("cardrules_mille_bornes(small_table_deck=maybe)", ArgumentError, 'small_table_deck is "", "yes" or'),
    ("cardrules_mille_bornes(hazard_stacking=tall)", RulesError, "Rules.hazard_stacking is one of none"),
    ("cardrules_mille_bornes(race=30)", RulesError, "a race is a multiple of 25 miles"),
    ("cardrules_mille_bornes(target_score=-5)", RulesError, "Rules.target_score is a whole number"),
    ("cardrules_the_game(players=true)", pyspiel.SpielError, "Wrong type for parameter players"),
    ("cardrules_the_game(colour=2)", pyspiel.SpielError, "Unknown parameter 'colour'"),
])
def test_bad_parameters_are_refused(name: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        pyspiel.load_game(name)


def test_parameters_given_in_python_are_checked_too() -> None:
    with pytest.raises(ArgumentError, match="parameter players is a int, not True"):
        openspiel.OpenSpielGame("the-game", {"players": True})
    with pytest.raises(ArgumentError, match="has no parameter 'deck'"):
        openspiel.rules_from_parameters("mille-bornes", {"deck": "short"})


@pytest.mark.parametrize(("params", "rules"), [
    ({}, mb.Rules(target_score=None)),
    ({"preset": "french", "players": 3}, mb.Rules.french(players=3, target_score=None)),
    ({"preset": "wikipedia", "race": 1000, "extension_to": 1200},
     mb.Rules.wikipedia(race=1000, extension_to=1200, target_score=None)),
    ({"preset": "room", "hazard_stacking": "accumulate", "reshuffle_discards": True, "target_score": 5000},
     mb.Rules.room(accumulate=True, reshuffle=True)),
    ({"extension_to": -1, "small_table_deck": "no", "discard": "unplayable_only", "max_200s": 1},
     mb.Rules(extension_to=None, small_table_deck=False, discard="unplayable_only", max_200s=1,
              target_score=None)),
])
def test_mille_bornes_parameters_are_the_presets_and_their_options(params: dict[str, Any],
                                                                   rules: mb.Rules) -> None:
    assert openspiel.rules_from_parameters("mille-bornes", params) == rules
    assert pyspiel.load_game("cardrules_mille_bornes", params).rules == rules


def test_game_facts_follow_the_rules() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes(players=6,team_size=2)")
    facts = game.num_players(), game.min_utility(), game.max_utility(), game.utility_sum()
    assert facts == (6, -0.5, 1.0, 0.0)
    assert game.num_distinct_actions() == rl.action_space(game.rules).size
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    cooperative = pyspiel.load_game("cardrules_the_game(players=4)")
    assert cooperative.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    together = cooperative.min_utility(), cooperative.max_utility(), cooperative.max_game_length()
    assert together == (0.0, 1.0, 196)


def test_from_engine_state_takes_a_state_of_the_games_rules_only() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=2)")
    with pytest.raises(ArgumentError, match="takes a state of The Game under"):
        from_engine_state(game, the_game.new_game(the_game.Rules(players=3), seed=1))
    with pytest.raises(ArgumentError, match="takes a cardrules OpenSpiel game"):
        from_engine_state(pyspiel.load_game("tic_tac_toe"), the_game.new_game(game.rules, seed=1))
    with pytest.raises(ArgumentError, match="takes a state of a cardrules OpenSpiel game"):
        engine_state(pyspiel.load_game("tic_tac_toe").new_initial_state())


def test_the_ismcts_example_plays_its_games_and_sums_them_up(capsys: pytest.CaptureFixture[str]) -> None:
    example = runpy.run_path(str(Path(__file__).parents[2] / "examples" / "openspiel_ismcts.py"))
    means = example["main"](["--players", "1", "--games", "1", "--simulations", "2", "--seed", "4"])
    assert set(means) == {"ISMCTS", "random"}
    assert all(0 <= cards <= 98 for cards in means.values())
    assert "1 players, 1 games, 2 simulations a move: ISMCTS" in capsys.readouterr().out


def test_pyspiel_is_imported_by_the_adapter_only_and_its_absence_says_what_to_install() -> None:
    quiet = ("import sys, cardrules, cardrules.games.the_game, cardrules.games.mille_bornes, cardrules.rl; "
             "assert 'pyspiel' not in sys.modules, 'pyspiel was imported'")
    subprocess.run([sys.executable, "-c", quiet], check=True)
    missing = ("import sys; sys.modules['pyspiel'] = None\n"
               "try:\n    import cardrules.integrations.openspiel\n"
               "except ImportError as error:\n    print(error)")
    run = subprocess.run([sys.executable, "-c", missing], check=True, capture_output=True, text=True)
    expected = 'cardrules.integrations.openspiel needs OpenSpiel: pip install "cardrules[openspiel]"'
    assert run.stdout.strip() == expected


@pytest.mark.parametrize("name", ["cardrules_the_game", "cardrules_mille_bornes"])
def test_a_chance_outcome_that_is_no_card_is_refused_by_action_to_string(name: str) -> None:
    state = pyspiel.load_game(name).new_initial_state()
    for outcome in (999, -1, 100):
        with pytest.raises(ArgumentError, match=f"chance outcome {outcome} is not a card of this game"):
            state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)


def test_a_state_starts_only_from_the_deal_and_resampling_needs_a_sampler() -> None:
    game = pyspiel.load_game("cardrules_the_game")
    with pytest.raises(ArgumentError, match="starts from the deal"):
        game.new_initial_state("history=")
    state = play_randomly(game.new_initial_state(), random.Random(1), stop=lambda s: not s.is_chance_node())
    with pytest.raises(ArgumentError, match="probability_sampler is a function"):
        state.resample_from_infostate(0, 5)


def test_a_history_longer_than_any_game_record_is_refused_before_it_is_replayed() -> None:
    # A legal history of 500,000 entries (2.6 million characters, under the text limit) took 8 s
    # to replay in a long Mille Bornes match; the entry limit bounds that work.
    game = pyspiel.load_game("cardrules_mille_bornes(players=9,preset=french,target_score=1000000)")
    limit = openspiel.saved.MAX_HISTORY_ENTRIES
    assert limit == 2 * MAX_RECORD_MOVES
    history = ",".join(["-1:0"] * (limit + 1))
    with pytest.raises(SerializationError, match=f"history of {limit + 1:,} entries is over the limit of "
                                                 f"{limit:,}"):
        game.deserialize_state(f"history={history}\nmove_number={limit + 1}\ncardrules=")


def test_a_move_number_that_does_not_count_the_history_is_refused_before_it_is_replayed() -> None:
    game = pyspiel.load_game("cardrules_the_game(players=1)")
    # The second entry is not a card that can be drawn: the count is checked first.
    with pytest.raises(SerializationError, match="move_number 3 does not match the history, which has 2 "
                                                 "entries"):
        game.deserialize_state("history=-1:2,-1:2\nmove_number=3\ncardrules=")


# --- A game offers itself through its descriptor ------------------------------------------------------

def test_toy_mau_passes_openspiels_random_simulation_test_through_its_facet_alone() -> None:
    assert openspiel.game_name(toy_game.GAME) == "cardrules_toy_mau"
    assert openspiel.parameters_of("toy-mau") == {"players": 2, "hand_size": 5}
    for name in ("cardrules_toy_mau", "cardrules_toy_mau(players=3,hand_size=3)",
                 "cardrules_toy_mau(players=4)"):
        game = pyspiel.load_game(name)
        pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    game = pyspiel.load_game("cardrules_toy_mau(players=3)")
    assert game.max_chance_outcomes() == 24
    assert game.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    state = play_randomly(game.new_initial_state(), random.Random(2))
    final = engine_state(state)
    assert list(toy_game.deck(game.rules)) == sorted(toy_game.cards(final))
    assert state.returns() == list(outcome_returns(final))
    assert str(game.deserialize_state(state.serialize())) == str(state)


def test_a_draw_of_toy_mau_is_chance_over_its_whole_stock() -> None:
    game = pyspiel.load_game(openspiel.game_name("toy-mau"))
    state = play_randomly(game.new_initial_state(), random.Random(1), stop=lambda s: not s.is_chance_node())
    stock = engine_state(state).stock
    assert list(stock) == sorted(stock)
    state.apply_action(rl.action_space(game.rules).index(toy_game.Draw()))
    assert state.chance_outcomes() == [(card, 1 / len(stock)) for card in stock]


def test_every_game_that_declares_the_facet_is_registered_under_its_name() -> None:
    assert openspiel.game_name("the-game") == "cardrules_the_game"
    assert openspiel.game_name(mb.GAME) == "cardrules_mille_bornes"
    names = {game_type.short_name for game_type in pyspiel.registered_games()}
    assert {"cardrules_the_game", "cardrules_mille_bornes"} <= names
    everyone = {"cardrules_the_game", "cardrules_mille_bornes", "cardrules_toy_mau"}
    assert set(openspiel.register_all()) >= everyone


def test_a_game_without_an_openspiel_facet_or_with_half_of_one_is_refused() -> None:
    plain = attrs.evolve(toy_game.GAME, name="toy-mau-plain", openspiel=None)
    with pytest.raises(ArgumentError, match="declares no openspiel facet"):
        openspiel.game_name(plain)
    broken = attrs.evolve(toy_game.GAME, name="toy-mau-broken", openspiel="tests.toy_game.values:Rules")
    missing = "lacks utility, utilities, max_game_length, draw_pile, with_draw_pile, text"
    with pytest.raises(RegistrationError, match=missing):
        openspiel.game_name(broken)
    with pytest.raises(ArgumentError, match="a game's descriptor or its name, not 5"):
        openspiel.game_name(5)  # type: ignore[arg-type]


def test_the_parameters_are_the_options_of_the_rules_and_their_presets() -> None:
    assert openspiel.parameters_of("the-game") == {"players": 1, "expert": False, "reduced_hand": False,
                                                   "on_fire": False}
    parameters = openspiel.parameters_of(mb.GAME)
    # The presets and the options they disagree on keep the preset's value by default; a single hand.
    assert {name: parameters[name] for name in ("preset", "race", "extension_to", "small_table_deck",
                                                "hazard_stacking", "target_score", "hand_size")} == {
        "preset": "parker", "race": 0, "extension_to": 0, "small_table_deck": "", "hazard_stacking": "",
        "target_score": 0, "hand_size": 6}
    assert "deck" not in parameters
    assert "scoring" not in parameters
    assert pyspiel.load_game("cardrules_mille_bornes").get_parameters() == parameters


def test_a_game_pickles_as_its_name_and_parameters() -> None:
    game = pyspiel.load_game("cardrules_mille_bornes(players=3,preset=wikipedia)")
    copy = pickle.loads(pickle.dumps(game))
    assert (copy.rules, str(copy)) == (game.rules, str(game))


def test_the_adapter_names_no_game() -> None:
    adapter = Path(openspiel.__file__).parent
    for path in adapter.glob("*.py"):
        tree = ast.parse(path.read_text())
        imported = [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
        imported += [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                     for alias in node.names]
        assert not [name for name in imported if name and name.startswith("cardrules.games")], path.name
        words = {node.value for node in ast.walk(tree) if isinstance(node, ast.Constant)}
        assert not words & {"the-game", "mille-bornes", "the_game", "mille_bornes"}, path.name


class _DiscardsAsDrawPile(toy_game_openspiel.OpenSpielFacts):
    """A facet that calls Toy Mau's discard pile its draw pile: a pile every card laid makes grow."""

    @staticmethod
    def draw_pile(state: toy_game.State) -> tuple[int, ...]:
        return state.discard

    @staticmethod
    def with_draw_pile(state: toy_game.State, pile: tuple[int, ...]) -> toy_game.State:
        return toy_game.State(state.rules, pile, state.hands, state.stock, state.current, state.passes)


def test_a_draw_pile_that_grows_without_a_facet_that_says_why_is_refused_not_kept_in_order() -> None:
    growing = attrs.evolve(toy_game.GAME, name="toy-mau-growing",
                           openspiel=f"{__name__}:_DiscardsAsDrawPile")
    state = pyspiel.load_game(openspiel.game_name(growing)).new_initial_state()
    rng = random.Random(1)
    with pytest.raises(RegistrationError, match=r"Toy Mau's draw pile grew on play .*: its openspiel facet"):
        play_randomly(state, rng)
