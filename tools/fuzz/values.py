"""Fixed sample values of every game, by name, so that a printed reproducer can rebuild its arguments.

``sample("mille-bornes", "state")`` is always the same mid-game state; the argument fuzzer writes
its calls with it (``cardrules.observe(sample("the-game", "state"), None)``), so the call can be
pasted into Python as it is printed.
"""

from __future__ import annotations

import functools
import random
from collections import deque
from typing import cast

import attrs

from cardrules import GameRecord
from cardrules.bots import RandomBot
from cardrules.contract import RulesLike
from cardrules.errors import ArgumentError
from cardrules.registry import get

__all__ = ["ROLES", "sample"]

ROLES = ("rules", "state", "move", "moves", "text", "observation", "result", "record", "card", "game")
"""The roles :func:`sample` knows; any other name is looked up as a class name (``"Tableau"``)."""

_MOVES = 12


def sample(game: str, role: str) -> object:
    """The sample value of ``game`` in ``role`` (one of :data:`ROLES`), or the first instance of the
    class named ``role`` found inside the samples (``"Tableau"``, ``"Scoring"``, ``"Match"``, ...).

    The rules are the first two-seat single-hand rules of the option grid; the state follows
    twelve random moves from seed 0; the move, its text and the observation are of that state; the
    result ends a random game from seed 0; the record replays the state.

    >>> from cardrules.games import the_game
    >>> the_game.legal_moves(sample("the-game", "state"))[0] == sample("the-game", "move")
    True
    """
    if role == "RandomBot":
        return RandomBot(0)  # a new one each time: a bot's generator changes as it plays
    return _sample(game, role)


@functools.cache
def _sample(game: str, role: str) -> object:
    descriptor = get(game)
    if role == "game":
        return descriptor
    if role == "rules":
        grid = descriptor.option_grid()
        fitting = [rules for rules in grid if rules.players == 2
                   and getattr(rules, "target_score", None) is None]
        return (fitting or list(grid))[0]
    if role in ("state", "record", "moves"):
        return _played(game)[{"state": 0, "record": 1, "moves": 2}[role]]
    if role == "move":
        return descriptor.legal_moves(sample(game, "state"))[0]
    if role == "text":
        return str(sample(game, "move"))
    if role == "observation":
        state = sample(game, "state")
        return descriptor.observe(state, descriptor.current_player(state) or 0)
    if role == "result":
        return _finished(game)
    if role == "card":
        return descriptor.deck(cast(RulesLike, sample(game, "rules")))[0]
    found = _find(game, role)
    if found is None:
        raise ArgumentError(f"no sample of {game} is or holds a {role!r}")
    return found


@functools.cache
def _played(game: str) -> tuple[object, GameRecord, tuple[object, ...]]:
    descriptor = get(game)
    rules = sample(game, "rules")
    record = GameRecord.start(cast(RulesLike, rules), seed=0)
    state: object = record.initial_state()
    rng = random.Random(0)
    moves = []
    for _ in range(_MOVES):
        legal = descriptor.legal_moves(state)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        state = descriptor.apply(state, move)
    return state, record.extended(*moves), tuple(moves)


@functools.cache
def _finished(game: str) -> object:
    descriptor = get(game)
    state = descriptor.new_game(sample(game, "rules"), seed=0)
    rng = random.Random(0)
    while legal := descriptor.legal_moves(state):
        state = descriptor.apply(state, rng.choice(legal))
    return descriptor.result(state)


def _find(game: str, name: str) -> object:
    """The first value of the class called ``name`` inside the samples, breadth first."""
    roots = [sample(game, role) for role in ("state", "observation", "result", "record", "rules", "game")]
    queue: deque[object] = deque(roots)
    seen: set[int] = set()
    while queue:
        value = queue.popleft()
        if id(value) in seen:
            continue
        seen.add(id(value))
        if type(value).__name__ == name:
            return value
        cls = type(value)
        if attrs.has(cls):
            queue.extend(getattr(value, field.name) for field in attrs.fields(cls))
        elif isinstance(value, tuple | list | frozenset):
            queue.extend(value)
    return None
