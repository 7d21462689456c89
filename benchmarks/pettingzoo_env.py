"""Benchmark the PettingZoo environments: ``python benchmarks/pettingzoo_env.py [--rounds N]`` (not
``pettingzoo.py``: a script of that name would shadow the package it measures).

Prints, per table, the cost in microseconds of one random-playout step of the engine
(``legal_moves`` + ``apply`` + ``random.choice``, over whole games), of one ``env.step`` (through
``env()``, PettingZoo's order-checking wrapper included, and of the bare ``raw_env``), and of one
turn of the canonical agent loop (``last()``, which encodes the observation and its mask, then
sampling from the mask and ``step``), each also in units of one playout step. ``env.step`` replays
the actions of whole random games, so early, middle and late positions all count.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import cardrules
from cardrules.integrations import pettingzoo as cardrules_pz
from cardrules.registry import game_of

_TABLES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("the-game 3p", "the-game", {"players": 3}),
    ("the-game 1p expert", "the-game", {"players": 1, "expert": True}),
    ("mille-bornes 2p hand", "mille-bornes", {"target_score": None}),
    ("mille-bornes 2x2 hand", "mille-bornes", {"players": 4, "team_size": 2, "target_score": None}),
)


def _best(run: Callable[[], tuple[float, int]], rounds: int) -> float:
    """Microseconds per call, the best of ``rounds`` runs; ``run`` returns (seconds, calls)."""
    best = float("inf")
    for _ in range(rounds):
        seconds, calls = run()
        best = min(best, seconds / calls)
    return best * 1e6


def _games(env: Any, games: int) -> list[tuple[int, list[int]]]:
    """The seed and live actions of ``games`` random games played through ``env``."""
    played = []
    rng = random.Random(1)
    for seed in range(games):
        env.reset(seed=seed)
        actions = []
        while not env.terminations[env.agent_selection]:
            action = rng.choice(np.flatnonzero(env.observe(env.agent_selection)["action_mask"]).tolist())
            actions.append(action)
            env.step(action)
        played.append((seed, actions))
    return played


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="timings per figure; the best is kept")
    parser.add_argument("--games", type=int, default=30, help="random games per figure")
    args = parser.parse_args()
    print(f"{'table':<24} {'playout step':>12} {'env.step':>16} {'raw_env.step':>16} {'agent loop':>16}")
    for label, game, options in _TABLES:
        env = cardrules_pz.env(game, **options)
        raw = env.unwrapped
        played = _games(env, args.games)
        rules = raw.rules

        def playouts(rules: Any = rules) -> tuple[float, int]:
            rng = random.Random(2)
            steps = 0
            start = time.perf_counter()
            for seed in range(args.games):
                state: Any = game_of(rules).new_game(rules, seed=seed)
                while moves := cardrules.legal_moves(state):
                    state = cardrules.apply(state, rng.choice(moves))
                    steps += 1
            return time.perf_counter() - start, steps

        def replays(env: Any, played: list[tuple[int, list[int]]] = played) -> tuple[float, int]:
            seconds, steps = 0.0, 0
            for seed, actions in played:
                env.reset(seed=seed)
                step = env.step
                start = time.perf_counter()
                for action in actions:
                    step(action)
                seconds += time.perf_counter() - start
                steps += len(actions)
            return seconds, steps

        def agent_loops(env: Any = env) -> tuple[float, int]:
            steps = 0
            start = time.perf_counter()
            for seed in range(args.games):
                env.reset(seed=seed)
                for agent in env.agent_iter():
                    observation, _, termination, truncation, _ = env.last()
                    if termination or truncation:
                        env.step(None)
                        continue
                    env.step(env.action_space(agent).sample(observation["action_mask"]))
                    steps += 1
            return time.perf_counter() - start, steps

        unit = _best(playouts, args.rounds)
        figures = [_best(lambda env=env: replays(env), args.rounds),  # type: ignore[misc]
                   _best(lambda raw=raw: replays(raw), args.rounds),  # type: ignore[misc]
                   _best(agent_loops, args.rounds)]
        cells = " ".join(f"{us:7.1f} ({us / unit:4.1f})" for us in figures)
        print(f"{label:<24} {unit:9.1f} us {cells}")
    print("(microseconds per step; in parentheses, in units of one playout step)")


if __name__ == "__main__":
    main()
