"""Benchmark the rl encodings: ``python benchmarks/rl.py [--rounds N] [--games N]``.

Prints, per game, the cost in microseconds of one random-playout step (``legal_moves`` + ``apply``
+ ``random.choice``), of ``legal_actions`` + ``mask`` of an observation, and of ``encode`` of an
observation, each also in units of one playout step. States are taken along whole random games
(every fifth move), so the figures cover early, middle and late positions alike; each observation is
that of the seat that decides.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

import cardrules
from cardrules import rl
from cardrules.games import mille_bornes, the_game

_TABLES: tuple[tuple[str, Any], ...] = (
    ("the-game 3p", the_game.Rules(players=3)),
    ("mille-bornes 2p hand", mille_bornes.Rules(target_score=None)),
    ("mille-bornes 2x2 match", mille_bornes.Rules(players=4, team_size=2)),
)


def _states(rules: Any, games: int) -> list[Any]:
    """Every fifth state of ``games`` random games (the deal included)."""
    module = the_game if isinstance(rules, the_game.Rules) else mille_bornes
    rng = random.Random(1)
    found = []
    for seed in range(games):
        state = module.new_game(rules, seed=seed)
        step = 0
        while True:
            if step % 5 == 0:
                found.append(state)
            moves = cardrules.legal_moves(state)
            if not moves:
                break
            state = cardrules.apply(state, rng.choice(moves))
            step += 1
    return found


def _per_call(run: Callable[[], int], rounds: int) -> float:
    """Microseconds per call of the fastest of ``rounds`` timings; ``run`` returns its call count."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        calls = run()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="timings per figure; the best is kept")
    parser.add_argument("--games", type=int, default=20, help="random games the states come from")
    args = parser.parse_args()
    print(f"{'table':<24} {'step':>8} {'legal_actions+mask':>20} {'encode':>16}")
    for label, rules in _TABLES:
        states = [s for s in _states(rules, args.games) if not cardrules.is_terminal(s)]
        observations = [cardrules.observe(s, cardrules.current_player(s) or 0) for s in states]
        space = rl.action_space(rules)
        encoder = rl.observation_encoder(rules)
        rng = random.Random(2)

        def steps(states: list[Any] = states, rng: random.Random = rng) -> int:
            for state in states:
                cardrules.apply(state, rng.choice(cardrules.legal_moves(state)))
            return len(states)

        def masks(observations: list[Any] = observations, space: rl.ActionSpace = space) -> int:
            for observation in observations:
                space.legal_actions(observation)
                space.mask(observation)
            return len(observations)

        def encodings(observations: list[Any] = observations, encoder: Any = encoder) -> int:
            for observation in observations:
                encoder.encode(observation)
            return len(observations)

        step = _per_call(steps, args.rounds)
        figures = [_per_call(run, args.rounds) for run in (masks, encodings)]
        masks_cell = f"{figures[0]:>12.1f} ({figures[0] / step:>4.1f})"
        encode_cell = f"{figures[1]:>8.1f} ({figures[1] / step:>4.1f})"
        print(f"{label:<24} {step:>8.2f} {masks_cell} {encode_cell}")
    print("microseconds per call (in playout steps)")


if __name__ == "__main__":
    main()
