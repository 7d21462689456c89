"""Compiled JSON writers and readers for attrs records: the fast path of :mod:`cardrules.serialization`.

The detailed path (cattrs with detailed validation, one strict hook call per number) checks every
field and names the path of every bad one; it is also slow, a few hundred microseconds for a state.
Here each attrs class gets one generated writer, which builds the JSON text itself, and one
generated reader, which builds the value from parsed JSON itself, with the checks of a list done in
bulk (``{int}.issuperset(map(type, items))`` rather than a hook call per item).

Each takes only the road it is sure of. A writer returns exactly the text
``json.dumps(converter.unstructure(value), ensure_ascii=False)`` gives; a reader returns exactly
the value ``converter.structure(data, cls)`` gives. Whenever either meets anything else — a field
of an unexpected type, a missing or unknown key, a card name it does not know, a value a class's
own validator refuses — it raises :class:`Fallback` (a reader, meeting a name that is no key of its
table, the lookup's ``KeyError`` or ``TypeError``), and the caller takes the detailed path, which
gives the answer, or the error message, it always gave. So the fast path changes no outcome: it
only skips work on values that the detailed path would accept.

A value the library vouches for (:mod:`cardrules.trust`) holds its declared types by construction:
:meth:`Compiler.trusted_writer` writes it in one expression per class, with no check at all.

The JSON text itself is parsed by :data:`read_json`: ``orjson``'s parser when the optional extra
``cardrules[fast]`` is installed (a few times faster than the standard library's), else ``json``'s.
Either gives the same data for every text the writers write; wherever the two could differ (a
whole number beyond 64 bits, which orjson reads as a float that no reader takes; ``NaN``,
``1e400``, a lone surrogate or deep nesting, which orjson refuses), the detailed path takes the
text and reads it with ``json``. With orjson, :meth:`Compiler.trusted_writer` also writes records of
numbers and known words through ``orjson.dumps``.

What is compiled natively: ``int``, ``bool``, ``str``, ``Literal`` of strings, ``X | None``,
tuples (``tuple[X, ...]`` and fixed ``tuple[X, Y]``), enums (through tables probed from the
converter's own hooks, so a game's card names are honoured), and attrs classes whose hooks nobody
customized. A type that a game customized on the converter (``customized(type)`` says which: the
game's rules class, Mille Bornes' sets of cards) is handed to the converter's own hook for it.
"""

from __future__ import annotations

import enum
import itertools
import json
import types
import typing
from collections.abc import Callable
from json.encoder import c_make_encoder, encode_basestring  # type: ignore[attr-defined]
from typing import Any, Literal, TypeVar

import attrs
import cattrs


def _orjson_loads() -> Callable[[bytes | str], object] | None:
    try:  # the optional extra cardrules[fast]
        from orjson import loads as parse
    except ImportError:
        return None
    return parse


def _orjson_dumps() -> Callable[[object], bytes] | None:
    try:  # the optional extra cardrules[fast]
        from orjson import dumps
    except ImportError:
        return None
    return dumps


__all__ = ["PARSER", "Compiler", "Fallback", "encode", "read_json"]


def _make_encode() -> Callable[[object], str]:
    if c_make_encoder is None:  # a Python without json's C accelerator
        return json.JSONEncoder(ensure_ascii=False).encode
    # What json.dumps(value, ensure_ascii=False) builds for every call, built once. Without the
    # circular-reference markers, a value that holds itself ends in RecursionError, not ValueError:
    # the fast path then steps aside, and json.dumps on the detailed path says what it says.
    chunks = c_make_encoder(None, None, encode_basestring, None, ": ", ", ", False, False, True)

    def encode(value: object) -> str:
        if isinstance(value, str):
            text: str = encode_basestring(value)
            return text
        return "".join(chunks(value, 0))

    return encode


encode: Callable[[object], str] = _make_encode()
"""``json.dumps(value, ensure_ascii=False)``, without building an encoder per call."""


class _IntTexts(dict[int, str]):
    """The JSON text of whole numbers: looked up for the numbers a game record commonly holds (a
    lookup is cheaper than ``str``), worked out for any other."""

    def __missing__(self, number: int) -> str:
        return int.__repr__(number)


_ORJSON = _orjson_loads()
_DUMPS = _orjson_dumps()
read_json: Callable[[str], object] = json.loads if _ORJSON is None else _ORJSON
"""The parser of texts for the compiled readers: ``orjson.loads`` itself when ``cardrules[fast]`` is
installed (a few times faster than the standard library's), else ``json.loads``. Where orjson reads
a text otherwise than ``json`` does, it reads a whole number beyond 64 bits as a ``float``;
no compiled reader accepts a float (a number must be an ``int``, a name a ``str`` of its table), so
such a text still goes to the detailed path, which reads it with ``json``.

>>> read_json('{"draw_pile": [37, 99]}')
{'draw_pile': [37, 99]}
"""

PARSER = "json" if _ORJSON is None else "orjson"
"""The parser the fast path of ``from_json`` uses: ``"orjson"`` when ``cardrules[fast]`` is
installed, else ``"json"``. Either way ``from_json`` gives the same value, or the same error."""


_SHARED_KEPT = 256
"""Values kept per shared class (see :meth:`Compiler.share_values_of`)."""

_INT_TEXTS = _IntTexts((number, str(number)) for number in range(-1000, 20_001))

_NOTHING = object()


class Fallback(Exception):  # noqa: N818 -- a signal, not an error: the detailed path takes over
    """The fast path cannot vouch for this value; the detailed path must handle it."""


_SCALARS: dict[type, str] = {int: "int", bool: "bool", str: "str"}


class Compiler:
    """Writers and readers for the attrs classes read and written through ``converter``.

    ``customized(hint)`` tells whether a game registered its own hook for ``hint`` (the compiler
    then calls the converter's hook for it); ``cached`` are classes (the games' rules) whose text
    is kept per value, since the same rules value is written again and again. Writers and readers
    are compiled on first use and kept; ``None`` for a class that cannot be compiled.
    """

    def __init__(self, converter: cattrs.Converter, customized: Callable[[object], bool]) -> None:
        self._converter = converter
        self._customized = customized
        self._cached: set[type] = set()
        self._shared: set[type] = set()
        self._writers: dict[type, Callable[[object], str] | None] = {}
        self._trusted_writers: dict[type, Callable[[object], str] | None] = {}
        self._data_functions: dict[type, Callable[[object], object] | None] = {}
        self._enum_datas: dict[type, dict[object, object] | None] = {}
        self._readers: dict[type, Callable[..., object] | None] = {}
        self._text_caches: dict[type, Callable[[object], str]] = {}
        self._enum_texts: dict[type, dict[object, str] | None] = {}
        self._enum_values: dict[type, tuple[type, dict[object, object]] | None] = {}

    def cache_texts_of(self, cls: type) -> None:
        """Keep the text of each value of ``cls`` written (per value, by identity; a few dozen)."""
        self._cached.add(cls)

    def share_values_of(self, cls: type) -> None:
        """Read equal data of attrs class ``cls`` as one value: the last few hundred values read are
        kept, each under the exact text of its data (``orjson.dumps``, else ``repr``: either tells
        ``1``, ``1.0`` and ``True`` apart). These are frozen records: an equal value is as good as
        a new one, and whatever was remembered of it by identity holds for it too."""
        self._shared.add(cls)

    # --- writers ----------------------------------------------------------------------------------

    def writer(self, cls: type) -> Callable[[object], str] | None:
        """The compiled writer of attrs class ``cls`` (the JSON text of a value; ``Fallback`` when
        it cannot vouch for it), or ``None``."""
        return _once(self._writers, cls, self._compile_writer)

    def _compile_writer(self, cls: type) -> Callable[[object], str] | None:
        if not self._native_class(cls):
            return None
        fields = [field for field in attrs.fields(cls) if field.init]
        hints = typing.get_type_hints(cls)
        namespace: dict[str, object] = {"_cls": cls, "_F": Fallback}
        lines = ["def write(x):", "    if x.__class__ is not _cls: raise _F"]
        pieces = []
        for number, field in enumerate(fields):
            lines.append(f"    v = x.{field.name}")
            field_lines = self._write_lines(hints[field.name], "v", f"t{number}", namespace, f"f{number}")
            lines.extend("    " + line for line in field_lines)
            pieces.append(f"{('{' if number == 0 else ', ') + encode(field.name) + ': '!r} + t{number}")
        lines.append("    return " + (" + ".join(pieces) + " + '}'" if pieces else "'{}'"))
        write: Callable[[object], str] = _define("write", lines, namespace, cls)
        return write

    def trusted_writer(self, cls: type) -> Callable[[object], str] | None:
        """The writer of attrs class ``cls`` for a value whose every field is known to hold its
        declared type (a state or observation the library vouches for, see :mod:`cardrules.trust`):
        the text :meth:`writer` gives, built in one expression without checking a type; ``None``
        for a class that cannot be compiled. Given any other value, it may write a wrong text."""
        return _once(self._trusted_writers, cls, self._compile_trusted_writer)

    def _compile_trusted_writer(self, cls: type) -> Callable[[object], str] | None:
        if not self._native_class(cls):
            return None
        joined = self._compile_joined_writer(cls)
        dumped = self._compile_dumped_writer(cls) if _DUMPS is not None else None
        if dumped is None:
            return joined
        namespace: dict[str, object] = {"_dumped": dumped, "_joined": joined}
        # orjson refuses a whole number beyond 64 bits (a TypeError): the joined writer writes it.
        lines = ["def write(x):", "    try: return _dumped(x)", "    except TypeError: return _joined(x)"]
        write: Callable[[object], str] = _define("write", lines, namespace, cls)
        return write

    def _compile_dumped_writer(self, cls: type) -> Callable[[object], str] | None:
        """The text of a value of ``cls`` known to hold its declared types, through ``orjson.dumps``
        of its data with the separators ``json.dumps`` writes put back in: exact when no string in
        the text holds a comma or a colon, so only for classes whose every string is known (field
        names, literal choices, enum names); ``None`` for any other class. A first field of a class
        whose texts are kept (the rules) is written from its kept text, ahead of the rest."""
        fields = [field for field in attrs.fields(cls) if field.init]
        hints = typing.get_type_hints(cls)
        namespace: dict[str, object] = {"_dumps": _DUMPS}
        head = ""
        if fields and hints[fields[0].name] in self._cached:
            namespace["f0_write"] = self._cached_writer(hints[fields[0].name])
            head = f"{'{' + encode(fields[0].name) + ': '!r} + f0_write(x.{fields[0].name})"
            fields_rest = fields[1:]
        else:
            fields_rest = fields
        entries = []
        for number, field in enumerate(fields_rest, start=len(fields) - len(fields_rest)):
            expression = self._data(hints[field.name], f"x.{field.name}", namespace, f"f{number}")
            if expression is None:
                return None
            entries.append(f"{field.name!r}: {expression}")
        spaced = "_dumps({" + ", ".join(entries) + "}).replace(b',', b', ').replace(b':', b': ').decode()"
        if not head:
            body = spaced
        elif entries:
            body = f"{head} + ', ' + {spaced}[1:]"
        else:
            body = f"{head} + '}}'"
        lines = ["def write(x):", f"    return {body}"]
        write: Callable[[object], str] = _define("write", lines, namespace, cls)
        return write

    def _data(self, hint: object, src: str, namespace: dict[str, object], key: str) -> str | None:
        """An expression for the JSON data of ``src`` (known to hold a value of type ``hint``) that
        ``orjson.dumps`` writes as ``json.dumps`` would but for the spaces after separators, and
        whose strings hold neither a comma nor a colon; ``None`` when there is none. An expression
        equal to ``src`` means the value is its own data (numbers, known strings, tuples of them)."""
        kind = self._kind(hint)
        if kind in ("int", "bool"):
            return src
        if kind == "literal":
            return src if all(map(_plain_string, typing.get_args(hint))) else None
        if kind == "enum":
            assert isinstance(hint, type)
            names = self._enum_data(hint)
            if names is None:
                return None
            namespace[f"{key}_data"] = names
            return f"{key}_data[{src}]"
        if kind == "optional":
            inner = self._data(_optional_of(hint), src, namespace, key)
            if inner is None or inner == src:
                return inner
            return f"(None if {src} is None else {inner})"
        if kind == "tuple":
            return self._tuple_data(hint, src, namespace, key)
        if kind == "attrs" and hint not in self._cached:
            assert isinstance(hint, type)
            data = self._data_function(hint)
            if data is None:
                return None
            namespace[f"{key}_data"] = data
            return f"{key}_data({src})"
        return None

    def _tuple_data(self, hint: object, src: str, namespace: dict[str, object], key: str) -> str | None:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            # Only a tuple that is its own data (orjson writes a tuple as a list): any work per
            # item (enum names, records as dicts) makes many small lists and dicts, for a text
            # that the joined writer builds faster.
            return src if self._data(args[0], "v", namespace, f"{key}_i") == "v" else None
        items = [self._data(arg, f"{src}[{number}]", namespace, f"{key}_{number}")
                 for number, arg in enumerate(args)]
        if any(item is None for item in items):
            return None
        if all(item == f"{src}[{number}]" for number, item in enumerate(items)):
            return src
        return "[" + ", ".join(item for item in items if item is not None) + "]"

    def _data_function(self, cls: type) -> Callable[[object], object] | None:
        """A function that gives the data of a value of attrs class ``cls`` (see :meth:`_data`)."""
        return _once(self._data_functions, cls, self._compile_data_function)

    def _compile_data_function(self, cls: type) -> Callable[[object], object] | None:
        if not self._native_class(cls):
            return None
        hints = typing.get_type_hints(cls)
        namespace: dict[str, object] = {}
        entries = []
        for number, field in enumerate(field for field in attrs.fields(cls) if field.init):
            expression = self._data(hints[field.name], f"x.{field.name}", namespace, f"f{number}")
            if expression is None:
                return None
            entries.append(f"{field.name!r}: {expression}")
        lines = ["def data(x):", "    return {" + ", ".join(entries) + "}"]
        data: Callable[[object], object] = _define("data", lines, namespace, cls)
        return data

    def _enum_data(self, cls: type) -> dict[object, object] | None:
        """Each member's JSON data as the converter writes it, when every member is written as a
        whole number or as a string with no comma, colon or character to escape; else ``None``."""
        if cls not in self._enum_datas:
            table: dict[object, object] | None = None
            try:
                hook = self._converter.get_unstructure_hook(cls)
                members: list[object] = list(cls)  # type: ignore[call-overload]  # an enum class
                table = {member: hook(member) for member in members}
                if not all(type(value) is int or _plain_string(value) for value in table.values()):
                    table = None
            except (TypeError, ValueError):
                table = None
            self._enum_datas[cls] = table
        return self._enum_datas[cls]

    def _compile_joined_writer(self, cls: type) -> Callable[[object], str]:
        fields = [field for field in attrs.fields(cls) if field.init]
        hints = typing.get_type_hints(cls)
        namespace: dict[str, object] = {}
        pieces: list[str] = []
        for number, field in enumerate(fields):
            key = ("{" if number == 0 else ", ") + encode(field.name) + ": "
            pieces += [repr(key), self._trusted_text(hints[field.name], f"x.{field.name}", namespace,
                                                     f"f{number}")]
        pieces.append(repr("}") if fields else repr("{}"))
        # One join of every piece: no intermediate strings, no check of a type.
        lines = ["def write(x):", f"    return ''.join(({', '.join(pieces)},))"]
        write: Callable[[object], str] = _define("write", lines, namespace, cls)
        return write

    def _trusted_text(self, hint: object, src: str, namespace: dict[str, object], key: str) -> str:
        """An expression for the JSON text of ``src`` (an expression without side effects, which
        may be evaluated twice), known to hold a value of type ``hint``."""
        if hint in self._cached:
            namespace[f"{key}_write"] = self._cached_writer(hint)
            return f"{key}_write({src})"
        kind = self._kind(hint)
        if kind == "int":
            namespace["_int_text"] = _INT_TEXTS.__getitem__
            return f"_int_text({src})"
        if kind == "bool":
            return f"('true' if {src} else 'false')"
        if kind == "str":
            namespace["_encode"] = encode
            return f"_encode({src})"
        if kind == "literal":
            namespace[f"{key}_text"] = {choice: encode(choice) for choice in typing.get_args(hint)}
            return f"{key}_text[{src}]"
        if kind == "enum":
            assert isinstance(hint, type)
            texts = self._enum_text(hint)
            if texts is not None:
                namespace[f"{key}_text"] = texts
                return f"{key}_text[{src}]"
        if kind == "optional":
            inner = self._trusted_text(_optional_of(hint), src, namespace, key)
            return f"('null' if {src} is None else {inner})"
        if kind == "tuple":
            return self._trusted_tuple(hint, src, namespace, key)
        if kind == "attrs":
            assert isinstance(hint, type)
            write = self.trusted_writer(hint)
            if write is not None:
                namespace[f"{key}_write"] = write
                return f"{key}_write({src})"
        if typing.get_origin(hint) is frozenset:
            # A game's own hook for a set (Mille Bornes' sets of cards): few sets recur, each the
            # same text, so the text of each set met is kept (all of one declared type here).
            namespace[f"{key}_text"] = _set_texts(self._converter.get_unstructure_hook(hint))
            return f"{key}_text({src})"
        namespace[f"{key}_hook"] = self._converter.get_unstructure_hook(hint)
        namespace["_encode"] = encode
        return f"_encode({key}_hook({src}))"

    def _trusted_tuple(self, hint: object, src: str, namespace: dict[str, object], key: str) -> str:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            kind = self._kind(item)
            if kind == "int":
                namespace["_int_text"] = _INT_TEXTS.__getitem__
                return f"'[' + ', '.join(map(_int_text, {src})) + ']'"
            if kind == "enum":
                assert isinstance(item, type)
                texts = self._enum_text(item)
                if texts is not None:
                    namespace[f"{key}_text"] = texts.__getitem__
                    return f"'[' + ', '.join(map({key}_text, {src})) + ']'"
            namespace[f"{key}_item"] = self._trusted_item_writer(item)
            return f"'[' + ', '.join(map({key}_item, {src})) + ']'"
        items = " + ', ' + ".join(
            self._trusted_text(arg, f"{src}[{number}]", namespace, f"{key}_{number}")
            for number, arg in enumerate(args))
        return f"'[' + {items} + ']'" if args else "'[]'"

    def _trusted_item_writer(self, hint: object) -> Callable[[object], str]:
        """A function that writes one value known to be of type ``hint``."""
        if hint not in self._cached and self._kind(hint) == "attrs":
            assert isinstance(hint, type)
            write = self.trusted_writer(hint)
            if write is not None:
                return write
        namespace: dict[str, object] = {}
        lines = ["def write(x):", f"    return {self._trusted_text(hint, 'x', namespace, 'i')}"]
        item: Callable[[object], str] = _define("write", lines, namespace, hint)
        return item

    def _write_lines(self, hint: object, src: str, dst: str, namespace: dict[str, object],
                     key: str, *, cached: bool = True) -> list[str]:
        """Lines that set ``dst`` to the JSON text of the value in ``src`` of type ``hint``."""
        if cached and hint in self._cached:
            namespace[f"{key}_write"] = self._cached_writer(hint)
            return [f"{dst} = {key}_write({src})"]
        kind = self._kind(hint)
        if kind in ("int", "bool", "str"):
            return _scalar_write(kind, src, dst, namespace)
        if kind == "literal":
            namespace[f"{key}_text"] = {choice: encode(choice) for choice in typing.get_args(hint)}
            return [f"if {src}.__class__ is not str: raise _F", f"{dst} = {key}_text[{src}]"]
        if kind == "enum":
            assert isinstance(hint, type)
            texts = self._enum_text(hint)
            if texts is not None:
                namespace[f"{key}_cls"], namespace[f"{key}_text"] = hint, texts
                return [f"if {src}.__class__ is not {key}_cls: raise _F", f"{dst} = {key}_text[{src}]"]
        if kind == "optional":
            inner = self._write_lines(_optional_of(hint), src, dst, namespace, key)
            return [f"if {src} is None: {dst} = 'null'", "else:", *("    " + line for line in inner)]
        if kind == "tuple":
            return self._write_tuple(hint, src, dst, namespace, key)
        if kind == "attrs":
            assert isinstance(hint, type)
            write = self.writer(hint)
            if write is not None:
                namespace[f"{key}_write"] = write
                return [f"{dst} = {key}_write({src})"]
        namespace[f"{key}_hook"] = self._converter.get_unstructure_hook(hint)
        namespace["_encode"] = encode
        return [f"{dst} = _encode({key}_hook({src}))"]

    def _write_tuple(self, hint: object, src: str, dst: str, namespace: dict[str, object],
                     key: str) -> list[str]:
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            check = f"if {src}.__class__ is not tuple"
            one_type = self._one_type(item)
            if one_type is int and self._kind(item) == "int":
                namespace["_int_text"], namespace["_INT"] = _INT_TEXTS.__getitem__, frozenset((int,))
                return [f"{check} or not _INT.issuperset(map(type, {src})): raise _F",
                        f"{dst} = '[' + ', '.join(map(_int_text, {src})) + ']'"]
            if one_type is not None and self._kind(item) == "enum":
                assert isinstance(item, type)
                texts = self._enum_text(item)
                if texts is not None:
                    namespace[f"{key}_only"], namespace[f"{key}_text"] = frozenset((item,)), texts
                    return [f"{check} or not {key}_only.issuperset(map(type, {src})): raise _F",
                            f"{dst} = '[' + ', '.join(map({key}_text.__getitem__, {src})) + ']'"]
            namespace[f"{key}_item"] = self._item_writer(item)
            return [f"{check}: raise _F", f"{dst} = '[' + ', '.join(map({key}_item, {src})) + ']'"]
        lines = [f"if {src}.__class__ is not tuple or len({src}) != {len(args)}: raise _F"]
        if args and all(self._kind(arg) == "int" for arg in args):
            namespace["_int_text"], namespace["_INT"] = _INT_TEXTS.__getitem__, frozenset((int,))
            return [*lines, f"if not _INT.issuperset(map(type, {src})): raise _F",
                    f"{dst} = '[' + ', '.join(map(_int_text, {src})) + ']'"]
        # Each element written in line (a fixed tuple is short: The Game's four piles).
        for number, arg in enumerate(args):
            lines.append(f"{src}_{number} = {src}[{number}]")
            lines.extend(self._write_lines(arg, f"{src}_{number}", f"{dst}_{number}", namespace,
                                           f"{key}_{number}"))
        items = " + ', ' + ".join(f"{dst}_{number}" for number in range(len(args)))
        return [*lines, f"{dst} = '[' + {items} + ']'"]

    def _cached_writer(self, cls: type) -> Callable[[object], str]:
        """A writer of ``cls`` that keeps the text of the last values it wrote."""
        if cls not in self._text_caches:
            self._text_caches[cls] = _text_cache(self._item_writer(cls, cached=False))
        return self._text_caches[cls]

    def _item_writer(self, hint: object, *, cached: bool = True) -> Callable[[object], str]:
        """A function that writes one value of type ``hint``."""
        if cached and hint in self._cached:
            assert isinstance(hint, type)
            return self._cached_writer(hint)
        if self._kind(hint) == "attrs":
            assert isinstance(hint, type)
            write = self.writer(hint)
            if write is not None:
                return write
        namespace: dict[str, object] = {"_F": Fallback}
        body = self._write_lines(hint, "x", "t", namespace, "i", cached=cached)
        lines = ["def write(x):", *("    " + line for line in body),
                 "    return t"]
        item: Callable[[object], str] = _define("write", lines, namespace, hint)
        return item

    def _enum_text(self, cls: type) -> dict[object, str] | None:
        """Each member's JSON text, as the converter writes it."""
        if cls not in self._enum_texts:
            hook = self._converter.get_unstructure_hook(cls)
            try:
                members: list[object] = list(cls)  # type: ignore[call-overload]  # an enum class
                self._enum_texts[cls] = {member: encode(hook(member)) for member in members}
            except (TypeError, ValueError):
                self._enum_texts[cls] = None
        return self._enum_texts[cls]

    # --- readers ----------------------------------------------------------------------------------

    def _shared_reader(self, cls: type, read: Callable[..., object]) -> Callable[[object], object]:
        """``read``, handing out the value read before from equal data (see :meth:`share_values_of`)."""
        values: dict[object, object] = {}
        key_of = _DUMPS if _DUMPS is not None else repr  # either tells apart 1, 1.0 and True

        def shared(data: object) -> object:
            key = key_of(data)
            value = values.get(key)
            if value is None:
                value = read(data)
                if len(values) >= _SHARED_KEPT:
                    values.clear()
                values[key] = value
            return value

        return shared

    def reader(self, cls: type) -> Callable[..., object] | None:
        """The compiled reader of attrs class ``cls`` (the value of parsed JSON ``data``;
        ``Fallback``, or the ``KeyError`` or ``TypeError`` of a name it does not know, when it
        cannot vouch for it), or ``None``.

        A reader takes a second, optional argument: the value of the class's first field, already
        read (``from_json`` reads a game's rules once per rules text), left out of ``data``.
        """
        return _once(self._readers, cls, self._compile_reader)

    def _compile_reader(self, cls: type) -> Callable[..., object] | None:
        if not self._native_class(cls):
            return None
        fields = [field for field in attrs.fields(cls) if field.init]
        if any(field.converter is not None for field in fields):
            return None
        hints = typing.get_type_hints(cls)
        names = [field.name for field in fields]
        if not names:
            return None
        # The fields are taken from the dict's values in one unpacking, so the keys must be exactly
        # the fields in the order to_json writes them (any other order: the detailed path reads it).
        namespace: dict[str, object] = {"_cls": cls, "_F": Fallback, "_NOTHING": _NOTHING,
                                        "_order": tuple(names), "_rest": tuple(names[1:])}
        everything = "".join(f"v{number}, " for number in range(len(names)))
        rest = "".join(f"v{number}, " for number in range(1, len(names)))
        lines = ["def read(d, first=_NOTHING):",
                 "    if d.__class__ is not dict: raise _F",
                 "    if first is _NOTHING:",
                 "        if tuple(d) != _order: raise _F",
                 f"        {everything}= d.values()"]
        first_lines = self._read_lines(hints[names[0]], "v0", "r0", namespace, "f0")
        lines.extend("        " + line for line in first_lines)
        lines += ["    else:", "        if tuple(d) != _rest: raise _F"]
        lines += [f"        {rest}= d.values()"] if rest else []
        lines += ["        r0 = first"]
        for number, name in enumerate(names[1:], start=1):
            field_lines = self._read_lines(hints[name], f"v{number}", f"r{number}", namespace, f"f{number}")
            lines.extend("    " + line for line in field_lines)
        if _plain_init(cls):
            # No validator, converter or post-init: fill the slots directly (cardrules.slots says why).
            namespace["_new"] = object.__new__
            lines.append("    o = _new(_cls)")
            for number, name in enumerate(names):
                namespace[f"_set{number}"] = cls.__dict__[name].__set__
                lines.append(f"    _set{number}(o, r{number})")
            for field in attrs.fields(cls):
                if not field.init:  # set to its default, as __init__ sets it (_plain_init made sure)
                    namespace[f"_set_{field.name}"] = cls.__dict__[field.name].__set__
                    namespace[f"_default_{field.name}"] = field.default
                    lines.append(f"    _set_{field.name}(o, _default_{field.name})")
            lines.append("    return o")
        else:
            arguments = ", ".join(f"{field.alias}=r{number}" for number, field in enumerate(fields))
            lines.append(f"    return _cls({arguments})")
        read: Callable[..., object] = _define("read", lines, namespace, cls)
        return read

    def _read_lines(self, hint: object, src: str, dst: str, namespace: dict[str, object],
                    key: str) -> list[str]:
        """Lines that set ``dst`` to the value of type ``hint`` read from the JSON data in ``src``."""
        kind = self._kind(hint)
        if kind in ("int", "bool", "str"):
            return [f"if {src}.__class__ is not {kind}: raise _F", f"{dst} = {src}"]
        if kind == "literal":
            namespace[f"{key}_choices"] = frozenset(typing.get_args(hint))
            return [f"if {src}.__class__ is not str or {src} not in {key}_choices: raise _F",
                    f"{dst} = {src}"]
        if kind == "enum":
            assert isinstance(hint, type)
            table = self._enum_value(hint)
            if table is not None:
                namespace[f"{key}_type"], namespace[f"{key}_of"] = table
                if table[0] is str:  # only a str equals a key: anything else is a KeyError
                    return [f"{dst} = {key}_of[{src}]"]
                return [f"if {src}.__class__ is not {key}_type: raise _F", f"{dst} = {key}_of[{src}]"]
        if kind == "optional":
            inner = self._read_lines(_optional_of(hint), src, dst, namespace, key)
            return [f"if {src} is None: {dst} = None", "else:", *("    " + line for line in inner)]
        if kind == "tuple":
            return self._read_tuple(hint, src, dst, namespace, key)
        if kind == "attrs":
            assert isinstance(hint, type)
            read = self.reader(hint)
            if read is not None:
                namespace[f"{key}_read"] = self._shared_reader(hint, read) if hint in self._shared else read
                return [f"{dst} = {key}_read({src})"]
        if typing.get_origin(hint) is frozenset:
            namespace[f"{key}_read"] = _set_values(self._converter.get_structure_hook(hint), hint)
            return [f"{dst} = {key}_read({src})"]
        namespace[f"{key}_hook"] = self._converter.get_structure_hook(hint)
        namespace[f"{key}_hint"] = hint
        return [f"{dst} = {key}_hook({src}, {key}_hint)"]

    def _read_tuple(self, hint: object, src: str, dst: str, namespace: dict[str, object],
                    key: str) -> list[str]:
        args = typing.get_args(hint)
        nested = self._lists_of_scalars(hint)
        if nested is not None:
            # Lists of lists of numbers (The Game's piles and hands) read in line: two C-level type
            # checks over all of them, then one tuple per list.
            namespace["_LIST"], namespace["_chain"] = frozenset((list,)), itertools.chain.from_iterable
            namespace[f"{key}_only"] = frozenset((nested,))
            size = "" if args[-1] is Ellipsis else f" or len({src}) != {len(args)}"
            return [f"if {src}.__class__ is not list{size}: raise _F",
                    f"if not _LIST.issuperset(map(type, {src})): raise _F",
                    f"if not {key}_only.issuperset(map(type, _chain({src}))): raise _F",
                    f"{dst} = tuple(map(tuple, {src}))"]
        if len(args) == 2 and args[1] is Ellipsis:
            item = args[0]
            check = f"if {src}.__class__ is not list"
            one_type = self._one_type(item)
            if one_type is not None and self._kind(item) in ("int", "bool", "str"):
                namespace[f"{key}_only"] = frozenset((one_type,))
                return [f"{check} or not {key}_only.issuperset(map(type, {src})): raise _F",
                        f"{dst} = tuple({src})"]
            if one_type is not None and self._kind(item) == "enum":
                assert isinstance(item, type)
                table = self._enum_value(item)
                if table is not None and table[0] is str:
                    # Only a str equals a key of the table: any other item is a KeyError (or, not
                    # hashable, a TypeError), so the items need no check of their type.
                    namespace[f"{key}_of"] = table[1]
                    return [f"{check}: raise _F", f"{dst} = tuple(map({key}_of.__getitem__, {src}))"]
                if table is not None:
                    namespace[f"{key}_only"], namespace[f"{key}_of"] = frozenset((table[0],)), table[1]
                    return [f"{check} or not {key}_only.issuperset(map(type, {src})): raise _F",
                            f"{dst} = tuple(map({key}_of.__getitem__, {src}))"]
            namespace[f"{key}_item"] = self._item_reader(item)
            return [f"{check}: raise _F", f"{dst} = tuple(map({key}_item, {src}))"]
        lines = [f"if {src}.__class__ is not list or len({src}) != {len(args)}: raise _F"]
        if args and all(self._one_type(arg) is int and self._kind(arg) == "int" for arg in args):
            namespace["_INT"] = frozenset((int,))
            return [*lines, f"if not _INT.issuperset(map(type, {src})): raise _F", f"{dst} = tuple({src})"]
        readers = [self._item_reader(arg) for arg in args]
        for number, read in enumerate(readers):
            namespace[f"{key}_{number}"] = read
        items = ", ".join(f"{key}_{number}({src}[{number}])" for number in range(len(args)))
        return [*lines, f"{dst} = ({items},)"]

    def _lists_of_scalars(self, hint: object) -> type | None:
        """For a tuple (``tuple[X, ...]`` or fixed) whose every item is a ``tuple[S, ...]`` of one
        scalar type ``S`` (``int``, ``bool`` or ``str``), that type; else ``None``."""
        args = typing.get_args(hint)
        items = args[:1] if len(args) == 2 and args[1] is Ellipsis else args
        found = set()
        for item in items:
            inner = typing.get_args(item)
            if (self._kind(item) != "tuple" or len(inner) != 2 or inner[1] is not Ellipsis
                    or self._kind(inner[0]) not in ("int", "bool", "str")):
                return None
            found.add(self._one_type(inner[0]))
        return found.pop() if len(found) == 1 else None

    def _item_reader(self, hint: object) -> Callable[[object], object]:
        """A function that reads one value of type ``hint``."""
        if self._kind(hint) == "attrs":
            assert isinstance(hint, type)
            read = self.reader(hint)
            if read is not None:
                return self._shared_reader(hint, read) if hint in self._shared else read
        namespace: dict[str, object] = {"_F": Fallback}
        body = self._read_lines(hint, "v", "r", namespace, "i")
        lines = ["def read(v):", *("    " + line for line in body), "    return r"]
        item: Callable[[object], object] = _define("read", lines, namespace, hint)
        return item

    def _enum_value(self, cls: type) -> tuple[type, dict[object, object]] | None:
        """The JSON type of ``cls``'s members and the member of each JSON value, as the converter
        reads them; ``None`` unless every member is written as a distinct value of one JSON type
        (a string or a whole number) that the converter reads back as that member."""
        if cls not in self._enum_values:
            table = None
            try:
                write = self._converter.get_unstructure_hook(cls)
                read = self._converter.get_structure_hook(cls)
                members: list[object] = list(cls)  # type: ignore[call-overload]  # an enum class
                values = {write(member): member for member in members}
                kinds = {type(value) for value in values}
                if (len(values) == len(members) and len(kinds) == 1 and kinds <= {str, int}
                        and all(read(value, cls) is member for value, member in values.items())):
                    table = (kinds.pop(), values)
            except Exception:
                table = None
            self._enum_values[cls] = table
        return self._enum_values[cls]

    # --- types ------------------------------------------------------------------------------------

    def _kind(self, hint: object) -> str:
        """How the compiler handles ``hint``: a native kind, or ``hook`` (the converter's hook)."""
        if self._customized(hint):
            return "enum" if isinstance(hint, type) and issubclass(hint, enum.Enum) else "hook"
        if hint in _SCALARS:
            return _SCALARS[hint]
        origin = typing.get_origin(hint)
        if origin is Literal:
            return "literal" if all(type(arg) is str for arg in typing.get_args(hint)) else "hook"
        if origin is tuple:
            return "tuple" if typing.get_args(hint) else "hook"
        if origin in (types.UnionType, typing.Union):
            return "optional" if _optional_of(hint) is not None else "hook"
        if isinstance(hint, type) and issubclass(hint, enum.Enum):
            return "enum"
        if isinstance(hint, type) and attrs.has(hint):
            return "attrs"
        return "hook"

    def _one_type(self, hint: object) -> type | None:
        """The one Python type every value of ``hint`` has, for a scalar or an enum."""
        kind = self._kind(hint)
        if kind in ("int", "bool", "str", "enum"):
            assert isinstance(hint, type)
            return hint
        return None

    def _native_class(self, cls: type) -> bool:
        """Whether ``cls`` is an attrs class the converter reads and writes in the shared way:
        nobody customized it, and its fields are public (their JSON keys are their names)."""
        if not attrs.has(cls) or self._customized(cls):
            return False
        return all(field.alias == field.name for field in attrs.fields(cls) if field.init)


K = TypeVar("K")
F = TypeVar("F")


def _once(memo: dict[K, F | None], cls: K, compile_for: Callable[[K], F | None]) -> F | None:
    """``compile_for(cls)``, worked out once and kept in ``memo``. While it is worked out, ``cls``
    maps to ``None``: a class that holds itself meets ``None`` there, and stays uncompiled."""
    if cls not in memo:
        memo[cls] = None
        memo[cls] = compile_for(cls)
    return memo[cls]


def _scalar_write(kind: str, src: str, dst: str, namespace: dict[str, object]) -> list[str]:
    if kind == "int":
        namespace["_int_text"] = _INT_TEXTS.__getitem__
        return [f"if {src}.__class__ is not int: raise _F", f"{dst} = _int_text({src})"]
    if kind == "bool":
        return [f"if {src} is True: {dst} = 'true'", f"elif {src} is False: {dst} = 'false'",
                "else: raise _F"]
    namespace["_encode"] = encode
    return [f"if {src}.__class__ is not str: raise _F", f"{dst} = _encode({src})"]


def _optional_of(hint: object) -> object | None:
    """``X`` for a hint ``X | None``; else ``None``."""
    args: tuple[object, ...] = typing.get_args(hint)
    if len(args) == 2 and type(None) in args:
        return args[0] if args[1] is type(None) else args[1]
    return None


def _plain_init(cls: type) -> bool:
    """Whether attrs' ``__init__`` of ``cls`` does nothing but set every field (so filling the slots
    directly builds the same value)."""
    fields = attrs.fields(cls)
    slots = {slot for kind in cls.__mro__ for slot in kind.__dict__.get("__slots__", ())}
    return (
        all(field.validator is None and field.converter is None for field in fields)
        # A field outside __init__ takes a plain default (no factory, which could depend on self).
        and all(field.init or _plain_default(field.default) for field in fields)
        and not hasattr(cls, "__attrs_post_init__")
        and not hasattr(cls, "__attrs_pre_init__")
        # Every slot is a field (nothing else, such as a cached hash, for __init__ to set).
        and slots <= {field.name for field in fields} | {"__weakref__"}
        and all(isinstance(cls.__dict__.get(field.name), types.MemberDescriptorType) for field in fields)
    )


def _define(name: str, lines: list[str], namespace: dict[str, object], what: object) -> Callable[..., Any]:
    """The function ``name`` defined by the source ``lines`` (generated from type hints) in
    ``namespace``. (``Any``: what the generated function returns is declared by its caller.)"""
    source = "\n".join(lines)
    filename = f"<cardrules fast JSON {getattr(what, '__qualname__', what)}>"
    exec(compile(source, filename, "exec"), namespace)
    function = namespace[name]
    assert callable(function)
    return function


def _text_cache(write: Callable[[object], str], size: int = 64) -> Callable[[object], str]:
    """``write``, remembering the text of the last ``size`` values it wrote (by identity: each
    value is kept alive while cached, so its ``id`` cannot be reused meanwhile)."""
    texts: dict[int, tuple[object, str]] = {}

    def cached(value: object) -> str:
        found = texts.get(id(value))
        if found is not None and found[0] is value:
            return found[1]
        text = write(value)
        if len(texts) >= size:
            texts.clear()
        texts[id(value)] = (value, text)
        return text

    return cached


def _plain_string(value: object) -> bool:
    """Whether ``value`` is a string that ``orjson`` and ``json`` write alike and that holds no
    separator (printable ASCII but for a quote, a backslash, a comma or a colon)."""
    return (type(value) is str and value.isascii() and value.isprintable()
            and not any(mark in value for mark in '"\\,:'))


def _set_texts(hook: Callable[[Any], object], size: int = 256) -> Callable[[frozenset[object]], str]:
    """The JSON text of a set as ``hook`` writes it, kept for each set met (by value: equal sets of
    one declared item type are written alike)."""
    texts: dict[frozenset[object], str] = {}

    def text(value: frozenset[object]) -> str:
        found = texts.get(value)
        if found is None:
            found = encode(hook(value))
            if len(texts) >= size:
                texts.clear()
            texts[value] = found
        return found

    return text


_ONLY_STR = frozenset((str,))


def _set_values(hook: Callable[[object, object], object], hint: object,
                size: int = 256) -> Callable[[object], object]:
    """``hook(data, hint)`` for a game's own hook that reads a set from a list (Mille Bornes' sets
    of cards), keeping the set read from each list of names met: few recur, and a set is frozen."""
    values: dict[tuple[object, ...], object] = {}

    def read(data: object) -> object:
        # Only names are kept: equal lists of strings are the same data, whereas 1, 1.0 and True
        # are equal keys that a hook may read differently.
        if data.__class__ is not list or not _ONLY_STR.issuperset(map(type, data)):
            return hook(data, hint)
        key = tuple(data)
        found = values.get(key)
        if found is None:
            found = hook(data, hint)
            if len(values) >= size:
                values.clear()
            values[key] = found
        return found

    return read


def _plain_default(default: object) -> bool:
    """Whether a field's ``default`` is a plain immutable value (not missing, not a factory), which
    every record may share."""
    return default is None or type(default) in (bool, int, str)
