"""JSON for every value of every game, through one cattrs converter.

``to_json`` writes a rules value, state, move, observation, result or game record as a JSON object
that says what it is: ``"game"`` (the registry name), ``"format"`` (:data:`FORMAT`) and ``"type"``
(``rules``, ``state``, ``move``, ``observation``, ``result`` or ``record``) come first, then the
value's own fields. ``from_json`` reads it back — with no class it returns whatever the text holds;
given a class it also checks the text holds one — and validates what it reads, so a malformed,
truncated or tampered text is refused with a :class:`~cardrules.errors.SerializationError` that
names the path of the bad field::

    table.piles[2]: expected an integer, got "2"

Strict on purpose: states, observations, moves, results and records must list every field (a
missing field is an error, never a default), and no unknown field is allowed. Rules values are
lenient: a field left out takes its default, so ``{}`` is the default rules — a rules file written
by hand may name only what differs.

One road: cattrs generates the structure and unstructure function of every record class
(``cattrs.gen``), on a converter made by cattrs' preconfiguration for the standard library's
``json``, whose layout every text keeps; the text is parsed by ``orjson`` when the extra
``cardrules[fast]`` is installed (the same data, a few times faster; texts up to 250,000
characters), else by ``json``. The
converter every valid text takes reads without detailed validation; only when reading fails is the
text read again, with ``json`` and a twin converter that keeps the path of every problem, to word
the error. Each game teaches both its own values (its move union, its cards) through its
``configure_converter``, called the first time the game's values are written or read.
"""

from __future__ import annotations

import heapq
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Collection
from typing import Any, Literal, TypeVar, overload

import attrs
import cattrs
from cattrs.errors import (
    ClassValidationError,
    ForbiddenExtraKeysError,
    IterableValidationError,
    IterableValidationNote,
)
from cattrs.gen import make_dict_structure_fn
from cattrs.preconf.json import make_converter
from cattrs.strategies import configure_tagged_union

from cardrules._trust import vouch
from cardrules.arguments import MAX_JSON_CHARS, MAX_JSON_DEPTH, MAX_JSON_ITEMS, printable, shown
from cardrules.errors import CardrulesError, InvalidStateError, SerializationError, UnknownGameError
from cardrules.registry import SomeGame, available, game_of, get, registered

__all__ = [
    "FORMAT",
    "MOVE_TAG",
    "PARSER",
    "blames_the_text",
    "explain",
    "from_json",
    "move_tag",
    "register_kind",
    "to_json",
    "unknown_fields",
]

T = TypeVar("T")

FORMAT = 1
"""The version of the JSON layout; ``from_json`` refuses texts of any other version."""

ENVELOPE = ("game", "format", "type")
"""The keys every top-level JSON object starts with."""


def _orjson() -> Callable[[str], Any] | None:
    try:  # the optional extra cardrules[fast]
        from orjson import loads
    except ImportError:
        return None
    return loads


_loads: Callable[[str], Any] = _orjson() or json.loads

PARSER = "json" if _loads is json.loads else "orjson"
"""The parser of the road every valid text takes: ``"orjson"`` when ``cardrules[fast]`` is
installed, else ``"json"`` (a text over 250,000 characters is parsed by ``json`` either way).
Either way ``from_json`` gives the same value, or the same error: where orjson reads a text
otherwise (a whole number beyond 64 bits read as a float, ``NaN`` or a lone surrogate refused),
reading fails and the text is read again with ``json``."""


@attrs.frozen
class _Extra:
    """A top-level kind that belongs to no game module (today: game records)."""

    kind: str
    cls: type
    game_name: Callable[[object], str]


_EXTRA: dict[str, _Extra] = {}
_CONFIGURED: set[str] = set()
_LENIENT: set[type] = set()


# --- the two converters: the road, and its twin that words errors ---------------------------------

_SCALARS: dict[type, str] = {int: "an integer", bool: "true or false", str: "a string"}


def _strict(kind: type) -> Callable[[object, type], object]:
    # cattrs would coerce (int("2") == 2, bool("no") is True): a save file must say what it means.
    def structure(value: object, _: type) -> object:
        if type(value) is not kind:
            raise SerializationError(f"expected {_SCALARS[kind]}, got {_shown(value)}")
        return value

    return structure


_STRICT = {kind: _strict(kind) for kind in _SCALARS}


def _is_literal(kind: object) -> bool:
    return typing.get_origin(kind) is Literal


def _literal_hook(kind: object) -> Callable[[object, object], object]:
    choices = typing.get_args(kind)
    allowed = frozenset((type(choice), choice) for choice in choices)

    def structure(value: object, _: object) -> object:
        try:
            known = (type(value), value) in allowed  # the type too: 1 is not true
        except TypeError:  # a list or an object
            known = False
        if not known:
            raise SerializationError(f"expected one of {', '.join(map(_shown, choices))}, "
                                     f"got {_shown(value)}")
        return value

    return structure


def _is_optional(kind: object) -> bool:
    return typing.get_origin(kind) in (typing.Union, types.UnionType) and type(None) in typing.get_args(kind)


def _optional_hook(kind: object, converter: cattrs.Converter) -> Callable[[object, object], object]:
    # Not the preconfiguration's passthrough of unions, which takes true for a number (bool is an int).
    others = tuple(arg for arg in typing.get_args(kind) if arg is not type(None))
    inner: object = others[0] if len(others) == 1 else typing.Union[others]  # noqa: UP007
    hook = converter.get_structure_hook(inner)

    def structure(value: object, _: object) -> object:
        return None if value is None else hook(value, inner)

    return structure


def _attrs_hook(cls: type, converter: cattrs.Converter) -> Callable[[object, type], object]:
    detailed = converter.detailed_validation
    structure: Callable[[Any, type], object] = make_dict_structure_fn(
        cls, converter, _cattrs_forbid_extra_keys=True, _cattrs_detailed_validation=detailed)
    required = tuple(field.alias for field in attrs.fields(cls) if field.init)
    lenient = cls in _LENIENT
    if not detailed:
        if lenient or all(field.default is attrs.NOTHING for field in attrs.fields(cls) if field.init):
            return structure  # the generated function refuses missing and unknown fields itself
        count = len(required)

        def strict(value: object, _: type) -> object:
            # Every field listed, even one with a default: with no unknown field, that is a count.
            if len(value) != count:  # type: ignore[arg-type]  # anything else fails and is worded
                raise SerializationError("a field is missing")
            return structure(value, cls)

        return strict
    known = frozenset(required)

    def hook(value: object, _: type) -> object:
        if not isinstance(value, dict):
            raise SerializationError(f"expected an object, got {_shown(value)}")
        if not value.keys() <= known:
            # Before cattrs, whose own message would join every stray key (megabytes for a hostile text).
            raise SerializationError(unknown_fields(value.keys() - known))
        if not lenient:
            missing = [name for name in required if name not in value]
            if missing:
                raise SerializationError(f"missing field{'s' if len(missing) > 1 else ''} "
                                         + ", ".join(missing))
        return structure(value, cls)

    return hook


_MOST_PROBLEMS = 3
"""How many bad items of one list are read before giving up: :func:`explain` shows three."""

_COLLECTIONS: dict[object, Callable[[list[object]], object]] = {
    tuple: tuple, list: list, frozenset: frozenset, set: set}


def _is_collection(kind: object) -> bool:
    return typing.get_origin(kind) in _COLLECTIONS and bool(typing.get_args(kind))


def _collection_hook(kind: type, converter: cattrs.Converter) -> Callable[[object, type], object]:
    # cattrs' own hooks read every item of a list and keep an exception for each bad one: a hostile
    # text of a million bad cards cost 30 s and 2 GB. These refuse a list past MAX_JSON_ITEMS
    # before reading it, and the detailed ones stop at the third bad item.
    build = _COLLECTIONS[typing.get_origin(kind)]
    args = typing.get_args(kind)
    homogeneous = build is not tuple or (len(args) == 2 and args[1] is Ellipsis)
    types_ = args[:1] if homogeneous else args
    size = None if homogeneous else len(types_)
    if not converter.detailed_validation:
        return _fast_collection_hook(build, types_, size, converter)
    hooks: list[Callable[[object, object], object]] = []  # looked up at the first read, once

    def structure(value: object, _: type) -> object:
        if not isinstance(value, list | tuple):
            raise SerializationError(f"expected a list, got {_shown(value)}")
        if size is not None and len(value) != size:
            raise SerializationError(f"expected a list of {size} items, got {len(value):,}")
        if len(value) > MAX_JSON_ITEMS:
            raise SerializationError(f"a list holds at most {MAX_JSON_ITEMS:,} items, not {len(value):,}")
        if not hooks:
            hooks.extend(converter.get_structure_hook(item_type) for item_type in types_)
        items: list[object] = []
        problems: list[Exception] = []
        for index, item in enumerate(value):
            at = 0 if size is None else index
            try:
                items.append(hooks[at](item, types_[at]))
            except Exception as exc:
                exc.__notes__ = [*getattr(exc, "__notes__", []),
                                 IterableValidationNote(f"item {index}", index, types_[at])]
                problems.append(exc)
                if len(problems) == _MOST_PROBLEMS:
                    break
        if problems:
            raise IterableValidationError(f"while reading {_type_name(kind)}", problems, kind)
        return build(items)

    return structure


def _fast_collection_hook(build: Callable[[list[object]], object], types_: tuple[Any, ...], size: int | None,
                          converter: cattrs.Converter) -> Callable[[object, type], object]:
    """The road's reader of a list: what the detailed one accepts, and nothing else, with no words
    (a refusal is read again and worded by the detailed converter)."""
    shortest, longest = (0, MAX_JSON_ITEMS) if size is None else (size, size)
    if len(set(types_)) == 1 and types_[0] in _SCALARS \
            and converter.get_structure_hook(types_[0]) is _STRICT[types_[0]]:
        # Most of a state is lists of numbers: their types checked in one pass in C, not a hook
        # call per number (a third of the time of reading a state of The Game).
        only = frozenset({types_[0]})

        def scalars(value: object, _: type) -> object:
            if type(value) is not list or not shortest <= len(value) <= longest \
                    or not only.issuperset(map(type, value)):
                raise SerializationError("not a list of the expected kind")
            return build(value)

        return scalars
    hooks: list[Callable[[object, object], object]] = []  # looked up at the first read, once
    same = len(set(types_)) == 1  # a list, or a tuple of items of one type (The Game's four piles)

    def structure(value: object, _: type) -> object:
        if type(value) is not list or not shortest <= len(value) <= longest:
            raise SerializationError("not a list of the expected kind")
        if not hooks:
            hooks.extend(converter.get_structure_hook(item_type) for item_type in types_)
        if same:
            hook, item_type = hooks[0], types_[0]
            return build([hook(item, item_type) for item in value])
        return build(list(map(_call, hooks, value, types_)))

    return structure


def _identity(value: object) -> object:
    return value


def _call(hook: Callable[[object, object], object], value: object, kind: object) -> object:
    return hook(value, kind)


def _is_scalar_tuple(kind: object) -> bool:
    return typing.get_origin(kind) is tuple and typing.get_args(kind)[1:] == (Ellipsis,) \
        and typing.get_args(kind)[0] in _SCALARS


def _make_converter(detailed: bool) -> cattrs.Converter:
    made = make_converter(forbid_extra_keys=True, detailed_validation=detailed)
    # A tuple of numbers is written as it is, not a number at a time (json writes it as a list).
    made.register_unstructure_hook_func(_is_scalar_tuple, _identity)
    for kind, hook in _STRICT.items():
        made.register_structure_hook(kind, hook)
    made.register_structure_hook_factory(_is_literal, _literal_hook)
    made.register_structure_hook_factory(_is_optional, _optional_hook)
    made.register_structure_hook_factory(attrs.has, _attrs_hook)
    made.register_structure_hook_factory(_is_collection, _collection_hook)
    return made


_converter = _make_converter(detailed=False)
"""The converter of the road every valid text takes (its structure functions generated by cattrs
without detailed validation); the games configure it through their registration."""

_detailed = _make_converter(detailed=True)
"""Its twin with detailed validation: it reads again a text the road refused, to say why."""

_CONVERTERS = (_converter, _detailed)


def register_kind(kind: str, cls: type, game_name: Callable[[object], str],
                  configure: Callable[[cattrs.Converter], None]) -> None:
    """Let ``to_json``/``from_json`` write and read ``cls`` at the top level as ``"type": kind``;
    ``game_name(value)`` names the game a value belongs to (a game record names its game), and
    ``configure(converter)`` teaches each converter the class."""
    _EXTRA[kind] = _Extra(kind, cls, game_name)
    _TARGETS.clear()
    for each in _CONVERTERS:
        configure(each)


MOVE_TAG = "move"
"""The key that names a move's class in its JSON: ``{"move": "end_turn"}``."""


def move_tag(cls: type) -> str:
    """The JSON tag of a move class: its name in snake case (``EndTurn`` -> ``"end_turn"``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


def _configure(game: SomeGame) -> None:
    if game.name in _CONFIGURED:
        return
    # Rules, and the option records inside them, may leave out fields that have defaults.
    _LENIENT.update(_attrs_within(game.rules_type))
    for each in _CONVERTERS:
        game.configure_converter(each)
        _configure_moves(game, each)
    _CONFIGURED.add(game.name)


def _configure_moves(game: SomeGame, converter: cattrs.Converter) -> None:
    union, classes = game.move_type, game.move_classes
    by_tag = {move_tag(cls): cls for cls in classes}
    tags = ", ".join(map(_shown, by_tag))
    if len(classes) > 1:
        configure_tagged_union(union, converter, tag_generator=move_tag, tag_name=MOVE_TAG)
    members: dict[type, Callable[[object, type], object]] = {
        cls: converter.get_structure_hook(cls) for cls in classes
    }

    def structure(value: object, _: object) -> object:
        if not isinstance(value, dict):
            raise SerializationError(f"a move is an object, not {_shown(value)}")
        if MOVE_TAG not in value:
            raise SerializationError(f"missing field {MOVE_TAG} (one of {tags})")
        cls = by_tag.get(value[MOVE_TAG]) if isinstance(value[MOVE_TAG], str) else None
        if cls is None:
            raise SerializationError(f"{MOVE_TAG}: expected one of {tags}, got {_shown(value[MOVE_TAG])}")
        fields = {key: item for key, item in value.items() if key != MOVE_TAG}
        return members[cls](fields, cls)

    converter.register_structure_hook_func(lambda kind: kind == union, structure)


def _attrs_within(cls: type) -> set[type]:
    found: set[type] = set()
    pending = [cls]
    while pending:
        current = pending.pop()
        if current in found or not attrs.has(current):
            continue
        found.add(current)
        for hint in typing.get_type_hints(current).values():
            pending.extend(_classes_in(hint))
    return found


def _classes_in(hint: object) -> list[type]:
    if isinstance(hint, type):
        return [hint]
    return [cls for arg in typing.get_args(hint) for cls in _classes_in(arg)]


# --- writing --------------------------------------------------------------------------------------


def _classify(value: object) -> tuple[str, SomeGame]:
    for extra in _EXTRA.values():
        if type(value) is extra.cls:
            return extra.kind, get(extra.game_name(value))
    try:
        game = game_of(value)
    except UnknownGameError:
        raise SerializationError(
            f"cannot write {type(value).__name__} as JSON: it belongs to no game") from None
    kind = type(value)
    if kind is game.rules_type:
        return "rules", game
    if kind is game.state_type:
        return "state", game
    if kind is game.observation_type:
        return "observation", game
    if kind is game.result_type:
        return "result", game
    return "move", game


def to_json(value: object, *, indent: int | None = None) -> str:
    """The JSON text of a rules value, state, move, observation, result or game record.

    The layout is the standard library's (``json.dumps`` with ``ensure_ascii=False``), whether or
    not ``orjson`` is installed, so the same value always gets the same text.

    >>> from cardrules.games.the_game import Play
    >>> to_json(Play(35, 0))
    '{"game": "the-game", "format": 1, "type": "move", "move": "play", "card": 35, "pile": 0}'
    """
    if indent is not None and (type(indent) is not int or not 0 <= indent <= 16):
        raise SerializationError(f"indent is a number from 0 to 16 or None, not {shown(indent)}")
    kind, game = _classify(value)
    _configure(game)
    try:
        # A move is written as its game's union, so that its JSON names its class.
        body = _converter.unstructure(value, unstructure_as=game.move_type if kind == "move" else None)
        if kind == "move":
            body = {MOVE_TAG: body.pop(MOVE_TAG), **body}
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as exc:
        # IndexError: a fixed-size tuple field holding fewer items (The Game's four piles).
        raise SerializationError(f"cannot write {type(value).__name__} as JSON: {_unwritable(exc)}") from exc
    data = {"game": game.name, "format": FORMAT, "type": kind, **body}
    try:
        if indent is None:
            return _encode(data)
        return json.dumps(data, indent=indent, ensure_ascii=False)
    except RecursionError:
        # A list built by hand that holds itself (what check_circular would have caught, slower).
        raise SerializationError(f"cannot write {type(value).__name__} as JSON: it holds itself") from None
    except (TypeError, ValueError) as exc:
        # A field holding what JSON cannot spell (a Decimal, a set): the value is not one of ours.
        raise SerializationError(f"cannot write {type(value).__name__} as JSON: {_unwritable(exc)}") from exc


_encode = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode
"""``json.dumps(data, ensure_ascii=False)``, with one encoder kept rather than one made per call
(a third of the time of writing a state of The Game)."""


def _unwritable(exc: Exception) -> object:
    """Why a value could not be written, in our words where Python's would tell the caller to
    change an interpreter setting (a whole number past its 4300-digit limit, such as a seed)."""
    if isinstance(exc, ValueError) and "integer string conversion" in str(exc):
        return "it holds a whole number too long to write (more than 4300 digits)"
    return exc


# --- reading --------------------------------------------------------------------------------------


@overload
def from_json(text: str | bytes) -> object: ...


@overload
def from_json(text: str | bytes, cls: type[T]) -> T: ...


@overload
def from_json(text: str | bytes, cls: object) -> object: ...


def from_json(text: str | bytes, cls: object = None) -> object:
    """The value written as ``text`` by :func:`to_json`, validated; with ``cls``, checked to be one.

    ``cls`` is a class (``the_game.State``, ``GameRecord``, a move class) or a game's move union
    (``the_game.Move``). A state, observation or result that could not arise is refused, with the
    :class:`~cardrules.errors.InvalidStateError` that says why as the error's ``__cause__``.

    >>> from cardrules.games.the_game import EndTurn, Move
    >>> from_json('{"game": "the-game", "format": 1, "type": "move", "move": "end_turn"}')
    EndTurn()
    >>> from_json(to_json(EndTurn()), Move)
    EndTurn()
    >>> from_json('{"game": "the-game", "format": 1, "type": "move", "move": "fly"}')
    Traceback (most recent call last):
    ...
    cardrules.errors.SerializationError: cannot read a move of The Game: move: expected one of ...
    """
    text = _text(text)
    loads = _loads if len(text) <= _ORJSON_CHARS else json.loads
    data: object = None
    try:
        data = _parse(text, loads)
    except SerializationError:
        if loads is json.loads:
            raise
    else:
        try:
            return _read(data, text, cls, _converter)
        except Exception:
            if loads is not json.loads:
                data = None  # orjson reads a few texts otherwise than json (a number beyond 64 bits)
    # Read again to say why, with the detailed twin (after the road's failure is let go: a hostile
    # text's data is not kept twice), so that the answer is the same with or without orjson.
    if data is None:
        data = _parse(text, json.loads)
    return _read(data, text, cls, _detailed)


_ORJSON_CHARS = 250_000
"""The longest text orjson parses: a longer one (a long game record, or a hostile text) is parsed by
json alone, once, and a refusal is worded from the same data (a state of the longest match is well
under it)."""


def _read(data: object, text: str, cls: object, reader: cattrs.Converter) -> object:
    """The value the parsed JSON ``data`` holds, read by ``reader`` (the road's converter, or its
    detailed twin that words a refusal) and validated."""
    if not isinstance(data, dict):
        raise SerializationError(f"expected a JSON object written by cardrules, got {_shown(data)}")
    if "format" not in data:
        data = _upgrade(data)
    game, kind, target = _identify(data)
    expected = _expected(cls)
    if expected is not None:
        _check_expected(expected, game, kind, target)
    _configure(game)
    body = {key: value for key, value in data.items() if key not in ENVELOPE}
    if kind in _EXTRA:
        body["game"] = game.name
    try:
        value: object = reader.structure(body, target)  # type: ignore[arg-type]  # target may be a union
    except RecursionError:
        raise SerializationError(f"cannot read {_noun(kind)} of {game.title}: nested too deeply") from None
    except Exception as exc:
        if reader is _converter or not blames_the_text(exc):
            raise
        # What the library writes is at most 8 deep: a short text's depth is measured only when reading
        # failed (a long one's before it was parsed).
        if len(text) <= _DEPTH_FIRST and _depth(text) > MAX_JSON_DEPTH:
            raise SerializationError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels") from None
        raise SerializationError(f"cannot read {_noun(kind)} of {game.title}: {explain(exc)}") from exc
    if isinstance(cls, type) and cls in game.move_classes and type(value) is not cls:
        raise SerializationError(f"this JSON holds the move {str(value)!r}, not {_article(cls.__name__)} "
                                 f"{cls.__name__}")
    try:
        _validate(game, kind, value)
    except InvalidStateError as exc:
        raise SerializationError(f"not a possible {kind} of {game.title}: {exc}") from exc
    return value


_DEPTH_FIRST = 20_000
"""Texts longer than this are measured for depth before they are parsed: deep nesting is what makes
a text slowest to parse for its length. A shorter one is cheap to parse, and measured only if it
cannot be read (measuring costs a few microseconds per kilobyte)."""


def _text(text: object) -> str:
    """The JSON ``text`` as a ``str``; refused if it is too long, or long and nested too deeply."""
    if isinstance(text, bytes | bytearray):
        if len(text) > 4 * MAX_JSON_CHARS:  # more bytes than any text within the limit has: not decoded
            raise SerializationError(f"JSON of {len(text):,} bytes is over the limit of {MAX_JSON_CHARS:,} "
                                     "characters")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise SerializationError(f"not UTF-8 text: {exc.reason} at byte {exc.start}") from None
    if not isinstance(text, str):
        raise SerializationError(f"from_json() reads a str or bytes, not {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise SerializationError(f"JSON of {len(text):,} characters is over the limit of {MAX_JSON_CHARS:,}")
    if len(text) > _DEPTH_FIRST and _depth(text) > MAX_JSON_DEPTH:
        raise SerializationError(f"JSON nested deeper than {MAX_JSON_DEPTH} levels")
    return text


def _parse(text: str, loads: Callable[[str], Any]) -> object:
    """The data of the JSON ``text``."""
    try:
        return loads(text)
    except RecursionError:
        raise SerializationError("JSON nested too deeply") from None
    except ValueError as exc:
        raise SerializationError(f"not valid JSON: {exc}") from None


# Possessive: a plain repetition of a group keeps a backtracking record per step, 240 MB for a text
# of 300,000 escapes.
_STRINGS = re.compile(r'"[^"\\]*+(?:\\.[^"\\]*+)*+"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_BRACKET_STEPS = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """How deep the arrays and objects of the JSON ``text`` nest (0 for a scalar; brackets in
    strings do not count).

    Regular expressions and ``accumulate`` do the work in C: about 0.1 s for two million brackets.
    """
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(itertools.accumulate(map(_BRACKET_STEPS.__getitem__, brackets)), default=0)


def _upgrade(data: dict[str, object]) -> dict[str, object]:
    # cardrules 0.1 wrote no envelope. Its game records name their game and are read as they are;
    # any other value of that version cannot tell what it is, and is refused.
    if {"game", "rules_version", "moves"} <= set(data) and "type" not in data:
        return {"format": FORMAT, "type": "record", **data}
    raise SerializationError(
        "this JSON has no \"format\": it was not written by cardrules' to_json (values written by "
        "cardrules 0.1 other than game records cannot be read; write them again)"
    )


def _identify(data: dict[str, object]) -> tuple[SomeGame, str, type | object]:
    version = data.get("format")
    if version != FORMAT or type(version) is not int:
        raise SerializationError(f"JSON format {_shown(version)} cannot be read: this cardrules reads "
                                 f"format {FORMAT}")
    name = data.get("game")
    if not isinstance(name, str):
        raise SerializationError(f"\"game\" names a game, not {_shown(name)}")
    try:
        game = get(name)
    except UnknownGameError:
        raise SerializationError(f"this JSON is of the game {_shown(name)}, which is not available; "
                                 f"available: {', '.join(available())}") from None
    kind = data.get("type")
    targets = _targets(game)
    if not isinstance(kind, str) or kind not in targets:
        raise SerializationError(f"\"type\" is one of {', '.join(targets)}, not {_shown(kind)}")
    return game, kind, targets[kind]


def _targets(game: SomeGame) -> dict[str, type | object]:
    targets = _TARGETS.get(game.name)  # by name: hashing a Game hashes every field
    if targets is None:
        targets = _TARGETS[game.name] = {
            "rules": game.rules_type,
            "state": game.state_type,
            "move": game.move_type,
            "observation": game.observation_type,
            "result": game.result_type,
            **{extra.kind: extra.cls for extra in _EXTRA.values()},
        }
    return targets


_TARGETS: dict[str, dict[str, type | object]] = {}


def _expected(cls: object) -> tuple[str, SomeGame | None] | None:
    """What ``cls`` asks for: a kind, and the game if the kind belongs to one."""
    if cls is None:
        return None
    try:
        kept = _EXPECTED.get(cls)
    except TypeError:  # not hashable: refused below
        kept = None
    if kept is not None and kept[0] is cls:  # the same object, not one equal to it (a union)
        return kept[1]
    found = _find_expected(cls)
    # A class belongs to one game for good: registering another game cannot change the answer.
    _EXPECTED[cls] = (cls, found)
    return found


_EXPECTED: dict[object, tuple[object, tuple[str, SomeGame | None]]] = {}


def _find_expected(cls: object) -> tuple[str, SomeGame | None]:
    for extra in _EXTRA.values():
        if cls is extra.cls:
            return extra.kind, None
    for game in registered():
        if cls is game.move_type or cls in game.move_classes:
            return "move", game
        for kind in ("rules", "state", "observation", "result"):
            if cls is _targets(game)[kind]:
                return kind, game
    raise SerializationError(f"from_json() cannot read {_type_name(cls)}: it is not a value of any "
                             "registered game")


def _check_expected(expected: tuple[str, SomeGame | None], game: SomeGame, kind: str,
                    target: object) -> None:
    want_kind, want_game = expected
    if want_game is not None and want_game is not game:
        raise SerializationError(f"this JSON holds {_noun(kind)} of {game.title}, not "
                                 f"{_noun(want_kind)} of {want_game.title}")
    if want_kind != kind:
        raise SerializationError(f"this JSON holds {_noun(kind)} of {game.title}, not {_noun(want_kind)}")


def _validate(game: SomeGame, kind: str, value: object) -> None:
    if kind == "state":
        game.validate_state(value)
    elif kind == "observation":
        game.validate_observation(value)
    elif kind == "result":
        game.validate_result(value)
    if kind in ("state", "observation") and hasattr(type(value), "_trusted"):
        vouch(value)  # checked in full just now (cardrules._trust)


# --- messages -------------------------------------------------------------------------------------


# What reading bad data raises, from our hooks, attrs validators, cattrs and the builtins it calls;
# anything else (a NameError, say) is a bug of ours and must not pass for a bad text.
_TEXT_FAULTS = (CardrulesError, ForbiddenExtraKeysError, KeyError, TypeError, ValueError, AttributeError,
                RecursionError)


def blames_the_text(exc: BaseException) -> bool:
    """Whether ``exc``, raised while reading data, comes from the data (not from a bug of ours)."""
    if isinstance(exc, ClassValidationError | IterableValidationError):
        return all(blames_the_text(inner) for inner in exc.exceptions)
    return isinstance(exc, _TEXT_FAULTS)


def explain(exc: BaseException) -> str:
    """Every problem found, one per bad field, as ``path: what is wrong``."""
    problems = _problems(exc, "")
    shown = "; ".join(problems[:3])
    return shown + (f"; and {len(problems) - 3} more" if len(problems) > 3 else "")


def _problems(exc: BaseException, path: str) -> list[str]:
    if isinstance(exc, ClassValidationError | IterableValidationError):
        found: list[str] = []
        with_notes, without = exc.group_exceptions()
        for inner, note in with_notes:
            step = f"[{note.index}]" if isinstance(note, IterableValidationNote) else f".{note.name}"
            found.extend(_problems(inner, path + step))
        for inner in without:
            found.extend(_problems(inner, path))
        return found
    where = path.lstrip(".")
    return [f"{where}: {_message(exc)}" if where else _message(exc)]


def _message(exc: BaseException) -> str:
    if isinstance(exc, CardrulesError):
        return str(exc)
    if isinstance(exc, ForbiddenExtraKeysError):
        return unknown_fields(exc.extra_fields)
    if isinstance(exc, KeyError):
        return f"missing field {exc.args[0]}" if exc.args else "a field is missing"
    if isinstance(exc, RecursionError):
        return "nested too deeply"
    # Anything else comes from inside cattrs or Python: say what was expected, not their words.
    return "not a value of the expected kind"


_SHOWN_FIELDS = 5
"""How many unknown fields a message names; it counts the others."""

_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,39}")


def unknown_fields(names: Collection[str]) -> str:
    """The message for fields no value has: the first few ``names`` in sorted order, and how many
    more there are, so that a text with a million stray keys gets a short message.

    >>> unknown_fields(["cheat"])
    'unknown field cheat'
    >>> unknown_fields([f"k{i}" for i in range(1000)])
    'unknown fields k0, k1, k10, k100, k101 and 995 more'
    """
    first = heapq.nsmallest(_SHOWN_FIELDS, names)  # not sorted(): linear in a huge count of names
    listed = ", ".join(name if _PLAIN_NAME.fullmatch(name) else _shown(name) for name in first)
    more = len(names) - len(first)
    return (f"unknown field{'s' if len(names) > 1 else ''} {listed}"
            + (f" and {more:,} more" if more else ""))


def _shown(value: object) -> str:
    """``value`` as JSON for a message, cut to 40 characters and printable on any terminal."""
    try:
        text = json.dumps(value, ensure_ascii=False)
        if not text.isprintable():
            # A lone surrogate, a control character or a terminal escape: spelled as JSON escapes.
            text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        return shown(value)
    return printable(text, 40)


_NOUNS = {"rules": "rules", "state": "a state", "move": "a move", "observation": "an observation",
          "result": "a result", "record": "a game record"}


def _noun(kind: str) -> str:
    return _NOUNS.get(kind, f"{_article(kind)} {kind}")


def _article(word: str) -> str:
    return "an" if word[0].lower() in "aeiou" else "a"


def _type_name(cls: object) -> str:
    if isinstance(cls, type):
        return cls.__name__
    if isinstance(cls, types.UnionType):
        return " | ".join(_type_name(arg) for arg in typing.get_args(cls))
    return repr(cls)[:40]
