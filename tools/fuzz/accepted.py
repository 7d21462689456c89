"""What a value the library accepted must stand: its validator, and every verb that takes it.

``from_json`` validates what it reads, so whatever it returns must be a value the game can carry
on from: a state passes ``validate_state`` and the conformance checks of one state (every legal
move applies and gives a valid state; ``result``, ``observe`` and ``determinize`` of every seat
work); an observation determinizes into valid states it is the observation of; rules deal a game
whose random play (:data:`PLAYOUT_MOVES` moves at most) keeps every state valid; a move applies or
is refused with ``IllegalMoveError``; a record replays or is refused with a ``CardrulesError``;
and every value writes back to the JSON it came from.

A broken promise raises :class:`~tools.fuzz.bounds.ContractBreachError` naming the step,
with the library's exception (if any) as its cause.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from typing import Any, TypeVar

from cardrules import GameRecord, from_json, replay, to_json
from cardrules.errors import CardrulesError
from cardrules.registry import SomeGame, game_of, get
from cardrules.testing import check_state
from tools.fuzz.bounds import ContractBreachError

__all__ = ["PLAYOUT_MOVES", "attempt", "check_value"]

T = TypeVar("T")

_CHECKED_STEPS = 30
"""Moves of a fresh game (from accepted rules) that get the conformance check of one state."""

_VALIDATED_STEPS = 300
"""Moves of that game after each of which the state is validated (then every tenth)."""

PLAYOUT_MOVES = 2_000
"""Moves played from a game dealt under accepted rules. Not every such game ends within them (a
match to a billion points is long, not wrong): whether games end is the soak's question, asked of
the rules of every grid."""


def check_value(value: object, *, seed: int = 0) -> None:
    """Raise :class:`ContractBreachError` unless ``value`` (rules, a state, move, observation, result or
    game record of any registered game) keeps the library's promises; ``seed`` drives the random
    choices (determinizations, a playout).

    >>> from cardrules.games import the_game
    >>> check_value(the_game.new_game(the_game.Rules(players=2), seed=1))
    """
    rng = random.Random(seed)
    if type(value) is GameRecord:
        _check_record(value)
        return
    game = attempt("game_of(value)", game_of, value)
    if type(value) is game.state_type:
        _check_state(game, value, rng)
    elif type(value) is game.observation_type:
        _check_observation(game, value, rng)
    elif type(value) is game.rules_type:
        _check_rules(game, value, rng)
    elif type(value) is game.result_type:
        attempt("validate_result of an accepted result", game.validate_result, value)
        _round_trip(value, game.result_type)
    elif type(value) in game.move_classes:
        _check_move(game, value)


def _check_state(game: SomeGame, state: Any, rng: random.Random) -> None:
    attempt("validate_state of an accepted state", game.validate_state, state)
    attempt("conformance of an accepted state", check_state, game, state, rng)
    _check_successors(game, state)
    outcome = attempt("result of an accepted state", game.result, state)
    if outcome is not None:
        attempt("validate_result of a result", game.validate_result, outcome)
    for seat in range(game.rules_of(state).players):
        observation = attempt("observe of an accepted state", game.observe, state, seat,
                              detail=f"seat {seat}")
        attempt("validate_observation of an observation", game.validate_observation, observation,
              detail=f"seat {seat}")
    _round_trip(state, game.state_type)


def _check_successors(game: SomeGame, state: Any) -> None:
    for move in attempt("legal_moves of an accepted state", game.legal_moves, state):
        after = attempt("apply of a legal move", game.apply, state, move, detail=f"apply(state, {move!r})")
        attempt("validate_state after a legal move", game.validate_state, after,
              detail=f"validate_state(apply(state, {move!r}))")


def _check_observation(game: SomeGame, observation: Any, rng: random.Random) -> None:
    attempt("validate_observation of an accepted observation", game.validate_observation, observation)
    _round_trip(observation, game.observation_type)
    seat = getattr(observation, "seat", None)
    for _ in range(2):
        source = random.Random(rng.random())
        guess = attempt("determinize of an accepted observation", game.determinize, observation, source)
        attempt("validate_state of a determinized state", game.validate_state, guess)
        seen = None if seat is None else attempt("observe of a determinized state", game.observe, guess, seat)
        if seen is not None and seen != observation:
            raise ContractBreachError("observe(determinize(observation)) must give the observation back")
        attempt("conformance of a determinized state", check_state, game, guess, rng, deep=False)
        _check_successors(game, guess)


def _check_rules(game: SomeGame, rules: Any, rng: random.Random) -> None:
    _round_trip(rules, game.rules_type)
    deal = rng.randrange(2**32)
    state = attempt("new_game of accepted rules", game.new_game, rules, seed=deal, detail=f"seed={deal}")
    attempt("validate_state of a new game", game.validate_state, state)
    for number in range(PLAYOUT_MOVES):
        where = f"seed={deal}, after {number} moves"
        if number < _CHECKED_STEPS:
            attempt("conformance of a played state", check_state, game, state, rng, deep=number == 0,
                    detail=where)
        legal = attempt("legal_moves of a played state", game.legal_moves, state, detail=where)
        if not legal:
            break
        state = attempt("apply of a legal move", game.apply, state, rng.choice(legal), detail=where)
        if number < _VALIDATED_STEPS or number % 10 == 0:
            attempt("validate_state of a played state", game.validate_state, state, detail=where)
    attempt("validate_state of a played state", game.validate_state, state, detail=f"seed={deal}")
    outcome = attempt("result of a played state", game.result, state, detail=f"seed={deal}")
    if outcome is not None:
        attempt("validate_result of a result", game.validate_result, outcome, detail=f"seed={deal}")


def _check_move(game: SomeGame, move: Any) -> None:
    _round_trip(move, game.move_type)
    text = attempt("str of an accepted move", str, move)
    for state in _states(game.name):
        after = attempt("apply of an accepted move", game.apply, state, move,
                        detail=f"apply(state, {move!r})", allowed=True)
        if after is not None:
            attempt("validate_state after an accepted move", game.validate_state, after)
        attempt("parse_move of an accepted move's text", game.parse_move, state, text, detail=repr(text),
              allowed=True)


@functools.cache
def _states(name: str) -> tuple[Any, ...]:
    """A few states of the game (fresh and after some random moves) to try moves on."""
    game = get(name)
    rng = random.Random(0)
    found = []
    for rules in game.option_grid()[:4]:
        state = game.new_game(rules, seed=rng.randrange(1000))
        found.append(state)
        for _ in range(rng.randrange(1, 30)):
            legal = game.legal_moves(state)
            if not legal:
                break
            state = game.apply(state, rng.choice(legal))
        found.append(state)
    return tuple(found)


def _check_record(record: GameRecord) -> None:
    _round_trip(record, GameRecord)
    final = attempt("replay of an accepted record", replay, record, allowed=True)
    if final is not None:
        game = attempt("game_of(replay(record))", game_of, final)
        attempt("validate_state of a replayed state", game.validate_state, final)


def _round_trip(value: object, cls: object) -> None:
    text = attempt("to_json of an accepted value", to_json, value)
    again = attempt("from_json of to_json", from_json, text, cls)
    if again != value:
        raise ContractBreachError("from_json(to_json(value)) must equal the value", text[:200])


def attempt(step: str, call: Callable[..., T], *args: object, detail: str = "", allowed: bool = False,
            **kwargs: object) -> T:
    """``call(*args, **kwargs)``; any exception is a breach of ``step`` — but where ``allowed``, a
    ``CardrulesError`` (a refusal in the library's words) is an answer, and gives ``None``."""
    try:
        return call(*args, **kwargs)
    except CardrulesError as exc:
        if allowed:
            return None  # type: ignore[return-value]  # the caller reads None as "refused"
        raise ContractBreachError(step, detail) from exc
    except Exception as exc:
        raise ContractBreachError(step, detail) from exc
