"""The server's protocol, version 1: the JSON messages of the HTTP API and the WebSocket, built and read.

Every message a client sends is read here and either becomes one of :data:`ClientMessage` or
raises :class:`ProtocolError` with the code the client gets back (``bad_message``, ``too_big``,
``protocol``). Every frame the server sends is built here from values that are already safe to
show the socket's seat: this module never sees a full state. ``docs/server-protocol.md`` is the
description for client writers.

>>> parse_client('{"type": "move", "index": 3}', max_bytes=4096)
Move(index=3, notation=None)
>>> parse_client('{"type": "dance"}', max_bytes=4096)
Traceback (most recent call last):
...
cardrules.server.protocol.ProtocolError: bad_message: unknown message type 'dance'
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeAlias

import attrs

from cardrules.arguments import shown
from cardrules.errors import CardrulesError
from cardrules.i18n import LANGUAGES, Lang

__all__ = [
    "MAX_BODY_BYTES",
    "MAX_NOTATION_CHARS",
    "MAX_TOKEN_CHARS",
    "PROTOCOL",
    "ClientMessage",
    "CreateRoom",
    "Hello",
    "Move",
    "Ping",
    "ProtocolError",
    "error",
    "frame",
    "parse_client",
    "parse_create",
    "parse_name",
]

PROTOCOL = 1
"""The protocol's version: a client says which it speaks in its ``hello``; the server speaks this one."""

MAX_BODY_BYTES = 65536
"""The largest HTTP request body the API reads (a room's rules as JSON are about 1 KB)."""

MAX_TOKEN_CHARS = 100
"""A seat token is 43 characters; anything much longer is not one."""

MAX_NOTATION_CHARS = 200
"""A move's notation is a few words; a longer text is refused before the game reads it."""


class ProtocolError(CardrulesError):
    """A message the server cannot take: ``code`` is the protocol's error code, ``message`` says why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@attrs.frozen
class Hello:
    """The first message of a socket: the protocol it speaks, its seat's token (``None`` watches)
    and its language."""

    protocol: int
    token: str | None
    lang: Lang


@attrs.frozen
class Move:
    """A seat's answer: an index into its choices, or a move's notation (exactly one of them)."""

    index: int | None
    notation: str | None


@attrs.frozen
class Ping:
    """A client checking that the socket is alive; the server answers ``pong``."""


ClientMessage: TypeAlias = Hello | Move | Ping


def _object(data: str | bytes, max_bytes: int) -> dict[str, Any]:
    size = len(data.encode() if isinstance(data, str) else data)
    if size > max_bytes:
        raise ProtocolError("too_big", f"a message has at most {max_bytes} bytes, not {size}")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_message", "a message is a JSON object") from None
    if not isinstance(value, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    return value


def _whole(value: object) -> bool:
    return type(value) is int


def parse_client(data: str | bytes, *, max_bytes: int) -> ClientMessage:
    """The client message ``data`` holds; unknown fields are ignored, anything else wrong raises
    :class:`ProtocolError`.

    >>> parse_client('{"type": "hello", "protocol": 1, "token": null, "lang": "fr"}', max_bytes=4096)
    Hello(protocol=1, token=None, lang='fr')
    >>> parse_client('{"type": "move", "index": 1, "notation": "x"}', max_bytes=4096)
    Traceback (most recent call last):
    ...
    cardrules.server.protocol.ProtocolError: bad_message: a move has an index or a notation, not both
    """
    message = _object(data, max_bytes)
    kind = message.get("type")
    if kind == "move":
        index, notation = message.get("index"), message.get("notation")
        if index is not None and notation is not None:
            raise ProtocolError("bad_message", "a move has an index or a notation, not both")
        if index is not None:
            if not _whole(index):
                raise ProtocolError("bad_message", f"a move's index is a whole number, not {shown(index)}")
            return Move(index, None)
        if notation is not None:
            if not isinstance(notation, str) or len(notation) > MAX_NOTATION_CHARS:
                raise ProtocolError("bad_message",
                                    f"a move's notation is text of at most {MAX_NOTATION_CHARS} characters")
            return Move(None, notation)
        raise ProtocolError("bad_message", "a move has an index or a notation")
    if kind == "ping":
        return Ping()
    if kind == "hello":
        return _hello(message)
    raise ProtocolError("bad_message", f"unknown message type {shown(kind)}")


def _hello(message: Mapping[str, object]) -> Hello:
    protocol = message.get("protocol")
    if protocol != PROTOCOL or not _whole(protocol):
        raise ProtocolError("protocol", f"this server speaks protocol {PROTOCOL}, not {shown(protocol)}")
    token = message.get("token")
    if token is not None and (not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS):
        raise ProtocolError("bad_message", "a hello's token is a seat's token or null")
    lang = message.get("lang", "en")
    if lang not in LANGUAGES:
        raise ProtocolError("bad_message", f"lang is one of {', '.join(LANGUAGES)}, not {shown(lang)}")
    return Hello(PROTOCOL, token, lang)


@attrs.frozen
class CreateRoom:
    """What ``POST /api/v1/rooms`` asks for: a game, its rules (players, a preset, or the rules'
    JSON fields), which seats are bots and by what spec, and the deal's seed (``None``: the server
    draws one)."""

    game: str
    players: int | None
    preset: str | None
    rules: Mapping[str, object] | None
    bots: Mapping[int, str]
    seed: int | None


def _body(data: bytes) -> dict[str, Any]:
    if len(data) > MAX_BODY_BYTES:
        raise ProtocolError("bad_request", f"a request body has at most {MAX_BODY_BYTES} bytes")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):
        raise ProtocolError("bad_request", "the request body is a JSON object") from None
    if not isinstance(value, dict):
        raise ProtocolError("bad_request", "the request body is a JSON object")
    return value


def parse_create(data: bytes) -> CreateRoom:
    """The room a ``POST /api/v1/rooms`` body asks for, its shape checked (the game checks the rest).

    >>> parse_create(b'{"game": "the-game", "players": 2, "bots": {"1": "greedy"}}').bots
    {1: 'greedy'}
    """
    body = _body(data)
    game, players, preset = body.get("game"), body.get("players"), body.get("preset")
    rules, bots, seed = body.get("rules"), body.get("bots", {}), body.get("seed")
    if not isinstance(game, str):
        raise ProtocolError("bad_request", "name the game: {\"game\": \"the-game\", ...}")
    if players is not None and not (_whole(players) and 1 <= players <= 64):
        raise ProtocolError("bad_request", f"players is a whole number of seats, not {shown(players)}")
    if preset is not None and not isinstance(preset, str):
        raise ProtocolError("bad_request", f"preset is the name of a preset, not {shown(preset)}")
    if rules is not None and not isinstance(rules, dict):
        raise ProtocolError("bad_request", "rules is a JSON object of the rules' fields")
    if not isinstance(bots, dict):
        raise ProtocolError("bad_request", "bots maps seats (\"1\") to bot names (\"greedy\")")
    seats: dict[int, str] = {}
    for seat, spec in bots.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) <= 3):
            raise ProtocolError("bad_request", f"a bot's seat is a seat number, not {shown(seat)}")
        if not isinstance(spec, str) or len(spec) > MAX_NOTATION_CHARS:
            raise ProtocolError("bad_request", f"a bot is named by text, not {shown(spec)}")
        seats[int(seat)] = spec
    if seed is not None and not (_whole(seed) and 0 <= seed < 2 ** 63):
        raise ProtocolError("bad_request", f"seed is a whole number from 0 to 2**63 - 1, not {shown(seed)}")
    return CreateRoom(game, players, preset, rules, seats, seed)


def parse_name(data: bytes) -> object:
    """The ``name`` of a ``POST /api/v1/rooms/{id}/seats/{seat}`` body (checked by
    :func:`~cardrules.server.limits.check_name`)."""
    return _body(data).get("name")


def frame(kind: str, **fields: object) -> str:
    """A server message of type ``kind`` as JSON text.

    >>> frame("pong")
    '{"type": "pong"}'
    """
    return json.dumps({"type": kind, **fields}, ensure_ascii=False)


def error(code: str, message: str) -> str:
    """An ``error`` message: ``code`` for programs, ``message`` for people.

    >>> error("not_your_turn", "it is seat 1's turn")
    '{"type": "error", "code": "not_your_turn", "message": "it is seat 1\\'s turn"}'
    """
    return frame("error", code=code, message=message)
