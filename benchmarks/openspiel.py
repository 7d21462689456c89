"""Benchmark the OpenSpiel adapter: ``python benchmarks/openspiel.py [--games N] [--rounds N]``.

Prints, per game, in microseconds:

- ``raw step``: one random-playout step of the engine (``legal_moves`` + ``apply`` + a random choice);
- ``decision``: ``state.legal_actions()`` + ``state.apply_action(action)`` at an OpenSpiel decision
  node, in units of a raw step too;
- ``chance``: ``state.chance_outcomes()`` + ``state.apply_action(outcome)`` at a chance node (the
  last card of a draw also makes the engine's move);
- ``per move``: a whole random OpenSpiel game (deal, decisions and draws) divided by its decisions,
  in raw steps: what a playout through pyspiel costs per move of the game;
- ``clone``: ``state.clone()``.

Every figure is the fastest of ``--rounds`` runs over the same random games.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import pyspiel  # type: ignore[import-not-found]

from cardrules.integrations import openspiel  # importing it registers the games

_TABLES: tuple[tuple[str, str, dict[str, Any]], ...] = (
    ("the-game 3p", "the-game", {"players": 3}),
    ("mille-bornes 2p hand", "mille-bornes", {}),
    ("mille-bornes 2x2 hand", "mille-bornes", {"players": 4, "team_size": 2}),
)


def _raw(game: Any, games: int) -> float:
    """Microseconds per raw step over ``games`` random games of the OpenSpiel game ``game``'s
    cardrules game and rules."""
    descriptor, rules = game.spec.game, game.rules
    legal_moves, apply = descriptor.legal_moves, descriptor.apply
    steps = 0
    spent = 0.0
    for seed in range(games):
        state = descriptor.new_game(rules, seed=seed)
        choice = random.Random(seed).choice
        start = time.perf_counter()
        moves = legal_moves(state)
        while moves:
            state = apply(state, choice(moves))
            moves = legal_moves(state)
            steps += 1
        spent += time.perf_counter() - start
    return spent / steps * 1e6


def _spiel(game: Any, games: int) -> dict[str, float]:
    """Microseconds per decision, per chance node, per move of a whole game, and per clone."""
    clock = time.perf_counter
    decisions = chances = clones = 0
    decision_time = chance_time = clone_time = total = 0.0
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        start = clock()
        while not state.is_terminal():
            if state.is_chance_node():
                t0 = clock()
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                chance_time += clock() - t0
                chances += 1
            else:
                t0 = clock()
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decision_time += clock() - t0
                decisions += 1
                if decisions % 7 == 0:
                    t0 = clock()
                    state.clone()
                    clone_time += clock() - t0
                    clones += 1
        total += clock() - start
    total -= clone_time
    return {
        "decision": decision_time / decisions * 1e6,
        "chance": chance_time / chances * 1e6,
        "per move": total / decisions * 1e6,
        "clone": clone_time / clones * 1e6,
    }


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="random games per figure")
    parser.add_argument("--rounds", type=int, default=3, help="runs per figure; the fastest is kept")
    args = parser.parse_args()
    print(f"{'game':24} {'raw step':>9} {'decision':>16} {'chance':>8} {'per move':>16} {'clone':>7}")
    for label, name, params in _TABLES:
        game = pyspiel.load_game(openspiel.game_name(name), params)
        # Rounds alternate between the engine and pyspiel, so that a busy spell of the machine
        # weighs on both alike.
        raws, runs = [], []
        for _ in range(args.rounds):
            raws.append(_raw(game, args.games))
            runs.append(_spiel(game, args.games))
        raw = min(raws)
        best = {key: min(run[key] for run in runs) for key in runs[0]}
        print(f"{label:24} {raw:7.1f}µs {best['decision']:7.1f}µs ({best['decision'] / raw:4.1f}x) "
              f"{best['chance']:6.1f}µs {best['per move']:7.1f}µs ({best['per move'] / raw:4.1f}x) "
              f"{best['clone']:5.1f}µs")


if __name__ == "__main__":
    main()
