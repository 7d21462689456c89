"""Toy Mau through the layers: a game that lives outside ``cardrules`` declares a ``picture`` and an
``encoder`` facet in its descriptor, and with that alone it is drawn (``cardrules.svg``), encoded
(``cardrules.rl``), and played in PettingZoo (its own ``api_test``) and Gymnasium (its own
``check_env``): no layer names it."""

from __future__ import annotations

import random
import warnings
import xml.etree.ElementTree as ET
from typing import Any

import numpy as np
import pytest

from cardrules import rl, svg
from tests import toy_game
from tests.toy_game.encoder import ToyMauEncoder
from tests.toy_game.redeclared import redeclare
from tests.toy_game.values import card_name

SVG = "{http://www.w3.org/2000/svg}"
RULES = toy_game.Rules(players=3)


def random_states(games: int = 4) -> list[toy_game.State]:
    """Every state of ``games`` random games of three."""
    found = []
    for seed in range(games):
        rng = random.Random(seed)
        state = toy_game.new_game(RULES, seed=seed)
        found.append(state)
        while not toy_game.is_terminal(state):
            state = toy_game.apply(state, rng.choice(toy_game.legal_moves(state)))
            found.append(state)
    return found


def cards_shown(picture: str) -> list[tuple[str, str]]:
    """``(class, title)`` of every card the picture draws, in drawing order."""
    root = ET.fromstring(picture)
    return [(element.get("class", ""), (element.findtext(f"{SVG}title") or ""))
            for element in root.iter(f"{SVG}g") if "card" in element.get("class", "").split()]


# --- the picture ----------------------------------------------------------------------------------


def test_toy_mau_is_drawn_with_every_hand_face_up_in_a_state() -> None:
    state = toy_game.new_game(RULES, seed=2)
    picture = svg.draw(state, size=300)
    assert picture.startswith("<svg ")
    assert 'width="300"' in picture
    assert "cardrules toy-mau" in picture
    faces = [name for kind, name in cards_shown(picture) if "face-up" in kind.split()]
    top = card_name(state.discard[-1])
    assert faces == [top, *(card_name(card) for hand in state.hands for card in hand)]
    assert state._repr_svg_() == svg.draw(state)


def test_an_observation_of_toy_mau_is_drawn_without_a_hidden_card() -> None:
    state = toy_game.new_game(RULES, seed=2)
    observation = toy_game.observe(state, 1)
    picture = svg.draw(observation, lang="fr")
    shown = cards_shown(picture)
    faces = [name for kind, name in shown if "face-up" in kind.split()]
    assert faces == [card_name(state.discard[-1]), *map(card_name, state.hands[1])]
    hidden = [name for kind, name in shown if "face-down" in kind.split() and "stock" not in kind.split()]
    assert hidden == ["une carte cachée"] * (len(state.hands[0]) + len(state.hands[2]))
    drawn = {int(element.get("data-card", "")) for element in ET.fromstring(picture).iter()
             if element.get("data-card") is not None}
    assert drawn == {state.discard[-1], *state.hands[1]}
    assert observation._repr_svg_() == svg.draw(observation)


# --- the encoder and the action space -------------------------------------------------------------


def test_toy_mau_is_encoded_by_its_encoder_facet_from_the_observation_only() -> None:
    encoder = rl.observation_encoder(RULES)
    assert isinstance(encoder, ToyMauEncoder)
    assert encoder.shape == (encoder.layout[-1].stop,) == (56,)
    rng = random.Random(5)
    for state in random_states()[::7]:
        for seat in range(RULES.players):
            observation = toy_game.observe(state, seat)
            vector = encoder.encode(observation)
            assert vector.dtype == np.float32
            assert vector.shape == encoder.shape
            assert ((vector >= 0) & (vector <= 1)).all()
            assert sorted(np.flatnonzero(vector[:24])) == sorted(observation.hand)
            behind = toy_game.determinize(observation, rng)
            assert np.array_equal(encoder.encode(toy_game.observe(behind, seat)), vector)


def test_toy_maus_action_space_numbers_all_its_moves_and_masks_the_legal_ones() -> None:
    space = rl.action_space(RULES)
    assert space.size == 26
    assert [space.move(i) for i in range(space.size)] == list(toy_game.all_moves(RULES))
    for state in random_states()[::5]:
        legal = toy_game.legal_moves(state)
        assert sorted(space.legal_actions(state)) == sorted(map(space.index, legal))
        assert [space.move(i) for i in np.flatnonzero(space.mask(state))] == sorted(legal, key=space.index)
        seat = toy_game.current_player(state)
        if seat is not None:
            assert space.legal_actions(toy_game.observe(state, seat)) == space.legal_actions(state)
            other = (seat + 1) % RULES.players
            assert not space.mask(toy_game.observe(state, other)).any()


def test_toy_maus_returns_are_read_from_its_result() -> None:
    for state in random_states():
        outcome = toy_game.result(state)
        if outcome is None:
            assert rl.returns(state) == (0.0, 0.0, 0.0)
        else:
            share = 1 / len(outcome.winners)
            assert rl.returns(state) == tuple(share if seat in outcome.winners else 0.0 for seat in range(3))


# --- PettingZoo and Gymnasium ---------------------------------------------------------------------


# PettingZoo warns about dict observations for every environment but its own; any other warning of
# its API test fails the test.
@pytest.mark.filterwarnings(
    "error",
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
@pytest.mark.parametrize("players", [2, 4])
def test_toy_mau_passes_pettingzoos_api_test(players: int) -> None:
    from pettingzoo.test import api_test  # type: ignore[import-untyped]

    from cardrules.integrations import pettingzoo as cardrules_pz

    api_test(cardrules_pz.env("toy-mau", render_mode="ansi", players=players), num_cycles=300)


def test_toy_mau_passes_gymnasiums_check_env_against_random_bots() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    from cardrules.integrations.gymnasium import CardrulesEnv, register_envs

    assert "cardrules/ToyMau-v0" in register_envs()
    env = gymnasium.make("cardrules/ToyMau-v0", players=3, render_mode="ansi")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, CardrulesEnv)
    for seed in range(5):
        _, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        rewards: list[Any] = []
        terminated = False
        while not terminated:
            state = unwrapped.game_state
            assert isinstance(state, toy_game.State)
            assert toy_game.current_player(state) == 0  # the random bots play the rest
            _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            rewards.append(reward)
        assert sum(rewards) == rl.returns(unwrapped.game_state)[0]
    assert "Toy Mau: game over" in str(env.render())


def one_per_card(moves: tuple[object, ...]) -> tuple[float, ...]:
    """A ``rewards`` facet for Toy Mau: every card laid pays everyone 1."""
    return tuple(1.0 if type(move) is toy_game.Play else 0.0 for move in moves)


def dealt_to_seat_1(rules: toy_game.Rules | None = None, *, seed: int | None = None, deck: Any = None,
                    first_player: int = 0) -> toy_game.State:
    """Toy Mau's deal, but seat 1 plays first: the bots move before the agent's first decision."""
    return toy_game.new_game(rules, seed=seed, deck=deck, first_player=1)


def test_what_the_bots_lay_before_the_agents_first_decision_is_paid_with_its_first_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardrules.integrations.gymnasium import CardrulesEnv

    redeclare(monkeypatch, new_game=dealt_to_seat_1, rewards="tests.core.test_toy_layers:one_per_card")
    env = CardrulesEnv("toy-mau", players=3)
    for seed in range(6):
        _, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, terminated = 0.0, False
        while not terminated:
            _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += float(reward)
        final = env.game_state
        assert isinstance(final, toy_game.State)
        assert total == len(final.discard) - 1  # every card laid on the one turned up, by anyone
