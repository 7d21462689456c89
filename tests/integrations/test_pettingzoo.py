"""The PettingZoo adapter: PettingZoo's own API and seed tests at several tables of both games, and
what a user of the environment relies on: masks that are our legal moves, observations that are
our encodings, rewards that add up to ``rl.returns``, the deciding seat on turn, seeding, the text
render and the errors."""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

import cardrules
from cardrules import rl
from cardrules.errors import ArgumentError, RulesError, UnknownGameError
from cardrules.games import mille_bornes, the_game
from cardrules.integrations import pettingzoo as cardrules_pz

REPO = Path(__file__).resolve().parents[2]

# (game, options): The Game at 1, 3 and 5 seats with its options; Mille Bornes head to head (a hand,
# and a whole match to 5000), in two teams of two, at three seats, and a game-room table of three
# teams with its variants.
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("the-game", {"players": 1, "expert": True}),
    ("the-game", {"players": 3, "on_fire": True}),
    ("the-game", {"players": 5, "expert": True, "on_fire": True, "reduced_hand": True}),
    ("mille-bornes", {"players": 2, "target_score": None}),
    ("mille-bornes", {"players": 2}),
    ("mille-bornes", {"players": 4, "team_size": 2, "target_score": None}),
    ("mille-bornes", {"players": 3, "target_score": None}),
    ("mille-bornes", {"preset": "room", "players": 6, "team_size": 2, "accumulate": True,
                      "reshuffle": True, "wrong_way": True, "target_score": None}),
]
TABLE_IDS = [f"{game}-{'-'.join(f'{k}={v}' for k, v in options.items())}" for game, options in TABLES]


def random_turns(env: Any, seed: int) -> Iterator[tuple[str, Any, float, bool, int | None]]:
    """Play ``env`` (already reset) to the end with random legal actions, the canonical AEC loop;
    yield each agent's ``(agent, observation, reward, terminated, action)`` as ``last()`` gives it."""
    rng = np.random.default_rng(seed)
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        assert truncation is False
        action = None if termination else int(rng.choice(np.flatnonzero(observation["action_mask"])))
        yield agent, observation, reward, termination, action
        env.step(action)


# PettingZoo warns about dict observations for every environment but its own (it names those in a
# list); any other warning of its API test fails the test.
@pytest.mark.filterwarnings(  # in order: the later filters win
    "error",
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)
@pytest.mark.parametrize(("game", "options"), TABLES, ids=TABLE_IDS)
def test_pettingzoos_api_test_passes(game: str, options: dict[str, Any]) -> None:
    api_test(cardrules_pz.env(game, render_mode="ansi", **options), num_cycles=300)


@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize(("game", "options"), TABLES, ids=TABLE_IDS)
def test_pettingzoos_seed_test_passes(game: str, options: dict[str, Any]) -> None:
    seed_test(lambda: cardrules_pz.env(game, **options), num_cycles=300)


@pytest.mark.parametrize(("game", "options"), TABLES, ids=TABLE_IDS)
def test_each_agents_rewards_add_up_to_its_return(game: str, options: dict[str, Any]) -> None:
    env = cardrules_pz.env(game, **options)
    for seed in range(3):
        env.reset(seed=seed)
        total: dict[str, float] = defaultdict(float)
        for agent, _, reward, _, _ in random_turns(env, seed):
            total[agent] += reward
        returns = rl.returns(env.unwrapped.game_state)
        assert set(total) == set(env.possible_agents)
        for seat, agent in enumerate(env.possible_agents):
            assert total[agent] == pytest.approx(returns[seat], abs=1e-9)


def test_the_game_pays_every_seat_a_98th_per_card_laid_as_it_is_laid() -> None:
    env = cardrules_pz.env("the-game", players=3)
    env.reset(seed=5)
    actions = env.unwrapped.actions
    rng = np.random.default_rng(5)
    paid = 0
    while not env.terminations[env.agent_selection]:
        action = int(rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])))
        env.step(action)
        laid = isinstance(actions.move(action), the_game.Play)
        assert env.rewards == dict.fromkeys(env.possible_agents, 1 / 98 if laid else 0.0)
        paid += laid
    result = the_game.result(env.unwrapped.game_state)
    assert result is not None
    assert paid == 98 - result.cards_left


def test_mille_bornes_pays_the_returns_at_the_end_and_partners_share_them() -> None:
    env = cardrules_pz.env("mille-bornes", players=4, team_size=2, target_score=None)
    env.reset(seed=2)
    for _, _, reward, terminated, _ in random_turns(env, 2):
        if not terminated:
            assert reward == 0.0
    final = env.unwrapped.game_state
    returns = rl.returns(final)
    assert returns[0] == returns[2]
    assert returns[1] == returns[3]
    assert sorted(set(returns)) in ([-1.0, 1.0], [0.0])


@pytest.mark.parametrize(("game", "options"), TABLES, ids=TABLE_IDS)
def test_masks_are_our_legal_moves_and_observations_our_encodings(game: str, options: dict[str, Any]) -> None:
    env = cardrules_pz.env(game, **options)
    raw = env.unwrapped
    env.reset(seed=11)
    for step, (agent, _, _, terminated, _) in enumerate(random_turns(env, 11)):
        if terminated or step > 150:
            break
        state = raw.game_state
        assert agent == f"player_{cardrules.current_player(state)}"
        for seat, other in enumerate(env.possible_agents):
            seen = env.observe(other)
            observation = cardrules.observe(state, seat)
            legal = cardrules.legal_moves(state) if other == agent else ()
            assert [raw.actions.move(i) for i in np.flatnonzero(seen["action_mask"])] == sorted(
                legal, key=raw.actions.index)
            np.testing.assert_array_equal(seen["observation"], raw.encoder.encode(observation))


def test_a_coup_fourre_window_hands_the_turn_to_the_holder_of_the_safety() -> None:
    env = cardrules_pz.env("mille-bornes", players=3, target_score=None, coup_fourre="any_player")
    raw = env.unwrapped
    windows = 0
    for seed in range(40):
        env.reset(seed=seed)
        for agent, _, _, terminated, _ in random_turns(env, seed):
            if terminated:
                continue
            table = raw.game_state.table
            assert agent == f"player_{table.current}"
            if table.phase == "coup_fourre":
                windows += 1
                assert table.window.attacker != table.current
        if windows >= 3:
            break
    assert windows >= 3


def test_the_same_seed_deals_the_same_game_and_seeds_the_next_deals() -> None:
    rules = the_game.Rules(players=2)
    env = cardrules_pz.env(rules)
    env.reset(seed=42)
    assert env.unwrapped.game_state == the_game.new_game(rules, seed=42)
    env.reset()
    following = env.unwrapped.game_state
    env.reset(seed=42)
    env.reset()
    assert env.unwrapped.game_state == following
    assert following != the_game.new_game(rules, seed=42)


def test_the_ansi_render_shows_the_deciding_seats_view() -> None:
    env = cardrules_pz.env("the-game", players=2, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    hand = the_game.observe(env.unwrapped.game_state, 0).hand
    other_hand = the_game.observe(env.unwrapped.game_state, 1).hand
    assert text.startswith("The Game: player_0 to act\n")
    # The game's own text of the agent's observation: its hand, and only the size of the other.
    assert the_game.render(the_game.observe(env.unwrapped.game_state, 0)) in \
        "\n".join(line[2:] for line in text.splitlines())
    assert f"  seat 0 (you): {' '.join(map(str, hand))}\n" in text
    assert "  seat 1: 7 cards\n" in text
    assert " ".join(map(str, other_hand)) not in text
    assert "legal moves (" in text
    assert "on up1" in text


def test_the_ansi_render_of_a_finished_game_shows_the_result_and_returns() -> None:
    env = cardrules_pz.env("mille-bornes", target_score=None, render_mode="ansi")
    env.reset(seed=3)
    for _, _, _, terminated, _ in random_turns(env, 3):
        if terminated:
            break
    text = env.render()
    assert text.startswith("Mille Bornes: game over")
    assert "  Game over: side " in text
    assert "result: " in text
    assert "returns: " in text
    assert "legal moves" not in text


def test_render_without_a_render_mode_warns_and_returns_none() -> None:
    env = cardrules_pz.env("the-game")
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode"):
        assert env.render() is None


def test_an_illegal_action_raises_saying_why_and_changes_nothing() -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=1)
    before = env.unwrapped.game_state
    mask = env.observe("player_0")["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(cardrules.IllegalMoveError, match="not in seat 0's hand"):
        env.step(illegal)
    assert env.unwrapped.game_state is before
    assert env.agent_selection == "player_0"
    env.step(int(np.flatnonzero(mask)[0]))
    assert env.unwrapped.game_state is not before


@pytest.mark.parametrize("action", [-1, 393, 2.0, "3", None])
def test_an_action_that_is_not_in_the_space_raises_argument_error(action: object) -> None:
    env = cardrules_pz.env("the-game")
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match="action"):
        env.step(action)


def test_numpy_integers_are_actions() -> None:
    env = cardrules_pz.env("the-game")
    env.reset(seed=1)
    env.step(np.int32(np.flatnonzero(env.observe("player_0")["action_mask"])[0]))
    assert env.unwrapped.game_state.table.laid == 1


@pytest.mark.parametrize(
    ("game", "options", "error", "message"),
    [
        ("the-game", {"player": 3}, ArgumentError, "The Game has no option 'player'; its options are"),
        ("the-game", {"players": 7}, RulesError, "1 to 5 players"),
        ("the-game", {"preset": "room"}, ArgumentError, "The Game has no preset 'room'; it has none"),
        ("mille-bornes", {"preset": "monaco"}, ArgumentError,
         "no preset 'monaco'; its presets are parker, french, wikipedia, room"),
        ("mille-bornes", {"preset": "room", "hazard_stacking": "topmost"}, ArgumentError,
         "preset 'room' has no option 'hazard_stacking'"),
        ("mille-bornes", {"team_size": 2, "players": 3}, RulesError, "3 players cannot sit in sides of 2"),
        ("chess", {}, UnknownGameError, "no game called 'chess'"),
        (the_game.Rules(), {"players": 2}, ArgumentError, "go with a game's name"),
        (42, {}, ArgumentError, "a game's name"),
        ("the-game", {"render_mode": "human"}, ArgumentError, "render_mode"),
        ("the-game", {"render_mode": np.array([1, 2])}, ArgumentError, "render_mode"),
    ],
)
def test_bad_options_raise_our_errors(
    game: object, options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        cardrules_pz.env(game, **options)


def test_an_unknown_agent_raises_argument_error() -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match="no agent 'player_2'"):
        env.observe("player_2")
    with pytest.raises(ArgumentError, match="no agent"):
        env.unwrapped.action_space(0)


def test_a_rules_value_makes_the_same_environment_as_its_options() -> None:
    rules = mille_bornes.Rules.room(players=4, team_size=2, target_score=None)
    by_value = cardrules_pz.env(rules).unwrapped
    by_name = cardrules_pz.env("mille-bornes", preset="room", players=4, team_size=2,
                               target_score=None).unwrapped
    assert by_value.rules == by_name.rules == rules
    assert by_value.observation_space("player_3") == by_name.observation_space("player_3")
    assert str(by_value) == "cardrules_mille_bornes_v0"


def test_importing_it_without_pettingzoo_says_what_to_install() -> None:
    code = ("import sys; sys.modules['pettingzoo'] = None\n"
            "import cardrules.integrations.pettingzoo")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=False)
    assert run.returncode != 0
    assert 'pip install "cardrules[pettingzoo]"' in run.stderr


def test_the_random_agent_example_plays_both_games() -> None:
    run = subprocess.run([sys.executable, "examples/pettingzoo_random_agent.py"], capture_output=True,
                         text=True, cwd=REPO, check=False, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "The Game" in run.stdout
    assert "Mille Bornes" in run.stdout


def _finish(env: Any) -> None:
    """Play ``env`` (reset) with random legal actions until the game is over (every agent done)."""
    rng = np.random.default_rng(0)
    while not any(env.terminations.values()):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("seed", [1.5, (1, 2), "abc", True, [3], np.float64(2.0)])
def test_a_refused_reset_changes_nothing_not_even_the_next_deal(seed: object) -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=5)
    env.reset()
    following = env.unwrapped.game_state
    env.reset(seed=5)
    dealt = env.unwrapped.game_state
    with pytest.raises(ArgumentError, match="seed is a whole number or None, not"):
        env.reset(seed=seed)
    assert env.unwrapped.game_state is dealt
    env.reset()
    assert env.unwrapped.game_state == following


def test_numpy_integers_and_any_whole_number_are_seeds() -> None:
    env = cardrules_pz.env("the-game", players=2)
    for seed in (np.int64(3), np.uint8(3), -3, 2**70):
        env.reset(seed=seed)
        assert env.unwrapped.game_state == the_game.new_game(the_game.Rules(players=2), seed=int(seed))


def test_reset_refuses_options_that_are_not_a_dict_and_changes_nothing() -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=5)
    dealt = env.unwrapped.game_state
    with pytest.raises(ArgumentError, match="options is a dict or None, not 5"):
        env.reset(seed=6, options=5)
    assert env.unwrapped.game_state is dealt


@pytest.mark.parametrize("agent", [[1], {}, None, 0, b"player_0", "player_9"])
def test_an_agent_that_is_not_one_raises_argument_error_from_every_method(agent: object) -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=1)
    for method in (env.observe, env.action_space, env.observation_space, env.unwrapped.observe):
        with pytest.raises(ArgumentError, match="no agent"):
            method(agent)


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_every_call_before_reset_raises_argument_error(wrapped: bool) -> None:
    env: Any = (cardrules_pz.env("the-game", render_mode="ansi") if wrapped
                else cardrules_pz.raw_env("the-game", render_mode="ansi"))
    calls: dict[str, Callable[[], object]] = {
        "observe": lambda: env.observe("player_0"), "step": lambda: env.step(0),
        "last": lambda: env.last(), "render": lambda: env.render(),
        "agent_iter": lambda: next(iter(env.agent_iter())),
    }
    if wrapped:  # PettingZoo's wrapper asserted; the raw environment has no state() at all
        calls["state"] = lambda: env.state()
    for name, call in calls.items():
        with pytest.raises(ArgumentError, match=rf"{name}\(\) needs a game: call reset\(\) first"):
            call()


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
def test_a_done_agent_steps_none_and_any_other_action_is_refused_saying_so(wrapped: bool) -> None:
    env = cardrules_pz.env("the-game", players=2) if wrapped else cardrules_pz.raw_env("the-game", players=2)
    env.reset(seed=3)
    _finish(env)
    agent = env.agent_selection
    with pytest.raises(ArgumentError, match=f"{agent} is done: it steps None"):
        env.step(0)
    assert agent in env.agents  # nothing changed
    env.step(None)
    assert agent not in env.agents
    env.step(None)
    assert env.agents == []


def test_a_step_once_every_agent_is_gone_is_refused_by_the_raw_environment() -> None:
    env = cardrules_pz.raw_env("the-game", players=2)
    env.reset(seed=3)
    _finish(env)
    env.step(None)
    env.step(None)
    for action in (None, 0):
        with pytest.raises(ArgumentError, match="the game is over and every agent has left: call reset"):
            env.step(action)


def test_agent_iter_refuses_to_move_on_before_the_agent_steps() -> None:
    env = cardrules_pz.env("the-game", players=2)
    env.reset(seed=1)
    turns = iter(env.agent_iter())
    assert next(turns) == "player_0"
    with pytest.raises(ArgumentError, match="call step"):
        next(turns)


@pytest.mark.parametrize("game", ["mille-bornes", the_game.Rules()], ids=["a name", "a rules value"])
def test_a_million_unknown_options_get_a_short_message_naming_a_few(game: object) -> None:
    # Every name was listed, in full: 200,000 keys made a message of 2 MB.
    options: dict[str, Any] = {f"k{i:06}": 1 for i in range(200_000)}
    options["x" * 1000 + "\x1b[2J"] = 1
    with pytest.raises(ArgumentError) as raised:
        cardrules_pz.env(game, **options)
    message = str(raised.value)
    assert "'k000000', 'k000001', 'k000002', 'k000003', 'k000004' and 199,996 more" in message
    assert len(message) < 400
    assert message.isprintable()


@pytest.mark.parametrize("wrapped", [True, False], ids=["env", "raw_env"])
@pytest.mark.parametrize("max_iter", ["x", None, 1.5, True, [3]])
def test_agent_iter_refuses_a_max_iter_that_is_not_a_whole_number(wrapped: bool, max_iter: object) -> None:
    # PettingZoo's iterator raised a bare TypeError comparing it with 0, or took 1.5 as a count.
    make = cardrules_pz.env if wrapped else cardrules_pz.raw_env
    env: Any = make("the-game", players=2)
    env.reset(seed=1)
    with pytest.raises(ArgumentError, match="max_iter is a whole number, not "):
        env.agent_iter(max_iter=max_iter)
    turns = zip(env.agent_iter(max_iter=np.int64(1)), range(3), strict=False)
    assert [agent for agent, _ in turns] == ["player_0"]
