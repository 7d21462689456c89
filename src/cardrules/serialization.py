"""JSON for every value of every game, through one cattrs converter.

``to_json`` writes rules, states, moves, observations, results and game records; ``from_json`` reads
them back and validates what it reads: malformed JSON, unknown or missing fields and states that
could never arise are rejected with a :class:`~cardrules.errors.SerializationError`.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar, overload

import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from cardrules.errors import CardrulesError, SerializationError

__all__ = ["converter", "from_json", "to_json"]

T = TypeVar("T")

converter = cattrs.Converter(forbid_extra_keys=True)
"""The one converter: game modules register their hooks on it, nothing else configures one."""



def _strict(kind: type) -> Any:
    # cattrs would coerce (int(3.5) == 3, bool("no") is True); a save file must say what it means.
    def structure(value: Any, _: type) -> Any:
        if type(value) is not kind:
            raise SerializationError(f"expected {kind.__name__}, got {value!r}")
        return value

    return structure


for _kind in (int, bool, str):
    converter.register_structure_hook(_kind, _strict(_kind))

_MOVE_TAG = "move"
_MOVE_UNIONS: list[Any] = []


def _tag(cls: type) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def register_moves(union: Any, classes: tuple[type, ...]) -> None:
    """Teach the converter a game's move union, tagged by ``"move"``: ``{"move": "play", ...}``."""
    by_tag = {_tag(cls): cls for cls in classes}
    # The fields are read and written by the one converter (strict scalars, card names, ...).
    fields_out: dict[type, Any] = {cls: make_dict_unstructure_fn(cls, converter) for cls in classes}
    fields_in: dict[type, Any] = {cls: make_dict_structure_fn(cls, converter, _cattrs_forbid_extra_keys=True)
                 for cls in classes}

    def unstructure(move: Any) -> dict[str, Any]:
        data: dict[str, Any] = {_MOVE_TAG: _tag(type(move))}
        data.update(fields_out[type(move)](move))
        return data

    def structure_one(data: Any, cls: type) -> Any:
        if not isinstance(data, dict):
            raise SerializationError(f"a move is a JSON object, not {data!r}")
        fields = dict(data)
        tag = fields.pop(_MOVE_TAG, None)
        target = by_tag.get(tag) if isinstance(tag, str) else None
        if target is None or (cls is not union and target is not cls):
            raise SerializationError(f"unknown move type {tag!r}; expected one of {sorted(by_tag)}")
        return fields_in[target](fields, target)

    for cls in classes:
        converter.register_unstructure_hook(cls, unstructure)
        converter.register_structure_hook(cls, structure_one)
    converter.register_structure_hook_func(lambda t: t == union, structure_one)
    _MOVE_UNIONS.append(union)


def to_json(value: Any, *, indent: int | None = None) -> str:
    """The JSON text of a rules value, state, move, observation, result or game record.

    >>> from cardrules.games.the_game import Play
    >>> to_json(Play(35, 0))
    '{"move": "play", "card": 35, "pile": 0}'
    """
    try:
        data = converter.unstructure(value)
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise SerializationError(f"cannot write {type(value).__name__} as JSON: {exc}") from exc


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...


@overload
def from_json(text: str | bytes, cls: Any) -> Any: ...


def from_json(text: str | bytes, cls: Any) -> Any:
    """Read a value of type ``cls`` from JSON written by :func:`to_json`, validating it.

    A state is checked against its rules (every card once, piles that obey the rules, ...), so a
    tampered or corrupted save is rejected instead of being played from.

    >>> from cardrules.games.the_game import EndTurn, Move
    >>> from_json('{"move": "end_turn"}', Move)
    EndTurn()
    >>> from_json('{"move": "fly"}', Move)
    Traceback (most recent call last):
    ...
    cardrules.errors.SerializationError: cannot read a move from JSON: unknown move type 'fly'; ...
    """
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SerializationError(f"not valid JSON: {exc}") from exc
    name = getattr(cls, "__name__", None) or ("a move" if cls in _MOVE_UNIONS else str(cls))
    try:
        value = converter.structure(data, cls)
    except Exception as exc:
        raise SerializationError(f"cannot read {name} from JSON: {_explain(exc)}") from exc
    _validate(value)
    return value


def _validate(value: Any) -> None:
    from cardrules.registry import _BY_TYPE

    game = _BY_TYPE.get(type(value))
    if game is None:
        return
    if type(value) is game.state_type:
        game.validate_state(value)
    elif type(value) is game.observation_type:
        game.validate_observation(value)
    elif type(value) is game.result_type:
        game.validate_result(value)


def _explain(exc: BaseException) -> str:
    if isinstance(exc, CardrulesError):
        return str(exc)
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]!r}" if exc.args else "a field is missing"
    if isinstance(exc, cattrs.BaseValidationError):
        parts = []
        for inner in exc.exceptions:
            parts.append(_explain(inner))
        return "; ".join(parts) if parts else str(exc)
    return str(exc) or type(exc).__name__
