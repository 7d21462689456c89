"""Long random soaks: random games under every rules value of every grid, the contract checked at
every step.

Each step gets :func:`cardrules.testing.check_state` (the conformance check of one state: cheap
checks every step, the costly ones — the whole action space, JSON, determinization of every seat
— every few steps) and ``validate_state``: a state reached by legal play must be one the validator
accepts. A step may take :attr:`~tools.fuzz.bounds.Bounds.seconds` at most; a game must
end within :data:`~tools.fuzz.corpus.MAX_STEPS` moves; its result must validate, and
its record must round-trip through JSON and replay to the same final state.
"""

from __future__ import annotations

import random
import time
from typing import Any

import attrs

from cardrules import GameRecord, from_json, replay, to_json
from cardrules.registry import game_of, get
from cardrules.testing import check_state
from tools.fuzz.accepted import attempt
from tools.fuzz.bounds import DEFAULT_BOUNDS, Bounds, ContractBreachError, guarded
from tools.fuzz.corpus import MAX_STEPS, rules_grids
from tools.fuzz.findings import Failure, Reproducer, Target

__all__ = ["DEEP_EVERY", "SoakTarget", "soak_game"]

DEEP_EVERY = 7
"""Every this many steps a state gets the costly checks."""


def soak_game(
    rules: object, *, seed: int, bounds: Bounds = DEFAULT_BOUNDS, max_steps: int = MAX_STEPS
) -> int:
    """Play one random game under ``rules`` from ``seed`` (the deal and the choices), checking the
    contract at every step; return the number of moves. A broken promise raises
    :class:`~tools.fuzz.bounds.ContractBreachError`.

    >>> from cardrules.games import the_game
    >>> soak_game(the_game.Rules(players=2), seed=1) > 0
    True
    """
    game = game_of(rules)
    choices = random.Random(seed)
    checks = random.Random(f"{seed} checks")
    state = attempt("new_game", game.new_game, rules, seed=seed, detail=f"seed={seed}")
    moves: list[Any] = []
    for step in range(max_steps + 1):
        where = f"seed={seed}, after {step} moves"
        start = time.perf_counter()
        deep = step % DEEP_EVERY == 0
        attempt("conformance of a reached state", check_state, game, state, checks, deep=deep, detail=where)
        attempt("validate_state of a reached state", game.validate_state, state, detail=where)
        legal = attempt("legal_moves of a reached state", game.legal_moves, state, detail=where)
        if legal:
            move = choices.choice(legal)
            after = attempt("apply of a legal move", game.apply, state, move, detail=f"{where}: {move!r}")
        seconds = time.perf_counter() - start
        if seconds > bounds.seconds and _still_slow(game, state, bounds):
            raise ContractBreachError("time bound of one step", f"{where}: {seconds:.2f} s")
        if not legal:
            break
        moves.append(move)
        state = after
    else:
        raise ContractBreachError("a game must end", f"seed={seed}: still going after {max_steps} moves")
    outcome = attempt("result of a finished game", game.result, state, detail=f"seed={seed}")
    attempt("validate_result of a result", game.validate_result, outcome, detail=f"seed={seed}")
    record = attempt("GameRecord.start", GameRecord.start, rules, seed=seed).extended(*moves)
    loaded = attempt("from_json of a record", from_json, attempt("to_json of a record", to_json, record),
                     GameRecord)
    if loaded != record:
        raise ContractBreachError("game records must round-trip through JSON", f"seed={seed}")
    if attempt("replay of a record", replay, loaded) != state:
        raise ContractBreachError("replaying a record must reach the same final state", f"seed={seed}")
    return len(moves)


def _still_slow(game: Any, state: Any, bounds: Bounds) -> bool:
    """Time the costly checks of a slow step again: the machine may only have been busy."""
    start = time.perf_counter()
    check_state(game, state, random.Random(0), deep=True)
    game.validate_state(state)
    return time.perf_counter() - start > bounds.seconds


class SoakTarget(Target):
    """Random games under one grid of rules of one game, one game per :meth:`run_one`, the rules
    taken in a shuffled order and each game dealt from a new seed."""

    def __init__(self, game: str, grid: str, seed: int, bounds: Bounds) -> None:
        self.name = f"soak {game} {grid}"
        self.game = game
        self.rules = list(rules_grids(get(game))[grid])
        self.rng = random.Random(f"{seed} {self.name}")
        self.rng.shuffle(self.rules)
        self.bounds = bounds
        self.steps = 0

    def run_one(self) -> list[Failure]:
        """Play the next game; return its failure, if any."""
        rules = self.rules[self.tried % len(self.rules)]
        seed = self.rng.randrange(2**32)
        self.tried += 1
        outcome = guarded(lambda: soak_game(rules, seed=seed, bounds=self.bounds),
                          attrs.evolve(self.bounds, hard_seconds=self.bounds.game_seconds))
        if outcome.error is None:
            self.accepted += 1
            self.steps += outcome.value if isinstance(outcome.value, int) else 0
            return []
        error = outcome.error
        check = "time bound" if outcome.interrupted else error.step or "soak"
        reproducer = Reproducer(data={"kind": "soak", "game": self.game, "rules": to_json(rules),
                                      "seed": seed})
        return [Failure(target=self.name, check=check, error=error, reproducer=reproducer,
                        detail=f"seed={seed}")]
