"""The bot writers' speed table in one run: ``python benchmarks/bot_toolkit.py [--rounds N] [--games N]``.

Every figure is in microseconds and in units of one random-playout step (``legal_moves`` + ``apply``
+ ``random.choice``) measured in the same run, on positions spread along whole random games (every
fifth state): ``determinize`` of the deciding seat's observation (the first call on an observation
never seen, as ``observe`` hands it out; the same on one rebuilt by hand, which the library does
not vouch for and checks in full; and each further call on it, as a search makes them),
``to_json`` + ``from_json`` of the state, beside a ``pickle`` round trip of it, which checks
nothing (the JSON budget is a ratio to it, printed as "JSON/pickle"), ``legal_actions`` + ``mask``
and ``encode`` of the observation (``cardrules.rl``), and one PettingZoo ``env.step`` (the actions
of whole random games replayed). Times are CPU time of this
process (``time.process_time``), so that other work on a shared machine counts as little as it can;
the rounds interleave the figures and keep the best of each, so a busy moment hurts every column
alike.
The targets of the bot writers' issue are printed under the table. ``--sort python`` times
``determinize`` as it runs without numpy (which sorts its random keys when installed, with the same
result: ``cardrules._shuffling``).
"""

from __future__ import annotations

import argparse
import copy
import gc
import pickle
import random
import time
from collections.abc import Callable
from typing import Any

import attrs
import numpy as np

import cardrules
from cardrules import _shuffling, rl
from cardrules.games import mille_bornes, the_game
from cardrules.integrations import pettingzoo as cardrules_pz

_TABLES: tuple[tuple[str, Any, str, dict[str, Any]], ...] = (
    ("the-game 1p expert", the_game.Rules(players=1, expert=True), "the-game", {"expert": True}),
    ("the-game 3p", the_game.Rules(players=3), "the-game", {"players": 3}),
    ("the-game 5p on fire", the_game.Rules(players=5, on_fire=True), "the-game",
     {"players": 5, "on_fire": True}),
    ("mille-bornes 2p hand", mille_bornes.Rules(target_score=None), "mille-bornes",
     {"target_score": None}),
    ("mille-bornes 3p hand", mille_bornes.Rules(players=3, target_score=None), "mille-bornes",
     {"players": 3, "target_score": None}),
    ("mille-bornes 2x2 match", mille_bornes.Rules(players=4, team_size=2), "mille-bornes",
     {"players": 4, "team_size": 2}),
)

_AGAIN = 8
"""Further ``determinize`` calls per observation in the "again" column."""

_TARGETS = {
    "determinize": 3.0, "again": 3.0, "actions+mask": 1.0, "encode": 2.0, "env.step": 3.0,
}
"""Budgets in playout steps."""

_JSON_TARGET = 3.0
"""The JSON round trip's budget: at most this many unchecked pickle round trips of the same state."""


def _states(rules: Any, games: int) -> list[Any]:
    """Every fifth live state of ``games`` random games (the deal included)."""
    rng = random.Random(1)
    found = []
    for seed in range(games):
        state: Any = cardrules.games.get(rl.action_space(rules).game_name).new_game(rules, seed=seed)
        step = 0
        while not cardrules.is_terminal(state):
            if step % 5 == 0:
                found.append(state)
            state = cardrules.apply(state, rng.choice(cardrules.legal_moves(state)))
            step += 1
    return found


def _episodes(env: Any, games: int) -> list[tuple[int, list[int]]]:
    """The seed and the actions of ``games`` random games played through ``env``."""
    rng = random.Random(1)
    played = []
    for seed in range(games):
        env.reset(seed=seed)
        actions = []
        while not env.terminations[env.agent_selection]:
            action = rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist())
            actions.append(action)
            env.step(action)
        played.append((seed, actions))
    return played


def _figures(rules: Any, game: str, options: dict[str, Any], games: int) -> dict[str, Callable[[], float]]:
    """For one table, a timing function per column, each giving seconds per call."""
    states = _states(rules, games)
    kind = type(states[0])
    observations = [cardrules.observe(s, cardrules.current_player(s) or 0) for s in states]
    space, encoder = rl.action_space(rules), rl.observation_encoder(rules)
    env = cardrules_pz.env(game, **options)
    episodes = _episodes(env, max(2, games // 4))

    def step() -> float:
        rng = random.Random(2)
        legal_moves, apply, choice = cardrules.legal_moves, cardrules.apply, rng.choice
        start = time.process_time()
        for state in states:
            apply(state, choice(legal_moves(state)))
        return (time.process_time() - start) / len(states)

    def determinize_first() -> float:
        # Copies of observe's observations, which the library vouches for (cardrules._trust), never
        # seen before, so nothing it remembers helps: a bot's first call. All is copied but the
        # rules value, which every state and observation of a game shares.
        fresh = [copy.deepcopy(o, {id(o.rules): o.rules}) for o in observations]
        rng = random.Random(3)
        gc.collect()  # the copies' garbage is not determinize's to collect
        start = time.process_time()
        for observation in fresh:
            cardrules.determinize(observation, rng)
        return (time.process_time() - start) / len(fresh)

    def determinize_hand_made() -> float:
        # The same observations rebuilt by hand (attrs.evolve), so checked in full.
        fresh = [attrs.evolve(o, table=copy.deepcopy(o.table)) for o in observations]
        rng = random.Random(3)
        gc.collect()  # the copies' garbage is not determinize's to collect
        start = time.process_time()
        for observation in fresh:
            cardrules.determinize(observation, rng)
        return (time.process_time() - start) / len(fresh)

    def determinize_again() -> float:
        # The further calls of one decision, as a search makes (its first call is not counted).
        rng = random.Random(3)
        seconds = 0.0
        for observation in observations:
            cardrules.determinize(observation, rng)
            start = time.process_time()
            for _ in range(_AGAIN):
                cardrules.determinize(observation, rng)
            seconds += time.process_time() - start
        return seconds / (len(observations) * _AGAIN)

    def round_trip() -> float:
        start = time.process_time()
        for state in states:
            cardrules.from_json(cardrules.to_json(state), kind)
        return (time.process_time() - start) / len(states)

    def pickle_round_trip() -> float:
        # The reference for JSON: Python's own C-coded serialization, which checks nothing.
        dumps, loads, protocol = pickle.dumps, pickle.loads, pickle.HIGHEST_PROTOCOL
        start = time.process_time()
        for state in states:
            loads(dumps(state, protocol))
        return (time.process_time() - start) / len(states)

    def actions_and_mask() -> float:
        legal_actions, mask = space.legal_actions, space.mask
        start = time.process_time()
        for observation in observations:
            legal_actions(observation)
            mask(observation)
        return (time.process_time() - start) / len(observations)

    def encode() -> float:
        encode = encoder.encode
        start = time.process_time()
        for observation in observations:
            encode(observation)
        return (time.process_time() - start) / len(observations)

    def env_step() -> float:
        seconds, calls = 0.0, 0
        for seed, actions in episodes:
            env.reset(seed=seed)
            step = env.step
            start = time.process_time()
            for action in actions:
                step(action)
            seconds += time.process_time() - start
            calls += len(actions)
        return seconds / calls

    return {
        "step": step,
        "determinize": determinize_first,
        "hand-made": determinize_hand_made,
        "again": determinize_again,
        "JSON": round_trip,
        "pickle": pickle_round_trip,
        "actions+mask": actions_and_mask,
        "encode": encode,
        "env.step": env_step,
    }


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds; the best is kept")
    parser.add_argument("--games", type=int, default=20, help="random games the positions come from")
    parser.add_argument("--sort", choices=("auto", "python"), default="auto",
                        help="how determinize sorts its random keys: in numpy when installed (auto), "
                             "or in Python, as without numpy")
    args = parser.parse_args()
    sort = _shuffling.pick_sort(numpy=args.sort == "auto")  # before any timing, not in the first call
    columns = ("determinize", "hand-made", "again", "JSON", "pickle", "actions+mask", "encode", "env.step")
    print(f"{'table':<24} {'step':>6}" + "".join(f" {name:>15}" for name in columns) + "  JSON/pickle")
    for label, rules, game, options in _TABLES:
        timings = _figures(rules, game, options, args.games)
        best = dict.fromkeys(timings, float("inf"))
        for _ in range(args.rounds):
            for name, timing in timings.items():
                best[name] = min(best[name], timing())
        step = best["step"] * 1e6
        cells = "".join(
            f" {best[name] * 1e6:>8.1f} ({best[name] * 1e6 / step:>4.1f})" for name in columns
        )
        print(f"{label:<24} {step:>6.2f}{cells}  {best['JSON'] / best['pickle']:>11.2f}")
    print("CPU microseconds per call (in playout steps); targets in steps: "
          + ", ".join(f"{name} <= {limit:g}" for name, limit in _TARGETS.items())
          + f"; JSON <= {_JSON_TARGET:g}x pickle. determinize sorted its keys in {sort}.")


if __name__ == "__main__":
    main()
