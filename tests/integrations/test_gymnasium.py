"""The Gymnasium adapter: ``check_env`` on ``cardrules/TheGame-v0`` and ``cardrules/MilleBornes-v0``
made directly and through ``gymnasium.make``, and what a user relies on: rewards that add up to
``rl.returns``, the mask in ``info``, seeding, illegal actions, the bots at the other seats, the ids
of every game, the text render and the errors. (Toy Mau's environment: ``tests/core/test_toy_layers.py``.)"""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import cardrules
from cardrules import rl
from cardrules.errors import ArgumentError, RulesError
from cardrules.games import mille_bornes as mb
from cardrules.games import the_game
from cardrules.integrations.gymnasium import CardrulesEnv, env_id, register_envs
from cardrules.registry import get

ENV_ID = "cardrules/TheGame-v0"
MILLE_BORNES_ID = "cardrules/MilleBornes-v0"


def state_of(env: gymnasium.Env[Any, Any]) -> the_game.State:
    """The game state inside ``env`` (made directly or through ``gymnasium.make``)."""
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, CardrulesEnv)
    state = unwrapped.game_state
    assert isinstance(state, the_game.State)
    return state


def game_state(env: gymnasium.Env[Any, Any]) -> object:
    """The game state inside ``env``, of any game."""
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, CardrulesEnv)
    return unwrapped.game_state


def text_of(env: gymnasium.Env[Any, Any]) -> str:
    """What ``env.render()`` shows."""
    text = env.render()
    assert isinstance(text, str)
    return text


def trajectory(env: gymnasium.Env[Any, Any], seed: int | None, steps: int = 30) -> list[Any]:
    """The states of the first ``steps`` agent steps of an episode with the first legal action."""
    _, info = env.reset(seed=seed)
    seen = [game_state(env)]
    for _ in range(steps):
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        seen.append(game_state(env))
        if terminated:
            break
    return seen


OPTIONS: list[dict[str, Any]] = [{}, {"expert": True}, {"reduced_hand": True, "on_fire": True}]


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("options", OPTIONS)
def test_check_env_passes_through_gymnasium_make(options: dict[str, Any]) -> None:
    env = gymnasium.make(ENV_ID, render_mode="ansi", **options)
    check_env(env.unwrapped)
    # The checker warns, rightly, that the made environment is wrapped; nothing else.
    with pytest.warns(UserWarning, match="is different from the unwrapped version"):
        check_env(env)


def test_check_env_passes_on_the_environment_made_directly() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(CardrulesEnv("the-game", expert=True))
    # Made without gymnasium.make it has no spec, so the checker cannot try other render modes.
    assert [str(w.message) for w in caught if "spec" not in str(w.message)] == []


def play(env: gymnasium.Env[Any, Any], seed: int) -> tuple[float, int]:
    """One episode with random legal actions read from ``info``: the rewards' sum and the steps."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    total, steps, terminated = 0.0, 0, False
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _observation, reward, terminated, truncated, info = env.step(action)
        assert truncated is False
        total += float(reward)
        steps += 1
    assert not info["action_mask"].any()
    return total, steps


@pytest.mark.parametrize("options", OPTIONS)
def test_an_episodes_rewards_add_up_to_the_return(options: dict[str, Any]) -> None:
    env = gymnasium.make(ENV_ID, **options)
    for seed in range(5):
        total, _ = play(env, seed)
        final = state_of(env)
        result = the_game.result(final)
        assert result is not None
        assert total == pytest.approx(rl.returns(final)[0], abs=1e-9)
        assert total == pytest.approx((98 - result.cards_left) / 98, abs=1e-9)


def test_the_mask_in_info_is_the_legal_moves_and_the_observation_the_encoding() -> None:
    env = CardrulesEnv("the-game", on_fire=True)
    observation, info = env.reset(seed=8)
    rng = np.random.default_rng(8)
    terminated = False
    while not terminated:
        state = state_of(env)
        mask = info["action_mask"]
        assert mask.dtype == np.int8
        assert [env.actions.move(i) for i in np.flatnonzero(mask)] == sorted(
            the_game.legal_moves(state), key=env.actions.index)
        np.testing.assert_array_equal(env.action_masks(), mask.astype(bool))
        np.testing.assert_array_equal(observation, env.encoder.encode(the_game.observe(state, 0)))
        observation, _reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.action_masks().any()


def test_the_same_seed_deals_the_same_game_and_seeds_the_next_deals() -> None:
    env = CardrulesEnv("the-game")
    env.reset(seed=42)
    assert state_of(env) == the_game.new_game(the_game.Rules(), seed=42)
    env.reset()
    following = state_of(env)
    env.reset(seed=42)
    env.reset()
    assert state_of(env) == following != the_game.new_game(the_game.Rules(), seed=42)


def test_an_illegal_action_ends_the_episode_saying_why() -> None:
    env = CardrulesEnv("the-game")
    _, info = env.reset(seed=1)
    before = state_of(env)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert "is not in seat 0's hand" in info["illegal_action"]
    assert not info["action_mask"].any()
    assert state_of(env) is before
    with pytest.raises(ArgumentError, match="reset"):
        env.step(int(np.flatnonzero(env.actions.mask(before))[0]))


def test_an_illegal_action_raises_when_asked_to_and_changes_nothing() -> None:
    env = gymnasium.make(ENV_ID, illegal_action="raise")
    _, info = env.reset(seed=1)
    before = state_of(env)
    with pytest.raises(cardrules.IllegalMoveError, match="is not in seat 0's hand"):
        env.step(int(np.flatnonzero(info["action_mask"] == 0)[0]))
    assert state_of(env) is before
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


@pytest.mark.parametrize("action", [-1, 393, 1.0, None])
def test_an_action_outside_the_space_raises_argument_error(action: object) -> None:
    env = CardrulesEnv("the-game")
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match="action"):
        env.step(action)  # type: ignore[arg-type]


def test_step_before_reset_raises_argument_error() -> None:
    with pytest.raises(ArgumentError, match="reset"):
        CardrulesEnv("the-game").step(0)


def test_the_ansi_render_shows_the_table_the_hand_and_the_legal_moves() -> None:
    env = gymnasium.make(ENV_ID, render_mode="ansi")
    env.reset(seed=3)
    text = text_of(env)
    hand = state_of(env).hands[0]
    assert text.startswith("The Game: to act")
    assert f"seat 0 (you): {' '.join(map(str, hand))}" in text
    assert "ascending pile 1 (up1): 1" in text
    assert f"{hand[0]} on up1" in text
    total, _ = play(env, 3)
    assert "result: Result(" in text_of(env)
    assert f"return: {total:.3f}" in text_of(env)


def test_render_without_a_render_mode_returns_none() -> None:
    env = CardrulesEnv("the-game")
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"opponents": "expert"}, ArgumentError, "opponents: no bot 'expert'; the bots are greedy, random"),
        ({"players": 6}, RulesError, "1 to 5 players"),
        ({"player": 1}, ArgumentError, "The Game has no option 'player'"),
        ({"preset": "room"}, ArgumentError, "no preset"),
        ({"expert": "yes"}, RulesError, "expert"),
        ({"illegal_action": "ignore"}, ArgumentError, "illegal_action is 'end' or 'raise'"),
        ({"illegal_action": np.array([1, 2])}, ArgumentError, "illegal_action is 'end' or 'raise'"),
        pytest.param({"render_mode": "human"}, ArgumentError, "render_mode", marks=pytest.mark.filterwarnings(
            "ignore:.*not in the possible render_modes:UserWarning")),  # Gymnasium's own warning first
    ],
)
def test_bad_options_raise_our_errors(options: dict[str, Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        gymnasium.make(ENV_ID, **options)


@pytest.mark.parametrize("seed", [-1, 1.5, "abc", (1, 2), True, np.float64(2.0), np.int64(-4)])
def test_a_bad_seed_raises_argument_error_and_changes_nothing(seed: object) -> None:
    env = gymnasium.make(ENV_ID)
    env.reset(seed=5)
    env.reset()
    following = state_of(env)
    env.reset(seed=5)
    dealt = state_of(env)
    with pytest.raises(ArgumentError, match="seed is a whole number from 0 up, or None, not"):
        env.reset(seed=seed)  # type: ignore[arg-type]
    assert state_of(env) is dealt
    env.reset()
    assert state_of(env) == following


@pytest.mark.parametrize("seed", [np.int64(3), np.uint16(3), np.int8(3)])
def test_a_numpy_integer_is_a_seed(seed: object) -> None:
    env = gymnasium.make(ENV_ID)
    env.reset(seed=seed)  # type: ignore[arg-type]
    assert state_of(env) == the_game.new_game(the_game.Rules(), seed=3)


def test_reset_refuses_options_that_are_not_a_dict() -> None:
    env = CardrulesEnv("the-game")
    env.reset(seed=5)
    with pytest.raises(ArgumentError, match="options is a dict or None, not 5"):
        env.reset(seed=6, options=5)  # type: ignore[arg-type]
    assert state_of(env) == the_game.new_game(the_game.Rules(), seed=5)


def test_a_render_mode_that_is_not_a_string_raises_argument_error() -> None:
    with pytest.raises(ArgumentError, match="render_mode is None or 'ansi'"):
        CardrulesEnv("the-game", render_mode=np.array([1, 2]))  # type: ignore[arg-type]


def test_a_table_of_the_game_seats_its_reference_bot_beside_the_agent_and_pays_every_card_laid() -> None:
    from cardrules.games.the_game.bots import GreedyBot

    env = gymnasium.make(ENV_ID, players=3)
    for seed in range(3):
        _, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, terminated = 0.0, False
        while not terminated:
            assert the_game.current_player(state_of(env)) == 0  # the agent decides; the bots play the rest
            _, reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            total += float(reward)
        final = state_of(env)
        result = the_game.result(final)
        assert result is not None
        # Every card laid pays everyone, the bots' cards too: the rewards add up to the return.
        assert total == pytest.approx(rl.returns(final)[0], abs=1e-9)
        assert total == pytest.approx((98 - result.cards_left) / 98, abs=1e-9)
    greedy = CardrulesEnv("the-game", players=2, opponents=[GreedyBot()])
    assert trajectory(CardrulesEnv("the-game", players=2), 4) == trajectory(greedy, 4)


def test_every_available_game_has_an_id_made_from_its_name() -> None:
    ids = register_envs()
    assert {ENV_ID, MILLE_BORNES_ID} <= set(ids)
    assert ids == tuple(env_id(name) for name in cardrules.games.available())
    for name in ("the-game", "mille-bornes"):
        made = gymnasium.make(env_id(name)).unwrapped
        assert isinstance(made, CardrulesEnv)
        assert made.rules == get(name).rules_type()


def test_a_name_that_is_no_games_is_refused() -> None:
    with pytest.raises(cardrules.UnknownGameError, match="no game called 'chess'"):
        CardrulesEnv("chess")
    with pytest.raises(ArgumentError, match="game is a registered game's name, not int"):
        CardrulesEnv(3)  # type: ignore[arg-type]


# --- cardrules/MilleBornes-v0 ---------------------------------------------------------------------

MILLE_BORNES_OPTIONS: list[dict[str, Any]] = [
    {"target_score": None},
    {},
    {"players": 4, "team_size": 2, "target_score": None, "opponents": "heuristic"},
    {"players": 3, "target_score": None, "opponents": ["random", "expert"]},
    {"preset": "room", "players": 3, "reshuffle": True, "wrong_way": True, "target_score": None},
]


def mille_bornes_state(env: gymnasium.Env[Any, Any]) -> mb.State:
    """The Mille Bornes state inside ``env``."""
    unwrapped = env.unwrapped
    assert isinstance(unwrapped, CardrulesEnv)
    state = unwrapped.game_state
    assert isinstance(state, mb.State)
    return state


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("options", MILLE_BORNES_OPTIONS)
def test_check_env_passes_on_mille_bornes_through_gymnasium_make(options: dict[str, Any]) -> None:
    env = gymnasium.make(MILLE_BORNES_ID, render_mode="ansi", **options)
    check_env(env.unwrapped)
    with pytest.warns(UserWarning, match="is different from the unwrapped version"):
        check_env(env)


@pytest.mark.parametrize("options", MILLE_BORNES_OPTIONS)
def test_a_mille_bornes_episode_pays_seat_0s_return_at_the_end(options: dict[str, Any]) -> None:
    env = gymnasium.make(MILLE_BORNES_ID, **options)
    outcomes = set()
    for seed in range(4):
        rng = np.random.default_rng(seed)
        _, info = env.reset(seed=seed)
        rewards, terminated = [], False
        while not terminated:
            assert mb.current_player(mille_bornes_state(env)) == 0  # the agent decides; bots play the rest
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _observation, reward, terminated, truncated, info = env.step(action)
            assert truncated is False
            rewards.append(float(reward))
        final = mille_bornes_state(env)
        assert mb.is_terminal(final)
        if final.rules.target_score is not None:  # a later hand of the match opened with a bot's seat
            assert final.table.match.hand_number > 0
        assert rewards[:-1] == [0.0] * (len(rewards) - 1)
        assert rewards[-1] == rl.returns(final)[0]
        outcomes.add(rewards[-1])
    assert outcomes <= {-1.0, 1.0, -0.5, 0.0, 0.5}


def test_mille_bornes_observations_are_seat_0s_encoding_and_the_mask_its_legal_moves() -> None:
    env = CardrulesEnv("mille-bornes", players=3, target_score=None, opponents="random")
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = False
    while not terminated:
        state = mille_bornes_state(env)
        mask = info["action_mask"]
        assert [env.actions.move(i) for i in np.flatnonzero(mask)] == sorted(
            mb.legal_moves(state), key=env.actions.index)
        np.testing.assert_array_equal(observation, env.encoder.encode(mb.observe(state, 0)))
        np.testing.assert_array_equal(env.action_masks(), mask.astype(bool))
        observation, _reward, terminated, _, info = env.step(int(rng.choice(np.flatnonzero(mask))))
    assert not env.action_masks().any()


def test_mille_bornes_seeding_is_deterministic_bots_included() -> None:
    env = gymnasium.make(MILLE_BORNES_ID, players=3, target_score=None, opponents="random")
    rules = mb.Rules(players=3, target_score=None)
    seed = 9
    first = trajectory(env, seed)
    assert first[0] == mb.new_game(rules, seed=seed)  # reset(seed=s) deals new_game(rules, seed=s)
    following = trajectory(env, None)
    again = gymnasium.make(MILLE_BORNES_ID, players=3, target_score=None, opponents="random")
    assert trajectory(again, seed) == first
    assert trajectory(again, None) == following
    assert following[0] != first[0]


def test_mille_bornes_opponents_are_its_expert_bots_unless_said_otherwise() -> None:
    # The default is the game's first reference bot: Mille Bornes lists ExpertBot first.
    default = CardrulesEnv("mille-bornes", target_score=None)
    expert = CardrulesEnv("mille-bornes", target_score=None, opponents="expert")
    assert trajectory(default, 5) == trajectory(expert, 5)


def test_a_bot_object_can_sit_at_the_table() -> None:
    from cardrules.games.mille_bornes.bots import HeuristicBot

    env = CardrulesEnv("mille-bornes", target_score=None, opponents=[HeuristicBot()])
    heuristic = CardrulesEnv("mille-bornes", target_score=None, opponents="heuristic")
    assert trajectory(env, 5) == trajectory(heuristic, 5)


class _Nonsense:
    """A bot of the caller's that answers with something that is not a move."""

    def choose(self, observation: object, legal: object) -> object:
        return "nonsense"


def test_an_opponent_that_chooses_an_illegal_move_is_named_and_the_game_is_left_as_it_was() -> None:
    env = CardrulesEnv("mille-bornes", target_score=None, opponents=_Nonsense())
    _, info = env.reset(seed=1)
    before = mille_bornes_state(env)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    with pytest.raises(cardrules.IllegalMoveError,
                       match=r"^illegal move nonsense: the opponents' bot at seat 1 \(_Nonsense\) chose it: "
                             r"str is not a move of Mille Bornes$") as raised:
        env.step(legal)
    assert raised.value.move == "nonsense"
    assert mille_bornes_state(env) is before
    assert env.action_masks()[legal]


def test_an_illegal_mille_bornes_action_ends_the_episode_or_raises_when_asked() -> None:
    env = CardrulesEnv("mille-bornes", target_score=None)
    _, info = env.reset(seed=1)
    before = mille_bornes_state(env)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _observation, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert str(env.actions.move(illegal)) in info["illegal_action"]
    assert mille_bornes_state(env) is before
    strict = CardrulesEnv("mille-bornes", target_score=None, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(cardrules.IllegalMoveError):
        strict.step(illegal)
    assert mille_bornes_state(strict) == before


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_mille_bornes_runs_in_gymnasiums_vector_environments(mode: str) -> None:
    envs = gymnasium.make_vec(MILLE_BORNES_ID, num_envs=2, vectorization_mode=mode, target_score=None)
    try:
        observations, infos = envs.reset(seed=3)
        assert observations.shape == (2, *CardrulesEnv("mille-bornes", target_score=None).encoder.shape)
        rng = np.random.default_rng(3)
        finished = 0
        for _ in range(200):
            actions = np.array([int(rng.choice(np.flatnonzero(mask))) if mask.any() else 0
                                for mask in infos["action_mask"]])
            observations, rewards, terminated, truncated, infos = envs.step(actions)
            assert not truncated.any()
            assert all(reward in (0.0, 1.0, -1.0) for reward in rewards)
            finished += int(terminated.sum())
        assert finished >= 2
    finally:
        envs.close()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"opponents": "perfect"}, "opponents: no bot 'perfect'; the bots are expert, heuristic, random"),
        ({"opponents": ["expert", "expert"]}, "opponents: 2 bots given for 1 other seat; give one per seat"),
        ({"opponents": 3}, "opponents is a bot's name, a bot or a sequence of them, not 3"),
        ({"opponents": [3]}, "opponents: a bot's name"),
        ({"preset": "monaco"}, "no preset 'monaco'"),
        ({"hazard_stacking": "tall"}, "hazard_stacking"),
        ({"illegal_action": "ignore"}, "illegal_action is 'end' or 'raise'"),
        ({"players": 1}, "2 to 9 players"),
    ],
)
def test_bad_mille_bornes_options_raise_our_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ArgumentError, match=message):
        gymnasium.make(MILLE_BORNES_ID, **options)


def test_the_mille_bornes_ansi_render_shows_seat_0s_view() -> None:
    env = gymnasium.make(MILLE_BORNES_ID, render_mode="ansi", target_score=None)
    env.reset(seed=2)
    text = text_of(env)
    assert text.startswith("Mille Bornes: to act")
    assert "seat 0 (you)" in text
    assert "seat 1: 6 cards" in text
